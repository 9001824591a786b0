"""R3.4 taking a card or passing: the takes a hand offers with every payment it allows (R3.4a–c,
with R1.5's choice of backs), R3.1d's limit to the fresh cards, why a take is refused, and what
a take or a pass does.

What a hand can pay for depends only on its signature (``hands.py``), so the takes it offers
are built once per kind of hand, family by family, and interned: ``legal_actions()`` hands out
the same objects every time, which ``apply`` and ``push`` recognise by identity.
"""

from __future__ import annotations

from collections import Counter

from .actions import START_COPY, Action, Pass, Take
from .brute import BruteRule
from .cards import DECK, Card, choice_of_backs
from .events import CardMoved, Passed
from .hands import BITS, BLOCK_MASK, BLOCK_ONES, CODES, FAMILY_BITS, SHIFT, WEIGHT
from .messages import CardName, Message, msg
from .refresh import MAX_STREET
from .refusals import no_street_card, star_problem
from .state import TurnState
from .turn import Events
from .zones import HANDS, STREET


def genuine_code(letter: str, rank: int) -> str:
    """R3.4b: the code that pays for a card of family ``letter`` at ``rank`` ≥ 1, twice or with
    a Mercenary joker of rank ≥ ``rank``: the same family, one rank lower."""
    return f"{letter}{rank - 1}"


#: R3.4a: a card of rank 0 (after a Brute, R3.3) is taken for free.
TAKE_FREE = tuple(Take(position) for position in range(MAX_STREET))
_RANK = {code: int(code[1]) for code in CODES}


