"""The flow of the game around the moves: who plays each seat, when a seat that is not a
person moves, when the hot-seat hand-over covers the table, and when the results follow.

A seat is played by a person (``"human"``) or by a :class:`SeatController`: ``"random"``
(uniformly random legal moves, the demo) or ``"gangster"`` (the solo program, S4).  A new kind
of computer seat only needs a controller and an entry in :func:`controller_for`.  The
:class:`TurnFlow` asks its host (the table scene) to apply a controller's move, to put up the
hand-over and to show the results, and it does so only while the animations rest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ...rules import PASS, Action, Event, Game

SEAT_KINDS = ("human", "random", "gangster")
#: How long a computer seat waits before its move, so the player can follow (speed 1).
THINK = 0.6


class SeatController(Protocol):
    """Plays a seat that is not a person at this table."""

    def play(self, game: Game) -> list[Event]:
        """Make the seat's move (a whole turn for the Gangster) and return the events."""
        ...


class RandomSeat:
    """A random kind of legal action (refresh, Accountant, exchange, Brute, take), then a
    random action of that kind; it passes only when nothing else is legal, so that demo games
    run their course instead of ending in a double pass (R5.2) after a few turns."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        kinds: dict[type, list[Action]] = {}
        for action in game.legal_actions():
            if action is not PASS:
                kinds.setdefault(type(action), []).append(action)
        if not kinds:
            return PASS
        return self.rng.choice(kinds[self.rng.choice(list(kinds))])

    def play(self, game: Game) -> list[Event]:
        return game.apply(self.choose(game))


class GangsterSeat:
    """S4: the Gangster's program plays its whole turn."""

    def play(self, game: Game) -> list[Event]:
        return game.play_gangster_turn()


def check_seats(game: Game, seats: Sequence[str]) -> None:
    """A table's seats: known kinds, and a Gangster (seat 1) exactly in a solo game."""
    if any(kind not in SEAT_KINDS for kind in seats):
        raise ValueError(f"seats are {', '.join(SEAT_KINDS)}, not {tuple(seats)!r}")
    if (seats[1] == "gangster") != (game.opponent == "gangster") or seats[0] == "gangster":
        raise ValueError("a Gangster seat (seat 1) goes with a solo game, and only there")


def controller_for(kind: str, rng: random.Random) -> SeatController | None:
    """The controller of a seat of ``kind``; None for a person."""
    if kind == "random":
        return RandomSeat(rng)
    if kind == "gangster":
        return GangsterSeat()
    return None


class FlowHost(Protocol):
    """What the flow needs of the table scene."""

    @property
    def on_top(self) -> bool:
        """The table is the top scene (no overlay, chooser or hand-over over it)."""
        ...

    def after_apply(self, events: list[Event]) -> None: ...

    def show_handover(self, seat: int) -> None: ...

    def show_results(self) -> None: ...


class TurnFlow:
    """Computer moves, hand-overs and the results, in turn order."""

    def __init__(self, host: FlowHost, game: Game, seats: Sequence[str],
                 controllers: Sequence[SeatController | None]) -> None:
        self.host = host
        self.game = game
        self.seats = tuple(seats)
        self.controllers = tuple(controllers)
        self.hot_seat = all(controller is None for controller in controllers)
        self.computer_wait = THINK
        #: hot-seat: the turn whose player has passed the hand-over screen
        self.revealed_turn: int | None = None
        self.awaiting_handover = False
        self.results_shown = False

    @property
    def human_to_move(self) -> bool:
        return not self.game.over and self.controllers[self.game.current] is None

    @property
    def pending(self) -> bool:
        """Something will happen without input once the animations rest: a computer seat's
        move, the results, or the hot-seat hand-over."""
        game = self.game
        if game.over:
            return not self.results_shown
        if self.controllers[game.current] is not None:
            return True
        return (self.hot_seat and not self.awaiting_handover
                and self.revealed_turn != game.turn)

    def turn_started(self) -> None:
        """A new turn: a computer seat waits its thinking time again."""
        self.computer_wait = THINK

    def revealed(self) -> bool:
        """The hand-over screen was dismissed: True when it was up for this turn."""
        if not self.awaiting_handover:
            return False
        self.awaiting_handover = False
        self.revealed_turn = self.game.turn
        return True

    def maybe_handover(self) -> None:
        """Hot-seat: cover the table before a person's turn is shown (R5.4)."""
        if (self.hot_seat and not self.game.over and self.revealed_turn != self.game.turn
                and self.host.on_top):
            self.awaiting_handover = True
            self.host.show_handover(self.game.current)

    def rest(self, dt: float) -> None:
        """The animations rest (``dt`` at animation speed): the next thing in the game's
        flow happens: the results, a computer move, or the hand-over."""
        game = self.game
        if game.over:
            if not self.results_shown and self.host.on_top:
                self.results_shown = True
                self.host.show_results()
            return
        controller = self.controllers[game.current]
        if controller is not None:
            self.computer_wait -= dt
            if self.computer_wait <= 0:
                self.computer_wait = THINK
                self.host.after_apply(controller.play(game))
            return
        self.maybe_handover()
