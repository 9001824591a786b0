"""What a networked game tells its owner (:data:`NetEvent`, from :meth:`NetGame.poll
<famiglia.net.netgame.NetGame.poll>`) and where it is (:class:`Phase`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from famiglia.rules import Action, Event

from .fairdeal import DealRecord
from .meeting import MeetingEvent
from .problems import NetProblem
from .protocol import Phrase


class Phase(StrEnum):
    """Where a networked game is."""

    MEETING = "meeting"  # hellos, the table, join, commitments, who starts
    DEALING = "dealing"  # both reveal the links of the Street's draws (R2.4)
    PLAYING = "playing"
    ENDING = "ending"  # the game is over: both reveal their secrets
    OVER = "over"  # both secrets verified
    LOST = "lost"  # the connection is gone: waiting for the other copy to come back
    RESUMING = "resuming"  # connected again: waiting for the other copy's Resume
    FAILED = "failed"  # the other copy broke the protocol or the rules: the game stops


@dataclass(frozen=True, slots=True)
class Dealt:
    """The game is dealt (both copies checked each other's deal): the table opens."""


@dataclass(frozen=True, slots=True)
class Moved:
    """``seat`` made ``action`` (checked by our core); ``events`` are the core's."""

    seat: int
    action: Action
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Resigned:
    """``seat`` gave up (the other seat wins); ``events`` are the core's."""

    seat: int
    events: list[Event]


@dataclass(frozen=True, slots=True)
class ChatReceived:
    """The other player sent a short phrase."""

    phrase: Phrase


@dataclass(frozen=True, slots=True)
class Finished:
    """Both secrets are out and every draw of the game verified: ``deal`` goes in the
    record."""

    deal: DealRecord


@dataclass(frozen=True, slots=True)
class ConnectionLost:
    """The connection broke (or the other copy left): the game waits for it to come back."""

    problem: NetProblem


@dataclass(frozen=True, slots=True)
class Resumed:
    """The other copy is back and both hold the same game."""


@dataclass(frozen=True, slots=True)
class Failed:
    """The other copy broke the protocol or the rules: the game stops here, kept as it is."""

    problem: NetProblem


NetEvent = (MeetingEvent | Dealt | Moved | Resigned | ChatReceived | Finished | ConnectionLost
            | Resumed | Failed)
