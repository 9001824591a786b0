"""Where the core's draws come from: a *draw source* (R2.2, R2.4, R3.1, R4.1, R4.2, R5.4).

Every card that leaves the face-down draw pile is drawn through one of these, and every time
cards go face down into a new pile (the deal R2.2, the reshuffle R4.2) the source arranges them:

- :class:`SeededShuffle` is the game at one table: the pile is shuffled by the game's seeded
  generator when it is laid, and each draw takes the top card.  It deals exactly the games the
  seed always dealt.
- :class:`OutsideDraws` is the game between two computers: nobody holds an order.  The pile is
  kept in card-id order, and each draw picks one of the cards not yet seen, the *candidates*
  (sorted by id: the sorted multiset of the unseen codes, each copy with its own id, R1.3), by
  an index decided outside the core (``choose(n)`` returns a whole number in ``range(n)``).  The
  cards R3.1a put at the bottom of the pile are no candidates: they keep their known order and
  are drawn only once no unseen card is left above them.  A draw with a single candidate needs
  no choice.
- :class:`CountingDraws` is a dry run of :class:`OutsideDraws`: it picks the first candidate and
  notes how many candidates each draw had, so that an action can be tried on a copy to learn
  how many choices it needs before they are made.  A copy of outside draws is one: a copy of
  the game (for a dry run, or for a search that did not re-deal the pile) never spends the
  real game's choices.

Pure: no sockets, no files, no clock.  The pile is the core's list, bottom first (the top card
is the last), with its ``known_bottom`` count of R3.1a cards at the start.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from .cards import Card
from .rng import Rng

#: Chooses a draw: given the number of candidates ``n`` (at least 2), an index in ``range(n)``.
Chooser = Callable[[int], int]

_BY_ID = attrgetter("id")


class DrawSource:
    """What the core asks when cards go face down and when one is drawn."""

    __slots__ = ()

    def arrange(self, cards: list[Card]) -> None:
        """Put ``cards`` (about to go face down, R2.2, R4.2) in place into the order they are
        laid, the card to be drawn first at the start."""
        raise NotImplementedError

    def take(self, pile: list[Card], known_bottom: int, count: int) -> tuple[list[Card], int]:
        """Draw up to ``count`` cards off ``pile`` (bottom first; its first ``known_bottom``
        cards went under it by R3.1a): the cards drawn in the order drawn, and how many known
        cards are left at its bottom.  ``pile`` loses the drawn cards."""
        raise NotImplementedError

    def copy(self) -> DrawSource:
        """An independent source that continues identically."""
        raise NotImplementedError


class SeededShuffle(DrawSource):
    """The seeded generator's shuffle and the top card (R2.2, R4.2): the games of one table."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def arrange(self, cards: list[Card]) -> None:
        self.rng.shuffle(cards)

    def take(self, pile: list[Card], known_bottom: int, count: int) -> tuple[list[Card], int]:
        rest = max(len(pile) - count, 0)
        drawn = pile[rest:]
        del pile[rest:]
        drawn.reverse()  # the top card first
        return drawn, min(known_bottom, rest)

    def copy(self) -> SeededShuffle:
        return SeededShuffle(self.rng.copy())


class OutsideDraws(DrawSource):
    """Draws whose every choice comes from ``choose`` (R5.4: no order exists to be seen)."""

    __slots__ = ("choose",)

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose

    def arrange(self, cards: list[Card]) -> None:
        cards.sort(key=_BY_ID)

    def take(self, pile: list[Card], known_bottom: int, count: int) -> tuple[list[Card], int]:
        drawn: list[Card] = []
        while pile and len(drawn) < count:
            unseen = len(pile) - known_bottom
            if unseen <= 0:
                drawn.append(pile.pop())  # R3.1a: the known cards, in their known order
                known_bottom = len(pile)
                continue
            candidates = sorted(pile[known_bottom:], key=_BY_ID)
            index = 0
            if unseen > 1:
                index = self.choose(unseen)
                if type(index) is not int or not 0 <= index < unseen:
                    raise ValueError(f"a draw among {unseen} cards needs an index from 0 to "
                                     f"{unseen - 1}, not {index!r}")
            card = candidates[index]
            position = next(at for at in range(known_bottom, len(pile)) if pile[at] is card)
            del pile[position]
            drawn.append(card)
        return drawn, known_bottom

    def copy(self) -> CountingDraws:
        """A copy never draws through the outside choices (they decide the real game's draws,
        each exactly once): it dry-runs, as :class:`CountingDraws`."""
        return CountingDraws()


class CountingDraws(OutsideDraws):
    """A dry run of :class:`OutsideDraws`: ``counts`` lists, in order, how many candidates each
    draw that needed a choice had (each took the first)."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: list[int] = []
        super().__init__(self._count)

    def _count(self, candidates: int) -> int:
        self.counts.append(candidates)
        return 0

    def copy(self) -> CountingDraws:
        other = CountingDraws()
        other.counts = self.counts[:]
        return other
