"""The other copy's moves, checked by our own core before anything is shown (R3, R5.4).

A move arrives in the core's notation with the digest of the position after it.  The digest is
SHA-256 over the game's JSON form (``Game.to_dict()``, the position and its moves) without what
each copy keeps for itself (its deal number and generator, which draw nothing in a networked
game): two copies that agree on every card, the turn and the history have the same digest, so
a copy that went its own way is caught at the very move where it did.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from famiglia.rules import (
    Action,
    Event,
    ForbiddenAction,
    Game,
    IllegalAction,
    OutOfTurn,
    UnreadableAction,
    parse_action,
)

from .problems import Cause, ProtocolError
from .protocol import Move, Position, Resume

#: The parts of ``Game.to_dict()`` that are each copy's own, left out of the digest.
_OWN = ("seed", "rng", "setup")

#: What each refusal of our core says about a move of the other copy.
_CAUSES: tuple[tuple[type[IllegalAction], Cause], ...] = (
    (UnreadableAction, Cause.MALFORMED),  # no action in the game's notation at all
    (ForbiddenAction, Cause.ILLEGAL_MOVE),  # an action the rules do not allow here
    (OutOfTurn, Cause.UNEXPECTED),  # nobody may act now: the game is over
)


def refusal(notation: str, error: IllegalAction) -> ProtocolError:
    """The :class:`ProtocolError` of the other copy's move ``notation`` that our core refused
    with ``error``, by its cause."""
    cause = next((cause for kind, cause in _CAUSES if isinstance(error, kind)),
                 Cause.ILLEGAL_MOVE)
    return ProtocolError(cause, f"{notation!r}: {error}")


def checked_move(game: Game, notation: str) -> tuple[Action, int]:
    """The other copy's move ``notation`` as our core reads it, with the number of draws it
    needs (``Game.draw_choices``), or the :class:`ProtocolError` of why our rules refuse it;
    ``game`` is untouched either way."""
    try:
        choices = len(game.draw_choices(notation))
    except IllegalAction as error:
        raise refusal(notation, error) from None
    return parse_action(notation), choices


def position_digest(game: Game) -> str:
    """The digest of ``game``'s position and history, in hexadecimal."""
    data = game.to_dict()
    for key in _OWN:
        data.pop(key, None)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def move_message(game: Game, action: str, *, draws: bool) -> Move:
    """The message for ``action``, just applied to ``game`` by this copy's player; ``draws``:
    it drew cards, so its digest follows as a :class:`Position` after the reveals."""
    return Move(game.ply(), action, None if draws else position_digest(game))


def receive_move(game: Game, seat: int, move: Move) -> list[Event]:
    """Apply the other copy's ``move`` for ``seat`` to ``game`` and return the events, or
    :class:`ProtocolError` with ``game`` untouched: not that seat's turn, not the next ply, a
    move our rules refuse, or a position after it that is not the other copy's."""
    if game.is_terminal() or game.current != seat:
        raise ProtocolError(Cause.UNEXPECTED, f"a move for seat {seat} when it is not its turn")
    if move.ply != game.ply() + 1:
        raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"move {move.ply} came when move "
                                                   f"{game.ply() + 1} was next")
    trial = game.copy()
    try:
        trial.push(move.move)
    except IllegalAction as error:
        raise refusal(move.move, error) from None
    if move.digest is not None and position_digest(trial) != move.digest:
        raise ProtocolError(Cause.DIVERGED, f"the position after {move.move!r} (move "
                                            f"{move.ply}) differs")
    return game.apply(move.move)


def check_position(game: Game, position: Position) -> None:
    """:class:`ProtocolError` unless ``position`` is the digest of ``game`` at its ply."""
    if position.ply != game.ply():
        raise ProtocolError(Cause.OUT_OF_SEQUENCE, f"the position of move {position.ply} came "
                                                   f"at move {game.ply()}")
    if position_digest(game) != position.digest:
        raise ProtocolError(Cause.DIVERGED, f"the position after move {position.ply} differs")


@dataclass(frozen=True, slots=True)
class ResumePlan:
    """What this copy sends after a reconnection: the game's moves from ply ``moves_from`` on
    (``None``: the other copy has them all) and its own chain links from draw ``links_from``
    on (``None``: none is missing); ``behind``: the other copy has moves this one lacks and
    will send them."""

    moves_from: int | None
    links_from: int | None
    behind: bool


def resume_plan(ply: int, links_sent: int, other: Resume) -> ResumePlan:
    """The plan of a copy at ``ply`` that revealed ``links_sent`` links, once the other
    copy's :class:`Resume` arrived: each copy saves a move before it sends it, so the copy
    that is ahead has every move the other lacks, whoever made them, and sends them again;
    the other checks each as it checks any move (:func:`receive_move`).  A link asked for
    that this copy never revealed is refused: the other copy claims draws that never were."""
    if other.links > links_sent:
        raise ProtocolError(Cause.UNEXPECTED, f"the other copy holds {other.links} of our "
                                              f"links; we revealed {links_sent}")
    return ResumePlan(other.ply + 1 if other.ply < ply else None,
                      other.links + 1 if other.links < links_sent else None,
                      other.ply > ply)
