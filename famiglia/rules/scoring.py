"""Final scoring and the tie-break (RULES.md R5.3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card


def score(cards: Iterable[Card]) -> int:
    """R5.3: a player scores the VP of all own cards, hand and play area together."""
    return sum(card.vp for card in cards)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who won and why: ``decided_by`` is ``"vp"``, ``"tie_break"`` or ``"draw"``."""

    scores: tuple[int, int]
    winner: int | None
    decided_by: str
    tie_break_card: int | None = None
    tie_break_vp: tuple[int | None, int | None] | None = None


def decide(owned: Sequence[Sequence[Card]]) -> Verdict:
    """R5.3: more VP wins; on equal VP the single most valuable card, then the next-highest, …

    **Ruling** (RULES.md R5.3): identical VP lists are a draw.  Lists that agree as far as the
    shorter one goes differ only in 0-VP cards; the player who owns the extra card owns a card
    where the other has none, and wins (``tie_break_vp`` then holds ``None`` for "no card").
    """
    scores = (score(owned[0]), score(owned[1]))
    if scores[0] != scores[1]:
        return Verdict(scores, 0 if scores[0] > scores[1] else 1, "vp")
    ranked = [sorted((c.vp for c in cards), reverse=True) for cards in owned]
    for position in range(max(len(ranked[0]), len(ranked[1]))):
        vp0 = ranked[0][position] if position < len(ranked[0]) else -1
        vp1 = ranked[1][position] if position < len(ranked[1]) else -1
        if vp0 != vp1:
            shown = (vp0 if vp0 >= 0 else None, vp1 if vp1 >= 0 else None)
            return Verdict(scores, 0 if vp0 > vp1 else 1, "tie_break", position + 1, shown)
    return Verdict(scores, None, "draw")
