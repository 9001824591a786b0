"""Past games: the record of every finished (and resigned) game, one JSON file each in the
user data folder's ``records`` folder (the format is :mod:`famiglia.rules.records`).

Files are written atomically and named by date and a digest of their content, so a game is
kept once.  Listing checks each file's header (players, date, result) without replaying; a
damaged file is set aside as ``<name>.corrupt-<time>`` and reported in plain words.  Opening a
record replays it with the full rules check, and so does importing one, so a record that
does not replay never enters the list.  Export copies a record to a path the player chose.
A folder that cannot be written is reported through ``notice``, never raised.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..players.seats import LEVELS, Seat, SeatKind
from ..rules.gangster import variant
from ..rules.messages import Message, msg
from ..rules.records import check_header, read_record
from .files import atomic_write_json, data_dir, problem_of, reason, set_aside

SUFFIX = ".json"


@dataclass(frozen=True)
class Mode:
    """How a game was played: ``kind`` is "hot-seat", "computer" or "solo"; ``level`` the
    computer's level name or the Gangster's level (S3); ``variant`` "a" or "b" for solo."""

    kind: str
    level: str | None = None
    variant: str | None = None

    @property
    def order(self) -> tuple[int, str, str]:
        kinds = ("hot-seat", "computer", "solo")
        level = self.level or ""
        if self.kind == "computer" and level in LEVELS:
            level = str(LEVELS.index(level))
        return kinds.index(self.kind), level, self.variant or ""


@dataclass(frozen=True)
class Summary:
    """One past game as the list shows it; ``human`` is the seat of the person in a game
    against the computer or the Gangster (``None`` in hot-seat or computer-only games)."""

    path: Path
    when: datetime
    mode: Mode | None
    names: tuple[str, str]
    scores: tuple[int, int] | None
    winner: int | None
    reason: str | None
    ranking_value: int | None
    assisted: bool
    human: int | None

    @property
    def finished(self) -> bool:
        return self.scores is not None


def mode_of(record: dict[str, Any]) -> tuple[Mode | None, int | None]:
    """The mode of a (header-checked) record and the human's seat when one person played
    against the program; ``(None, None)`` for a game between two computers."""
    seats = tuple(Seat.from_dict(seat) for seat in record["players"]["seats"])
    setup = record["setup"]
    if setup.get("opponent") == "gangster":
        first = setup.get("first_player")
        return Mode("solo", str(setup.get("gangster_level")),
                    variant(first if first in (0, 1) else 0)), 0
    humans = [index for index, seat in enumerate(seats) if seat.kind is SeatKind.HUMAN]
    if len(humans) == 2:
        return Mode("hot-seat"), None
    if len(humans) == 1:
        return Mode("computer", seats[1 - humans[0]].level), humans[0]
    return None, None


def summarise(record: Any, path: Path) -> Summary:
    """The list's line for a record, or ``ValueError`` when its header is damaged."""
    check_header(record)
    if not isinstance(record.get("setup"), dict):
        raise ValueError("the setup is damaged")
    try:
        mode, human = mode_of(record)
    except ValueError:
        raise ValueError("the seats are damaged") from None
    result = record["result"]
    return Summary(
        path, datetime.fromisoformat(record["date"]), mode,
        (record["players"]["names"][0], record["players"]["names"][1]),
        (result["scores"][0], result["scores"][1]) if result else None,
        result["winner"] if result else None, result["reason"] if result else None,
        result.get("ranking_value") if result else None, record["assisted"], human)


