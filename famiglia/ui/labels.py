"""Words several scenes share, in the current language: the computer's and the Gangster's
levels, the Gangster's name, deal numbers, how a past game was played, On and Off.  Functions
rather than constants, so that each call answers in the language chosen now (docs/i18n.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import gettext, level_name, pgettext, translate_message
from ..lazy import lazy_module
from ..players.seats import ComputerLevel, Seat, SeatKind

if TYPE_CHECKING:
    from ..rules import gangster
    from ..rules.gangster import SoloVariant
    from ..store import records
    from ..store.records import Mode
else:
    # the records of past games are loaded when a screen first lists them, the Gangster's
    # levels when one is named (the title names none)
    records = lazy_module("famiglia.store.records")
    gangster = lazy_module("famiglia.rules.gangster")


def letter_key(letter: str) -> int | None:
    """The key of a letter (a button's shortcut), if the keyboard has one."""
    try:
        return pygame.key.key_code(letter[:1].lower())
    except ValueError:
        return None


def computer_level(level: ComputerLevel) -> str:
    """A computer level's name: Easy, Mittel, Moeilijk …"""
    return level_name(level)


def gangster_level(level: int) -> str:
    """The Gangster's level in a word (S3): easiest … hardest."""
    levels = gangster.LEVELS
    return translate_message(levels[level].name) if level in levels else str(level)


class RoleName(str):
    """A seat's name that is its role rather than a name someone chose: the Gangster (S1).
    Its text is the word of the language it was made in, but ``str()`` and formatting word it
    in the current language, so the log and the captions follow a switch; saves, records and
    saved log lines keep the role instead of any word.  Filled into a translated sentence
    (:class:`famiglia.i18n.Text`) it takes its :attr:`inner` form unless it opens the
    sentence: "Vito und der Gangster", "Der Gangster nimmt …"."""

    role: str

    def __new__(cls, role: str) -> RoleName:
        name = super().__new__(cls, ROLES[role]())
        name.role = role
        return name

    def __getnewargs__(self) -> tuple[str]:  # type: ignore[override]
        return (self.role,)

    def __str__(self) -> str:
        return ROLES[self.role]()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def inner(self) -> str:
        """The name in the middle of a sentence, in the current language."""
        return INNER[self.role]()


#: Each role's name, in the current language (alone, or opening a sentence).
ROLES = {SeatKind.GANGSTER.value: lambda: gettext("The Gangster")}
#: Each role's name in the middle of a sentence, in the current language.
# Translators: the Gangster's name inside a sentence ("Vito and the Gangster"), with the
# article as it is written there.
INNER = {SeatKind.GANGSTER.value: lambda: pgettext("in a sentence", "the Gangster")}


def gangster_name() -> RoleName:
    """The Gangster's name at the table, in the current language."""
    return RoleName(SeatKind.GANGSTER.value)


def seat_names(names: Sequence[str | None], seats: Sequence[Seat | str | dict[str, Any]]
               ) -> tuple[str, str]:
    """The names to show for two seats: a Gangster seat is named by its role in the current
    language, whatever a save or record holds for it (nothing, or the English word of an
    older version); the others keep their names."""
    shown = []
    for name, seat in zip(names, seats, strict=True):
        kind = seat.kind if isinstance(seat, Seat) else Seat.from_dict(seat).kind
        shown.append(gangster_name() if kind is SeatKind.GANGSTER else str(name))
    return shown[0], shown[1]


def stored_names(names: Sequence[str | None], seats: Sequence[Seat]
                 ) -> tuple[str | None, str | None]:
    """The names a save or record keeps: a Gangster seat's is ``None`` (its seat says its role,
    and the word depends on the language of the moment it is shown)."""
    kept = [None if seat.kind is SeatKind.GANGSTER else name
            for name, seat in zip(names, seats, strict=True)]
    return kept[0], kept[1]


def deal_number(seed: int) -> str:
    """A deal number grouped in threes from the right ("12 345 678"), easy to read out; typed
    back with or without the spaces."""
    return f"{seed:,}".replace(",", "\u00a0")


def back_words() -> tuple[str, str]:
    """The label and tooltip of a list's Back button (highscores, statistics, past games)."""
    return pgettext("button", "Back"), gettext("Back to where you came from (Esc).")


def on_off() -> list[tuple[str, bool]]:
    """The options of a setting that is on or off."""
    return [(gettext("On"), True), (gettext("Off"), False)]


def player_label(number: int) -> str:
    """A seat's caption: Player 1, Spieler 2 …"""
    return gettext("Player {number}").format(number=number)


def starter(variant: SoloVariant) -> str:
    """S3: who starts in variant a or b, as part of a sentence."""
    return gettext("you start") if variant == gangster.SoloVariant.A else gettext(
        "the Gangster starts")


def mode_label(mode: Mode | None) -> str:
    """How a past game was played, in words (the list of past games, the statistics)."""
    if mode is None:
        return gettext("Computer against computer")
    if mode.kind is records.ModeKind.HOT_SEAT:
        return pgettext("mode", "Hot-seat")
    if mode.kind is records.ModeKind.FRIEND:
        return pgettext("mode", "A friend on another computer")
    if mode.computer is not None:
        return gettext("Against the computer ({level})").format(
            level=computer_level(mode.computer))
    return gettext("Solo, level {challenge} ({starter})").format(
        challenge=mode.challenge, starter=starter(mode.variant or gangster.SoloVariant.A))
