"""Keys that mean one thing everywhere (:mod:`famiglia.ui.keys`): on every screen R is the
rules, H (and F1) the help, M the main menu and Esc back, or the key does nothing there; and
every shortcut a menu shows beside a button is the key that presses that button, in every
language."""

from __future__ import annotations

import functools
from collections.abc import Callable
from enum import StrEnum

import pygame
import pytest
from test_table import actions_position, settle, start_table
from ui_driver import Driver

from famiglia import i18n
from famiglia.i18n import pgettext
from famiglia.players import make_player, play_game
from famiglia.players.seats import Seat
from famiglia.rules import DECK, Game, write_record
from famiglia.store.progress import ProgressStore
from famiglia.ui import keys, navigation
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scene import Scene
from famiglia.ui.scenes.dialog import ConfirmScene, MessageScene, SetupDialog
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.highscores import HighscoresScene
from famiglia.ui.scenes.lessons import LessonsScene, WelcomeScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.past_games import PastGamesScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene
from famiglia.ui.scenes.statistics import StatisticsScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.table.help import TableHelpScene
from famiglia.ui.table.zoom import CardZoomScene
from famiglia.ui.textfield import TextField
from famiglia.ui.tutorial.table import LessonTable
from famiglia.ui.widgets import Menu


class Did(StrEnum):
    """What a key did on a screen."""

    RULES = "rules"
    HELP = "help"
    MAIN_MENU = "main menu"
    BACK = "back"
    NOTHING = "nothing"


#: Each key's one meaning (or nothing).
MEANING = {keys.RULES: Did.RULES, keys.HELP[0]: Did.HELP, keys.HELP[1]: Did.HELP,
           keys.MAIN_MENU: Did.MAIN_MENU, pygame.K_ESCAPE: Did.BACK}


def finished_game(seed: int) -> Game:
    game = Game.new(seed, first_player=0)
    play_game(game, [make_player("greedy"), make_player("greedy")])
    return game


def top(app: App) -> Scene:
    scene = app.top
    assert scene is not None
    return scene


def title(app: App, ui: Driver) -> Scene:
    app.reset(TitleScene(app))
    return top(app)


def over_title(open_it: Callable[[App], None]) -> Callable[[App, Driver], Scene]:
    def build(app: App, ui: Driver) -> Scene:
        title(app, ui)
        open_it(app)
        return top(app)
    return build


def table(app: App, ui: Driver) -> Scene:
    title(app, ui)
    return start_table(ui, actions_position(), seats=(Seat.human(), Seat.computer("easy")))


def then_key(build: Callable[[App, Driver], Scene], key: int
             ) -> Callable[[App, Driver], Scene]:
    """What ``key`` opens over the screen ``build`` reaches."""
    def build_and_press(app: App, ui: Driver) -> Scene:
        build(app, ui)
        ui.press(key, pygame.key.name(key))
        return top(app)
    return build_and_press


def handover(app: App, ui: Driver) -> Scene:
    title(app, ui)
    app.push(TableScene(app, actions_position(), ("Vito", "Carla")))
    ui.frames(1)
    return top(app)


def results(app: App, ui: Driver) -> Scene:
    title(app, ui)
    app.push(ResultsScene(app, finished_game(5), ("Vito", "Carla"), play_again=lambda: None))
    return top(app)


def replay(app: App, ui: Driver) -> Scene:
    title(app, ui)
    navigation.open_past_games(app)
    record = write_record(finished_game(8), names=("Anna", "Bruno"),
                          seats=(Seat.human(), Seat.human()))
    navigation.open_replay(app, record)
    return top(app)


def lesson(app: App, ui: Driver) -> Scene:
    over_title(navigation.open_lessons)(app, ui)
    navigation.open_lesson(app, 0, ProgressStore())
    settle(ui)
    return top(app)


def confirm(app: App, ui: Driver) -> Scene:
    table(app, ui)
    navigation.confirm(app, "Resign?", "Really?", pgettext("button", "Resign"), lambda: None)
    return top(app)


def message(app: App, ui: Driver) -> Scene:
    title(app, ui)
    navigation.notify(app, "Note", "Something to read.")
    return top(app)


def chooser(app: App, ui: Driver) -> Scene:
    table(app, ui)
    app.push(ChooserScene(app, "Pay with", [("one", 1), ("two", 2)], lambda value: None))
    return top(app)


def zoom(app: App, ui: Driver) -> Scene:
    table(app, ui)
    app.push(CardZoomScene(app, DECK[0], True, "A card."))
    return top(app)


def welcome(app: App, ui: Driver) -> Scene:
    title(app, ui)
    app.push(WelcomeScene(app))
    return top(app)


