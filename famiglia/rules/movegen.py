"""Listing the legal actions (R3.1–R3.4), the hottest code of the core.

Actions are interned: ``legal_actions()`` hands out the same objects every time, since building
frozen dataclasses is slow in pure Python and looking them up is cheap; ``apply`` and ``push``
recognise an action from the list by identity.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from .actions import (
    PASS,
    STARRED_CODES,
    START_COPY,
    Accountant,
    Action,
    Brute,
    Exchange,
    Refresh,
    Take,
)
from .cards import ALL_CODES, DECK, Back, Card
from .messages import Message, msg
from .setup import Opponent
from .state import (
    SIGNATURE_BITS,
    SIGNATURE_CODES,
    SIGNATURE_FAMILY,
    STAGE_ACCOUNTANT,
    STAGE_BRUTE,
    STAGE_REFRESH,
    GameState,
    Stage,
)

_MAX_STREET = 60
GANGSTER = Opponent.GANGSTER
_CODES = SIGNATURE_CODES
REFRESH = tuple(Refresh(i) for i in range(_MAX_STREET))
TAKE_FREE = tuple(Take(i) for i in range(_MAX_STREET))
#: R3.1: the refreshes of a Street of each length, in order.
_REFRESHES = tuple(REFRESH[:n] for n in range(_MAX_STREET + 1))
_ACCOUNTANT = {code: Accountant(code) for code in _CODES if code[0] == "A" and code[1] != "0"}
_MOVED_CODES = sorted(ALL_CODES | STARRED_CODES)
_EXCHANGE = {(t, g): Exchange(t, g) for t in _MOVED_CODES for g in _MOVED_CODES}
_MERCENARIES = frozenset(code for code in _CODES if code[0] == "M")
_ACCOUNTANT_CODES = frozenset(_ACCOUNTANT)
#: ``Back.NEUTRAL`` as a module name: in Python 3.11 reading a member off an Enum class runs a
#: descriptor, and the exchanges read it in loops.
_NEUTRAL = Back.NEUTRAL
#: R3.4a/R3.1: the rank-0 cards, taken without payment; one in the Street forbids refreshing.
_ZERO_CARDS = frozenset(card for card in DECK if not card.rank)
_RANK = {code: int(code[1]) for code in _CODES}
#: R3.3: a Brute's options on one Street card: ``_BRUTE_AT[code][position][rank]`` is every
#: amount 1 … min(strength, rank) (none for a rank-0 card).
BruteTable = tuple[tuple[tuple[Brute, ...], ...], ...]
_BRUTE_AT: dict[str, BruteTable] = {
    code: tuple(
        tuple(tuple(Brute(code, i, by) for by in range(1, min(_RANK[code], rank) + 1))
              for rank in range(5))
        for i in range(_MAX_STREET)
    )
    for code in _CODES if code[0] == "B" and code[1] != "0"
}
_BRUTE_CODES = frozenset(_BRUTE_AT)
#: R3.4b/c: every paid take of one Street card, by (position, genuine code, two genuine in
#: hand, rank, the Mercenaries in hand); filled as met.
#: R1.5: ``both`` says the hand holds the genuine rank-0 code with both backs, so which of them
#: is spent is the player's choice (``X0*``: the start-set copy).
PaidKey = tuple[int, str, bool, int, tuple[str, ...], bool]


def _pay(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _paid_takes(key: PaidKey) -> tuple[Take, ...]:
    position, genuine, pair, rank, jokers, both = key
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
        self[position] = takes = _paid_takes((position, *self.key))
        return takes


#: Rows of :class:`_PaidRow` shape for the Street cards no hand pays for: a rank-0 card is
#: taken for free (R3.4a), and one whose genuine code is not in the hand not at all.
_FREE_ROW = tuple((take,) for take in TAKE_FREE)
_NO_ROW: tuple[tuple[Take, ...], ...] = ((),) * _MAX_STREET
#: A Street card's code as an index into a hand's rows (see :func:`_hand_moves`), by card id;
#: and the index of a family's code at each rank (a card lowered by a Brute, R3.3).
_CODE_INDEX = {code: index for index, code in enumerate(_CODES)}
_ROW_OF = tuple(_CODE_INDEX[card.code] for card in DECK)
_ROW_AT = tuple(tuple(_CODE_INDEX[f"{card.family.value}{rank}"] for rank in range(5))
                for card in DECK)
_PAID_ROWS: dict[tuple[str, bool, tuple[str, ...], bool], _PaidRow] = {}

Row = _PaidRow | tuple[tuple[Take, ...], ...]
#: What a hand allows whatever the Street: its Accountants (R3.2), its Brutes' tables (R3.3)
#: and the takes a Street card of each code allows (``rows[code index][position]``, R3.4).
HandMoves = tuple[tuple[Accountant, ...], tuple[BruteTable, ...], tuple[Row, ...]]

#: A hand signature's layout (``state.hand_signature``): a *block* per family in ``_CODES``
#: order (A, B, F, M), each its five codes' counts (``_BITS`` bits each, rank 0 first) and then
#: its start-set copies' count.
_BITS = SIGNATURE_BITS
_BLOCK_MASK = (1 << SIGNATURE_FAMILY) - 1
_COUNTS_MASK = (1 << 5 * _BITS) - 1
_BLOCK_ONES = sum(1 << _BITS * rank for rank in range(5))
_A, _B, _F, _M = (SIGNATURE_FAMILY * block for block in range(4))
#: R1.1: every count of its codes a hand can hold (up to five 0s, four 1s, three 2s, two 3s,
#: one 4).
_ALL_BLOCKS = tuple(sum(count << _BITS * rank for rank, count in enumerate(counts))
                    for counts in product(range(6), range(5), range(4), range(3), range(2)))


def _by_block(letter: str, make: dict[str, Any]) -> dict[int, tuple[Any, ...]]:
    """Whatever ``make`` has for the codes of a family, for each block a hand can have."""
    return {block: tuple(make[f"{letter}{rank}"] for rank in range(5)
                         if block >> _BITS * rank & 7 and f"{letter}{rank}" in make)
            for block in _ALL_BLOCKS}


_ACCOUNTANTS = _by_block("A", _ACCOUNTANT)
_BRUTES = _by_block("B", _BRUTE_AT)
FamilyRows = tuple[Row, Row, Row, Row, Row]
#: Each family's rows by key (see :func:`_family_rows`).
_ROWS_A: dict[int, FamilyRows] = {}
_ROWS_B: dict[int, FamilyRows] = {}
_ROWS_F: dict[int, FamilyRows] = {}
_ROWS_M: dict[int, FamilyRows] = {}


def _family_rows(letter: str, key: int, cache: dict[int, FamilyRows]) -> FamilyRows:
    """The rows of one family's five codes (R3.4a/b/c) for a hand whose ``key`` is the
    family's block of the signature (its counts and its start-set copies, R1.5) with the
    Mercenaries held above it (a block of ones): a card of rank r is paid with two of rank
    r - 1, or one and a Mercenary of rank r or more."""
    jokers = key >> SIGNATURE_FAMILY
    joker_codes = tuple(f"M{rank}" for rank in range(5) if jokers >> _BITS * rank & 1)
    start = bool(key >> 5 * _BITS & 3)
    rows: list[Row] = [_FREE_ROW]
    for rank in range(1, 5):
        count = key >> _BITS * (rank - 1) & 7
        if not count:
            rows.append(_NO_ROW)
            continue
        genuine = f"{letter}{rank - 1}"
        pair = count > 1
        both = pair and rank == 1 and start
        row = _PAID_ROWS.get((genuine, pair, joker_codes, both))
        if row is None:
            row = _PAID_ROWS[genuine, pair, joker_codes, both] = _PaidRow(
                genuine, pair, rank, joker_codes, both)
        rows.append(row)
    cache[key] = result = (rows[0], rows[1], rows[2], rows[3], rows[4])
    return result


#: The moves of the hands met, by signature (bounded: a long search meets many hands).
_HANDS: dict[int, HandMoves] = {}
_HANDS_KEPT = 50_000


def _hand_moves(signature: int) -> HandMoves:
    """What the hand of ``signature`` allows, put together family by family: a hand is new at
    most turns, but its families' parts are met again and again."""
    mercenaries = signature >> _M
    jokers = ((mercenaries | mercenaries >> 1 | mercenaries >> 2) & _BLOCK_ONES) << SIGNATURE_FAMILY
    key = signature & _BLOCK_MASK | jokers
    rows: tuple[Row, ...] = _ROWS_A.get(key) or _family_rows("A", key, _ROWS_A)
    key = signature >> _B & _BLOCK_MASK | jokers
    rows += _ROWS_B.get(key) or _family_rows("B", key, _ROWS_B)
    key = signature >> _F & _BLOCK_MASK | jokers
    rows += _ROWS_F.get(key) or _family_rows("F", key, _ROWS_F)
    key = mercenaries | jokers
    rows += _ROWS_M.get(key) or _family_rows("M", key, _ROWS_M)
    if len(_HANDS) >= _HANDS_KEPT:
        _HANDS.clear()
    _HANDS[signature] = moves = (_ACCOUNTANTS[signature & _COUNTS_MASK],
                                 _BRUTES[signature >> _B & _COUNTS_MASK], rows)
    return moves


