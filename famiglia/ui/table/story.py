"""A turn told in one plain sentence, for the hot-seat hand-over screen: "Bob refreshed twice,
played Brute 2 on Famiglia 4 and took it with two Famiglia 2".

:class:`TurnStory` is fed the core's events in order (with the Street's card ids as they stand
before each event) and keeps the phrases of the turn in progress; at each ``turn_started`` the
finished turn's sentence becomes :attr:`TurnStory.last`.  Only what both players saw is told
(R5.4): the actions, never the cards a refresh drew into a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import (
    DECK,
    Accountant,
    ActionPlayed,
    Brute,
    Event,
    Exchange,
    Pass,
    Refresh,
    Take,
    TurnStarted,
)
from ...rules.cards import describe_code

TIMES = {1: "once", 2: "twice", 3: "three times"}
COUNTS = {2: "two", 3: "three", 4: "four"}


def join(phrases: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def payment_words(pay: Sequence[str]) -> str:
    """"two Famiglia 2" or "Famiglia 2 and Mercenary 3"."""
    if len(pay) == 2 and pay[0] == pay[1]:
        return f"two {describe_code(pay[0])}"
    return join([describe_code(code) for code in pay])


class TurnStory:
    """The phrases of the turn being played, and the sentence of the last finished one."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        #: the last finished turn's sentence, or None before any
        self.last: str | None = None
        self._seat: int | None = None
        self._phrases: list[str] = []
        self._refreshes = 0
        self._exchanges = 0
        self._lowered: int | None = None

    def add(self, event: Event, street: Sequence[int]) -> None:
        """One event, with the Street's card ids just before it."""
        if isinstance(event, TurnStarted):
            self._finish()
            return
        if not isinstance(event, ActionPlayed):
            return
        self._seat = event.seat
        action = event.action
        if isinstance(action, Refresh):
            self._refreshes += 1
            return
        self._flush_refreshes()
        if isinstance(action, Exchange):
            self._exchanges += 1
            return
        self._flush_exchanges()
        if isinstance(action, Accountant):
            self._phrases.append(f"played {describe_code(action.card)}")
        elif isinstance(action, Brute) and action.street < len(street):
            self._lowered = street[action.street]
            target = describe_code(DECK[street[action.street]].code)
            self._phrases.append(f"played {describe_code(action.card)} on {target}")
        elif isinstance(action, Take) and action.street < len(street):
            card_id = street[action.street]
            card = "it" if card_id == self._lowered else describe_code(DECK[card_id].code)
            paid = f" with {payment_words(action.pay)}" if action.pay else " for free"
            self._phrases.append(f"took {card}{paid}")
        elif isinstance(action, Pass):
            self._phrases.append("passed")

    def _flush_refreshes(self) -> None:
        if self._refreshes:
            times = TIMES.get(self._refreshes, f"{self._refreshes} times")
            self._phrases.append(f"refreshed the Street {times}")
            self._refreshes = 0

    def _flush_exchanges(self) -> None:
        if self._exchanges:
            count = "one card" if self._exchanges == 1 else f"{self._exchanges} cards"
            self._phrases.append(f"exchanged {count} between hand and play area")
            self._exchanges = 0

    def _finish(self) -> None:
        self._flush_refreshes()
        self._flush_exchanges()
        if self._seat is not None and self._phrases:
            self.last = f"{self.names[self._seat]} {join(self._phrases)}."
        self._seat = None
        self._phrases = []
        self._lowered = None
