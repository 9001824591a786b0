"""A hand as one number (R1.3, R1.5): how many cards of each code it holds and how many of them
are start-set copies, which is all the rules ask of a hand.

The game keeps each seat's signature up to date as cards move, so the rules of R3.2–R3.4 can
build what a hand allows once and find it again by its signature.  The layout: a *block* per
family in code order (A, B, F, M), each its five codes' counts (:data:`BITS` bits each, rank 0
first) and then its start-set copies' count.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import TypeVar

from .cards import ALL_CODES, DECK, Back, Card

T = TypeVar("T")

#: The codes in the order of a signature's fields: family by family (A, B, F, M), each from
#: rank 0 to 4.
CODES = tuple(sorted(ALL_CODES))
#: Bits per code: a hand holds at most five cards of a code (R1.1).
BITS = 3
#: Bits per family block: its five codes, then two counting its start-set copies (R1.5), so
#: that one shift and one mask read all a family is in a hand.
FAMILY_BITS = 5 * BITS + 2
#: What one card adds to a signature, by card id: one to its code's count, and for a start-set
#: copy one to its family's count of those.
WEIGHT = tuple(
    (1 << FAMILY_BITS * (CODES.index(card.code) // 5) + BITS * card.rank)
    + (0 if card.back is Back.NEUTRAL
       else 1 << FAMILY_BITS * (CODES.index(card.code) // 5) + 5 * BITS)
    for card in DECK
)
#: Where each family's block starts, and the masks of a block and of its five counts.
SHIFT = {letter: FAMILY_BITS * block for block, letter in enumerate("ABFM")}
BLOCK_MASK = (1 << FAMILY_BITS) - 1
COUNTS_MASK = (1 << 5 * BITS) - 1
#: A one in each code's field of a block.
BLOCK_ONES = sum(1 << BITS * rank for rank in range(5))
#: R1.1: every count of its five codes a hand can hold (up to five 0s, four 1s, three 2s, two
#: 3s, one 4), as a block's counts.
ALL_COUNTS = tuple(sum(count << BITS * rank for rank, count in enumerate(counts))
                   for counts in product(range(6), range(5), range(4), range(3), range(2)))


def hand_signature(cards: list[Card] | tuple[Card, ...]) -> int:
    """The signature of a hand (see the module docstring)."""
    return sum(WEIGHT[card.id] for card in cards)


def by_counts(letter: str, make: Callable[[str], tuple[T, ...]]) -> dict[int, tuple[T, ...]]:
    """For each count block a family ``letter`` can have in a hand (:data:`ALL_COUNTS`), what
    ``make`` gives for the codes held, rank 0 first: the options of a hand's cards of that
    family, found later with one lookup of ``signature >> SHIFT[letter] & COUNTS_MASK``."""
    made = {rank: make(f"{letter}{rank}") for rank in range(5)}
    return {block: tuple(item for rank in range(5) if block >> BITS * rank & 7
                         for item in made[rank])
            for block in ALL_COUNTS}
