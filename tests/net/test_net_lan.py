"""Two copies on the same network, on loopback only: TCP frames, a whole game between two
sessions, what a broken or hostile connection does, and discovery with zeroconf bound to the
loopback interface."""

from __future__ import annotations

import socket
import struct
from collections.abc import Iterable
from typing import TypeVar

import pytest
from netplay import next_message, play_game, unique_name, wait_for

from famiglia.net.discovery import Advertisement, FoundTable, TableBrowser
from famiglia.net.lan import LanHost, TcpTransport, connect, parse_address
from famiglia.net.problems import Cause, NetProblem
from famiglia.net.protocol import MAX_BYTES, PROTOCOL, Hello, Ping, Pong, encode
from famiglia.net.session import Session
from famiglia.net.transport import POLL_LIMIT, Closed, Connected, Received, TransportEvent

LOOPBACK = "127.0.0.1"
T = TypeVar("T")


def events_of(transport: TcpTransport, count: int) -> list[TransportEvent]:
    found: list[TransportEvent] = []

    def arrived() -> bool:
        found.extend(transport.poll())
        return len(found) >= count

    wait_for(arrived, f"{count} events")
    return found


def gathered(into: list[T], more: Iterable[T]) -> list[T]:
    """``into`` with ``more`` added: what a wait collects poll after poll."""
    into.extend(more)
    return into


def pair(loopback: str = LOOPBACK) -> tuple[LanHost, TcpTransport, TcpTransport]:
    host = LanHost(loopback, 0)
    guest = connect((loopback, host.port))
    incoming: list[TcpTransport] = []
    wait_for(lambda: gathered(incoming, host.poll()), "the guest to come in")
    return host, incoming[0], guest


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


@pytest.mark.parametrize("loopback", [LOOPBACK, pytest.param("::1", marks=pytest.mark.skipif(
    not ipv6_loopback(), reason="no IPv6 loopback here"))])
def test_frames_go_both_ways_whole_and_in_order(loopback: str) -> None:
    host, theirs, ours = pair(loopback)
    try:
        for size in (0, 1, 1000, MAX_BYTES):
            ours.send(bytes([size % 256]) * size)
        assert events_of(theirs, 5) == [Connected(), *(Received(bytes([size % 256]) * size)
                                                      for size in (0, 1, 1000, MAX_BYTES))]
        theirs.send(b"back")
        assert events_of(ours, 2) == [Connected(), Received(b"back")]
        assert theirs.peer.startswith("[::1]:" if ":" in loopback else f"{loopback}:")
    finally:
        ours.close()
        theirs.close()
        host.close()


def test_a_whole_game_over_tcp_ends_with_the_same_game_on_both_sides() -> None:
    host, theirs, ours = pair()
    try:
        hosted, joined = play_game(Session(theirs), Session(ours), seed=2026)
        assert hosted.to_dict() == joined.to_dict() and hosted.is_terminal()
    finally:
        host.close()


def test_a_host_that_is_not_there_is_a_connection_problem() -> None:
    spare = socket.socket()
    spare.bind((LOOPBACK, 0))
    port = spare.getsockname()[1]
    spare.close()  # nobody listens on it now
    guest = connect((LOOPBACK, port))
    (event,) = events_of(guest, 1)
    assert isinstance(event, Closed) and event.problem is not None
    assert event.problem.cause is Cause.CONNECTION


def test_an_oversized_frame_closes_before_it_is_read() -> None:
    host = LanHost(LOOPBACK, 0)
    raw = socket.create_connection((LOOPBACK, host.port))
    try:
        raw.sendall(struct.pack(">I", MAX_BYTES + 1) + b"x" * 100)
        incoming: list[TcpTransport] = []
        wait_for(lambda: gathered(incoming, host.poll()), "the connection")
        events = events_of(incoming[0], 2)
        assert events[0] == Connected()
        assert events[1] == Closed(NetProblem(Cause.TOO_LARGE, f"a frame of {MAX_BYTES + 1} "
                                                               "bytes"))
    finally:
        raw.close()
        host.close()