N, R, H, M, B = Did.NOTHING, Did.RULES, Did.HELP, Did.MAIN_MENU, Did.BACK
#: Every screen: how it is reached, its class, and what R, H, M and Esc do on it.
SCREENS: dict[str, tuple[Callable[[App, Driver], Scene], type[Scene], tuple[Did, ...]]] = {
    "title": (title, TitleScene, (R, N, N, N)),
    # (the setup dialogs open with the focus in a name field: letters type there)
    "new game": (over_title(navigation.open_new_game), NewGameScene, (N, N, N, B)),
    "solo setup": (over_title(navigation.open_solo_setup), SoloSetupScene, (N, N, N, B)),
    "table": (table, TableScene, (R, H, N, B)),
    "pause": (then_key(table, pygame.K_ESCAPE), PauseScene, (R, N, M, B)),
    "hand-over": (handover, HandoverScene, (R, H, N, B)),
    "results": (results, ResultsScene, (R, N, M, N)),
    "highscores": (over_title(navigation.open_highscores), HighscoresScene, (R, N, M, B)),
    "past games": (over_title(navigation.open_past_games), PastGamesScene, (R, N, M, B)),
    "replay": (replay, ReplayScene, (R, H, N, B)),
    "statistics": (over_title(navigation.open_statistics), StatisticsScene, (R, N, M, B)),
    "settings": (over_title(navigation.open_settings), SettingsScene, (R, N, M, B)),
    "rules": (over_title(navigation.open_rules), RulesScene, (N, N, M, B)),
    "lessons": (over_title(navigation.open_lessons), LessonsScene, (R, N, M, B)),
    "lesson": (lesson, LessonTable, (R, H, N, B)),
    "lesson's pause": (then_key(lesson, pygame.K_ESCAPE), PauseScene, (R, N, M, B)),
    "question": (confirm, ConfirmScene, (N, N, N, B)),
    "message": (message, MessageScene, (N, N, N, B)),
    "welcome": (welcome, WelcomeScene, (N, N, N, B)),
    "chooser": (chooser, ChooserScene, (N, N, N, B)),
    "table's help": (then_key(table, pygame.K_h), TableHelpScene, (R, B, N, B)),
    "enlarged card": (zoom, CardZoomScene, (R, H, N, B)),
}
KEYS = (keys.RULES, keys.HELP[0], keys.MAIN_MENU, pygame.K_ESCAPE)


def what_happened(app: App, before: list[Scene], scene: Scene) -> Did:
    """What a key did, seen from the app's stack of scenes."""
    after = list(app.scenes)
    if after == before:
        return Did.NOTHING
    top = app.top
    if top not in before and isinstance(top, RulesScene):
        return Did.RULES
    if top not in before and isinstance(top, TableHelpScene):
        return Did.HELP
    if len(after) == 1 and isinstance(top, TitleScene) and top not in before:
        return Did.MAIN_MENU
    if scene not in after or (top not in before and isinstance(top, PauseScene)):
        return Did.BACK  # closed, or the table's pause menu opened over it
    raise AssertionError(f"unexpected stack {[type(s).__name__ for s in after]}")


@pytest.mark.parametrize("screen", SCREENS)
def test_r_h_m_and_esc_mean_one_thing_or_nothing_on_every_screen(app: App, ui: Driver,
                                                                 screen: str) -> None:
    build, kind, expected = SCREENS[screen]
    for key, wanted in zip(KEYS, expected, strict=True):
        toggle = kind is TableHelpScene and key in keys.HELP  # H closes the help it opened
        assert wanted in (MEANING[key], Did.NOTHING) or (toggle and wanted is Did.BACK)
        scene = build(app, ui)
        assert isinstance(scene, kind) and app.top is scene
        ui.frames(1)
        before = list(app.scenes)
        ui.press(key, pygame.key.name(key))
        assert what_happened(app, before, scene) == wanted, (screen, pygame.key.name(key))


def test_f1_is_the_help_wherever_h_is(app: App, ui: Driver) -> None:
    for screen, (build, _kind, expected) in SCREENS.items():
        scene = build(app, ui)
        ui.frames(1)
        before = list(app.scenes)
        ui.press(pygame.K_F1)
        assert what_happened(app, before, scene) == expected[1], screen


def menus(scene: Scene) -> list[Menu]:
    return [value for value in vars(scene).values() if isinstance(value, Menu)]


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_every_shortcut_a_menu_shows_presses_its_button(app: App, ui: Driver,
                                                        language: str) -> None:
    """The letter drawn at a menu button's right edge is the key that presses it; no two
    buttons of a menu share one, and R and M belong only to Rules and Main menu, H to none."""
    i18n.set_language(language)
    try:
        checked = 0
        pressed: list[str] = []
        for screen, (build, _kind, _expected) in SCREENS.items():
            scene = build(app, ui)
            for menu in menus(scene):
                hotkeys = [button.hotkey for button in menu.buttons if button.hotkey]
                assert len(hotkeys) == len(set(hotkeys)), screen
                for button in menu.buttons:
                    if button.hotkey == keys.RULES:
                        assert button.text == pgettext("button", "Rules"), screen
                    if button.hotkey == keys.MAIN_MENU:
                        assert button.text == pgettext("button", "Main menu"), screen
                    assert button.hotkey not in keys.HELP, screen
                for button in menu.buttons:
                    if button.hotkey is None or not button.enabled:
                        continue
                    pressed.clear()
                    for other in menu.buttons:
                        other.on_click = functools.partial(pressed.append, other.text)
                    ui.press(button.hotkey, pygame.key.name(button.hotkey))
                    assert pressed == [button.text], (screen, button.text)
                    checked += 1
        assert checked >= 20
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("screen", ["new game", "solo setup"])
def test_a_setup_dialog_takes_r_and_m_once_the_focus_left_its_name_field(
        app: App, ui: Driver, screen: str) -> None:
    for key, wanted in ((keys.RULES, Did.RULES), (keys.MAIN_MENU, Did.MAIN_MENU)):
        dialog = SCREENS[screen][0](app, ui)
        assert isinstance(dialog, SetupDialog)
        while isinstance(dialog.form.focused, TextField):
            ui.press(pygame.K_TAB)
        before = list(app.scenes)
        ui.press(key, pygame.key.name(key))
        assert what_happened(app, before, dialog) == wanted
