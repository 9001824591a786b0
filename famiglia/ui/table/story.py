"""A turn told in one plain sentence, for the hot-seat hand-over screen: "Bob refreshed the
Street twice, played Brute 2 on Famiglia 4 and took Famiglia 4 with two Famiglia 2".

:class:`TurnStory` is fed the core's events in order (with the Street's card ids as they stand
before each event) and keeps the actions of the turn in progress (an undone one taken out);
at each ``turn_started`` the finished turn becomes :attr:`TurnStory.last`, worded (by
:func:`~famiglia.ui.table.phrases.story_sentence`) in the language of the moment it is read.
Only what both players saw is told (R5.4): the actions, never the cards a refresh drew.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import Action, ActionPlayed, ActionUndone, Event, TurnStarted
from .log import aimed_code
from .phrases import story_sentence

#: A finished turn: its seat, and its actions with the code of the Street card each aimed at.
Told = tuple[int, tuple[tuple[Action, str | None], ...]]


class TurnStory:
    """The actions of the turn being played, and the finished ones (the last is told)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self._seat: int | None = None
        #: this turn's actions, each with the code of the Street card it aimed at
        self._actions: list[tuple[Action, str | None]] = []
        #: the finished turns, the last one last (an undone take or pass reopens it)
        self._finished: list[Told] = []

    @property
    def last(self) -> str | None:
        """The last finished turn's sentence in the current language, or None before any."""
        if not self._finished:
            return None
        seat, actions = self._finished[-1]
        return story_sentence(self.names[seat], actions)

    def add(self, event: Event, street: Sequence[int]) -> None:
        """One event, with the Street's card ids just before it."""
        if isinstance(event, TurnStarted):
            self._finish()
        elif isinstance(event, ActionPlayed):
            self._seat = event.seat
            self._actions.append((event.action, aimed_code(event.action, street)))
        elif isinstance(event, ActionUndone):
            if not self._actions and self._finished and self._finished[-1][0] == event.seat:
                self._seat, told = self._finished.pop()
                self._actions = list(told)  # the take or pass taken back reopens its turn
            for index in range(len(self._actions) - 1, -1, -1):
                if self._actions[index][0] == event.action:
                    del self._actions[index]
                    break

    def _finish(self) -> None:
        if self._seat is not None and self._actions:
            self._finished = [*self._finished[-2:], (self._seat, tuple(self._actions))]
        self._seat = None
        self._actions = []
