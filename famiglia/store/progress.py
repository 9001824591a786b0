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
from .names import is_game_name

FORMAT = "famiglia-progress/1"
#: Lesson and tip names: short lower-case words (``free_zero``, ``opponent_passed``).
KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
#: Far more lessons, and tips per player, than the game has.
MOST_KEYS = 200
#: The players whose tips are remembered: the least recently tipped are forgotten beyond it.
MOST_PLAYERS = 200
#: No progress file the game writes comes near this size (the most players, each with the
#: longest name and every tip).
MAX_BYTES = 256_000


@dataclass(frozen=True)
class Progress:
    """The lessons finished, the tips seen per player name (the least recently tipped player
    first), and whether the first start's offer of the lessons was made.

    Creating one checks it (``ValueError`` with the reason), the reader's and the writer's
    one definition of what the file holds: lesson and tip names as :data:`KEY` says, at
    most :data:`MOST_KEYS` of each, at most :data:`MOST_PLAYERS` players, each named as a
    game can be (:func:`.names.is_game_name`).
    """

    lessons: frozenset[str] = frozenset()
    tips: Mapping[str, frozenset[str]] = field(default_factory=lambda: MappingProxyType({}))
    welcomed: bool = False

    def __post_init__(self) -> None:
        problem = (_keys_problem(self.lessons, "lessons")
                   or _players_problem(self.tips)
                   or next((problem for seen in self.tips.values()
                            if (problem := _keys_problem(seen, "tips"))), None))
        if problem:
            raise ValueError(problem)

    def tips_seen(self, player: str) -> frozenset[str]:
        return self.tips.get(player, frozenset())

    def with_tip(self, player: str, tip: str) -> Progress:
        """``player`` has seen ``tip`` too, and is the most recently tipped; the least
        recently tipped players beyond :data:`MOST_PLAYERS` are forgotten."""
        tips = {name: seen for name, seen in self.tips.items() if name != player}
        tips[player] = self.tips_seen(player) | {tip}
        while len(tips) > MOST_PLAYERS:
            del tips[next(iter(tips))]
        return Progress(self.lessons, MappingProxyType(tips), self.welcomed)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "lessons": sorted(self.lessons),
                "tips": {name: sorted(seen) for name, seen in self.tips.items()},
                "welcomed": self.welcomed}


def _keys_problem(keys: frozenset[str], what: str) -> str | None:
    if len(keys) > MOST_KEYS or not all(isinstance(key, str) and KEY.fullmatch(key)
                                        for key in keys):
        return f"{what} must be at most {MOST_KEYS} short lower-case names"
    return None


def _players_problem(tips: Mapping[str, frozenset[str]]) -> str | None:
    if len(tips) > MOST_PLAYERS or not all(is_game_name(name) for name in tips):
        return f"tips are kept for at most {MOST_PLAYERS} players, each with a name"
    return None


def _keys(value: Any, what: str) -> frozenset[str]:
    if (not isinstance(value, list) or not all(isinstance(item, str) for item in value)
            or len(set(value)) != len(value)):
        raise ValueError(f"{what} must be a list of distinct names")
    return frozenset(value)


def progress_from_dict(data: Any) -> Progress:
    """The file's content, or ``ValueError`` naming what no game writes."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    if set(data) != {"format", "lessons", "tips", "welcomed"}:
        raise ValueError("the file must hold exactly format, lessons, tips and welcomed")
    tips = data["tips"]
    if not isinstance(tips, dict):
        raise ValueError("tips must map player names to lists")
    welcomed = data["welcomed"]
    if not isinstance(welcomed, bool):
        raise ValueError("welcomed must be true or false")
    return Progress(_keys(data["lessons"], "lessons"),
                    MappingProxyType({name: _keys(seen, "tips") for name, seen in tips.items()}),
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
        """Tick ``lesson`` (it stays ticked); ``ValueError`` for a name no file holds."""
        return self._change(lambda now: Progress(now.lessons | {lesson}, now.tips,
                                                 now.welcomed))

    def see_tip(self, player: str, tip: str) -> Progress:
        """Remember that ``player`` was shown the tip ``tip``; ``ValueError`` for a name
        or a tip no file holds."""
        return self._change(lambda now: now.with_tip(player, tip))

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
