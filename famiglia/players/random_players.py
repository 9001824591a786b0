"""The random seat policies: uniform, no-pass and kind-balanced.

Each is a plain function of the legal actions and a ``random.Random`` (so the rules core's
benchmark and property tests can drive it directly) and a :class:`RandomPlayer` around it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..rules import PASS, Action, Game
from .kinds import PlayerKind

Policy = Callable[[list[Action], random.Random], Action]


def uniform_random(actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, all equally likely: passes are frequent, so games end early in a
    double pass (R5.2).  Drawn as ``int(random() * n)``: as uniform as ``rng.choice`` for lists
    this short, and several times cheaper (the benchmark draws once per action)."""
    return actions[int(rng.random() * len(actions))]


def no_pass_random(actions: list[Action], rng: random.Random) -> Action:
    """Any legal action but pass, which comes only when nothing else is legal (R3.4d), so
    games run through the whole deck, the reshuffle and the final round (R4.2, R5.1)."""
    if actions and actions[-1] is PASS:  # as the core lists it: once, last
        others = len(actions) - 1
        return actions[int(rng.random() * others)] if others else PASS
    choices = [action for action in actions if action is not PASS]
    return choices[int(rng.random() * len(choices))] if choices else PASS


def balanced_random(actions: list[Action], rng: random.Random) -> Action:
    """A random *kind* of action (refresh, Accountant, exchange, Brute, take), then a random
    action of that kind; pass only when nothing else is legal.  Takes come up as often as the
    far more numerous Brute variants, so the game looks like play (the attract mode)."""
    kinds: dict[type, list[Action]] = {}
    for action in actions:
        if action is not PASS:
            kinds.setdefault(type(action), []).append(action)
    if not kinds:
        return PASS
    return rng.choice(kinds[rng.choice(list(kinds))])


POLICIES: dict[PlayerKind, Policy] = {
    PlayerKind.RANDOM: uniform_random,
    PlayerKind.NO_PASS_RANDOM: no_pass_random,
    PlayerKind.BALANCED: balanced_random,
}


class RandomPlayer:
    """One of :data:`POLICIES` with its own generator seeded once: the same seed and the same
    sequence of games give the same moves.  Two seats sharing one player share the generator,
    which is how ``famiglia bench`` plays."""

    def __init__(self, policy: Policy, seed: int | None = None,
                 name: str = PlayerKind.RANDOM) -> None:
        self.name = name
        self.policy = policy
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.policy(game.legal_actions(), self.rng)
