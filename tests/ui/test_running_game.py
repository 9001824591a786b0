"""Nothing is lost without asking: every way to start a game (Play against the computer, New
game, the solo challenge, Play on from here, the lessons' Play your first game) asks before
it replaces the running game (the one Continue resumes).  Cancel keeps it untouched; a yes
keeps it among the past games as abandoned, a record without a result that the statistics
count neither as won nor as lost (a resigned game is lost, R5 has no other way out)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest
from ui_driver import Driver

from famiglia.players import make_player, play_game
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.store.records import RecordStore
from famiglia.store.savegame import SaveGameStore
from famiglia.store.statistics import compute
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.past_games import PastGamesScene, cells
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene
from famiglia.ui.scenes.statistics import StatisticsScene, row_label
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.session import start_table


def leave_a_running_game(app: App, ui: Driver) -> bytes:
    """A game against the computer, a few actions in (Anna ahead, 2 : 1 VP), saved and left
    for the title; the save's bytes."""
    game = Game.new(77, first_player=0)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    start_table(app, game, ("Anna", "Computer"), (Seat.human(), Seat.computer("easy")))
    navigation.to_title(app)
    ui.frames()
    return SaveGameStore().path.read_bytes()


def record_of_a_finished_game() -> dict[str, object]:
    game = Game.new(8, first_player=0)
    play_game(game, [make_player("greedy"), make_player("greedy")])
    return write_record(game, names=("Anna", "Bruno"), seats=(Seat.human(), Seat.human()))


def quick_start(app: App, ui: Driver) -> None:
    ui.press(pygame.K_p, "p")


def new_game(app: App, ui: Driver) -> None:
    ui.press(pygame.K_n, "n")
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    ui.click(dialog.start.rect.center)


def solo(app: App, ui: Driver) -> None:
    ui.press(pygame.K_s, "s")
    dialog = app.top
    assert isinstance(dialog, SoloSetupScene)
    ui.click(dialog.start.rect.center)


def play_on(app: App, ui: Driver) -> None:
    navigation.open_replay(app, record_of_a_finished_game())
    replay = app.top
    assert isinstance(replay, ReplayScene)
    replay.jump(6)
    ui.press(pygame.K_p, "p")


def first_game(app: App, ui: Driver) -> None:
    navigation.open_lessons(app)
    ui.press(pygame.K_p, "p")


ENTRIES: dict[str, Callable[[App, Driver], None]] = {
    "play against the computer": quick_start, "new game": new_game, "solo": solo,
    "play on from here": play_on, "first game": first_game}


def tables(app: App) -> list[TableScene]:
    return [scene for scene in app.scenes
            if isinstance(scene, TableScene) and not isinstance(scene, ReplayScene)]


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_new_game_asks_before_it_replaces_the_running_game(app: App, ui: Driver,
                                                             entry: str) -> None:
    saved = leave_a_running_game(app, ui)
    below = app.top
    ENTRIES[entry](app, ui)
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.text.startswith("Anna against Computer is still running, turn ")
    assert "abandoned" in question.text
    standing = re.search(r"(\d+) : (\d+) VP", question.text)
    assert standing is not None
    ui.press(pygame.K_RETURN)
    assert app.top is question, "Enter does not answer a question that ends something"
    ui.press(pygame.K_ESCAPE)
    assert app.top is not question and not tables(app)
    assert SaveGameStore().path.read_bytes() == saved
    assert RecordStore().games() == []
    assert below in app.scenes

    again = app.top  # where Cancel left the player: the title, the dialog or the replay
    if isinstance(again, NewGameScene | SoloSetupScene):
        ui.click(again.start.rect.center)
    else:
        ui.press(pygame.K_p, "p")
    assert isinstance(app.top, ConfirmScene)
    ui.click(app.top.buttons[0].rect.center)
    assert tables(app), "the new game is on the table"
    assert SaveGameStore().path.read_bytes() != saved
    past = RecordStore().games()
    assert len(past) == 1
    abandoned = past[0]
    assert abandoned.scores is None and abandoned.winner is None
    assert abandoned.names == ("Anna", "Computer")
    first, second = standing.groups()
    assert abandoned.left_at == (int(first), int(second)), "the score the question said"
    assert cells(abandoned)[3:] == (f"{first} : {second} VP", "abandoned")


def test_without_a_running_game_nothing_is_asked(app: App, ui: Driver) -> None:
    app.reset(TitleScene(app))
    ui.frames()
    quick_start(app, ui)
    assert tables(app) and not isinstance(app.top, ConfirmScene)
    assert RecordStore().games() == []


def test_an_abandoned_game_is_listed_and_counts_neither_as_won_nor_as_lost(
        app: App, ui: Driver) -> None:
    """R5: a game ends by its rules or by a resignation; an abandoned one has no result, so
    the statistics leave it out, while a resigned game counts as lost."""
    leave_a_running_game(app, ui)
    quick_start(app, ui)
    ui.press(pygame.K_n, "n")
    table = tables(app)[0]
    table.resign()
    ui.frames(2)
    past = RecordStore().games()
    assert sorted(summary.reason or "abandoned" for summary in past) == ["abandoned",
                                                                         "resigned"]
    rows = compute(past)
    assert len(rows) == 1
    row = rows[0]
    assert row_label(row) == "Against the computer (Medium)"
    assert (row.games, row.wins, row.losses) == (1, 0, 1)

    navigation.to_title(app)
    navigation.open_past_games(app)
    listed = app.top
    assert isinstance(listed, PastGamesScene)
    assert [cells(game)[4] for game in listed.games].count("abandoned") == 1
    navigation.open_statistics(app)
    assert isinstance(app.top, StatisticsScene) and app.top.rows == rows
