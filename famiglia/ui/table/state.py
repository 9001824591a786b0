"""The table scene's state as its parts ask about it, and what its status panel shows of it:
whose hand faces the player, whether a person is to move, whether the cards are still moving,
whether the person at the bottom may act now, the other side's last move, the computer seat
thinking; and, taken from the core whenever the animations rest, what the status panel, the
Street's marks and the Pass button show.

:class:`TableState` is the base of :class:`~famiglia.ui.scenes.table.TableScene`, which sets
up the parts these read: the picture, the flow, the animator, the playback, the log, the
gestures, the renderer and the Pass button.  It answers the table's helpers through their
views (:mod:`.views`: the renderer's, the hints', the coach's …), so that no helper reaches
into one of these parts through the scene: the playback, the log and the animator are made
anew for each position of a replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ...players.seats import Seat, SeatKind
from ...rules import Event, Game, Zone
from ..labels import computer_level
from ..scene import Scene
from .drag import Half, pass_ends_game
from .flow import UNDO_GRACE
from .status import render_status
from .texts import first_pass_note, pass_label, pass_tooltip

if TYPE_CHECKING:
    from ..app import App
    from ..theme import Theme
    from .animator import Animator
    from .assist import Assist
    from .buttons import PassButton
    from .flow import TableFlow
    from .gestures import Gestures
    from .layout import TableFrame
    from .log import LogPanel
    from .picture import TablePicture
    from .playback import EventPlayback
    from .render import TableRenderer


@dataclass(frozen=True)
class StatusShown:
    """What the status panel and the Pass button show, as taken when the animations last
    rested: the game then (a copy), the picture's scores and piles, the takeable count, the
    half-made exchange, the fresh-cards note, whose last move is marked and, after the
    person's pass, how a pass of the other side would end the game (R5.2)."""

    game: Game
    human_to_move: bool
    ends: bool
    scores: tuple[int, int]
    piles: tuple[int, int]
    takeable: int
    half: Half | None
    fresh: bool
    last_mover: str | None
    pass_note: str | None


