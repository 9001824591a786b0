"""What an analysis found, as values: each decision's verdict, each draw's luck, each seat's
summary, and the winning chances across the game that decisions and luck add up to.

**Decisions.** A decision's *loss* is how many percentage points of the winning chances the
move played gave away against the best turn the advice found (:mod:`.advice`, never
negative).  Below :data:`EQUAL` points the two are *about equal*: that is within the noise
of the measurement (the same position measured with several seeds strays that much), so the
move costs nothing and gets no verdict; from :data:`EQUAL` on the loss is the decision's
*cost*, and from :data:`THRESHOLDS` on it earns a verdict.

**Luck.** The chances are measured afresh at the first decision after cards came (a refresh,
the refill of the Street at the end of a turn, the reshuffle: R3.1, R4.1, R4.2); between two
such measurements they change only by the costs of the decisions made.  So the *luck* of the
cards that came is the chances measured after them less the chances just before them, which
the analysis measured as the average over every way the draw pile could have been dealt
(R5.4): what those cards brought against what could have come.  The end of the game is the
last measurement: what it settles that was still open when the last cards came is their
luck too (shown at the end).  For each seat, the chances at the end
(100 %, 0 % or 50 % for a draw) less those at its first decision are exactly its luck, less
its own decisions' costs, plus the opponent's.

**Performance.** A seat's performance in a game is the mean cost per decision, in points of
the winning chances: 0 is flawless; the README says what each figure means against the
computer's levels.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..rules import parse_action
from .reasons import Reason
from .seats import ComputerLevel

#: The analysis's own version, of its format and of what its chances mean (3: play-outs to the
#: end): analyses kept with another one are computed again.
VERSION = 3


class Verdict(StrEnum):
    """How costly a decision was; the thresholds are :data:`THRESHOLDS`."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: Two moves whose chances differ by less than this many points are about equal: measured
#: with three seeds, the loss of each of 144 decisions of two games strayed by 3.0 points
#: (root mean square of the standard deviations; 5.7 at the 95th percentile), so a difference
#: under twice that is not told from the noise (README, "How steady").
EQUAL = 6.0
#: The least loss, in percentage points of the chances, of each verdict, worst first: the
#: least is :data:`EQUAL`, above the noise of nineteen decisions in twenty.
THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BLUNDER, 20.0),
    (Verdict.MISTAKE, 10.0),
    (Verdict.INACCURACY, EQUAL),
)


def verdict_of(loss: float) -> Verdict | None:
    """The verdict on a decision that lost ``loss`` percentage points, or ``None``."""
    for verdict, least in THRESHOLDS:
        if loss >= least:
            return verdict
    return None


