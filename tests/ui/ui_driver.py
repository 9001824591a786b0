"""Synthetic mouse and keyboard input fed through ``app.frame`` exactly as the main loop would
(the ``ui`` fixture of ``conftest.py``), and what the tests read of the app that the game
itself never asks: the notices on screen, where a drawing helper put what it drew.  A module of
its own, with a name no other test folder uses, so ``from ui_driver import Driver`` finds it
whatever order pytest collects folders in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from famiglia.players.seats import Seat
from famiglia.ui.app import App
from famiglia.ui.scenes.new_game import deal_table
from famiglia.ui.scenes.table import TableScene

#: One frame at 60 frames per second.
DT = 1 / 60
Point = tuple[int, int]


class Driver:
    """Synthetic input for one app: every method runs real ``app.frame`` calls, so scenes see
    exactly what the main loop would hand them (tests use the ``ui`` fixture)."""

    def __init__(self, app: App) -> None:
        self.app = app

    @staticmethod
    def mouse_move(pos: Point, *, held: bool = False) -> pygame.event.Event:
        buttons = (1, 0, 0) if held else (0, 0, 0)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    @staticmethod
    def mouse_down(pos: Point, button: int = 1) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)

    @staticmethod
    def mouse_up(pos: Point, button: int = 1) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    @staticmethod
    def key_down(key: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=mod, scancode=0)

    @staticmethod
    def key_up(key: int, mod: int = 0) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYUP, key=key, unicode="", mod=mod, scancode=0)

    def frames(self, count: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        """Run ``count`` frames; ``events`` go into the first."""
        for index in range(count):
            self.app.frame((events or []) if index == 0 else [], DT)

    def hover(self, pos: Point) -> None:
        self.app.frame([self.mouse_move(pos)], DT)

    def click(self, pos: Point, button: int = 1) -> None:
        """Move to ``pos``, press and release ``button`` (two frames)."""
        self.app.frame([self.mouse_move(pos), self.mouse_down(pos, button)], DT)
        self.app.frame([self.mouse_up(pos, button)], DT)

    def drag(self, start: Point, end: Point, *, steps: int = 6) -> None:
        """Press at ``start``, move in ``steps`` frames to ``end`` with the button held,
        release there."""
        self.app.frame([self.mouse_move(start), self.mouse_down(start)], DT)
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step // steps
            y = start[1] + (end[1] - start[1]) * step // steps
            self.app.frame([self.mouse_move((x, y), held=True)], DT)
        self.app.frame([self.mouse_up(end)], DT)

    def press(self, key: int, unicode: str = "", mod: int = 0) -> None:
        """Press and release a key (one frame)."""
        self.app.frame([self.key_down(key, unicode, mod), self.key_up(key, mod)], DT)

    def type_text(self, text: str) -> None:
        """Type ``text`` as the events a keyboard produces (one frame): each character's key
        press, then its text input."""
        events = []
        for char in text:
            key = pygame.key.key_code(char) if char.isascii() and char.isalnum() else 0
            events += [self.key_down(key, char), pygame.event.Event(pygame.TEXTINPUT, text=char),
                       self.key_up(key)]
        self.app.frame(events, DT)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as a player dragging its border would, and run one frame."""
        self.app.window.size = size
        self.app.frame([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])],
                       DT)


def toasts(app: App) -> list[str]:
    """The notices on screen now, oldest first, in the current language."""
    return [notice.text for notice in app.notices.shown]


def hot_seat_table(app: App, names: tuple[str, str], *, fresh_cards_rule: bool,
                   first_player: int | None = None) -> TableScene:
    """A freshly dealt table for two people at one computer."""
    return deal_table(app, names, (Seat.human(), Seat.human()),
                      fresh_cards_rule=fresh_cards_rule, first_player=first_player)


def record_returns(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[Any]:
    """Every value that ``owner.name`` (a module's function or an object's method) returns
    from now on, in order: where a drawing helper put what it drew (a tooltip, a banner, a
    badge)."""
    returned: list[Any] = []
    real: Callable[..., Any] = getattr(owner, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        value = real(*args, **kwargs)
        returned.append(value)
        return value

    monkeypatch.setattr(owner, name, recording)
    return returned
