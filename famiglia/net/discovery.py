"""Finding a table on the same network: DNS-SD over multicast DNS (the ``zeroconf`` package).

The host announces its table as a service ``_famiglia._tcp``: the instance is its player's
name (zeroconf appends " (2)" should another table on the network have it), the TXT record
holds the name and the protocol version, the address and port are where :class:`LanHost`
listens.  The guest's :class:`TableBrowser` keeps the list of tables it hears of, which the
join screen reads each frame ("Anna's table", in the reader's language).  Zeroconf answers in
threads of its own; announcing takes a second or two (the name is probed first), so it is
done in a thread too and the frame loop never waits.

``interfaces`` is zeroconf's: every interface in the game, ``["127.0.0.1"]`` in the tests, so
that nothing is sent beyond this machine.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import (
    InterfaceChoice,
    InterfacesType,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from .protocol import NAME_LIMIT, PROTOCOL

SERVICE = "_famiglia._tcp.local."
#: How long the browser waits for a table's address once it heard of it (milliseconds).
_INFO_TIMEOUT = 3000
#: The longest label of a DNS name (a service's own name is one).
_LABEL_BYTES = 63


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table heard of: its player's ``name``, where to connect and its protocol version."""

    name: str
    host: str
    port: int
    protocol: int


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback: where a host can be reached."""
    return sorted({str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                   if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback})


class Advertisement:
    """The host's table, announced until :meth:`close`."""

    def __init__(self, name: str, port: int, *, addresses: Sequence[str],
                 interfaces: InterfacesType = InterfaceChoice.All) -> None:
        # each table's own service name (the list shows the player's name, from the
        # properties): zeroconf renaming a second "Anna" to "Anna-2" could take the name of
        # a table closed a moment ago, whose old record a browser still holds; the name's
        # start as far as DNS's label of 63 bytes allows
        label = name.replace(".", " ")[:NAME_LIMIT]
        while len(label.encode("utf-8")) > _LABEL_BYTES - len(" 01234567"):
            label = label[:-1]
        instance = f"{label} {secrets.token_hex(4)}"
        self._info = ServiceInfo(
            SERVICE, f"{instance}.{SERVICE}",
            addresses=[socket.inet_aton(address) for address in addresses], port=port,
            properties={"name": name, "v": str(PROTOCOL)},
            server=f"famiglia-{secrets.token_hex(4)}.local.")
        self._zeroconf = Zeroconf(interfaces=interfaces)
        self._lock = threading.Lock()
        self.registered = threading.Event()
        self.closed = False
        threading.Thread(target=self._register, daemon=True, name="famiglia-announce").start()

    def _register(self) -> None:
        with self._lock:
            if not self.closed:
                self._zeroconf.register_service(self._info, allow_name_change=True)
                self.registered.set()

    def close(self) -> None:
        """Withdraw the table (the goodbye packets go from a thread of their own)."""
        if self.closed:
            return
        self.closed = True
        threading.Thread(target=self._withdraw, daemon=True, name="famiglia-withdraw").start()

    def _withdraw(self) -> None:
        with self._lock:
            if self.registered.is_set():
                self._zeroconf.unregister_service(self._info)
            self._zeroconf.close()


class TableBrowser:
    """The tables on the network, kept up to date until :meth:`close`; ``notify`` is told
    (from zeroconf's thread) whenever the list changed."""

    def __init__(self, *, interfaces: InterfacesType = InterfaceChoice.All,
                 notify: Callable[[], None] | None = None) -> None:
        self.notify = notify
        self._zeroconf = Zeroconf(interfaces=interfaces)
        self._tables: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE, handlers=[self._changed])

    def tables(self) -> list[FoundTable]:
        """The tables heard of, by name; never waits."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda table: table.name.casefold())

    def close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        """Zeroconf's thread: a table appeared, changed or went."""
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=_INFO_TIMEOUT)
            table = _table_of(info) if info is not None else None
            if table is None:
                return
            with self._lock:
                self._tables[name] = table
        if self.notify is not None:
            self.notify()


def _table_of(info: ServiceInfo) -> FoundTable | None:
    """A table from its service record, or ``None`` when the record is not one of ours."""
    addresses = info.parsed_addresses()
    properties = info.properties
    name, version = properties.get(b"name"), properties.get(b"v")
    if not addresses or info.port is None or name is None or version is None:
        return None
    try:
        text, protocol = name.decode("utf-8"), int(version)
    except (UnicodeDecodeError, ValueError):
        return None
    if not text.strip() or len(text) > NAME_LIMIT or not text.isprintable():
        return None
    return FoundTable(text, addresses[0], info.port, protocol)
