"""Shared fixtures for the UI tests: a real :class:`App` on SDL's dummy video driver with its
settings and data in temporary folders, and helpers that feed synthetic mouse and key events
through ``app.frame`` exactly as the main loop would.

The SDL variables are set before pygame is imported anywhere, so no window ever opens.  The
rules tests' position builder (``tests/rules/positions.py``: a whole game described by the few
cards that matter) is importable here as ``positions``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from collections.abc import Iterator

import pygame
import pytest

from famiglia import i18n
from famiglia.ui.app import App
from famiglia.ui.table import thinker

RULES_TESTS = str(Path(__file__).resolve().parent.parent / "rules")
if RULES_TESTS not in sys.path:
    sys.path.append(RULES_TESTS)

#: One frame at 60 frames per second.
DT = 1 / 60
Point = tuple[int, int]


@pytest.fixture(autouse=True)
def quick_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer seats and the hints think in-process with a small search, so that UI
    tests run a game against the computer in seconds (the worker process has its own
    tests)."""
    monkeypatch.setattr(thinker, "SETTINGS", thinker.ThinkingSettings(in_process=True,
                                                                       iterations=12))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A 1280×800 app whose settings and data live in ``tmp_path`` (never the user's), in
    English whatever the machine's language (the language tests switch it, and it is put
    back afterwards)."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("FAMIGLIA_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    application = App(size=(1280, 800))
    application.input_grace = 0.0  # tests step faster than a person; grace tests set it
    yield application
    application.close()
    i18n.set_language("en")
    pygame.quit()


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
        """Type ``text`` as the text-input events a keyboard produces (one frame)."""
        self.app.frame([pygame.event.Event(pygame.TEXTINPUT, text=char) for char in text], DT)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as a player dragging its border would, and run one frame."""
        self.app.window.size = size
        self.app.frame([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])],
                       DT)


@pytest.fixture
def ui(app: App) -> Driver:
    """Synthetic mouse and keyboard input for ``app``."""
    return Driver(app)
