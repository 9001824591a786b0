"""The Gangster's hooks (S2, S4): the only ways its program (``gangster.py``) acts on a game.

They obey the same rules as a player's actions (R3.1's refresh limits, the fresh-cards rule
R3.1d, the reshuffle, the end of the game) because they go through the same state changes;
each is recorded in the move stack as the action it amounts to.
"""

from __future__ import annotations

from .actions import PASS, Action, IllegalAction
from .events import ActionPlayed, CardMoved, Event, Passed
from .legal import Legal
from .messages import msg
from .refresh import REFRESH
from .take import TAKE_FREE
from .zones import PLAY_AREAS, STREET


class GangsterHooks(Legal):
    """S2/S4: refresh with the leftmost card, take any available card, pass."""

    __slots__ = ()

    def _gangster_played(self, action: Action, events: list[Event]) -> None:
        events.append(ActionPlayed(self.current, action))
        self._legal = None
        self._stack = (self._stack, self.current, action)

    def gangster_available(self) -> list[int]:
        """S4 "available": Street positions the Gangster may take (it needs no pairs, S2), so
        only the fresh-cards rule (R3.1d) limits it."""
        only = self._fresh_only()
        return [i for i, card in enumerate(self.street) if only is None or card.id in only]

    def gangster_refresh(self, events: list[Event]) -> None:
        """S4 "refresh": R3.1 with the leftmost Street card, under the same limits."""
        if not self.is_gangster_turn() or self._refresh_blocker() is not None:
            raise IllegalAction(msg("The Gangster cannot refresh now."))
        self._gangster_played(REFRESH[0], events)
        self._refresh(REFRESH[0], events)

    def gangster_take(self, position: int, events: list[Event]) -> None:
        """S2: the Gangster takes a Street card straight into its play area, kept sorted by
        rank, and its turn ends."""
        if not self.is_gangster_turn() or position not in self.gangster_available():
            raise IllegalAction(msg("The Gangster cannot take that card."))
        self._gangster_played(TAKE_FREE[position], events)
        card = self.street.pop(position)
        area = self.play_areas[1]
        slot = sum(1 for owned in area if owned.rank <= card.rank)
        area.insert(slot, card)
        events.append(CardMoved(card.id, card.code, STREET, PLAY_AREAS[1], position, slot))
        self._end_turn(events, passed=False)

    def gangster_pass(self, events: list[Event]) -> None:
        """S4: nothing was taken in steps 1–5 (an empty Street): the Gangster passes."""
        if not self.is_gangster_turn():
            raise IllegalAction(msg("It is not the Gangster's turn."))
        self._gangster_played(PASS, events)
        events.append(Passed(self.current))
        self._end_turn(events, passed=True)