def test_a_dropped_connection_is_seen_and_the_guest_can_come_back() -> None:
    host, theirs, ours = pair()
    try:
        events_of(theirs, 1)
        ours.close()
        assert events_of(theirs, 1) == [Closed(None)]
        again = connect((LOOPBACK, host.port))
        incoming: list[TcpTransport] = []
        wait_for(lambda: gathered(incoming, host.poll()), "the guest to come back")
        mine, yours = Session(incoming[0]), Session(again)
        yours.send(Hello("Bruno", "test"))
        assert next_message(mine, []) == Hello("Bruno", "test")
        mine.close()
        yours.close()
    finally:
        host.close()


@pytest.mark.parametrize(("text", "address"), [
    ("192.168.1.20:5000", ("192.168.1.20", 5000)), ("anna-pc.local", ("anna-pc.local", 47326)),
    ("[::1]:47000", ("::1", 47000)), ("[fe80::1]", ("fe80::1", 47326)),
    (" 10.0.0.2:1 ", ("10.0.0.2", 1))])
def test_an_address_is_read_as_players_type_it(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["", ":5000", "host:0", "host:70000", "host:x", "[::1",
                                  "[::1]x", "a b:5"])
def test_a_mistyped_address_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def test_a_table_is_found_on_loopback_and_goes_when_withdrawn() -> None:
    name = unique_name("Anna")
    advert = Advertisement(name, 47999, addresses=[LOOPBACK], interfaces=[LOOPBACK])
    browser = TableBrowser(interfaces=[LOOPBACK])

    def found() -> list[FoundTable]:
        return [table for table in browser.tables() if table.name == name]

    try:
        wait_for(found, "the table to be found")
        assert found() == [FoundTable(name, LOOPBACK, 47999, PROTOCOL)]
        advert.close()
        wait_for(lambda: not found(), "the table to go")
    finally:
        advert.close()
        browser.close()


def test_two_tables_of_players_with_the_same_name_are_both_found() -> None:
    name = unique_name("Dora")
    adverts = [Advertisement(name, port, addresses=[LOOPBACK], interfaces=[LOOPBACK])
               for port in (47997, 47998)]
    browser = TableBrowser(interfaces=[LOOPBACK])

    def doras() -> list[FoundTable]:
        return [table for table in browser.tables() if table.name == name]

    try:
        wait_for(lambda: len(doras()) == 2, "both tables to be found")
        assert sorted(table.port for table in doras()) == [47997, 47998]
    finally:
        for advert in adverts:
            advert.close()
        browser.close()


def test_a_player_s_long_name_in_any_letters_is_announced_whole() -> None:
    """A service's own name is one DNS label of at most 63 bytes; the list shows the whole
    name (40 letters of two bytes each here)."""
    name = "Ö" * 40
    assert len(name) == 40 and len(name.encode()) > 63
    advert = Advertisement(name, 47996, addresses=[LOOPBACK], interfaces=[LOOPBACK])
    browser = TableBrowser(interfaces=[LOOPBACK])
    try:
        wait_for(lambda: [table for table in browser.tables() if table.port == 47996],
                 "the table to be found")
        assert [table.name for table in browser.tables() if table.port == 47996] == [name]
    finally:
        advert.close()
        browser.close()


def test_a_flood_of_messages_is_taken_a_bounded_batch_at_a_time() -> None:
    """A hostile peer sends thousands of heartbeats at once: each poll takes at most a bounded
    batch (no frame waits for the whole flood), the socket stops reading while the queue is
    full, and every heartbeat is answered in the end."""
    host, theirs, ours = pair()
    try:
        session = Session(theirs)
        flood = 3000
        for number in range(1, flood + 1):
            ours.send(encode(Ping(number), number))
        steps: list[int] = []

        def drained() -> bool:
            before = session.received
            assert session.poll() == []
            steps.append(session.received - before)
            return session.received == flood

        wait_for(drained, "the flood to be read")
        assert max(steps) <= POLL_LIMIT and not session.closed
        answered: list[TransportEvent] = []
        wait_for(lambda: len(gathered(answered, ours.poll())) > flood, "the pongs")
        assert answered[-1] == Received(encode(Pong(flood), flood))
    finally:
        ours.close()
        theirs.close()
        host.close()
