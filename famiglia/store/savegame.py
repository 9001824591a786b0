"""The running game, saved after every action so that "Continue" resumes it exactly.

The file holds the core's full state (``Game.to_dict``, generator included), the player names
and seat kinds, and a SHA-256 digest of that content: a file that does not parse, fails the
digest (corrupted or edited by hand) or is not a consistent game is set aside and reported,
never loaded half.  Writes are atomic, so killing the process at any moment leaves either the
previous save or the new one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Game
from .files import atomic_write_json, data_dir, remove_leftovers, set_aside

FORMAT = "famiglia-save/1"
SEAT_KINDS = ("human", "random", "gangster")


@dataclass(frozen=True)
class SavedGame:
    game: Game
    names: tuple[str, str]
    seats: tuple[str, str]


def _digest(content: dict[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_pair(value: Any, what: str, allowed: tuple[str, ...] | None = None) -> tuple[str, str]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(item, str) and item for item in value)):
        raise ValueError(f"{what} must be two non-empty strings")
    if allowed is not None and not all(item in allowed for item in value):
        raise ValueError(f"{what} must be among {', '.join(allowed)}")
    return value[0], value[1]


class SaveGameStore:
    """One saved game at ``data_dir()/savegame.json``; ``notice`` reports a file set aside."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or data_dir() / "savegame.json"
        self.notice: str | None = None

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, game: Game, names: tuple[str, str], seats: tuple[str, str]) -> None:
        content = {"game": game.to_dict(), "names": list(names), "seats": list(seats)}
        atomic_write_json(self.path, {"format": FORMAT, "content": content,
                                      "sha256": _digest(content)})

    def clear(self) -> None:
        """The game ended: nothing to continue."""
        self.path.unlink(missing_ok=True)

    def load(self) -> SavedGame | None:
        """The saved game, or ``None`` when there is none or it had to be set aside."""
        remove_leftovers(self.path)
        if not self.path.exists():
            return None
        try:
            return self._parse(json.loads(self.path.read_text(encoding="utf-8")))
        except (ValueError, OSError, UnicodeDecodeError) as error:
            moved = set_aside(self.path)
            self.notice = (f"The saved game could not be resumed ({error}). It was kept as "
                           f"{moved.name} in {moved.parent}.")
            return None

    @staticmethod
    def _parse(data: Any) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Famiglia saved game")
        content = data.get("content")
        if not isinstance(content, dict) or data.get("sha256") != _digest(content):
            raise ValueError("the file was damaged or edited: its checksum does not match")
        names = _check_pair(content.get("names"), "names")
        seats = _check_pair(content.get("seats"), "seats", SEAT_KINDS)
        game = Game.from_dict(content.get("game"))
        if game.over:
            raise ValueError("the saved game is already over")
        if (seats[1] == "gangster") != (game.opponent == "gangster"):
            raise ValueError("the seats do not match the game's mode")
        return SavedGame(game, names, seats)
