"""One connection's conversation: numbered messages, the heartbeat, deadlines, refusals.

A :class:`Session` sits on a :class:`~famiglia.net.transport.Transport`.  It numbers what it
sends, reads what arrives within the protocol's bounds (``famiglia.net.protocol``), checks each
number is the next one, answers the heartbeat, and watches two clocks: silence longer than
``timeout`` means the connection is lost, and a reveal awaited longer than ``reveal_timeout``
means the other copy withholds a draw.  Whatever goes wrong becomes one
:class:`~famiglia.net.problems.NetProblem`, after which the session is closed (it tells the
other copy why in a :class:`~famiglia.net.protocol.Goodbye`); nothing raises.

:meth:`Session.poll` never waits: the table calls it every frame, a headless game in a loop.
The clock is a parameter, so tests move time by hand.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .problems import Cause, NetProblem, ProtocolError
from .protocol import Goodbye, Message, Ping, Pong, decode, encode
from .transport import Closed, Connected, Received, Transport

#: Seconds between heartbeats when nothing else is sent.
HEARTBEAT = 2.0
#: Seconds of silence after which the connection counts as lost.
TIMEOUT = 10.0
#: Seconds the other copy may take to reveal a link once it is due.
REVEAL_TIMEOUT = 20.0

Incoming = Message | NetProblem


def closed_problem(problem: NetProblem | None) -> NetProblem:
    """Why a transport closed, as the game sees it: a lost connection, unless the two
    copies never met because the code was not the host's (magic-wormhole's PAKE)."""
    if problem is None:
        return NetProblem(Cause.CONNECTION, "the other copy hung up")
    if problem.cause is Cause.WRONG_CODE:
        return problem
    return NetProblem(Cause.CONNECTION, problem.detail)


class Session:
    """The conversation over one transport (see the module docstring)."""

    def __init__(self, transport: Transport, *, clock: Callable[[], float] = time.monotonic,
                 heartbeat: float = HEARTBEAT, timeout: float = TIMEOUT,
                 reveal_timeout: float = REVEAL_TIMEOUT) -> None:
        self.transport = transport
        self.clock = clock
        self.heartbeat, self.timeout, self.reveal_timeout = heartbeat, timeout, reveal_timeout
        self.connected = False
        self.closed = False
        #: Why the session closed, when it did not close on purpose.
        self.problem: NetProblem | None = None
        self._sent = 0
        self._received = 0
        now = clock()
        self._last_sent = self._last_received = now
        self._reveal_due: float | None = None
        self._pings = 0

    @property
    def received(self) -> int:
        """How many messages arrived, heartbeats included."""
        return self._received

    # ------------------------------------------------------------------ sending

    def send(self, message: Message) -> None:
        """Number and send ``message`` (nothing once closed)."""
        if self.closed:
            return
        self._sent += 1
        self.transport.send(encode(message, self._sent))
        self._last_sent = self.clock()

    def await_reveal(self) -> None:
        """Links from the other copy are due from now on, until :meth:`reveal_settled`."""
        if self._reveal_due is None:
            self._reveal_due = self.clock() + self.reveal_timeout

    def reveal_settled(self) -> None:
        """The links that were due are in.  Their owner says so once it has taken them in
        (not when they are read: a reveal read in the same poll as the message that makes
        it due would otherwise leave a deadline behind)."""
        self._reveal_due = None

    def close(self, problem: Cause | None = None) -> None:
        """Say goodbye (with the cause, if any) and close."""
        if not self.closed:
            self.send(Goodbye(problem))
            self.closed = True
            self.transport.close()

    # ------------------------------------------------------------------ receiving

    def poll(self) -> list[Incoming]:
        """The messages that arrived, in order, and at most one problem (last, after which the
        session is closed).  Heartbeats are answered here and not returned."""
        if self.closed:
            return []
        out: list[Incoming] = []
        for event in self.transport.poll():
            if isinstance(event, Connected):
                self.connected = True
                self._last_received = self.clock()
            elif isinstance(event, Closed):
                return self._fail(out, closed_problem(event.problem))
            elif isinstance(event, Received):
                try:
                    message = self._read(event.data)
                except ProtocolError as error:
                    return self._fail(out, error.problem)
                if isinstance(message, Goodbye):
                    self.closed = True
                    self.transport.close()
                    out.append(message)
                    return out
                if message is not None:
                    out.append(message)
        return self._watch(out)

    def _read(self, data: bytes) -> Message | None:
        seq, message = decode(data)
        if seq != self._received + 1:
            raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"message {seq} came when "
                                                       f"{self._received + 1} was next")
        self._received = seq
        self._last_received = self.clock()
        if isinstance(message, Ping):
            self.send(Pong(message.nonce))
            return None
        if isinstance(message, Pong):
            return None
        return message

    def _watch(self, out: list[Incoming]) -> list[Incoming]:
        """The clocks: a reveal overdue, silence too long, a heartbeat due."""
        now = self.clock()
        if self._reveal_due is not None and now > self._reveal_due:
            return self._fail(out, NetProblem(Cause.WITHHELD, "no reveal within "
                                                              f"{self.reveal_timeout:g} s"))
        if self.connected and now - self._last_received > self.timeout:
            return self._fail(out, NetProblem(Cause.TIMEOUT, "nothing heard for "
                                                             f"{self.timeout:g} s"))
        if self.connected and now - self._last_sent >= self.heartbeat:
            self._pings += 1
            self.send(Ping(self._pings))
        return out

    def _fail(self, out: list[Incoming], problem: NetProblem) -> list[Incoming]:
        self.problem = problem
        if problem.cause in (Cause.CONNECTION, Cause.WRONG_CODE):  # nothing left to tell
            self.closed = True
            self.transport.close()
        else:
            self.close(problem.cause)
        out.append(problem)
        return out
