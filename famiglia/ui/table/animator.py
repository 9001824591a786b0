"""The event queue: the core's events play one after another, each holding the queue for a
moment (a card's flight, a badge appearing) before the next starts.

The table hands every event to a callback that starts its animation and returns how long the
queue should wait, in seconds at speed 1.  Time runs at the player's animation speed
(``Settings.animation_speed``), and ``hurry`` (a click or Space) runs it several times faster
until the queue is empty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from ...rules import Event

#: How much faster the queue runs after a click or Space.
HURRY = 5.0


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out: a card starts and lands gently."""
    if t < 0.5:
        return 4 * t * t * t
    f = 2 * t - 2
    return 0.5 * f * f * f + 1


class Animator:
    """Plays queued events through ``play`` (which returns the hold time of each)."""

    def __init__(self, play: Callable[[Event], float]) -> None:
        self.play = play
        self.queue: deque[Event] = deque()
        self.wait = 0.0
        self.hurry = False

    def push(self, events: Iterable[Event]) -> None:
        self.queue.extend(events)

    @property
    def pending(self) -> bool:
        """Events still to play, or the last one still holding the queue."""
        return bool(self.queue) or self.wait > 0

    def factor(self, speed: float) -> float:
        """The time factor for the player's ``speed`` (and the hurry)."""
        return speed * (HURRY if self.hurry else 1.0)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds already scaled by :meth:`factor`."""
        self.wait -= dt
        while self.wait <= 0 and self.queue:
            self.wait += self.play(self.queue.popleft())
        if not self.queue and self.wait <= 0:
            self.wait = 0.0

    def finish(self) -> None:
        """Play every queued event at once (tests, and leaving the table)."""
        while self.queue:
            self.play(self.queue.popleft())
        self.wait = 0.0
