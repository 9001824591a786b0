"""Two copies on the same network: TCP, one socket per game, a thread to read and one to write.

Each message goes as a frame: its length in four bytes (big-endian), then its bytes.  A frame
announced longer than the protocol allows closes the connection before a byte of it is read.
The host listens (:class:`LanHost`) and hands each connection that comes in to the table,
which asks its player to accept or decline; the guest connects (:func:`connect`), by the
address discovery found (``famiglia.net.discovery``) or one typed as ``host:port``.  After a
dropped connection the guest connects again to the same address and the host accepts it as a
new connection: the session's :class:`~famiglia.net.protocol.Resume` picks the game up.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import struct
import threading

from .problems import Cause, NetProblem
from .protocol import MAX_BYTES
from .transport import Closed, Connected, Notify, Received, Transport

#: The port a host listens on unless told otherwise (free in IANA's registry).
DEFAULT_PORT = 47326
#: How long a guest tries to reach a host before it gives up.
CONNECT_TIMEOUT = 5.0
#: How often the host's listening thread looks whether it was closed.
_ACCEPT_WAKE = 0.5
_HEADER = struct.Struct(">I")


class TcpTransport(Transport):
    """One end of a TCP connection (see the module docstring)."""

    queue_limit = 1024

    def __init__(self, sock: socket.socket | None = None, *,
                 address: tuple[str, int] | None = None,
                 connect_timeout: float = CONNECT_TIMEOUT, notify: Notify | None = None) -> None:
        super().__init__(notify)
        self._sock = sock
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self._address = address
        self._connect_timeout = connect_timeout
        if sock is not None:
            self.peer = _describe(sock.getpeername())
            self._push(Connected())
            threading.Thread(target=self._read, daemon=True, name="famiglia-lan-read").start()
        else:
            assert address is not None
            self.peer = f"{address[0]}:{address[1]}"
        threading.Thread(target=self._write, daemon=True, name="famiglia-lan-write").start()

    def send(self, data: bytes) -> None:
        if len(data) > MAX_BYTES:
            raise ValueError(f"a message of {len(data)} bytes is over the bound")
        if not self.closed:
            self._outbox.put(_HEADER.pack(len(data)) + data)

    def close(self) -> None:
        """Close once the messages already queued are sent (the writer shuts the socket)."""
        if not self.closed:
            self.closed = True
            self._outbox.put(None)

    # ------------------------------------------------------------------ the threads

    def _write(self) -> None:
        if self._sock is None:
            assert self._address is not None
            try:
                sock = socket.create_connection(self._address, timeout=self._connect_timeout)
            except OSError as error:
                self._lost(NetProblem(Cause.CONNECTION, f"cannot reach {self.peer}: {error}"))
                return
            sock.settimeout(None)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self._sock = sock
            if self.closed:
                sock.close()
                return
            self._push(Connected())
            threading.Thread(target=self._read, daemon=True, name="famiglia-lan-read").start()
        sock = self._sock
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                sock.sendall(data)
            except OSError as error:
                self._lost(NetProblem(Cause.CONNECTION, f"sending failed: {error}"))
                break
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    def _read(self) -> None:
        sock = self._sock
        assert sock is not None
        try:
            while True:
                header = _receive(sock, _HEADER.size)
                if header is None:
                    self._lost(None)
                    break
                (length,) = _HEADER.unpack(header)
                if length > MAX_BYTES:
                    self._lost(NetProblem(Cause.TOO_LARGE, f"a frame of {length} bytes"))
                    break
                data = _receive(sock, length)
                if data is None:
                    self._lost(NetProblem(Cause.CONNECTION, "the connection closed mid-message"))
                    break
                self._push(Received(data))
        except OSError as error:
            self._lost(NetProblem(Cause.CONNECTION, f"receiving failed: {error}"))
        finally:
            sock.close()

    def _lost(self, problem: NetProblem | None) -> None:
        """The connection ended from the other side or the network (not by :meth:`close`)."""
        if not self.closed:
            self.closed = True
            self._outbox.put(None)
            self._push(Closed(problem))


def _receive(sock: socket.socket, size: int) -> bytes | None:
    """Exactly ``size`` bytes, or ``None`` when the connection ends first."""
    parts = []
    while size:
        part = sock.recv(min(size, 65536))
        if not part:
            return None
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _describe(address: tuple[str, int] | tuple[str, int, int, int]) -> str:
    host, port = address[0], address[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def connect(address: tuple[str, int], *, connect_timeout: float = CONNECT_TIMEOUT,
            notify: Notify | None = None) -> TcpTransport:
    """A transport to the host at ``address``; it connects in its own thread and reports
    :class:`~famiglia.net.transport.Connected` or, failing, ``Closed``."""
    return TcpTransport(address=address, connect_timeout=connect_timeout, notify=notify)


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host:port``, ``[ipv6]:port`` or a host alone (the default port), as typed by a
    player; ``ValueError`` says what is wrong in plain words."""
    text = text.strip()
    if not text:
        raise ValueError("the address is empty")
    port_text = None
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError("an IPv6 address is written [address]:port")
        port_text = rest[1:] or None
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host = text
    if not host or any(char.isspace() for char in host):
        raise ValueError("the address has no host name")
    if port_text is None:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError("the port is a number from 1 to 65535")
    return host, int(port_text)


class LanHost:
    """A listening socket: the connections that come in wait in a queue for the table
    (``notify`` is told of each, and handed to its transport)."""

    def __init__(self, bind: str = "", port: int = DEFAULT_PORT, *,
                 notify: Notify | None = None) -> None:
        self.notify = notify
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        self._server = socket.create_server((bind, port), family=family)
        self._server.settimeout(_ACCEPT_WAKE)
        self.port: int = self._server.getsockname()[1]
        self._incoming: queue.SimpleQueue[TcpTransport] = queue.SimpleQueue()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True, name="famiglia-lan-accept").start()

    def poll(self) -> list[TcpTransport]:
        """The connections that came in since the last call; never waits."""
        found = []
        while True:
            try:
                found.append(self._incoming.get_nowait())
            except queue.Empty:
                return found

    def close(self) -> None:
        """Stop listening (within :data:`_ACCEPT_WAKE` seconds, without waiting for it here);
        connections already handed out stay open."""
        self.closed = True

    def _accept(self) -> None:
        with self._server:
            while not self.closed:
                try:
                    sock, _ = self._server.accept()
                except TimeoutError:
                    continue
                except OSError:
                    break
                sock.settimeout(None)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                self._incoming.put(TcpTransport(sock, notify=self.notify))
                if self.notify is not None:
                    self.notify()
