"""One connection's conversation: numbered messages, heartbeats, the clocks of a lost
connection and of a withheld reveal, and a hostile peer that never crashes us (issue: never
trust the other copy).  Time is a fake clock moved by hand."""

from __future__ import annotations

import json
import random

import pytest

from famiglia.net.problems import Cause, NetProblem
from famiglia.net.protocol import (
    MAX_BYTES,
    Chat,
    Goodbye,
    Hello,
    Kind,
    Message,
    Move,
    Phrase,
    Ping,
    Pong,
    Reveal,
    decode,
    encode,
)
from famiglia.net.session import Session
from famiglia.net.transport import MemoryTransport, Received, memory_pair


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def sessions(clock: Clock) -> tuple[Session, Session]:
    one, two = memory_pair()
    return Session(one, clock=clock), Session(two, clock=clock)


def raw_pair(clock: Clock) -> tuple[Session, MemoryTransport]:
    """Our session and the other end as a bare transport (a hostile peer sends raw bytes)."""
    ours, theirs = memory_pair()
    theirs.poll()
    return Session(ours, clock=clock), theirs


def sent(transport: MemoryTransport) -> list[Message]:
    return [decode(event.data)[1] for event in transport.poll() if isinstance(event, Received)]


def test_messages_arrive_in_order_and_numbered() -> None:
    clock = Clock()
    one, two = sessions(clock)
    one.send(Hello("Anna", "Famiglia"))
    one.send(Chat(Phrase.GOOD_GAME))
    assert two.poll() == [Hello("Anna", "Famiglia"), Chat(Phrase.GOOD_GAME)]
    assert two.connected and not two.closed


def test_a_message_out_of_sequence_closes_with_its_cause() -> None:
    clock = Clock()
    ours, theirs = raw_pair(clock)
    theirs.send(encode(Chat(Phrase.GOOD_GAME), 1))
    theirs.send(encode(Chat(Phrase.GOOD_GAME), 1))  # repeated
    result = ours.poll()
    assert result[0] == Chat(Phrase.GOOD_GAME)
    assert isinstance(result[1], NetProblem) and result[1].cause is Cause.OUT_OF_SEQUENCE
    assert ours.closed
    assert sent(theirs) == [Goodbye(Cause.OUT_OF_SEQUENCE)]
    assert ours.poll() == []


def test_the_heartbeat_is_sent_when_quiet_and_answered() -> None:
    clock = Clock()
    one, two = sessions(clock)
    one.poll(), two.poll()
    clock.now += 2.5
    assert one.poll() == [] and two.poll() == []  # each sent a ping; pings are not shown
    assert one.poll() == [] and two.poll() == []  # each answered the other's
    clock.now += 9
    assert one.poll() == [] and not one.closed


def test_silence_past_the_timeout_is_a_lost_connection() -> None:
    clock = Clock()
    ours, _ = raw_pair(clock)
    ours.poll()
    clock.now += 10.5
    result = ours.poll()
    assert [p.cause for p in result if isinstance(p, NetProblem)] == [Cause.TIMEOUT]
    assert ours.problem is not None and ours.problem.cause is Cause.TIMEOUT


def test_a_withheld_reveal_is_caught_though_the_heartbeat_goes_on() -> None:
    clock = Clock()
    ours, theirs = raw_pair(clock)
    ours.poll()
    ours.await_reveal()
    for number in range(1, 13):  # the peer keeps its heartbeat but never reveals
        clock.now += 2
        theirs.send(encode(Ping(number), number))
        result = ours.poll()
        if result:
            break
    assert [p.cause for p in result if isinstance(p, NetProblem)] == [Cause.WITHHELD]


def test_links_taken_in_in_time_clear_the_deadline() -> None:
    clock = Clock()
    ours, theirs = raw_pair(clock)
    ours.await_reveal()
    clock.now += 5
    theirs.send(encode(Reveal(1, ("ab" * 32,)), 1))
    assert ours.poll() == [Reveal(1, ("ab" * 32,))]
    ours.reveal_settled()
    clock.now += 18
    theirs.send(encode(Ping(1), 2))
    assert ours.poll() == []


def test_the_other_copy_hanging_up_is_a_lost_connection_and_a_goodbye_is_not() -> None:
    clock = Clock()
    one, two = sessions(clock)
    one.transport.close()
    assert [p.cause for p in two.poll() if isinstance(p, NetProblem)] == [Cause.CONNECTION]
    three, four = sessions(clock)
    three.close()
    assert four.poll() == [Goodbye(None)] and four.closed and four.problem is None


def mutations(rng: random.Random) -> bytes:
    """One hostile message: a valid one bent, random bytes, huge, deep or wrongly numbered."""
    valid = json.loads(encode(Move(1, "take 2", "ab" * 32), 1))
    choice = rng.randrange(9)
    if choice == 0:
        return rng.randbytes(rng.randrange(0, 200))
    if choice == 1:
        return b"[" * rng.randrange(1, 20000)
    if choice == 2:
        return b'{"v":1,"seq":1,"kind":"chat","phrase":"' + b"x" * (MAX_BYTES + 5) + b'"}'
    if choice == 3:
        valid[rng.choice(list(valid))] = rng.choice([None, -1, 2**70, "x" * 300, [], {}, 1.5])
    elif choice == 4:
        valid.pop(rng.choice(list(valid)))
    elif choice == 5:
        valid["seq"] = rng.randrange(2, 10)
    elif choice == 6:
        valid["v"] = rng.randrange(2, 100)
    elif choice == 7:
        valid["kind"] = rng.choice(["peek", "MOVE", "", "hello "])
    else:
        text = json.dumps(valid).encode()
        position = rng.randrange(len(text))
        return text[:position] + bytes([rng.randrange(256)]) + text[position + 1:]
    return json.dumps(valid).encode()


def test_a_hostile_peer_never_crashes_a_session_and_each_refusal_has_a_cause() -> None:
    rng = random.Random(26)
    clock = Clock()
    causes: set[Cause] = set()
    for _ in range(1500):
        ours, theirs = raw_pair(clock)
        theirs.send(mutations(rng))
        result = ours.poll()
        assert len(result) <= 1
        for item in result:
            if isinstance(item, NetProblem):
                causes.add(item.cause)
                assert ours.closed and item.detail
            else:
                assert isinstance(item, Message) and not ours.closed
    assert {Cause.MALFORMED, Cause.TOO_LARGE, Cause.TOO_DEEP, Cause.OUT_OF_SEQUENCE,
            Cause.VERSION, Cause.UNKNOWN_KIND} <= causes


@pytest.mark.parametrize("kind", [Kind.PING, Kind.PONG])
def test_heartbeats_are_answered_and_never_shown(kind: Kind) -> None:
    clock = Clock()
    ours, theirs = raw_pair(clock)
    theirs.send(encode(Ping(5) if kind is Kind.PING else Pong(5), 1))
    assert ours.poll() == []
    assert sent(theirs) == ([Pong(5)] if kind is Kind.PING else [])
