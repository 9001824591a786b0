"""Analysis of a game record: where it was won and where it was lost.

For every decision of the analysed seats (a step of a turn with more than one legal action,
R3), two independent searches at the analysis level propose moves; then the move played and
the proposals are searched again with equal effort on the same re-deals of the draw pile
(:meth:`~famiglia.players.mcts.MctsPlayer.compare`, common random numbers), rather than
trusting the visits of the proposing searches, which spend little on the moves they dislike;
those comparisons explore more widely than the player does, so a value strays less from one
seed to the next (:data:`EXPLORATION`).
Each search sees only what the seat could know at that moment (R5.4: the draw pile re-dealt by
``Game.resample``, never the recorded order, and never a later move of the record), and its
generator is seeded from the analysis seed and the public position, so an analysis is
reproducible and does not depend on the hidden order.

The *chances* of a seat are the search's value of the position for it (1 a certain win, 0 a
certain loss; three quarters the chance of winning, one quarter the VP margin, so points still
count in a decided game), in percent; the *loss* of a decision is how many percentage points
the move played gave away against the best move.  Nothing here reads or writes files: the
command line (``famiglia analyse``) and the store (:mod:`famiglia.store.analyses`) do.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..rules import Action, Game, Opponent, msg, parse_action, read_record
from .mcts import LEVEL_SETTINGS, MctsPlayer, action_key
from .seats import ComputerLevel, Seat, SeatKind

#: The analysis's own format version: analyses kept with another one are computed again.
VERSION = 1
#: The level whose search proposes the best moves unless another is asked for.
DEFAULT_LEVEL = ComputerLevel.EXPERT
DEFAULT_SEED = 1


class Verdict(StrEnum):
    """How costly a decision was; the thresholds are :data:`THRESHOLDS`."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The least loss, in percentage points of the chances, of each verdict, worst first.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BLUNDER, 20.0),
    (Verdict.MISTAKE, 10.0),
    (Verdict.INACCURACY, 5.0),
)


def verdict_of(loss: float) -> Verdict | None:
    """The verdict on a decision that lost ``loss`` percentage points, or ``None``."""
    for verdict, least in THRESHOLDS:
        if loss >= least:
            return verdict
    return None


@dataclass(frozen=True, slots=True)
class Effort:
    """How hard a decision is looked at: ``searches`` independent searches of ``search``
    iterations (the level's own count) propose moves; then the move played and up to
    ``alternatives`` of the proposals (the most visited first) are compared with ``compare``
    iterations each, the first half of them only growing the trees, which explore more widely
    than the player's (:data:`EXPLORATION`; :meth:`~famiglia.players.mcts.MctsPlayer.compare`)."""

    search: int
    searches: int
    alternatives: int
    compare: int


#: The comparisons' UCB exploration: measured on 15 decisions of two games, 6 seeds each at
#: 1800 iterations per move, the chances lost strayed by 4.5 points (root mean square of the
#: standard deviations) at the player's 0.3 and by 2.5 at 0.5.
EXPLORATION = 0.5

