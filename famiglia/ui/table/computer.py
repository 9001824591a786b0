"""The computer seat at the table: the search player (``famiglia.players``, IS-MCTS at the
seat's level, R5.4: it never peeks) chooses each action in the :class:`Thinker`'s worker while
the window goes on; each action is announced in plain words (a :class:`Caption` held long
enough to read) before its cards move.

The words of an action are those of the log and the hints (:mod:`.phrases`): "The computer
takes Famiglia 3 with Famiglia 2 and Mercenary 3, keeping Mercenary 3 in the hand."
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...i18n import _
from ...players.seats import ComputerLevel, Seat, SeatKind
from ...rules import (
    Action,
    Event,
    Game,
    Refresh,
    Stage,
    parse_action,
)
from ..labels import computer_level
from .flow import GangsterSeat, SeatController
from .log import aimed_code
from .phrases import Line
from .thinker import Thinker, search_options

#: How long a computer's caption holds the queue before its cards move (seconds at speed 1).
CAPTION_HOLD = 1.3


@dataclass(frozen=True, slots=True)
class Caption(Event):
    """The table's own event (never the core's): a caption over the table, its heading (a
    name and the computer's level) above the action's words, holding the queue for ``hold``
    seconds; worded in the language of the moment it shows.  ``refresh``: the action is a
    refresh (a run of them is told in one caption)."""

    name: str
    line: Line
    level: ComputerLevel | None = None
    hold: float = CAPTION_HOLD
    refresh: bool = False
    type: ClassVar[str] = "caption"

    @property
    def heading(self) -> str:
        if self.level is None:
            return self.name
        return _("{name} · {level}").format(name=self.name, level=computer_level(self.level))

    @property
    def text(self) -> str:
        return self.line.text()


def action_line(game: Game, action: Action, name: str, *, computer: bool = False) -> Line:
    """The caption's words for ``action`` in the position before it (``computer``: say "The
    computer" rather than the name)."""
    acted = game.refreshed_this_turn or game.stage != Stage.REFRESH
    return Line.of("action", name=name, computer=computer, action=str(action),
                   target=aimed_code(action, [card.id for card in game.street]), acted=acted)


class ComputerSeat:
    """A :class:`~famiglia.ui.table.flow.SeatController` for a computer seat: asks the
    thinker for each action of its turn, then applies it with its caption."""

    #: the move is worked out here (in the thinker's worker)
    waiting = False

    def __init__(self, seat: Seat, thinker: Thinker, *, name: str, alone: bool) -> None:
        assert seat.level is not None, "a computer seat has a level"
        self.seat = seat
        self.thinker = thinker
        #: the seat's name; ``alone``: the only computer at the table (its captions then
        #: say "The computer")
        self.name = name
        self.alone = alone
        #: the position the question out is about (see :func:`position_key`)
        self._asked_for: tuple[int, str] | None = None

    @property
    def thinking(self) -> bool:
        return self._asked_for is not None

    def think(self, game: Game) -> None:
        """Start working out the move for ``game`` (once per position)."""
        key = position_key(game)
        if self._asked_for == key and self.thinker.busy:
            return
        self._asked_for = key
        self.thinker.ask(game, search_options(self.seat.level or ComputerLevel.EXPERT,
                                              self.seat.seed))

    def play(self, game: Game) -> list[Event] | None:
        """The move's caption and events once the answer is in, else ``None``."""
        self.think(game)
        notation = self.thinker.poll()
        if notation is None:
            return None
        self._asked_for = None
        action = parse_action(notation)
        caption = Caption(self.name, action_line(game, action, self.name, computer=self.alone),
                          self.seat.level, refresh=isinstance(action, Refresh))
        return [caption, *game.apply(action)]

    def cancel(self) -> None:
        """The position changed under the question (an undo): drop its answer."""
        if self._asked_for is not None:
            self.thinker.cancel()
            self._asked_for = None


def position_key(game: Game) -> tuple[int, str]:
    """Which position a question is about: the number of actions and everything both seats
    know of it (an undo and another move can reach the same number of actions)."""
    return (game.ply(), game.public_fingerprint())


def settle_seats(seats: Sequence[Seat | str]) -> tuple[Seat, Seat]:
    """Two :class:`Seat` values (or their JSON forms, :meth:`Seat.from_dict`); a computer seat
    without a seed gets one now, so that the save and the record keep it."""
    settled = []
    for seat in seats:
        value = seat if isinstance(seat, Seat) else Seat.from_dict(seat)
        if value.kind is SeatKind.COMPUTER and value.seed is None:
            value = Seat.computer(value.level or ComputerLevel.EXPERT, random.randrange(2**31))
        settled.append(value)
    if len(settled) != 2:
        raise ValueError(f"a table has two seats, not {len(settled)}")
    return settled[0], settled[1]


def seat_controllers(seats: Sequence[Seat], names: Sequence[str],
                     thinker: Thinker) -> list[SeatController | None]:
    """Who plays each seat that is not a person: the computer (its captions say "The
    computer" when it plays a person, its name when it plays itself) or the Gangster."""
    computers = sum(seat.kind is SeatKind.COMPUTER for seat in seats)
    controllers: list[SeatController | None] = []
    for index, seat in enumerate(seats):
        if seat.kind is SeatKind.COMPUTER:
            controllers.append(ComputerSeat(seat, thinker, name=names[index],
                                            alone=computers == 1))
        elif seat.kind is SeatKind.GANGSTER:
            controllers.append(GangsterSeat())
        else:
            controllers.append(None)
    if computers:
        thinker.start()
    return controllers
