"""Why an action is refused, in a player's words: the texts behind ``IllegalAction`` and
``Game.explain`` (the UI's tooltips)."""

from __future__ import annotations

from collections import Counter

from .actions import Accountant, Action, Brute, Exchange, Refresh, Take
from .cards import CODES, Card, Family, describe_code, parse_code
from .movegen import MoveGen
from .state import Stage


def _find(cards: list[Card], code: str, exclude: frozenset[int]) -> Card | None:
    for card in cards:
        if CODES[card.id] == code and card.id not in exclude:
            return card
    return None


class Explainer(MoveGen):
    """Reasons for refusals; only asked about actions that are not legal."""

    __slots__ = ()

    def _explain(self, act: Action) -> str:
        """Why ``act`` is not among the legal actions, in a player's words."""
        if self.result is not None:
            return "The game is over."
        if self.is_gangster_turn():
            return "It is the Gangster's turn: it plays by its program."
        seat = self.current
        counts = Counter(card.code for card in self.hands[seat])
        reason: str | None = None
        if isinstance(act, Refresh):
            reason = self._refresh_blocker() or self._street_position_problem(act.street)
        elif isinstance(act, Accountant):
            reason = self._explain_accountant(act, counts)
        elif isinstance(act, Exchange):
            reason = self._explain_exchange(act)
        elif isinstance(act, Brute):
            reason = self._explain_brute(act, counts)
        elif isinstance(act, Take):
            reason = self._explain_take(act, counts)
        return reason or f"'{act}' is not allowed now."

    def _street_position_problem(self, position: int) -> str | None:
        if position >= len(self.street):
            return f"There is no Street card at position {position}."
        return None

    def _explain_accountant(self, act: Accountant, counts: Counter[str]) -> str | None:
        family, rank = parse_code(act.card)
        if family is not Family.ACCOUNTANT or rank == 0:
            return f"{describe_code(act.card)} is not an Accountant of rank 1 or more."
        if self.turn_state.stage is Stage.ACCOUNTANT:
            return "You have already played an Accountant this turn."
        if self.turn_state.stage is Stage.BRUTE:
            return "The Accountant comes before the Brute: it cannot follow it."
        if not counts.get(act.card):
            return f"You have no {describe_code(act.card)} in your hand."
        return None

    def _explain_exchange(self, act: Exchange) -> str | None:
        if self.turn_state.stage is Stage.REFRESH:
            return "Play an Accountant first: it allows the exchanges."
        if self.turn_state.stage is Stage.BRUTE:
            return "The exchange ended when you played the Brute."
        if not self.turn_state.exchanges_left:
            return "Your Accountant's exchanges are used up."
        seat = self.current
        if _find(self.play_areas[seat], act.take, self.turn_state.moved) is None:
            if any(c.code == act.take for c in self.play_areas[seat]):
                return (f"The {describe_code(act.take)} in your play area cannot move again: "
                        "the Accountant just played stays, and each card moves once.")
            return f"There is no {describe_code(act.take)} in your play area."
        if _find(self.hands[seat], act.give, self.turn_state.moved) is None:
            if any(c.code == act.give for c in self.hands[seat]):
                return f"That {describe_code(act.give)} has just moved: each card moves once."
            return f"You have no {describe_code(act.give)} in your hand."
        return None

    def _explain_brute(self, act: Brute, counts: Counter[str]) -> str | None:
        family, strength = parse_code(act.card)
        if family is not Family.BRUTE or strength == 0:
            return f"{describe_code(act.card)} is not a Brute of rank 1 or more."
        if self.turn_state.stage is Stage.BRUTE:
            return "You have already played a Brute this turn."
        if not counts.get(act.card):
            return f"You have no {describe_code(act.card)} in your hand."
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        target = self.street[act.street]
        if target.rank == 0:
            return f"{describe_code(target.code)} has rank 0 already: it cannot be lowered."
        limit = min(strength, target.rank)
        if not 1 <= act.by <= limit:
            return (f"{describe_code(act.card)} can lower {describe_code(target.code)} "
                    f"by 1 to {limit}.")
        return None

    def _explain_take(self, act: Take, counts: Counter[str]) -> str | None:
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        card = self.street[act.street]
        name = describe_code(card.code)
        if self.fresh_cards_only and card.id not in self.turn_state.fresh:
            return ("Fresh-cards rule: after refreshing you must take one of the cards drawn "
                    "by this turn's refreshes.")
        rank = self.effective_rank(act.street)
        if rank == 0:
            return f"{name} has rank 0 now: take it for free, without paying." if act.pay else None
        genuine = describe_code(f"{card.family.value}{rank - 1}")
        need = (f"Taking {name}{' (lowered to ' + str(rank) + ')' if rank != card.rank else ''} "
                f"needs two {genuine}, or one {genuine} and a Mercenary of rank {rank} or more.")
        if not act.pay:
            return need
        owned = Counter(act.pay)
        missing = [code for code, n in owned.items() if counts.get(code, 0) < n]
        if missing:
            return f"You do not have {' and '.join(act.pay)} in your hand. {need}"
        return need
