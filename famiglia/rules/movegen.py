"""Listing the legal actions (R3.1–R3.4), the hottest code of the core.

Actions are interned: ``legal_actions()`` hands out the same objects every time, since building
frozen dataclasses is slow in pure Python and looking them up is cheap; ``apply`` and ``push``
recognise an action from the list by identity.
"""

from __future__ import annotations

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
from .state import GameState, Stage

_MAX_STREET = 60
_CODES = sorted(ALL_CODES)
REFRESH = tuple(Refresh(i) for i in range(_MAX_STREET))
TAKE_FREE = tuple(Take(i) for i in range(_MAX_STREET))
#: R3.1: the refreshes of a Street of each length, in order.
_REFRESHES = tuple(REFRESH[:n] for n in range(_MAX_STREET + 1))
_ACCOUNTANT = {code: Accountant(code) for code in _CODES if code[0] == "A" and code[1] != "0"}
_MOVED_CODES = sorted(ALL_CODES | STARRED_CODES)
_EXCHANGE = {(t, g): Exchange(t, g) for t in _MOVED_CODES for g in _MOVED_CODES}
_MERCENARIES = frozenset(code for code in _CODES if code[0] == "M")
_ACCOUNTANT_CODES = frozenset(_ACCOUNTANT)
#: R3.4a/R3.1: the rank-0 cards, taken without payment; one in the Street forbids refreshing.
_ZERO_CARDS = frozenset(card for card in DECK if not card.rank)
_RANK = {code: int(code[1]) for code in _CODES}
#: R3.4b: the genuine payment card for a Street card code at a (lowered) rank.
_GENUINE_OF = tuple(tuple(f"{card.family.value}{rank - 1}" if rank else "" for rank in range(5))
                    for card in DECK)
#: R3.3: a Brute's options on one Street card: ``_BRUTE_AT[code][position][rank]`` is every
#: amount 1 … min(strength, rank) (none for a rank-0 card).
_BRUTE_AT = {
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
_PAID: dict[PaidKey, tuple[Take, ...]] = {}


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
    _PAID[key] = result = tuple(takes)
    return result


def _movable_codes(cards: list[Card], moved: frozenset[int]) -> list[str]:
    """The codes a player can name to move one of ``cards``; R1.5: ``X0*`` too where both backs
    of a rank-0 code are there."""
    codes = {c.code for c in cards if c.id not in moved}
    codes.update([c.code + START_COPY for c in cards if c.back is not Back.NEUTRAL
                  and c.id not in moved and _neutral_copy(cards, c, moved)])
    return sorted(codes)


def _neutral_copy(cards: list[Card], start: Card, moved: frozenset[int]) -> bool:
    return any(c.code == start.code and c.back is Back.NEUTRAL and c.id not in moved
               for c in cards)


class MoveGen(GameState):
    """What the player to move may do now."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may make now; empty when the game is over or the
        Gangster is to move (it plays through its program)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        return list(legal)

    def _current_legal(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate_legal()
        return legal

    def is_gangster_turn(self) -> bool:
        return self.opponent == "gangster" and self.current == 1 and self.result is None

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

    def _generate_legal(self) -> list[Action]:
        if self.result is not None or (self.current == 1 and self.opponent == "gangster"):
            return []
        hand = self.hands[self.current]
        in_hand = [card.code for card in hand]
        codes = set(in_hand)
        street = self.street
        state = self.turn_state
        stage = state.stage
        if stage is Stage.REFRESH:
            # R3.1's conditions, as _refresh_blocker checks them, in one expression
            if street and _ZERO_CARDS.isdisjoint(street) and (
                    not self.reshuffled
                    or (self.draw_pile and not state.refreshes_after_reshuffle)):
                actions: list[Action] = list(_REFRESHES[len(street)])
            else:
                actions = []
            accountants = codes & _ACCOUNTANT_CODES
            if accountants:
                actions += [_ACCOUNTANT[code] for code in sorted(accountants)]
        elif stage is Stage.ACCOUNTANT and state.exchanges_left:
            takes = _movable_codes(self.play_areas[self.current], state.moved)
            gives = _movable_codes(hand, state.moved)
            actions = [_EXCHANGE[t, g] for t in takes for g in gives]
        else:
            actions = []
        if stage is not Stage.BRUTE:
            brutes = codes & _BRUTE_CODES
            if brutes:
                for code in sorted(brutes):
                    table = _BRUTE_AT[code]
                    for i, card in enumerate(street):
                        actions += table[i][card.rank]
        # R3.4a/b, R3.1d: every take with every payment the hand allows
        fresh = state.fresh if self.fresh_cards_rule else None
        lowered = state.lowered
        jokers: tuple[str, ...] | None = None
        i = -1
        for card in street:
            i += 1
            card_id = card.id
            if fresh and card_id not in fresh:
                continue
            rank = card.rank
            if card_id == lowered:
                rank -= state.lowered_by
            if not rank:
                actions.append(TAKE_FREE[i])
                continue
            genuine = _GENUINE_OF[card_id][rank]
            if genuine in codes:
                if jokers is None:
                    jokers = tuple(sorted(codes.intersection(_MERCENARIES)))
                pair = in_hand.count(genuine) > 1
                both = pair and rank == 1 and _both_backs(hand, genuine)
                key = (i, genuine, pair, rank, jokers, both)
                paid = _PAID.get(key)
                actions += _paid_takes(key) if paid is None else paid
        actions.append(PASS)
        return actions


def _both_backs(hand: list[Card], code: str) -> bool:
    """R1.5: the hand holds ``code`` (rank 0, at least twice) with the start-set back too."""
    return any(card.back is not Back.NEUTRAL and card.code == code for card in hand)
