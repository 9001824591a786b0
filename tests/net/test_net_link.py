"""The host's open table and picking a game up again (famiglia/net/link.py), on loopback only:
a guest finds the table by zeroconf bound to the loopback interface and joins; a cut
connection on the same network is picked up again by itself, also when the copy that noticed
first comes back before the other noticed; across the internet, through a mailbox server this
test starts, the host gets a new code and the guest's typed code brings the game back."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from netplay import players, secret, unique_name, wait_for

from famiglia.net.autoplay import Autoplay
from famiglia.net.discovery import TableBrowser
from famiglia.net.fairdeal import CHAIN_LENGTH
from famiglia.net.lan import connect
from famiglia.net.link import HostLink, Rejoin, Way
from famiglia.net.localserver import LocalMailbox
from famiglia.net.netgame import NetGame, Phase
from famiglia.net.protocol import Table
from famiglia.net.rendezvous import WormholeTransport
from famiglia.net.session import Session
from famiglia.net.transport import Transport

LOOPBACK = "127.0.0.1"


@pytest.fixture(scope="module")
def mailbox() -> Iterator[LocalMailbox]:
    server = LocalMailbox()
    yield server
    server.close()


def host_side(link: HostLink, seed: int) -> tuple[NetGame, Rejoin]:
    transports: list[Transport] = []

    def came() -> bool:
        transports.extend(link.poll())
        return bool(transports)

    wait_for(came, "a guest")
    net = NetGame(Session(transports[0]), name="Anna", program="test",
                  table=Table(True, CHAIN_LENGTH), secret=secret(seed, "host"))
    return net, Rejoin(net, host=link)


def play_until(sides: list[tuple[Autoplay, Rejoin]], done: Callable[[], bool]) -> None:
    def step() -> bool:
        for side, rejoin in sides:
            side.step()
            rejoin.step()
        return done()

    wait_for(step, "the game to go on")


def test_a_table_found_on_loopback_is_joined_and_a_cut_connection_picked_up_again() -> None:
    name = unique_name("Anna")
    link = HostLink(Way.LAN, name, rendezvous="", port=0, bind=LOOPBACK)
    browser = TableBrowser(interfaces=[LOOPBACK])
    try:
        wait_for(lambda: [table for table in browser.tables() if table.name == name],
                 "Anna's table")
        (found,) = [table for table in browser.tables() if table.name == name]
        assert (found.host, found.port) == (LOOPBACK, link.port)
        address = (found.host, found.port)
        guest = NetGame(Session(connect(address)), name="Bruno", program="test",
                        secret=secret(4, "guest"))
        host, host_rejoin = host_side(link, 4)
        first, second = players(4)
        sides = [(Autoplay(host, first), host_rejoin),
                 (Autoplay(guest, second), Rejoin(guest, address=address))]
        play_until(sides, lambda: host.game is not None and host.game.ply() >= 6)
        assert host.session is not None
        host.session.transport.close()  # the connection breaks where the host cannot see it
        play_until(sides, lambda: guest.phase is not Phase.PLAYING)
        play_until(sides, lambda: host.phase is Phase.OVER and guest.phase is Phase.OVER)
        assert host.game is not None and guest.game is not None
        assert host.game.to_dict() == guest.game.to_dict() and host.game.is_terminal()
    finally:
        browser.close()
        link.close()


def test_a_guest_that_comes_back_before_the_host_noticed_is_let_in() -> None:
    """The host's old connection still looks alive (its peer went silently): the new one from
    the guest replaces it, and the game goes on from where both are."""
    link = HostLink(Way.LAN, "Anna", rendezvous="", port=0, bind=LOOPBACK)
    try:
        address = (LOOPBACK, link.port or 0)
        guest = NetGame(Session(connect(address)), name="Bruno", program="test",
                        secret=secret(5, "guest"))
        host, host_rejoin = host_side(link, 5)
        first, second = players(5)
        guest_rejoin = Rejoin(guest, address=address)
        sides = [(Autoplay(host, first), host_rejoin), (Autoplay(guest, second), guest_rejoin)]
        play_until(sides, lambda: host.game is not None and host.game.ply() >= 4)
        guest.resume(Session(connect(address)))  # as after a loss only the guest saw
        play_until(sides, lambda: host.phase is Phase.OVER and guest.phase is Phase.OVER)
        assert host.game is not None and guest.game is not None
        assert host.game.to_dict() == guest.game.to_dict()
    finally:
        link.close()


def test_across_the_internet_the_host_gets_a_new_code_and_the_guest_types_it(
        mailbox: LocalMailbox) -> None:
    link = HostLink(Way.INTERNET, "Anna", rendezvous=mailbox.url, relay="", bind=LOOPBACK)
    try:
        wait_for(lambda: link.code, "the code")
        code = link.code
        assert code is not None
        guest = NetGame(Session(WormholeTransport(mailbox.url, code=code, relay="",
                                                  hint_addresses=[LOOPBACK])), name="Bruno",
                        program="test", secret=secret(6, "guest"))
        host, host_rejoin = host_side(link, 6)
        first, second = players(6)
        saves: list[dict] = []
        guest.keeper = saves.append
        guest_rejoin = Rejoin(guest, rendezvous=mailbox.url, relay="", bind=LOOPBACK)
        sides = [(Autoplay(host, first), host_rejoin), (Autoplay(guest, second), guest_rejoin)]
        play_until(sides, lambda: host.game is not None and host.game.ply() >= 4)
        assert guest.session is not None
        guest.session.transport.close()  # the guest's copy was killed: only its save is left
        guest = NetGame.from_dict(saves[-1])
        guest_rejoin = Rejoin(guest, rendezvous=mailbox.url, relay="", bind=LOOPBACK)
        sides[1] = (Autoplay(guest, second), guest_rejoin)
        play_until(sides, lambda: guest_rejoin.needs_code and link.code not in (None, code))
        assert host_rejoin.waits_for_guest
        with pytest.raises(ValueError):
            guest_rejoin.enter("not a code")
        guest_rejoin.enter(link.code or "")
        play_until(sides, lambda: host.phase is Phase.OVER and guest.phase is Phase.OVER)
        assert host.game is not None and guest.game is not None
        assert host.game.to_dict() == guest.game.to_dict()
    finally:
        link.close()