def _digest(record: dict[str, Any]) -> str:
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:12]


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
        check_header(record)
        path = self.folder / self.file_name(record)
        try:
            atomic_write_json(path, record)
        except OSError as error:
            self.notice = msg("The record of this game could not be saved: {reason} "
                              "({folder}).", reason=reason(error), folder=str(self.folder))
            return None
        return path

    def games(self) -> list[Summary]:
        """Every past game, newest first; damaged files are set aside and reported."""
        try:
            paths = sorted(self.folder.glob(f"*{SUFFIX}"))
        except OSError as error:
            self.notice = msg("The past games could not be read: {reason}.",
                              reason=reason(error))
            return []
        summaries, damaged = [], []
        for path in paths:
            try:
                summaries.append(summarise(json.loads(path.read_bytes().decode("utf-8")), path))
            except OSError:
                damaged.append((path, msg("it could not be read")))
            except (ValueError, UnicodeDecodeError, RecursionError, KeyError, TypeError):
                damaged.append((path, msg("it was damaged")))
        if damaged:
            self._set_aside(damaged)
        summaries.sort(key=lambda summary: (summary.when, summary.path.name), reverse=True)
        return summaries

    def _set_aside(self, damaged: Sequence[tuple[Path, Message | str]]) -> None:
        kept = []
        for path, _ in damaged:
            try:
                kept.append(set_aside(path).name)
            except OSError:
                kept.append(path.name)
        files = f"{', '.join(kept[:3])}{' …' if len(kept) > 3 else ''}"
        self.notice = msg("{n} past game's record could not be read ({problem}) and was set "
                          "aside in {folder}: {files}.",
                          plural="{n} past games' records could not be read ({problem}) and "
                                 "were set aside in {folder}: {files}.",
                          n=len(damaged), problem=damaged[0][1], folder=str(self.folder),
                          files=files)

    def load(self, summary: Summary) -> dict[str, Any] | None:
        """The whole record, replayed once to be sure it is sound; ``None`` (and a notice)
        when it is not, and then it is set aside."""
        try:
            record = json.loads(summary.path.read_bytes().decode("utf-8"))
        except OSError as error:
            self.notice = msg("That past game could not be read: {reason}.", reason=reason(error))
            return None
        except (ValueError, UnicodeDecodeError, RecursionError):
            self._set_aside([(summary.path, msg("it was damaged"))])
            return None
        try:
            read_record(record)
        except ValueError as problem:
            self._set_aside([(summary.path, problem_of(problem))])
            return None
        return record  # type: ignore[no-any-return]

    def export(self, summary: Summary, target: Path) -> Path | None:
        """Copy a record to ``target`` (a file, or a folder to put it in); the path written,
        or ``None`` with a notice."""
        target = target.expanduser()
        if target.is_dir():
            target = target / summary.path.name
        elif target.suffix.lower() != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        try:
            data = json.loads(summary.path.read_bytes().decode("utf-8"))
            atomic_write_json(target, data)
        except OSError as error:
            self.notice = msg("The game could not be exported to {target}: {reason}.",
                              target=str(target), reason=reason(error))
            return None
        except (ValueError, UnicodeDecodeError):
            self._set_aside([(summary.path, msg("it was damaged"))])
            return None
        self.notice = msg("The game was exported to {target}.", target=str(target))
        return target

    def import_file(self, source: Path) -> Summary | None:
        """Add a record from ``source`` after replaying it; ``None`` with a notice in plain
        words when it cannot be read, does not replay, or is already among the past games."""
        source = source.expanduser()
        try:
            record = json.loads(source.read_bytes().decode("utf-8"))
        except OSError as error:
            self.notice = msg("{file} could not be opened: {reason}.",
                              file=source.name or str(source), reason=reason(error))
            return None
        except (ValueError, UnicodeDecodeError, RecursionError):
            self.notice = msg("{file} is not a Famiglia game record.", file=source.name)
            return None
        try:
            read_record(record)
        except ValueError as problem:
            self.notice = msg("{file} could not be imported ({problem}).", file=source.name,
                              problem=problem_of(problem))
            return None
        path = self.folder / self.file_name(record)
        if path.exists():
            self.notice = msg("That game is already among your past games.")
            return None
        written = self.add(record)
        if written is None:
            return None
        self.notice = msg("The game was imported.")
        return summarise(record, written)
