"""Past games: the record of every finished (and resigned) game, one JSON file each in the
user data folder's ``records`` folder (the format is :mod:`famiglia.rules.records`).

Files are written atomically and named by date and a digest of their content, so a game is
kept once.  Every record is replayed with the full rules check before it is listed, opened,
counted in the statistics or imported (:func:`check_record`): what the list and the statistics
show of a game (scores, winner, ranking value) comes from the replay, never from the file's own
result.  Replays are remembered per file and modification (:func:`replayed`), so a list of
hundreds of games is replayed once per run.  A record that cannot be read or does not replay is
set aside as ``<name>.corrupt-<time>`` and reported in plain words; one that cannot even be set
aside (a read-only folder) is reported once per run and left out of the list.  An import that
is refused writes nothing.  Export copies a record to a path the player chose.  A folder that
cannot be written is reported through ``notice``, never raised.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import rules
from ..lazy import lazy_module
from ..players.seats import ComputerLevel, Seat, SeatKind
from ..rules.gangster import SoloVariant
from ..rules.messages import Message, msg
from .files import (
    atomic_write_json,
    damage_of,
    data_dir,
    logged,
    read_json,
    reason,
    set_aside,
)

if TYPE_CHECKING:
    from ..rules import DamagedRecord, EndReason, Game
    from ..rules import records as core_records
else:
    # the core's records are loaded when a record is first read: the title lists none
    core_records = lazy_module("famiglia.rules.records")

log = logging.getLogger(__name__)

SUFFIX = ".json"
#: No record the game writes comes near this size (a whole game is a few kilobytes).
MAX_BYTES = 1_000_000


class ModeKind(StrEnum):
    """How a game was played: two people at one computer, two people at two computers, a
    person against the computer, or the solo challenge against the Gangster (S1)."""

    HOT_SEAT = "hot-seat"
    FRIEND = "friend"
    COMPUTER = "computer"
    SOLO = "solo"


@dataclass(frozen=True)
class Mode:
    """How a game was played: against the ``computer`` at its level, or in the solo challenge
    against the Gangster at its level (``gangster``, S3) in a ``variant`` (who started)."""

    kind: ModeKind
    computer: ComputerLevel | None = None
    gangster: int | None = None
    variant: SoloVariant | None = None

    def __post_init__(self) -> None:
        solo = (self.gangster, self.variant)
        if ((self.computer is not None) != (self.kind is ModeKind.COMPUTER)
                or (None in solo if self.kind is ModeKind.SOLO else solo != (None, None))):
            raise ValueError("only a game against the computer has its level, and only a solo "
                             "game the Gangster's level and a variant")

    @property
    def challenge(self) -> str:
        """The solo challenge, level and variant ("3a"), or ""."""
        return f"{self.gangster}{self.variant}" if self.kind is ModeKind.SOLO else ""

    @property
    def order(self) -> tuple[int, int, str]:
        """Hot-seat first, then games with a friend on another computer, then the computer's
        levels from the easiest, then the solo challenges 1a … 4b."""
        level = (list(ComputerLevel).index(self.computer) if self.computer is not None
                 else self.gangster or 0)
        return list(ModeKind).index(self.kind), level, self.variant or ""


@dataclass(frozen=True)
class Summary:
    """One past game as the list and the statistics show it, its result as the replay gave
    it; ``human`` is the seat of the person in a game against the computer or the Gangster
    (``None`` in hot-seat or computer-only games); ``left_at``: the VP of an abandoned game
    (one without a result) when it was left, as its replayed position stands."""

    path: Path
    when: datetime
    mode: Mode | None
    names: tuple[str, str]
    scores: tuple[int, int] | None
    winner: int | None
    reason: EndReason | None
    ranking_value: int | None
    assisted: bool
    human: int | None
    left_at: tuple[int, int] | None = None

    @property
    def finished(self) -> bool:
        return self.scores is not None


def _seats(record: dict[str, Any], game: Game) -> tuple[Seat, Seat]:
    """The record's seats, which must be kinds this version knows and fit the game: the
    Gangster at seat 1 exactly in a solo game (S1)."""
    try:
        seats = (Seat.from_dict(record["players"]["seats"][0]),
                 Seat.from_dict(record["players"]["seats"][1]))
    except ValueError:
        raise ValueError(msg("it names a kind of player this version does not know")) from None
    solo = game.opponent is rules.Opponent.GANGSTER
    if seats[0].kind is SeatKind.GANGSTER or (seats[1].kind is SeatKind.GANGSTER) != solo:
        raise ValueError(msg("its seats do not match the game"))
    return seats


def mode_of(seats: tuple[Seat, Seat], game: Game) -> tuple[Mode | None, int | None]:
    """The mode of a game and the human's seat when one person played against the program;
    ``(None, None)`` for a game between two computers."""
    if game.opponent is rules.Opponent.GANGSTER:
        return Mode(ModeKind.SOLO, gangster=game.gangster_level,
                    variant=SoloVariant.of(game.first_player)), 0
    humans = [index for index, seat in enumerate(seats) if seat.kind is SeatKind.HUMAN]
    if len(humans) == 2:
        return Mode(ModeKind.HOT_SEAT), None
    if len(humans) == 1 and seats[1 - humans[0]].kind is SeatKind.REMOTE:
        return Mode(ModeKind.FRIEND), humans[0]
    if len(humans) == 1:
        return Mode(ModeKind.COMPUTER, computer=seats[1 - humans[0]].level), humans[0]
    return None, None


def check_record(record: Any) -> Game:
    """Check everything of a record: its header (the version exactly the whole number this
    program writes), its seats, and every move replayed with the full rules check (the
    Gangster's against its program, S4, the result against the cards, R5.3, S5).  The
    replayed game, or ``ValueError`` with the reason in plain words."""
    if isinstance(record, dict) and isinstance(record.get("version"), bool | float):
        raise ValueError(msg("this record was written by another version (format {found}, "
                             "this program reads {version})",
                             found=repr(record.get("version")), version=core_records.VERSION))
    core_records.check_header(record)
    game = rules.read_record(record)
    _seats(record, game)
    return game


def summarise(record: dict[str, Any], path: Path, game: Game) -> Summary:
    """The list's line for a record that :func:`check_record` replayed into ``game``."""
    mode, human = mode_of(_seats(record, game), game)
    result = game.result
    return Summary(
        path, datetime.fromisoformat(record["date"]), mode,
        (record["players"]["names"][0], record["players"]["names"][1]),
        result.scores if result else None, result.winner if result else None,
        result.reason if result else None, result.ranking_value if result else None,
        record["assisted"], human, None if result else game.scores)


def refused(path: Path, problem: ValueError) -> Message:
    """Why the record in ``path`` was refused, in the player's words (never the core's inner
    English); the log has it too, with that inner detail (a field's name, a value)."""
    log.warning("%s was refused: %s", path, problem)
    return damage_of(problem)


def damaged_record(path: Path, damage: DamagedRecord) -> Message:
    """A record file the rules refuse, in plain words: the file and where it breaks (the
    command line says it so)."""
    return msg("{path} is a damaged game record: {problem}", path=str(path),
               problem=damage.message)


def read_record_file(path: Path) -> dict[str, Any]:
    """A record file's content, read within its bounds: ``OSError`` when it cannot be read,
    ``ValueError`` with a plain-words reason when it is not a record's JSON."""
    data = read_json(path, MAX_BYTES)
    if not isinstance(data, dict):
        raise ValueError(msg("this is not a Famiglia game record"))
    return data


def _digest(record: dict[str, Any]) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:12]


