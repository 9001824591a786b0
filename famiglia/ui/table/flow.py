"""The flow of the game around the moves: who plays each seat, when a seat that is not a
person moves, when the hot-seat hand-over covers the table, and when the results follow.

A seat (:class:`~famiglia.players.seats.Seat`) is played by a person or by a
:class:`SeatController`: the computer (:class:`~famiglia.ui.table.computer.ComputerSeat`, the
search player at the seat's level) or the Gangster (the solo program, S4).  The
:class:`TableFlow` asks its host (the table scene) to apply a controller's move, to put up the
hand-over and to show the results, and it does so only while the animations rest.  After a
person's turn that Undo can still take back, the computer or the Gangster waits
:data:`UNDO_GRACE` before it moves, unless the person hurries it (in hot-seat the hand-over
offers the take-back).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...players.seats import Seat, SeatKind
from ...rules import Event, Game, Opponent, Stage

#: How long a computer seat waits before its move, so the player can follow (speed 1); after
#: a refresh that may be followed by another, the run goes on sooner.
THINK = 0.6
THINK_IN_RUN = 0.15
#: How long (real seconds, once the cards rest) the other side waits after a person's turn
#: that Undo can take back: time to see a card dropped on the wrong place and have it back.
UNDO_GRACE = 2.0


class SeatController(Protocol):
    """Plays a seat that is not a person at this table.  ``waiting``: the move is not worked
    out here but comes from elsewhere (a friend's computer): until it does, the table rests
    and the app sleeps."""

    @property
    def waiting(self) -> bool: ...

    def think(self, game: Game) -> None:
        """The seat is to move: start working out the move (called every resting frame)."""
        ...

    def play(self, game: Game) -> list[Event] | None:
        """Make the seat's move (a whole turn for the Gangster) and return the events, or
        ``None`` while the move is still being worked out."""
        ...


class GangsterSeat:
    """S4: the Gangster's program plays its whole turn."""

    waiting = False

    def think(self, game: Game) -> None:
        """The program needs no time."""

    def play(self, game: Game) -> list[Event]:
        return game.play_gangster_turn()


def check_gangster_seat(game: Game, seats: Sequence[Seat]) -> None:
    """A Gangster (seat 1) exactly in a solo game."""
    gangster = [seat.kind is SeatKind.GANGSTER for seat in seats]
    if gangster[1] != (game.opponent is Opponent.GANGSTER) or gangster[0]:
        raise ValueError("a Gangster seat (seat 1) goes with a solo game, and only there")


class FlowHost(Protocol):
    """What the flow needs of the table scene."""

    @property
    def on_top(self) -> bool:
        """The table is the top scene (no overlay, chooser or hand-over over it)."""
        ...

    @property
    def now(self) -> float:
        """The app's clock in seconds."""
        ...

    def after_apply(self, events: list[Event]) -> None: ...

    def show_handover(self, seat: int) -> None: ...

    def show_results(self) -> None: ...


class TableFlow:
    """Computer moves, hand-overs and the results, in turn order."""

    def __init__(self, host: FlowHost, game: Game, seats: Sequence[Seat],
                 controllers: Sequence[SeatController | None]) -> None:
        self.host = host
        self.game = game
        self.seats = tuple(seats)
        self.controllers = tuple(controllers)
        self.hot_seat = all(controller is None for controller in controllers)
        self.computer_wait = THINK
        #: the moment (the host's clock) until which the computer or the Gangster waits after
        #: a person's turn that Undo can take back
        self.grace_until = 0.0
        #: hot-seat: the turn whose player has passed the hand-over screen
        self.revealed_turn: int | None = None
        self.awaiting_handover = False
        self.results_shown = False

    @property
    def human_to_move(self) -> bool:
        return not self.game.is_terminal() and self.controllers[self.game.current] is None

    @property
    def pending(self) -> bool:
        """Something will happen without input once the animations rest: a computer seat's
        move, the results, or the hot-seat hand-over."""
        game = self.game
        if game.is_terminal():
            return not self.results_shown
        controller = self.controllers[game.current]
        if controller is not None:
            return not controller.waiting
        return (self.hot_seat and not self.awaiting_handover
                and self.revealed_turn != game.turn)

    def turn_started(self, *, grace: bool = False) -> None:
        """A new turn: a computer seat waits its thinking time again; ``grace``: the turn
        that ended can still be taken back, so the computer or the Gangster waits
        :data:`UNDO_GRACE` too (the hot-seat hand-over offers the take-back itself)."""
        self.computer_wait = THINK
        waits = grace and self.controllers[self.game.current] is not None
        self.grace_until = self.host.now + UNDO_GRACE if waits else 0.0

    @property
    def grace_left(self) -> float:
        """The seconds the computer or the Gangster still waits before its move."""
        return max(0.0, self.grace_until - self.host.now)

    def end_grace(self) -> None:
        """The wait is over at once (the person hurried, or took the turn back)."""
        self.grace_until = 0.0

    def revealed(self) -> bool:
        """The hand-over screen was dismissed: True when it was up for this turn."""
        if not self.awaiting_handover:
            return False
        self.awaiting_handover = False
        self.revealed_turn = self.game.turn
        return True

    def maybe_handover(self) -> None:
        """Hot-seat: cover the table before a person's turn is shown (R5.4)."""
        if (self.hot_seat and not self.game.is_terminal() and self.revealed_turn != self.game.turn
                and self.host.on_top):
            self.awaiting_handover = True
            self.host.show_handover(self.game.current)

    def rest(self, dt: float) -> None:
        """The animations rest (``dt`` at animation speed): the next thing in the game's flow
        happens: the results, a computer move, or the hand-over, once the wait after a
        person's turn is over."""
        game = self.game
        if game.is_terminal():
            if not self.results_shown and self.host.on_top:
                self.results_shown = True
                self.host.show_results()
            return
        controller = self.controllers[game.current]
        if controller is not None:
            controller.think(game)
        if self.grace_left > 0:
            return
        if controller is not None:
            self.computer_wait -= dt
            if self.computer_wait <= 0:
                events = controller.play(game)
                if events is not None:
                    run = game.refreshed_this_turn and game.stage == Stage.REFRESH
                    self.computer_wait = THINK_IN_RUN if run else THINK
                    self.host.after_apply(events)
            return
        self.maybe_handover()
