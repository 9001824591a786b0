"""R3.2 the Accountant and its exchanges: the Accountants and exchanges a hand offers, why one is
refused, and what it does.  R1.5: where a zone holds a rank-0 code with both backs, ``X0*``
names the start-set copy.
"""

from __future__ import annotations

from itertools import product

from .actions import STARRED_CODES, START_COPY, Accountant, Action, Exchange
from .cards import ALL_CODES, Card, Family, choice_of_backs, parse_code, pick, pick_index
from .events import CardMoved
from .hands import BITS, BLOCK_MASK, COUNTS_MASK, SHIFT, WEIGHT, by_counts
from .messages import CardName, Message, msg
from .refusals import not_in_hand, star_problem
from .state import AFTER_STAGE, STAGE_AFTER, TurnState, replacing
from .turn import Events, TurnFlow
from .zones import HANDS, PLAY_AREAS

#: R3.2: the cards that can be played as an Accountant (rank r ≥ 1), as actions.
_ACCOUNTANT = {code: Accountant(code) for code in sorted(ALL_CODES)
               if parse_code(code)[0] is Family.ACCOUNTANT and parse_code(code)[1] >= 1}
#: The Accountants a hand can play, by the counts of its Accountant codes.
_ACCOUNTANTS = by_counts("A", lambda code: (_ACCOUNTANT[code],) if code in _ACCOUNTANT else ())
_A = SHIFT["A"]
#: Every exchange, by the codes it names.
_MOVED_CODES = sorted(ALL_CODES | STARRED_CODES)
_EXCHANGE = {(take, give): Exchange(take, give) for take in _MOVED_CODES for give in _MOVED_CODES}
_ACCOUNTANT_ORDER = AFTER_STAGE[Accountant]
_EXCHANGE_ORDER = AFTER_STAGE[Exchange]
_USED_UP = msg("Your Accountant's exchanges are used up.")
#: R3.2: the turn after the Accountant is played, and after each exchange.
_STAGE = STAGE_AFTER[Accountant]
_PLAYED = replacing("stage", "accountant", "exchanges_left", "moved")
_EXCHANGED = replacing("exchanges_left", "moved")


def _exchange_blocker(state: TurnState) -> Message | None:
    """Why no exchange is possible in this turn now (``None``: one is): R3's order, and the
    Accountant's rank r allows r exchanges."""
    return _EXCHANGE_ORDER[state.stage] or (None if state.exchanges_left else _USED_UP)


def movable_codes(cards: list[Card], moved: frozenset[int]) -> tuple[str, ...]:
    """The codes a player can name to move one of ``cards`` in an exchange, sorted: each card
    moves once (R3.2's ruling: ``moved`` holds the cards that have); R1.5: ``X0*`` too where a
    code offers the choice of backs.  Worked out once per signature of the cards left to
    move (``hands.py``), as the takes a hand offers are."""
    signature = sum([WEIGHT[card.id] for card in cards if card.id not in moved])
    codes = _MOVABLE.get(signature)
    if codes is None:
        codes = _codes_of(signature)
    return codes


def _codes_of(signature: int) -> tuple[str, ...]:
    """The codes the cards of ``signature`` can be named by, put together family by family (in
    code order, so sorted): the cards left to move are new in most listings (a play area grows
    through the game), but their families' parts are met again and again."""
    codes: tuple[str, ...] = ()
    for letter, shift in _FAMILY_SHIFTS:
        block = signature >> shift & BLOCK_MASK
        family = _FAMILY_CODES[letter].get(block)
        if family is None:
            family = _FAMILY_CODES[letter][block] = _family_codes(letter, block)
        codes += family
    if len(_MOVABLE) >= _MOVABLE_KEPT:
        _MOVABLE.clear()
    _MOVABLE[signature] = codes
    return codes


def _family_codes(letter: str, block: int) -> tuple[str, ...]:
    """The codes of family ``letter`` that the cards of its ``block`` of a signature can be named
    by: each code they hold, and ``X0*`` where :func:`~famiglia.rules.cards.choice_of_backs`
    gives the choice (R1.5: only rank-0 cards have start-set copies)."""
    codes = [f"{letter}{rank}" for rank in range(5) if block >> BITS * rank & 7]
    if choice_of_backs(block & 7, block >> 5 * BITS & 3):
        codes.append(f"{letter}0{START_COPY}")
    return tuple(sorted(codes))


