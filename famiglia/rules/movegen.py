"""Listing the legal actions (R3.1–R3.4), the hottest code of the core.

Actions are interned: ``legal_actions()`` hands out the same objects every time, since building
frozen dataclasses is slow in pure Python and looking them up is cheap; ``apply`` and ``push``
recognise an action from the list by identity.
"""

from __future__ import annotations

from .actions import PASS, Accountant, Action, Brute, Exchange, Refresh, Take
from .cards import ALL_CODES, Card
from .state import GameState, Stage

_MAX_STREET = 60
_CODES = sorted(ALL_CODES)
REFRESH = tuple(Refresh(i) for i in range(_MAX_STREET))
TAKE_FREE = tuple(Take(i) for i in range(_MAX_STREET))
_ACCOUNTANT = {code: Accountant(code) for code in _CODES if code[0] == "A" and code[1] != "0"}
_EXCHANGE = {(t, g): Exchange(t, g) for t in _CODES for g in _CODES}
_MERCENARIES = tuple(code for code in _CODES if code[0] == "M")
_RANK = {code: int(code[1]) for code in _CODES}
#: R3.4b: the genuine payment card for a Street card code at a (lowered) rank.
_GENUINE = {code: tuple(f"{code[0]}{rank - 1}" if rank else "" for rank in range(5))
            for code in _CODES}
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
#: R3.4b/c: every paid take of one Street card, by (position, genuine code, two genuine in
#: hand, rank, the Mercenaries in hand); filled as met.
_PAID: dict[tuple[int, str, bool, int, tuple[str, ...]], tuple[Take, ...]] = {}


def _paid_takes(key: tuple[int, str, bool, int, tuple[str, ...]]) -> tuple[Take, ...]:
    position, genuine, pair, rank, jokers = key
    takes = []
    if pair:
        takes.append(Take(position, (genuine, genuine), genuine))
    for joker in jokers:
        if _RANK[joker] >= rank and joker != genuine:
            pay = (genuine, joker) if genuine < joker else (joker, genuine)
            takes.append(Take(position, pay, genuine))
            takes.append(Take(position, pay, joker))
    _PAID[key] = result = tuple(takes)
    return result


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

    def _refresh_blocker(self) -> str | None:
        """Why no refresh is possible now, in a player's words (``None``: it is)."""
        if self.result is not None:
            return "The game is over."
        if self.turn_state.stage is not Stage.REFRESH:
            return ("You can refresh the Street only at the start of your turn, before playing "
                    "an Accountant or a Brute.")
        if not self.street:
            return "The Street is empty."
        for card in self.street:
            if card.rank == 0:
                return "You can refresh the Street only while it holds no rank-0 card."
        if self.reshuffled:
            if not self.draw_pile:
                return "The draw pile is used up: no more refreshes in the final round."
            if self.turn_state.refreshes_after_reshuffle:
                return "After the reshuffle the Street can be refreshed only once per turn."
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
        if self.result is not None or self.is_gangster_turn():
            return []
        hand = self.hands[self.current]
        counts: dict[str, int] = {}
        for card in hand:
            counts[card.code] = counts.get(card.code, 0) + 1
        codes = sorted(counts)
        actions: list[Action] = []
        street = self.street
        state = self.turn_state
        stage = state.stage
        if stage is Stage.REFRESH:
            if self._refresh_blocker() is None:
                actions.extend(REFRESH[: len(street)])
            actions.extend(_ACCOUNTANT[code] for code in codes if code in _ACCOUNTANT)
        elif stage is Stage.ACCOUNTANT and state.exchanges_left:
            moved = state.moved
            takes = sorted({c.code for c in self.play_areas[self.current] if c.id not in moved})
            gives = sorted({c.code for c in hand if c.id not in moved})
            actions.extend(_EXCHANGE[t, g] for t in takes for g in gives)
        if stage is not Stage.BRUTE:
            for code in codes:
                table = _BRUTE_AT.get(code)
                if table is not None:
                    for i, card in enumerate(street):
                        actions.extend(table[i][card.rank])
        self._add_takes(actions, counts)
        actions.append(PASS)
        return actions

    def _add_takes(self, actions: list[Action], counts: dict[str, int]) -> None:
        """R3.4a/b, R3.1d: every take with every payment the hand allows."""
        state = self.turn_state
        fresh = state.fresh if self.fresh_cards_rule else None
        lowered, lowered_by = state.lowered, state.lowered_by
        jokers = tuple(code for code in _MERCENARIES if code in counts)
        for i, card in enumerate(self.street):
            if fresh and card.id not in fresh:
                continue
            rank = card.rank - lowered_by if card.id == lowered else card.rank
            if rank == 0:
                actions.append(TAKE_FREE[i])
                continue
            genuine = _GENUINE[card.code][rank]
            have = counts.get(genuine, 0)
            if have:
                key = (i, genuine, have >= 2, rank, jokers)
                paid = _PAID.get(key)
                actions.extend(_paid_takes(key) if paid is None else paid)