class TableState(Scene):
    """The state and the status of a table scene; see the module docstring."""

    game: Game
    names: tuple[str, str]
    seats: tuple[Seat, Seat]
    frame: TableFrame
    picture: TablePicture
    flow: TableFlow
    animator: Animator
    playback: EventPlayback
    log: LogPanel
    gestures: Gestures
    renderer: TableRenderer
    pass_button: PassButton
    assist: Assist
    hurry_turn: bool

    def __init__(self, app: App) -> None:
        super().__init__(app)
        # what the status panel, the Street marks and the Pass button show, rebuilt from the
        # core when the animations rest
        self.takeable: set[int] = set()
        self.fresh: set[int] = set()
        self.status_dirty = True
        self.status_surface = pygame.Surface((1, 1), pygame.SRCALPHA)
        #: the moment the status panel shows (taken when the animations rest)
        self._status_shown: StatusShown | None = None
        #: the status panel's step lines, for their hover help
        self.step_rects: list[pygame.Rect] = []

    # ------------------------------------------------------------------ state

    @property
    def bottom(self) -> int:
        """The seat whose hand faces the player."""
        return self.picture.bottom

    @property
    def human_to_move(self) -> bool:
        return self.flow.human_to_move

    @property
    def busy(self) -> bool:
        """Events still playing or cards still flying: input waits."""
        return self.animator.pending or self.picture.moving

    @property
    def now(self) -> float:
        """The app's clock (seconds), current while input is handled."""
        return self.app.time

    @property
    def on_top(self) -> bool:
        return self.app.top is self

    @property
    def can_act(self) -> bool:
        """The player at the bottom may make a move now."""
        return (self.human_to_move and not self.busy and self.on_top
                and self.game.current == self.bottom and not self.flow.awaiting_handover)

    @property
    def caption(self) -> pygame.Surface | None:
        """S4: the Gangster's step caption shown now, if any."""
        return self.playback.caption

    @property
    def last_move_marks(self) -> frozenset[int]:
        """The cards the other side's last turn moved, marked on the table until the person
        at the bottom acts."""
        last = self.playback.last_move
        if last is None or last[0] == self.bottom:
            return frozenset()
        return last[1]

    def seat_title(self, seat: int) -> str:
        """A seat's name as the table shows it beside its cards: a computer's with its
        level ("Computer · Easy")."""
        level = self.seats[seat].level
        if self.seats[seat].kind is SeatKind.COMPUTER and level is not None:
            return _("{name} · {level}").format(name=self.names[seat], level=computer_level(level))
        return self.names[seat]

    @property
    def other_side_playing(self) -> bool:
        """A computer seat or the Gangster is playing its turn (the person waits)."""
        return self.flow.pending and not self.game.is_terminal() and not self.human_to_move

    @property
    def thinking_seat(self) -> int | None:
        """The computer seat working out its move now, or the friend on another computer
        choosing theirs (a quiet sign beside its name says so), or None."""
        game = self.game
        if game.is_terminal() or self.busy or self.human_to_move:
            return None
        kind = self.seats[game.current].kind
        return game.current if kind in (SeatKind.COMPUTER, SeatKind.REMOTE) else None

    # ------------------------------------------------------------------ the helpers' views

    @property
    def theme(self) -> Theme:
        return self.app.theme

    @property
    def pass_rect(self) -> pygame.Rect:
        return self.pass_button.rect

    @property
    def lowered(self) -> Mapping[int, int]:
        """Street card id → the rank this turn's Brute lowered it to (R3.3), as played out."""
        return self.playback.lowered

    @property
    def banner(self) -> pygame.Surface | None:
        """The banner shown now ("Vito passes", the reshuffle, the final round), if any."""
        return self.playback.banner[0] if self.playback.banner is not None else None

    @property
    def caption_texts(self) -> tuple[str, str | None] | None:
        return self.playback.caption_texts

    def caption_width(self) -> int:
        return self.playback.caption_width()

    def caption_panel(self, width: int) -> pygame.Surface | None:
        return self.playback.caption_panel(width)

    @property
    def coming(self) -> Sequence[Event]:
        """The events still to play, in order."""
        return list(self.animator.queue)

    @property
    def log_version(self) -> int:
        return self.log.version

    @property
    def notice_room(self) -> int:
        """The height the app's notices take at the bottom of the side panel (0: none)."""
        return self.app.notices.room(self.app.size)

    @property
    def log_rect(self) -> pygame.Rect:
        """The log's place, above the notices shown."""
        rect = self.log.rect.copy()
        rect.height = max(0, rect.height - self.notice_room)
        return rect

    def give_log_room(self, height: int) -> None:
        """A panel drawn over the top of the log (the coach's tip) takes ``height`` of it, the
        notices their room at its bottom."""
        self.log.give_room(height, self.notice_room)

    def draw_log(self, surface: pygame.Surface) -> None:
        self.log.draw(surface)

    @property
    def awaiting_handover(self) -> bool:
        """Hot-seat: the hand-over screen is still to cover the table before the turn."""
        return self.flow.awaiting_handover

    @property
    def tips_on(self) -> bool:
        """The settings show the coach's tips."""
        return self.app.settings.tips

    def toast(self, message: i18n.MessageLike | str) -> None:
        self.app.toast(message)

    def request_redraw(self) -> None:
        self.app.request_redraw()

    # ------------------------------------------------------------------ what the gestures need

    def hurry(self, *, go_on: bool = False) -> None:
        """The cards in motion land sooner; during the other side's turn, the rest of that
        turn plays hurried up to the person's turn; ``go_on`` (Space, not a click, which may
        be reaching for Undo): the other side no longer waits to move."""
        self.animator.hurry = True
        if self.other_side_playing:
            self.hurry_turn = True
            if go_on:
                self.flow.end_grace()

    def scroll_log(self, pos: tuple[int, int] | None, dy: int) -> None:
        self.log.handle_wheel(self.log.rect.center if pos is None else pos, dy)

    def status_changed(self) -> None:
        self.status_dirty = True

    def note(self, text: str) -> None:
        self.app.toast(text)

    def note_dropped(self, ids: set[int]) -> None:
        self.playback.dropped = set(ids)

    def note_quiet_back(self) -> None:
        self.playback.quiet_back = True

    @property
    def undo_grace(self) -> float:
        """The share of the wait before the other side moves that is left (Undo's bar)."""
        return self.flow.grace_left / UNDO_GRACE

    def wait_reason(self) -> str | None:
        return self.assist.wait_reason()

    # ------------------------------------------------------------------ status

    def _rebuild_status(self) -> None:
        """What the status panel, the Street markers and the Pass button show, taken from the
        core once the animations rest."""
        game = self.game
        self.status_dirty = False
        mine = self.human_to_move and game.current == self.bottom
        self.takeable = set(game.takeable_positions()) if mine else set()
        self.fresh = ({card.id for card in game.street if game.is_fresh(card)}
                      if game.fresh_cards_only else set())
        ends = mine and pass_ends_game(game)
        self.pass_button.danger = ends
        self._status_shown = StatusShown(
            game.copy(), self.human_to_move, ends, self.picture.scores(),
            (len(self.picture.zones[Zone.DRAW_PILE]), len(self.picture.zones[Zone.DISCARD])),
            self.status_takeable(), self.gestures.half,
            bool(self.fresh) and self.person_to_move(),
            self.names[1 - self.bottom] if self.last_move_marks else None,
            first_pass_note(game, self.bottom, self.names)
            if self.seats[self.bottom].is_human else None)
        self._word_status()
        self.gestures.forget_hover()

    def _word_status(self) -> None:
        """Draw the status panel and word the Pass button for the moment the status was last
        taken (a language switch words them again without moving on to a later moment)."""
        shown = self._status_shown
        if shown is None:
            return
        game = shown.game
        self.pass_button.text = pass_label(game, shown.ends, shown.human_to_move)
        self.pass_button.tooltip = pass_tooltip(game, self.names, shown.human_to_move,
                                                shown.ends)
        self.status_surface, self.step_rects = render_status(
            self.frame, self.app.theme, game, names=self.names,
            seats=(self.seats[0].kind, self.seats[1].kind),
            bottom=self.bottom, scores=shown.scores, piles=shown.piles,
            takeable=shown.takeable, half=shown.half, fresh=shown.fresh,
            last_mover=shown.last_mover, titles=(self.seat_title(0), self.seat_title(1)),
            pass_note=shown.pass_note)
        self.renderer.tooltips.step_help.clear()

    def person_to_move(self) -> bool:
        """A person's seat is to move (the status's notes speak to the player to move)."""
        return self.seats[self.game.current].is_human

    def status_takeable(self) -> int:
        """How many Street cards the status panel says can be taken: those the person at the
        bottom can take now (none while another seat plays)."""
        return len(self.takeable)
