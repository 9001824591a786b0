"""``famiglia arena A B``: measured strength of two seat policies.

Both play every deal from both seats (seat-swapped, so neither gains by the deal or by
starting; an odd number of games plays its last deal from one seat only, A in seat 0), the
games spread over a process pool.  Against the Gangster (``gangster:3a``, S3)
A plays the human seat of each deal once.  The summary: A's wins, draws and losses, its win
rate with a 95% Wilson confidence interval, the mean VP margin and the Elo difference that A's
score (a draw counting half) implies.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from .players import ComputerLevel, MctsPlayer, Player, PlayerKind, make_player, play_game
from .rules import Action, Game, Opponent
from .rules.gangster import LEVELS as GANGSTER_LEVELS
from .rules.gangster import SoloVariant

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def parse_entrant(spec: str) -> str:
    """Check an entrant's name and return it in canonical form: a kind of player
    (``random``, ``greedy``, ``mcts`` …), ``mcts:<level>``, ``mcts:<iterations>`` or
    ``gangster:<level><variant>`` (``gangster:3a``); raises ``ValueError`` in plain words."""
    text = spec.strip().lower()
    kind, _, option = text.partition(":")
    if kind == Opponent.GANGSTER:
        if (len(option) == 2 and option[0].isdigit() and int(option[0]) in GANGSTER_LEVELS
                and option[1] in set(SoloVariant)):
            return text
        raise ValueError(f"{spec!r}: the Gangster is gangster:<level 1-4><variant a or b>, "
                         "e.g. gangster:3a")
    if kind == PlayerKind.MCTS:
        if not option or option in set(ComputerLevel) or (option.isdigit() and int(option) > 0):
            return text if option else f"mcts:{ComputerLevel.EXPERT}"
        raise ValueError(f"{spec!r}: the search player is mcts:<level> "
                         f"({', '.join(ComputerLevel)}) or mcts:<iterations>")
    if kind in set(PlayerKind) and not option:
        return text
    raise ValueError(f"{spec!r} is not a player; use one of {', '.join(PlayerKind)}, "
                     "mcts:<level>, mcts:<iterations> or gangster:<level><variant>")


def build_player(spec: str, seed: int) -> Player:
    """The player an entrant's (canonical) name stands for."""
    kind, _, option = spec.partition(":")
    if kind != PlayerKind.MCTS or not option:
        return make_player(kind, seed=seed)
    if option.isdigit():
        return make_player(kind, seed=seed, iterations=int(option))
    return make_player(kind, seed=seed, level=option)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game from A's side: ``result`` 1 won, 0 drawn, −1 lost; ``margin`` VP(A) − VP(B);
    for a search player A, the seconds of each decision it searched and how many of those
    searches the time cap stopped before the level's iteration count."""

    result: int
    margin: int
    search_seconds: tuple[float, ...] = ()
    cut_short: int = 0


class _Timed:
    """A search player whose searches are timed (decisions with one legal action need none)."""

    def __init__(self, player: MctsPlayer) -> None:
        self.player = player
        self.name = player.name
        self.seconds: list[float] = []
        self.cut_short = 0

    def choose(self, game: Game) -> Action:
        result = self.player.search(game)
        if result.iterations:
            self.seconds.append(result.seconds)
            self.cut_short += result.cut_short
        return result.action


def play_one(a: str, b: str, seed: int, a_seat: int, fresh_cards_rule: bool = True) -> Outcome:
    """One game of the match: the deal of ``seed`` with A in ``a_seat`` (the deal's start
    player alternates with the seed).  Against the Gangster A is seat 0 and the variant says who
    starts (S3)."""
    player = build_player(a, seed if b.startswith("gangster:") else 2 * seed)
    timed = _Timed(player) if isinstance(player, MctsPlayer) else None
    measured: Player = timed or player
    if b.startswith("gangster:"):
        level, variant = int(b[9]), SoloVariant(b[10])
        game = Game.new(seed, first_player=variant.first_player, fresh_cards_rule=fresh_cards_rule,
                        opponent=Opponent.GANGSTER, gangster_level=level)
        play_game(game, (measured, None))
        a_seat = 0
    else:
        game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=fresh_cards_rule)
        seats = [build_player(b, 2 * seed + 1), build_player(b, 2 * seed + 1)]
        seats[a_seat] = measured
        play_game(game, seats)
    assert game.result is not None
    winner = game.result.winner
    scores = game.result.scores
    result = 0 if winner is None else (1 if winner == a_seat else -1)
    if timed is None:
        return Outcome(result, scores[a_seat] - scores[1 - a_seat])
    return Outcome(result, scores[a_seat] - scores[1 - a_seat], tuple(timed.seconds),
                   timed.cut_short)


