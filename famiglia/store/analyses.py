"""Analyses of past games (:mod:`famiglia.players.analysis`), kept so each is computed once.

One JSON file per game in the user data folder's ``analyses`` folder, named by a digest of
the game itself, its setup and its moves (:func:`game_key`): the same game opened from the
past games, from an exported file or on the command line finds the same file, and the
``records`` folder holds records only.  A file keeps the analyses of its game made so far
(the oldest are dropped rather than let the file outgrow what its reader reads), told apart by
level, seats and seed::

    {"format": "famiglia-analyses", "version": 1, "game": "<game_key>",
     "analyses": [<Analysis.to_dict()>, …]}

Writes are atomic and merge under a lock with what another instance wrote meanwhile.  A file
that is not JSON, not such a file, about another game, or holds an analysis that does not fit
the game's moves is set aside as ``<name>.corrupt-<time>`` and reported through ``notice``;
the game is then analysed again.  An analysis made by another version of the analysis
(``analysis.VERSION``) is not used, and is dropped at the next save.  A folder that cannot
be written is reported, never raised.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..players.analysis import DEFAULT_LEVEL, DEFAULT_SEED, Analysis, default_seats
from ..players.analysis import VERSION as ANALYSIS_VERSION
from ..rules.messages import Message, msg
from .files import StoreFile, data_dir, encode_json
from .locking import file_lock
from .records import read_record_file

FORMAT = "famiglia-analyses"
VERSION = 1
SUFFIX = ".json"
#: Far more than the analyses of one game take (a few kilobytes each).
MAX_BYTES = 4_000_000


def game_key(record: Mapping[str, Any]) -> str:
    """A digest of the game a record holds (its setup and moves; not the names or the date,
    which do not change an analysis)."""
    game = {"setup": record.get("setup"), "moves": record.get("moves")}
    canonical = json.dumps(game, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()[:20]


def _fits(analysis: Analysis, moves: Sequence[Any]) -> bool:
    """Every decision is a move of the record, by an analysed seat, as played."""
    for decision in analysis.decisions:
        if decision.ply >= len(moves) or decision.seat not in analysis.seats:
            return False
        move = moves[decision.ply]
        if move.get("seat") != decision.seat or move.get("action") != decision.played:
            return False
    return True


class AnalysisFile(StoreFile):
    """The kept analyses of the game ``record`` holds (a record read with
    ``read_record``), in ``folder`` (default ``data_dir()/analyses``).

    :meth:`load` answers the analysis made with a level, seats and seed, or ``None``;
    :meth:`save` keeps one.  ``notice`` says, in words for the player, when a bad file was set
    aside or a folder could not be written (``take_notice``)."""

    max_bytes = MAX_BYTES

    def __init__(self, record: Mapping[str, Any], folder: Path | None = None) -> None:
        self.key = game_key(record)
        self.record = record
        super().__init__((folder or data_dir() / "analyses") / f"{self.key}{SUFFIX}")

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        return msg("The analysis could not be kept: {reason} ({folder}).", reason=why,
                   folder=str(self.path.parent))

    def unreadable_notice(self, why: Message | str) -> Message:
        return msg("The kept analysis of this game could not be read: {reason}.", reason=why)

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("A kept analysis of this game could not be read ({problem}), so the game is "
                   "analysed again; the file was kept as {name} in {folder}.", problem=problem,
                   name=moved.name, folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("A kept analysis of this game could not be read ({problem}), so the game is "
                   "analysed again; the file was left as it is, since {reason}.",
                   problem=problem, reason=why)

    def load(self, *, level: str = DEFAULT_LEVEL, seats: Sequence[int] | None = None,
             seed: int = DEFAULT_SEED) -> Analysis | None:
        """The analysis kept for this level, these seats (default: the record's
        :func:`~famiglia.players.analysis.default_seats`) and seed, or ``None``."""
        chosen = default_seats(self.record) if seats is None else tuple(sorted(set(seats)))
        kept = self.load_content(self._parse, list[Analysis])
        return next((analysis for analysis in kept
                     if (analysis.level, analysis.seats, analysis.seed) == (level, chosen, seed)),
                    None)

    def save(self, analysis: Analysis) -> bool:
        """Keep ``analysis`` (replacing one of the same level, seats and seed, and dropping
        the oldest others while the file would be larger than :data:`MAX_BYTES`); ``False``,
        and a notice, when it could not be written."""
        try:
            with file_lock(self.path):
                kept = [other.to_dict() for other in self.read_content(self._parse, list[Analysis])
                        if (other.level, other.seats, other.seed)
                        != (analysis.level, analysis.seats, analysis.seed)]
                content = {"format": FORMAT, "version": VERSION, "game": self.key,
                           "analyses": [*kept, analysis.to_dict()]}
                while kept and not self.fits(encode_json(content)):
                    kept.pop(0)
                    content["analyses"] = [*kept, analysis.to_dict()]
                return self.write_json(content)
        except OSError as error:  # the lock or the read
            self.cannot_write(error)
            return False

    def _parse(self, data: Any) -> list[Analysis]:
        if (not isinstance(data, dict) or data.get("format") != FORMAT
                or type(data.get("version")) is not int or data["version"] != VERSION
                or not isinstance(data.get("analyses"), list)):
            raise ValueError(msg("it was damaged"))
        if data.get("game") != self.key:
            raise ValueError(msg("it belongs to another game"))
        analyses = [Analysis.from_dict(item) for item in data["analyses"]
                    if not isinstance(item, dict) or (type(item.get("version")) is int
                                                 and item["version"] == ANALYSIS_VERSION)]
        moves = self.record.get("moves")
        if not isinstance(moves, list) or not all(_fits(item, moves) for item in analyses):
            raise ValueError(msg("it does not fit the moves of the game"))
        return analyses


class KeptAccuracies:
    """How accurately people played their analysed past games (the statistics' chart): the
    mean loss per decision of a seat in the analysis kept for a record (the default level,
    seats and seed, as the window makes them).  Games never analysed cost one look at the
    folder; ``notice`` says when a kept analysis could not be read (it is set aside)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir() / "analyses"
        self.notice: Message | str | None = None
        try:
            self._kept = {path.stem for path in self.folder.glob(f"*{SUFFIX}")}
        except OSError:
            self._kept = set()

    def of(self, record_path: Path, seat: int) -> float | None:
        """``seat``'s mean loss per decision in the game of ``record_path``, or ``None``
        when that game or seat has no kept analysis."""
        if not self._kept:
            return None
        try:
            record = read_record_file(record_path)
        except (OSError, ValueError):
            return None
        kept = AnalysisFile(record, self.folder)
        if kept.key not in self._kept:
            return None
        analysis = kept.load()
        self.notice = kept.take_notice() or self.notice
        if analysis is None or seat not in analysis.seats:
            return None
        return analysis.summary(seat).accuracy
