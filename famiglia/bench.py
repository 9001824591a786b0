"""``famiglia bench``: how fast the rules core plays, and how fast the search player searches.

The core: random legal games through ``players.play_game`` under two policies: uniform random,
and no-pass random, whose games run through the whole deck, the reshuffle and the final round.
The search player: iterations per second from mid-game positions, and the time each level
takes per decision.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from .players import ComputerLevel, MctsPlayer, RandomPlayer
from .players import play_game as play
from .players.kinds import PlayerKind
from .players.random_players import Policy, no_pass_random, uniform_random
from .rules import Game

#: The core benchmark's policies (the rules' property tests play the same games).
POLICIES: dict[PlayerKind, Policy] = {PlayerKind.RANDOM: uniform_random,
                                       PlayerKind.NO_PASS_RANDOM: no_pass_random}

#: Mid-game positions for the search figures: these seeds, played greedily-at-random up to
#: this turn.
SEARCH_SEEDS = (11, 12, 13, 14, 15, 16)
SEARCH_TURN = 16

#: The warm-up before each policy's timed games, as a fraction of their time; its deals come
#: from seeds this far from the timed ones.
WARM_UP = 0.25
WARM_UP_SEEDS = 1_000_000


def play_game(seed: int, policy: Policy, *, fresh_cards_rule: bool = True) -> tuple[Game, int]:
    """The benchmark game of ``seed``: one generator seeded with it plays both seats; return the
    finished game and the number of actions applied."""
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=fresh_cards_rule)
    player = RandomPlayer(policy, seed)
    play(game, (player, player))
    return game, game.ply()


@dataclass(frozen=True)
class BenchResult:
    policy: str
    games: int
    actions: int
    seconds: float

    def line(self) -> str:
        return (f"{self.policy:>15}: {self.games / self.seconds:8.0f} games/s  "
                f"{self.actions / self.seconds:8.0f} actions/s  "
                f"{self.actions / self.games:6.1f} actions/game  ({self.games} games)")


def measure(policy_name: PlayerKind, seconds: float, seed: int) -> BenchResult:
    """Games of ``policy_name`` for ``seconds``, timed after a warm-up on other deals: the core
    builds what each hand allows once per hand signature and keeps it, so the first games of a
    process pay for tables that every later game and search reuses.  At least one game is
    played, however short the time, so every figure is measured."""
    policy = POLICIES[policy_name]
    warm_up_until = time.perf_counter() + WARM_UP * seconds
    warm_up_seed = seed + WARM_UP_SEEDS
    while time.perf_counter() < warm_up_until:
        play_game(warm_up_seed, policy, fresh_cards_rule=warm_up_seed % 2 == 0)
        warm_up_seed += 1
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or not games:
        _, count = play_game(seed + games, policy, fresh_cards_rule=games % 2 == 0)
        games += 1
        actions += count
    return BenchResult(policy_name, games, actions, elapsed)


def mid_game(seed: int) -> Game:
    """A position of turn :data:`SEARCH_TURN` with a choice to make: no-pass random play from
    the deal of ``seed``."""
    game = Game.new(seed, first_player=seed % 2)
    player = RandomPlayer(no_pass_random, seed)
    while not game.is_terminal() and (game.turn < SEARCH_TURN or game.is_gangster_turn()
                             or len(game.legal_actions()) < 3):
        game.push(player.choose(game))
    return game


def search_speed(seconds: float) -> tuple[float, int]:
    """Iterations per second of an unbounded search, ``seconds`` in all over the positions."""
    iterations = 0
    elapsed = 0.0
    for seed in SEARCH_SEEDS:
        player = MctsPlayer(iterations=10**9, seconds=seconds / len(SEARCH_SEEDS), seed=seed)
        result = player.search(mid_game(seed))
        iterations += result.iterations
        elapsed += result.seconds
    return iterations / elapsed, iterations


def level_times() -> dict[ComputerLevel, tuple[float, float]]:
    """Each level's mean and slowest decision time over the positions, in seconds."""
    times: dict[ComputerLevel, tuple[float, float]] = {}
    for level in ComputerLevel:
        spent = [MctsPlayer(level=level, seed=seed).search(mid_game(seed)).seconds
                 for seed in SEARCH_SEEDS]
        times[level] = (statistics.fmean(spent), max(spent))
    return times


def run_bench(seconds: float, seed: int) -> list[BenchResult]:
    """Print one line of figures per policy, then the search player's (one core)."""
    results = []
    for name in POLICIES:
        result = measure(name, seconds, seed)
        print(result.line(), flush=True)
        results.append(result)
    rate, iterations = search_speed(seconds)
    print(f"{'mcts search':>15}: {rate:8.0f} iterations/s from mid-game positions "
          f"({iterations} iterations)", flush=True)
    for level, (mean, slowest) in level_times().items():
        print(f"{'mcts:' + level:>15}: {mean * 1000:6.0f} ms per decision on average, "
              f"{slowest * 1000:6.0f} ms at most", flush=True)
    return results
