"""Analysis of a game record: where it was won and where it was lost, and what luck did.

Every decision of both seats (a step of a turn with more than one legal action, R3; never the
Gangster's, whose program has no choices, S4) is looked at with the advice procedure
(:func:`~famiglia.players.advice.advise`, the one that also gives the hints), with the move
played measured beside the proposals; every card that came from the draw pile is noted with
the action that drew it.  :mod:`.report` turns that into verdicts, luck and summaries.  The
seats asked for (the people's by default) are the ones reported on; the other seat's
decisions are needed all the same, so that its play is not taken for luck.

Each search sees only what the seat could know at that moment (R5.4: the draw pile re-dealt
by ``Game.resample``, never the recorded order, and never a later move of the record), and its
generator is seeded from the analysis seed and the public position, so an analysis is
reproducible and does not depend on the hidden order.  Nothing here reads or writes files:
the command line (``famiglia analyse``) and the store (:mod:`famiglia.store.analyses`) do.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from ..rules import Action, CardMoved, Game, Opponent, Refresh, Reshuffled, Zone, msg, read_record
from .advice import DEFAULT_LEVEL, EFFORTS, SEED, Effort, advise, backless
from .report import (
    COSTLIEST,
    EQUAL,
    THRESHOLDS,
    VERSION,
    Analysis,
    Decision,
    Draw,
    DrawKind,
    Luck,
    Point,
    SeatSummary,
    Step,
    Verdict,
    verdict_of,
)
from .seats import ComputerLevel, Seat, SeatKind

__all__ = [
    "COSTLIEST", "DEFAULT_LEVEL", "DEFAULT_SEED", "EFFORTS", "EQUAL", "THRESHOLDS", "VERSION",
    "Analysis", "AnalysisJob", "Cancelled", "Decision", "Draw", "DrawKind", "Effort", "Luck",
    "Point", "Position", "SeatSummary", "Step", "Verdict", "analyse", "analyse_position",
    "check_seats", "default_seats", "positions", "verdict_of",
]

#: The analysis seed unless another is asked for: the hints' own, so a hint followed is the
#: analysis's best move.
DEFAULT_SEED = SEED


def default_seats(record: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats an analysis reports on unless told: the people's, else (a game between
    computers) both; never the Gangster's, whose program has no choices (S4).  ``record``
    has been read (``read_record``), so its seats are there."""
    kinds = []
    for data in record["players"]["seats"]:
        try:
            kinds.append(Seat.from_dict(data).kind)
        except ValueError:
            kinds.append(SeatKind.HUMAN)
    people = tuple(seat for seat, kind in enumerate(kinds) if kind is SeatKind.HUMAN)
    if people:
        return people
    return tuple(seat for seat, kind in enumerate(kinds) if kind is not SeatKind.GANGSTER)


def check_seats(game: Game, seats: Sequence[int]) -> tuple[int, ...]:
    """``seats`` sorted, or ``ValueError`` (a :class:`~famiglia.rules.Message`): each is 0 or
    1, and never the Gangster's (S4)."""
    if not seats or not all(seat in (0, 1) and not isinstance(seat, bool) for seat in seats):
        raise ValueError(msg("the seats are 0, 1 or both"))
    if game.opponent is Opponent.GANGSTER and 1 in seats:
        raise ValueError(msg("seat 1 is the Gangster, whose program has no choices to "
                             "analyse"))
    return tuple(sorted(set(seats)))


@dataclass(frozen=True, slots=True)
class Position:
    """A decision to analyse: the game just before the action at ``ply``, and that action."""

    ply: int
    game: Game
    played: Action


def positions(final: Game) -> list[Position]:
    """Every decision in the game that ended as ``final`` (read from a record): each action
    of either seat where more than one was legal, replayed from the setup."""
    return _replay(final)[0]


def draws(final: Game) -> list[Draw]:
    """Every card that came from the draw pile in the game that ended as ``final``, grouped by
    the action (or the Gangster's turn) that drew it."""
    return _replay(final)[1]


