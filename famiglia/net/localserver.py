"""A magic-wormhole mailbox server and transit relay on this machine's loopback, for the tests
and benchmarks.

They run in the reactor's thread (``famiglia.net.rendezvous``), listen on ``127.0.0.1`` on a
free port and keep their databases in memory (the relay none); :attr:`LocalMailbox.url` is
the rendezvous URL to give the transports, :attr:`LocalRelay.url` the transit relay.  Nothing
here talks beyond this machine.  Needs the test extra (``magic-wormhole-mailbox-server``,
``magic-wormhole-transit-relay``); the game itself never imports this module.
"""

from __future__ import annotations

from typing import Any

from twisted.internet.endpoints import TCP4ServerEndpoint
from twisted.internet.protocol import ServerFactory
from twisted.internet.threads import blockingCallFromThread
from wormhole_mailbox_server.database import create_channel_db, create_usage_db
from wormhole_mailbox_server.server import make_server
from wormhole_mailbox_server.web import make_web_server
from wormhole_transit_relay.transit_server import Transit, TransitConnection
from wormhole_transit_relay.usage import create_usage_tracker

from .rendezvous import reactor, start_reactor

LOOPBACK = "127.0.0.1"


class LocalMailbox:
    """A mailbox server on loopback until :meth:`close`."""

    def __init__(self) -> None:
        start_reactor()
        self._port: Any = blockingCallFromThread(reactor, self._listen)
        self.url = f"ws://{LOOPBACK}:{self._port.getHost().port}/v1"

    def _listen(self) -> Any:
        server = make_server(create_channel_db(":memory:"),
                             usage_db=create_usage_db(":memory:"))
        site = make_web_server(server, log_requests=False)
        return TCP4ServerEndpoint(reactor, 0, interface=LOOPBACK).listen(site)

    def close(self) -> None:
        """Stop listening (the clients close their own connections)."""
        blockingCallFromThread(reactor, self._port.stopListening)


class LocalRelay:
    """A transit relay on loopback until :meth:`close`."""

    def __init__(self) -> None:
        start_reactor()
        self._port: Any = blockingCallFromThread(reactor, self._listen)
        self.url = f"tcp:{LOOPBACK}:{self._port.getHost().port}"

    def _listen(self) -> Any:
        factory: Any = ServerFactory()
        factory.protocol = TransitConnection
        factory.transit = Transit(create_usage_tracker(blur_usage=None, log_file=None,
                                                       usage_db=None), reactor.seconds)
        factory.log_requests = False
        return TCP4ServerEndpoint(reactor, 0, interface=LOOPBACK).listen(factory)

    def close(self) -> None:
        blockingCallFromThread(reactor, self._port.stopListening)