#: :func:`movable_codes` by signature, bounded as the takes' rows are, and its families' parts
#: by their blocks.
_MOVABLE: dict[int, tuple[str, ...]] = {}
_MOVABLE_KEPT = 50_000
_FAMILY_SHIFTS = tuple(SHIFT.items())
_FAMILY_CODES: dict[str, dict[int, tuple[str, ...]]] = {letter: {} for letter in SHIFT}


def is_accountant(code: str) -> bool:
    """R3.2: a card of ``code`` can be played as an Accountant (the family, rank r ≥ 1)."""
    return code in _ACCOUNTANT


def exchanges_of(card: Card) -> int:
    """R3.2: an Accountant of rank r allows up to r exchanges."""
    return card.rank


def moved_after(exchanges: int) -> int:
    """R3.2's ruling: how many cards an Accountant action has moved after ``exchanges``
    exchanges: the Accountant and the two cards of each exchange, each once."""
    return 1 + 2 * exchanges


class AccountantRule(TurnFlow):
    """R3.2: play an Accountant of rank r ≥ 1, then up to r exchanges."""

    __slots__ = ()

    def _add_accountants(self, actions: list[Action], state: TurnState, signature: int) -> None:
        """The Accountants in the hand, rank 1 first."""
        actions += _ACCOUNTANTS[signature >> _A & COUNTS_MASK]

    def _add_exchanges(self, actions: list[Action], state: TurnState, signature: int) -> None:
        """Every exchange left: any card of the play area not moved yet against any of the
        hand (R3.2's ruling: the Accountant itself has moved)."""
        if _exchange_blocker(state) is None:
            seat, moved = self.current, state.moved
            actions += map(_EXCHANGE.__getitem__, product(
                movable_codes(self.play_areas[seat], moved), movable_codes(self.hands[seat],
                                                                           moved)))

    def _refuse_accountant(self, act: Accountant) -> Message | None:
        if not is_accountant(act.card):
            return msg("{card} is not an Accountant of rank 1 or more.", card=CardName(act.card))
        return (_ACCOUNTANT_ORDER[self.turn_state.stage]
                or not_in_hand(self.hands[self.current], act.card))

    def _refuse_exchange(self, act: Exchange) -> Message | None:
        state = self.turn_state
        blocker = _exchange_blocker(state)
        if blocker is not None:
            return blocker
        seat, moved = self.current, state.moved
        area, hand = self.play_areas[seat], self.hands[seat]
        problem = (star_problem(area, act.take, moved, in_hand=False)
                   or star_problem(hand, act.give, moved, in_hand=True))
        if problem:
            return problem
        if pick(area, act.take, moved) is None:
            if any(card.code == act.take for card in area):
                return msg("The {card} in your play area cannot move again: the Accountant "
                           "just played stays, and each card moves once.",
                           card=CardName(act.take))
            return msg("There is no {card} in your play area.", card=CardName(act.take))
        if pick(hand, act.give, moved) is None:
            return not_in_hand(hand, act.give) or msg(
                "That {card} has just moved: each card moves once.", card=CardName(act.give))
        return None

    def _accountant(self, act: Accountant, events: Events) -> None:
        """R3.2: the Accountant goes to the play area and allows as many exchanges as its rank;
        it cannot be taken back, and each card moves at most once."""
        card = self._play_from_hand(act.card, events)
        self.turn_state = _PLAYED(self.turn_state, _STAGE, card.id, exchanges_of(card),
                                  frozenset((card.id,)))

    def _exchange(self, act: Exchange, events: Events) -> None:
        """R3.2: one card from the play area to the hand, then one from the hand (not the one
        just taken) to the play area."""
        seat = self.current
        area, hand = self.play_areas[seat], self.hands[seat]
        state = self.turn_state
        index = pick_index(area, act.take, state.moved)
        assert index is not None, f"no {act.take} to take back"  # the action was checked
        taken = area.pop(index)
        hand.append(taken)
        self._hand_signatures[seat] += WEIGHT[taken.id]
        if events is not None:
            events.append(CardMoved(taken.id, taken.code, PLAY_AREAS[seat], HANDS[seat], index,
                                    len(hand) - 1))
        given = self._play_from_hand(act.give, events, state.moved.union((taken.id,)))
        self.turn_state = _EXCHANGED(state, state.exchanges_left - 1,
                                     state.moved.union((taken.id, given.id)))