def _replay(final: Game) -> tuple[list[Position], list[Draw]]:
    game = Game.from_setup(final.setup)
    before, ply = game.copy(), 0
    found: list[Position] = []
    drawn: list[Draw] = []
    for step in game.replay_moves(final.move_stack, events=True):
        if step.gangster:
            kind = DrawKind.REFILL
        else:
            if len(before.legal_actions()) > 1:
                found.append(Position(ply, before, step.actions[0]))
            kind = DrawKind.REFRESH if isinstance(step.actions[0], Refresh) else DrawKind.REFILL
        events = step.events or []
        cards = tuple(event.code for event in events if isinstance(event, CardMoved)
                      and event.source is Zone.DRAW_PILE and event.target is Zone.STREET)
        if cards:
            drawn.append(Draw(ply, step.seat, kind, cards,
                              any(isinstance(event, Reshuffled) for event in events)))
        before, ply = game.copy(), ply + len(step.actions)
    return found, drawn


def final_chances(final: Game) -> float | None:
    """Seat 0's result in percent (a draw 50), or ``None`` while the game runs."""
    result = final.result
    if result is None:
        return None
    return 50.0 if result.winner is None else (100.0 if result.winner == 0 else 0.0)


def analyse_position(position: Position, effort: Effort, seed: int = DEFAULT_SEED) -> Decision:
    """One decision: the advice for the position, with the move played measured beside the
    proposals; the best is the one of the highest chances, and a proposal that differs from
    the move played only in the back of a card (R1.5: ``B0*``, the start-set copy, for
    ``B0``) is the move played."""
    game, played = position.game, position.played
    advice = advise(game, effort=effort, seed=seed, played=played)
    mine = advice.other or advice.best
    best = advice.best
    if backless(best.move) == backless(str(played)):
        best, reason = mine, None
    else:
        reason = advice.reason
    return Decision(position.ply, game.current, game.turn + 1, str(played), best.move,
                    mine.chances, best.chances, best.line if len(best.line) > 1 else (),
                    reason)


class Cancelled(Exception):
    """The analysis was stopped before it was done (``cancelled()`` answered true)."""