#: The effort per level (``--level``): the level proposes the best moves; the stronger the
#: level, the longer the comparison, so the steadier the chances.  Measured at the strongest
#: (scripts/analysis_stability.py, 220 decisions of five games, seeds 1 and 2): comparing the
#: better of two proposals changed as many verdicts (17) as comparing two of them (17) or
#: three proposing searches (26), for less time; 2400 iterations instead of 1800 changed 23.
EFFORTS: dict[ComputerLevel, Effort] = {
    ComputerLevel.EASY: Effort(LEVEL_SETTINGS[ComputerLevel.EASY].iterations, 2, 1, 300),
    ComputerLevel.MEDIUM: Effort(LEVEL_SETTINGS[ComputerLevel.MEDIUM].iterations, 2, 1, 600),
    ComputerLevel.HARD: Effort(LEVEL_SETTINGS[ComputerLevel.HARD].iterations, 2, 1, 1000),
    ComputerLevel.EXPERT: Effort(LEVEL_SETTINGS[ComputerLevel.EXPERT].iterations, 2, 1, 1800),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision: the action at ``ply`` (0-based index in the record's moves) of
    ``seat`` in turn ``turn`` (1 for the first turn), the move played and the best move in
    notation, and the seat's chances in percent after each."""

    ply: int
    seat: int
    turn: int
    played: str
    best: str
    chances_played: float
    chances_best: float

    @property
    def loss(self) -> float:
        """The chances given away, in percentage points (never negative)."""
        return round(max(0.0, self.chances_best - self.chances_played), 1)

    @property
    def verdict(self) -> Verdict | None:
        return verdict_of(self.loss)

    def to_dict(self) -> dict[str, Any]:
        verdict = self.verdict
        return {"ply": self.ply, "move": self.ply + 1, "turn": self.turn,
                "seat": self.seat, "played": self.played, "best": self.best,
                "loss": self.loss, "chances_played": self.chances_played,
                "chances_best": self.chances_best,
                "verdict": None if verdict is None else verdict.value}

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """The decision of :meth:`to_dict`'s JSON, or ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"a decision is a dict, not {data!r}")
        seat = _whole(data.get("seat"), "seat")
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {seat}")
        turn = _whole(data.get("turn"), "turn")
        if turn < 1:
            raise ValueError("the first turn is turn 1")
        played, best = _notation(data.get("played")), _notation(data.get("best"))
        return cls(_whole(data.get("ply"), "ply"), seat, turn, played, best,
                   _percent(data.get("chances_played")), _percent(data.get("chances_best")))


def _whole(value: Any, what: str = "value") -> int:
    """``value`` when it is a whole number of at least 0 (not a bool), else ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a decision's {what} is a whole number, not {value!r}")
    return value


def _notation(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"a move is written in notation, not {value!r}")
    parse_action(value)
    return value


def _percent(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        raise ValueError(f"chances are 0 to 100 percent, not {value!r}")
    return float(value)


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's play: ``accuracy`` is the mean loss per decision (percentage points, lower
    is better), ``costliest`` its three costliest decisions that lost anything, worst first."""

    seat: int
    decisions: int
    accuracy: float
    inaccuracies: int
    mistakes: int
    blunders: int
    costliest: tuple[Decision, ...]


#: How many decisions a summary names as the costliest.
COSTLIEST = 3


@dataclass(frozen=True, slots=True)
class Analysis:
    """A whole game's analysis: how it was made (``level``, ``seed``, the analysed ``seats``)
    and one :class:`Decision` per decision of those seats, in the order of the game."""

    level: ComputerLevel
    seed: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]

    def summary(self, seat: int) -> SeatSummary:
        mine = [d for d in self.decisions if d.seat == seat]
        verdicts = [d.verdict for d in mine]
        costly = sorted((d for d in mine if d.loss > 0), key=lambda d: (-d.loss, d.ply))
        return SeatSummary(
            seat, len(mine),
            round(sum(d.loss for d in mine) / len(mine), 1) if mine else 0.0,
            verdicts.count(Verdict.INACCURACY), verdicts.count(Verdict.MISTAKE),
            verdicts.count(Verdict.BLUNDER), tuple(costly[:COSTLIEST]))

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """``seat``'s chances after each analysed decision, as ``(ply, percent)``: the other
        seat's decisions count from ``seat``'s side (100 minus that seat's chances)."""
        return [(d.ply, d.chances_played if d.seat == seat else round(100 - d.chances_played, 1))
                for d in self.decisions]

    def at(self, ply: int) -> Decision | None:
        """The decision at ``ply``, or ``None`` when that move was not analysed."""
        return next((d for d in self.decisions if d.ply == ply), None)

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "level": self.level, "seed": self.seed,
                "seats": list(self.seats),
                "decisions": [decision.to_dict() for decision in self.decisions]}

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """The analysis of :meth:`to_dict`'s JSON, or ``ValueError`` (another version too)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not an analysis of this version")
        level, seats, decisions = data.get("level"), data.get("seats"), data.get("decisions")
        level = ComputerLevel.of(level)
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed is a whole number, not {seed!r}")
        if (not isinstance(seats, list) or not seats or len(set(seats)) != len(seats)
                or not all(seat in (0, 1) and not isinstance(seat, bool) for seat in seats)):
            raise ValueError(f"the seats are 0, 1 or both, not {seats!r}")
        if not isinstance(decisions, list):
            raise ValueError("the decisions are a list")
        return cls(level, seed, tuple(seats), tuple(Decision.from_dict(d) for d in decisions))


class Cancelled(Exception):
    """The analysis was stopped before it was done (``cancelled()`` answered true)."""


def default_seats(record: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats an analysis looks at unless told: the people's, else (a game between
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


def positions(final: Game, seats: Sequence[int]) -> list[Position]:
    """The decisions of ``seats`` in the game that ended as ``final`` (read from a record):
    each action of theirs where more than one was legal, replayed from the setup."""
    game = Game.from_setup(final.setup)
    before, ply, found = game.copy(), 0, []
    for step in game.replay_moves(final.move_stack):
        if not step.gangster and step.seat in seats and len(before.legal_actions()) > 1:
            found.append(Position(ply, before, step.actions[0]))
        before, ply = game.copy(), ply + len(step.actions)
    return found


def _chances(value: float) -> float:
    """A search value in [-1, 1] as percent."""
    return round(50.0 * (value + 1.0), 1)


def analyse_position(position: Position, effort: Effort, seed: int = DEFAULT_SEED) -> Decision:
    """One decision: ``effort.searches`` searches propose moves, which are compared with the
    move played with equal effort; the best is the one of the highest chances (the move
    played when no proposal beats it by a tenth of a point).  A proposal that differs from the
    move played only in the back of a card (R1.5: ``B0*``, the start-set copy, for ``B0``) is
    the move played.  Each search has a seed of its own, derived from ``seed``."""
    game, played = position.game, position.played
    visits: dict[Any, int] = {}
    for index in range(effort.searches):
        player = MctsPlayer(iterations=effort.search, seconds=math.inf,
                            seed=seed * 1000 + index)
        result = player.search(game)
        chosen = action_key(game, result.action)
        visits[chosen] = visits.get(chosen, 0) + result.stats.get(chosen, (1, 0.0))[0]
    proposals = sorted((action for action in game.legal_actions()
                        if action_key(game, action) in visits
                        and _backless(action) != _backless(played)),
                       key=lambda action: -visits[action_key(game, action)])
    candidates = [played, *proposals[:effort.alternatives]]
    values = player.compare(game, candidates, effort.compare, effort.compare // 2, EXPLORATION)
    best = max(range(len(candidates)), key=lambda index: (_chances(values[index]), -index))
    return Decision(position.ply, game.current, game.turn + 1, str(played), str(candidates[best]),
                    _chances(values[0]), _chances(values[best]))


def _backless(action: Action) -> str:
    """An action's notation without the start-set marks (R1.5)."""
    return str(action).replace("*", "")


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
        self._positions = positions(final, self.seats)
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
                initializer=_start_worker, initargs=(record, self.seats, niceness))
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
        return Analysis(self.level, self.seed, self.seats,
                        tuple(sorted(self._found, key=lambda decision: decision.ply)))

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


def _start_worker(record: dict[str, Any], seats: tuple[int, ...], niceness: int) -> None:
    """A pool process replays the record once; its tasks are then indices."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)
    _WORKER_POSITIONS[:] = positions(read_record(record), seats)


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
