"""How two copies meet before a networked game (R2.3 decided jointly).

The host sends its :class:`~famiglia.net.protocol.Hello` and its
:class:`~famiglia.net.protocol.Table` (the fresh-cards rule, R3.1d, shown to the guest before
it asks); the guest sends its hello and, once its player agrees, asks to
:class:`~famiglia.net.protocol.Join`; the host's player sees the guest's name and accepts or
declines.  Then each copy commits to a fresh hash chain and both reveal their first link,
which decides who starts (``famiglia.net.fairdeal``).  The host sits in seat 0, the guest in
seat 1.

:class:`Meeting` is the state of one side, driven by the messages its session delivers
(:meth:`Meeting.receive`) and its player's answers (:meth:`Meeting.join`,
:meth:`Meeting.answer`); it sends through the session and returns what the table must show.
A message that does not belong to the step the meeting is at is a
:class:`~famiglia.net.problems.ProtocolError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .fairdeal import CHAIN_LENGTH, MAX_CHAIN, ChainCheck, HashChain, JointDraws
from .problems import Cause, ProtocolError
from .protocol import (
    Accept,
    Commit,
    Decline,
    DeclineReason,
    Hello,
    Join,
    Message,
    Reveal,
    Table,
)
from .session import Session

#: The seat of each side.
HOST_SEAT, GUEST_SEAT = 0, 1


class Step(StrEnum):
    """Where a meeting is: what it waits for."""

    HELLO = "hello"  # the other copy's hello (and the host's table)
    CHOOSING = "choosing"  # this side's player: the guest to join, the host to accept
    ASKING = "asking"  # the guest's request, or the host's answer to it
    COMMITTING = "committing"  # the other copy's commitment
    DRAWING = "drawing"  # the other copy's first link: who starts
    STARTED = "started"
    DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class PeerArrived:
    """The other copy said who plays there; a guest also has the host's table."""

    name: str
    program: str
    table: Table


@dataclass(frozen=True, slots=True)
class JoinAsked:
    """The host's player is asked: may the guest (:attr:`Meeting.peer_name`) play?"""


@dataclass(frozen=True, slots=True)
class Declined:
    """The host did not let this guest in."""

    reason: DeclineReason


@dataclass(frozen=True, slots=True)
class Started:
    """The game can be dealt: ``first_player`` starts (R2.3), ``draws`` decides every later
    draw (draw 1, who starts, is used)."""

    first_player: int
    draws: JointDraws


MeetingEvent = PeerArrived | JoinAsked | Declined | Started


class Meeting:
    """One side of the meeting (see the module docstring)."""

    def __init__(self, session: Session, *, name: str, program: str,
                 table: Table | None = None, secret: bytes | None = None) -> None:
        """``table`` is the host's offer; a guest passes none.  ``secret``: the start of this
        copy's chain (tests and benchmarks that replay a deal; by default a fresh one from
        the system's secure random source)."""
        self.session = session
        self.host = table is not None
        self.table = table
        self.step = Step.HELLO
        self.peer_name: str | None = None
        self.peer_program: str | None = None
        #: This copy's chain, once committed (a game kept for later needs its secret).
        self.chain: HashChain | None = None
        self._draws: JointDraws | None = None
        self._peer_hello = False
        self._secret = secret
        session.send(Hello(name, program))
        if table is not None:
            session.send(table)

    # ------------------------------------------------------------------ the player's answers

    def join(self) -> None:
        """The guest's player asks to play at the table offered."""
        self._expect_choice(host=False)
        self.step = Step.ASKING
        self.session.send(Join())

    def answer(self, accept: bool, reason: DeclineReason = DeclineReason.DECLINED) -> None:
        """The host's player lets the guest in, or not."""
        self._expect_choice(host=True)
        if not accept:
            self.step = Step.DECLINED
            self.session.send(Decline(reason))
            return
        self.session.send(Accept())
        self._commit()

    def _expect_choice(self, *, host: bool) -> None:
        if self.host != host or self.step is not Step.CHOOSING:
            raise RuntimeError(f"nothing to answer at step {self.step} of the "
                               f"{'host' if self.host else 'guest'}")

    # ------------------------------------------------------------------ the other copy

    def receive(self, message: Message) -> list[MeetingEvent]:
        """Take one message of the other copy; what the table must show, or
        :class:`ProtocolError` for a message out of place."""
        step = self.step
        if isinstance(message, Hello) and not self._peer_hello:
            self._peer_hello = True
            self.peer_name, self.peer_program = message.name, message.program
            return self._arrived()
        if isinstance(message, Table) and not self.host and step is Step.HELLO \
                and self.table is None:
            if not CHAIN_LENGTH <= message.chain_length <= MAX_CHAIN:
                raise ProtocolError(Cause.UNEXPECTED, f"a table with chains of "
                                                      f"{message.chain_length} links")
            self.table = message
            return self._arrived()
        if isinstance(message, Join) and self.host and step is Step.ASKING:
            self.step = Step.CHOOSING
            return [JoinAsked()]
        if isinstance(message, Decline) and not self.host and step is Step.ASKING:
            self.step = Step.DECLINED
            return [Declined(message.reason)]
        if isinstance(message, Accept) and not self.host and step is Step.ASKING:
            self._commit()
            return []
        if isinstance(message, Commit) and step is Step.COMMITTING:
            assert self.chain is not None and self.table is not None
            peer = ChainCheck(bytes.fromhex(message.chain_end), self.table.chain_length)
            self._draws = JointDraws(self.chain, peer, host=self.host)
            self.session.send(self._draws.reveal(1))
            self.session.await_reveal()
            self.step = Step.DRAWING
            return []
        if isinstance(message, Reveal) and step is Step.DRAWING:
            assert self._draws is not None
            self._draws.receive(message)
            if self._draws.ready < 1:
                raise ProtocolError(Cause.UNEXPECTED, "the first reveal is not of draw 1")
            self.session.reveal_settled()
            self.step = Step.STARTED
            return [Started(self._draws.next_index(2), self._draws)]
        raise ProtocolError(Cause.UNEXPECTED, f"a {message.kind} message at step {step} of "
                                              f"the {'host' if self.host else 'guest'}")

    def _arrived(self) -> list[MeetingEvent]:
        """Once the other's hello (and, for a guest, the host's table) are in: the host waits
        for the guest's request, the guest's player chooses."""
        if not self._peer_hello or self.table is None:
            return []
        assert self.peer_name is not None and self.peer_program is not None
        self.step = Step.ASKING if self.host else Step.CHOOSING
        return [PeerArrived(self.peer_name, self.peer_program, self.table)]

    def _commit(self) -> None:
        assert self.table is not None
        length = self.table.chain_length
        self.chain = (HashChain.fresh(length) if self._secret is None
                      else HashChain(self._secret, length))
        self.session.send(Commit(self.chain.end.hex()))
        self.step = Step.COMMITTING