def _pay(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _paid_takes(position: int, genuine: str, pair: bool, rank: int, jokers: tuple[str, ...],
                both: bool) -> tuple[Take, ...]:
    """R3.4b/c: every take of the Street card at ``position`` (of effective ``rank`` ≥ 1) a hand
    can pay: two ``genuine`` cards (``pair``: it holds two), or one and a Mercenary joker of
    rank ≥ ``rank`` (``jokers``: the Mercenary codes it holds), keeping either played card.
    R1.5: ``both`` says the hand holds the genuine rank-0 code with both backs, so which of
    them is spent is the player's choice (``X0*``: the start-set copy, ``choice_of_backs``)."""
    starred = genuine + START_COPY
    takes = []
    if pair:
        takes.append(Take(position, (genuine, genuine), genuine))
        if both:
            takes.append(Take(position, (genuine, starred), genuine))
    for joker in jokers:
        if _RANK[joker] >= rank and joker != genuine:
            takes.append(Take(position, _pay(genuine, joker), genuine))
            takes.append(Take(position, _pay(genuine, joker), joker))
            if both:
                takes.append(Take(position, _pay(starred, joker), joker))
    return tuple(takes)


class _PaidRow(dict[int, tuple[Take, ...]]):
    """The paid takes of a Street card of one code for one kind of hand, by Street position
    (filled as met): ``row[position]``."""

    __slots__ = ("key",)

    def __init__(self, genuine: str, pair: bool, rank: int, jokers: tuple[str, ...],
                 both: bool) -> None:
        super().__init__()
        self.key = (genuine, pair, rank, jokers, both)

    def __missing__(self, position: int) -> tuple[Take, ...]:
        self[position] = takes = _paid_takes(position, *self.key)
        return takes


#: Rows of :class:`_PaidRow` shape for the Street cards no hand pays for: a rank-0 card is
#: taken for free (R3.4a), and one whose genuine code is not in the hand not at all.
_FREE_ROW = tuple((take,) for take in TAKE_FREE)
_NO_ROW: tuple[tuple[Take, ...], ...] = ((),) * MAX_STREET
#: A Street card's code as an index into a hand's rows, by card id; and the index of a
#: family's code at each rank (a card lowered by a Brute, R3.3).
_CODE_INDEX = {code: index for index, code in enumerate(CODES)}
_ROW_OF = tuple(_CODE_INDEX[card.code] for card in DECK)
_ROW_AT = tuple(tuple(_CODE_INDEX[f"{card.family.value}{rank}"] for rank in range(5))
                for card in DECK)
_PAID_ROWS: dict[tuple[str, bool, tuple[str, ...], bool], _PaidRow] = {}

Row = _PaidRow | tuple[tuple[Take, ...], ...]
FamilyRows = tuple[Row, Row, Row, Row, Row]
#: Each family's rows by key (see :func:`_family_rows`).
_FAMILY_ROWS: dict[str, dict[int, FamilyRows]] = {letter: {} for letter in "ABFM"}
_A, _B, _F, _M = (SHIFT[letter] for letter in "ABFM")


def _family_rows(letter: str, key: int) -> FamilyRows:
    """The rows of one family's five codes (R3.4a/b/c) for a hand whose ``key`` is the family's
    block of the signature (its counts and its start-set copies, R1.5) with the Mercenaries
    held above it (a block of ones)."""
    jokers = key >> FAMILY_BITS
    joker_codes = tuple(f"M{rank}" for rank in range(5) if jokers >> BITS * rank & 1)
    starts = key >> 5 * BITS & 3  # the family's start-set copies, all of rank 0 (R1.5)
    rows: list[Row] = [_FREE_ROW]
    for rank in range(1, 5):
        count = key >> BITS * (rank - 1) & 7
        if not count:
            rows.append(_NO_ROW)
            continue
        genuine = genuine_code(letter, rank)
        pair = count > 1
        both = rank == 1 and choice_of_backs(count, starts)
        row = _PAID_ROWS.get((genuine, pair, joker_codes, both))
        if row is None:
            row = _PAID_ROWS[genuine, pair, joker_codes, both] = _PaidRow(
                genuine, pair, rank, joker_codes, both)
        rows.append(row)
    _FAMILY_ROWS[letter][key] = result = (rows[0], rows[1], rows[2], rows[3], rows[4])
    return result


#: The takes of the hands met, by signature (bounded: a long search meets many hands).
_HANDS: dict[int, tuple[Row, ...]] = {}
_HANDS_KEPT = 50_000


def _hand_rows(signature: int) -> tuple[Row, ...]:
    """The takes a Street card of each code allows the hand of ``signature``
    (``rows[code index][position]``), put together family by family: a hand is new at most
    turns, but its families' parts are met again and again."""
    mercenaries = signature >> _M
    jokers = ((mercenaries | mercenaries >> 1 | mercenaries >> 2) & BLOCK_ONES) << FAMILY_BITS
    rows: tuple[Row, ...] = ()
    for letter, shift in (("A", _A), ("B", _B), ("F", _F), ("M", _M)):
        key = signature >> shift & BLOCK_MASK | jokers
        rows += _FAMILY_ROWS[letter].get(key) or _family_rows(letter, key)
    if len(_HANDS) >= _HANDS_KEPT:
        _HANDS.clear()
    _HANDS[signature] = rows
    return rows


class TakeRule(BruteRule):
    """R3.4: take one Street card, paying for it as its (lowered, R3.3) rank asks, or pass."""

    __slots__ = ()

    def _fresh_only(self) -> frozenset[int] | None:
        """R3.1d: the ids of the cards that may be taken because the player refreshed this turn
        under the fresh-cards rule (the cards those refreshes drew); ``None``: any card."""
        fresh = self.turn_state.fresh
        return fresh if fresh and self.fresh_cards_rule else None

    @property
    def fresh_cards_only(self) -> bool:
        """R3.1d: only the cards this turn's refreshes drew (:meth:`is_fresh`) may be taken."""
        return self._fresh_only() is not None

    def is_fresh(self, card: Card) -> bool:
        """R3.1d: drawn into the Street by this turn's refreshes."""
        return card.id in self.turn_state.fresh

    def pays_with(self, position: int) -> str | None:
        """R3.4b: the code of the card that pays for the Street card at ``position``, twice or
        with a Mercenary joker: its family, one rank below its rank after this turn's Brute
        (R3.3); ``None`` for a card of rank 0, taken for free (R3.4a)."""
        rank = self.effective_rank(position)
        return genuine_code(self.street[position].family.value, rank) if rank else None

    def _add_takes(self, actions: list[Action], state: TurnState, signature: int) -> None:
        """Every take with every payment the hand allows, left to right."""
        rows = _HANDS.get(signature) or _hand_rows(signature)
        only = self._fresh_only()
        lowered = state.lowered
        i = 0
        if only is not None or lowered is not None:
            for card in self.street:
                card_id = card.id
                if only is not None and card_id not in only:
                    i += 1
                    continue
                if card_id == lowered:
                    actions += rows[_ROW_AT[card_id][self.effective_rank(i)]][i]
                else:
                    actions += rows[_ROW_OF[card_id]][i]
                i += 1
        else:
            for card in self.street:
                actions += rows[_ROW_OF[card.id]][i]
                i += 1

    def _refuse_take(self, act: Take) -> Message | None:
        problem = no_street_card(len(self.street), act.street)
        if problem:
            return problem
        card = self.street[act.street]
        name = CardName(card.code)
        only = self._fresh_only()
        if only is not None and card.id not in only:
            return msg("Fresh-cards rule: after refreshing you must take one of the cards drawn "
                       "by this turn's refreshes.")
        rank = self.effective_rank(act.street)
        paid_with = self.pays_with(act.street)
        if paid_with is None:
            if act.pay:
                return msg("{card} has rank 0 now: take it for free, without paying.", card=name)
            return None
        genuine = CardName(paid_with)
        if rank != card.rank:
            need = msg("Taking {card} (lowered to {rank}) needs two {genuine}, or one {genuine} "
                       "and a Mercenary of rank {rank} or more.",
                       card=name, rank=rank, genuine=genuine)
        else:
            need = msg("Taking {card} needs two {genuine}, or one {genuine} and a Mercenary of "
                       "rank {rank} or more.", card=name, genuine=genuine, rank=rank)
        if not act.pay:
            return need
        hand = self.hands[self.current]
        for code in act.pay:
            problem = star_problem(hand, code, frozenset(), in_hand=True)
            if problem:
                return problem
        held = Counter(card.code for card in hand)
        named = Counter(code.removesuffix(START_COPY) for code in act.pay)
        if any(held[code] < count for code, count in named.items()):
            return msg("You do not have {first} and {second} in your hand. {need}",
                       first=CardName(act.pay[0], as_typed=True),
                       second=CardName(act.pay[1], as_typed=True), need=need)
        return need

    def _take(self, act: Take, events: Events) -> None:
        """R3.4: the Street card goes to the hand; of the two played cards, the one not kept
        goes to the play area (R3.4c); the turn ends."""
        seat = self.current
        hand = self.hands[seat]
        position = act.street
        taken = self.street.pop(position)
        hand.append(taken)
        self._hand_signatures[seat] += WEIGHT[taken.id]
        if events is not None:
            events.append(CardMoved(taken.id, taken.code, STREET, HANDS[seat], position,
                                    len(hand) - 1))
        pay = act.pay
        if pay:
            self._play_from_hand(pay[1] if pay[0] == act.keep else pay[0], events)
        self._end_turn(events, passed=False)

    def _pass(self, act: Pass, events: Events) -> None:
        """R3.4d: the turn ends without a card taken."""
        if events is not None:
            events.append(Passed(self.current))
        self._end_turn(events, passed=True)
