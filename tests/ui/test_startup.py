"""The game's start: the title's first frame is drawn with only what it shows loaded (the
window's settings and the language read from the settings file, whether a saved game exists,
the title's words, its fans of cards and its felt), and what it does not show comes right
after it (:meth:`famiglia.ui.app.App.settle`): the settings' and saved games' stores, which
report a damaged file in plain words and set it aside one frame later, the log file (which
still gets whatever was logged before), the routes to the other screens and the sound.  The
first frame is the title the settled app draws, pixel for pixel."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_driver import toasts

from famiglia import i18n, logs
from famiglia.store.settings import SettingsStore, follow_language
from famiglia.ui.app import App
from famiglia.ui.scenes.title import TitleScene

ROOT = Path(__file__).resolve().parents[2]
#: What the title's first frame draws without: the stores and their values (frozen
#: dataclasses), the log file's machinery, the routes and the running game, the sound, the
#: text field, the Gangster's levels, OpenSSL's digests and gettext.
NOT_BEFORE_THE_FIRST_FRAME = {
    "famiglia.store.settings", "famiglia.store.savegame", "famiglia.store.netsave",
    "famiglia.store.progress", "famiglia.store.files", "famiglia.log_rotation",
    "famiglia.ui.navigation", "famiglia.ui.screens", "famiglia.ui.session", "famiglia.ui.sound",
    "famiglia.ui.textfield", "famiglia.rules.gangster", "logging", "hashlib", "gettext"}
#: Loaded by the time the title answers input (a saved game exists, so its store checked it).
BY_THE_FIRST_INPUT = {"famiglia.store.settings", "famiglia.store.savegame",
                      "famiglia.log_rotation", "famiglia.ui.sound", "logging"}
#: The measured start (``famiglia --first-frame``), saying which modules are loaded at its
#: first frame (when the app settles) and when it closes.
LOADED_AT_THE_FIRST_FRAME = """
import sys, types
from famiglia.ui import app

def loaded():
    return sorted(name for name, module in sys.modules.items()
                  if type(module) is types.ModuleType)

settle = app.App.settle

def noted(self):
    if not self.settled:
        print(loaded(), flush=True)
    settle(self)

