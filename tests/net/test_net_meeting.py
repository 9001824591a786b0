"""How two copies meet: the host's table (R3.1d's choice) is shown before the guest asks, the
host's player accepts or declines, both commit, and the first joint draw decides who starts
(R2.3); a message out of place, a forged or withheld first link is refused by cause."""

from __future__ import annotations

from collections import Counter

import pytest
from netplay import meet

from famiglia.net.fairdeal import CHAIN_LENGTH, HashChain
from famiglia.net.meeting import (
    Declined,
    JoinAsked,
    Meeting,
    MeetingEvent,
    PeerArrived,
    Started,
    Step,
)
from famiglia.net.problems import Cause, NetProblem, ProtocolError
from famiglia.net.protocol import (
    Commit,
    DeclineReason,
    Hello,
    Join,
    Message,
    Move,
    Reveal,
    Table,
)
from famiglia.net.session import Session
from famiglia.net.transport import memory_pair

TABLE = Table(False, CHAIN_LENGTH)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def sides(clock: Clock | None = None) -> tuple[Meeting, Meeting]:
    one, two = memory_pair()
    time = clock or Clock()
    host = Meeting(Session(one, clock=time), name="Anna", program="test", table=TABLE)
    guest = Meeting(Session(two, clock=time), name="Bruno", program="test")
    return host, guest


def deliver(meeting: Meeting) -> list[MeetingEvent | NetProblem]:
    out: list[MeetingEvent | NetProblem] = []
    for item in meeting.session.poll():
        if isinstance(item, NetProblem):
            out.append(item)
        else:
            out.extend(meeting.receive(item))
    return out


def test_the_guest_sees_the_table_before_it_asks_and_the_host_sees_who_asks() -> None:
    host, guest = sides()
    assert deliver(guest) == [PeerArrived("Anna", "test", TABLE)]
    assert guest.step is Step.CHOOSING and not TABLE.fresh_cards_rule
    assert deliver(host) == [PeerArrived("Bruno", "test", TABLE)]
    assert host.step is Step.ASKING
    guest.join()
    assert deliver(host) == [JoinAsked()] and host.peer_name == "Bruno"


def test_a_declined_guest_is_told_why_and_nothing_is_committed() -> None:
    host, guest = sides()
    deliver(guest), deliver(host)
    guest.join()
    deliver(host)
    host.answer(False, DeclineReason.BUSY)
    assert deliver(guest) == [Declined(DeclineReason.BUSY)]
    assert host.chain is None and guest.chain is None and guest.step is Step.DECLINED


def test_both_sides_agree_who_starts_and_each_side_starts_half_the_time_r2_3() -> None:
    firsts: Counter[int] = Counter()
    for _ in range(40):
        one, two = memory_pair()
        hosted, joined = meet(Session(one), Session(two))
        assert hosted.first_player == joined.first_player
        assert hosted.draws.draws == joined.draws.draws == [(2, hosted.first_player)]
        firsts[hosted.first_player] += 1
    assert firsts[0] > 5 and firsts[1] > 5  # fresh secrets: both seats start at times


def test_answers_out_of_turn_are_refused() -> None:
    host, guest = sides()
    with pytest.raises(RuntimeError):
        guest.join()  # the table is not in yet
    with pytest.raises(RuntimeError):
        host.answer(True)  # nobody asked
    deliver(guest)
    with pytest.raises(RuntimeError):
        host.answer(True)


@pytest.mark.parametrize("message", [Move(1, "pass", None), Join(), Commit("ab" * 32),
                                     Reveal(1, ("ab" * 32,)), Table(True, CHAIN_LENGTH)])
def test_a_message_out_of_place_is_refused(message: Message) -> None:
    host, _ = sides()
    with pytest.raises(ProtocolError) as caught:
        host.receive(message)
    assert caught.value.problem.cause is Cause.UNEXPECTED


def test_a_second_hello_and_a_short_chain_are_refused() -> None:
    _, guest = sides()
    guest.receive(Hello("Anna", "test"))
    with pytest.raises(ProtocolError):
        guest.receive(Hello("Eve", "test"))
    with pytest.raises(ProtocolError, match="chains of 5 links"):
        guest.receive(Table(True, 5))


def host_and_raw_guest(clock: Clock) -> tuple[Meeting, Session]:
    """A host and a guest whose every message the test writes by hand, joined and accepted."""
    one, two = memory_pair()
    host = Meeting(Session(one, clock=clock), name="Anna", program="test", table=TABLE)
    guest = Session(two, clock=clock)
    guest.send(Hello("Bruno", "test"))
    guest.send(Join())
    deliver(host)
    host.answer(True)
    return host, guest


def test_a_forged_first_link_is_caught() -> None:
    host, guest = host_and_raw_guest(Clock())
    chain = HashChain.fresh()
    guest.send(Commit(chain.end.hex()))
    guest.send(Reveal(1, (HashChain.fresh().link(1).hex(),)))  # a link of another chain
    with pytest.raises(ProtocolError) as caught:
        deliver(host)
    assert caught.value.problem.cause is Cause.FORGED_LINK
    assert host.step is Step.DRAWING


def test_a_first_link_withheld_is_caught_by_the_clock() -> None:
    clock = Clock()
    host, guest_session = host_and_raw_guest(clock)
    guest_session.send(Commit(HashChain.fresh().end.hex()))  # commits, never reveals
    deliver(host)
    assert host.step is Step.DRAWING
    problems: list[NetProblem] = []
    for _ in range(30):
        clock.now += 1
        guest_session.poll()  # the guest's heartbeat goes on
        problems += [item for item in deliver(host) if isinstance(item, NetProblem)]
    assert [problem.cause for problem in problems] == [Cause.WITHHELD]


def test_started_carries_the_draws_for_the_rest_of_the_game() -> None:
    one, two = memory_pair()
    hosted, joined = meet(Session(one), Session(two))
    assert isinstance(hosted, Started) and hosted.draws.host and not joined.draws.host
    assert hosted.draws.ready == joined.draws.ready == 0
