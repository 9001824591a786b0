"""The generator's fast shuffle deals exactly what drawing one position at a
time deals: the R2.2 shuffle and the R4.2 reshuffle of every saved game and seed depend on it.

``Rng.shuffle`` computes its draws packed into one big integer; the reference here is the plain
Fisher–Yates with one ``Rng.below`` per position, including a draw ``below`` rejects.
"""

from __future__ import annotations

import random

import pytest

from famiglia.rules.rng import Rng

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def reference_shuffle(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def _unxorshift(value: int, shift: int) -> int:
    result = value
    for _ in range(64 // shift + 1):
        result = value ^ (result >> shift)
    return result


def state_giving(output: int) -> int:
    """The SplitMix64 state whose mix is ``output`` (the mix is a bijection)."""
    z = _unxorshift(output, 31)
    z = (z * pow(MIX2, -1, 1 << 64)) & MASK
    z = _unxorshift(z, 27)
    z = (z * pow(MIX1, -1, 1 << 64)) & MASK
    return _unxorshift(z, 30)


@pytest.mark.parametrize("length", [0, 1, 2, 3, 4, 5, 6, 7, 8, 30, 52, 63, 64, 65, 80])
def test_the_shuffle_deals_as_one_draw_per_position(length: int) -> None:
    """R2.2, R4.2: the same order and the same generator state afterwards."""
    seeds = random.Random(length)
    for _ in range(200):
        seed = seeds.getrandbits(64)
        fast, slow = Rng(seed), Rng(seed)
        dealt, expected = list(range(length)), list(range(length))
        fast.shuffle(dealt)
        reference_shuffle(slow, expected)
        assert dealt == expected
        assert fast.state == slow.state


def test_a_rejected_draw_is_drawn_again_as_below_does() -> None:
    """A draw at or above ``below``'s limit is rejected (no modulo bias): for 3 positions the
    only such draw is 2**64 - 1; put it sixth among the draws of an 8-card shuffle."""
    rejected = state_giving(MASK)
    start = (rejected - 6 * GAMMA) & MASK
    probe = Rng((rejected - GAMMA) & MASK)
    assert probe.next() == MASK
    fast, slow = Rng(start), Rng(start)
    dealt, expected = list(range(8)), list(range(8))
    fast.shuffle(dealt)
    reference_shuffle(slow, expected)
    assert dealt == expected
    assert fast.state == slow.state == (start + 8 * GAMMA) & MASK  # one draw more than 7
