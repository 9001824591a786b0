"""Two copies across the internet: magic-wormhole, its reactor in a thread of its own.

The host asks the rendezvous server (a magic-wormhole *mailbox server*) for a short code such
as ``7-guitarist-revenge`` and shows it; the guest types it, with completion of the number
(the nameplates the server has open) and of the words (the word list the code is made of).
Both sides then run PAKE over the code: a mistyped code fails at once and cannot be guessed
at leisure, and everything after it is end-to-end encrypted.  Each message is one wormhole
message, relayed by the mailbox server.

Twisted's reactor runs in one daemon thread for the whole process (a reactor cannot be started
twice); every call into the wormhole goes through ``reactor.callFromThread`` and everything
that comes back is queued, so the frame loop never waits.  The rendezvous URL is a parameter:
:data:`PUBLIC_RENDEZVOUS` is the magic-wormhole project's public server, the default of the
game; tests and benchmarks start a mailbox server of their own on loopback
(``famiglia.net.localserver``).
"""

from __future__ import annotations

import re
import threading
from typing import Any

import wormhole
from twisted.internet import reactor as _reactor
from twisted.python.failure import Failure
from wormhole._wordlist import PGPWordList
from wormhole.errors import KeyFormatError, LonelyError, WrongPasswordError

from .problems import Cause, NetProblem
from .protocol import MAX_BYTES
from .transport import Closed, Connected, Notify, Received, Transport

#: The magic-wormhole project's public mailbox server (the game's default setting).
PUBLIC_RENDEZVOUS = "ws://relay.magic-wormhole.io:4000/v1"
#: Scopes the codes: only copies of this game meet through them.
APPID = "famiglia.game/play-a-friend"
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


def check_code(text: str) -> str:
    """A code as typed (trimmed, lower case), or ``ValueError`` when it cannot be one: a
    number, a hyphen and words joined by hyphens."""
    code = text.strip().lower()
    if not _CODE.fullmatch(code):
        raise ValueError("a code is a number and words joined by hyphens, like "
                         "7-guitarist-revenge")
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
    :meth:`completions` offers the nameplates and words, :meth:`enter` sets the code."""

    def __init__(self, rendezvous: str, *, code: str | None = None, typing: bool = False,
                 appid: str = APPID, welcome_timeout: float = WELCOME_TIMEOUT,
                 notify: Notify | None = None) -> None:
        super().__init__(notify)
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
        self._wormhole.send_message(data)

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
        self._wormhole.close()

    def _lost(self, problem: NetProblem | None) -> None:
        if not self.closed:
            self.closed = True
            self._push(Closed(problem))
            self._wormhole.close()

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
        self._push(Connected())

    def wormhole_got_message(self, data: bytes) -> None:
        if not self.closed:
            self._push(Received(data))

    def wormhole_closed(self, result: Any) -> None:
        if self.closed:
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
