"""``famiglia bench``: how fast the rules core plays random legal games through its public API.

Two policies (issue #2): uniformly random among ``legal_actions()``, and *no-pass random*
(uniform among the actions other than pass; pass only when nothing else is legal), whose games
run through the whole deck, the reshuffle and the final round.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from .rules import PASS, Action, Game

Policy = Callable[[list[Action], random.Random], Action]


def uniform_random(actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


def no_pass_random(actions: list[Action], rng: random.Random) -> Action:
    choices = [action for action in actions if action is not PASS]
    return rng.choice(choices) if choices else PASS


POLICIES: dict[str, Policy] = {"random": uniform_random, "no-pass random": no_pass_random}


def play_game(seed: int, policy: Policy, *, fresh_cards_rule: bool = True) -> tuple[Game, int]:
    """Play one game to its end; return it and the number of actions applied."""
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=fresh_cards_rule)
    rng = random.Random(seed)
    actions = 0
    while not game.over:
        game.apply(policy(game.legal_actions(), rng))
        actions += 1
    return game, actions


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


def measure(policy_name: str, seconds: float, seed: int) -> BenchResult:
    policy = POLICIES[policy_name]
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        _, count = play_game(seed + games, policy, fresh_cards_rule=games % 2 == 0)
        games += 1
        actions += count
    return BenchResult(policy_name, games, actions, elapsed)


def run_bench(seconds: float, seed: int) -> list[BenchResult]:
    """Print one line of figures per policy (one core, pure Python)."""
    results = []
    for name in POLICIES:
        result = measure(name, seconds, seed)
        print(result.line(), flush=True)
        results.append(result)
    return results
