"""One interface for every way two copies connect: bytes out, events in, nothing ever waits.

A :class:`Transport` is filled by threads of its own (a socket's reader and writer, Twisted's
reactor); the table's frame loop only calls :meth:`Transport.send`, which queues, and
:meth:`Transport.poll`, which empties the queue of what arrived.  ``notify`` (:data:`Notify`),
when given, is called from those threads each time something arrives: the window's loop,
asleep at rest, wakes for it instead of looking again and again.  Each message is one record:
a transport never splits or merges them.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass

from .problems import NetProblem

#: The most events one :meth:`Transport.poll` hands out: a flood of messages is taken a frame
#: at a time, so no frame waits for it.
POLL_LIMIT = 256

#: Called from a transport's thread when something arrived (it must not wait, nor touch the
#: caller's state: the window posts an event that wakes its loop).
Notify = Callable[[], None]


@dataclass(frozen=True, slots=True)
class Connected:
    """The connection is open (messages sent before were queued and go now)."""


@dataclass(frozen=True, slots=True)
class Received:
    """One message's bytes."""

    data: bytes


@dataclass(frozen=True, slots=True)
class Closed:
    """The connection is closed: ``problem`` says why when it was not closed on purpose."""

    problem: NetProblem | None


TransportEvent = Connected | Received | Closed


class Transport:
    """Two copies' connection as seen from one of them; see the module docstring.

    ``queue_limit``: how many events may wait unpolled before the transport's thread waits
    too (a socket then stops reading, and the other copy's sending waits in turn); 0: no
    limit, for transports whose thread must never wait."""

    queue_limit = 0

    def __init__(self, notify: Notify | None = None) -> None:
        self._events: queue.Queue[TransportEvent] = queue.Queue(self.queue_limit)
        self.closed = False
        self.notify = notify

    def send(self, data: bytes) -> None:
        """Queue one message's bytes for the other copy (dropped once closed)."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the connection (no event follows: the caller knows)."""
        raise NotImplementedError

    def poll(self) -> list[TransportEvent]:
        """What arrived since the last call, oldest first, at most :data:`POLL_LIMIT` events
        (the rest on the next call); never waits."""
        events: list[TransportEvent] = []
        while len(events) < POLL_LIMIT:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                break
        return events

    def _push(self, event: TransportEvent) -> None:
        """Called from the transport's own threads (waits while :attr:`queue_limit` events
        wait to be polled)."""
        self._events.put(event)
        if self.notify is not None:
            self.notify()


class MemoryTransport(Transport):
    """One end of a pair of transports inside one process (:func:`memory_pair`)."""

    def __init__(self) -> None:
        super().__init__()
        self.other: MemoryTransport | None = None

    def send(self, data: bytes) -> None:
        if not self.closed and self.other is not None and not self.other.closed:
            self.other._push(Received(bytes(data)))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self.other is not None and not self.other.closed:
                self.other._push(Closed(None))


def memory_pair() -> tuple[MemoryTransport, MemoryTransport]:
    """Two connected transports in this process (tests, the benchmark's baseline)."""
    one, two = MemoryTransport(), MemoryTransport()
    one.other, two.other = two, one
    one._push(Connected())
    two._push(Connected())
    return one, two
