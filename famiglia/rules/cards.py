"""The 60 cards of Famiglia as immutable values (docs/rules.md R1).

Every physical card has an ``id`` (0–59) so it can be drawn and animated; cards with the same
``code`` (family letter + rank, R1.3) are interchangeable for the rules.  The names come from the
card list of the English rulebook (seeds/003), one per physical card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .jsontext import brief
from .messages import Message, msg


class Family(Enum):
    """The four families (R1.2); the value is the card-code letter."""

    FAMIGLIA = "F"
    ACCOUNTANT = "A"
    BRUTE = "B"
    MERCENARY = "M"

    @property
    def display_name(self) -> str:
        return _FAMILY_NAMES[self]

    @property
    def colour(self) -> str:
        return _FAMILY_COLOURS[self]

    @property
    def ability(self) -> Message:
        """What ranks 1–4 of the family do (R3.2–R3.4b); rank 0 has no ability."""
        return _FAMILY_ABILITIES[self]


_FAMILY_NAMES = {
    Family.FAMIGLIA: "La Famiglia",
    Family.ACCOUNTANT: "The Accountants",
    Family.BRUTE: "The Brutes",
    Family.MERCENARY: "The Mercenaries",
}
_FAMILY_COLOURS = {
    Family.FAMIGLIA: "red",
    Family.ACCOUNTANT: "blue",
    Family.BRUTE: "yellow",
    Family.MERCENARY: "green",
}
_FAMILY_ABILITIES = {
    Family.FAMIGLIA: msg("No ability, but worth more victory points."),
    Family.ACCOUNTANT: msg("Play to exchange up to its rank in cards between hand and play "
                           "area."),
    Family.BRUTE: msg("Play to lower a Street card's rank by up to its rank for this turn."),
    Family.MERCENARY: msg("Joker: stands in for any family at a rank below its own when "
                          "taking."),
}

#: Families in the order used for card ids and sorting.
FAMILIES: tuple[Family, ...] = tuple(Family)

#: R1.1: how many cards of each rank a family has.
RANK_COUNTS: dict[int, int] = {0: 5, 1: 4, 2: 3, 3: 2, 4: 1}

#: R1.4: victory points by rank.
VP_FAMIGLIA: tuple[int, ...] = (1, 3, 6, 10, 15)
VP_OTHER: tuple[int, ...] = (0, 1, 3, 6, 10)

#: Card names by family, rank 0 → 4 (seeds/003 card list).
_NAMES: dict[Family, tuple[tuple[str, ...], ...]] = {
    Family.FAMIGLIA: (
        ("Enrico Bueno", "Andrea Roma", "Silvio Ferrari", "Mario Calzone", "Luigi Palermo"),
        ("Romeo Fiori", "Ricardo Clementi", "Antonio Bolanzo", "Liga Stradi"),
        ("Paolo Strozzi", "Luca Pesto", "Lorenzo Gusto"),
        ("Ema Gelati", "Marco Medici"),
        ("Alberto Negri",),
    ),
    Family.ACCOUNTANT: (
        ("Eric Baker", "Hermann Miller", "Henry Meier", "Martin Hill", "Lincoln Smith"),
        ("Richard Coors", "James Nunn", "Jacob Rowan", "Peter McGatha"),
        ("Steve Damerst", "Frank Lehmann", "Matthew Brosius"),
        ("Paul Solko", "Albert Alden"),
        ("Max Brand",),
    ),
    Family.BRUTE: (
        ("Iwan Chinsky", "Boris Pawlow", "Vladimir Petrow", "Mikhael Iwanow", "Igor Popow"),
        ("Alexej Kusmin", "Pjotr Orlow", "Andrej Iljin", "Dimitrij Smirnow"),
        ("Wanja Rjabow", "Sergej Sorokin", "Mischa Kalinin"),
        ("Wasilij Zwetkow", "Lew Frowlow"),
        ("Yuri Nikitin",),
    ),
    Family.MERCENARY: (
        ("Rufus Kraken", "Butch Moore", "Pedro Ramirez", "Liu Huang", "Juan Almerio"),
        ("Jan Krusen", "Carlos Chantico", "Chuck Star", "Wong Yu"),
        ("Jesus Ixtab", "Michael Van Ryt", "Mitch Hassel"),
        ("Jose Levante", "Chong Xiong"),
        ("Fats Monroe",),
    ),
}


class Back(Enum):
    """The three card backs (R1.5)."""

    NEUTRAL = "neutral"
    START_1 = "start1"
    START_2 = "start2"


#: ``Back.NEUTRAL`` as a module name: in Python 3.11 reading a member off an Enum class runs a
#: descriptor, and the core reads it in loops.
_NEUTRAL = Back.NEUTRAL


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical card.  Compare cards by ``code`` when the rules care; a card equals only
    itself (R1.3: each physical card has its own identity), which also keeps lookups fast.

    ``code`` (R1.3) and ``vp`` (R1.4) are stored rather than derived: the core reads them in its
    hottest loops.
    """

    id: int
    family: Family
    rank: int
    name: str
    back: Back
    code: str
    vp: int

    def __str__(self) -> str:
        return self.code


