"""Game records, like chess's PGN: the setup, every action in its notation and the result.

A record is a JSON-ready dict (docs/rules.md names the sections cited here)::

    {"format": "famiglia-record", "version": 1,
     "setup": {"seed": …, "first_player": 0, "fresh_cards_rule": true, "opponent": null,
               "gangster_level": null, "deck": null, "position": null},
     "players": {"names": ["Anna", "Bruno"], "seats": [{"kind": "human"}, …]},
     "date": "2026-11-23T20:30:00+01:00", "assisted": false,
     "moves": [{"seat": 0, "action": "refresh 2"}, {"seat": 1, "action": "take 4"}, …],
     "result": {"scores": [52, 48], "winner": 0, "decided_by": "vp", "reason": …} | null}

A game played between two computers (``famiglia.net``) has the draws chosen for it in its
setup (``"draws"``: each ``[candidates, index]``, ``famiglia.rules.draws``), and a
``"fair_deal"`` with what a third party needs to verify them (``famiglia verify``).

``moves`` holds every action since the setup, the Gangster's too (S4: its refreshes and its
takes, in the same notation), so a record can be read by a person and replayed by the program.
:func:`read_record` deals the setup again and replays every action with the full rules check
(``Game.replay_moves``); anything illegal, unreadable or inconsistent is refused with a
:class:`~famiglia.rules.errors.DamagedRecord` (a ``ValueError``) naming the move number and the
reason; its ``message`` (also its first argument) is a
:class:`~famiglia.rules.messages.Message`, so the store can tell the player in their language.
No files here: the store keeps records on disk.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from .actions import Action, parse_action
from .errors import DamagedRecord
from .events import EndReason
from .game import Game
from .jsontext import brief, check_bounds
from .messages import msg
from .setup import Opponent, Setup

FORMAT = "famiglia-record"
VERSION = 1
#: A game of Famiglia ends long before this many actions (R5.1, R5.2); more is not a record.
MOVE_LIMIT = 5000
NAME_LIMIT = 40
#: A record's bounds beyond its moves: how many values it holds in all (each move is five: its
#: dict, two keys, two values; the rest, a position included, a few hundred), the longest text
#: (names, notation, the date) and the largest number (a seed, a generator state).
ITEM_LIMIT = 6 * MOVE_LIMIT + 5000
TEXT_LIMIT = 200
INT_BITS = 64


def _seat_data(seat: Any) -> Any:
    """A seat as JSON: a :class:`~famiglia.players.seats.Seat` (its ``to_dict``), a dict or
    a plain string ("human"); the rules core does not interpret seats."""
    if hasattr(seat, "to_dict"):
        return seat.to_dict()
    if isinstance(seat, str | dict):
        return seat
    raise ValueError(f"a seat is a Seat, a dict or a string, not {brief(seat)}")


def write_record(game: Game, *, names: Sequence[str | None] = ("Player 1", "Player 2"),
                 seats: Sequence[Any] = ("human", "human"), when: datetime | None = None,
                 assisted: bool = False) -> dict[str, Any]:
    """The record of ``game`` as it stands (finished, resigned or still running).

    ``names`` and ``seats`` say who played (seats as ``Seat`` values or their JSON form; the
    Gangster's name is ``None``: its seat says its role, S1),
    ``when`` when the game ended (default now, local time with its UTC offset), ``assisted``
    whether a hint was used (S5).
    """
    if len(names) != 2 or len(seats) != 2:
        raise ValueError("a record needs two names and two seats")
    moment = when or datetime.now()
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": game.setup.to_dict(),
        "players": {"names": [None if name is None else str(name) for name in names],
                    "seats": [_seat_data(seat) for seat in seats]},
        "date": moment.isoformat(timespec="seconds"),
        "assisted": bool(assisted),
        "moves": [{"seat": played.seat, "action": str(played.action)}
                  for played in game.move_stack],
        "result": game.result.to_dict() if game.result else None,
    }


# ---------------------------------------------------------------------------- reading


def check_header(record: Any) -> dict[str, Any]:
    """The parts of a record a list shows (players, date, result), checked for their types
    without replaying; :class:`DamagedRecord` says what is wrong.  :func:`read_record` checks
    all."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise DamagedRecord(msg("this is not a Famiglia game record"))
    version = record.get("version")
    if type(version) is not int or version != VERSION:
        raise DamagedRecord(msg("this record was written by another version (format {found}, "
                             "this program reads {version})",
                             found=brief(version), version=VERSION))
    try:
        check_bounds(record, max_items=ITEM_LIMIT, max_string=TEXT_LIMIT, max_int_bits=INT_BITS)
    except ValueError as error:
        raise DamagedRecord(msg("this record is larger than any game's"),
                            detail=str(error)) from None
    players = record.get("players")
    if not isinstance(players, dict):
        raise DamagedRecord(msg("the players are missing"))
    names, seats = players.get("names"), players.get("seats")
    if not isinstance(seats, list) or len(seats) != 2 or not all(
            isinstance(seat, str | dict) for seat in seats):
        raise DamagedRecord(msg("the seats are damaged"))
    if (not isinstance(names, list) or len(names) != 2 or not all(
            (isinstance(n, str) and 0 < len(n) <= NAME_LIMIT) or (n is None and _gangster(seat))
            for n, seat in zip(names, seats, strict=True))):
        raise DamagedRecord(msg("the player names are damaged"))
    try:
        moment = datetime.fromisoformat(record.get("date"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise DamagedRecord(msg("the date is damaged")) from None
    if moment.tzinfo is None:
        raise DamagedRecord(msg("the date has no time zone"))
    if not isinstance(record.get("assisted"), bool):
        raise DamagedRecord(msg("the hint mark is damaged"))
    _check_result(record.get("result"))
    if not isinstance(record.get("moves"), list) or len(record["moves"]) > MOVE_LIMIT:
        raise DamagedRecord(msg("the moves are damaged"))
    return record


def _gangster(seat: str | dict[str, Any]) -> bool:
    """Whether a recorded seat is the Gangster's (S1), which has no name."""
    return (seat.get("kind") if isinstance(seat, dict) else seat) == Opponent.GANGSTER


def _check_result(result: Any) -> None:
    if result is None:
        return
    scores = result.get("scores") if isinstance(result, dict) else None
    if (not isinstance(scores, list) or len(scores) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
            or result.get("winner") not in (None, 0, 1) or isinstance(result.get("winner"), bool)
            or not isinstance(result.get("reason"), str)):
        raise DamagedRecord(msg("the result is damaged"))


def _setup(data: Any) -> tuple[Setup, Game]:
    """The recorded setup and its game dealt again (R2, S1), or :class:`DamagedRecord`."""
    if data is None:
        raise DamagedRecord(msg("the setup is missing"))
    if isinstance(data, dict) and all(data.get(key) is None
                                      for key in ("seed", "deck", "position")):
        raise DamagedRecord(msg("the setup is damaged: it gives no seed, deck or position to "
                                "deal"))
    try:
        setup = Setup.from_dict(data)
        return setup, Game.from_setup(setup)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise DamagedRecord(msg("the setup is damaged"), detail=str(error)) from None


def _move(entry: Any, number: int) -> tuple[int, Action]:
    if (not isinstance(entry, dict) or entry.get("seat") not in (0, 1)
            or isinstance(entry.get("seat"), bool) or not isinstance(entry.get("action"), str)):
        raise DamagedRecord(msg("move {number} is damaged: it needs a seat (0 or 1) and an "
                                "action", number=number), number)
    try:
        return entry["seat"], parse_action(entry["action"])
    except ValueError as error:
        raise DamagedRecord(msg("move {number} cannot be read", number=number), number,
                            detail=str(error)) from None


def _moves(moves: list[Any]) -> Iterator[tuple[int, Action]]:
    """A record's moves read one at a time, as the replay comes to them."""
    for number, entry in enumerate(moves, 1):
        yield _move(entry, number)


def read_record(record: Any) -> Game:
    """Replay ``record`` into the game it describes, checking every action against the rules
    (the Gangster's against its program, S4) and the result against the cards (R5.3, S5).

    Raises :class:`DamagedRecord` naming the move number and the reason for anything wrong;
    the returned game's ``to_dict()`` equals the recorded game's final state.
    """
    check_header(record)
    setup, game = _setup(record.get("setup"))
    played = 0
    try:
        for step in game.replay_moves(_moves(record["moves"])):
            played += len(step.actions)
    except DamagedRecord:
        raise
    except ValueError as error:  # a move that does not draw what the setup recorded
        raise DamagedRecord(msg("move {number} does not draw what the setup recorded: "
                                "{problem}", number=played + 1, problem=str(error)),
                            played + 1) from None
    if game.setup.draws != setup.draws:
        raise DamagedRecord(msg("the setup records draws that no move made"))
    _check_ending(game, record.get("result"))
    return game


def _check_ending(game: Game, result: Any) -> None:
    """A resignation is not an action: replay it from the result, then compare results."""
    if (isinstance(result, dict) and result.get("reason") == EndReason.RESIGNED
            and not game.is_terminal()):
        winner = result.get("winner")
        if winner not in (0, 1):
            raise DamagedRecord(msg("the result is damaged: a resigned game has a winner"))
        game.resign(1 - winner)
    recorded = result if result is None else dict(result)
    replayed = game.result.to_dict() if game.result else None
    if recorded != replayed:
        if replayed is None:
            raise DamagedRecord(msg("the record ends before the game is over, yet gives a result"))
        raise DamagedRecord(msg("the recorded result does not match the moves"))
