"""A game's history: its move stack, kept as it grows, and the one loop that plays a list of
moves on a game, the Gangster's turns by its program (S4).

Loading a save, reading a record, a replay, a resumed table's recent past and ``play_game`` all
go through :meth:`History.replay_moves`, which yields a :class:`Step` per move (a whole turn of
the Gangster's being one step) and names the move where a history breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .actions import Action
from .errors import DamagedRecord, IllegalAction
from .events import ActionPlayed, Event
from .messages import msg
from .solo import GangsterHooks
from .state import MoveChain

#: A move of a history: a move-stack entry, or a seat and its action.
Move = ActionPlayed | tuple[int, Action]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of :meth:`History.replay_moves`: a seat's action, or the Gangster's whole turn
    (``gangster``, S4: its refreshes and its take or pass), with the events it made when they
    were asked for."""

    seat: int
    actions: tuple[Action, ...]
    events: list[Event] | None = None
    gangster: bool = False


def _seat_action(move: Move) -> tuple[int, Action]:
    return (move.seat, move.action) if isinstance(move, ActionPlayed) else move


class History(GangsterHooks):
    """The move stack and replaying moves."""

    __slots__ = ()

    @property
    def move_stack(self) -> tuple[ActionPlayed, ...]:
        """Every action applied since the setup, the Gangster's included, in order.  Kept as it
        grows: a read after more actions builds only those (an undo or a re-deal, which shorten
        the history, build it anew)."""
        link = self._stack
        built_for, stack = self._move_stack
        if link is built_for:
            return stack
        newer: list[ActionPlayed] = []
        older: MoveChain = link
        while older is not None and older is not built_for:
            older, seat, action = older
            newer.append(ActionPlayed(seat, action))
        newer.reverse()
        stack = (stack if older is built_for else ()) + tuple(newer)
        self._move_stack = (link, stack)
        return stack

    def ply(self) -> int:
        """How many actions were applied since the setup, the Gangster's included (python-chess's
        ``Board.ply``): the length of :attr:`move_stack` without building it."""
        count, link = 0, self._stack
        while link is not None:
            count, link = count + 1, link[0]
        return count

    def replay_moves(self, moves: Iterable[Move], *, events: bool = False,
                     chosen: bool = False) -> Iterator[Step]:
        """Play ``moves`` on from here, one :class:`Step` per seat's action and per turn of the
        Gangster's (played by its program, S4), each yielded once it is played, with its events
        when ``events`` is set.  The moves are taken one at a time, as they come up.

        ``moves`` is a history (a ``move_stack``, a save's or a record's moves: every action,
        the Gangster's included): each move is checked where it stands, and one after the end
        of the game, by the seat not to move, against the rules, or other than what the
        Gangster's program plays raises :class:`DamagedRecord` naming it (counted from 1).  The
        replay ends where the history ends, before a Gangster's turn it does not hold.

        ``chosen``: the moves are chosen as the game goes (``play_game``): none is the
        Gangster's, whose turns are played as they come; the replay ends with the game or the
        moves, and a move the rules refuse raises its own error (:class:`ForbiddenAction` …).
        """
        source = iter(moves)
        number = 0
        while not (chosen and self.result is not None):
            if chosen and self.is_gangster_turn():
                yield self._gangster_turn_step(events)
                continue
            move = next(source, None)
            if move is None:
                return
            number += 1
            seat, action = _seat_action(move)
            if chosen:
                yield self._step(seat, action, events)
                continue
            self._check_move(number, seat, action)
            if self.is_gangster_turn():
                step = self._gangster_turn_step(events)
                number = _check_gangster(step, number, action, source)
                yield step
                continue
            try:
                step = self._step(seat, action, events)
            except IllegalAction as error:
                raise DamagedRecord(msg("move {number} ({action}) is not allowed: {reason}",
                                        number=number, action=str(action),
                                        reason=error.message), number) from None
            yield step

    def _check_move(self, number: int, seat: int, action: Action) -> None:
        """A history's move comes before the end of the game, by the seat to move."""
        if self.result is not None:
            raise DamagedRecord(msg("move {number} ({action}) comes after the end of the game",
                                    number=number, action=str(action)), number)
        if seat != self.current:
            raise DamagedRecord(msg("move {number} ({action}) is not seat {seat}'s to play",
                                    number=number, action=str(action), seat=seat), number)

    def _step(self, seat: int, action: Action, events: bool) -> Step:
        if events:
            return Step(seat, (action,), self.apply(action))
        self.push(action)
        return Step(seat, (action,))

    def _gangster_turn_step(self, events: bool) -> Step:
        """The Gangster's whole turn (S4) and the actions it played."""
        before = self._stack
        said: list[Event] | None = None
        if events:
            said = self.play_gangster_turn()
        else:
            self.push_gangster_turn()
        played: list[Action] = []
        link = self._stack
        while link is not before and link is not None:
            link, _seat, action = link
            played.append(action)
        played.reverse()
        return Step(1, tuple(played), said, gangster=True)


def _check_gangster(step: Step, number: int, first: Action, source: Iterator[Move]) -> int:
    """S4: the history holds what the Gangster's program played in its turn, ``first`` (move
    ``number``) and the moves after it; the number of the turn's last move."""
    for offset, action in enumerate(step.actions):
        if offset:
            move = next(source, None)
            number += 1
            if move is None:
                raise DamagedRecord(msg("move {number} is missing: the Gangster plays {action} "
                                        "there", number=number, action=str(action)), number)
            seat, recorded = _seat_action(move)
        else:
            seat, recorded = 1, first
        if seat != 1 or recorded != action:
            raise DamagedRecord(msg("move {number} ({recorded}) is not what the Gangster's "
                                    "program plays there ({action})", number=number,
                                    recorded=str(recorded), action=str(action)), number)
    return number
