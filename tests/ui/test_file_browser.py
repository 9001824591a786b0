"""Export and Import in the game's own file browser: it opens on the documents folder with the
record's name offered, lists the folders and the record files, goes to the places (home,
documents, desktop, downloads), into folders and up again by keys and mouse, still takes a
typed path, asks before replacing a file, says in plain words why a file or folder cannot be
used (and stays open for another choice), closes on success with the outcome said in Past
games, and rests but for its cursor's blink."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from test_past_games import keep
from ui_driver import Driver

from famiglia import i18n
from famiglia.i18n import translate_message
from famiglia.store.records import RecordStore
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.files import FileBrowserScene, list_folder, places, start_folder
from famiglia.ui.scenes.past_games import PastGamesScene


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of its own with the usual folders (platformdirs finds them under it)."""
    home = tmp_path / "home"
    for folder in ("Documents", "Desktop", "Downloads"):
        (home / folder).mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    return home


@pytest.fixture
def past_games(app: App, ui: Driver, home: Path) -> PastGamesScene:
    keep(RecordStore(), 2)
    scene = PastGamesScene(app)
    app.push(scene)
    ui.frames(2)
    return scene


def browser(app: App) -> FileBrowserScene:
    assert isinstance(app.top, FileBrowserScene), app.top
    return app.top


def type_into(ui: Driver, scene: FileBrowserScene, text: str) -> None:
    """Replace the field's text by ``text``, typed."""
    ui.frames(1, [ui.key_down(pygame.K_a, mod=pygame.KMOD_CTRL)])
    ui.press(pygame.K_BACKSPACE)
    assert scene.field.text == ""
    ui.type_text(text)


def test_the_places_are_home_documents_desktop_and_downloads(home: Path) -> None:
    assert [(name, path) for name, path in places()] == [
        ("Home", home), ("Documents", home / "Documents"), ("Desktop", home / "Desktop"),
        ("Downloads", home / "Downloads")]
    assert start_folder() == home / "Documents"


def test_a_missing_documents_folder_opens_the_home(home: Path) -> None:
    (home / "Documents").rmdir()
    assert start_folder() == home
    assert [name for name, _path in places()] == ["Home", "Desktop", "Downloads"]


def test_the_list_holds_folders_then_record_files_newest_first(home: Path) -> None:
    folder = home / "Documents"
    (folder / "zebra").mkdir()
    (folder / "Alpha").mkdir()
    (folder / ".hidden").mkdir()
    (folder / "notes.txt").write_text("no record", encoding="utf-8")
    for age, name in enumerate(("new.json", "old.json")):
        path = folder / name
        path.write_text("{}", encoding="utf-8")
        os.utime(path, (1_700_000_000 - age * 1000, 1_700_000_000 - age * 1000))
    assert [(entry.path.name, entry.folder) for entry in list_folder(folder)] == [
        ("Alpha", True), ("zebra", True), ("new.json", False), ("old.json", False)]


def test_export_offers_the_documents_folder_and_the_records_name(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path) -> None:
    summary = past_games.games[0]
    ui.press(pygame.K_e, "e")
    scene = browser(app)
    assert scene.folder == home / "Documents" and scene.mode == "export"
    assert scene.field.text == summary.path.name, "the hotkey's letter types nothing"
    ui.press(pygame.K_RETURN)
    assert app.top is past_games
    target = home / "Documents" / summary.path.name
    assert json.loads(target.read_text(encoding="utf-8")) == RecordStore().load(summary)
    assert past_games.notice is not None
    assert translate_message(past_games.notice) == f"The game was exported to {target}."


def test_export_goes_to_a_place_and_into_a_folder_by_mouse_and_keys(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path) -> None:
    (home / "Desktop" / "shared").mkdir()
    (home / "Desktop" / "other").mkdir()
    summary = past_games.games[0]
    ui.click(past_games.export_button.rect.center)
    scene = browser(app)
    desktop = next(button for button in scene.place_buttons if button.text == "Desktop")
    ui.click(desktop.rect.center)
    assert scene.folder == home / "Desktop"
    assert [entry.path.name for entry in scene.entries] == ["other", "shared"]
    ui.press(pygame.K_DOWN)
    assert scene.selected == 1
    ui.press(pygame.K_RETURN)
    assert scene.folder == home / "Desktop" / "shared", "Enter on a folder opens it"
    assert scene.field.text == summary.path.name
    ui.click(scene.action_button.rect.center)
    assert app.top is past_games
    assert (home / "Desktop" / "shared" / summary.path.name).is_file()


def test_a_typed_name_or_path_still_works(app: App, ui: Driver, past_games: PastGamesScene,
                                          home: Path, tmp_path: Path) -> None:
    ui.press(pygame.K_e, "e")
    scene = browser(app)
    type_into(ui, scene, "anna-bruno")
    ui.press(pygame.K_RETURN)
    assert (home / "Documents" / "anna-bruno.json").is_file(), "the ending is added"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ui.press(pygame.K_e, "e")
    scene = browser(app)
    type_into(ui, scene, f"{elsewhere}/")
    ui.press(pygame.K_RETURN)
    assert app.top is scene and scene.folder == elsewhere, "a typed folder opens"
    ui.press(pygame.K_RETURN)
    assert app.top is past_games and len(list(elsewhere.glob("*.json"))) == 1
    ui.press(pygame.K_e, "e")
    scene = browser(app)
    type_into(ui, scene, "~/Downloads/mine.json")
    ui.press(pygame.K_RETURN)
    assert (home / "Downloads" / "mine.json").is_file()


