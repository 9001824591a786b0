"""Two copies across the internet: magic-wormhole, its reactor in a thread of its own.

The host asks the rendezvous server (a magic-wormhole *mailbox server*) for a short code such
as ``7-guitarist-revenge`` and shows it; the guest types it, with completion of the number
(the nameplates the server has open) and of the words (the word list the code is made of).
Both sides then run PAKE over the code: a mistyped code fails at once and cannot be guessed
at leisure.  The mailbox server carries only that and one message more each way: the
*connection hints* of a magic-wormhole transit connection (the host is its sender, the guest
its receiver).  The game itself goes over that connection, encrypted with a key derived from
the wormhole's: directly between the two computers where one can reach the other, else
through the *transit relay* (``relay``), which passes the encrypted bytes along for any NAT;
then the wormhole is closed and the mailbox server hears nothing more of the game.  A game's
hundreds of moves, reveals and heartbeats are no load for a server that exists to hand over
a code (the README gives the figures).  ``hint_addresses`` restricts the addresses offered and
accepted for a direct connection (the tests: loopback only).

Twisted's reactor runs in one daemon thread for the whole process (a reactor cannot be started
twice); every call into the wormhole goes through ``reactor.callFromThread`` and everything
that comes back is queued, so the frame loop never waits.  The rendezvous URL is a parameter:
:data:`PUBLIC_RENDEZVOUS` is the magic-wormhole project's public server, the default of the
game; tests and benchmarks start a mailbox server of their own on loopback
(``famiglia.net.localserver``).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from typing import Any

import wormhole
from twisted.internet import reactor as _reactor
from twisted.python.failure import Failure
from wormhole._wordlist import PGPWordList, even_words_lowercase, odd_words_lowercase
from wormhole.errors import KeyFormatError, LonelyError, WrongPasswordError
from wormhole.transit import TransitReceiver, TransitSender

from .problems import Cause, NetProblem
from .protocol import MAX_BYTES
from .transport import Closed, Connected, Notify, Received, Transport

#: The magic-wormhole project's public mailbox server (the game's default setting).
PUBLIC_RENDEZVOUS = "ws://relay.magic-wormhole.io:4000/v1"
#: The magic-wormhole project's public transit relay, which goes with its mailbox server.
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
#: The port a transit relay listens on beside a mailbox server of one's own (the project's
#: convention: the mailbox on 4000, the relay on 4001).
RELAY_PORT = 4001
#: Scopes the codes: only copies of this game meet through them.
APPID = "famiglia.game/play-a-friend"
#: More connection hints than a computer has addresses (and relays).
MAX_HINTS = 64
#: Words after the number of a code.
CODE_WORDS = 2
#: How long the rendezvous server may take to answer before the connection counts as failed.
WELCOME_TIMEOUT = 15.0
_CODE = re.compile(r"[0-9]+(-[a-z]+){1,8}")
#: Twisted's reactor, read as ``Any``: its zope interfaces declare methods without ``self``,
#: which mypy takes for a method whose first argument is missing.
reactor: Any = _reactor

_reactor_lock = threading.Lock()
_reactor_started = False


def start_reactor() -> None:
    """Run Twisted's reactor in its daemon thread (once per process)."""
    global _reactor_started
    with _reactor_lock:
        if not _reactor_started:
            threading.Thread(target=reactor.run, kwargs={"installSignalHandlers": False},
                             daemon=True, name="famiglia-reactor").start()
            _reactor_started = True


def relay_for(rendezvous: str) -> str:
    """The transit relay that goes with the mailbox server at ``rendezvous``: the project's
    own with its public server, else the same host at :data:`RELAY_PORT`."""
    if rendezvous == PUBLIC_RENDEZVOUS:
        return PUBLIC_RELAY
    host = re.sub(r"^wss?://", "", rendezvous).split("/", 1)[0].rsplit(":", 1)[0]
    return f"tcp:{host}:{RELAY_PORT}"


def check_code(text: str) -> str:
    """A code as typed (trimmed, lower case), or ``ValueError`` when it cannot be one: a
    number, a hyphen and :data:`CODE_WORDS` words of the word list joined by hyphens (a word
    cut short or misspelt is caught here, before it spends the host's code)."""
    code = text.strip().lower()
    words = code.split("-")[1:]
    if (not _CODE.fullmatch(code) or len(words) != CODE_WORDS
            or any(word not in (odd_words_lowercase if index % 2 == 0
                                else even_words_lowercase)
                   for index, word in enumerate(words))):
        raise ValueError("a code is a number and two words of its list joined by hyphens, "
                         "like 7-guitarist-revenge")
    return code


def word_completions(typed: str) -> list[str]:
    """The ways the words of a code can go on from ``typed`` (what follows the number and its
    hyphen), from the word list codes are made of: even positions from one list, odd from
    the other; a hyphen follows a word that is not the last.  The library's own code entry
    offers words only once the number is claimed on the server; its word list (the one every
    code is made of) answers at once and offline."""
    return sorted(PGPWordList().get_completions(typed.lower(), num_words=CODE_WORDS))


