"""What the player has learnt: the lessons finished (ticked in the lesson list), the coach's
tips already shown to each player (each tip once per player and situation), and whether the
first start has offered the lessons yet.

One JSON file in the user data folder, format ``famiglia-progress/1``.  Every change re-reads
the file and merges under a lock before writing atomically, so two copies of the game never
lose each other's ticks.  A file that does not parse or holds what no game writes is set aside
under a timestamped name and reported (``notice``); the lessons then start unticked.  A folder
that cannot be written is reported once and the game goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..rules.messages import Message, msg
from .files import StoreFile, data_dir
from .locking import file_lock

FORMAT = "famiglia-progress/1"
#: Lesson and tip names: short lower-case words (``free_zero``, ``opponent_passed``).
KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
#: A player's name as the table shows it (settings allow 16 characters; records 24).
NAME_LIMIT = 24
#: More than any version of the game writes: a file beyond it was not written by the game.
MOST_KEYS = 200
MOST_PLAYERS = 200
#: No progress file the game writes comes near this size.
MAX_BYTES = 256_000


@dataclass(frozen=True)
class Progress:
    """The lessons finished, the tips seen per player name, and whether the first start's
    offer of the lessons was made."""

    lessons: frozenset[str] = frozenset()
    tips: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))
    welcomed: bool = False

    def tips_seen(self, player: str) -> frozenset[str]:
        return self.tips.get(player, frozenset())

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "lessons": sorted(self.lessons),
                "tips": {name: sorted(seen) for name, seen in sorted(self.tips.items())},
                "welcomed": self.welcomed}


def _keys(value: Any, what: str) -> frozenset[str]:
    if (not isinstance(value, list) or len(value) > MOST_KEYS
            or not all(isinstance(item, str) and KEY.fullmatch(item) for item in value)
            or len(set(value)) != len(value)):
        raise ValueError(f"{what} must be a list of distinct short names")
    return frozenset(value)


def _player(name: Any) -> str:
    if (not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT
            or not name.isprintable()):
        raise ValueError(f"a player name is 1 to {NAME_LIMIT} printable characters")
    return name


def progress_from_dict(data: Any) -> Progress:
    """The file's content, or ``ValueError`` naming what no game writes."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    if set(data) != {"format", "lessons", "tips", "welcomed"}:
        raise ValueError("the file must hold exactly format, lessons, tips and welcomed")
    tips = data["tips"]
    if not isinstance(tips, dict) or len(tips) > MOST_PLAYERS:
        raise ValueError("tips must map player names to lists")
    welcomed = data["welcomed"]
    if not isinstance(welcomed, bool):
        raise ValueError("welcomed must be true or false")
    return Progress(_keys(data["lessons"], "lessons"),
                    MappingProxyType({_player(name): _keys(seen, "tips")
                                      for name, seen in tips.items()}),
                    welcomed)


class ProgressStore(StoreFile):
    """The progress file at ``path`` (default ``data_dir()/progress.json``)."""

    max_bytes = MAX_BYTES

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or data_dir() / "progress.json")
        #: the progress as last read or changed in this session
        self.last = Progress()

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        return msg("Your progress in the lessons could not be saved: {reason} ({folder}). The "
                   "game goes on.", reason=why, folder=str(self.path.parent))

    def unreadable_notice(self, why: Message | str) -> Message:
        return msg("Your progress in the lessons could not be read: {reason}.", reason=why)

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("Your progress in the lessons could not be read ({problem}), so it starts "
                   "afresh; the file was kept as {name} in {folder}.", problem=problem,
                   name=moved.name, folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("Your progress in the lessons could not be read ({problem}), so it starts "
                   "afresh; the file was left as it is, since {reason}.", problem=problem,
                   reason=why)

    def load(self) -> Progress:
        """The progress so far; a missing, bad or unreadable file gives a fresh start, never
        an exception (:meth:`~.files.StoreFile.load_content`)."""
        self.last = self.load_content(progress_from_dict, Progress)
        return self.last

    def finish_lesson(self, lesson: str) -> Progress:
        """Tick ``lesson`` (it stays ticked)."""
        return self._change(lambda now: Progress(now.lessons | {lesson}, now.tips,
                                                 now.welcomed))

    def see_tip(self, player: str, tip: str) -> Progress:
        """Remember that ``player`` was shown the tip ``tip``."""
        def seen(now: Progress) -> Progress:
            tips = dict(now.tips)
            tips[player] = now.tips_seen(player) | {tip}
            return Progress(now.lessons, MappingProxyType(tips), now.welcomed)

        return self._change(seen)

    def welcome(self) -> Progress:
        """The first start offered the lessons: it does not ask again."""
        return self._change(lambda now: Progress(now.lessons, now.tips, True))

    def _change(self, change: Callable[[Progress], Progress]) -> Progress:
        """Re-read, change and write under the lock; when that fails the change still holds
        for this session (it is returned and kept in :attr:`last`) and ``notice`` says why it
        was not saved."""
        try:
            with file_lock(self.path):
                self.last = change(self.read_content(progress_from_dict, Progress))
                self.write_json(self.last.to_dict())
        except OSError as error:  # the lock or the read
            self.cannot_write(error)
            self.last = change(self.last)
        return self.last