def card_vp(family: Family, rank: int) -> int:
    """R1.4: La Famiglia is worth more than the other three families."""
    return (VP_FAMIGLIA if family is Family.FAMIGLIA else VP_OTHER)[rank]


#: Which rank-0 names of each family are the start-set cards (R1.5): the first and the last, so
#: that the zeros the rulebook's examples draw from the pile (Martin Hill, Boris Pawlow) are not.
_START_COPIES = {0: Back.START_1, 4: Back.START_2}


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for family in FAMILIES:
        for rank, names in enumerate(_NAMES[family]):
            assert len(names) == RANK_COUNTS[rank]
            for copy, name in enumerate(names):
                back = Back.NEUTRAL
                if rank == 0 and copy in _START_COPIES:
                    back = _START_COPIES[copy]
                cards.append(Card(len(cards), family, rank, name, back,
                                  f"{family.value}{rank}", card_vp(family, rank)))
    return tuple(cards)


#: All 60 cards, indexed by id.
DECK: tuple[Card, ...] = _build_deck()
CODES: tuple[str, ...] = tuple(c.code for c in DECK)
VPS: tuple[int, ...] = tuple(c.vp for c in DECK)
#: R1.5: the two start sets, in family order F, A, B, M.
START_SETS: tuple[tuple[Card, ...], tuple[Card, ...]] = (
    tuple(c for c in DECK if c.back is Back.START_1),
    tuple(c for c in DECK if c.back is Back.START_2),
)
#: R2.2: the 52 cards that are shuffled into the draw pile, in id order.
NON_START: tuple[Card, ...] = tuple(c for c in DECK if c.back is Back.NEUTRAL)
ALL_CODES: frozenset[str] = frozenset(CODES)
TOTAL_VP = sum(VPS)


def parse_code(code: str) -> tuple[Family, int]:
    """Split a card code such as ``"F3"`` into family and rank, or raise ``ValueError``."""
    text = code.strip().upper() if isinstance(code, str) else None
    if text not in ALL_CODES:
        raise ValueError(
            f"{brief(code)} is not a card code (a family letter F, A, B or M and a rank 0-4)"
        )
    return Family(text[0]), int(text[1])


def choice_of_backs(copies: int, start_copies: int) -> bool:
    """R1.5, in one place: a player holding ``copies`` cards of one code, ``start_copies`` of
    them with a start-set back, chooses which of them moves exactly when both backs are there
    (the choice shows on the backs the opponent sees)."""
    return 0 < start_copies < copies


def start_backs(cards: Iterable[Card]) -> int:
    """R1.5, R5.4: how many of ``cards`` (a hand, as the opponent sees its backs) show a
    start-set back, each naming one of its seat's four start-set cards; a neutral back tells
    nothing."""
    return sum(card.back is not _NEUTRAL for card in cards)


def pick_index(cards: list[Card], code: str, exclude: frozenset[int] = frozenset()) -> int | None:
    """R1.5: the index in ``cards`` of the card that moves when a player names ``code`` (skipping
    the ids in ``exclude``): ``X0*`` is the start-set copy; a plain code is a neutral-back copy
    where there is one, else the start-set copy (R1.3: same code, same rules)."""
    if code[1] != "0":  # R1.5: only rank-0 codes have start-set copies, so the first will do
        for index, card in enumerate(cards):
            if card.code == code and card.id not in exclude:
                return index
        return None
    if code[-1] == "*":
        code = code[:-1]
        for index, card in enumerate(cards):
            if card.code == code and card.back is not _NEUTRAL and card.id not in exclude:
                return index
        return None
    found = None
    for index, card in enumerate(cards):
        if card.code == code and card.id not in exclude:
            if card.back is _NEUTRAL:
                return index
            found = index
    return found


def pick(cards: list[Card], code: str, exclude: frozenset[int] = frozenset()) -> Card | None:
    """The card :func:`pick_index` finds, or ``None``."""
    index = pick_index(cards, code, exclude)
    return None if index is None else cards[index]
