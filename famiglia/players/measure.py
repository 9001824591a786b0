"""Measuring moves with equal effort: the value, the winning chances and the VP margin the
search sees below each of a few actions, all on the same re-deals of the draw pile.

Each action gets the same number of search iterations below it, every one on the same re-deal
and the same rollout draws as the other actions' (common random numbers), so the differences
between actions are steadier than the values themselves.  The first iterations only grow the
trees (their values, from before the trees found the good replies, are not counted), and the
trees explore more widely than the player does, so a value strays less from one seed to the
next.  Near the end, once the reshuffle (R4.2) has happened and the draw pile holds few enough
cards, every possible order of the cards nobody has seen is dealt equally often instead of
at random: the chances are then exact for the play-outs, not a sample.

Every re-deal comes from ``Game.resample`` (R5.4: only what the seat to move could know), and
the generator is seeded from the seed and the public position, so equal knowledge gives equal
measurements.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import Action, Game, Refresh
from .chances import leaf_chance
from .mcts import Node, _iterate, action_key, public_fingerprint

#: Every order of the unseen cards is dealt in turn when there are at most this many.
ORDERS = 240
#: How many re-deals may be tried to find each of those orders once.
ORDER_TRIES = 40


#: A turn to measure: its steps, each with what it does (``mcts.action_key``), so that a
#: step after a refresh is found on every re-deal whatever the Street holds there.
Line = Sequence[tuple[Action, Any]]


@dataclass(frozen=True, slots=True)
class Measured:
    """What the search saw after a turn (``line``), for the seat that plays it: ``value`` the
    search's value in [-1, 1] (what it ranks moves by), ``chance`` the probability of winning
    (a draw half), ``margin`` the mean VP margin at the end of the play-outs."""

    line: tuple[Action, ...]
    value: float
    chance: float
    margin: float


def unseen_orders(game: Game) -> int | None:
    """How many different orders (by card code, R1.3) the cards of the draw pile nobody has
    seen can lie in, when no reshuffle is still to come (R4.2); ``None`` before it."""
    if not game.reshuffled:
        return None
    known = game.to_dict()["known_bottom"]
    counts: dict[str, int] = {}
    for card in game.draw_pile[known:]:
        counts[card.code] = counts.get(card.code, 0) + 1
    orders = math.factorial(sum(counts.values()))
    for count in counts.values():
        orders //= math.factorial(count)
    return orders


def deal_seeds(game: Game, iterations: int, rng: random.Random) -> tuple[list[int], int]:
    """The re-deal seed of each iteration, and how many orders were enumerated (0: the seeds
    are random).  When every order of the unseen cards can be dealt (:data:`ORDERS`), each
    order's seed comes equally often, ``iterations`` rounded up to a whole number of rounds."""
    orders = unseen_orders(game)
    if orders is not None and orders <= ORDERS:
        found: dict[tuple[str, ...], int] = {}
        for _ in range(ORDER_TRIES * orders):
            seed = rng.getrandbits(63)
            key = tuple(card.code for card in game.resample(seed).draw_pile)
            found.setdefault(key, seed)
            if len(found) == orders:
                seeds = [found[key] for key in sorted(found)]
                rounds = -(-iterations // orders)
                return seeds * rounds, orders
    return [rng.getrandbits(63) for _ in range(iterations)], 0


def measure(game: Game, lines: Sequence[Line], *, iterations: int, warmup: int,
            exploration: float, seed: int, rollout_turns: int) -> list[Measured]:
    """Measure each of ``lines`` (turns of the seat to move in ``game``) with equal effort
    (see the module docstring): ``iterations`` each, of which the first ``warmup`` (a whole
    number of rounds when the orders are enumerated) only grow the trees.  Every turn is
    measured where it ends (or where cards are drawn), so that turns of one step and of
    several are measured alike."""
    if not 0 <= warmup < iterations:
        raise ValueError("warmup is at least 0 and less than the iterations")
    me = game.current
    rng = random.Random(f"{seed}|measure|{public_fingerprint(game)}")
    seeds, orders = deal_seeds(game, iterations, rng)
    if orders:
        warmup = warmup // orders * orders
    roots = [Node() for _ in lines]
    values = [0.0] * len(lines)
    chances = [0.0] * len(lines)
    margins = [0.0] * len(lines)
    sign = 1.0 if me == 0 else -1.0
    for done, deal_seed in enumerate(seeds):
        deal = game.resample(deal_seed)
        draws = rng.getrandbits(63)
        for index, line in enumerate(lines):
            after = deal.copy()
            play_line(after, line)
            value = _iterate(after, roots[index], random.Random(draws), rollout_turns, me,
                             exploration=exploration)
            if done >= warmup:
                values[index] += sign * value
                chance = leaf_chance(after)
                chances[index] += chance if me == 0 else 1.0 - chance
                scores = after.scores
                margins[index] += sign * (scores[0] - scores[1])
    counted = len(seeds) - warmup
    return [Measured(tuple(step for step, _key in line), values[i] / counted,
                     chances[i] / counted, margins[i] / counted)
            for i, line in enumerate(lines)]


def play_line(game: Game, line: Line) -> None:
    """Play ``line`` on ``game`` (a re-deal): up to the first refresh each step as it is, after
    it each step by what it does, as far as this re-deal allows it."""
    drawn = False
    for action, key in line:
        if drawn:
            found = next((step for step in game.legal_actions()
                          if action_key(game, step) == key), None)
            if found is None:
                return
            action = found
        drawn = drawn or isinstance(action, Refresh)
        game.push(action)