@dataclass(frozen=True, slots=True)
class MatchStats:
    """A's record over a match."""

    wins: int
    draws: int
    losses: int
    margin_total: int
    search_seconds: tuple[float, ...] = ()
    cut_short: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game (what Elo is computed from)."""
        return (self.wins + self.draws / 2) / self.games

    @property
    def mean_margin(self) -> float:
        return self.margin_total / self.games

    @property
    def p95_seconds(self) -> float:
        """The 95th percentile of A's search times (nearest rank); 0 without searches."""
        ordered = sorted(self.search_seconds)
        if not ordered:
            return 0.0
        return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def tally(outcomes: list[Outcome]) -> MatchStats:
    return MatchStats(sum(o.result == 1 for o in outcomes), sum(o.result == 0 for o in outcomes),
                      sum(o.result == -1 for o in outcomes), sum(o.margin for o in outcomes),
                      tuple(s for o in outcomes for s in o.search_seconds),
                      sum(o.cut_short for o in outcomes))


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1, where the winning rates
    of a strong player lie, unlike the normal approximation."""
    if trials <= 0:
        raise ValueError("no games, no interval")
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    half /= denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(score: float, games: int | None = None) -> float:
    """The Elo difference implied by an expected score: 400·log10(s / (1 − s)).  A perfect or
    a nil score is infinite; with ``games`` it is taken as half a game short of it."""
    if games:
        score = min(max(score, 0.5 / games), 1 - 0.5 / games)
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def tasks(a: str, b: str, games: int, seed: int) -> list[tuple[str, str, int, int]]:
    """Exactly ``games`` games: against the Gangster one per deal; else each deal twice, A in
    seat 0 and then in seat 1, so that an odd count plays its last deal once, with A in seat 0
    (A sits in seat 0 in ⌈games / 2⌉ games)."""
    if b.startswith("gangster:"):
        return [(a, b, seed + n, 0) for n in range(games)]
    return [(a, b, seed + n // 2, n % 2) for n in range(games)]


def _play_task(task: tuple[str, str, int, int, bool]) -> Outcome:
    return play_one(*task)


def outcomes(match: list[tuple[str, str, int, int]], jobs: int, fresh_cards_rule: bool
             ) -> Iterator[Outcome]:
    """Play the games, on ``jobs`` processes; yields outcomes as they finish."""
    work = [(*task, fresh_cards_rule) for task in match]
    if jobs <= 1:
        for task in work:
            yield _play_task(task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: list[Future[Outcome]] = [pool.submit(_play_task, task) for task in work]
        for future in as_completed(futures):
            yield future.result()


def describe(a: str, b: str, stats: MatchStats) -> str:
    low, high = wilson_interval(stats.wins, stats.games)
    elo = elo_difference(stats.score, stats.games)
    elo_low = elo_difference(wilson_interval(stats.wins + stats.draws / 2, stats.games)[0],
                             stats.games)
    elo_high = elo_difference(wilson_interval(stats.wins + stats.draws / 2, stats.games)[1],
                              stats.games)
    searches = len(stats.search_seconds)
    timing = (f"  {a} searched {searches} decisions: 95th percentile {stats.p95_seconds:.3f} s, "
              f"slowest {max(stats.search_seconds):.3f} s, time cap reached in {stats.cut_short} "
              f"({stats.cut_short / searches:.1%})",) if searches else ()
    return "\n".join((
        f"{a} against {b}: {stats.games} games",
        f"  {a} wins {stats.wins}, draws {stats.draws}, loses {stats.losses}",
        f"  win rate {stats.win_rate:.1%} (95% CI {low:.1%} – {high:.1%})",
        f"  mean VP margin {stats.mean_margin:+.1f}",
        f"  Elo difference {elo:+.0f} (95% CI {elo_low:+.0f} … {elo_high:+.0f})",
        *timing,
        f"| {a} | {b} | {stats.games} | {stats.wins} | {stats.draws} | {stats.win_rate:.1%} "
        f"({low:.1%}–{high:.1%}) | {stats.mean_margin:+.1f} | {elo:+.0f} |",
    ))


def run_arena(a_spec: str, b_spec: str, games: int, *, jobs: int | None = None, seed: int = 1,
              fresh_cards_rule: bool = True) -> MatchStats:
    """Play the match, with a progress line on stderr, then print the summary."""
    a, b = parse_entrant(a_spec), parse_entrant(b_spec)
    if a.startswith("gangster:"):
        raise ValueError("the Gangster plays only as B (it always has the second seat, S1)")
    match = tasks(a, b, games, seed)
    jobs = jobs or os.cpu_count() or 1
    start = time.perf_counter()
    results: list[Outcome] = []
    for outcome in outcomes(match, jobs, fresh_cards_rule):
        results.append(outcome)
        done = tally(results)
        print(f"\r  {len(results)}/{len(match)} games, {a} wins {done.win_rate:.1%}, "
              f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    stats = tally(results)
    print(describe(a, b, stats))
    print(f"  ({time.perf_counter() - start:.0f} s on {jobs} processes, seeds {seed}–"
          f"{seed + len({task[2] for task in match}) - 1}, fresh-cards rule "
          f"{'on' if fresh_cards_rule else 'off'})", flush=True)
    return stats
