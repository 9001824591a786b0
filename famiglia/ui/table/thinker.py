"""The computer's thinking away from the frame loop: a search (the computer seat's move, a
hint) runs in a worker process, so the window keeps drawing and answering input meanwhile.

A :class:`Thinker` is asked a *question* (a game's ``to_dict()`` and the search player's
options, or for a hint the advice's) and is polled every frame for the answer (the action's
notation; for a hint the whole :class:`~famiglia.players.advice.Advice`, which takes as long
as it takes: no time cap weakens it on a busy machine).  The worker is a
spawned process (``multiprocessing``'s spawn context, the same on every platform) that imports
only the rules core and the players, never pygame; it is started at the first question and
ended when the table goes (or with the app: it is a daemon, and it leaves its loop when the
pipe closes).  Asking again replaces the question: a stale answer is dropped.  Tests think
in-process instead, synchronously.

A search that fails (an error in the worker, a worker that died or could not be started) is
never lost and never taken over by the frame loop: the error is logged with its traceback,
the player is told that the computer could not decide, and the same question goes to the
worker again (a new one if need be), at once and then after growing pauses
(:data:`RETRY_PAUSES`), until it is answered or replaced.

This module must not import pygame: the worker imports it.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Protocol

from ...logs import details
from ...players import make_player
from ...players.advice import DEFAULT_LEVEL, EFFORTS, SEED, Advice, Effort, advise
from ...rules import Game
from ...rules.messages import Message, msg

log = logging.getLogger(__name__)

#: The pauses (seconds) before a failed question is asked again: the first retry at once,
#: then ever longer, the last pause repeating.
RETRY_PAUSES = (0.0, 1.0, 3.0, 10.0, 30.0)
#: After this many failures of one question the player is told it keeps failing, with the
#: log file's place.
STILL_FAILING = 3
#: How long the notice of a first failure stays (the one that it keeps failing stays until
#: the player closes it: it says where the log is).
RETRY_NOTICE_SECONDS = 8.0


class Notify(Protocol):
    """Shows the player a notice (the app's toasts): for ``seconds``, or until closed."""

    def __call__(self, message: Message, *, seconds: float | None = None) -> None: ...


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


def advice_options() -> dict[str, Any]:
    """The question of a hint: the analysis's own advice, with its effort and seed (so that
    a hint followed is the analysis's best move), under :data:`SETTINGS`."""
    effort = EFFORTS[DEFAULT_LEVEL]
    if SETTINGS.iterations is not None:
        count = SETTINGS.iterations
        effort = Effort(count, 1, 2, count)
    return {"advice": effort, "seed": SEED}


#: What the worker answers: a move's notation, or a hint's advice.
Answer = str | Advice


def answer(game: dict[str, Any], options: dict[str, Any]) -> Answer:
    """The search player's action for the seat to move in ``game``, in notation, or with
    :func:`advice_options` the advice for it."""
    if "advice" in options:
        return advise(Game.from_dict(game), effort=options["advice"], seed=options["seed"])
    return str(make_player("mcts", **options).choose(Game.from_dict(game)))


#: The worker runs at a lower priority than the window, so that drawing never waits for it.
NICENESS = 10


def serve(connection: Connection) -> None:
    """The worker's loop: answer each ``(ident, game, options)`` until the pipe closes; a
    failed search is answered with its traceback."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed: it runs at the window's priority
            os.nice(NICENESS)
    while True:
        try:
            ident, game, options = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply: tuple[int, Answer | None, str | None] = (ident, answer(game, options), None)
        except Exception:  # reported to the table, never lost
            reply = (ident, None, traceback.format_exc())
        try:
            connection.send(reply)
        except (OSError, ValueError):
            return


@dataclass(frozen=True)
class Question:
    """What the thinker was asked: the position, the search's options, and whether it is a
    hint (for the words of a notice)."""

    ident: int
    game: dict[str, Any]
    options: dict[str, Any]
    hint: bool


class Thinker:
    """One table's worker: :meth:`ask` a question, :meth:`poll` for its answer.  ``notify``
    shows the player a notice (the table's toasts) when the computer could not decide."""

    def __init__(self, *, in_process: bool | None = None,
                 notify: Notify | None = None) -> None:
        self.in_process = SETTINGS.in_process if in_process is None else in_process
        self.notify = notify
        self._process: Any = None
        self._connection: Connection | None = None
        self._ident = 0
        #: the question being worked on (ident), None when nothing is asked
        self.asked: int | None = None
        self._question: Question | None = None
        self._answer: tuple[int, Answer | None, str | None] | None = None
        #: how often the question out has failed, and when it is asked again
        self.failures = 0
        self._retry_at: float | None = None

    @property
    def busy(self) -> bool:
        """A question is out and its answer not yet taken."""
        return self.asked is not None

    def start(self) -> None:
        """Start the worker now (a table with a computer seat does it at once, so that the
        first move does not wait for the process to start).  A worker that cannot be
        started is logged; the next question reports it as a failure."""
        if self.in_process or self._process is not None:
            return
        try:
            context = multiprocessing.get_context("spawn")
            here, there = context.Pipe()
            process = context.Process(target=serve, args=(there,), name="famiglia-thinker",
                                      daemon=True)
            process.start()
        except Exception:
            log.exception("The computer's worker process could not be started")
            return
        there.close()
        self._process, self._connection = process, here

    def ask(self, game: Game, options: dict[str, Any], *, hint: bool = False) -> int:
        """Ask for the move in ``game`` (its seat to move); returns the question's ident.
        ``hint``: the move is a hint for a person (the notices say so)."""
        self._ident += 1
        self.asked = self._ident
        self._answer = None
        self.failures, self._retry_at = 0, None
        self._question = Question(self._ident, game.to_dict(), options, hint)
        self._send()
        return self._ident

    def _send(self) -> None:
        """Put the question to the worker (or answer it here, in-process)."""
        question = self._question
        assert question is not None
        if self.in_process:
            try:
                self._answer = (question.ident, answer(question.game, question.options), None)
            except Exception:  # the same report as the worker's
                self._answer = (question.ident, None, traceback.format_exc())
            return
        self.start()
        try:
            if self._connection is None:
                raise OSError("no worker process")
            self._connection.send((question.ident, question.game, question.options))
        except (OSError, ValueError) as error:
            self._forget_process()
            self._answer = (question.ident, None,
                            f"the question could not reach the worker process: {error}")

    def poll(self) -> str | None:
        """The answer to the last question once it is in (the action's notation); ``None``
        while it is still thinking, or waiting to ask again after a failure."""
        found = self._poll()
        assert found is None or isinstance(found, str)
        return found

    def poll_advice(self) -> Advice | None:
        """The answer to a hint's question (:func:`advice_options`) once it is in."""
        found = self._poll()
        assert found is None or isinstance(found, Advice)
        return found

    def _poll(self) -> Answer | None:
        if self.asked is None:
            return None
        if self._retry_at is not None:
            if time.monotonic() < self._retry_at:
                return None
            self._retry_at = None
            self._send()
        if not self.in_process and self._answer is None:
            self._receive()
        if self._answer is None or self._answer[0] != self.asked:
            return None
        _, notation, problem = self._answer
        self._answer = None
        if notation is None:
            self._failed(problem or "no answer")
            return None
        self.asked, self._question, self.failures = None, None, 0
        return notation

    def _failed(self, problem: str) -> None:
        """The question failed: log it, tell the player, ask again after a pause."""
        question = self._question
        assert question is not None
        self.failures += 1
        what = "a hint" if question.hint else "a move"
        log.error("The computer could not decide on %s (failure %d); it is asked again.\n%s",
                  what, self.failures, problem.rstrip())
        self._tell(question.hint)
        pause = RETRY_PAUSES[min(self.failures, len(RETRY_PAUSES)) - 1]
        self._retry_at = time.monotonic() + pause

    def _tell(self, hint: bool) -> None:
        """The player hears of a question's first failure (for a while) and, once it has
        failed :data:`STILL_FAILING` times, where the log is (until the notice is closed)."""
        if self.notify is None:
            return
        if self.failures == 1:
            self.notify(msg("The computer could not work out a hint and is thinking again.")
                        if hint else
                        msg("The computer could not decide on its move and is thinking again."),
                        seconds=RETRY_NOTICE_SECONDS)
        elif self.failures == STILL_FAILING:
            self.notify(msg("The computer still cannot work out a hint and keeps trying. "
                            "{details}", details=details())
                        if hint else
                        msg("The computer still cannot decide on its move and keeps trying; "
                            "your game is saved, so you can also leave it and continue later. "
                            "{details}", details=details()))

    def cancel(self) -> None:
        """Forget the question out (the position changed); its answer will be dropped."""
        self.asked, self._answer, self._question = None, None, None
        self.failures, self._retry_at = 0, None

    def _receive(self) -> None:
        connection = self._connection
        try:
            while connection is not None and connection.poll():
                reply = connection.recv()
                if reply[0] == self.asked:
                    self._answer = reply
        except (EOFError, OSError):
            self._answer = (self.asked or 0, None, "the worker process stopped")
            self._forget_process()

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