def _movable_codes(cards: list[Card], moved: frozenset[int]) -> list[str]:
    """The codes a player can name to move one of ``cards``; R1.5: ``X0*`` too where both backs
    of a rank-0 code are there."""
    movable = [card for card in cards if card.id not in moved]
    codes = {card.code for card in movable}
    starts = [card.code for card in movable if card.back is not _NEUTRAL]
    if starts:
        neutral = {card.code for card in movable if card.back is _NEUTRAL}
        codes.update([code + START_COPY for code in starts if code in neutral])
    return sorted(codes)


class MoveGen(GameState):
    """What the player to move may do now."""

    __slots__ = ()

    def _current_legal(self) -> list[Action]:
        """The legal actions of this state, generated once (every change sets them to None)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        return legal

    def is_gangster_turn(self) -> bool:
        return self.opponent is GANGSTER and self.current == 1 and self.result is None

    def can_refresh(self) -> bool:
        """R3.1, R3.1a–c: may the player to move refresh the Street now?"""
        return self._refresh_blocker() is None

    def _refresh_blocker(self) -> Message | None:
        """Why no refresh is possible now, in a player's words (``None``: it is)."""
        if self.result is not None:
            return msg("The game is over.")
        if self.turn_state.stage is not Stage.REFRESH:
            return msg("You can refresh the Street only at the start of your turn, before "
                       "playing an Accountant or a Brute.")
        if not self.street:
            return msg("The Street is empty.")
        for card in self.street:
            if card.rank == 0:
                return msg("You can refresh the Street only while it holds no rank-0 card.")
        if self.reshuffled:
            if not self.draw_pile:
                return msg("The draw pile is used up: no more refreshes in the final round.")
            if self.turn_state.refreshes_after_reshuffle:
                return msg("After the reshuffle the Street can be refreshed only once per turn.")
        return None

    def effective_rank(self, position: int) -> int:
        """R3.3: a Street card's rank after this turn's Brute."""
        card = self.street[position]
        state = self.turn_state
        return card.rank - state.lowered_by if card.id == state.lowered else card.rank

    @property
    def fresh_cards_only(self) -> bool:
        """R3.1d: the player refreshed this turn under the fresh-cards rule, so only cards
        those refreshes drew (:meth:`is_fresh`) may be taken."""
        return self.fresh_cards_rule and bool(self.turn_state.fresh)

    def is_fresh(self, card: Card) -> bool:
        """R3.1d: drawn into the Street by this turn's refreshes."""
        return card.id in self.turn_state.fresh

    def takeable_positions(self) -> list[int]:
        """Street positions the player to move could take right now, with the current hand."""
        return sorted({a.street for a in self._current_legal() if isinstance(a, Take)})

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may make now; empty when the game is over or the
        Gangster is to move (it plays through its program).  Generated once per state; the
        list is a copy to do with as you like."""
        legal = self._legal
        if legal is not None:
            return list(legal)
        if self.result is not None or (self.current == 1 and self.opponent is GANGSTER):
            self._legal = []
            return []
        signature = self._hand_signatures[self.current]
        moves = _HANDS.get(signature) or _hand_moves(signature)
        accountants, brutes, rows = moves
        street = self.street
        state = self.turn_state
        stage = state.stage
        if stage is STAGE_REFRESH:
            # R3.1's conditions, as _refresh_blocker checks them, in one expression
            if street and _ZERO_CARDS.isdisjoint(street) and (
                    not self.reshuffled
                    or (self.draw_pile and not state.refreshes_after_reshuffle)):
                actions: list[Action] = list(_REFRESHES[len(street)])
                actions += accountants
            else:
                actions = list(accountants)
        elif stage is STAGE_ACCOUNTANT and state.exchanges_left:
            actions = list(map(_EXCHANGE.__getitem__, product(
                _movable_codes(self.play_areas[self.current], state.moved),
                _movable_codes(self.hands[self.current], state.moved))))
        else:
            actions = []
        if stage is not STAGE_BRUTE:
            for table in brutes:
                for options, card in zip(table, street):  # noqa: B905 (the table is longer)
                    actions += options[card.rank]
        # R3.4a/b, R3.1d: every take with every payment the hand allows
        fresh = state.fresh if self.fresh_cards_rule else None
        lowered = state.lowered
        i = 0
        if fresh or lowered is not None:
            for card in street:
                card_id = card.id
                if fresh and card_id not in fresh:
                    i += 1
                    continue
                if card_id == lowered:
                    actions += rows[_ROW_AT[card_id][card.rank - state.lowered_by]][i]
                else:
                    actions += rows[_ROW_OF[card_id]][i]
                i += 1
        else:
            for card in street:
                actions += rows[_ROW_OF[card.id]][i]
                i += 1
        actions.append(PASS)
        self._legal = actions
        return list(actions)
