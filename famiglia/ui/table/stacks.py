"""The play areas as stacks: the cards of one code and back look alike (R1.3, R1.5), so they lie
on one stack with their count, and a full play area of 30 cards is a row of a dozen or so
stacks, each card of it readable.

A play area keeps its stacks in a fixed order that never moves a card under the pointer: a
code new to it opens a stack at the row's right end (an Accountant just played never pushes
the others aside: the row keeps room for a few more stacks than it holds, :data:`HEADROOM`), a
card of a code it holds goes onto that stack, and a stack emptied by an exchange (R3.2) keeps
its place, empty, until the turn ends; only then do the stacks right of it close up.  A table
starts its play areas sorted by family and rank.  The Gangster's play area is the core's,
sorted by rank (S2), each code and back a stack.

A stack's cards rest on one place, the lower ones peeking out a little above and to the
right; only its top card is grabbed, named and outlined, and its count is written under its
rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from ...rules import DECK, Back, Family
from .geometry import Size, row, uncovered

#: A stack: the code and the back its cards share.
StackKey = tuple[str, Back]
#: The stacks a player's play area keeps room for beyond those it holds when a turn begins
#: (an Accountant and the new codes of its exchanges, R3.2), so that they arrive at the
#: row's end without the others drawing closer.
HEADROOM = 3
#: How far each lower card of a stack peeks out (a share of the card's width), and how many
#: peek at most.
PEEK = 0.05
PEEKING = 2
FAMILY_ORDER = {family.value: index for index, family in enumerate(Family)}


def key_of(card_id: int) -> StackKey:
    card = DECK[card_id]
    return card.code, card.back


def sorted_keys(ids: Iterable[int]) -> list[StackKey]:
    """The stacks of ``ids`` by family, rank and back (a table's first order)."""
    keys = {key_of(card_id) for card_id in ids}
    return sorted(keys, key=lambda key: (FAMILY_ORDER[key[0][0]], key[0][1],
                                         key[1] is not Back.NEUTRAL))


def stacked(ids: Sequence[int], order: Sequence[StackKey]) -> list[tuple[StackKey, list[int]]]:
    """The stacks of a play area holding ``ids`` (the core's order, earliest first): the keys
    of ``order`` in their places (an emptied one stays, empty), then each key new to it
    where its first card comes in ``ids``; each stack's cards bottom to top."""
    stacks: dict[StackKey, list[int]] = {key: [] for key in order}
    for card_id in ids:
        stacks.setdefault(key_of(card_id), []).append(card_id)
    return list(stacks.items())


def settled(ids: Sequence[int], order: Sequence[StackKey]) -> list[StackKey]:
    """The order once the turn is over: the emptied stacks closed up."""
    held = {key_of(card_id) for card_id in ids}
    return [key for key, cards in stacked(ids, order) if key in held and cards]


@dataclass(frozen=True)
class StackPlaces:
    """Where a play area's cards rest: each card's rect and the part of it that shows (the
    top card's strip up to the next stack; nothing of a lower card, which only peeks)."""

    rects: dict[int, pygame.Rect]
    visible: dict[int, pygame.Rect]


def stack_places(stacks: Sequence[tuple[StackKey, list[int]]], region: pygame.Rect,
                 card: Size, *, spacing: float, top: int, room: int = 0) -> StackPlaces:
    """The places of ``stacks`` in a row inside ``region``, ``spacing`` card widths apart at
    most (overlapping as far as a row of ``room`` stacks must, or of them all), the cards'
    tops at ``top``."""
    slots = row(region, card, max(room, len(stacks)), spacing=spacing, top=top)[:len(stacks)]
    strips = uncovered(slots)
    peek = max(1, round(card[0] * PEEK))
    rects: dict[int, pygame.Rect] = {}
    visible: dict[int, pygame.Rect] = {}
    for (_key, cards), slot, strip in zip(stacks, slots, strips, strict=True):
        for depth, card_id in enumerate(reversed(cards)):
            shift = min(depth, PEEKING) * peek
            rects[card_id] = slot.move(shift, -shift)
            visible[card_id] = strip.copy() if depth == 0 else pygame.Rect(
                rects[card_id].topleft, (0, 0))
    return StackPlaces(rects, visible)


def count_badge(strip: pygame.Rect, width: int, size: Size) -> pygame.Rect:
    """Where a stack's count (a badge of ``size``) goes: on the uncovered ``strip`` of its
    top card (``width`` wide), under the rank chip written there, left-aligned with it."""
    radius = max(8, min(14, round(width * 0.16), strip.width // 2 - 1))
    badge = pygame.Rect((0, 0), size)
    badge.topleft = (strip.left + 1, strip.top + 2 * radius + 4)
    return badge
