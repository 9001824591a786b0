"""What the title's first frame needs of the user files, read before the stores are loaded:
the settings that open the window and label the title (each read by the reader the settings
store reads it with, so the values are the ones the store will load), and whether a saved
game exists.

Only reading, never writing: a settings file that cannot be read gives the defaults here, and
the settings store, loaded right after the first frame, reports it in plain words and sets it
aside (:mod:`.settings`); whether a saved game can be resumed is checked then too.  The
stores' values are frozen dataclasses, whose creation takes a few milliseconds; this module
makes none, so that the title is on screen sooner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import i18n
from ..players.seats import ComputerLevel
from ..rules import jsontext
from .folders import NET_GAME_FILE, SAVED_GAME_FILE, SETTINGS_FILE, config_dir, data_dir

#: The smallest window the game lays out, the largest side it accepts, and the window it
#: opens at first.
MIN_WINDOW = (1024, 640)
MAX_WINDOW = 16384
DEFAULT_WINDOW = (1280, 800)
DEFAULT_LEVEL = ComputerLevel.MEDIUM
#: No settings file the game writes comes near this size.
MAX_BYTES = 64_000


def read_flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def read_window(value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not MIN_WINDOW[0] <= value[0] <= MAX_WINDOW
            or not MIN_WINDOW[1] <= value[1] <= MAX_WINDOW):
        raise ValueError("not [width, height] of at least 1024×640")
    return value[0], value[1]


def read_language(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str)
                              or value not in i18n.available_languages()):
        raise ValueError(f"not null or one of {', '.join(i18n.available_languages())}")
    return value


class StartSettings:
    """The settings the title's first frame is drawn with."""

    __slots__ = ("computer_level", "fullscreen", "language", "window_size")

    def __init__(self, data: Any = None) -> None:
        values = data if isinstance(data, dict) else {}
        self.language: str | None = _read(values, "language", read_language, None)
        self.window_size: tuple[int, int] = _read(values, "window_size", read_window,
                                                  DEFAULT_WINDOW)
        self.fullscreen: bool = _read(values, "fullscreen", read_flag, False)
        self.computer_level: ComputerLevel = _read(values, "computer_level", ComputerLevel.of,
                                                   DEFAULT_LEVEL)


def _read(values: dict[str, Any], name: str, reader: Any, default: Any) -> Any:
    if name not in values:
        return default
    try:
        return reader(values[name])
    except ValueError:
        return default


def start_settings(path: Path | None = None) -> StartSettings:
    """The settings in ``path`` (the settings file) that the first frame needs, each one
    that cannot be read (or all, for a file that cannot be) at its default."""
    try:
        raw = (path or config_dir() / SETTINGS_FILE).read_bytes()
        return StartSettings(jsontext.loads(raw, max_chars=MAX_BYTES) if len(raw) <= MAX_BYTES
                             else None)
    except (OSError, ValueError):
        return StartSettings()


def saved_game_path() -> Path:
    """The game saved at this computer (:class:`.savegame.SaveGameStore`'s file)."""
    return data_dir() / SAVED_GAME_FILE


def net_game_path() -> Path:
    """The game with a friend on another computer (:class:`.netsave.NetSaveStore`'s file)."""
    return data_dir() / NET_GAME_FILE


def modified(path: Path) -> float:
    """When ``path`` was last written (seconds since the epoch; 0 when there is none)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
