"""A small deterministic random generator whose whole state is one integer.

The core must be reproducible for a given seed and serialise to JSON with its generator
(R2.2 shuffle, R4.2 reshuffle), on any Python version: SplitMix64 gives that in a few lines.
"""

from __future__ import annotations

import secrets
from operator import mod
from struct import unpack
from typing import Any, TypeVar

from .jsontext import brief

T = TypeVar("T")

_MASK = (1 << 64) - 1
#: SplitMix64's constants: the step of the state and the two multipliers of the mix.
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: ``below(n)``'s rejection limit for the sizes a shuffle of the deck meets.
_LIMITS = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(64))
#: From this many draws on, packing them (:func:`_draws`) is cheaper than one at a time.
_PACKED_FROM = 5
#: The numbers new deals get: 6 to 8 digits.
FRESH_SEEDS = range(100_000, 100_000_000)
#: A seed or a generator state is a whole number of at most this many bits.
SEED_BITS = 64


def check_seed(value: Any, what: str, *, allow_none: bool = False) -> Any:
    """``value`` if it is a seed (a whole number of at most :data:`SEED_BITS` bits, or ``None``
    where ``allow_none``), else ``ValueError``."""
    if value is None and allow_none:
        return None
    if type(value) is not int or value.bit_length() > SEED_BITS:
        raise ValueError(f"{what} must be a whole number of at most {SEED_BITS} bits, not "
                         f"{brief(value)}")
    return value


class Rng:
    """SplitMix64: ``state`` is a 64-bit integer that fully determines what follows."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & _MASK

    @staticmethod
    def fresh_seed() -> int:
        """A new deal number, drawn from :data:`FRESH_SEEDS`: short enough for players to read
        out and type to deal the same game again (any whole number deals a game)."""
        return FRESH_SEEDS.start + secrets.randbelow(len(FRESH_SEEDS))

    def next(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, drawing as :meth:`below` does.

        Search players re-deal the draw pile thousands of times a second and every game deals
        once, so more than a few draws are computed all at once: the states of the next draws
        are packed side by side into one big integer (:func:`_draws`), whose arithmetic Python
        does in C.  Should a draw come near the top of the range, where :meth:`below` might
        reject it (about one shuffle in 10**16), the shuffle draws one position at a time
        instead, so the result is always exactly that of :meth:`below`."""
        count = len(items) - 1
        if count < _PACKED_FROM:
            self._draw_one_by_one(items, count)
            return
        draws = _draws(self.state, count)
        if max(draws) >= (1 << 64) - count - 1:
            self._draw_one_by_one(items, count)
            return
        for i, j in zip(range(count, 0, -1), map(mod, draws, range(count + 1, 1, -1)),
                        strict=True):
            items[i], items[j] = items[j], items[i]
        self.state = (self.state + count * _GAMMA) & _MASK

    def _draw_one_by_one(self, items: list[T], last: int) -> None:
        """Fisher–Yates over ``items[:last + 1]``, each draw as :meth:`below` makes it (inlined:
        a call per draw would cost more than the draw)."""
        state = self.state
        for i in range(last, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - (1 << 64) % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> Rng:
        return Rng(self.state)


#: Each packed draw lives in a lane of 128 bits: its 64-bit value times a 64-bit multiplier
#: fits, so no lane ever spills into the next one.
_LANE = 128
_LANES: dict[int, tuple[int, int, int, str]] = {}


def _lanes(count: int) -> tuple[int, int, int, str]:
    """For ``count`` packed draws: a one in every lane, 1, 2, 3, … in the lanes, the 64-bit
    mask of every lane, and the ``struct`` format that reads them back."""
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << _LANE * k for k in range(count))
        steps = sum(k + 1 << _LANE * k for k in range(count))
        lanes = _LANES[count] = (ones, steps, _MASK * ones, f"<{2 * count}Q")
    return lanes


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of SplitMix64 from ``state``, computed lane by lane in one
    big integer: lane k holds the state of draw k + 1 and goes through the same mix."""
    ones, steps, mask, layout = _lanes(count)
    z = (state * ones + _GAMMA * steps) & mask
    z = ((z ^ (z >> 30)) & mask) * _MIX1 & mask
    z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
    z = (z ^ (z >> 31)) & mask
    return unpack(layout, z.to_bytes(count * _LANE // 8, "little"))[::2]
