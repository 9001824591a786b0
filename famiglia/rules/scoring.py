"""Final scoring and the tie-break (docs/rules.md R5.3)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card


class DecidedBy(StrEnum):
    """How the winner was found: more VP, the tie-break on the most valuable cards (R5.3), no
    winner at all, or the other player's resignation."""

    VP = "vp"
    TIE_BREAK = "tie_break"
    DRAW = "draw"
    RESIGNATION = "resignation"


def score(cards: Iterable[Card]) -> int:
    """R5.3: a player scores the VP of all own cards, hand and play area together."""
    return sum(card.vp for card in cards)


@dataclass(frozen=True, slots=True)
class Tally:
    """R5.3's count at the end: both scores, who won and how it was decided (the game's
    ``GameOver`` carries it; the analysis's verdicts on decisions are another thing)."""

    scores: tuple[int, int]
    winner: int | None
    decided_by: DecidedBy
    tie_break_card: int | None = None
    tie_break_vp: tuple[int, int] | None = None


def decide(owned: Sequence[Sequence[Card]]) -> Tally:
    """R5.3: more VP wins; on equal VP the single most valuable card, then the next-highest, …

    **Ruling** (docs/rules.md R5.3): only cards worth at least 1 VP are compared; cards worth 0 VP
    never break a tie, so lists that agree on every card worth 1 VP or more are a draw
    (10, 3, 0, 0 against 10, 3, 0).  With equal totals the first difference always lies
    between two cards of at least 1 VP: had one list run out first, its total would be less.
    """
    scores = (score(owned[0]), score(owned[1]))
    if scores[0] != scores[1]:
        return Tally(scores, 0 if scores[0] > scores[1] else 1, DecidedBy.VP)
    ranked = [sorted((c.vp for c in cards if c.vp), reverse=True) for cards in owned]
    for position, (vp0, vp1) in enumerate(zip(ranked[0], ranked[1], strict=True)):
        if vp0 != vp1:
            return Tally(scores, 0 if vp0 > vp1 else 1, DecidedBy.TIE_BREAK, position + 1,
                           (vp0, vp1))
    return Tally(scores, None, DecidedBy.DRAW)
