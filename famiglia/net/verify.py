"""A networked game's record and its check by anyone: ``famiglia verify FILE``.

The record is the game's ordinary record (``famiglia.rules.records``) with a ``"fair_deal"``
part (:class:`~famiglia.net.fairdeal.DealRecord`): both commitments, both secrets and every
draw's number of candidates and index.  :func:`verify_record` checks that each secret leads
to its commitment, that each draw took the index its two links decide, that the first draw
decided who starts (R2.3), that the game's setup lists the other draws and that the recorded
moves, replayed through the rules with exactly those draws, make the recorded game and result:
a record changed anywhere fails.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from famiglia.players.seats import Seat
from famiglia.rules import DamagedRecord, Game, read_record, write_record

from .fairdeal import DealRecord, verify_deal
from .netgame import NetGame
from .problems import ProtocolError


def friend_seats(mine: int) -> tuple[Seat, Seat]:
    """Who sits where, as this copy's records keep it: this copy's player at seat ``mine``,
    the friend on another computer at the other (Past games: a game against a friend)."""
    me, friend = Seat.human(), Seat.remote()
    return (me, friend) if mine == 0 else (friend, me)


def net_record(net: NetGame, *, when: datetime | None = None) -> dict[str, Any]:
    """The record of ``net``'s game as it stands, with its deal: verified when both secrets
    are out, else the commitments and draws so far (the other copy's secret unknown)."""
    game = net.game
    assert game is not None
    names = (net.name, net.peer_name) if net.host else (net.peer_name, net.name)
    record = write_record(game, names=names, seats=friend_seats(net.seat), when=when)
    record["fair_deal"] = (net.deal.to_dict() if net.deal is not None
                           else {"format": None, **net.partial_deal()})
    return record


def verify_record(record: Any) -> Game:
    """The game ``record`` describes, replayed with its fair deal checked; ``ValueError``
    names the first thing that fails, in plain words."""
    if not isinstance(record, dict) or not isinstance(record.get("setup"), dict):
        raise ValueError("this is not a game record")
    data = record.get("fair_deal")
    if data is None:
        raise ValueError("this record has no fair deal: it was not played between two "
                         "computers")
    if isinstance(data, dict) and data.get("format") is None:
        raise ValueError("this game stopped before both secrets were revealed: its deal "
                         "cannot be verified")
    try:
        deal = DealRecord.from_dict(data)
        verify_deal(deal)
    except ProtocolError as error:
        raise ValueError(f"the deal does not verify: {error.problem.detail}") from None
    setup = record["setup"]
    if not deal.draws or deal.draws[0] != (2, setup.get("first_player")):
        raise ValueError("the first draw did not decide who starts")
    if [list(draw) for draw in deal.draws[1:]] != setup.get("draws"):
        raise ValueError("the game was not dealt and drawn by the fair deal's draws")
    try:
        return read_record(record)
    except DamagedRecord as error:
        raise ValueError(str(error)) from None