class AnalysisJob:
    """An analysis under way, for a window's frame loop or the command line: :meth:`poll`
    collects the decisions done without waiting (or waiting up to ``timeout``), ``done`` of
    ``total`` say how far it is, :meth:`cancel` stops it.

    ``jobs`` processes analyse the decisions (spawned, so no window state is inherited; each
    replays the record once and lowers its priority by ``niceness``, so a window stays
    responsive); ``jobs=0`` analyses in this process, one decision per :meth:`poll` (tests,
    machines where processes cannot be started).  ``effort`` replaces the level's
    (:data:`EFFORTS`; tests make it small).  ``known``: decisions a cancelled job of the same
    record, level, seats, seed and effort had analysed (its :attr:`found`): they are not
    analysed again, so a job can be resumed.  Creating a job checks everything: a damaged or
    illegal record is a ``ValueError`` naming the move, and so is an unknown level or seat.
    """

    def __init__(self, record: Mapping[str, Any], *, level: ComputerLevel | str = DEFAULT_LEVEL,
                 seats: Sequence[int] | None = None, seed: int = DEFAULT_SEED,
                 effort: Effort | None = None, jobs: int = 1, niceness: int = 0,
                 known: Sequence[Decision] = ()) -> None:
        level = ComputerLevel.of(level)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed is a whole number, not {seed!r}")
        final = read_record(record)
        self.seats = check_seats(final, default_seats(record) if seats is None else seats)
        self.level, self.seed = level, seed
        self.effort = effort or EFFORTS[level]
        self._positions, self._draws = _replay(final)
        self._final = final_chances(final)
        self.total = len(self._positions)
        wanted = {(position.ply, str(position.played)) for position in self._positions}
        self._found: list[Decision] = [decision for decision in known
                                       if (decision.ply, decision.played) in wanted]
        found = {decision.ply for decision in self._found}
        #: the indices of the positions still to analyse, in the order of the game
        self._todo = [index for index, position in enumerate(self._positions)
                      if position.ply not in found]
        #: :meth:`cancel` was called: nothing more is analysed
        self.cancelled = False
        self._pool: ProcessPoolExecutor | None = None
        self._pending: set[Future[Decision]] = set()
        if jobs >= 1 and self._todo:
            self._start_pool(dict(record), min(jobs, len(self._todo)), niceness)

    def _start_pool(self, record: dict[str, Any], jobs: int, niceness: int) -> None:
        try:
            self._pool = ProcessPoolExecutor(
                max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(record, niceness))
            self._pending = {self._pool.submit(_work, index, self.effort, self.seed)
                             for index in self._todo}
        except OSError:  # no processes here: analyse in this process instead
            self._stop_pool()

    @property
    def done(self) -> int:
        """How many decisions are analysed."""
        return len(self._found)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def found(self) -> tuple[Decision, ...]:
        """The decisions analysed so far (to resume a cancelled job with: ``known``)."""
        return tuple(self._found)

    def poll(self, timeout: float | None = 0.0) -> Analysis | None:
        """The analysis once every decision is done, else ``None`` (``done`` has grown by
        what finished within ``timeout`` seconds; ``None`` waits for the next decision).  A
        job without processes analyses one decision here.  What a decision's analysis raised
        is raised here (``BrokenProcessPool`` when a process was killed)."""
        if self.cancelled:
            return None
        if self._pool is None:
            if self._todo:
                self._found.append(analyse_position(self._positions[self._todo[0]],
                                                    self.effort, self.seed))
                del self._todo[0]
        elif self._pending:
            finished, self._pending = wait(self._pending, timeout, FIRST_COMPLETED)
            self._found.extend(future.result() for future in finished)
            if not self._pending:
                self._stop_pool(wait=True)
        if not self.finished:
            return None
        found = sorted(self._found, key=lambda decision: decision.ply)
        return Analysis(self.level, self.seed, self.seats,
                        tuple(d for d in found if d.seat in self.seats),
                        tuple(d for d in found if d.seat not in self.seats),
                        tuple(self._draws), self._final)

    def cancel(self) -> None:
        """Stop: decisions not started are dropped (one under way in a process finishes
        there, unseen) and :meth:`poll` answers ``None`` from now on.  Safe to call twice."""
        self.cancelled = True
        self._stop_pool()

    def _stop_pool(self, wait: bool = False) -> None:
        """End the processes: at once (``wait`` false: one under way finishes unseen), or
        joined, once every decision is in."""
        pool, self._pool, self._pending = self._pool, None, set()
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)


_WORKER_POSITIONS: list[Position] = []


def _start_worker(record: dict[str, Any], niceness: int) -> None:
    """A pool process replays the record once; its tasks are then indices."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)
    _WORKER_POSITIONS[:] = positions(read_record(record))


def _work(index: int, effort: Effort, seed: int) -> Decision:
    return analyse_position(_WORKER_POSITIONS[index], effort, seed)


def analyse(record: Mapping[str, Any], *, level: ComputerLevel | str = DEFAULT_LEVEL,
            seats: Sequence[int] | None = None, seed: int = DEFAULT_SEED,
            effort: Effort | None = None, jobs: int = 0,
            progress: Callable[[int, int], object] | None = None,
            cancelled: Callable[[], bool] | None = None) -> Analysis:
    """Analyse a game record to the end (an :class:`AnalysisJob`, waited for).

    As decisions come in, ``progress(done, total)`` is called and ``cancelled()`` asked: when
    it answers true the job is stopped and :class:`Cancelled` raised.  The same record, level,
    seats, seed and effort give the same analysis, whatever ``jobs``."""
    job = AnalysisJob(record, level=level, seats=seats, seed=seed, effort=effort, jobs=jobs)
    try:
        while True:
            result = job.poll(timeout=None)
            if progress is not None:
                progress(job.done, job.total)
            if result is not None:
                return result
            if cancelled is not None and cancelled():
                raise Cancelled
    finally:
        job.cancel()
