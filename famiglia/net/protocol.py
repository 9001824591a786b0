"""The messages two copies of the game send each other: versioned, numbered, bounded JSON.

Every message is one JSON object ``{"v": 1, "seq": n, "kind": "move", …}``: ``v`` the protocol
version, ``seq`` its number on this connection (1, 2, 3 … from each side; the session checks
it), ``kind`` one of :class:`Kind` and the fields of that kind, nothing else.  Reading is
bounded before anything is interpreted: the size of the bytes, the nesting, the number of
values, the length of each text and the size of each number (:mod:`famiglia.rules.jsontext`);
then every field is checked for its type and range.  Whatever breaks a bound or a rule is a
:class:`~famiglia.net.problems.ProtocolError` with its cause; nothing else can come out of
:func:`decode`.

The conversation (host and guest, after the transport connects):

1. each side sends :class:`Hello` (its player's name and program version);
2. the host offers its :class:`Table` (the fresh-cards rule R3.1d, the length of the chains);
3. the guest asks :class:`Join`; the host answers :class:`Accept` or :class:`Decline`;
4. each side sends its :class:`Commit` (the end of its hash chain, ``famiglia.net.fairdeal``);
5. for every draw both send a :class:`Reveal` of their next chain link (who starts first, then
   the Street R2.4, then every refresh R3.1, refill R4.1 and reshuffle R4.2);
6. the player to move sends each action as a :class:`Move` in the core's notation with the
   digest of the position after it (an action that draws is sent first, both reveal, and a
   :class:`Position` follows); :class:`Chat`, :class:`Resign`, :class:`Ping`/
   :class:`Pong` (the heartbeat) at any time;
7. at the end both send their :class:`Secret`, and :class:`Goodbye` closes.

After a lost connection the two copies meet again with :class:`Hello` and :class:`Resume`
(how many moves and links each has), and go on from the last move both have
(``famiglia.net.moves.resume_plan``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from famiglia.rules.jsontext import check_bounds, loads

from .problems import Cause, ProtocolError

#: The protocol version this copy speaks.
PROTOCOL = 1
#: The largest message in bytes (a reveal of a whole game's links is about 9 kB).
MAX_BYTES = 16_384
#: Deeper than any message: the envelope and a list in it.
MAX_DEPTH = 2
#: More values than any message holds (a reveal of 128 links and its envelope).
MAX_ITEMS = 300
#: The longest text in a message (a move's notation, a name, a program version).
MAX_TEXT = 100
#: The largest number in a message.
MAX_INT_BITS = 32
#: A player's name, as the title's name field allows.
NAME_LIMIT = 40
#: The most chain links one reveal may carry.
MAX_LINKS = 128

#: A SHA-256 value in hexadecimal: a commitment, a chain link, a secret, a digest.
HEX64 = re.compile(r"[0-9a-f]{64}")


class Kind(StrEnum):
    """The kinds of message (the protocol's steps, in the module docstring)."""

    HELLO = "hello"
    TABLE = "table"
    JOIN = "join"
    ACCEPT = "accept"
    DECLINE = "decline"
    COMMIT = "commit"
    REVEAL = "reveal"
    MOVE = "move"
    POSITION = "position"
    CHAT = "chat"
    RESIGN = "resign"
    RESUME = "resume"
    SECRET = "secret"
    GOODBYE = "goodbye"
    PING = "ping"
    PONG = "pong"


class Phrase(StrEnum):
    """The short messages a player can send (the table shows them in the reader's language)."""

    GOOD_GAME = "good_game"
    YOUR_TURN = "your_turn"
    ONE_MOMENT = "one_moment"


class DeclineReason(StrEnum):
    """Why a host did not let a guest in."""

    DECLINED = "declined"
    BUSY = "busy"


# ---------------------------------------------------------------------------- field checks


def _name(value: Any) -> str:
    if (not isinstance(value, str) or not value.strip() or len(value) > NAME_LIMIT
            or not value.isprintable()):
        raise ValueError(f"a name is 1 to {NAME_LIMIT} printable characters")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.isprintable():
        raise ValueError("a text of printable characters was expected")
    return value


def _count(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("a whole number of 0 or more was expected")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("true or false was expected")
    return value


def hex64(value: Any) -> str:
    if not isinstance(value, str) or not HEX64.fullmatch(value):
        raise ValueError("64 lowercase hexadecimal digits were expected")
    return value


def _digest(value: Any) -> str | None:
    return None if value is None else hex64(value)


def _cause(value: Any) -> Cause | None:
    return None if value is None else Cause(_one_of(Cause)(value))


def _links(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_LINKS:
        raise ValueError(f"a list of 1 to {MAX_LINKS} chain links was expected")
    return tuple(hex64(link) for link in value)


def _one_of(kind: type[StrEnum]) -> Callable[[Any], StrEnum]:
    def check(value: Any) -> StrEnum:
        if not isinstance(value, str) or value not in kind.__members__.values():
            raise ValueError(f"one of {', '.join(kind)} was expected")
        return kind(value)
    return check


# ---------------------------------------------------------------------------- the messages

#: The key of a field's metadata that holds how it is read from JSON (a ``ValueError`` for
#: anything else).
READ = "read"


@dataclass(frozen=True, slots=True)
class Message:
    """A message's fields; :data:`kind` says which it is."""

    kind: ClassVar[Kind]


@dataclass(frozen=True, slots=True)
class Hello(Message):
    """The first message on every connection: who plays at this copy."""

    kind: ClassVar[Kind] = Kind.HELLO
    name: str = field(metadata={READ: _name})
    program: str = field(metadata={READ: _text})


@dataclass(frozen=True, slots=True)
class Table(Message):
    """The host's offer: the fresh-cards rule (R3.1d) and how long the chains are."""

    kind: ClassVar[Kind] = Kind.TABLE
    fresh_cards_rule: bool = field(metadata={READ: _flag})
    chain_length: int = field(metadata={READ: _count})


@dataclass(frozen=True, slots=True)
class Join(Message):
    """The guest asks to play at the table offered."""

    kind: ClassVar[Kind] = Kind.JOIN


@dataclass(frozen=True, slots=True)
class Accept(Message):
    """The host lets the guest in: the game begins."""

    kind: ClassVar[Kind] = Kind.ACCEPT


@dataclass(frozen=True, slots=True)
class Decline(Message):
    """The host does not play with this guest."""

    kind: ClassVar[Kind] = Kind.DECLINE
    reason: DeclineReason = field(metadata={READ: _one_of(DeclineReason)})


@dataclass(frozen=True, slots=True)
class Commit(Message):
    """The end of the sender's hash chain: every link it reveals must hash back to it."""

    kind: ClassVar[Kind] = Kind.COMMIT
    chain_end: str = field(metadata={READ: hex64})


@dataclass(frozen=True, slots=True)
class Reveal(Message):
    """The sender's chain links for draws ``first``, ``first + 1`` … (numbered from 1)."""

    kind: ClassVar[Kind] = Kind.REVEAL
    first: int = field(metadata={READ: _count})
    links: tuple[str, ...] = field(metadata={READ: _links})


@dataclass(frozen=True, slots=True)
class Move(Message):
    """One action in the core's notation and the ``ply`` it makes (the number of actions in
    the game after it), with the digest of the position after it (``famiglia.net.moves``);
    ``None`` when the action draws cards: both reveal their links, and a :class:`Position`
    follows."""

    kind: ClassVar[Kind] = Kind.MOVE
    ply: int = field(metadata={READ: _count})
    move: str = field(metadata={READ: _text})
    digest: str | None = field(metadata={READ: _digest})


@dataclass(frozen=True, slots=True)
class Position(Message):
    """The digest of the position after ``ply`` actions, once its draws are made (the setup's
    is ply 0)."""

    kind: ClassVar[Kind] = Kind.POSITION
    ply: int = field(metadata={READ: _count})
    digest: str = field(metadata={READ: hex64})


@dataclass(frozen=True, slots=True)
class Chat(Message):
    """One of the short phrases."""

    kind: ClassVar[Kind] = Kind.CHAT
    phrase: Phrase = field(metadata={READ: _one_of(Phrase)})


@dataclass(frozen=True, slots=True)
class Resign(Message):
    """The sender's player gives up."""

    kind: ClassVar[Kind] = Kind.RESIGN


@dataclass(frozen=True, slots=True)
class Resume(Message):
    """After a reconnection: how many actions this copy has (``ply``) and how many of the
    other copy's chain links (``links``), so that the other sends what is missing."""

    kind: ClassVar[Kind] = Kind.RESUME
    ply: int = field(metadata={READ: _count})
    links: int = field(metadata={READ: _count})


@dataclass(frozen=True, slots=True)
class Secret(Message):
    """At the end: the start of the sender's chain, which verifies all its links."""

    kind: ClassVar[Kind] = Kind.SECRET
    secret: str = field(metadata={READ: hex64})


@dataclass(frozen=True, slots=True)
class Goodbye(Message):
    """The sender closes the connection on purpose: ``problem`` is why it stops (``None``: the
    game is over or its player left)."""

    kind: ClassVar[Kind] = Kind.GOODBYE
    problem: Cause | None = field(metadata={READ: _cause})


@dataclass(frozen=True, slots=True)
class Ping(Message):
    """The heartbeat: answered by a :class:`Pong` with the same ``nonce``."""

    kind: ClassVar[Kind] = Kind.PING
    nonce: int = field(metadata={READ: _count})


@dataclass(frozen=True, slots=True)
class Pong(Message):
    """The answer to a :class:`Ping`."""

    kind: ClassVar[Kind] = Kind.PONG
    nonce: int = field(metadata={READ: _count})


#: Each kind's message class.
MESSAGES: dict[Kind, type[Message]] = {cls.kind: cls for cls in (
    Hello, Table, Join, Accept, Decline, Commit, Reveal, Move, Position, Chat, Resign, Resume,
    Secret, Goodbye, Ping, Pong)}
_ENVELOPE = frozenset({"v", "seq", "kind"})


# ---------------------------------------------------------------------------- reading, writing


def encode(message: Message, seq: int) -> bytes:
    """``message`` as the bytes sent, numbered ``seq``."""
    data: dict[str, Any] = {"v": PROTOCOL, "seq": seq, "kind": message.kind.value}
    for item in fields(message):
        value = getattr(message, item.name)
        data[item.name] = list(value) if isinstance(value, tuple) else value
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(raw) > MAX_BYTES:
        raise ValueError(f"a {message.kind} message of {len(raw)} bytes is over the bound")
    return raw


def decode(raw: bytes) -> tuple[int, Message]:
    """The number and the message in ``raw``, or :class:`ProtocolError` with the cause."""
    if not isinstance(raw, bytes | bytearray):
        raise ProtocolError(Cause.MALFORMED, "a message is bytes")
    if len(raw) > MAX_BYTES:
        raise ProtocolError(Cause.TOO_LARGE, f"{len(raw)} bytes, the bound is {MAX_BYTES}")
    try:
        data = loads(bytes(raw), max_chars=MAX_BYTES, max_depth=MAX_DEPTH)
    except ValueError as error:
        cause = Cause.TOO_DEEP if "nested" in str(error) else Cause.MALFORMED
        raise ProtocolError(cause, str(error)) from None
    try:
        check_bounds(data, max_depth=MAX_DEPTH, max_items=MAX_ITEMS, max_string=MAX_TEXT,
                     max_int_bits=MAX_INT_BITS)
    except ValueError as error:
        raise ProtocolError(Cause.TOO_DEEP, str(error)) from None
    if not isinstance(data, dict) or not data.keys() >= _ENVELOPE:
        raise ProtocolError(Cause.MALFORMED, "a message is an object with v, seq and kind")
    version = data["v"]
    if type(version) is not int or version != PROTOCOL:
        raise ProtocolError(Cause.VERSION, f"protocol {version!r}, this copy speaks {PROTOCOL}")
    seq = data["seq"]
    if type(seq) is not int or seq < 1:
        raise ProtocolError(Cause.MALFORMED, "seq is a whole number from 1 on")
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise ProtocolError(Cause.UNKNOWN_KIND, f"kind {kind!r}")
    cls = MESSAGES[Kind(kind)]
    expected = _ENVELOPE | {item.name for item in fields(cls)}
    if data.keys() != expected:
        raise ProtocolError(Cause.MALFORMED, f"a {kind} message has exactly the fields "
                                             f"{', '.join(sorted(expected))}")
    values = {}
    for item in fields(cls):
        try:
            values[item.name] = item.metadata[READ](data[item.name])
        except ValueError as error:
            raise ProtocolError(Cause.MALFORMED, f"{kind}.{item.name}: {error}") from None
    return seq, cls(**values)
