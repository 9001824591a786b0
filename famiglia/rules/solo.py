"""The Gangster's hooks (S2, S4): the only ways its program (``gangster.py``) acts on a game.

Each step it takes is the action it amounts to (a refresh of the leftmost Street card, a take,
a pass), carried out by the same path as a player's action (``Legal._perform``: the move stack,
the events, R3.1's refresh limits, the fresh-cards rule R3.1d, the reshuffle, the end of the
game); only its take is its own (S2: straight into its play area).
"""

from __future__ import annotations

from .actions import PASS, Action, Take
from .errors import ForbiddenAction, OutOfTurn
from .events import CardMoved, Event
from .gangster import play_turn
from .legal import PERFORM, Legal, Performers
from .messages import msg
from .refresh import REFRESH
from .take import TAKE_FREE
from .turn import Events
from .zones import PLAY_AREAS, STREET

_NOT_ITS_TURN = msg("It is not the Gangster's turn.")


class GangsterHooks(Legal):
    """S2/S4: refresh with the leftmost card, take any available card, pass."""

    __slots__ = ()

    def play_gangster_turn(self) -> list[Event]:
        """S4: run the Gangster's whole turn by its program and return the events, a caption
        (``GangsterStep``) before each of its decisions."""
        events: list[Event] = []
        self._gangster_turn(events)
        return events

    def push_gangster_turn(self) -> None:
        """:meth:`play_gangster_turn` without events, as :meth:`push` is :meth:`apply`."""
        self._gangster_turn(None)

    def _gangster_turn(self, events: Events) -> None:
        if not self.is_gangster_turn():
            raise OutOfTurn(_NOT_ITS_TURN)
        play_turn(self, events)

    def gangster_available(self) -> list[int]:
        """S4 "available": Street positions the Gangster may take (it needs no pairs, S2), so
        only the fresh-cards rule (R3.1d) limits it."""
        only = self._fresh_only()
        return [i for i, card in enumerate(self.street) if only is None or card.id in only]

    def gangster_refresh(self, events: Events) -> None:
        """S4 "refresh": R3.1 with the leftmost Street card, under the same limits."""
        self._gangster_may()
        if self._refresh_blocker() is not None:
            raise ForbiddenAction(msg("The Gangster cannot refresh now."))
        self._perform_gangster(REFRESH[0], events)

    def gangster_take(self, position: int, events: Events) -> None:
        """S2: the Gangster takes an available Street card (S4) and its turn ends."""
        self._gangster_may()
        if position not in self.gangster_available():
            raise ForbiddenAction(msg("The Gangster cannot take that card."))
        self._perform_gangster(TAKE_FREE[position], events)

    def gangster_pass(self, events: Events) -> None:
        """S4: nothing was taken in steps 1–5 (an empty Street): the Gangster passes."""
        self._gangster_may()
        self._perform_gangster(PASS, events)

    def _gangster_may(self) -> None:
        if not self.is_gangster_turn():
            raise OutOfTurn(_NOT_ITS_TURN)

    def _perform_gangster(self, action: Action, events: Events) -> None:
        self._perform(action, events, _GANGSTER_PERFORM)

    def _gangster_take(self, act: Take, events: Events) -> None:
        """S2: the Street card goes straight into the Gangster's play area, kept sorted by rank,
        and its turn ends."""
        position = act.street
        card = self.street.pop(position)
        area = self.play_areas[1]
        slot = sum(1 for owned in area if owned.rank <= card.rank)
        area.insert(slot, card)
        if events is not None:
            events.append(CardMoved(card.id, card.code, STREET, PLAY_AREAS[1], position, slot))
        self._end_turn(events, passed=False)


#: The rules that carry out the Gangster's steps: a player's, but its own take (S2).
_GANGSTER_PERFORM: Performers = {**PERFORM, Take: GangsterHooks._gangster_take}
