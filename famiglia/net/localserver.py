"""A magic-wormhole mailbox server on this machine's loopback, for the tests and benchmarks.

It runs in the reactor's thread (``famiglia.net.rendezvous``), listens on ``127.0.0.1`` on a
free port and keeps its database in memory; :attr:`LocalMailbox.url` is the rendezvous URL to
give the transports.  Nothing here talks beyond this machine.  Needs the test extra
(``magic-wormhole-mailbox-server``); the game itself never imports this module.
"""

from __future__ import annotations

from typing import Any

from twisted.internet.endpoints import TCP4ServerEndpoint
from twisted.internet.threads import blockingCallFromThread
from wormhole_mailbox_server.database import create_channel_db, create_usage_db
from wormhole_mailbox_server.server import make_server
from wormhole_mailbox_server.web import make_web_server

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