@dataclass(frozen=True, slots=True)
class Decision:
    """One analysed decision: the action at ``ply`` (0-based index in the record's moves) of
    ``seat`` in turn ``turn`` (1 for the first turn), the move played and the best move in
    notation, the seat's chances in percent after each, the better turn the best move begins
    (``line``, its steps up to the next card drawn; empty: the move alone) and why it is
    better (``reason``)."""

    ply: int
    seat: int
    turn: int
    played: str
    best: str
    chances_played: float
    chances_best: float
    line: tuple[str, ...] = ()
    reason: Reason | None = None

    @property
    def better(self) -> tuple[str, ...]:
        """The better turn's steps, the best move first."""
        return self.line or (self.best,)

    @property
    def loss(self) -> float:
        """The chances given away, in percentage points (never negative)."""
        return round(max(0.0, self.chances_best - self.chances_played), 1)

    @property
    def best_played(self) -> bool:
        """The move played is the best the analysis found."""
        return self.best.replace("*", "") == self.played.replace("*", "")

    @property
    def about_equal(self) -> bool:
        """Another move was found, but within the noise of the measurement (:data:`EQUAL`)."""
        return not self.best_played and self.loss < EQUAL

    @property
    def cost(self) -> float:
        """What the decision cost: its loss, or nothing within the noise."""
        return 0.0 if self.loss < EQUAL else self.loss

    @property
    def verdict(self) -> Verdict | None:
        return verdict_of(self.loss)

    def to_dict(self) -> dict[str, Any]:
        verdict = self.verdict
        data = {"ply": self.ply, "move": self.ply + 1, "turn": self.turn,
                "seat": self.seat, "played": self.played, "best": self.best,
                "line": list(self.better), "loss": self.loss, "cost": self.cost,
                "about_equal": self.about_equal, "chances_played": self.chances_played,
                "chances_best": self.chances_best,
                "verdict": None if verdict is None else verdict.value}
        if self.reason is not None:
            data["reason"] = self.reason.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """The decision of :meth:`to_dict`'s JSON, or ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"a decision is a dict, not {data!r}")
        seat = _seat(data.get("seat"))
        turn = _whole(data.get("turn"), "turn")
        if turn < 1:
            raise ValueError("the first turn is turn 1")
        played, best = _notation(data.get("played")), _notation(data.get("best"))
        line = data.get("line", [best])
        if not isinstance(line, list) or not line or line[0] != best:
            raise ValueError(f"a better turn begins with the best move, not {line!r}")
        reason = data.get("reason")
        return cls(_whole(data.get("ply"), "ply"), seat, turn, played, best,
                   _percent(data.get("chances_played")), _percent(data.get("chances_best")),
                   tuple(_notation(step) for step in line) if len(line) > 1 else (),
                   None if reason is None else Reason.from_dict(reason))


class DrawKind(StrEnum):
    """How cards came: a refresh (R3.1), or the Street refilled at the end of a turn (R4.1),
    which includes the Gangster's turns (S4: its refreshes are its program's)."""

    REFRESH = "refresh"
    REFILL = "refill"


@dataclass(frozen=True, slots=True)
class Draw:
    """Cards that came from the draw pile during the action at ``ply`` of ``seat`` (or the
    Gangster's turn that began there), in the order drawn; ``reshuffle``: the discard pile
    was reshuffled meanwhile (R4.2)."""

    ply: int
    seat: int
    kind: DrawKind
    cards: tuple[str, ...]
    reshuffle: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "seat": self.seat, "kind": self.kind.value,
                "cards": list(self.cards), "reshuffle": self.reshuffle}

    @classmethod
    def from_dict(cls, data: Any) -> Draw:
        if not isinstance(data, dict):
            raise ValueError(f"a draw is a dict, not {data!r}")
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) and len(c) == 2
                                                  for c in cards):
            raise ValueError(f"a draw's cards are codes, not {cards!r}")
        return cls(_whole(data.get("ply"), "ply"), _seat(data.get("seat")),
                   DrawKind(str(data.get("kind"))), tuple(cards), data.get("reshuffle") is True)


@dataclass(frozen=True, slots=True)
class Luck:
    """What the cards that came between two measurements of the chances did: the draws (one,
    or several when nobody had a choice between them) and the change in seat 0's chances, in
    percentage points (seat 1's is its negative); ``ply`` is the last draw's."""

    draws: tuple[Draw, ...]
    points: float

    @property
    def ply(self) -> int:
        return self.draws[-1].ply

    def for_seat(self, seat: int) -> float:
        return self.points if seat == 0 else -self.points


class Step(StrEnum):
    """What moved the chances at a point of :meth:`Analysis.chain`."""

    START = "start"
    DECISION = "decision"
    LUCK = "luck"
    END = "end"


@dataclass(frozen=True, slots=True)
class Point:
    """Seat 0's chances (percent) after a step at ``ply`` (the action's index; the end: the
    number of moves)."""

    ply: int
    chances: float
    step: Step
    decision: Decision | None = None
    luck: Luck | None = None


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's play in a game: its decisions, what they cost in all (``cost``, points of
    the winning chances) and per decision (``performance``, lower is better), what the cards
    gave or took (``luck``, points), the verdicts earned, how many moves were about as good
    as the best (``equal``) and its three costliest decisions, worst first; and its chances
    at its first decision and at the end (``start``, ``end``, percent), which differ by its
    luck less its own decisions' costs plus what the opponent's gave it (``gained``)."""

    seat: int
    decisions: int
    cost: float
    performance: float
    luck: float
    inaccuracies: int
    mistakes: int
    blunders: int
    equal: int
    costliest: tuple[Decision, ...]
    start: float = 50.0
    end: float = 50.0
    gained: float = 0.0

    @property
    def accuracy(self) -> float:
        """The mean loss per decision (the performance figure)."""
        return self.performance


#: How many decisions a summary names as the costliest.
COSTLIEST = 3


@dataclass(frozen=True, slots=True)
class Analysis:
    """A whole game's analysis: how it was made (``level``, ``seed``, the analysed ``seats``),
    one :class:`Decision` per decision of those seats (``decisions``) and of the other seat
    (``others``, which the chances need), the cards drawn (``draws``) and the game's
    result for seat 0 in percent (``final``: 100 won, 0 lost, 50 a draw; ``None`` for a game
    analysed before its end), all in the order of the game."""

    level: ComputerLevel
    seed: int
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    others: tuple[Decision, ...] = ()
    draws: tuple[Draw, ...] = ()
    final: float | None = None

    def everything(self) -> list[Decision]:
        """Every analysed decision of both seats, in the order of the game."""
        return sorted((*self.decisions, *self.others), key=lambda d: d.ply)

    def chain(self) -> list[Point]:
        """Seat 0's chances through the game: the first decision's chances, then after every
        decision (less its cost) and every group of cards drawn (their luck), and the end
        (see the module docstring).  The chances shown stay within 0 and 100 %; the sums
        behind them do not need to."""
        steps: list[tuple[int, int, Decision | Draw]] = [(d.ply, 1, d) for d in self.everything()]
        steps += [(draw.ply, 2, draw) for draw in self.draws]
        steps.sort(key=lambda item: (item[0], item[1]))
        points: list[Point] = []
        pending: list[Draw] = []
        value: float | None = None
        for _ply, _order, item in steps:
            if isinstance(item, Draw):
                if value is not None:
                    pending.append(item)
                continue
            fresh = _for_seat_0(item.seat, item.chances_best)
            if value is None:
                value = fresh
                points.append(Point(item.ply, round(value, 1), Step.START))
            elif pending:
                luck = Luck(tuple(pending), round(fresh - value, 1))
                value = fresh
                points.append(Point(luck.ply, _shown(value), Step.LUCK, luck=luck))
                pending = []
            value -= item.cost if item.seat == 0 else -item.cost
            points.append(Point(item.ply, _shown(value), Step.DECISION, decision=item))
        if value is not None and self.final is not None:
            last = max(d.ply for d in self.everything()) + 1
            if not pending and self.draws and self.final != round(value, 1):
                pending = [self.draws[-1]]
            end = Luck(tuple(pending), round(self.final - value, 1)) if pending else None
            points.append(Point(max(last, end.ply + 1) if end else last, self.final,
                                Step.END, luck=end))
        return points

    def lucks(self) -> list[Luck]:
        """The luck of every group of cards drawn, in the order of the game."""
        return [point.luck for point in self.chain() if point.luck is not None]

    def summary(self, seat: int) -> SeatSummary:
        mine = [d for d in self.everything() if d.seat == seat]
        verdicts = [d.verdict for d in mine]
        costly = sorted((d for d in mine if d.cost > 0), key=lambda d: (-d.cost, d.ply))
        cost = round(sum(d.cost for d in mine), 1)
        chain = self.chain()
        start, end = ((chain[0].chances, chain[-1].chances) if chain else (50.0, 50.0))
        if seat == 1:
            start, end = round(100.0 - start, 1), round(100.0 - end, 1)
        return SeatSummary(
            seat, len(mine), cost, round(cost / len(mine), 1) if mine else 0.0,
            round(sum(luck.for_seat(seat) for luck in self.lucks()), 1),
            verdicts.count(Verdict.INACCURACY), verdicts.count(Verdict.MISTAKE),
            verdicts.count(Verdict.BLUNDER), sum(d.about_equal for d in mine),
            tuple(costly[:COSTLIEST]), start, end,
            round(sum(d.cost for d in self.everything() if d.seat != seat), 1))

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """``seat``'s chances through the game, as ``(ply, percent)`` (:meth:`chain`)."""
        return [(p.ply, p.chances if seat == 0 else round(100 - p.chances, 1))
                for p in self.chain()]

    def at(self, ply: int) -> Decision | None:
        """The decision at ``ply``, or ``None`` when that move was not analysed."""
        return next((d for d in self.everything() if d.ply == ply), None)

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "level": self.level, "seed": self.seed,
                "seats": list(self.seats),
                "decisions": [decision.to_dict() for decision in self.decisions],
                "others": [decision.to_dict() for decision in self.others],
                "draws": [draw.to_dict() for draw in self.draws], "final": self.final}

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """The analysis of :meth:`to_dict`'s JSON, or ``ValueError`` (another version too)."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not an analysis of this version")
        level, seats = ComputerLevel.of(data.get("level")), data.get("seats")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed is a whole number, not {seed!r}")
        if (not isinstance(seats, list) or not seats or len(set(seats)) != len(seats)
                or not all(seat in (0, 1) and not isinstance(seat, bool) for seat in seats)):
            raise ValueError(f"the seats are 0, 1 or both, not {seats!r}")
        final = data.get("final")
        if final is not None:
            final = _percent(final)
        return cls(level, seed, tuple(seats), _items(data, "decisions", Decision.from_dict),
                   _items(data, "others", Decision.from_dict),
                   _items(data, "draws", Draw.from_dict), final)


def _shown(value: float) -> float:
    return round(min(100.0, max(0.0, value)), 1)


def _items(data: dict[str, Any], key: str, parse: Any) -> tuple[Any, ...]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise ValueError(f"the {key} are a list")
    return tuple(parse(item) for item in items)


def _for_seat_0(seat: int, chances: float) -> float:
    return chances if seat == 0 else 100.0 - chances


def _seat(value: Any) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"a seat is 0 or 1, not {value!r}")
    return int(value)


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


#: What the computer's levels score in their own games (mean cost per decision, points of the
#: winning chances; README, "Analysing a game"), strongest first: three games of each level
#: against itself, analysed at the Expert level, set the strong levels (Hard 1.0, Expert 1.4)
#: apart from the weak ones (Medium 2.6, Easy 1.7), each seat's game straying from 0.0 to 5.5,
#: so a player's figure is measured against the two pairs, not the single levels.
LEVEL_PERFORMANCE: tuple[tuple[tuple[ComputerLevel, ComputerLevel], float], ...] = (
    ((ComputerLevel.HARD, ComputerLevel.EXPERT), 1.2),
    ((ComputerLevel.EASY, ComputerLevel.MEDIUM), 2.1),
)


def level_like(performance: float) -> tuple[ComputerLevel, ComputerLevel] | None:
    """The pair of computer levels whose performance is nearest ``performance``; ``None``
    when it is further past the weak pair's than the weak pair is past the strong one."""
    (_strong, best), (_weak, worst) = LEVEL_PERFORMANCE
    if performance > worst + (worst - best):
        return None
    return min(LEVEL_PERFORMANCE, key=lambda item: abs(item[1] - performance))[0]
