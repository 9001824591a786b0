"""Carrying out actions already known to be legal (R3, R4, R5.1–R5.3): the moves of the cards.

Every change of a zone goes through :meth:`TurnRules._move`, which records a ``card_moved``
event when there is an event list; ``Game.push`` passes ``None`` and builds no events at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from operator import attrgetter
from typing import Any

from .actions import Accountant, Action, Brute, Exchange, Pass, Refresh, Take
from .cards import CODES, Card, pick
from .events import (
    CardMoved,
    EndReason,
    Event,
    FinalRound,
    GameOver,
    Passed,
    RankLowered,
    Reshuffled,
    TurnStarted,
)
from .scoring import DecidedBy, Verdict, decide
from .setup import Opponent
from .state import (
    SIGNATURE_WEIGHT,
    STAGE_ACCOUNTANT,
    STAGE_BRUTE,
    STAGE_REFRESH,
    STREET_SIZE,
    TURN_START,
    GameState,
    TurnState,
    UndoStep,
    seat_of_turn,
)
from .zones import DISCARD, DRAW_PILE, HANDS, PLAY_AREAS, STREET, Zone

Events = list[Event] | None
_ID = attrgetter("id")
#: R5.3: a card's VP, read in C (the search player scores positions thousands of times).
_VP = attrgetter("vp")
#: ``TurnState`` from all its fields in order, built in C: ``TurnState(...)`` runs Python code
#: for its keywords and defaults, and a refresh (the commonest action) makes one.
_turn_state = partial(tuple.__new__, TurnState)
_NONE_MOVED: frozenset[int] = frozenset()


def _pick(cards: list[Card], code: str, exclude: frozenset[int] = frozenset()) -> Card:
    card = pick(cards, code, exclude)
    assert card is not None, f"no {code} to move"  # the action was checked as legal
    return card


class TurnRules(GameState):
    """The state changes of R3–R5."""

    __slots__ = ()

    @property
    def scores(self) -> tuple[int, int]:
        """R5.3 totals as they stand now (hand and play area)."""
        hands, areas = self.hands, self.play_areas
        return (sum(map(_VP, hands[0])) + sum(map(_VP, areas[0])),
                sum(map(_VP, hands[1])) + sum(map(_VP, areas[1])))

    def _perform(self, act: Action, events: Events) -> None:
        """Carry out a legal action of the player to move."""
        self._legal = None
        kind = type(act)
        if kind in _UNDOABLE:
            seat = self.current
            self._undo += (UndoStep(self.turn_state, tuple(self.hands[seat]),
                                    tuple(self.play_areas[seat]), self._stack),)
        self._stack = (self._stack, self.current, act)
        _PERFORM[kind](self, act, events)

    def _move(self, card: Card, source: list[Card], source_zone: Zone, target: list[Card],
              target_zone: Zone, events: Events, *, index: int | None = None,
              to_index: int | None = None) -> None:
        """Move one card between zones and record it as a ``card_moved`` event.

        ``index``/``to_index`` are list indices (``None``: find the card / append).  Event
        indices for the draw pile are counted from the top, as in ``to_dict``.
        """
        if index is None:
            index = source.index(card)
        source.pop(index)
        if to_index is None:
            to_index = len(target)
            target.append(card)
        else:
            target.insert(to_index, card)
        if events is not None:
            if source_zone == DRAW_PILE:
                index = len(source) - index
            if target_zone == DRAW_PILE:
                to_index = len(target) - 1 - to_index
            events.append(CardMoved(card.id, CODES[card.id], source_zone, target_zone, index,
                                    to_index))

    def _refresh(self, position: int, events: Events) -> None:
        """The refresh of the Street card at ``position`` (the Gangster's, S4)."""
        self._refresh_action(Refresh(position), events)

    def _refresh_action(self, act: Refresh, events: Events) -> None:
        """R3.1: discard a Street card (to the bottom of the draw pile after the reshuffle,
        R3.1a) and draw as many cards as its rank (R3.1b: reshuffling when the first draw pile
        runs out).  What was done before a refresh can no longer be undone."""
        position = act.street
        street = self.street
        card = street[position]
        state = self.turn_state
        after = state.refreshes_after_reshuffle
        if self.reshuffled:
            after += 1
            self._known_bottom += 1  # R3.1a: face down, but both players saw which card
            self._move(card, street, STREET, self.draw_pile, DRAW_PILE, events,
                       index=position, to_index=0)
        elif events is None:  # push: the same move without the event bookkeeping
            self.discard.append(street.pop(position))
        else:
            self._move(card, street, STREET, self.discard, DISCARD, events, index=position)
        pile = self.draw_pile
        rest = len(pile) - card.rank
        drawn: Iterable[int]
        if events is None and rest > 0:  # push, and the pile outlasts the draws: one slice
            cards = pile[rest:]
            del pile[rest:]
            cards.reverse()  # the top card first
            street += cards
            if self._known_bottom > rest:
                self._known_bottom = rest
            drawn = map(_ID, cards)
        else:
            drawn = []
            for _ in range(card.rank):
                if not pile:
                    break
                drawn.append(self._draw_to_street(events, in_turn=True).id)
        # R3.1d: only cards still in the Street count as fresh
        fresh = state.fresh
        fresh = fresh.difference((card.id,)).union(drawn) if fresh else frozenset(drawn)
        self.turn_state = _turn_state((STAGE_REFRESH, fresh, after, None, 0, _NONE_MOVED, None, 0))
        self._undo = ()

    def _draw_to_street(self, events: Events, *, in_turn: bool) -> Card:
        """Draw the top card to the right end of the Street (R2.4), then handle an empty pile."""
        pile = self.draw_pile
        card = pile.pop()
        self.street.append(card)
        if events is not None:
            events.append(CardMoved(card.id, CODES[card.id], DRAW_PILE, STREET, 0,
                                    len(self.street) - 1))
        if self._known_bottom > len(pile):
            self._known_bottom = len(pile)
        if not pile:
            self._draw_pile_emptied(events, in_turn=in_turn)
        return card

    def _draw_pile_emptied(self, events: Events, *, in_turn: bool) -> None:
        """R4.2: the first time, reshuffle the discard pile; R4.3/R5.1: the second time (or an
        empty discard pile at the reshuffle), the final round begins."""
        if not self.reshuffled:
            self.reshuffled = True
            pile = list(self.discard)
            self._rng.shuffle(pile)
            if events is None:  # push: the same moves at once, each card under the pile
                self.draw_pile[:0] = pile[::-1]
                self.discard.clear()
            else:
                events.append(Reshuffled(len(pile)))
                for card in pile:
                    self._move(card, self.discard, DISCARD, self.draw_pile, DRAW_PILE, events,
                               to_index=0)
            if self.draw_pile:
                return
        self._start_final_round(events, self.turn if in_turn else self.turn + 1)

    def _start_final_round(self, events: Events, turn: int) -> None:
        """R5.1: finish the round so both have had as many turns; the exhaustion counts in
        ``turn`` (the next turn when it came from the end-of-turn refill, FAQ ruling)."""
        if self.last_turn is not None:
            return
        if seat_of_turn(turn, self.first_player) == self.first_player:
            turn += 1
        self.last_turn = turn
        if events is not None:
            events.append(FinalRound(turn, seat_of_turn(turn, self.first_player)))

    def _accountant(self, act: Accountant, events: Events) -> None:
        """R3.2: the Accountant goes to the play area and allows up to r exchanges; it cannot
        be taken back, and each card moves at most once."""
        seat = self.current
        card = _pick(self.hands[seat], act.card)
        self._move(card, self.hands[seat], HANDS[seat], self.play_areas[seat], PLAY_AREAS[seat],
                   events)
        self._hand_signatures[seat] -= SIGNATURE_WEIGHT[card.id]
        state = self.turn_state
        self.turn_state = TurnState(STAGE_ACCOUNTANT, state.fresh,
                                   state.refreshes_after_reshuffle, card.id, card.rank,
                                   frozenset((card.id,)))

    def _exchange(self, act: Exchange, events: Events) -> None:
        """R3.2: one card from the play area to the hand and one from the hand back."""
        seat = self.current
        hand, area = self.hands[seat], self.play_areas[seat]
        state = self.turn_state
        taken = _pick(area, act.take, state.moved)
        given = _pick(hand, act.give, state.moved)
        self._move(taken, area, PLAY_AREAS[seat], hand, HANDS[seat], events)
        self._move(given, hand, HANDS[seat], area, PLAY_AREAS[seat], events)
        self._hand_signatures[seat] += SIGNATURE_WEIGHT[taken.id] - SIGNATURE_WEIGHT[given.id]
        self.turn_state = TurnState(STAGE_ACCOUNTANT, state.fresh,
                                   state.refreshes_after_reshuffle, state.accountant,
                                   state.exchanges_left - 1,
                                   state.moved.union((taken.id, given.id)))

    def _brute(self, act: Brute, events: Events) -> None:
        """R3.3: the Brute goes to the play area; the target counts as lowered this turn, and
        the Accountant's exchanges end (R3's order)."""
        seat = self.current
        card = _pick(self.hands[seat], act.card)
        self._move(card, self.hands[seat], HANDS[seat], self.play_areas[seat], PLAY_AREAS[seat],
                   events)
        self._hand_signatures[seat] -= SIGNATURE_WEIGHT[card.id]
        target = self.street[act.street]
        state = self.turn_state
        self.turn_state = TurnState(STAGE_BRUTE, state.fresh, state.refreshes_after_reshuffle,
                                   state.accountant, 0, state.moved, target.id, act.by)
        if events is not None:
            events.append(RankLowered(target.id, target.code, act.street, act.by,
                                      target.rank - act.by))

    def _take(self, act: Take, events: Events) -> None:
        """R3.4: the Street card goes to the hand; of the two played cards, the one not kept
        goes to the play area (R3.4c)."""
        seat = self.current
        hand = self.hands[seat]
        pay = act.pay
        taken = self.street[act.street]
        if events is None:  # push: the same moves without the event bookkeeping
            hand.append(self.street.pop(act.street))
            if pay:
                code = pay[1] if pay[0] == act.keep else pay[0]
                if code[1] == "0":
                    spent = _pick(hand, code)
                    hand.remove(spent)
                else:  # R1.5: ranks 1-4 have no start-set copies, so the first one goes
                    index = 0
                    for spent in hand:
                        if spent.code == code:
                            break
                        index += 1
                    del hand[index]
                self.play_areas[seat].append(spent)
        else:
            self._move(taken, self.street, STREET, hand, HANDS[seat], events, index=act.street)
            if pay:
                spent = _pick(hand, pay[1] if pay[0] == act.keep else pay[0])
                self._move(spent, hand, HANDS[seat], self.play_areas[seat], PLAY_AREAS[seat],
                           events)
        self._hand_signatures[seat] += SIGNATURE_WEIGHT[taken.id] - (
            SIGNATURE_WEIGHT[spent.id] if pay else 0)
        self._end_turn(events, passed=False)

    def _pass(self, act: Pass, events: Events) -> None:
        """R3.4d: the turn ends without a card taken."""
        if events is not None:
            events.append(Passed(self.current))
        self._end_turn(events, passed=True)

    def _end_turn(self, events: Events, *, passed: bool) -> None:
        """R5.2 double pass, R5.1 last turn of the final round, R4.1 refill, next player."""
        self._legal = None
        self._undo = ()
        if passed and self.passed_last_turn:
            self._finish(events, EndReason.DOUBLE_PASS)
            return
        if self.last_turn is not None and self.turn >= self.last_turn:
            self._finish(events, EndReason.FINAL_ROUND)
            return
        if not self.street:
            while len(self.street) < STREET_SIZE and self.draw_pile:
                self._draw_to_street(events, in_turn=False)
        self.passed_last_turn = passed
        self.turn += 1
        self.current = 1 - self.current
        self.turn_state = TURN_START
        if events is not None:
            events.append(TurnStarted(self.current, self.turn))

    def _finish(self, events: Events, reason: EndReason) -> None:
        self.result = self._game_over(reason)
        self.turn_state = TURN_START  # no turn is under way: a finished game loads cleanly
        if events is not None:
            events.append(self.result)

    def _game_over(self, reason: EndReason, resigned: int | None = None) -> GameOver:
        """R5.3 scores and winner from the cards as they lie, and S5's ranking value for a solo
        game the human won; loading a finished game rebuilds its result the same way.  A
        resignation makes the other seat the winner whatever the cards say."""
        verdict = decide([self.hands[0] + self.play_areas[0], self.hands[1] + self.play_areas[1]])
        if resigned is not None:
            verdict = Verdict(verdict.scores, 1 - resigned, DecidedBy.RESIGNATION)
        solo = self.opponent is Opponent.GANGSTER
        ranking = None
        if solo and verdict.winner == 0:
            ranking = 2 * verdict.scores[0] - verdict.scores[1]
        return GameOver(verdict.scores, verdict.winner, verdict.decided_by, reason,
                        verdict.tie_break_card, verdict.tie_break_vp, ranking, solo)


#: R3: the actions a player can take back within the turn (``Game.undo``).
_UNDOABLE = frozenset((Accountant, Exchange, Brute))
#: Which method carries out each kind of action.
_PERFORM: dict[type[Action], Callable[[TurnRules, Any, Events], None]] = {
    Take: TurnRules._take,
    Refresh: TurnRules._refresh_action,
    Brute: TurnRules._brute,
    Exchange: TurnRules._exchange,
    Accountant: TurnRules._accountant,
    Pass: TurnRules._pass,
}