#: The records replayed in this run: a file's path, its identity when it was replayed (device,
#: inode, size, modification time) and its summary.
_REPLAYED: dict[Path, tuple[tuple[int, int, int, int], Summary]] = {}
#: Damaged records that could not be set aside; reported once per run, then left out.
_LEFT: set[Path] = set()


def _identity(path: Path) -> tuple[int, int, int, int]:
    status = path.stat()
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def replayed(path: Path) -> Summary:
    """The summary of the record in ``path``, replayed once per version of the file:
    ``OSError`` when it cannot be read, ``ValueError`` (plain words) when it does not
    replay."""
    identity = _identity(path)
    known = _REPLAYED.get(path)
    if known is not None and known[0] == identity:
        return known[1]
    data = read_record_file(path)
    summary = summarise(data, path, check_record(data))
    _REPLAYED[path] = (identity, summary)
    return summary


class RecordStore:
    """The past games in ``folder`` (default ``data_dir()/records``).  ``notice`` holds what
    the player should be told (files set aside, a record refused, a folder not writable)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "records"
        self.notice: Message | None = None

    def take_notice(self) -> Message | None:
        notice, self.notice = self.notice, None
        return notice

    def file_name(self, record: dict[str, Any]) -> str:
        when = datetime.fromisoformat(record["date"]).strftime("%Y%m%d-%H%M%S")
        return f"{when}-{_digest(record)}{SUFFIX}"

    def add(self, record: dict[str, Any]) -> Path | None:
        """Keep a finished game's record; the path, or ``None`` when it could not be written
        (``notice`` says why; the game goes on)."""
        core_records.check_header(record)
        path = self.folder / self.file_name(record)
        try:
            atomic_write_json(path, record)
        except OSError as error:
            self.notice = logged(msg("The record of this game could not be saved: {reason} "
                                     "({folder}).", reason=reason(error),
                                     folder=str(self.folder)), error)
            return None
        return path

    def games(self) -> list[Summary]:
        """Every past game, replayed, newest first; damaged files are set aside and
        reported."""
        try:
            paths = sorted(path for path in self.folder.glob(f"*{SUFFIX}")
                           if path not in _LEFT)
        except OSError as error:
            self.notice = logged(msg("The past games could not be read: {reason}.",
                                     reason=reason(error, reading=True)), error)
            return []
        summaries, damaged = [], []
        for path in paths:
            try:
                summaries.append(replayed(path))
            except OSError as error:
                damaged.append((path, reason(error, reading=True)))
            except ValueError as problem:
                damaged.append((path, refused(path, problem)))
        if damaged:
            self._set_aside(damaged)
        summaries.sort(key=lambda summary: (summary.when, summary.path.name), reverse=True)
        return summaries

    def _set_aside(self, damaged: Sequence[tuple[Path, Message | str]]) -> None:
        """Set the damaged records aside and say so; those that cannot be moved are said to
        stay where they are (once per run: the list leaves them out from then on)."""
        kept, left = [], []
        why: Message | str = ""
        unmoved: OSError | None = None
        for path, _ in damaged:
            try:
                kept.append(set_aside(path).name)
            except OSError as error:
                left.append(path.name)
                why, unmoved = reason(error), error
                _LEFT.add(path)
        problem = damaged[0][1]
        notices = []
        if kept:
            notices.append(msg("{n} past game's record could not be read ({problem}) and was "
                               "set aside in {folder}: {files}.",
                               plural="{n} past games' records could not be read ({problem}) "
                                      "and were set aside in {folder}: {files}.",
                               n=len(kept), problem=problem, folder=str(self.folder),
                               files=_file_list(kept)))
        if left:
            notices.append(msg("{n} past game's record could not be read ({problem}) nor set "
                               "aside, since {reason}; it stays in {folder}: {files}.",
                               plural="{n} past games' records could not be read ({problem}) "
                                      "nor set aside, since {reason}; they stay in {folder}: "
                                      "{files}.",
                               n=len(left), problem=problem, reason=why,
                               folder=str(self.folder), files=_file_list(left)))
        # Translators: two notices about past games' records, said one after the other.
        self.notice = logged(notices[0] if len(notices) == 1 else msg(
            "{first} {second}", first=notices[0], second=notices[1]), unmoved)

    def load(self, summary: Summary) -> dict[str, Any] | None:
        """The whole record, replayed once more to be sure it is sound; ``None`` (and a
        notice) when it is not, and then it is set aside."""
        try:
            record = read_record_file(summary.path)
            check_record(record)
        except OSError as error:
            self.notice = logged(msg("That past game could not be read: {reason}.",
                                     reason=reason(error, reading=True)), error)
            return None
        except ValueError as problem:
            self._set_aside([(summary.path, refused(summary.path, problem))])
            return None
        return record

    def export(self, summary: Summary, target: Path | str) -> Path | None:
        """Copy a record (checked as :meth:`load` checks it) to ``target`` (a file, or a
        folder to put it in: one that exists, or a path typed with a separator at its end,
        which is made); the path written, or ``None`` with a notice."""
        folder = isinstance(target, str) and target.endswith(("/", os.sep))
        target = Path(target).expanduser()
        if folder or target.is_dir():
            target = target / summary.path.name
        elif target.suffix.lower() != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        data = self.load(summary)
        if data is None:
            return None
        try:
            atomic_write_json(target, data)
        except OSError as error:
            self.notice = logged(msg("The game could not be exported to {target}: {reason}.",
                                     target=str(target), reason=reason(error)), error)
            return None
        self.notice = msg("The game was exported to {target}.", target=str(target))
        return target

    def import_file(self, source: Path) -> Summary | None:
        """Add a record from ``source`` once everything in it is checked (its seats too) and
        it replays; ``None`` with a notice in plain words, and nothing written, when it cannot
        be read, is refused, or is already among the past games."""
        source = source.expanduser()
        name = source.name or str(source)
        try:
            record = read_record_file(source)
        except OSError as error:
            self.notice = msg("{file} could not be opened: {reason}.", file=name,
                              reason=reason(error, reading=True))
            return None
        except ValueError as problem:
            self.notice = logged(msg("{file} could not be imported ({problem}).", file=name,
                                     problem=damage_of(problem)), problem)
            return None
        try:
            game = check_record(record)
        except ValueError as problem:
            self.notice = logged(msg("{file} could not be imported ({problem}).", file=name,
                                     problem=damage_of(problem)), problem)
            return None
        path = self.folder / self.file_name(record)
        if path.exists():
            self.notice = msg("That game is already among your past games.")
            return None
        written = self.add(record)
        if written is None:
            return None
        self.notice = msg("The game was imported.")
        return summarise(record, written, game)


def _file_list(names: Sequence[str]) -> str:
    """The first few file names, for a notice."""
    return f"{', '.join(names[:3])}{' …' if len(names) > 3 else ''}"
