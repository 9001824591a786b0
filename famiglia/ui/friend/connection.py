"""One game with a friend on another computer as the window keeps it: the networked game
(``famiglia.net.netgame``), the way the two copies connect and connect again
(``famiglia.net.link``), its save, and the news the screens show.

:class:`FriendConnection` polls the networked game in an app task (``app.add_task``), so the
connection is kept up (heartbeats, a lost connection picked up again) whatever screen is on
top, and the frame loop never waits: the transports wake the loop when something arrives.  A
short message from the other player is shown at once; everything else waits in
:attr:`FriendConnection.events` for the screen that shows it (the meeting's screens, then the
table, which plays the moves in turn).  The finished game, or the game so far when the other
copy broke the rules or the protocol, goes to the past games with its fair deal, and the save
is cleared.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ... import __version__
from ...net.lan import connect, parse_address
from ...net.link import HostLink, Rejoin, Way, hint_addresses
from ...net.netgame import ChatReceived, Dealt, Failed, Finished, NetEvent, NetGame, Phase
from ...net.protocol import DeclineReason, Phrase, Table
from ...net.rendezvous import PUBLIC_RENDEZVOUS, WormholeTransport
from ...net.session import Session
from ...net.transport import Transport
from ...net.verify import friend_seats, net_record
from ...players.seats import Seat
from ...rules.messages import msg
from ...store.netsave import Connection, NetSaveStore, SavedNetGame
from ...store.records import RecordStore
from .words import phrase_text

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

#: The one address to listen, announce and offer for a direct connection on when set (a trial
#: of two windows on one machine: 127.0.0.1); by default every interface.
BIND_VARIABLE = "FAMIGLIA_LAN_INTERFACE"


def bind_address() -> str:
    return os.environ.get(BIND_VARIABLE, "")


def program() -> str:
    return f"Famiglia {__version__}"


def rendezvous_of(app: App) -> str:
    """The rendezvous server the settings name (the magic-wormhole project's by default)."""
    return app.settings.rendezvous or PUBLIC_RENDEZVOUS


class FriendConnection:
    """One networked game in the window (see the module docstring).  Made by
    :meth:`start` for a new game and :meth:`from_save` for one picked up again."""

    def __init__(self, app: App, net: NetGame, *, connection: Connection,
                 host: HostLink | None = None, address: tuple[str, int] | None = None,
                 store: NetSaveStore | None = None) -> None:
        self.app = app
        self.net = net
        self.connection = connection
        self.host_link = host
        self.store = store or NetSaveStore()
        self.rejoin = Rejoin(net, host=host, address=address, rendezvous=rendezvous_of(app),
                             bind=bind_address(), notify=app.wake)
        #: what the screens are still to show, oldest first
        self.events: deque[NetEvent] = deque()
        #: the table's log lines, kept with the save
        self.log_lines: Callable[[], Sequence[str]] = tuple
        self.recorded = False
        self.closed = False
        #: the host's code as last shown (a new one, after a lost connection, is drawn)
        self._code_shown: str | None = None
        net.keeper = self._save
        app.add_task(self.poll)

    @classmethod
    def start(cls, app: App, transport: Transport, *, name: str, table: Table | None,
              host: HostLink | None = None, address: tuple[str, int] | None = None
              ) -> FriendConnection:
        """A new game over ``transport``: the host's (with its ``table`` and ``host`` link)
        or the guest's (the host's ``address`` on the same network)."""
        net = NetGame(Session(transport), name=name, program=program(), table=table)
        if host is not None:
            connection = Connection(host.way.value, port=host.port)
        elif address is not None:
            connection = Connection(Way.LAN.value, address=f"{address[0]}:{address[1]}")
        else:
            connection = Connection(Way.INTERNET.value)
        return cls(app, net, connection=connection, host=host, address=address)

    @classmethod
    def from_save(cls, app: App, saved: SavedNetGame,
                  store: NetSaveStore | None = None) -> FriendConnection:
        """The saved game, dealt and replayed again, waiting for the other copy: the host
        listens again (on the same port) or opens a new wormhole, the guest on the same
        network connects again, the guest across the internet waits for a new code.
        ``ValueError`` for a save that does not replay."""
        net = NetGame.from_dict(saved.net)
        connection = saved.connection
        host = address = None
        if net.host:
            way = Way(connection.way)
            host = HostLink(way, net.name, rendezvous=rendezvous_of(app), bind=bind_address(),
                            port=connection.port, announce=False, notify=app.wake)
        elif connection.address is not None:
            address = parse_address(connection.address)
        return cls(app, net, connection=connection, host=host, address=address, store=store)

    # ------------------------------------------------------------------ the task

    def poll(self) -> None:
        """Take what arrived, keep the connection up, show a short message at once."""
        if self.closed:
            return
        news = self.net.poll()
        self.rejoin.step()
        for event in news:
            if isinstance(event, ChatReceived):
                self.app.toast(f"{self.net.peer_name}: {phrase_text(event.phrase)}")
                continue
            if isinstance(event, Finished | Failed):
                self.keep_record()
            if isinstance(event, Dealt) and self.host_link is not None:
                self.host_link.withdraw()
            self.events.append(event)
        code = self.host_link.code if self.host_link is not None else None
        if news or code != self._code_shown:
            self._code_shown = code
            self.app.request_redraw()
        if self.net.phase in (Phase.OVER, Phase.FAILED):
            self.close()  # nothing more will come: the game is kept or stopped

    # ------------------------------------------------------------------ the player's side

    def play(self, action: object) -> None:
        """This player's move (checked by the core first, ``famiglia.net.netgame``)."""
        self.events.extend(self.net.play(action))  # type: ignore[arg-type]

    def say(self, phrase: Phrase) -> None:
        self.net.chat(phrase)

    def answer(self, accept: bool) -> None:
        self.net.answer(accept, DeclineReason.DECLINED)

    def enter_code(self, code: str) -> None:
        """The host's new code, typed by this guest (``ValueError`` when it is not one)."""
        self.rejoin.enter(code)

    @property
    def lost(self) -> bool:
        """The connection is gone and the game waits for the other copy."""
        return self.net.phase in (Phase.LOST, Phase.RESUMING)

    @property
    def failed(self) -> bool:
        return self.net.phase is Phase.FAILED

    # ------------------------------------------------------------------ keeping it

    def _save(self, data: dict[str, object]) -> None:
        """The networked game's own save hook: written before anything that depends on it is
        sent."""
        if not self.recorded:
            self.store.save(data, self.connection, log=self.log_lines())

    def keep(self) -> None:
        """Save the game as it stands, the table's log with it."""
        if self.net.game is not None:
            self._save(self.net.to_dict())

    def seats(self) -> tuple[Seat, Seat]:
        return friend_seats(self.net.seat)

    def keep_record(self) -> None:
        """The game among the past games (with its fair deal: verified once both secrets are
        out, else the draws so far) and no save left to continue."""
        if self.recorded or self.net.game is None:
            return
        self.recorded = True
        records = RecordStore()
        records.add(net_record(self.net))
        self.store.clear()
        for store in (records, self.store):
            notice = store.take_notice()
            if notice:
                self.app.toast(notice)

    def close(self, *, keep_host: bool = False) -> None:
        """The player leaves this game: no more polling; the connection closes (the save, if
        any, stays for Continue), and the host's table with it unless ``keep_host``."""
        if self.closed:
            return
        self.closed = True
        self.app.remove_task(self.poll)
        if self.net.phase is not Phase.OVER:
            self.keep()
        self.net.close()
        if not keep_host:
            self.rejoin.close()


def running_friend_game(app: App, store: NetSaveStore | None = None) -> SavedNetGame | None:
    """The game with a friend Continue would pick up again, or ``None`` (a damaged save is
    set aside and reported)."""
    store = store or NetSaveStore()
    if not store.exists():
        return None
    saved = store.load()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    return saved


def resume_friend_game(app: App, store: NetSaveStore | None = None
                       ) -> tuple[FriendConnection, tuple[str, ...]] | None:
    """The saved game with a friend, waiting for them again, with its table's log lines, or
    ``None``: no save, or one that does not replay (set aside and reported), or a table that
    cannot be opened."""
    store = store or NetSaveStore()
    saved = running_friend_game(app, store)
    if saved is None:
        return None
    try:
        return FriendConnection.from_save(app, saved, store), saved.log
    except ValueError as error:
        log.warning("the saved game with a friend does not replay: %s", error)
        store.set_aside(msg("it does not hold a game the rules allow"))
    except OSError as error:
        app.toast(msg("Your table cannot be opened on this computer: {reason}",
                      reason=str(error.strerror or error)))
        return None
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    return None


def abandon_friend_game(app: App, saved: SavedNetGame) -> None:
    """A game with a friend that a new one replaces joins the past games as it stood, with
    its draws so far, and its save goes."""
    try:
        net = NetGame.from_dict(saved.net)
    except ValueError:
        return
    records = RecordStore()
    records.add(net_record(net))
    store = NetSaveStore()
    store.clear()
    for kept in (records, store):
        notice = kept.take_notice()
        if notice:
            app.toast(notice)


def join_transport(app: App, where: tuple[str, int] | str) -> Transport:
    """The guest's transport to a host: an address on the same network, or a code."""
    if isinstance(where, tuple):
        return connect(where, notify=app.wake)
    return wormhole_to(app, code=where)


def wormhole_to(app: App, *, code: str | None = None, typing: bool = False
                ) -> WormholeTransport:
    """A guest's wormhole through the rendezvous server of the settings (and its relay),
    with ``code``, or for a player still typing it."""
    return WormholeTransport(rendezvous_of(app), code=code, typing=typing,
                             hint_addresses=hint_addresses(bind_address()), notify=app.wake)
