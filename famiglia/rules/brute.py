"""R3.3 the Brute: the Brutes a hand offers against the Street, why one is refused, what it does,
and the ranks as it leaves them for the rest of the turn."""

from __future__ import annotations

from .actions import Action, Brute
from .cards import ALL_CODES, Family, parse_code
from .events import RankLowered
from .hands import COUNTS_MASK, SHIFT, by_counts
from .messages import CardName, Message, msg
from .refresh import MAX_STREET
from .refusals import no_street_card, not_in_hand
from .state import AFTER_STAGE, STAGE_AFTER, TurnState, replacing
from .turn import Events, TurnFlow


def brute_limit(strength: int, rank: int) -> int:
    """R3.3 and its ruling: a Brute of rank ``strength`` lowers a card of rank ``rank`` by 1 up
    to this (none for a rank-0 card)."""
    return min(strength, rank)


def can_lower(strength: int, rank: int, by: int) -> bool:
    """R3.3: whether a Brute of rank ``strength`` may lower a card of rank ``rank`` by ``by``."""
    return 1 <= by <= brute_limit(strength, rank)


#: R3.3: a Brute's options on one Street card, for each Brute a hand can play (rank ≥ 1):
#: ``_BRUTE_AT[code][position][rank]`` is every amount it may lower a card of that rank by.
BruteTable = tuple[tuple[tuple[Brute, ...], ...], ...]
_BRUTE_AT: dict[str, BruteTable] = {
    code: tuple(
        tuple(tuple(Brute(code, position, by)
                    for by in range(1, brute_limit(parse_code(code)[1], rank) + 1))
              for rank in range(5))
        for position in range(MAX_STREET)
    )
    for code in sorted(ALL_CODES)
    if parse_code(code)[0] is Family.BRUTE and parse_code(code)[1] >= 1
}
#: The tables of the Brutes a hand can play, by the counts of its Brute codes.
_BRUTES = by_counts("B", lambda code: (_BRUTE_AT[code],) if code in _BRUTE_AT else ())
_B = SHIFT["B"]
_ORDER = AFTER_STAGE[Brute]
#: R3.3: the turn after the Brute: its target and amount; the Accountant's exchanges end.
_STAGE = STAGE_AFTER[Brute]
_PLAYED = replacing("stage", "exchanges_left", "lowered", "lowered_by")


def is_brute(code: str) -> bool:
    """R3.3: a card of ``code`` can be played as a Brute (the family, rank r ≥ 1)."""
    return code in _BRUTE_AT


class BruteRule(TurnFlow):
    """R3.3: play a Brute of rank r ≥ 1 and lower one Street card by 1 … r for this turn."""

    __slots__ = ()

    def effective_rank(self, position: int) -> int:
        """R3.3: a Street card's rank after this turn's Brute."""
        card = self.street[position]
        state = self.turn_state
        return card.rank - state.lowered_by if card.id == state.lowered else card.rank

    def _add_brutes(self, actions: list[Action], state: TurnState, signature: int) -> None:
        """Every Brute in the hand against every Street card it can lower, by every amount."""
        street = self.street
        for table in _BRUTES[signature >> _B & COUNTS_MASK]:
            for options, card in zip(table, street):  # noqa: B905 (the table is longer)
                actions += options[card.rank]

    def _refuse_brute(self, act: Brute) -> Message | None:
        if not is_brute(act.card):
            return msg("{card} is not a Brute of rank 1 or more.", card=CardName(act.card))
        problem = (_ORDER[self.turn_state.stage]
                   or not_in_hand(self.hands[self.current], act.card)
                   or no_street_card(len(self.street), act.street))
        if problem:
            return problem
        target = self.street[act.street]
        if target.rank == 0:
            return msg("{card} has rank 0 already: it cannot be lowered.",
                       card=CardName(target.code))
        strength = parse_code(act.card)[1]
        if not can_lower(strength, target.rank, act.by):
            return msg("{brute} can lower {card} by 1 to {limit}.", brute=CardName(act.card),
                       card=CardName(target.code), limit=brute_limit(strength, target.rank))
        return None

    def _brute(self, act: Brute, events: Events) -> None:
        """R3.3: the Brute goes to the play area and the target counts as lowered for the rest
        of the turn; the Accountant's exchanges end (R3's order)."""
        self._play_from_hand(act.card, events)
        target = self.street[act.street]
        self.turn_state = _PLAYED(self.turn_state, _STAGE, 0, target.id, act.by)
        if events is not None:
            events.append(RankLowered(target.id, target.code, act.street, act.by,
                                      target.rank - act.by))
