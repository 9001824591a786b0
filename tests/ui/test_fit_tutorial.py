"""Learn to play fits the smallest window (1024×640) in English, German and Dutch: every
lesson's words at every step (with the sentence of a refused move under them), every lesson's
summary, the lesson list with all its summaries, the welcome, the lesson's menu, and every tip
of the coach; each text is measured by the theme (:attr:`Theme.overflows`) and each button's
label against its rect."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_fit_table import LANGUAGES, draw, small
from test_table import settle
from test_tips import SITUATIONS, keys, situation, tips_of
from test_tutorial import play_lesson
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Action
from famiglia.store.progress import ProgressStore
from famiglia.ui.app import App
from famiglia.ui.scenes.lessons import LessonsScene, WelcomeScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.tutorial.lessons import LESSONS
from famiglia.ui.tutorial.script import Do, Say
from famiglia.ui.tutorial.table import LessonTable
from famiglia.ui.widgets import Button


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def fits(app: App, what: str, buttons: list[Button] = ()) -> None:  # type: ignore[assignment]
    draw(app)
    assert app.theme.overflows == [], f"{what}: {app.theme.overflows}"
    for button in buttons:
        width = app.theme.font(button.size, True).size(button.text)[0]
        assert width <= button.rect.width - 8, f"{what}: {button.text!r} is too wide"


def other_move(table: LessonTable) -> Action:
    """A legal move the lesson does not want (its sentence shows under the coach's words)."""
    wanted = {str(action) for action in table.runner.expected()}
    return next(action for action in table.game.legal_actions() if str(action) not in wanted)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_fits(app: App, ui: Driver, language: str) -> None:
    small(ui, language)

    def look(table: LessonTable, step: Say | Do) -> None:
        what = f"{table.lesson.key} {table.runner.index}"
        fits(app, what, table.panel.buttons)
        if isinstance(step, Do):
            assert table.runner.gate(other_move(table)) is not None
            fits(app, f"{what} refused", table.panel.buttons)

    for number, lesson in enumerate(LESSONS):
        table = LessonTable(app, number)
        app.reset(table)
        play_lesson(ui, table, "drag", look)
        fits(app, f"{lesson.key} done", table.panel.buttons)
        ui.press(pygame.K_ESCAPE)
        assert isinstance(app.top, PauseScene)
        fits(app, f"{lesson.key} menu", app.top.menu.buttons)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_list_and_the_welcome_fit(app: App, ui: Driver, language: str) -> None:
    """Every lesson, its summary shown, has a tile of its own above the list's foot."""
    small(ui, language)
    store = ProgressStore()
    for lesson in LESSONS:
        store.finish_lesson(lesson.key)
    lessons = LessonsScene(app)
    app.reset(lessons)
    fits(app, "the lesson list", [lessons.first, lessons.back])
    tiles = lessons.rows
    assert len(tiles) == len(LESSONS)
    for index, tile in enumerate(tiles):
        assert lessons.panel.contains(tile) and tile.bottom < lessons.first.rect.top - 24
        assert tile.collidelist(tiles[:index] + tiles[index + 1:]) < 0
    ui.hover(lessons.first.rect.center)
    fits(app, "the first game's tooltip")
    welcome = WelcomeScene(app)
    app.push(welcome)
    fits(app, "the welcome", welcome.buttons)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_tip_fits(app: App, ui: Driver, language: str) -> None:
    small(ui, language)
    for key in [*SITUATIONS, "fresh", "final_round", "pass", "opponent_passed"]:
        store = ProgressStore()
        store.path.unlink(missing_ok=True)
        game = situation(key)
        for before in keys(game)[:keys(game).index(key)]:  # seen already: this one shows
            store.see_tip("Vito", before)
        table = TableScene(app, game, ("Vito", "Carla"),
                           seats=(Seat.human(), Seat.computer("easy", 3)))
        app.reset(table)
        settle(ui)
        tips = tips_of(table)
        assert tips.tip is not None and tips.tip.key == key
        fits(app, f"the tip {key}")
        assert tips.rect.bottom <= table.log.rect.bottom