app.App.settle = noted
from famiglia.__main__ import main
status = main(["--first-frame"])
print(loaded())
sys.exit(status)
"""


def start_title(folder: Path, **variables: str) -> tuple[set[str], set[str], list[str]]:
    """Run the measured start with its files in ``folder``: the modules loaded at its first
    frame, those loaded when it closed, and the JSON lines it printed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", **variables,
               **{f"FAMIGLIA_{kind.upper()}_DIR": str(folder / kind)
                  for kind in ("data", "config", "cache", "log")})
    done = subprocess.run([sys.executable, "-c", LOADED_AT_THE_FIRST_FRAME],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    lines = done.stdout.strip().splitlines()
    listed = [line for line in lines if line.startswith("[")]
    return (set(ast.literal_eval(listed[0])), set(ast.literal_eval(listed[1])),
            [line for line in lines if line.startswith("{")])


def test_the_title_s_first_frame_loads_neither_the_stores_nor_the_log_nor_the_routes(
        tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(
        json.dumps({"language": "de", "computer_level": "hard"}), encoding="utf-8")
    (tmp_path / "data").mkdir()
    for _ in range(2):  # the second start reads the catalog and the fans from the cache
        (tmp_path / "data" / "savegame.json").write_text("{}", encoding="utf-8")
        first, last, lines = start_title(tmp_path)
    assert not NOT_BEFORE_THE_FIRST_FRAME & first
    assert last >= BY_THE_FIRST_INPUT
    assert [list(json.loads(line)) for line in lines] == [["first_frame_cpu", "driver"],
                                                          ["answers_input_cpu"]]
    # the damaged save was found right after the first frame, set aside and logged
    assert list((tmp_path / "data").glob("savegame.json.corrupt-*"))
    assert "The saved game could not be read" in (tmp_path / "log" / "famiglia.log").read_text(
        encoding="utf-8")


def test_what_is_logged_before_the_first_frame_reaches_the_log_file(tmp_path: Path) -> None:
    """The log file starts right after the first frame, or with a record before it."""
    start_title(tmp_path, FAMIGLIA_LANG="xx")
    text = (tmp_path / "log" / "famiglia.log").read_text(encoding="utf-8")
    assert "WARNING famiglia.i18n: FAMIGLIA_LANG=xx is not one of en, de, nl; ignored" in text


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for kind in ("config", "data"):
        (tmp_path / kind).mkdir()
        monkeypatch.setenv(f"FAMIGLIA_{kind.upper()}_DIR", str(tmp_path / kind))
    monkeypatch.delenv("FAMIGLIA_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    return tmp_path


@pytest.fixture
def start(folders: Path) -> Iterator[Callable[[], App]]:
    """The game's start up to its first frame (:func:`famiglia.ui.launch.play`)."""
    apps: list[App] = []

    def open_title() -> App:
        app = App(size=(1280, 800), title_first=True)
        apps.append(app)
        app.push(TitleScene(app))
        app.frame([], 0.0)
        return app

    yield open_title
    for app in apps:
        app.close()
    i18n.set_language("en")


def notice_when_settled(app: App) -> str:
    """The one notice the frame after the app settled shows."""
    app.settle()
    app.frame([], 0.0)
    (notice,) = toasts(app)
    return notice


def test_a_damaged_settings_file_is_reported_and_set_aside_right_after_the_first_frame(
        folders: Path, start: Callable[[], App]) -> None:
    settings = folders / "config" / "settings.json"
    settings.write_text('{"language": "de", "computer_level"', encoding="utf-8")
    app = start()
    assert not app.settled and not toasts(app) and settings.exists()
    assert i18n.current_language() == "en", "a file that cannot be read gives the defaults"
    assert ("Your settings could not be read (it was damaged), so the defaults are used"
            in notice_when_settled(app))
    assert not settings.exists()
    assert len(list(settings.parent.glob("settings.json.corrupt-*"))) == 1


def test_a_damaged_saved_game_is_reported_and_set_aside_right_after_the_first_frame(
        folders: Path, start: Callable[[], App]) -> None:
    saved = folders / "data" / "savegame.json"
    saved.write_text("[", encoding="utf-8")
    title = start().top
    assert isinstance(title, TitleScene)
    assert title.menu.buttons[0].enabled, "the first frame knows only that a save exists"
    notice = notice_when_settled(title.app)
    assert notice.startswith("The saved game could not be read (it was damaged)")
    assert not saved.exists() and not title.menu.buttons[0].enabled
    assert title.menu.buttons[0].tooltip == notice


@pytest.mark.parametrize("saved", [
    {},
    {"language": "de", "computer_level": "expert", "fullscreen": False},
    {"language": "nl", "computer_level": "easy", "window_size": [1500, 900], "mute": True},
])
def test_the_first_frame_is_the_title_the_settled_app_draws(
        folders: Path, start: Callable[[], App], saved: dict[str, object]) -> None:
    """With the settings the store loads."""
    (folders / "config" / "settings.json").write_text(json.dumps(saved), encoding="utf-8")
    app = start()
    first = pygame.image.tobytes(app.screen, "RGB")
    app.settle()
    assert app.settings == follow_language(SettingsStore().load())
    assert app.computer_level == app.settings.computer_level
    app.request_redraw()
    app.frame([], 0.0)
    assert pygame.image.tobytes(app.screen, "RGB") == first


def test_a_settings_file_changed_before_the_app_settles_is_shown_as_it_is_then(
        folders: Path, start: Callable[[], App]) -> None:
    settings = folders / "config" / "settings.json"
    settings.write_text(json.dumps({"computer_level": "easy"}), encoding="utf-8")
    app = start()
    settings.write_text(json.dumps({"computer_level": "expert", "language": "de"}),
                        encoding="utf-8")
    app.settle()
    title = app.top
    assert isinstance(title, TitleScene)
    assert title.level.text == "‹ Profi ›" and i18n.current_language() == "de"


def test_the_log_file_waits_for_the_first_record_or_the_app_settling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_LOG_DIR", str(tmp_path / "logs"))
    logs.start_logging_later()
    assert logs.log_file() is None and logs.starts_later()
    logs.logger("famiglia.test").warning("before the first frame")
    assert logs.log_file() == tmp_path / "logs" / "famiglia.log"
    assert not logs.starts_later()
    assert "WARNING famiglia.test: before the first frame" in (
        tmp_path / "logs" / "famiglia.log").read_text(encoding="utf-8")
