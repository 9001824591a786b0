"""Words several scenes share, in the current language: the computer's and the Gangster's
levels, how a past game was played, On and Off.  Functions rather than constants, so that each
call answers in the language chosen now (docs/i18n.md)."""

from __future__ import annotations

from typing import Protocol

import pygame

from ..i18n import N_, gettext, pgettext, translate_message
from ..rules.gangster import LEVELS

#: The computer's levels (players.seats.LEVELS) as a player reads them.
_COMPUTER_LEVELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
                    "expert": N_("Expert")}


def letter_key(letter: str) -> int | None:
    """The key of a letter (a button's shortcut), if the keyboard has one."""
    try:
        return pygame.key.key_code(letter[:1].lower())
    except ValueError:
        return None


def computer_level(level: str) -> str:
    """A computer level's name: Easy, Mittel, Moeilijk …"""
    return gettext(_COMPUTER_LEVELS[level]) if level in _COMPUTER_LEVELS else level


def gangster_level(level: int) -> str:
    """The Gangster's level in a word (S3): easiest … hardest."""
    return translate_message(LEVELS[level].name) if level in LEVELS else str(level)


def back_words() -> tuple[str, str]:
    """The label and tooltip of a list's Back button (highscores, statistics, past games)."""
    return pgettext("button", "Back"), gettext("Back to where you came from (Esc).")


def on_off() -> list[tuple[str, bool]]:
    """The options of a setting that is on or off."""
    return [(gettext("On"), True), (gettext("Off"), False)]


def player_label(number: int) -> str:
    """A seat's caption: Player 1, Spieler 2 …"""
    return gettext("Player {number}").format(number=number)


def starter(variant: str) -> str:
    """S3: who starts in variant a or b, as part of a sentence."""
    return gettext("you start") if variant == "a" else gettext("the Gangster starts")


class ModeLike(Protocol):
    """How a past game was played (``store.records.Mode``)."""

    @property
    def kind(self) -> str: ...

    @property
    def level(self) -> str | None: ...

    @property
    def variant(self) -> str | None: ...


def mode_label(mode: ModeLike | None) -> str:
    """How a past game was played, in words (the list of past games, the statistics)."""
    if mode is None:
        return gettext("Computer against computer")
    if mode.kind == "hot-seat":
        return pgettext("mode", "Hot-seat")
    if mode.kind == "computer":
        return gettext("Against the computer ({level})").format(
            level=computer_level(mode.level or ""))
    return gettext("Solo, level {challenge} ({starter})").format(
        challenge=f"{mode.level}{mode.variant}", starter=starter(mode.variant or "a"))