def test_an_existing_file_is_replaced_only_after_a_question(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path) -> None:
    summary = past_games.games[0]
    existing = home / "Documents" / summary.path.name
    existing.write_text("mine", encoding="utf-8")
    ui.press(pygame.K_e, "e")
    scene = browser(app)
    ui.press(pygame.K_RETURN)
    question = app.top
    assert isinstance(question, ConfirmScene) and summary.path.name in question.text
    ui.click(question.buttons[1].rect.center)
    assert app.top is scene and existing.read_text(encoding="utf-8") == "mine"
    ui.press(pygame.K_RETURN)
    ui.click(app.top.buttons[0].rect.center)  # type: ignore[union-attr]
    assert app.top is past_games
    assert json.loads(existing.read_text(encoding="utf-8")) == RecordStore().load(summary)


def test_import_lists_records_takes_the_chosen_one_and_goes_up(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path) -> None:
    summary = past_games.games[0]
    record = RecordStore().load(summary)
    downloads = home / "Downloads" / "from-bruno"
    downloads.mkdir()
    (downloads / "game.json").write_text(json.dumps(record), encoding="utf-8")
    summary.path.unlink()
    past_games.reload()
    ui.press(pygame.K_i, "i")
    scene = browser(app)
    assert scene.mode == "import" and scene.field.text == ""
    ui.click(next(b for b in scene.place_buttons if b.text == "Downloads").rect.center)
    ui.press(pygame.K_RETURN)
    assert scene.folder == downloads
    ui.press(pygame.K_BACKSPACE)
    assert scene.folder == home / "Downloads", "Backspace in the empty field: the folder above"
    assert scene.entries[scene.selected].path == downloads, "the folder left is selected"
    row = scene.list_area.x + 60, scene.list_area.y + 10
    ui.click(row)
    ui.click(row)
    assert scene.folder == downloads, "a double click opens a folder"
    ui.click(row)
    ui.click(row)
    assert app.top is past_games and len(past_games.games) == 2
    assert past_games.notice is not None
    assert translate_message(past_games.notice) == "The game was imported."
    assert RecordStore().load(past_games.games[past_games.selected]) == record


def test_the_browser_rests_but_for_the_cursor_and_times_a_double_click_across_a_rest(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser asks for no frames: the app wakes only for the cursor's blink, and once
    the cursor stops blinking it draws nothing more.  Two clicks on a folder a second apart
    only choose it; a third soon after opens it."""
    (home / "Documents" / "games").mkdir()
    ui.press(pygame.K_i, "i")
    scene = browser(app)
    drawn: list[pygame.Surface] = []
    monkeypatch.setattr(scene, "draw", drawn.append)
    ui.frames(2)
    assert not app.animating() and app.next_wakeup() is not None, "the cursor blinks"
    for _ in range(40):
        app.frame([], 0.5)
    assert app.next_wakeup() is None
    count = len(drawn)
    ui.frames(30)
    assert len(drawn) == count, "nothing changes: nothing drawn"
    row = scene.list_area.x + 60, scene.list_area.y + 10
    ui.click(row)
    app.frame([], 1.0)
    ui.click(row)
    assert scene.folder == home / "Documents"
    ui.click(row)
    assert scene.folder == home / "Documents" / "games"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_file_that_is_no_record_is_said_in_the_browser_which_stays(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path, language: str) -> None:
    """A damaged file with a long name: why it cannot be imported wraps inside the browser at
    the smallest window, and the browser stays open for another choice."""
    i18n.set_language(language)
    try:
        ui.resize(MIN_WINDOW)
        bad = home / "Documents" / ("an_exported_game_record_with_a_very_long_name-" * 4
                                    + ".json")
        bad.write_text('{"format": "famiglia-record", "ver', encoding="utf-8")
        ui.press(pygame.K_i, "i")
        scene = browser(app)
        app.theme.overflows.clear()
        ui.press(pygame.K_RETURN)
        assert app.top is scene and scene.notice is not None
        said = translate_message(scene.notice)
        assert bad.name in said and ("damaged" in said or language != "en")
        app.draw()
        assert app.theme.overflows == []
        assert len(past_games.games) == 2
    finally:
        i18n.set_language("en")


def test_a_folder_that_cannot_be_read_is_said_and_the_browser_stays(
        app: App, ui: Driver, past_games: PastGamesScene, home: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    locked = home / "Documents" / "locked"
    locked.mkdir()
    real = os.scandir

    def refuse(path: object) -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied")
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refuse)
    ui.press(pygame.K_i, "i")
    scene = browser(app)
    ui.press(pygame.K_RETURN)
    assert scene.folder == home / "Documents" and scene.notice is not None
    assert translate_message(scene.notice) == (
        "This folder cannot be opened: Famiglia is not allowed to read it.")
    ui.press(pygame.K_ESCAPE)
    assert app.top is past_games and past_games.notice is None
