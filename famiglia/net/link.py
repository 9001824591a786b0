"""How the two copies find each other, and find each other again after a lost connection.

- :class:`HostLink` is the host's open table.  On the same network (:attr:`Way.LAN`): a
  listening socket (``famiglia.net.lan``) and the table announced by zeroconf
  (``famiglia.net.discovery``) on the interfaces given.  Across the internet
  (:attr:`Way.INTERNET`): a wormhole (``famiglia.net.rendezvous``) whose code the host's
  player gives the guest.
- :class:`Rejoin` picks a game up again once its connection was lost, or once its copy was
  started again from its save: the host on the same network takes the next connection that
  comes in (also one that comes while the game still seems to run: the guest noticed the loss
  first); the guest on the same network connects to the host's address again every
  :data:`RETRY` seconds; across the internet the host opens a new wormhole, whose new code its
  player gives the guest, and the guest connects with the code its player types.

Nothing here waits: the owner (the window's table, or the headless loop) calls
:meth:`Rejoin.step` every frame or turn of its loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import StrEnum

from zeroconf import InterfaceChoice, InterfacesType

from .discovery import Advertisement, local_addresses
from .lan import DEFAULT_PORT, LanHost, connect
from .netgame import NetGame, Phase
from .rendezvous import WormholeTransport, check_code
from .session import Session
from .transport import Notify, Transport

#: Seconds between a guest's tries to reach a host on the same network again.
RETRY = 1.0
LOOPBACK = "127.0.0.1"


def hint_addresses(bind: str) -> list[str] | None:
    """The addresses a wormhole offers for a direct connection: ``bind`` alone when it is
    set, else this machine's (magic-wormhole finds them)."""
    return [bind] if bind else None


class Way(StrEnum):
    """How two copies connect."""

    LAN = "lan"  # the same network: an address and a port, found by zeroconf or typed
    INTERNET = "internet"  # across the internet: magic-wormhole, with a code


class HostLink:
    """The host's open table (see the module docstring); :meth:`poll` hands over each
    connection that comes in.  ``bind``: the one address to listen and announce on, and to
    offer for a direct connection across the internet (empty: every interface); ``relay``:
    the transit relay across the internet (by default the rendezvous server's); ``port``:
    the port to listen on (``None``: the game's own, :data:`~famiglia.net.lan.DEFAULT_PORT`,
    or any free one when it is taken); ``announce``: the table is announced by zeroconf (a
    game picked up again is not: the guest knows the address)."""

    def __init__(self, way: Way, name: str, *, rendezvous: str, relay: str | None = None,
                 port: int | None = None, bind: str = "", announce: bool = True,
                 notify: Notify | None = None) -> None:
        self.way = way
        self.rendezvous = rendezvous
        self.relay = relay
        self.bind = bind
        self.notify = notify
        self.listener: LanHost | None = None
        self.addresses: list[str] = []
        self._announcement: Advertisement | None = None
        self._wormhole: WormholeTransport | None = None
        self._handed = False
        if way is Way.INTERNET:
            self.reopen()
            return
        try:
            self.listener = LanHost(bind, DEFAULT_PORT if port is None else port, notify=notify)
        except OSError:
            if port is not None:
                raise
            self.listener = LanHost(bind, 0, notify=notify)  # the game's own port is taken
        self.addresses = [bind] if bind else (local_addresses() or [LOOPBACK])
        if announce:
            interfaces: InterfacesType = [bind] if bind else InterfaceChoice.All
            self._announcement = Advertisement(name, self.listener.port,
                                               addresses=self.addresses, interfaces=interfaces)

    @property
    def port(self) -> int | None:
        """The port the table listens on (the same network)."""
        return None if self.listener is None else self.listener.port

    @property
    def code(self) -> str | None:
        """The code to give the guest (across the internet), once the server gave one."""
        return None if self._wormhole is None else self._wormhole.code

    @property
    def failed(self) -> bool:
        """The wormhole closed before anyone came (the rendezvous server cannot be reached)."""
        return self._wormhole is not None and self._wormhole.closed and not self._handed

    def open_again(self) -> None:
        """Across the internet, once the last wormhole went to a game: a new one, with a new
        code (the same network goes on listening)."""
        if self.way is Way.INTERNET and self._handed:
            self.reopen()

    def poll(self) -> list[Transport]:
        """The connections that came in since the last call (the wormhole once, at once: its
        session waits for the guest); never waits."""
        if self.listener is not None:
            return list(self.listener.poll())
        if self._wormhole is not None and not self._handed:
            self._handed = True
            return [self._wormhole]
        return []

    def reopen(self) -> None:
        """Across the internet: a new wormhole with a new code (after a lost connection, or
        a copy started again)."""
        self._wormhole = WormholeTransport(self.rendezvous, relay=self.relay,
                                           hint_addresses=hint_addresses(self.bind),
                                           notify=self.notify)
        self._handed = False

    def withdraw(self) -> None:
        """The game is on: the table is no longer announced (the listener stays, for the
        guest coming back)."""
        if self._announcement is not None:
            self._announcement.close()
            self._announcement = None

    def close(self) -> None:
        """Stop listening and withdraw the table (connections handed out stay open)."""
        if self.listener is not None:
            self.listener.close()
        self.withdraw()
        if self._wormhole is not None and not self._handed:
            self._wormhole.close()