class WormholeTransport(Transport):
    """One side of a wormhole (see the module docstring).

    Without ``code`` this side hosts: :attr:`code` appears once the server gave one.  With
    ``code`` it joins.  With ``typing=True`` it is a guest whose player is still typing:
    :meth:`completions` offers the nameplates and words, :meth:`enter` sets the code.
    ``relay``: the transit relay (``tcp:host:port``; by default the one that goes with the
    rendezvous server, :func:`relay_for`); ``hint_addresses``: see the module docstring."""

    def __init__(self, rendezvous: str, *, code: str | None = None, typing: bool = False,
                 relay: str | None = None, hint_addresses: Sequence[str] | None = None,
                 appid: str = APPID, welcome_timeout: float = WELCOME_TIMEOUT,
                 notify: Notify | None = None) -> None:
        super().__init__(notify)
        self.relay = relay_for(rendezvous) if relay is None else relay
        self._hint_addresses = None if hint_addresses is None else set(hint_addresses)
        self._appid = appid
        #: the transit connection, once made: the game goes over it
        self._pipe: Any = None
        self._transit: Any = None
        #: what was sent before the transit connection was made
        self._waiting: list[bytes] = []
        #: the guest's side (the transit's receiver), the host's the sender
        self._joining = code is not None or typing
        self._hints_taken = False
        #: the wormhole was closed on purpose once the transit connection was made
        self._wormhole_closed = False
        #: The code, once known (the host's from the server, the guest's as entered).
        self.code: str | None = None
        self.peer = rendezvous
        self._welcomed = False
        self._helper: Any = None
        self._nameplates: list[str] = []
        start_reactor()
        reactor.callFromThread(self._open, rendezvous, appid, code, typing, welcome_timeout)

    # ------------------------------------------------------------------ the frame loop's side

    def send(self, data: bytes) -> None:
        if len(data) > MAX_BYTES:
            raise ValueError(f"a message of {len(data)} bytes is over the bound")
        if not self.closed:
            reactor.callFromThread(self._send, bytes(data))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            reactor.callFromThread(self._close)

    def completions(self, typed: str) -> list[str]:
        """Ways to go on from ``typed`` (a typing guest): the open nameplates the server listed
        while no hyphen is typed, then the words; never waits (the nameplates are refreshed
        in the background and show from a later call)."""
        typed = typed.strip().lower()
        number, hyphen, words = typed.partition("-")
        if not hyphen:
            if self._helper is not None:
                reactor.callFromThread(self._refresh_nameplates)
            return [f"{name}-" for name in self._nameplates if name.startswith(number)]
        return [f"{number}-{rest}" for rest in word_completions(words)]

    def enter(self, code: str) -> None:
        """The typing guest's code (``ValueError`` when it cannot be one)."""
        self.code = check_code(code)
        reactor.callFromThread(self._set_code, self.code)

    # ------------------------------------------------------------------ the reactor's side

    def _open(self, rendezvous: str, appid: str, code: str | None, typing: bool,
              welcome_timeout: float) -> None:
        self._wormhole = wormhole.create(appid, rendezvous, reactor, delegate=self)
        reactor.callLater(welcome_timeout, self._check_welcome, rendezvous)
        if code is not None:
            self.code = code
            self._set_code(code)
        elif typing:
            self._helper = self._wormhole.input_code()
            self._refresh_nameplates()
        else:
            self._wormhole.allocate_code(CODE_WORDS)

    def _send(self, data: bytes) -> None:
        if self._pipe is None:
            self._waiting.append(data)
        else:
            self._pipe.send_record(data)

    def _set_code(self, code: str) -> None:
        helper, self._helper = self._helper, None
        try:
            if helper is None:
                self._wormhole.set_code(code)
            else:
                nameplate, _, words = code.partition("-")
                helper.choose_nameplate(nameplate)
                helper.choose_words(words)
        except KeyFormatError as error:
            self._lost(NetProblem(Cause.WRONG_CODE, str(error)))

    def _refresh_nameplates(self) -> None:
        helper = self._helper
        if helper is None:
            return
        try:
            helper.refresh_nameplates()
            self._nameplates = sorted(name.rstrip("-")
                                      for name in helper.get_nameplate_completions(""))
        except wormhole.errors.WormholeError:
            self._helper = None  # the code was entered: no more nameplates to offer

    def _check_welcome(self, rendezvous: str) -> None:
        if not self._welcomed:
            self._lost(NetProblem(Cause.CONNECTION, f"no answer from {rendezvous}"))

    def _close(self) -> None:
        if self._pipe is not None:
            self._pipe.close()
        else:
            self._wormhole.close()

    def _lost(self, problem: NetProblem | None) -> None:
        if not self.closed:
            self.closed = True
            self._push(Closed(problem))
            self._close()

    # ------------------------------------------------------------------ the transit connection

    def _offer_transit(self) -> None:
        """The key is confirmed: this side's hints go to the other by the mailbox."""
        kind = TransitReceiver if self._joining else TransitSender
        transit = self._transit = kind(self.relay or None, reactor=reactor)
        transit.set_transit_key(self._wormhole.derive_key(f"{self._appid}/transit-key",
                                                          transit.TRANSIT_KEY_LENGTH))
        hints = transit.get_connection_hints()
        hints.addCallback(self._send_hints)
        hints.addErrback(self._transit_failed)

    def _send_hints(self, hints: list[dict[str, Any]]) -> None:
        self._wormhole.send_message(json.dumps({"transit": self._ours(hints)}).encode())

    def _ours(self, hints: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The direct hints rewritten to :attr:`_hint_addresses` (with the listener's port)
        when they are restricted; the relay's as they are."""
        allowed = self._hint_addresses
        if allowed is None:
            return hints
        ports = {hint["port"] for hint in hints if hint.get("type") == "direct-tcp-v1"}
        relays = [hint for hint in hints if hint.get("type") == "relay-v1"]
        return [{"type": "direct-tcp-v1", "priority": 0.0, "hostname": address, "port": port}
                for port in sorted(ports) for address in sorted(allowed)] + relays

    def _theirs(self, hints: list[Any]) -> list[Any]:
        """The other copy's direct hints, only to :attr:`_hint_addresses` when restricted."""
        allowed = self._hint_addresses
        if allowed is None:
            return hints
        return [hint for hint in hints if isinstance(hint, dict)
                and (hint.get("type") == "relay-v1" or hint.get("hostname") in allowed)]

    def _take_hints(self, data: bytes) -> None:
        """The other copy's hints: connect (both try every way; the first wins)."""
        try:
            offer = json.loads(data.decode("utf-8"))
            hints = offer["transit"]
            if not isinstance(hints, list) or len(hints) > MAX_HINTS:
                raise ValueError("not a list of hints")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as error:
            self._lost(NetProblem(Cause.MALFORMED, f"the connection hints: {error}"))
            return
        self._transit.add_connection_hints(self._theirs(hints))
        connected = self._transit.connect()
        connected.addCallback(self._transit_made)
        connected.addErrback(self._transit_failed)

    def _transit_made(self, pipe: Any) -> None:
        if self.closed:
            pipe.close()
            return
        self._pipe = pipe
        pipe.transport.setTcpNoDelay(True)  # each message goes at once (no 40 ms Nagle wait)
        self._wormhole_closed = True
        self._wormhole.close()  # the mailbox server's part is over
        self._push(Connected())
        for data in self._waiting:
            pipe.send_record(data)
        self._waiting = []
        self._next_record()

    def _next_record(self) -> None:
        record = self._pipe.receive_record()
        record.addCallback(self._record)
        record.addErrback(lambda _failure: self._lost(
            NetProblem(Cause.CONNECTION, "the transit connection closed")))

    def _record(self, data: bytes) -> None:
        if self.closed:
            return
        self._push(Received(bytes(data)))
        self._next_record()

    def _transit_failed(self, failure: Failure) -> None:
        self._lost(NetProblem(Cause.CONNECTION, f"no way to the other computer: "
                                                f"{failure.getErrorMessage()}"))

    # the wormhole's delegate: called in the reactor's thread

    def wormhole_got_welcome(self, welcome: dict[str, Any]) -> None:
        self._welcomed = True

    def wormhole_got_code(self, code: str) -> None:
        self.code = code
        if self.notify is not None:
            self.notify()

    def wormhole_got_unverified_key(self, key: bytes) -> None:
        """The key is agreed but not yet confirmed: nothing to do until the versions."""

    def wormhole_got_verifier(self, verifier: bytes) -> None:
        """Both sides hold the same key (the versions follow)."""

    def wormhole_got_versions(self, versions: dict[str, Any]) -> None:
        self._offer_transit()

    def wormhole_got_message(self, data: bytes) -> None:
        if self.closed:
            return
        if self._pipe is None and self._transit is not None and not self._hints_taken:
            self._hints_taken = True
            self._take_hints(data)
        else:
            self._lost(NetProblem(Cause.UNEXPECTED, "a message by the mailbox server"))

    def wormhole_closed(self, result: Any) -> None:
        if self.closed or self._wormhole_closed:
            return
        self.closed = True
        error = result.value if isinstance(result, Failure) else result
        if isinstance(error, WrongPasswordError):
            self._push(Closed(NetProblem(Cause.WRONG_CODE, "the code does not match")))
        elif isinstance(error, LonelyError):
            self._push(Closed(NetProblem(Cause.CONNECTION, "nobody came with the code")))
        elif isinstance(error, Exception):
            self._push(Closed(NetProblem(Cause.CONNECTION, f"{type(error).__name__}: {error}")))
        else:
            self._push(Closed(None))
