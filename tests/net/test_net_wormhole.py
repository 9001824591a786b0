"""Two copies across the internet through magic-wormhole, tested against a mailbox server and a
transit relay this test starts on loopback (never the public ones), every direct connection
offered and taken on loopback only: a whole game over a direct transit connection and one over
the relay alone, the mailbox server left once the connection is made, codes and their
completion, a wrong code, a rendezvous server that does not answer."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
from netplay import play_game, wait_for

from famiglia.net.localserver import LocalMailbox, LocalRelay
from famiglia.net.problems import Cause
from famiglia.net.rendezvous import WormholeTransport, check_code, word_completions
from famiglia.net.session import Session
from famiglia.net.transport import Closed, Connected, TransportEvent

LOOPBACK = "127.0.0.1"


@pytest.fixture(scope="module")
def relay() -> Iterator[LocalRelay]:
    server = LocalRelay()
    assert server.url.startswith("tcp:127.0.0.1:")
    yield server
    server.close()


def wormhole(mailbox: LocalMailbox, relay: str | None = None, *,
             direct: bool = True, **kwargs: Any) -> WormholeTransport:
    """A wormhole through the local mailbox server, offering and taking direct connections
    on loopback only (none with ``direct`` off), through ``relay`` (none by default)."""
    return WormholeTransport(mailbox.url, relay=relay or "",
                             hint_addresses=[LOOPBACK] if direct else [], **kwargs)


@pytest.fixture(scope="module")
def mailbox() -> Iterator[LocalMailbox]:
    server = LocalMailbox()
    assert server.url.startswith("ws://127.0.0.1:")
    yield server
    server.close()


def hosted(mailbox: LocalMailbox) -> WormholeTransport:
    host = wormhole(mailbox)
    wait_for(lambda: host.code, "the host's code")
    return host


def first_events(*transports: WormholeTransport) -> list[TransportEvent]:
    found: list[TransportEvent] = []

    def arrived() -> bool:
        for transport in transports:
            found.extend(transport.poll())
        return len(found) >= len(transports)

    wait_for(arrived, "an event on each side")
    return found


def test_a_whole_game_through_the_mailbox_ends_the_same_on_both_sides(
        mailbox: LocalMailbox) -> None:
    host = hosted(mailbox)
    assert host.code is not None
    guest = wormhole(mailbox, code=host.code)
    hosted_game, joined_game = play_game(Session(host), Session(guest), seed=26)
    assert hosted_game.to_dict() == joined_game.to_dict() and hosted_game.is_terminal()
    guest.close()


def test_a_whole_game_through_the_transit_relay_alone(mailbox: LocalMailbox,
                                                      relay: LocalRelay) -> None:
    """Where neither computer can reach the other (no direct hint), the relay carries the
    game; the mailbox server carried only the code's exchange and the hints."""
    host = wormhole(mailbox, relay.url, direct=False)
    wait_for(lambda: host.code, "the host's code")
    assert host.code is not None
    guest = wormhole(mailbox, relay.url, direct=False, code=host.code)
    hosted_game, joined_game = play_game(Session(host), Session(guest), seed=27)
    assert hosted_game.to_dict() == joined_game.to_dict() and hosted_game.is_terminal()
    assert host._wormhole_closed and guest._wormhole_closed
    guest.close()


def test_the_code_is_a_number_and_two_words(mailbox: LocalMailbox) -> None:
    host = hosted(mailbox)
    assert host.code is not None
    assert check_code(host.code) == host.code and host.code.count("-") == 2
    host.close()


def test_a_typing_guest_is_offered_the_open_numbers_then_the_words(
        mailbox: LocalMailbox) -> None:
    host = hosted(mailbox)
    assert host.code is not None
    number, first, second = host.code.split("-")
    guest = wormhole(mailbox, typing=True)
    wait_for(lambda: f"{number}-" in guest.completions(""), "the host's number")
    assert f"{number}-{first}-" in guest.completions(f"{number}-{first[:2]}")
    assert f"{number}-{first}-{second}" in guest.completions(f"{number}-{first}-{second[:1]}")
    guest.enter(f" {host.code.upper()} ")
    assert first_events(host, guest) == [Connected(), Connected()]
    host.close()
    guest.close()


def test_word_completions_follow_the_word_lists() -> None:
    assert "guitarist-" in word_completions("guit")
    assert "guitarist-revenge" in word_completions("guitarist-reve")
    assert all(option.startswith("ab") for option in word_completions("ab"))
    assert word_completions("zzzz") == []


@pytest.mark.parametrize("text", ["", "guitarist-revenge", "7", "7-", "7 guitarist", "x-y-z",
                                  "7-gui tarist", "7-guitarist-reve", "7-revenge-guitarist",
                                  "7-guitarist", "7-guitarist-revenge-guitarist"])
def test_a_mistyped_code_is_refused_in_words(text: str) -> None:
    """Before anything is sent: a word cut short, misspelt, out of place or missing would
    only spend the host's code."""
    with pytest.raises(ValueError, match="a code is a number and two words of its list"):
        check_code(text)


def test_a_wrong_code_fails_on_both_sides(mailbox: LocalMailbox) -> None:
    host = hosted(mailbox)
    assert host.code is not None
    number = host.code.split("-")[0]
    guest = wormhole(mailbox, code=f"{number}-adroitness-aardvark")
    events = first_events(host, guest)
    assert {event.problem.cause for event in events
            if isinstance(event, Closed) and event.problem} == {Cause.WRONG_CODE}


def test_a_rendezvous_server_that_does_not_answer_is_a_connection_problem() -> None:
    spare = socket.socket()
    spare.bind(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()
    host = WormholeTransport(f"ws://127.0.0.1:{port}/v1", relay="", hint_addresses=[],
                             welcome_timeout=0.2)
    (event,) = first_events(host)
    assert isinstance(event, Closed) and event.problem is not None
    assert event.problem.cause is Cause.CONNECTION
