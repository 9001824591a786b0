"""Why an action is refused, in a player's words: the messages behind ``IllegalAction`` and
``Game.explain`` (the UI's tooltips), one whole-sentence template per reason, with the cards as
:class:`~famiglia.rules.messages.CardName` so each language names them its own way."""

from __future__ import annotations

from collections import Counter

from .actions import Accountant, Action, Brute, Exchange, Refresh, Take
from .cards import Card, Family, parse_code, pick
from .messages import CardName, Message, msg
from .movegen import MoveGen
from .state import Stage


class Explainer(MoveGen):
    """Reasons for refusals; only asked about actions that are not legal."""

    __slots__ = ()

    def _explain(self, act: Action) -> Message:
        """Why ``act`` is not among the legal actions, in a player's words."""
        if self.result is not None:
            return msg("The game is over.")
        if self.is_gangster_turn():
            return msg("It is the Gangster's turn: it plays by its program.")
        seat = self.current
        counts = Counter(card.code for card in self.hands[seat])
        reason: Message | None = None
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
        return reason or msg("'{action}' is not allowed now.", action=str(act))

    def _street_position_problem(self, position: int) -> Message | None:
        if position >= len(self.street):
            return msg("There is no Street card at position {position}.", position=position)
        return None

    def _explain_accountant(self, act: Accountant, counts: Counter[str]) -> Message | None:
        family, rank = parse_code(act.card)
        if family is not Family.ACCOUNTANT or rank == 0:
            return msg("{card} is not an Accountant of rank 1 or more.", card=CardName(act.card))
        if self.turn_state.stage is Stage.ACCOUNTANT:
            return msg("You have already played an Accountant this turn.")
        if self.turn_state.stage is Stage.BRUTE:
            return msg("The Accountant comes before the Brute: it cannot follow it.")
        if not counts.get(act.card):
            return msg("You have no {card} in your hand.", card=CardName(act.card))
        return None

    def _explain_exchange(self, act: Exchange) -> Message | None:
        if self.turn_state.stage is Stage.REFRESH:
            return msg("Play an Accountant first: it allows the exchanges.")
        if self.turn_state.stage is Stage.BRUTE:
            return msg("The exchange ended when you played the Brute.")
        if not self.turn_state.exchanges_left:
            return msg("Your Accountant's exchanges are used up.")
        seat = self.current
        moved = self.turn_state.moved
        problem = (self._star_problem(self.play_areas[seat], act.take, moved, in_hand=False)
                   or self._star_problem(self.hands[seat], act.give, moved, in_hand=True))
        if problem:
            return problem
        if pick(self.play_areas[seat], act.take, self.turn_state.moved) is None:
            if any(c.code == act.take for c in self.play_areas[seat]):
                return msg("The {card} in your play area cannot move again: the Accountant "
                           "just played stays, and each card moves once.",
                           card=CardName(act.take))
            return msg("There is no {card} in your play area.", card=CardName(act.take))
        if pick(self.hands[seat], act.give, self.turn_state.moved) is None:
            if any(c.code == act.give for c in self.hands[seat]):
                return msg("That {card} has just moved: each card moves once.",
                           card=CardName(act.give))
            return msg("You have no {card} in your hand.", card=CardName(act.give))
        return None

    @staticmethod
    def _star_problem(cards: list[Card], code: str, moved: frozenset[int], *,
                      in_hand: bool) -> Message | None:
        """R1.5: a starred code names the start-set copy, where there is a choice."""
        if not code.endswith("*"):
            return None
        plain = code[:-1]
        if pick(cards, code, moved) is None:
            if in_hand:
                return msg("There is no {card} in your hand.", card=CardName(code))
            return msg("There is no {card} in your play area.", card=CardName(code))
        if pick(cards, plain, moved) is pick(cards, code, moved):
            if in_hand:
                return msg("There is only one kind of {card} in your hand to choose from: "
                           "name it {code}, without the star.", card=CardName(plain), code=plain)
            return msg("There is only one kind of {card} in your play area to choose from: "
                       "name it {code}, without the star.", card=CardName(plain), code=plain)
        return None

    def _explain_brute(self, act: Brute, counts: Counter[str]) -> Message | None:
        family, strength = parse_code(act.card)
        if family is not Family.BRUTE or strength == 0:
            return msg("{card} is not a Brute of rank 1 or more.", card=CardName(act.card))
        if self.turn_state.stage is Stage.BRUTE:
            return msg("You have already played a Brute this turn.")
        if not counts.get(act.card):
            return msg("You have no {card} in your hand.", card=CardName(act.card))
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        target = self.street[act.street]
        if target.rank == 0:
            return msg("{card} has rank 0 already: it cannot be lowered.",
                       card=CardName(target.code))
        limit = min(strength, target.rank)
        if not 1 <= act.by <= limit:
            return msg("{brute} can lower {card} by 1 to {limit}.", brute=CardName(act.card),
                       card=CardName(target.code), limit=limit)
        return None

    def _explain_take(self, act: Take, counts: Counter[str]) -> Message | None:
        problem = self._street_position_problem(act.street)
        if problem:
            return problem
        card = self.street[act.street]
        name = CardName(card.code)
        if self.fresh_cards_only and card.id not in self.turn_state.fresh:
            return msg("Fresh-cards rule: after refreshing you must take one of the cards drawn "
                       "by this turn's refreshes.")
        rank = self.effective_rank(act.street)
        if rank == 0:
            if act.pay:
                return msg("{card} has rank 0 now: take it for free, without paying.", card=name)
            return None
        genuine = CardName(f"{card.family.value}{rank - 1}")
        if rank != card.rank:
            need = msg("Taking {card} (lowered to {rank}) needs two {genuine}, or one {genuine} "
                       "and a Mercenary of rank {rank} or more.",
                       card=name, rank=rank, genuine=genuine)
        else:
            need = msg("Taking {card} needs two {genuine}, or one {genuine} and a Mercenary of "
                       "rank {rank} or more.", card=name, genuine=genuine, rank=rank)
        if not act.pay:
            return need
        for code in act.pay:
            problem = self._star_problem(self.hands[self.current], code, frozenset(),
                                         in_hand=True)
            if problem:
                return problem
        owned = Counter(act.pay)
        missing = [code for code, n in owned.items() if counts.get(code, 0) < n]
        if missing:
            return msg("You do not have {first} and {second} in your hand. {need}",
                       first=act.pay[0], second=act.pay[1], need=need)
        return need
