"""The messages between two copies: every kind round-trips, and whatever breaks a bound or a
field's rule is refused with its cause (issue: never trust the other copy)."""

from __future__ import annotations

import json

import pytest

from famiglia.net.problems import Cause, ProtocolError
from famiglia.net.protocol import (
    MAX_BYTES,
    MAX_LINKS,
    MESSAGES,
    PROTOCOL,
    Accept,
    Chat,
    Commit,
    Decline,
    DeclineReason,
    Goodbye,
    Hello,
    Join,
    Kind,
    Message,
    Move,
    Phrase,
    Ping,
    Pong,
    Position,
    Resign,
    Resume,
    Reveal,
    Secret,
    Table,
    decode,
    encode,
)

LINK = "ab" * 32
EXAMPLES: list[Message] = [
    Hello("Anna", "Famiglia 0.1.0"), Table(True, 128), Join(), Accept(),
    Decline(DeclineReason.BUSY), Commit(LINK), Reveal(3, (LINK, "cd" * 32)),
    Move(5, "take 4 F2+M3 keep M3", LINK), Move(6, "refresh 2", None), Position(6, LINK),
    Chat(Phrase.GOOD_GAME), Resign(), Resume(12, 20), Secret(LINK), Goodbye(None),
    Goodbye(Cause.DIVERGED), Ping(1), Pong(1),
]


def raw(**fields: object) -> bytes:
    return json.dumps(fields).encode()


def refused(data: bytes) -> Cause:
    with pytest.raises(ProtocolError) as caught:
        decode(data)
    return caught.value.problem.cause


def test_every_kind_has_an_example() -> None:
    assert {message.kind for message in EXAMPLES} == set(Kind) == set(MESSAGES)


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: m.kind.value)
def test_every_message_round_trips_with_its_number(message: Message) -> None:
    assert decode(encode(message, 7)) == (7, message)


def test_a_message_names_its_version_number_and_kind() -> None:
    data = json.loads(encode(Chat(Phrase.YOUR_TURN), 3))
    assert data == {"v": PROTOCOL, "seq": 3, "kind": "chat", "phrase": "your_turn"}


@pytest.mark.parametrize("data", [b"", b"{", b"\xff\xfe", b"[]", b"null", b'"hello"',
                                  raw(v=1, seq=1), raw(v=1, kind="ping", nonce=1),
                                  raw(v=1, seq=0, kind="ping", nonce=1),
                                  raw(v=1, seq="1", kind="ping", nonce=1),
                                  raw(v=1, seq=1, kind="ping"),
                                  raw(v=1, seq=1, kind="ping", nonce=1, extra=2),
                                  raw(v=1, seq=1, kind="ping", nonce=-1),
                                  raw(v=1, seq=1, kind="ping", nonce=True),
                                  raw(v=1, seq=1, kind="hello", name="", program="x"),
                                  raw(v=1, seq=1, kind="hello", name="A\nB", program="x"),
                                  raw(v=1, seq=1, kind="hello", name="x" * 41, program="x"),
                                  raw(v=1, seq=1, kind="commit", chain_end="AB" * 32),
                                  raw(v=1, seq=1, kind="commit", chain_end="ab" * 31),
                                  raw(v=1, seq=1, kind="reveal", first=1, links=[]),
                                  raw(v=1, seq=1, kind="chat", phrase="you lose"),
                                  raw(v=1, seq=1, kind="goodbye", problem="bored"),
                                  raw(v=1, seq=1, kind="table", fresh_cards_rule=1,
                                      chain_length=128)])
def test_malformed_messages_are_refused(data: bytes) -> None:
    assert refused(data) is Cause.MALFORMED


def test_an_oversized_message_is_refused_before_it_is_read() -> None:
    assert refused(b" " * (MAX_BYTES + 1)) is Cause.TOO_LARGE


@pytest.mark.parametrize("data", [b"[" * 5000 + b"]" * 5000, b"[" * 10 + b"]" * 10,
                                  raw(v=1, seq=1, kind="ping", nonce={"a": {"b": 1}}),
                                  raw(v=1, seq=1, kind="hello", name="x" * 101, program="x"),
                                  raw(v=1, seq=1, kind="ping", nonce=2**40),
                                  raw(v=1, seq=1, kind="reveal", first=1,
                                      links=[LINK] * (MAX_LINKS + 200))])
def test_deeply_nested_or_overfull_messages_are_refused(data: bytes) -> None:
    assert refused(data) in (Cause.TOO_DEEP, Cause.TOO_LARGE)


def test_a_reveal_of_too_many_links_is_refused() -> None:
    data = raw(v=1, seq=1, kind="reveal", first=1, links=["ab"] * (MAX_LINKS + 1))
    assert refused(data) is Cause.MALFORMED


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_another_protocol_version_is_refused(version: object) -> None:
    assert refused(raw(v=version, seq=1, kind="ping", nonce=1)) is Cause.VERSION


def test_an_unknown_kind_is_refused() -> None:
    assert refused(raw(v=1, seq=1, kind="peek", zone="draw_pile")) is Cause.UNKNOWN_KIND


def test_the_refusal_says_what_is_wrong_in_words() -> None:
    with pytest.raises(ProtocolError, match=r"ping\.nonce"):
        decode(raw(v=1, seq=1, kind="ping", nonce="x"))
