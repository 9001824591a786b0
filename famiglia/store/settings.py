"""The player's settings, saved as JSON in platformdirs' user config folder.

A corrupt or tampered settings file falls back to the defaults with a notice for the player;
the bad file is set aside, never silently overwritten.  A config folder that cannot be written
is reported once and the settings stay in force for this session.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

from .. import i18n
from ..players.seats import LEVELS as COMPUTER_LEVELS
from ..rules.gangster import LEVELS
from ..rules.messages import Message, msg
from .files import StoreFile, config_dir, reason

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
VOLUMES = (0.25, 0.5, 0.75, 1.0)
MIN_WINDOW = (1024, 640)
MAX_NAME = 16


@dataclass(frozen=True)
class Settings:
    animation_speed: float = 1.0
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    fresh_cards_rule: bool = True
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    solo_name: str = "Player"
    gangster_level: int = 3
    solo_first: str = "you"
    volume: float = 0.75
    mute: bool = False
    computer_level: str = "medium"
    #: Who sat at each seat of the last new game: "human" or a computer level.
    new_game_seats: tuple[str, str] = ("human", "human")
    #: The game's language (an ``i18n.available_languages()`` code); None follows the system.
    language: str | None = None

    def with_changes(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["player_names"] = list(self.player_names)
        data["new_game_seats"] = list(self.new_game_seats)
        return data


#: The names a player has not chosen (English; each language has its own, see
#: :func:`follow_language`).
DEFAULT_PLAYER = i18n.N_("Player {number}")
DEFAULT_SOLO = i18n.N_("Player")


@cache
def _defaults_in(code: str) -> tuple[str, str, str]:
    """The default names in one language: the two hot-seat players' and the solo player's."""
    catalog = i18n.load_translations(code)
    player = catalog.gettext(DEFAULT_PLAYER)
    return (player.format(number=1), player.format(number=2), catalog.gettext(DEFAULT_SOLO))


def is_default_name(name: str) -> bool:
    """Whether ``name`` is a default name in one of the languages (not one a player chose)."""
    return any(name in _defaults_in(code) for code in i18n.available_languages())


def follow_language(settings: Settings) -> Settings:
    """Names still at their defaults in the current language ("Spieler 1" in German): a name
    the player chose stays as it is."""
    first, second, solo = _defaults_in(i18n.current_language())
    names = tuple(default if is_default_name(name) else name
                  for name, default in zip(settings.player_names, (first, second), strict=True))
    return settings.with_changes(
        player_names=names if names[0] != names[1] else settings.player_names,
        solo_name=solo if is_default_name(settings.solo_name) else settings.solo_name)


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise ValueError(f"a player name is 1 to {MAX_NAME} characters")
    return value.strip()


def names_problem(first: str, second: str) -> str | None:
    """Why two hot-seat names cannot be used (empty, or the same name twice), or None; in
    the current language, since the dialogs show it as it is."""
    if not first.strip() or not second.strip():
        return i18n.gettext("Give each player a name.")
    if first.strip().casefold() == second.strip().casefold():
        return i18n.gettext("The two players need different names.")
    return None


def settings_from_dict(data: Any) -> Settings:
    """Validate every field; raise ``ValueError`` naming the first bad one."""
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    known = {f.name for f in fields(Settings)}
    unknown = set(data) - known
    if unknown:
        raise ValueError(f"unknown settings: {', '.join(sorted(unknown))}")
    defaults = Settings()
    speed = data.get("animation_speed", defaults.animation_speed)
    if speed not in ANIMATION_SPEEDS or isinstance(speed, bool):
        raise ValueError(f"animation_speed must be one of {ANIMATION_SPEEDS}")
    flags = {}
    for key in ("fullscreen", "fresh_cards_rule", "mute"):
        flags[key] = data.get(key, getattr(defaults, key))
        if not isinstance(flags[key], bool):
            raise ValueError(f"{key} must be true or false")
    size = data.get("window_size", list(defaults.window_size))
    if (not isinstance(size, list) or len(size) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in size)
            or size[0] < MIN_WINDOW[0] or size[1] < MIN_WINDOW[1]
            or size[0] > 16384 or size[1] > 16384):
        raise ValueError("window_size must be [width, height] of at least 1024×640")
    names = data.get("player_names", list(defaults.player_names))
    if not isinstance(names, list) or len(names) != 2:
        raise ValueError("player_names must be two names")
    level = data.get("gangster_level", defaults.gangster_level)
    if level not in LEVELS or isinstance(level, bool):
        raise ValueError("gangster_level must be 1 to 4")
    first = data.get("solo_first", defaults.solo_first)
    if first not in ("you", "gangster", "random"):
        raise ValueError("solo_first must be you, gangster or random")
    volume = data.get("volume", defaults.volume)
    if volume not in VOLUMES or isinstance(volume, bool):
        raise ValueError(f"volume must be one of {VOLUMES}")
    computer_level = data.get("computer_level", defaults.computer_level)
    if computer_level not in COMPUTER_LEVELS:
        raise ValueError(f"computer_level must be one of {', '.join(COMPUTER_LEVELS)}")
    seats = data.get("new_game_seats", list(defaults.new_game_seats))
    if (not isinstance(seats, list) or len(seats) != 2
            or not all(seat in ("human", *COMPUTER_LEVELS) for seat in seats)):
        raise ValueError(f"new_game_seats must be two of human, {', '.join(COMPUTER_LEVELS)}")
    language = data.get("language", defaults.language)
    if language is not None and language not in i18n.available_languages():
        raise ValueError(f"language must be null or one of "
                         f"{', '.join(i18n.available_languages())}")
    return Settings(
        animation_speed=float(speed),
        fullscreen=flags["fullscreen"],
        window_size=(size[0], size[1]),
        fresh_cards_rule=flags["fresh_cards_rule"],
        player_names=(_name(names[0]), _name(names[1])),
        solo_name=_name(data.get("solo_name", defaults.solo_name)),
        gangster_level=level,
        solo_first=first,
        volume=float(volume),
        mute=flags["mute"],
        computer_level=computer_level,
        new_game_seats=(seats[0], seats[1]),
        language=language,
    )


class SettingsStore(StoreFile):
    """Loads and saves :class:`Settings`; ``notice`` tells the player when a bad file was set
    aside or the settings could not be saved."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or config_dir() / "settings.json")

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        return msg("Your settings could not be saved: {reason} ({folder}). The game goes on.",
                   reason=why, folder=str(self.path.parent))

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        return msg("Your settings could not be read ({problem}), so the defaults are used; the "
                   "file was kept as {name} in {folder}.", problem=problem, name=moved.name,
                   folder=str(moved.parent))

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        return msg("Your settings could not be read ({problem}), so the defaults are used; the "
                   "file was left as it is, since {reason}.", problem=problem, reason=why)

    def load(self) -> Settings:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return Settings()
        except OSError as error:
            self.notice = msg("Your settings could not be read ({reason}); the defaults are "
                              "used.", reason=reason(error))
            return Settings()
        try:
            return settings_from_dict(json.loads(raw.decode("utf-8")))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            self.set_aside(msg("it was damaged"))
        except ValueError:  # a value no game or settings screen writes: edited by hand
            self.set_aside(msg("it was damaged or edited by hand"))
        return Settings()

    def save(self, settings: Settings) -> bool:
        """``False`` (and a notice, once) when the settings could not be written."""
        return self.write_json(settings.to_dict())
