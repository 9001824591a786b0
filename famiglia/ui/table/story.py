"""A turn told in one plain sentence, for the hot-seat hand-over screen: "Bob refreshed twice,
played Brute 2 on Famiglia 4 and took it with two Famiglia 2".

:class:`TurnStory` is fed the core's events in order (with the Street's card ids as they stand
before each event) and keeps the actions of the turn in progress (an undone one taken out);
at each ``turn_started`` the finished turn's sentence becomes :attr:`TurnStory.last`.  Only
what both players saw is told (R5.4): the actions, never the cards a refresh drew.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...rules import (
    DECK,
    Accountant,
    Action,
    ActionPlayed,
    ActionUndone,
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


def join(phrases: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


def payment_words(pay: Sequence[str]) -> str:
    """"two Famiglia 2" or "Famiglia 2 and Mercenary 3" (a start-set mark left out)."""
    codes = [code.rstrip("*") for code in pay]
    if len(codes) == 2 and codes[0] == codes[1]:
        return f"two {describe_code(codes[0])}"
    return join([describe_code(code) for code in codes])


class TurnStory:
    """The actions of the turn being played, and the sentence of the last finished one."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        #: the last finished turn's sentence, or None before any
        self.last: str | None = None
        self._seat: int | None = None
        #: this turn's actions, each with the Street card it aimed at (Brute, take)
        self._actions: list[tuple[Action, int | None]] = []

    def add(self, event: Event, street: Sequence[int]) -> None:
        """One event, with the Street's card ids just before it."""
        if isinstance(event, TurnStarted):
            self._finish()
        elif isinstance(event, ActionPlayed):
            self._seat = event.seat
            action = event.action
            aimed = None
            if isinstance(action, (Brute, Take)) and action.street < len(street):
                aimed = street[action.street]
            self._actions.append((action, aimed))
        elif isinstance(event, ActionUndone):
            for index in range(len(self._actions) - 1, -1, -1):
                if self._actions[index][0] == event.action:
                    del self._actions[index]
                    break

    def _finish(self) -> None:
        if self._seat is not None and self._actions:
            self.last = f"{self.names[self._seat]} {join(phrases(self._actions))}."
        self._seat = None
        self._actions = []


def phrases(actions: Sequence[tuple[Action, int | None]]) -> list[str]:
    """A turn's actions as phrases; runs of refreshes and of exchanges counted together."""
    told: list[str] = []
    refreshes = exchanges = 0
    lowered: int | None = None

    def flush() -> None:
        nonlocal refreshes, exchanges
        if refreshes:
            times = TIMES.get(refreshes, f"{refreshes} times")
            told.append(f"refreshed the Street {times}")
        if exchanges:
            count = "one card" if exchanges == 1 else f"{exchanges} cards"
            told.append(f"exchanged {count} between hand and play area")
        refreshes = exchanges = 0

    for action, aimed in actions:
        if isinstance(action, Refresh):
            refreshes += 1
            continue
        if isinstance(action, Exchange):
            exchanges += 1
            continue
        flush()
        if isinstance(action, Accountant):
            told.append(f"played {describe_code(action.card)}")
        elif isinstance(action, Brute) and aimed is not None:
            lowered = aimed
            told.append(f"played {describe_code(action.card)} on "
                        f"{describe_code(DECK[aimed].code)}")
        elif isinstance(action, Take) and aimed is not None:
            card = "it" if aimed == lowered else describe_code(DECK[aimed].code)
            paid = f" with {payment_words(action.pay)}" if action.pay else " for free"
            told.append(f"took {card}{paid}")
        elif isinstance(action, Pass):
            told.append("passed")
    flush()
    return told
