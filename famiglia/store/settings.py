"""The player's settings, saved as JSON in platformdirs' user config folder.

Each setting is read on its own (:data:`READERS`), and written only when its reader reads it
back: one that cannot be read goes back to its default and the player is told which, the
others are kept, and the file as it was is kept beside the repaired one; keys this version does
not know (a newer version's) are kept and written back.  Names are read as a person types them
(:mod:`.names`).  A file that is not a JSON object at all falls back to the defaults and is set
aside, never silently overwritten.  A config folder that cannot be written is reported once
and the settings stay in force for this session.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .. import i18n
from ..players.seats import ComputerLevel, SeatKind
from ..rules.gangster import LEVELS
from ..rules.messages import Message, msg
from .files import (
    StoreFile,
    copy_aside,
    logged,
    parse_json,
    problem_of,
    read_bytes,
    reason,
)
from .folders import SETTINGS_FILE, config_dir
from .glance import (
    DEFAULT_LEVEL,
    DEFAULT_WINDOW,
    MAX_BYTES,
    read_flag,
    read_language,
    read_window,
)
from .glance import MAX_WINDOW as MAX_WINDOW
from .glance import MIN_WINDOW as MIN_WINDOW
from .names import typed_name_problem

log = logging.getLogger(__name__)

#: A seat of a new game: a person, or the computer at a level.
SeatChoice = Literal[SeatKind.HUMAN] | ComputerLevel

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
VOLUMES = (0.25, 0.5, 0.75, 1.0)
#: The longest text a setting without a reader of its own may hold.
MAX_TEXT = 200


class SoloFirst(StrEnum):
    """Who starts a solo game (S3: variant a or b), as the solo setup offers it."""

    YOU = "you"
    GANGSTER = "gangster"
    RANDOM = "random"


@dataclass(frozen=True)
class Settings:
    animation_speed: float = 1.0
    fullscreen: bool = False
    window_size: tuple[int, int] = DEFAULT_WINDOW
    fresh_cards_rule: bool = True
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    solo_name: str = "Player"
    gangster_level: int = 3
    solo_first: SoloFirst = SoloFirst.YOU
    volume: float = 0.75
    mute: bool = False
    computer_level: ComputerLevel = DEFAULT_LEVEL
    #: Who sat at each seat of the last new game: a person (``SeatKind.HUMAN``) or the
    #: computer at a level.
    new_game_seats: tuple[SeatChoice, SeatChoice] = (SeatKind.HUMAN, SeatKind.HUMAN)
    #: The game's language (an ``i18n.available_languages()`` code); None follows the system.
    language: str | None = None
    #: The coach's tips in the first games (each shown once per player and situation).
    tips: bool = True
    #: The magic-wormhole rendezvous server for playing a friend across the internet (its
    #: ``ws://`` or ``wss://`` URL; empty: the magic-wormhole project's public one).
    rendezvous: str = ""

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
    catalog = i18n.translations(code)
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


def names_problem(first: str, second: str) -> str | None:
    """Why two hot-seat names cannot be used (empty, or the same name twice), or None; in
    the current language, since the dialogs show it as it is."""
    if not first.strip() or not second.strip():
        return i18n.gettext("Give each player a name.")
    if first.strip().casefold() == second.strip().casefold():
        return i18n.gettext("The two players need different names.")
    return None


#: Reads one setting's JSON value: the setting's value, or ``ValueError`` when it is not one.
Reader = Callable[[Any], Any]


def _choice(options: Collection[Any], convert: Callable[[Any], Any] = lambda value: value
            ) -> Reader:
    def read(value: Any) -> Any:
        if (isinstance(value, bool) or not isinstance(value, int | float | str)
                or value not in options):
            raise ValueError(f"not one of {', '.join(map(str, options))}")
        return convert(value)
    return read


def _name(value: Any) -> str:
    """A name as a person types it (:mod:`.names`), the spaces at either end let go."""
    if not isinstance(value, str):
        raise ValueError("a player name is text")
    problem = typed_name_problem(value.strip())
    if problem:
        raise ValueError(problem)
    return value.strip()


def _names(value: Any) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("not two names")
    return _name(value[0]), _name(value[1])


def _seat(value: Any) -> SeatChoice:
    if value == SeatKind.HUMAN:
        return SeatKind.HUMAN
    return ComputerLevel.of(value)


def _seats(value: Any) -> tuple[SeatChoice, SeatChoice]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"not two of {SeatKind.HUMAN}, {', '.join(ComputerLevel)}")
    return _seat(value[0]), _seat(value[1])


def rendezvous_problem(value: str) -> str | None:
    """Why ``value`` cannot be a rendezvous server's URL, or None (empty: the default one);
    in the current language."""
    text = value.strip()
    if not text:
        return None
    if (not text.startswith(("ws://", "wss://")) or len(text) > MAX_TEXT
            or any(char.isspace() or not char.isprintable() for char in text)
            or len(text.split("://", 1)[1]) < 1):
        return i18n.gettext("A rendezvous server's address starts with ws:// or wss://, like "
                            "ws://relay.magic-wormhole.io:4000/v1.")
    return None


def _rendezvous(value: Any) -> str:
    if not isinstance(value, str) or rendezvous_problem(value) is not None:
        raise ValueError("not empty or a ws:// or wss:// URL")
    return value.strip()


#: Each setting's reader.  A setting without one is read by :func:`like_default`.
READERS: dict[str, Reader] = {
    "animation_speed": _choice(ANIMATION_SPEEDS, float),
    "fullscreen": read_flag,
    "window_size": read_window,
    "fresh_cards_rule": read_flag,
    "player_names": _names,
    "solo_name": _name,
    "gangster_level": _choice(LEVELS),
    "solo_first": _choice(tuple(SoloFirst), SoloFirst),
    "volume": _choice(VOLUMES, float),
    "mute": read_flag,
    "computer_level": ComputerLevel.of,
    "new_game_seats": _seats,
    "language": read_language,
    "tips": read_flag,
    "rendezvous": _rendezvous,
}

#: Each setting in words, for the notice that says which were reset (the settings screen's
#: labels where it has one).  A setting without one is named by its key.
LABELS: dict[str, Message] = {
    "animation_speed": msg("Animation speed"),
    "fullscreen": msg("Fullscreen"),
    "window_size": msg("Window size"),
    "fresh_cards_rule": msg("Fresh-cards rule"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "player_names": msg("Player names"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "solo_name": msg("Name in the solo challenge"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "gangster_level": msg("Gangster level"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "solo_first": msg("Who starts the solo challenge"),
    "volume": msg("Sound"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "mute": msg("Sound off"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "computer_level": msg("Computer level"),
    # Translators: a setting's name in the notice about settings that could not be read.
    "new_game_seats": msg("Seats of the last new game"),
    "language": msg("Language"),
    "tips": msg("Coach's tips"),
    # Translators: a setting's name: the server through which two computers find each other
    # across the internet (magic-wormhole's "rendezvous server").
    "rendezvous": msg("Rendezvous server"),
}


def like_default(default: Any) -> Reader:
    """The reader of a setting that has none of its own: a value of its default's JSON kind
    (a flag, a whole number, a number, a short text, a list as long as the default's tuple),
    and any JSON scalar where the default is None."""
    def read(value: Any) -> Any:
        if isinstance(default, tuple):
            if not isinstance(value, list) or len(value) != len(default):
                raise ValueError(f"not a list of {len(default)}")
            return tuple(like_default(item)(entry) for item, entry in zip(default, value,
                                                                           strict=True))
        if default is None:
            kinds: tuple[type, ...] = (str, int, float, bool, type(None))
        elif isinstance(default, bool):
            kinds = (bool,)
        elif isinstance(default, int):
            kinds = (int,)
        elif isinstance(default, float):
            kinds = (int, float)
        else:
            kinds = (type(default),)
        if (not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
                or (isinstance(value, str) and len(value) > MAX_TEXT)
                or (isinstance(value, float) and not math.isfinite(value))):
            raise ValueError(f"not a value like {default!r}")
        if isinstance(default, float) and isinstance(value, int | float):
            return float(value)
        return value
    return read


def reader(name: str) -> Reader:
    """How the setting ``name`` is read from the file."""
    return READERS.get(name) or like_default(getattr(Settings(), name))


@dataclass(frozen=True)
class Reading:
    """What a settings file gave: the settings, the settings that had to go back to their
    defaults, and the keys this version does not know (a newer version's, kept)."""

    settings: Settings
    reset: tuple[str, ...] = ()
    unknown: dict[str, Any] = field(default_factory=dict)


def read_settings(data: Any) -> Reading:
    """Read each setting on its own: a missing one is its default, a bad one goes back to
    its default (and is named in ``reset``), the others are kept; ``ValueError`` only when
    ``data`` is not a JSON object at all."""
    if not isinstance(data, dict):
        raise ValueError(msg("it was damaged"))
    known = {item.name for item in fields(Settings)}
    values: dict[str, Any] = {}
    reset = []
    for name in sorted(known & set(data)):
        try:
            values[name] = reader(name)(data[name])
        except ValueError:
            reset.append(name)
    unknown = {key: value for key, value in data.items() if key not in known}
    return Reading(Settings(**values), tuple(reset), unknown)


def listing(names: Sequence[str]) -> Message | str:
    """Settings' names as one list ("Sound, Window size")."""
    labels: list[Message | str] = [LABELS.get(name, name) for name in names]
    listed = labels[-1]
    for label in reversed(labels[:-1]):
        # Translators: a list of settings' names, "Sound, Window size".
        listed = msg("{first}, {rest}", first=label, rest=listed)
    return listed


class SettingsStore(StoreFile):
    """Loads and saves :class:`Settings`; ``notice`` tells the player when settings went
    back to their defaults (naming them), a bad file was set aside or the settings could not
    be saved.  Keys this version does not know are kept and written back."""

    max_bytes = MAX_BYTES

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or config_dir() / SETTINGS_FILE)
        #: the file's keys this version does not know, written back with every save
        self.unknown: dict[str, Any] = {}

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
        """The settings in the file, each one that cannot be read at its default."""
        self.unknown = {}
        try:
            raw = read_bytes(self.path, self.max_bytes)
            data = parse_json(raw)
        except FileNotFoundError:
            return Settings()
        except OSError as error:
            self.notice = logged(msg("Your settings could not be read ({reason}); the "
                                     "defaults are used.", reason=reason(error, reading=True)),
                                 error)
            return Settings()
        except ValueError as problem:
            self.set_aside(problem_of(problem))
            return Settings()
        try:
            reading = read_settings(data)
        except ValueError as problem:
            self.set_aside(problem_of(problem))
            return Settings()
        self.unknown = reading.unknown
        if reading.reset:
            self._repair(reading, raw)
        return reading.settings

    def _repair(self, reading: Reading, original: bytes) -> None:
        """Some settings went back to their defaults: keep the file as it was beside it,
        write the repaired settings and say which were reset."""
        listed = listing(reading.reset)
        try:
            kept = copy_aside(self.path, original)
        except OSError as error:
            self.notice = logged(msg(
                "{n} of your settings could not be read ({settings}), so it went back to its "
                "default; the others are kept. The file could not be kept as it was, since "
                "{reason}.",
                plural="{n} of your settings could not be read ({settings}), so they went back "
                       "to their defaults; the others are kept. The file could not be kept as "
                       "it was, since {reason}.",
                n=len(reading.reset), settings=listed, reason=reason(error)), error)
            return
        self.save(reading.settings)
        self.notice = logged(msg(
            "{n} of your settings could not be read ({settings}), so it went back to its "
            "default; the others are kept. The file as it was is kept as {name} in {folder}.",
            plural="{n} of your settings could not be read ({settings}), so they went back to "
                   "their defaults; the others are kept. The file as it was is kept as {name} "
                   "in {folder}.",
            n=len(reading.reset), settings=listed, name=kept.name, folder=str(kept.parent)))

    def save(self, settings: Settings) -> bool:
        """``False`` (and a notice, once) when the settings could not be written; the keys
        this version does not know go back into the file.  A setting its reader would refuse
        (a window the window manager made smaller than the smallest the game asks for) is
        left out and logged, so it reads as its default rather than as damage."""
        data = settings.to_dict()
        for name in list(data):
            try:
                reader(name)(data[name])
            except ValueError as problem:
                log.warning("setting %s not saved: %r (%s)", name, data.pop(name), problem)
        return self.write_json({**self.unknown, **data})
