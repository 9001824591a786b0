"""The flow of the game around the players' actions: drawing into the Street (R2.4, R4.1), the
reshuffle (R4.2, R4.3), the final round (R5.1), the end of a turn (R5.2) and the result (R5.3).

Every state change here and in the rules' modules is made once, the same way for ``apply`` and
``push``; an ``events`` list, when there is one (``apply``), receives the events that describe
it, and ``push`` passes ``None``.
"""

from __future__ import annotations

from operator import attrgetter

from .cards import Card, pick_index
from .events import (
    CardMoved,
    EndReason,
    Event,
    FinalRound,
    GameOver,
    Reshuffled,
    TurnStarted,
)
from .hands import WEIGHT
from .scoring import DecidedBy, Tally, decide
from .setup import Opponent
from .state import STREET_SIZE, TURN_START, GameState, seat_of_turn
from .zones import DISCARD, DRAW_PILE, HANDS, PLAY_AREAS, STREET

Events = list[Event] | None
#: R5.3: a card's VP, read in C (the search player scores positions thousands of times).
_VP = attrgetter("vp")


class TurnFlow(GameState):
    """What happens between and around the players' actions."""

    __slots__ = ()

    @property
    def scores(self) -> tuple[int, int]:
        """R5.3 totals as they stand now (hand and play area)."""
        hands, areas = self.hands, self.play_areas
        return (sum(map(_VP, hands[0])) + sum(map(_VP, areas[0])),
                sum(map(_VP, hands[1])) + sum(map(_VP, areas[1])))

    def _play_from_hand(self, code: str, events: Events,
                        exclude: frozenset[int] = frozenset()) -> Card:
        """Move the card named ``code`` (R1.5, skipping the ids in ``exclude``) from the hand of
        the player to move to the end of their play area: an Accountant or a Brute played
        (R3.2, R3.3), a card given in an exchange (R3.2), the paying card not kept (R3.4c).
        The action was checked: the card is there."""
        seat = self.current
        hand = self.hands[seat]
        index = pick_index(hand, code, exclude)
        assert index is not None, f"no {code} to play"
        card = hand.pop(index)
        area = self.play_areas[seat]
        area.append(card)
        self._hand_signatures[seat] -= WEIGHT[card.id]
        if events is not None:
            events.append(CardMoved(card.id, card.code, HANDS[seat], PLAY_AREAS[seat], index,
                                    len(area) - 1))
        return card

    def _draw(self, count: int, events: Events, *, in_turn: bool) -> list[Card]:
        """Draw up to ``count`` cards from the top of the draw pile to the right end of the
        Street (R2.4), reshuffling when the first pile runs out (R4.2) and going on from the
        new one; return the cards drawn.  A networked game's draw source picks each card where
        it lies (``famiglia.rules.draws``), and its event says where.  ``in_turn``: the draws
        are part of the turn (a refresh) rather than the refill after it (R5.1's ruling)."""
        pile = self.draw_pile
        if self._draws is None:
            rest = len(pile) - count
            if rest < 0:
                rest = 0
            drawn = pile[rest:]
            del pile[rest:]
            drawn.reverse()  # the top card first
            from_top = None  # the top card, each time (R2.4)
            if self._known_bottom > rest:
                self._known_bottom = rest
        else:
            drawn, from_top, self._known_bottom = self._draws.take(pile, self._known_bottom,
                                                                   count)
        street = self.street
        if events is not None:
            at = len(street)
            events += [CardMoved(card.id, card.code, DRAW_PILE, STREET,
                                 0 if from_top is None else from_top[offset], at + offset)
                       for offset, card in enumerate(drawn)]
        street += drawn
        if drawn and not pile:
            self._draw_pile_emptied(events, in_turn=in_turn)
            if pile and len(drawn) < count:
                drawn += self._draw(count - len(drawn), events, in_turn=in_turn)
        return drawn

    def _draw_pile_emptied(self, events: Events, *, in_turn: bool) -> None:
        """R4.2: the first time, the discard pile is shuffled into the new draw pile at once
        (each card goes under the pile in the order dealt); R4.3, R5.1: the second time, or an
        empty discard pile at the reshuffle, the final round begins."""
        if not self.reshuffled:
            self.reshuffled = True
            pile = self.discard[:]
            if self._draws is not None:
                self._draws.arrange(pile)
            else:
                self._rng.shuffle(pile)
            if events is not None:
                events.append(Reshuffled(len(pile)))
                left = self.discard[:]
                under = len(self.draw_pile)
                for offset, card in enumerate(pile):
                    index = left.index(card)
                    del left[index]
                    events.append(CardMoved(card.id, card.code, DISCARD, DRAW_PILE, index,
                                            under + offset))
            self.draw_pile[:0] = pile[::-1]
            self.discard.clear()
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
            self._draw(STREET_SIZE, events, in_turn=False)
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
        tally = decide([self.hands[0] + self.play_areas[0], self.hands[1] + self.play_areas[1]])
        if resigned is not None:
            tally = Tally(tally.scores, 1 - resigned, DecidedBy.RESIGNATION)
        solo = self.opponent is Opponent.GANGSTER
        ranking = None
        if solo and tally.winner == 0:
            ranking = 2 * tally.scores[0] - tally.scores[1]
        return GameOver(tally.scores, tally.winner, tally.decided_by, reason,
                        tally.tie_break_card, tally.tie_break_vp, ranking, solo)
