"""Unwritable folders: every store write (the saved game, its clearing, the
settings, the highscores) reports a folder that cannot be written once, in plain words,
through the store's ``notice`` and never raises, so the game goes on; no other file is lost.

Tests may run as root, where ``chmod`` does not stop writes: most tests simulate the refusal
by making ``os.replace`` / ``os.open`` raise ``PermissionError``; the real read-only folder
test runs only for an ordinary user.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.store.highscores import Entry, HighscoreStore
from famiglia.store.savegame import SaveGameStore
from famiglia.store.settings import Settings, SettingsStore

HUMANS = (Seat.human(), Seat.human())
ENTRY = Entry("Vito", "2025-03-01T20:00:00+01:00", 40, 20, 60, 3, "a", True)


def _refuse(*_: object, **__: object) -> None:
    raise PermissionError(errno.EACCES, "Permission denied")


@pytest.fixture
def refused(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every rename and unlink is refused, as in a read-only folder."""
    monkeypatch.setattr(os, "replace", _refuse)
    monkeypatch.setattr(os, "unlink", _refuse)
    monkeypatch.setattr(Path, "unlink", _refuse)
    yield


def _plain(message: object) -> str:
    assert message is not None
    notice = str(message)
    assert "Errno" not in notice and "PermissionError" not in notice
    assert len(notice) < 240, "a notice fits a dialog"
    return notice


def test_saving_into_a_refused_folder_reports_once_and_keeps_the_old_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveGameStore(tmp_path / "save.json")
    first = Game.new(3)
    assert store.save(first, ("A", "B"), HUMANS)
    monkeypatch.setattr(os, "replace", _refuse)
    game = first.copy()
    game.apply(game.legal_actions()[0])
    assert store.save(game, ("A", "B"), HUMANS) is False
    notice = _plain(store.take_notice())
    assert "could not be saved" in notice and "not allowed" in notice
    assert str(tmp_path) in notice and "goes on" in notice
    assert store.save(game, ("A", "B"), HUMANS) is False
    assert store.take_notice() is None, "reported once, not after every action"
    monkeypatch.undo()
    loaded = SaveGameStore(store.path).load()
    assert loaded is not None and loaded.game.to_dict() == first.to_dict()
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"], "no temporary file is left"


def test_a_write_that_works_again_rearms_the_report(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveGameStore(tmp_path / "save.json")
    monkeypatch.setattr(os, "replace", _refuse)
    assert not store.save(Game.new(1), ("A", "B"), HUMANS)
    assert store.take_notice()
    monkeypatch.undo()
    assert store.save(Game.new(1), ("A", "B"), HUMANS)
    monkeypatch.setattr(os, "replace", _refuse)
    assert not store.save(Game.new(1), ("A", "B"), HUMANS)
    assert store.take_notice()


def test_a_full_disk_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    store = SettingsStore(tmp_path / "settings.json")
    assert store.save(Settings()) is False
    assert "disk is full" in _plain(store.notice)


def test_clearing_in_a_refused_folder_is_reported(tmp_path: Path, refused: None) -> None:
    store = SaveGameStore(tmp_path / "save.json")
    store.clear()  # nothing there: nothing to report
    assert store.notice is None
    (tmp_path / "save.json").write_text("{}", encoding="utf-8")
    store.clear()
    assert "The saved game could not be removed" in _plain(store.take_notice())


def test_a_damaged_save_in_a_refused_folder_is_reported_and_left(tmp_path: Path,
                                                                 refused: None) -> None:
    path = tmp_path / "save.json"
    path.write_text("{oops", encoding="utf-8")
    store = SaveGameStore(path)
    assert store.load() is None
    notice = _plain(store.notice)
    assert "could not be read" in notice and "left as it is" in notice
    assert path.read_text(encoding="utf-8") == "{oops"


def test_settings_in_a_refused_folder(tmp_path: Path, refused: None) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    assert store.save(Settings(animation_speed=2.0)) is False
    assert "Your settings could not be saved" in _plain(store.take_notice())
    assert store.load() == Settings()


def test_highscores_in_a_refused_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = HighscoreStore(tmp_path / "highscores.json")
    assert store.add(ENTRY) == 0
    before = store.path.read_bytes()
    real_open = os.open

    def no_new_files(path: str, flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            _refuse()
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", no_new_files)
    monkeypatch.setattr(os, "replace", _refuse)
    assert store.load()["3a"] == (ENTRY,), "reading works without a lock"
    assert store.add(Entry("Carla", "2025-03-02T20:00:00+01:00", 50, 20, 80, 3, "a", True)) \
        is None
    assert store.write_failed and "highscore list could not be saved" in _plain(store.notice)
    monkeypatch.undo()
    assert store.path.read_bytes() == before


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes into read-only folders")
@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_really_read_only_folder(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    config.mkdir()
    saves, settings = SaveGameStore(data / "savegame.json"), SettingsStore(config / "s.json")
    assert saves.save(Game.new(2), ("A", "B"), HUMANS)
    for folder in (data, config):
        folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert not saves.save(Game.new(4), ("A", "B"), HUMANS)
        assert not settings.save(Settings())
        scores = HighscoreStore(data / "highscores.json")
        assert scores.add(ENTRY) is None
        for store in (saves, settings, scores):
            assert "could not be saved" in _plain(store.notice)
        saved = SaveGameStore(data / "savegame.json").load()
        assert saved is not None and saved.game.seed == 2
    finally:
        for folder in (data, config):
            folder.chmod(stat.S_IRWXU)


def test_the_game_goes_on_and_says_so_once(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end: with every write refused, changing a setting, starting a game
    and playing on never close the window; each file's problem is shown once."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from famiglia.ui.app import App
    from famiglia.ui.session import start_table

    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    app = App(size=(1280, 800))
    try:
        monkeypatch.setattr(os, "replace", _refuse)
        app.save_settings(app.settings.with_changes(animation_speed=2.0))
        app.save_settings(app.settings.with_changes(animation_speed=0.5))
        assert app.settings.animation_speed == 0.5, "the setting holds for this session"
        table = start_table(app, Game.new(6), ("Anna", "Bruno"), ("human", "human"))
        game = table.game
        for _ in range(3):
            game.apply(game.legal_actions()[0])
            assert table.on_action is not None
            table.on_action(table)
        notices = [notice.text for notice in app.notices.shown]
        assert sum("Your settings could not be saved" in text for text in notices) == 1
        assert sum("The game could not be saved" in text for text in notices) == 1
        assert not any("Errno" in text for text in notices)
    finally:
        app.window.destroy()
        pygame.quit()
