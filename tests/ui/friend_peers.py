"""The friend's computer in the UI tests: a networked game in this process, played by a
computer player and no window (``famiglia.net.autoplay``), over a pair of in-memory transports
or over TCP on loopback; and the window's side of a game already dealt.  A module of its own,
with a name no other test folder uses (see ``ui_driver.py``)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from famiglia.net.autoplay import Autoplay
from famiglia.net.fairdeal import CHAIN_LENGTH
from famiglia.net.link import HostLink, Rejoin
from famiglia.net.meeting import JoinAsked, PeerArrived
from famiglia.net.netgame import NetGame
from famiglia.net.protocol import Table
from famiglia.net.session import Session
from famiglia.net.transport import MemoryTransport, memory_pair
from famiglia.players.random_players import RandomPlayer, no_pass_random
from famiglia.store.netsave import Connection
from famiglia.ui.app import App
from famiglia.ui.friend.connection import FriendConnection

#: How long a test waits for another thread before it fails (never a measured time).
PATIENCE = 20.0
DT = 1 / 60


class Peer:
    """The friend's side: ``net`` played by a random player; ``rejoin`` picks it up again
    after a lost connection (when given)."""

    def __init__(self, net: NetGame, *, rejoin: Rejoin | None = None, seed: int = 1) -> None:
        self.net = net
        self.side = Autoplay(net, RandomPlayer(no_pass_random, seed))
        self.rejoin = rejoin
        #: the peer plays its moves (off: it only answers, a friend thinking long)
        self.playing = True

    def step(self) -> None:
        if self.playing:
            self.side.step()
        else:
            for event in self.net.poll():
                self.side.events.append(event)
                if isinstance(event, PeerArrived) and not self.net.host:
                    self.net.join()
                elif isinstance(event, JoinAsked):
                    self.net.answer(True)
        if self.rejoin is not None:
            self.rejoin.step()


def run(app: App, peer: Peer | None, until: Callable[[], object], what: str) -> None:
    """Frames of the window and steps of the peer until ``until`` holds; fail after
    :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} (on screen: "
                                 f"{type(app.top).__name__})")
        app.frame([], DT)
        if peer is not None:
            peer.step()
        time.sleep(0.001)


def secret(seed: int, side: str) -> bytes:
    """A chain's secret fixed by the test's seed, so that its deal is the same every run."""
    return hashlib.sha256(f"{side} {seed}".encode()).digest()


def dealt(app: App, *, host: bool = True, seed: int = 1, fresh_cards_rule: bool = True
          ) -> tuple[FriendConnection, Peer, MemoryTransport]:
    """A game dealt between the window (the host, or the guest) and a peer over in-memory
    transports; the window's connection, the peer, and the peer's transport (closing it cuts
    the connection)."""
    mine, theirs = memory_pair()
    table = Table(fresh_cards_rule, CHAIN_LENGTH)
    window = NetGame(Session(mine), name="Anna" if host else "Bruno", program="test",
                     table=table if host else None, secret=secret(seed, "window"))
    peer = Peer(NetGame(Session(theirs), name="Bruno" if host else "Anna", program="test",
                        table=None if host else table, secret=secret(seed, "peer")), seed=seed)
    # the host listens again on any free port when the game is picked up (never the game's
    # own, which a copy played on this machine may hold)
    connection = FriendConnection(app, window, connection=Connection("lan", port=0))
    for _ in range(40):
        for event in list(connection.events):
            if isinstance(event, PeerArrived) and not window.host:
                window.join()
            elif isinstance(event, JoinAsked):
                window.answer(True)
        connection.events.clear()
        connection.poll()
        peer.step()
        if window.game is not None and peer.net.game is not None:
            break
    assert window.game is not None and peer.net.game is not None
    connection.events.clear()
    return connection, peer, theirs


class HostPeer(Peer):
    """A friend who hosts: their table, open on ``link``; the first guest to come sits down
    (the peer lets them in)."""

    def __init__(self, link: HostLink, *, fresh_cards_rule: bool = False, seed: int = 1) -> None:
        self.link = link
        self.table = Table(fresh_cards_rule, CHAIN_LENGTH)
        self.seed = seed
        self.started = False

    def step(self) -> None:
        if not self.started:
            for transport in self.link.poll():
                net = NetGame(Session(transport), name="Anna", program="test",
                              table=self.table, secret=secret(self.seed, "peer"))
                super().__init__(net, rejoin=Rejoin(net, host=self.link), seed=self.seed)
                self.started = True
                break
            return
        super().step()
