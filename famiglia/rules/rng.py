"""A small deterministic random generator whose whole state is one integer.

The core must be reproducible for a given seed and serialise to JSON with its generator
(R2.2 shuffle, R4.2 reshuffle), on any Python version: SplitMix64 gives that in a few lines.
"""

from __future__ import annotations

import secrets
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
#: ``below(n)``'s rejection limit for the sizes a shuffle of the deck meets.
_LIMITS = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(64))


class Rng:
    """SplitMix64: ``state`` is a 64-bit integer that fully determines what follows."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & _MASK

    @staticmethod
    def fresh_seed() -> int:
        return secrets.randbits(63)

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, drawing as :meth:`below` does (inlined: search players
        re-deal the draw pile thousands of times a second, and every game deals once)."""
        mask = _MASK
        limits = _LIMITS
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            limit = limits[n] if n < 64 else (1 << 64) - (1 << 64) % n
            while z >= limit:  # rejected (almost never): draw again
                state = (state + 0x9E3779B97F4A7C15) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> Rng:
        return Rng(self.state)
