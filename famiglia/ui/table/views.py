"""What the table's helpers may read of the table scene: narrow, read-only views (Protocols).

Each helper module says in a Protocol of its own what it needs of the scene (the gestures'
:class:`~.gestures.GestureHost`, the renderer's :class:`~.render.RenderHost`, the coach's
:class:`~famiglia.ui.tutorial.coach.PointerHost` …), built on :class:`TableLook` here: a helper
never holds the scene itself, nor reaches through it into one of its parts.  The parts a
helper works with for good (the picture of the cards, the gestures, the card art) are handed
to it when it is made; :class:`~.state.TableState` answers the rest, so an internal of the
scene can move without a helper noticing, and mypy checks that the scene still offers every
view.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from ...rules import Game
    from ..theme import Theme
    from .layout import TableFrame


class TableLook(Protocol):
    """What every helper that draws on the table reads: the words' theme, the table's
    regions at the window's size, whether the cards are still moving and whether the table
    is the top scene (no overlay over it)."""

    @property
    def theme(self) -> Theme: ...

    @property
    def frame(self) -> TableFrame: ...

    @property
    def busy(self) -> bool: ...

    @property
    def on_top(self) -> bool: ...


class StreetLook(TableLook, Protocol):
    """The Street's marks as the status last took them: the positions the person at the
    bottom can take now (R3.4a), the ids of the cards this turn's refreshes drew (R3.1d)."""

    @property
    def takeable(self) -> Set[int]: ...

    @property
    def fresh(self) -> Set[int]: ...


class PlayLook(Protocol):
    """The game on the table and who sits where: the game, the seat whose hand faces the
    player, the players' names, and whether that person may act now."""

    @property
    def game(self) -> Game: ...

    @property
    def bottom(self) -> int: ...

    @property
    def names(self) -> tuple[str, str]: ...

    @property
    def can_act(self) -> bool: ...


class PassLook(Protocol):
    """Where the Pass button is (a hint or the coach outlines it)."""

    @property
    def pass_rect(self) -> pygame.Rect: ...
