"""How well the winning chances are calibrated: for positions of real and computer games, the
chances the analysis gives a move against how often it won when the game was played on from
there many times, the draw pile dealt anew each time (R5.4: only what the seat knew).

A position is a decision of a game (a record, or a game the benchmark plays between computer
levels of every strength); its *chances* are those of the move played as the analysis
measures them (:func:`~famiglia.players.advice.advise`); each *continuation* deals the cards
nobody has seen anew, plays the turn the analysis measured (the move and what the search
expected to follow it) and then both seats as the play-out player plays
(``greedy.rollout_action``, whose self-play the chances stand for) to the end, or, to see what
the chances mean for a game between the levels, both seats at a computer level.  The *gap* of
a position is the difference, in percentage points, between its chances and the share of its
continuations the seat won (a draw half).  The command line
(``famiglia calibration``) prints the mean and the largest gap and draws the reliability
diagram; nothing here reads or writes files.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import Action, Game, parse_action, read_record
from . import make_player
from .advice import DEFAULT_LEVEL, EFFORTS, Effort, advise
from .mcts import _rollout
from .measure import TO_THE_END, outcome
from .seats import ComputerLevel

#: The continuations' player unless a level is asked for: the analysis's play-out player.
PLAY_OUT = "play-out"

#: The computer games the positions come from unless records are given: pairs of levels
#: (and the greedy script), so that leads, blunders and close games all occur.
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("easy", "medium"), ("medium", "hard"), ("hard", "expert"), ("easy", "hard"),
    ("greedy", "medium"), ("medium", "medium"), ("easy", "easy"), ("greedy", "expert"))


@dataclass(frozen=True, slots=True)
class Sample:
    """A position to check: the game before the decision, the move played and where it
    comes from (for the report)."""

    game: Game
    played: Action
    source: str


@dataclass(frozen=True, slots=True)
class Checked:
    """A checked position: the analysis's chances (percent), how many of ``continuations`` the
    seat won (a draw half), where the position comes from and who played the continuations
    (:data:`PLAY_OUT` or a computer level)."""

    chances: float
    won: float
    continuations: int
    source: str
    player: str = PLAY_OUT

    @property
    def rate(self) -> float:
        """The share of continuations won, in percent."""
        return 100.0 * self.won / self.continuations

    @property
    def gap(self) -> float:
        return abs(self.chances - self.rate)

    @property
    def error(self) -> float:
        """The standard error of the win rate (percentage points): how far it strays from the
        true rate by chance alone."""
        share = min(max(self.won / self.continuations, 0.5 / self.continuations),
                    1 - 0.5 / self.continuations)
        return 100.0 * math.sqrt(share * (1 - share) / self.continuations)

    def to_dict(self) -> dict[str, Any]:
        return {"chances": self.chances, "won": self.won, "continuations": self.continuations,
                "source": self.source, "player": self.player}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Checked:
        return cls(float(data["chances"]), float(data["won"]), int(data["continuations"]),
                   str(data["source"]), str(data.get("player", PLAY_OUT)))


def _player(spec: str, seed: int) -> Any:
    if spec in set(ComputerLevel):
        return make_player("mcts", level=spec, seed=seed)
    return make_player(spec, seed=seed)


def played_games(count: int, seed: int) -> Iterator[tuple[Game, str]]:
    """``count`` games between the :data:`PAIRINGS`, in turn, from the deal ``seed`` on."""
    for index in range(count):
        first, second = PAIRINGS[index % len(PAIRINGS)]
        deal = seed + index
        game = Game.new(deal, first_player=deal % 2)
        players = (_player(first, 2 * deal), _player(second, 2 * deal + 1))
        while not game.is_terminal():
            game.push(players[game.current].choose(game))
        yield game, f"{first}-{second} {deal}"


def samples_of(games: Iterable[tuple[Game, str]], every: int) -> Iterator[Sample]:
    """Every ``every``-th decision (more than one legal action) of each game, replayed."""
    for final, source in games:
        game = Game.from_setup(final.setup)
        count = 0
        for move in final.move_stack:
            if game.is_gangster_turn():
                game.play_gangster_turn()
                continue
            if len(game.legal_actions()) > 1:
                count += 1
                if count % every == 0:
                    yield Sample(game.copy(), move.action, f"{source} move {game.ply() + 1}")
            if game.ply() < len(final.move_stack):
                game.push(move.action)


def record_games(records: Sequence[Mapping[str, Any]]) -> list[tuple[Game, str]]:
    """The finished games of ``records`` (read with every move checked)."""
    games = []
    for index, record in enumerate(records):
        game = read_record(record)
        if game.is_terminal():
            names = record.get("players", {}).get("names", ["?", "?"])
            games.append((game, f"record {index + 1} ({names[0]} – {names[1]})"))
    return games


def check(sample: Sample, continuations: int, seed: int, effort: Effort | None = None,
          player: str = PLAY_OUT) -> Checked:
    """The analysis's chances for ``sample``'s move and how often it won when played on
    ``continuations`` times by ``player`` (see the module docstring)."""
    game = sample.game
    found = advise(game, effort=effort or EFFORTS[DEFAULT_LEVEL], played=sample.played)
    option = found.other or found.best
    line = [parse_action(step) for step in option.line]
    me = game.current
    rng = random.Random(f"{seed}|calibration|{sample.source}")
    won = 0.0
    for _ in range(continuations):
        deal = game.resample(rng.getrandbits(63))
        for step in line:  # a step after a refresh names a card that was there before it
            if step not in deal.legal_actions():
                break
            deal.push(step)
        play_on(deal, player, rng)
        won += outcome(deal, me)
    return Checked(option.chances, won, continuations, sample.source, player)


def play_on(game: Game, player: str, rng: random.Random) -> None:
    """Play ``game`` to the end: both seats as the play-out player (:data:`PLAY_OUT`) or at
    the computer level ``player``."""
    if player == PLAY_OUT:
        _rollout(game, random.Random(rng.getrandbits(63)), TO_THE_END)
        return
    players = (_player(player, rng.getrandbits(62)), _player(player, rng.getrandbits(62)))
    while not game.is_terminal():
        if game.is_gangster_turn():
            game.play_gangster_turn()
            continue
        game.push(players[game.current].choose(game))


@dataclass(frozen=True, slots=True)
class Report:
    """What the benchmark found: the mean and the largest gap (percentage points), how many
    positions were off by more than 15 points, the mean standard error of the win rates (what
    the gaps would be by chance alone), and per tenth of the chances the mean chances, the
    observed win rate and the positions (the reliability diagram), with the mean gap of the
    tenths (weighted by their positions) and the largest."""

    positions: int
    mean_gap: float
    largest_gap: float
    over_15: int
    mean_error: float
    bins: tuple[tuple[float, float, int], ...]

    @property
    def noise_floor(self) -> float:
        """The mean gap the win rates' own noise alone would make (points): a normal error's
        mean size is its standard error times the square root of 2 / pi."""
        return self.mean_error * math.sqrt(2.0 / math.pi)

    @property
    def bin_gaps(self) -> tuple[float, float]:
        """The tenths' mean gap (weighted by their positions) and their largest."""
        gaps = [(abs(chances - rate), count) for chances, rate, count in self.bins]
        total = sum(count for _gap, count in gaps)
        return (sum(gap * count for gap, count in gaps) / total if total else 0.0,
                max((gap for gap, _count in gaps), default=0.0))


def report(checked: Sequence[Checked], bins: int = 10) -> Report:
    groups: list[list[Checked]] = [[] for _ in range(bins)]
    for item in checked:
        groups[min(bins - 1, int(item.chances / 100.0 * bins))].append(item)
    table = tuple((sum(i.chances for i in group) / len(group),
                   sum(i.won for i in group) / sum(i.continuations for i in group) * 100.0,
                   len(group)) for group in groups if group)
    gaps = [item.gap for item in checked]
    return Report(len(checked), sum(gaps) / len(gaps), max(gaps),
                  sum(gap > 15.0 for gap in gaps),
                  sum(item.error for item in checked) / len(checked), table)
