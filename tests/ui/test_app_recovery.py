"""An unexpected exception in the frame loop never closes the game: it is logged with its
traceback, the running game is saved, the player is back on the title and told in plain
words where the log is, and Continue resumes the game.  Failures are injected into the
scenes' input, update and drawing (dummy driver)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, toasts

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.store.savegame import SaveGameStore
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.session import start_table


def broken(*_: object) -> None:
    raise RuntimeError("a bug in a scene")


def a_game_on_the_table(app: App, ui: Driver) -> TableScene:
    app.push(TitleScene(app))
    game = Game.new(12, opponent="gangster")
    table = start_table(app, game, ("Anna", "The Gangster"), (Seat.human(), Seat.gangster()))
    app.push(table)
    table.apply(game.legal_actions()[0])
    ui.frames(2)
    assert app.top is table
    return table


@pytest.mark.parametrize("part", ["update", "handle_event", "draw"])
def test_an_error_in_a_frame_saves_the_game_and_goes_back_to_the_title(
        app: App, ui: Driver, log_file: Path, monkeypatch: pytest.MonkeyPatch,
        part: str) -> None:
    table = a_game_on_the_table(app, ui)
    played = table.game.to_dict()
    monkeypatch.setattr(table, part, broken)
    app.guarded_frame([ui.key_down(pygame.K_a, "a")], 1 / 60)
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1
    (notice,) = [toast for toast in toasts(app) if "Something went wrong" in toast]
    assert "went back to the title screen" in notice and "Your game was saved" in notice
    assert str(log_file) in notice
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug in a scene" in text
    saved = SaveGameStore().load()
    assert saved is not None and saved.game.to_dict() == played
    app.guarded_frame([], 1 / 60)
    assert app.top.menu.buttons[0].enabled, "Continue resumes the game"


def test_an_error_without_a_game_says_where_the_log_is(app: App, ui: Driver, log_file: Path,
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    title = TitleScene(app)
    app.push(title)
    ui.frames(1)
    monkeypatch.setattr(title, "update", broken)
    app.guarded_frame([], 1 / 60)
    assert isinstance(app.top, TitleScene) and app.top is not title
    (notice,) = toasts(app)
    assert notice == ("Something went wrong, so Famiglia went back to the title screen. "
                      f"The details are in {log_file}.")


def test_the_same_error_again_at_once_closes_the_game(app: App, ui: Driver, log_file: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The title itself failing: no endless loop of recoveries."""
    app.push(TitleScene(app))
    monkeypatch.setattr(TitleScene, "update", broken)
    app.guarded_frame([], 1 / 60)
    with pytest.raises(RuntimeError):
        app.guarded_frame([], 1 / 60)


def test_the_notice_is_in_the_players_language(app: App, ui: Driver, log_file: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    table = a_game_on_the_table(app, ui)
    monkeypatch.setattr(table, "update", broken)
    i18n.set_language("de")
    app.guarded_frame([], 1 / 60)
    (notice,) = [toast for toast in toasts(app) if str(log_file) in toast]
    assert notice.startswith("Etwas ist schiefgegangen") and "Hauptmenü" in notice
