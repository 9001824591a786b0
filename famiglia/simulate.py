"""``famiglia simulate``: how hard each Gangster level is (docs/rules.md S3–S5), measured.

Plays many solo games between the Gangster at every level and variant and simple scripted
humans, and prints a markdown table of win rates and mean scores.  The same seeds (so the same
deals) are used for every level, which makes the levels directly comparable.  The human
policies: *random* (uniform among the legal actions), *no-pass random* (pass only when nothing
else is legal) and *greedy* (take the most valuable card it can pay for this turn, playing a
Brute first when that makes a more valuable card affordable; with nothing to take, refresh
the Street if allowed, else pass).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from .players import greedy_action, no_pass_random, play_game, uniform_random
from .rules import Action, Game, Opponent
from .rules.gangster import CHALLENGES, SoloVariant

SoloPolicy = Callable[[Game, random.Random], Action]


def random_human(game: Game, rng: random.Random) -> Action:
    return uniform_random(game.legal_actions(), rng)


def no_pass_human(game: Game, rng: random.Random) -> Action:
    return no_pass_random(game.legal_actions(), rng)


def greedy_human(game: Game, rng: random.Random) -> Action:
    return greedy_action(game)


POLICIES: dict[str, SoloPolicy] = {
    "random": random_human,
    "no-pass random": no_pass_human,
    "greedy": greedy_human,
}


class _Human:
    """A solo policy with its generator as a seat for ``players.play_game``."""

    name = "human"

    def __init__(self, policy: SoloPolicy, seed: int) -> None:
        self.policy = policy
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.policy(game, self.rng)


def play_solo(seed: int, policy: SoloPolicy, level: int, variant: SoloVariant | str, *,
              fresh_cards_rule: bool = True) -> Game:
    """One solo game to its end: ``policy`` plays seat 0, the Gangster's program seat 1."""
    game = Game.new(seed, first_player=SoloVariant(variant).first_player,
                    fresh_cards_rule=fresh_cards_rule,
                    opponent=Opponent.GANGSTER, gangster_level=level)
    return play_game(game, (_Human(policy, seed), None))


@dataclass(frozen=True)
class Cell:
    """The outcome of ``games`` games of one policy against one level and variant."""

    key: str
    policy: str
    games: int
    wins: int
    draws: int
    ranking_total: int
    human_vp: int
    gangster_vp: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games

    @property
    def mean_ranking(self) -> float | None:
        """S5: the ranking value exists only for won games."""
        return self.ranking_total / self.wins if self.wins else None


def measure(key: str, policy: str, games: int, seed: int, *,
            fresh_cards_rule: bool = True) -> Cell:
    level, variant = int(key[0]), key[1]
    wins = draws = ranking = human = gangster = 0
    for number in range(games):
        result = play_solo(seed + number, POLICIES[policy], level, variant,
                           fresh_cards_rule=fresh_cards_rule).result
        assert result is not None
        human += result.scores[0]
        gangster += result.scores[1]
        if result.winner == 0:
            wins += 1
            ranking += result.ranking_value or 0
        elif result.winner is None:
            draws += 1
    return Cell(key, policy, games, wins, draws, ranking, human, gangster)


_HEADER = ("| level | human policy | human wins | draws | mean ranking value of wins "
           "| mean VP human : Gangster |\n|---|---|---|---|---|---|")


def row(cell: Cell) -> str:
    ranking = "–" if cell.mean_ranking is None else f"{cell.mean_ranking:.1f}"
    return (f"| {cell.key} | {cell.policy} | {cell.win_rate:.1%} | {cell.draw_rate:.1%} "
            f"| {ranking} | {cell.human_vp / cell.games:.1f} : "
            f"{cell.gangster_vp / cell.games:.1f} |")


def run_simulation(games: int, seed: int, *, fresh_cards_rule: bool = True,
                   policies: tuple[str, ...] = tuple(POLICIES)) -> list[Cell]:
    """Print the table row by row as it is measured and return the cells."""
    start = time.perf_counter()
    rule = "on" if fresh_cards_rule else "off"
    print(f"{games} games per row, seeds {seed}–{seed + games - 1}, fresh-cards rule {rule}\n")
    print(_HEADER, flush=True)
    cells = []
    for key in CHALLENGES:
        for policy in policies:
            cell = measure(key, policy, games, seed, fresh_cards_rule=fresh_cards_rule)
            print(row(cell), flush=True)
            cells.append(cell)
    print(f"\n({time.perf_counter() - start:.0f} s)")
    return cells

