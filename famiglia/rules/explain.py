"""Why an action is refused, in a player's words: the texts behind ``IllegalAction`` and
``Game.explain`` (the UI's tooltips)."""

from __future__ import annotations

from collections import Counter

from .actions import Accountant, Action, Brute, Exchange, Refresh, Take
from .cards import Card, Family, describe_code, parse_code, pick
from .movegen import MoveGen
from .state import Stage


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
        moved = self.turn_state.moved
        problem = (self._star_problem(self.play_areas[seat], act.take, moved, "in your play area")
                   or self._star_problem(self.hands[seat], act.give, moved, "in your hand"))
        if problem:
            return problem
        if pick(self.play_areas[seat], act.take, self.turn_state.moved) is None:
            if any(c.code == act.take for c in self.play_areas[seat]):
                return (f"The {describe_code(act.take)} in your play area cannot move again: "
                        "the Accountant just played stays, and each card moves once.")
            return f"There is no {describe_code(act.take)} in your play area."
        if pick(self.hands[seat], act.give, self.turn_state.moved) is None:
            if any(c.code == act.give for c in self.hands[seat]):
                return f"That {describe_code(act.give)} has just moved: each card moves once."
            return f"You have no {describe_code(act.give)} in your hand."
        return None

    @staticmethod
    def _star_problem(cards: list[Card], code: str, moved: frozenset[int],
                      where: str) -> str | None:
        """R1.5: a starred code names the start-set copy, where there is a choice."""
        if not code.endswith("*"):
            return None
        plain = code[:-1]
        if pick(cards, code, moved) is None:
            return f"There is no {describe_code(code)} {where}."
        if pick(cards, plain, moved) is pick(cards, code, moved):
            return (f"There is only one kind of {describe_code(plain)} {where} to choose from: "
                    f"name it {plain}, without the star.")
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
        for code in act.pay:
            problem = self._star_problem(self.hands[self.current], code, frozenset(),
                                         "in your hand")
            if problem:
                return problem
        owned = Counter(act.pay)
        missing = [code for code, n in owned.items() if counts.get(code, 0) < n]
        if missing:
            return f"You do not have {' and '.join(act.pay)} in your hand. {need}"
        return need
