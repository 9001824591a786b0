"""The computer's thinking away from the frame loop: a search (the computer seat's move, a
hint) runs in a worker process, so the window keeps drawing and answering input meanwhile.

A :class:`Thinker` is asked a *question* (a game's ``to_dict()`` and the search player's
options) and is polled every frame for the answer (the action's notation).  The worker is a
spawned process (``multiprocessing``'s spawn context, the same on every platform) that imports
only the rules core and the players, never pygame; it is started at the first question and
ended when the table goes (or with the app: it is a daemon, and it leaves its loop when the
pipe closes).  Asking again replaces the question: a stale answer is dropped.  Tests (and
machines where a process cannot be started) think in-process instead, synchronously.

This module must not import pygame: the worker imports it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from ...players import make_player
from ...rules import Game


@dataclass(frozen=True)
class ThinkingSettings:
    """How the table thinks: ``in_process`` answers at once in this process (tests);
    ``iterations`` replaces every level's search budget (tests, so games take seconds)."""

    in_process: bool = False
    iterations: int | None = None


#: The table's thinking; tests swap it for a quick in-process one.
SETTINGS = ThinkingSettings()


def search_options(level: str, seed: int | None) -> dict[str, Any]:
    """``make_player("mcts", ...)`` options for ``level`` under :data:`SETTINGS`."""
    if SETTINGS.iterations is not None:
        return {"iterations": SETTINGS.iterations, "seed": seed}
    return {"level": level, "seed": seed}


def answer(game: dict[str, Any], options: dict[str, Any]) -> str:
    """The search player's action for the seat to move in ``game``, in notation."""
    return str(make_player("mcts", **options).choose(Game.from_dict(game)))


#: The worker runs at a lower priority than the window, so that drawing never waits for it.
NICENESS = 10


def serve(connection: Connection) -> None:
    """The worker's loop: answer each ``(ident, game, options)`` until the pipe closes."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed: it runs at the window's priority
            os.nice(NICENESS)
    while True:
        try:
            ident, game, options = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[int, str | None, str | None] = (ident, answer(game, options), None)
        except Exception as error:  # reported to the table, never lost
            reply = (ident, None, str(error))
        try:
            connection.send(reply)
        except (OSError, ValueError):
            return


class Thinker:
    """One table's worker: :meth:`ask` a question, :meth:`poll` for its answer."""

    def __init__(self, *, in_process: bool | None = None) -> None:
        self.in_process = SETTINGS.in_process if in_process is None else in_process
        self._process: Any = None
        self._connection: Connection | None = None
        self._ident = 0
        #: the question being worked on (ident), None when nothing is asked
        self.asked: int | None = None
        self._answer: tuple[int, str | None, str | None] | None = None

    @property
    def busy(self) -> bool:
        """A question is out and its answer not yet taken."""
        return self.asked is not None

    def start(self) -> None:
        """Start the worker now (a table with a computer seat does it at once, so that the
        first move does not wait for the process to start)."""
        if self.in_process or self._process is not None:
            return
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        process = context.Process(target=serve, args=(there,), name="famiglia-thinker",
                                  daemon=True)
        process.start()
        there.close()
        self._process, self._connection = process, here

    def ask(self, game: Game, options: dict[str, Any]) -> int:
        """Ask for the move in ``game`` (its seat to move); returns the question's ident."""
        self._ident += 1
        self.asked = self._ident
        self._answer = None
        data = game.to_dict()
        if self.in_process:
            try:
                self._answer = (self._ident, answer(data, options), None)
            except Exception as error:  # the same report as the worker's
                self._answer = (self._ident, None, str(error))
            return self._ident
        self.start()
        try:
            assert self._connection is not None
            self._connection.send((self._ident, data, options))
        except (OSError, ValueError):
            self._restart()
            assert self._connection is not None
            self._connection.send((self._ident, data, options))
        return self._ident

    def poll(self) -> tuple[str | None, str | None] | None:
        """The answer to the last question once it is in: ``(notation, None)``, or
        ``(None, reason)`` when the search failed; ``None`` while it is still thinking."""
        if self.asked is None:
            return None
        if not self.in_process and self._answer is None:
            self._receive()
        if self._answer is None or self._answer[0] != self.asked:
            return None
        _, notation, problem = self._answer
        self.asked, self._answer = None, None
        return notation, problem

    def cancel(self) -> None:
        """Forget the question out (the position changed); its answer will be dropped."""
        self.asked, self._answer = None, None

    def _receive(self) -> None:
        connection = self._connection
        try:
            while connection is not None and connection.poll():
                reply = connection.recv()
                if reply[0] == self.asked:
                    self._answer = reply
        except (EOFError, OSError):
            self._answer = (self.asked or 0, None, "the computer's thinking stopped")
            self._forget_process()

    def _restart(self) -> None:
        self._forget_process()
        self.start()

    def _forget_process(self) -> None:
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if connection is not None:
            connection.close()
        if process is not None and process.is_alive():
            process.terminate()
            process.join(1.0)

    def close(self) -> None:
        """End the worker (mid-search too): the table is gone."""
        self.cancel()
        self._forget_process()
