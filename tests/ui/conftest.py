"""Shared fixtures for the UI tests: a real :class:`App` on SDL's dummy video driver with its
settings and data in temporary folders, and the ``ui`` driver (``ui_driver.py``) that feeds
synthetic mouse and key events through ``app.frame`` exactly as the main loop would.

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
from famiglia.players.analysis import Effort
from famiglia.ui.analysis import runner
from famiglia.ui.app import App
from famiglia.ui.table import thinker

#: A rendezvous server's address on loopback where nothing listens.
NOWHERE = "ws://127.0.0.1:9/v1"
RULES_TESTS = str(Path(__file__).resolve().parent.parent / "rules")
if RULES_TESTS not in sys.path:
    sys.path.append(RULES_TESTS)

from ui_driver import Driver  # noqa: E402  (after the SDL variables and the path)


@pytest.fixture(autouse=True)
def quick_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer seats and the hints think in-process with a small search, so that UI
    tests run a game against the computer in seconds (the worker process has its own
    tests)."""
    monkeypatch.setattr(thinker, "SETTINGS", thinker.ThinkingSettings(in_process=True,
                                                                       iterations=12))


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Analyses in the window run in-process (one decision per frame) with a tiny search, and
    no cancelled analysis is carried from one test to the next (the worker processes have
    their own tests)."""
    monkeypatch.setattr(runner, "SETTINGS", runner.RunnerSettings(
        jobs=0, effort=Effort(search=10, searches=1, proposals=1, measure=10)))
    runner._cancelled.clear()
    yield
    runner._cancelled.clear()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A 1280×800 app whose settings and data live in ``tmp_path`` (never the user's), in
    English whatever the machine's language (the language tests switch it, and it is put
    back afterwards).  Every app starts on a display and fonts initialised afresh; the
    mixer, which holds no state of a test's, stays open from one app to the next (closing
    SDL's audio device waits about 70 ms for its thread, in every test)."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("FAMIGLIA_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    application = App(size=(1280, 800))
    application.input_grace = 0.0  # tests step faster than a person; grace tests set it
    # playing a friend across the internet meets on loopback (a test that plays it starts a
    # mailbox server there): never the public rendezvous server
    application.settings = application.settings.with_changes(rendezvous=NOWHERE)
    yield application
    application.close()
    i18n.set_language("en")
    pygame.font.quit()
    pygame.display.quit()


@pytest.fixture
def ui(app: App) -> Driver:
    """Synthetic mouse and keyboard input for ``app``."""
    return Driver(app)
