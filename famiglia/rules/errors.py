"""What the core refuses, by cause, as python-chess separates ``InvalidMoveError``,
``IllegalMoveError`` and ``AmbiguousMoveError``: each is a ``ValueError`` (so a caller that
catches ``ValueError`` or :class:`IllegalAction` catches them all) whose ``message`` says why
in a player's words (a :class:`~famiglia.rules.messages.Message`, also its ``args[0]``;
``str(error)`` is the English text).

- :class:`UnreadableAction`: what was given names no action (notation that cannot be read, a
  malformed JSON dict or action object).
- :class:`ForbiddenAction`: a well-formed action the rules do not allow now (R1–R5, S2–S4).
- :class:`OutOfTurn`: nobody may act so now: the game is over, or it is the Gangster's turn.
- :class:`DamagedRecord`: a record or a save whose history cannot be replayed, naming the
  move (``move``, counted from 1) where it breaks.

A refusal leaves the game exactly as it was.
"""

from __future__ import annotations

from typing import Any

from .messages import Message


class IllegalAction(ValueError):
    """The common base of the core's refusals: ``message`` says why, for the player (translated
    by the UI); ``str(error)`` is the same text in English."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[Any, ...]]:
        return type(self), (self.message,)  # a copy sent to another process keeps its message


class UnreadableAction(IllegalAction):
    """What was given does not name an action: the notation cannot be read, or a JSON dict or
    an action object is malformed (python-chess's ``InvalidMoveError``)."""


class ForbiddenAction(IllegalAction):
    """A well-formed action the rules do not allow in this position; ``message`` is the rule's
    reason (python-chess's ``IllegalMoveError``)."""


class OutOfTurn(IllegalAction):
    """No one may act so now, whatever the action: the game is over, or it is the Gangster's
    turn, which its program plays (S4)."""


class DamagedRecord(IllegalAction):
    """A record or a saved game whose history is damaged: unreadable, or a move that cannot be
    played where it stands (``move``: its number, counted from 1; ``None`` when the damage is
    not in a move).  ``detail``: the inner cause in the core's own English terms (a field's
    name, a value), for the log: ``str(error)`` ends with it in brackets, while ``message``,
    the player's sentence, names only the part that is damaged."""

    def __init__(self, message: Message, move: int | None = None,
                 detail: str | None = None) -> None:
        super().__init__(message)
        self.move = move
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.message} ({self.detail})" if self.detail else str(self.message)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[Any, ...]]:
        return type(self), (self.message, self.move, self.detail)
