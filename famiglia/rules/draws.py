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
  no choice.  The choices made are kept (``made``): with the moves, they are the game's history
  (``Setup.draws``).
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
from typing import NamedTuple

from .cards import Card
from .rng import Rng

#: Chooses a draw: given the number of candidates ``n`` (at least 2), an index in ``range(n)``.
Chooser = Callable[[int], int]

_BY_ID = attrgetter("id")


class Taken(NamedTuple):
    """What a draw took: ``cards`` in the order drawn, the place each one had when drawn
    (``from_top``: 0 is the top card, the index order of ``CardMoved`` events), and how many
    cards R3.1a put are left at the bottom (``known_bottom``)."""

    cards: list[Card]
    from_top: list[int]
    known_bottom: int


class DrawSource:
    """What the core asks when cards go face down and when one is drawn."""

    __slots__ = ()

    def arrange(self, cards: list[Card]) -> None:
        """Put ``cards`` (about to go face down, R2.2, R4.2) in place into the order they are
        laid, the card to be drawn first at the start."""
        raise NotImplementedError

    def take(self, pile: list[Card], known_bottom: int, count: int) -> Taken:
        """Draw up to ``count`` cards off ``pile`` (bottom first; its first ``known_bottom``
        cards went under it by R3.1a); ``pile`` loses the drawn cards."""
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

    def take(self, pile: list[Card], known_bottom: int, count: int) -> Taken:
        rest = max(len(pile) - count, 0)
        drawn = pile[rest:]
        del pile[rest:]
        drawn.reverse()  # the top card first
        return Taken(drawn, [0] * len(drawn), min(known_bottom, rest))

    def copy(self) -> SeededShuffle:
        return SeededShuffle(self.rng.copy())


class OutsideDraws(DrawSource):
    """Draws whose every choice comes from ``choose`` (R5.4: no order exists to be seen);
    ``made`` lists each choice, ``(candidates, index)``."""

    __slots__ = ("choose", "made")

    def __init__(self, choose: Chooser) -> None:
        self.choose = choose
        self.made: list[tuple[int, int]] = []

    def arrange(self, cards: list[Card]) -> None:
        cards.sort(key=_BY_ID)

    def take(self, pile: list[Card], known_bottom: int, count: int) -> Taken:
        drawn: list[Card] = []
        from_top: list[int] = []
        while pile and len(drawn) < count:
            unseen = len(pile) - known_bottom
            if unseen <= 0:
                drawn.append(pile.pop())  # R3.1a: the known cards, in their known order
                from_top.append(0)
                known_bottom = len(pile)
                continue
            candidates = sorted(pile[known_bottom:], key=_BY_ID)
            index = 0
            if unseen > 1:
                index = self.choose(unseen)
                if type(index) is not int or not 0 <= index < unseen:
                    raise ValueError(f"a draw among {unseen} cards needs an index from 0 to "
                                     f"{unseen - 1}, not {index!r}")
                self.made.append((unseen, index))
            card = candidates[index]
            position = next(at for at in range(known_bottom, len(pile)) if pile[at] is card)
            from_top.append(len(pile) - 1 - position)
            del pile[position]
            drawn.append(card)
        return Taken(drawn, from_top, known_bottom)

    def copy(self) -> OutsideDraws:
        """A copy never draws through choices being made outside (they decide the real game's
        draws, each exactly once): it dry-runs, as :class:`CountingDraws`, from the choices
        made.  Choices read from a record (:class:`ReplayedDraws`) are no secret and spent by
        nobody: a copy of those continues identically."""
        other = (OutsideDraws(self.choose.copy()) if isinstance(self.choose, ReplayedDraws)
                 else CountingDraws())
        other.made = self.made[:]
        return other


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
        other.made = self.made[:]
        other.counts = self.counts[:]
        return other


class ReplayedDraws:
    """A chooser (for :class:`OutsideDraws`) that repeats the draws of a finished or saved
    networked game, each ``(candidates, index)``: a draw whose number of candidates is not the
    recorded one, or one more than were recorded, is a ``ValueError`` (the moves replayed are
    not the moves that drew them).  ``draws`` may grow while it is used (a second copy of a
    game follows the first's draws as they are made); ``first``: the draws before it were
    not card draws (who starts)."""

    __slots__ = ("draws", "used")

    def __init__(self, draws: list[tuple[int, int]], first: int = 0) -> None:
        self.draws = draws
        #: How many of the draws were made (``first`` included).
        self.used = first

    def copy(self) -> ReplayedDraws:
        """The same draws, from the one this chooser is at."""
        return ReplayedDraws(self.draws, self.used)

    def __call__(self, candidates: int) -> int:
        if self.used >= len(self.draws):
            raise ValueError(f"draw {self.used + 1} is not among the {len(self.draws)} "
                             "recorded")
        recorded, index = self.draws[self.used]
        if recorded != candidates:
            raise ValueError(f"draw {self.used + 1} was recorded among {recorded} cards, "
                             f"not {candidates}")
        self.used += 1
        return index
