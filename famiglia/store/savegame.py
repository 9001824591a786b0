"""The running game, saved after every action so that "Continue" resumes it exactly.

The file holds the core's full state (``Game.to_dict``, generator, setup and moves included),
the player names (none for the Gangster: its seat says its role, S1), who sits at each seat
(:class:`Seat`), the table's log lines (so the log survives Continue), whether a hint was used
(S5: such a game is marked in the highscores), and a SHA-256 digest of that content: a file
that does not parse, fails the digest (damaged or edited by hand) or is not a consistent game
is set aside and reported, never loaded half.
Writes are atomic, so killing the process at any moment leaves the previous save or the new
one; a folder that cannot be written is reported and the game goes on unsaved.

Format ``famiglia-save/2``; ``famiglia-save/1`` files (seats as plain strings, no log) load.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import rules
from ..players.seats import Seat, SeatKind
from ..rules.messages import Message, msg
from .files import StoreFile
from .glance import saved_game_path
from .names import is_game_name

if TYPE_CHECKING:
    from ..rules import Game

FORMAT = "famiglia-save/2"
OLD_FORMATS = ("famiglia-save/1",)
#: The log kept with a save: the table shows far fewer lines, and a file stays small.
LOG_LIMIT = 2000
#: No save the game writes comes near this size (the game, its moves and the log).
MAX_BYTES = 4_000_000


@dataclass(frozen=True)
class SavedGame:
    game: Game
    #: ``None`` for the Gangster (older saves hold a word there)
    names: tuple[str | None, str | None]
    seats: tuple[Seat, Seat]
    log: tuple[str, ...] = ()
    assisted: bool = False


def _digest(content: dict[str, Any]) -> str:
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _names(value: Any, seats: tuple[Seat, Seat]) -> tuple[str | None, str | None]:
    """Two names a game can be played under (:func:`.names.is_game_name`, as the game's
    record will keep them); only the Gangster may have none."""
    if (not isinstance(value, list) or len(value) != 2 or not all(
            is_game_name(item) or (item is None and seat.kind is SeatKind.GANGSTER)
            for item, seat in zip(value, seats, strict=True))):
        raise ValueError(msg("its player names are missing"))
    return value[0], value[1]


def _seats(value: Any, game: Game) -> tuple[Seat, Seat]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(msg("it does not say who sits at each seat"))
    try:
        seats = (Seat.from_dict(value[0]), Seat.from_dict(value[1]))
    except ValueError:
        raise ValueError(msg("it names a kind of player this version does not know")) from None
    solo = game.opponent is rules.Opponent.GANGSTER
    if seats[0].kind is SeatKind.GANGSTER or (seats[1].kind is SeatKind.GANGSTER) != solo:
        raise ValueError(msg("its seats do not match the game"))
    return seats


class SaveGameStore(StoreFile):
    """One saved game at ``data_dir()/savegame.json``; ``notice`` reports a file set aside
    or a save that could not be written."""

    max_bytes = MAX_BYTES

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or saved_game_path())

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        if removing:
            return msg("The saved game could not be removed: {reason} ({folder}). The game "
                       "goes on.", reason=why, folder=str(self.path.parent))
        return msg("The game could not be saved: {reason} ({folder}). The game goes on.",
                   reason=why, folder=str(self.path.parent))

    def unreadable_notice(self, why: Message | str) -> Message:
        return msg("The saved game could not be read: {reason}.", reason=why)

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("The saved game could not be read ({problem}); the file was kept as {name} "
                   "in {folder}.", problem=problem, name=moved.name, folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("The saved game could not be read ({problem}); the file was left as it is, "
                   "since {reason}.", problem=problem, reason=why)

    def exists(self) -> bool:
        return self.path.exists()

    def save(self, game: Game, names: tuple[str | None, str | None],
             seats: tuple[Seat, Seat], *, log: Sequence[str] = (),
             assisted: bool = False) -> bool:
        """Save the game as it stands; ``False`` (and a notice, once) when it could not be
        written — the previous save, if any, is then unchanged.  ``ValueError`` for names
        that :meth:`load` would refuse."""
        _names(list(names), seats)
        content = {"game": game.to_dict(), "names": list(names),
                   "seats": [seat.to_dict() for seat in seats],
                   "log": list(log)[-LOG_LIMIT:], "assisted": bool(assisted)}
        return self.write_json({"format": FORMAT, "content": content,
                                "sha256": _digest(content)})

    def clear(self) -> None:
        """The game ended: nothing to continue (a folder that cannot be written is reported;
        the finished game left there is refused by :meth:`load`)."""
        if not self.path.exists():
            return
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            self.cannot_write(error, removing=True)

    def check(self) -> bool:
        """Can "Continue" resume a game?  Run once at launch: a save that cannot be loaded is
        set aside at once and reported through ``notice``, so Continue starts greyed."""
        return self.load() is not None

    def load(self) -> SavedGame | None:
        """The saved game, or ``None`` when there is none, it had to be set aside or it cannot
        be read (one game writes it at a time: it is read without the lock)."""
        return self.load_content(self._parse, lambda: None, locked=False)

    @staticmethod
    def _parse(data: Any) -> SavedGame:
        """The save's content, or ``ValueError`` with a short plain-words reason."""
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
            raise ValueError(msg("it is not a Famiglia saved game"))
        content = data.get("content")
        if not isinstance(content, dict) or data.get("sha256") != _digest(content):
            raise ValueError(msg("it was damaged or edited by hand"))
        try:
            game = rules.Game.from_dict(content.get("game"))  # type: ignore[arg-type]
        except (ValueError, TypeError, KeyError, AttributeError):
            raise ValueError(msg("it does not hold a game the rules allow")) from None
        if game.is_terminal():
            raise ValueError(msg("the game in it is already over"))
        seats = _seats(content.get("seats"), game)
        names = _names(content.get("names"), seats)
        log = content.get("log", [])
        if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
            raise ValueError(msg("its game log is damaged"))
        assisted = content.get("assisted", False)
        if not isinstance(assisted, bool):
            raise ValueError(msg("it was damaged"))
        return SavedGame(game, names, seats, tuple(log), assisted)
