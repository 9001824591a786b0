"""Measuring turns with equal effort: the value, the winning chances and the VP margin that
play-outs after each of a few turns end with, all on the same re-deals of the draw pile.

Each turn is played out the same number of times, every play-out on the same re-deal and the
same draws of the play-out policy as the other turns' (common random numbers), so the
differences between turns are steadier than the values themselves.  The play-outs are the
search player's rollouts (``mcts._rollout``: both seats greedy-ish, ``greedy.rollout_action``):
after a few turns the search's value (``mcts.evaluate``) and the VP margin are read, then the
same play-out goes on to the end of the game, and the share of play-outs the seat wins (a draw
half) is its *winning chances*: the probability of winning when both seats play on as the
play-out player does, measured rather than guessed.  There is no tree: a tree below each
turn would let the seat to move pick its best continuation against an opponent whose replies
it has barely tried, so the turns that end later (a refresh, an Accountant) would look better
than those that end the turn at once.  Near the end, once the reshuffle (R4.2) has happened and
the draw pile holds few enough cards, every possible order of the cards nobody has seen is
dealt equally often instead of at random: the chances are then exact for the play-outs, not a
sample.

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

from ..rules import Action, Game
from .mcts import CONTEMPT, _rollout

#: Turns enough for any play-out to reach the end of the game.
TO_THE_END = 10_000
#: Every order of the unseen cards is dealt in turn when there are at most this many.
ORDERS = 240
#: How many re-deals may be tried to find each of those orders once.
ORDER_TRIES = 40


#: A turn to measure: its steps, each with what it does (``mcts.action_key``).
Line = Sequence[tuple[Action, Any]]


@dataclass(frozen=True, slots=True)
class Measured:
    """What the search saw after a turn (``line``), for the seat that plays it: ``value`` the
    search's value in [-1, 1] (what it ranks moves by), ``chance`` the probability of winning
    (a draw half) at the end of the play-outs, ``margin`` the mean VP margin where the value is
    read."""

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


def measure(game: Game, lines: Sequence[Line], *, iterations: int, seed: int,
            rollout_turns: int) -> list[Measured]:
    """Measure each of ``lines`` (turns of the seat to move in ``game``) with equal effort
    (see the module docstring): ``iterations`` play-outs each (a whole number of rounds when
    the orders are enumerated), the value read after ``rollout_turns`` turns.  Every turn is
    measured where it ends (or where cards are drawn), so that turns of one step and of several
    are measured alike."""
    if iterations < 1:
        raise ValueError("a measurement plays at least one play-out")
    me = game.current
    rng = random.Random(f"{seed}|measure|{game.public_fingerprint()}")
    seeds, _orders = deal_seeds(game, iterations, rng)
    values = [0.0] * len(lines)
    chances = [0.0] * len(lines)
    margins = [0.0] * len(lines)
    sign = 1.0 if me == 0 else -1.0
    for deal_seed in seeds:
        deal = game.resample(deal_seed)
        draws = rng.getrandbits(63)
        for index, line in enumerate(lines):
            after = deal.copy()
            play_line(after, line)
            play_out = random.Random(draws)
            value = _rollout(after, play_out, rollout_turns)
            result = after.result
            if result is not None and result.winner is None:
                value = -CONTEMPT if me == 0 else CONTEMPT
            values[index] += sign * value
            scores = after.scores
            margins[index] += sign * (scores[0] - scores[1])
            _rollout(after, play_out, TO_THE_END)
            chances[index] += outcome(after, me)
    count = len(seeds)
    return [Measured(tuple(step for step, _key in line), values[i] / count,
                     chances[i] / count, margins[i] / count)
            for i, line in enumerate(lines)]


def outcome(game: Game, seat: int) -> float:
    """What a finished game is worth to ``seat`` (R5.3): a win 1, a loss 0, a draw half (the
    core's :meth:`~famiglia.rules.Game.returns` on a scale from 0 to 1)."""
    assert game.result is not None
    return (1.0 + game.returns()[seat]) / 2.0


def play_line(game: Game, line: Line) -> None:
    """Play ``line`` on ``game`` (a re-deal of the position it starts from; a line draws no
    card before its last step, so every step is legal as it is)."""
    for action, _key in line:
        game.push(action)