class Rejoin:
    """Picks ``net`` up again after a lost connection (see the module docstring): the host
    through its ``host`` link; a guest on the same network through the host's ``address``;
    a guest across the internet with the code its player types (:meth:`enter`), through
    ``rendezvous`` and ``relay``, offering ``bind`` for a direct connection (as
    :class:`HostLink`)."""

    def __init__(self, net: NetGame, *, host: HostLink | None = None,
                 address: tuple[str, int] | None = None, rendezvous: str | None = None,
                 relay: str | None = None, bind: str = "", notify: Notify | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.net = net
        self.host = host
        self.address = address
        self.rendezvous = rendezvous
        self.relay = relay
        self.bind = bind
        self.notify = notify
        self.clock = clock
        self._next_try = 0.0
        self._code: str | None = None

    @property
    def needs_code(self) -> bool:
        """A guest across the internet waits for its player to type the host's new code."""
        return (self.net.phase is Phase.LOST and self.host is None and self.address is None
                and self._code is None)

    @property
    def waits_for_guest(self) -> bool:
        """The host waits for the guest to come back (its new code shown, across the
        internet)."""
        return self.host is not None and self.net.phase in (Phase.LOST, Phase.RESUMING)

    def enter(self, code: str) -> None:
        """The host's new code, typed by the guest's player (``ValueError`` when it cannot
        be a code)."""
        self._code = check_code(code)
        self.net.resume(Session(WormholeTransport(
            self.rendezvous or "", code=self._code, relay=self.relay,
            hint_addresses=hint_addresses(self.bind), notify=self.notify)))

    def step(self) -> None:
        """Try to resume when the game waits for the other copy; never waits."""
        net = self.net
        if net.game is None or net.phase in (Phase.OVER, Phase.FAILED):
            return
        if self.host is not None:
            self._host_step()
        elif net.phase is Phase.LOST and self.address is not None:
            now = self.clock()
            if now >= self._next_try:
                self._next_try = now + RETRY
                net.resume(Session(connect(self.address, notify=self.notify)))
        elif net.phase is Phase.LOST and self._code is not None:
            self._code = None  # that code was spent: the player types the next one

    def _host_step(self) -> None:
        host, net = self.host, self.net
        assert host is not None
        if net.phase is Phase.LOST:
            host.open_again()
        fresh = host.poll()
        if not fresh:
            return
        for extra in fresh[:-1]:
            extra.close()
        if net.phase in (Phase.LOST, Phase.PLAYING, Phase.RESUMING, Phase.ENDING):
            net.resume(Session(fresh[-1]))
        else:
            fresh[-1].close()

    def close(self) -> None:
        if self.host is not None:
            self.host.close()
