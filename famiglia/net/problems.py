"""What can go wrong between two copies of the game, by cause (issue: "never trust the other
copy").

Every refusal of the networking layer is a :class:`NetProblem`: a :class:`Cause` the table
translates into the player's words (with the other player's name), and an English ``detail``
for the log.  Nothing the other copy sends can raise anything but a :class:`ProtocolError`
carrying one, so a hostile peer can end a connection but never crash the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Cause(StrEnum):
    """Why a message, a move or a connection was refused (one per way it can fail)."""

    #: Not a message at all: not JSON, not UTF-8, not a dict, a field missing or of a wrong type.
    MALFORMED = "malformed"
    #: Longer than any message the game sends.
    TOO_LARGE = "too_large"
    #: Nested deeper, or holding more values, than any message the game sends.
    TOO_DEEP = "too_deep"
    #: A kind of message this version does not know.
    UNKNOWN_KIND = "unknown_kind"
    #: A protocol version this copy does not speak (the other copy is older or newer).
    VERSION = "version"
    #: A message whose number is not the next one (lost, repeated or reordered).
    OUT_OF_SEQUENCE = "out_of_sequence"
    #: A message that makes no sense now (a move before the game starts, a second hello …).
    UNEXPECTED = "unexpected"
    #: A chain link that does not hash to the one before it (a forged draw).
    FORGED_LINK = "forged_link"
    #: A commitment or a revealed secret that does not verify the game's draws.
    BAD_DEAL = "bad_deal"
    #: A move our own rules refuse.
    ILLEGAL_MOVE = "illegal_move"
    #: A move after which the other copy's position is not ours.
    DIVERGED = "diverged"
    #: The other copy sent nothing for too long (it may have crashed or the network dropped).
    TIMEOUT = "timeout"
    #: The other copy stopped answering while a card was being drawn.
    WITHHELD = "withheld"
    #: The connection closed or could not be made.
    CONNECTION = "connection"
    #: The code typed is not the host's (or not a code at all).
    WRONG_CODE = "wrong_code"
    #: The host declined to play.
    DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class NetProblem:
    """A refusal: its ``cause`` (for the player, translated by the table) and an English
    ``detail`` (for the log; never shown as it is)."""

    cause: Cause
    detail: str

    def __str__(self) -> str:
        return f"{self.cause.value}: {self.detail}"


class ProtocolError(ValueError):
    """A message, a link or a move from the other copy was refused: ``problem`` says why."""

    def __init__(self, cause: Cause, detail: str) -> None:
        super().__init__(f"{cause.value}: {detail}")
        self.problem = NetProblem(cause, detail)
