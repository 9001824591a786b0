"""R3.1 refreshing the Street, with R3.1a–c: when a refresh is allowed, the refreshes it offers,
why one is refused, and what it does.  R3.1d (the fresh cards it leaves) is read by the take.
"""

from __future__ import annotations

from operator import attrgetter

from .actions import Action, Refresh
from .cards import DECK
from .events import CardMoved
from .messages import Message, msg
from .refusals import GAME_OVER, no_street_card
from .state import AFTER_STAGE, TurnState, replacing
from .turn import Events, TurnFlow
from .zones import DISCARD, DRAW_PILE, STREET, Zone

#: The longest Street the actions are made for in advance (all 60 cards).
MAX_STREET = 60
#: R3.1: every refresh, by Street position, and the refreshes of a Street of each length.
REFRESH = tuple(Refresh(position) for position in range(MAX_STREET))
_REFRESHES = tuple(REFRESH[:length] for length in range(MAX_STREET + 1))
#: R3.1: the rank-0 cards; one in the Street forbids refreshing.
_ZERO_CARDS = frozenset(card for card in DECK if not card.rank)
_ORDER = AFTER_STAGE[Refresh]
_ID = attrgetter("id")
#: R3.1a/R3.1b's ruling: how many refreshes a turn may make once the reshuffle has happened.
REFRESHES_AFTER_RESHUFFLE = 1
#: R3.1: a refresh is made at the start of a turn (R3's order), so the turn it leaves differs
#: from the turn's start only in its fresh cards and its refreshes after the reshuffle.
_REFRESHED = replacing("fresh", "refreshes_after_reshuffle")

_EMPTY = msg("The Street is empty.")
_ZERO = msg("You can refresh the Street only while it holds no rank-0 card.")
_USED_UP = msg("The draw pile is used up: no more refreshes in the final round.")
_ONCE = msg("After the reshuffle the Street can be refreshed only once per turn.")


def refreshes_after_reshuffle_possible(count: int, *, reshuffled: bool, refreshed: bool) -> bool:
    """R3.1a/R3.1b: whether a turn can have made ``count`` refreshes after the reshuffle: none
    before it (or in a turn without a refresh), at most :data:`REFRESHES_AFTER_RESHUFFLE`."""
    return count <= REFRESHES_AFTER_RESHUFFLE and (not count or (reshuffled and refreshed))


class RefreshRule(TurnFlow):
    """R3.1, R3.1a–c."""

    __slots__ = ()

    def _refresh_blocker(self) -> Message | None:
        """Why no refresh is possible now, in a player's words (``None``: it is).  R3's order
        first, then R3.1 (no rank-0 card in the Street), R3.1c (the pile used up after the
        reshuffle) and R3.1a/b (one refresh per turn after the reshuffle)."""
        if self.result is not None:
            return GAME_OVER
        return _ORDER[self.turn_state.stage] or self._street_blocker()

    def _street_blocker(self) -> Message | None:
        """Why the Street cannot be refreshed whatever the stage of the turn: R3.1 (a rank-0
        card in it), R3.1c (the pile used up after the reshuffle), R3.1a/b (one refresh per
        turn after the reshuffle); ``None``: it can."""
        street = self.street
        if not street:
            return _EMPTY
        if not _ZERO_CARDS.isdisjoint(street):
            return _ZERO
        if self.reshuffled:
            if not self.draw_pile:
                return _USED_UP
            if self.turn_state.refreshes_after_reshuffle >= REFRESHES_AFTER_RESHUFFLE:
                return _ONCE
        return None

    @property
    def refresh_zone(self) -> Zone:
        """R3.1, R3.1a: where a refresh puts its Street card: the discard pile, and after the
        reshuffle (R4.2) the bottom of the draw pile (:meth:`_refresh` does it)."""
        return DRAW_PILE if self.reshuffled else DISCARD

    def can_refresh(self) -> bool:
        """R3.1, R3.1a–c: may the player to move refresh the Street now?"""
        return self._refresh_blocker() is None

    def _add_refreshes(self, actions: list[Action], state: TurnState, signature: int) -> None:
        """The refreshes allowed now, left to right (``legal_actions`` asks only in a turn
        whose stage allows a refresh, R3's order)."""
        if self._street_blocker() is None:
            actions += _REFRESHES[len(self.street)]

    def _refuse_refresh(self, act: Refresh) -> Message | None:
        return (self._refresh_blocker()
                or no_street_card(len(self.street), act.street))

    def _refresh(self, act: Refresh, events: Events) -> None:
        """R3.1: discard a Street card (R3.1a: after the reshuffle it goes under the draw pile
        instead, face down but seen by both) and draw as many cards as its rank (R3.1b: going
        on from the reshuffled pile).  R3.1d: the cards drawn are this turn's fresh cards, as
        long as they stay in the Street.  What was done before a refresh cannot be undone."""
        position = act.street
        card = self.street.pop(position)
        state = self.turn_state
        after = state.refreshes_after_reshuffle
        if self.reshuffled:
            after += 1
            self._known_bottom += 1
            pile = self.draw_pile
            pile.insert(0, card)
            if events is not None:
                events.append(CardMoved(card.id, card.code, STREET, DRAW_PILE, position,
                                        len(pile) - 1))
        else:
            self.discard.append(card)
            if events is not None:
                events.append(CardMoved(card.id, card.code, STREET, DISCARD, position,
                                        len(self.discard) - 1))
        drawn = map(_ID, self._draw(card.rank, events, in_turn=True))
        fresh = state.fresh
        fresh = fresh.difference((card.id,)).union(drawn) if fresh else frozenset(drawn)
        self.turn_state = _REFRESHED(state, fresh, after)
        self._undo = ()
