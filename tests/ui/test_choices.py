"""The choices a player makes in the menus, driven through the real app: who sits at each seat
and the deal number, the quick start against the computer, leaving the results only on
purpose, resigning from the pause menu, name fields that select their text and remember what
is typed, messages sized to their text, and no rule codes in what the menus show."""

from __future__ import annotations

import json
import re

import pygame
import pytest
from test_menus import finished_game, title
from ui_driver import Driver, toasts

from famiglia.players.seats import ComputerLevel, Seat
from famiglia.rules import Game
from famiglia.store.savegame import SaveGameStore
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.labels import deal_number
from famiglia.ui.scenes.dialog import ConfirmScene, MessageScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.verdict import verdict_text

RULE_CODE = re.compile(r"\b[RS][1-5](\.\d+[a-z]?)?\b")


def new_game(app: App, ui: Driver) -> NewGameScene:
    title(app, ui)
    ui.press(pygame.K_n, "n")
    scene = app.top
    assert isinstance(scene, NewGameScene)
    return scene


# ---------------------------------------------------------------------- new game


def test_each_seat_is_a_person_or_the_computer_at_a_level(app: App, ui: Driver) -> None:
    scene = new_game(app, ui)
    assert scene.chosen_seats() == (Seat.human(), Seat.human())
    hard = scene.seats[1].options.index(("Hard", "hard"))
    ui.click(scene.seats[1].segments()[hard].center)
    assert scene.chosen_seats() == (Seat.human(), Seat.computer("hard"))
    assert scene.fields[1].text == "Computer"
    assert app.settings.computer_level == "hard", "the level is remembered for the quick start"
    ui.click(scene.seats[1].segments()[0].center)
    assert scene.fields[1].text == app.settings.player_names[1], "the person's name returns"


def test_the_deal_number_deals_the_same_game_again(app: App, ui: Driver) -> None:
    """R2.2/R2.3: the same deal number gives the same draw pile and the same start player
    (typed with the spaces it is shown with, the second time)."""
    dealt = []
    for typed in ("12x34-5", "12 345"):
        scene = new_game(app, ui)
        ui.click(scene.deal_number.rect.center)
        ui.type_text(typed)
        assert scene.deal_number.text.replace(" ", "") == "12345", "digits only"
        ui.click(scene.start.rect.center)
        if isinstance(app.top, ConfirmScene):  # the second game replaces the first
            ui.press(pygame.K_n, "n")
        table = app.scenes[1]
        assert isinstance(table, TableScene)
        dealt.append(table.game)
    first, second = dealt
    assert first.seed == second.seed == 12345
    assert first.first_player == second.first_player == 12345 % 2
    assert first.to_dict() == second.to_dict()
    assert first.to_dict() == Game.new(12345, first_player=1).to_dict()


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_new_game_dialog_and_the_pause_menu_fit_the_window(app: App, ui: Driver,
                                                               size: tuple[int, int]) -> None:
    ui.resize(size)
    window = pygame.Rect((0, 0), size)
    dialog = NewGameScene(app)
    app.reset(dialog)
    ui.frames()
    assert window.contains(dialog.panel)
    assert all(dialog.panel.contains(item.rect) for item in dialog.form.items)
    table = TableScene(app, Game.new(4), ("Vito", "Carla"))
    pause = PauseScene(app, table)
    app.push(pause)
    ui.frames()
    assert window.contains(pause.panel)
    assert all(pause.panel.contains(button.rect) for button in pause.menu.buttons)


def test_a_long_deal_number_of_an_older_version_deals_its_game(app: App, ui: Driver) -> None:
    """R2.2: the 19-digit numbers of older versions still deal their game when typed."""
    number = 4_611_686_018_427_387_903
    scene = new_game(app, ui)
    ui.click(scene.deal_number.rect.center)
    ui.type_text(str(number))
    ui.click(scene.start.rect.center)
    table = app.scenes[1]
    assert isinstance(table, TableScene)
    assert table.game.to_dict() == Game.new(number, first_player=number % 2).to_dict()


def test_deal_numbers_are_shown_in_groups_of_three_digits() -> None:
    assert deal_number(4815162) == "4\u00a0815\u00a0162"
    assert deal_number(123456) == "123\u00a0456"


def test_new_game_offers_the_seats_chosen_last(app: App, ui: Driver) -> None:
    """Who sat at each seat is remembered: the next new game offers the same seats, the
    computer's seat named after it, and so does the next start of the game."""
    scene = new_game(app, ui)
    easy = scene.seats[0].options.index(("Easy", "easy"))
    ui.click(scene.seats[0].segments()[easy].center)
    assert scene.fields[0].text == "Computer"
    ui.press(pygame.K_ESCAPE)
    again = new_game(app, ui)
    assert again.chosen_seats() == (Seat.computer("easy"), Seat.human())
    assert [field.text for field in again.fields] == ["Computer", "Player 2"]
    saved = json.loads(app.settings_store.path.read_text(encoding="utf-8"))
    assert saved["new_game_seats"] == ["easy", "human"]
    assert app.settings_store.load().new_game_seats == ("easy", "human")


def test_the_title_shows_the_quick_starts_level_and_changes_it_in_one_step(
        app: App, ui: Driver) -> None:
    """The level beside Play against the computer is the one it uses; a click on it (round
    from the last level to the first), or Left/Right while its row is selected (stopping at
    either end), changes it, and it is remembered."""
    scene = title(app, ui)
    assert scene.level.text == "‹ Medium ›"
    assert "Medium" in (scene.quick.tooltip or "")
    assert scene.level.rect.top == scene.quick.rect.top
    assert scene.level.rect.left > scene.quick.rect.right
    ui.click(scene.level.rect.center)
    assert app.settings.computer_level == "hard" and scene.level.text == "‹ Hard ›"
    assert app.top is scene, "changing the level starts nothing"
    while scene.menu.buttons[scene.menu.selected] is not scene.quick:
        ui.press(pygame.K_DOWN)
    ui.press(pygame.K_RIGHT)
    assert app.settings.computer_level == "expert"
    ui.press(pygame.K_RIGHT)
    assert app.settings.computer_level == "expert", "the arrows stop at the hardest level"
    ui.click(scene.level.rect.center)
    assert app.settings.computer_level == "easy", "a click goes round"
    ui.press(pygame.K_LEFT)
    assert app.settings_store.load().computer_level == "easy", (
        "Left pressed once too often stays at the easiest level")
    for _ in range(3):
        ui.press(pygame.K_RIGHT)
    assert app.settings_store.load().computer_level == "expert"
    ui.press(pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.seats[1].level == "expert"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_click_on_the_level_s_arrows_goes_their_way(app: App, ui: Driver,
                                                       language: str) -> None:
    """A click on the ‹ of "‹ Medium ›" goes down a level, on the › up, each going round at
    the ends; the word itself goes up as before."""
    app.set_language(language)
    ui.resize((1024, 640))
    scene = title(app, ui)
    label = scene.level.label_rect
    back = (label.left + 3, label.centery)
    on = (label.right - 3, label.centery)
    assert app.settings.computer_level == "medium"
    ui.click(back)
    assert app.settings.computer_level == "easy"
    ui.click(back)
    assert app.settings.computer_level == "expert", "round from the easiest to the hardest"
    ui.click(on)
    assert app.settings.computer_level == "easy", "round from the hardest to the easiest"
    ui.click(on)
    assert app.settings.computer_level == "medium"
    ui.click((scene.level.rect.left + 2, scene.level.rect.centery))
    assert app.settings.computer_level == "easy", "the ‹ side of the button goes down"
    ui.click(scene.level.label_rect.center)
    assert app.settings.computer_level == "medium", "the word goes up"
    assert app.settings_store.load().computer_level == "medium"
    assert app.top is scene, "changing the level starts nothing"


def test_play_against_the_computer_starts_at_once(app: App, ui: Driver) -> None:
    app.save_settings(app.settings.with_changes(computer_level="expert",
                                                player_names=("Anna", "Bruno")))
    title(app, ui)
    ui.press(pygame.K_p, "p")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.names == ("Anna", "Computer")
    assert not table.flow.hot_seat
    assert SaveGameStore().exists(), "a quick game is saved like any other"


# ---------------------------------------------------------------------- name fields


def test_a_name_field_selects_its_text_when_tabbed_to_and_takes_ctrl_a(app: App,
                                                                       ui: Driver) -> None:
    scene = new_game(app, ui)
    field = scene.fields[0]
    assert field.focused and field.selected
    ui.type_text("Vito")
    assert field.text == "Vito", "typing replaces the selected name"
    ui.press(pygame.K_a, "", pygame.KMOD_CTRL)
    assert field.selected
    ui.press(pygame.K_BACKSPACE)
    assert field.text == ""
    ui.type_text("Vi")
    ui.press(pygame.K_BACKSPACE)
    assert field.text == "V"
    ui.click(scene.fields[1].rect.center)
    assert scene.fields[1].focused and not field.selected
    assert not scene.fields[1].selected, "a click puts the cursor after the name"


def test_names_are_saved_as_they_are_typed(app: App, ui: Driver) -> None:
    new_game(app, ui)
    ui.type_text("Vito")
    saved = json.loads(app.settings_store.path.read_text(encoding="utf-8"))
    assert saved["player_names"] == ["Vito", "Player 2"]
    ui.press(pygame.K_ESCAPE)
    assert app.settings.player_names == ("Vito", "Player 2")
    settings = SettingsScene(app)
    app.push(settings)
    ui.click(settings.fields[1].rect.center)
    ui.press(pygame.K_a, "", pygame.KMOD_CTRL)
    ui.type_text("Carla")
    assert app.settings_store.load().player_names == ("Vito", "Carla")


def test_the_highscore_name_is_remembered_as_typed(app: App, ui: Driver) -> None:
    from test_solo_screens import finished_solo

    scene = ResultsScene(app, finished_solo(0), ("Anna", "The Gangster"),
                         play_again=lambda: None)
    app.reset(scene)
    ui.frames()
    assert scene.name is not None and scene.name.selected
    ui.type_text("Zia")
    assert app.settings_store.load().solo_name == "Zia"


# ---------------------------------------------------------------------- results


def test_no_single_key_leaves_the_results(app: App, ui: Driver) -> None:
    """One Space or Enter on the results must not start the next game."""
    calls: list[int] = []
    scene = ResultsScene(app, finished_game(5), ("Vito", "Carla"),
                         play_again=lambda: calls.append(1))
    app.reset(scene)
    ui.frames(60)
    for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        ui.press(key)
    assert app.top is scene and not calls
    ui.press(pygame.K_DOWN)
    assert scene.menu.buttons[scene.menu.selected].text == "Play again"
    ui.press(pygame.K_RETURN)
    assert calls == [1], "an arrow picks a button, then Enter: a deliberate choice"


def test_the_results_play_the_tune_of_the_person_at_the_table(app: App,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    game = finished_game(5)
    assert game.result is not None and game.result.winner is not None
    winner = game.result.winner
    app.reset(ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None,
                           humans=frozenset({winner})))
    app.reset(ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None,
                           humans=frozenset({1 - winner})))
    assert played == ["win", "lose"]


# ---------------------------------------------------------------------- pause


def test_resign_asks_first_then_ends_the_game_through_the_table(app: App, ui: Driver) -> None:
    table = TableScene(app, Game.new(4), ("Vito", "Carla"))
    resigned: list[int] = []
    table.resign = lambda: resigned.append(table.game.current)  # type: ignore[method-assign]
    app.reset(TitleScene(app))
    app.push(table)
    navigation.open_pause(app, table)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert [button.text for button in pause.menu.buttons] == [
        "Resume", "Settings", "Rules", "Resign", "Main menu", "Quit"]
    ui.press(pygame.K_g, "g")
    question = app.top
    assert isinstance(question, ConfirmScene)
    ui.press(pygame.K_RETURN)
    assert app.top is question, "Enter does not answer a question that ends the game"
    ui.press(pygame.K_ESCAPE)
    assert app.top is pause and not resigned
    ui.press(pygame.K_g, "g")
    ui.click(app.top.buttons[0].rect.center)  # type: ignore[union-attr]
    assert resigned == [table.game.current]
    assert app.top is table, "the menu closes before the table shows the results"


def test_the_pause_menu_over_the_table_resigns_the_game(app: App, ui: Driver) -> None:
    """Esc on the table, Resign, confirm: the game ends as resigned and the results follow;
    the pause over the hand-over screen (hands hidden) offers no Resign."""
    app.reset(TitleScene(app))
    table = TableScene(app, Game.new(4), ("Vito", "Carla"))
    app.push(table)
    for _ in range(300):
        ui.frames()
        if isinstance(app.top, HandoverScene):
            break
    ui.press(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert "Resign" not in [button.text for button in app.top.menu.buttons]
    ui.press(pygame.K_ESCAPE)
    ui.press(pygame.K_SPACE)
    assert app.top is table
    ui.press(pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.table is table
    ui.press(pygame.K_g, "g")
    ui.press(pygame.K_e, "e")
    for _ in range(600):
        ui.frames()
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene)
    assert results.result.reason == "resigned" and results.decision.endswith("resigned.")


def test_a_resigned_game_says_who_resigned() -> None:
    game = Game.new(3)
    game.resign(0)
    assert game.result is not None
    assert verdict_text(game.result, ("Vito", "Carla")) == ("Carla wins!", "Vito resigned.")


def test_pause_opens_the_settings(app: App, ui: Driver) -> None:
    app.push(PauseScene(app))
    ui.press(pygame.K_o, "o")
    assert isinstance(app.top, SettingsScene)
    ui.press(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


# ---------------------------------------------------------------------- texts


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_a_message_is_sized_to_its_text(app: App, ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    text = ("The highscore list could not be written (Permission denied: "
            "'/home/someone/.local/share/famiglia/highscores.json'). " * 3)
    navigation.notify(app, "Highscore not saved", text)
    message = app.top
    assert isinstance(message, MessageScene)
    ui.frames()
    assert len(message.lines) > 3
    width = max(app.theme.font(message.TEXT_SIZE).size(line)[0] for line in message.lines)
    assert width <= message.panel.width - 40
    text_bottom = message.panel.y + 80 + message.LINE * len(message.lines)
    assert text_bottom <= message.buttons[0].rect.top
    assert pygame.Rect((0, 0), size).contains(message.panel)
    ui.press(pygame.K_RETURN)
    assert app.top is not message


def _shown_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    text, wrap = app.theme.text, app.theme.wrap

    def record_text(value: str, *args: object, **kwargs: object) -> pygame.Surface:
        shown.append(value)
        return text(value, *args, **kwargs)  # type: ignore[arg-type]

    def record_wrap(value: str, *args: object, **kwargs: object) -> tuple[str, ...]:
        shown.append(value)
        return wrap(value, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.theme, "text", record_text)
    monkeypatch.setattr(app.theme, "wrap", record_wrap)
    return shown


def test_no_rule_codes_in_what_the_menus_show(app: App, ui: Driver,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Player-facing text never shows codes like "(R3.1d)": every help line, tooltip and
    label of the menus, the results and the rules page."""
    shown = _shown_texts(app, monkeypatch)
    scenes = [TitleScene(app), NewGameScene(app), SoloSetupScene(app), SettingsScene(app),
              PauseScene(app), RulesScene(app),
              ResultsScene(app, finished_game(5), ("Vito", "Carla"), play_again=lambda: None)]
    for scene in scenes:
        app.reset(scene)
        ui.frames(40)
        form = getattr(scene, "form", None)
        shown.extend(getattr(form, "help", []))
        menu = getattr(scene, "menu", None)
        shown.extend(button.tooltip or "" for button in getattr(menu, "buttons", []))
        if isinstance(scene, RulesScene):
            ui.press(pygame.K_END)
            ui.frames(60)
    coded = [text for text in shown if RULE_CODE.search(text)]
    assert not coded


def test_settings_say_where_they_are_saved_only_once_the_file_exists(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _shown_texts(app, monkeypatch)
    assert not app.settings_store.path.exists()
    scene = SettingsScene(app)
    app.push(scene)
    ui.frames()
    assert not any(text.startswith("Saved in") for text in shown)
    ui.click(scene.speed.segments()[0].center)
    assert any(text.startswith("Saved in") for text in shown)


def test_a_long_settings_path_is_shortened_at_its_start(app: App, ui: Driver) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.settings_store.path = app.settings_store.path.parent / ("deep/" * 60) / "settings.json"
    shown = scene._where(400)
    assert shown.startswith("Saved in …") and shown.endswith("/deep/settings.json")
    assert app.theme.font(16).size(shown)[0] <= 400


def test_continue_is_greyed_at_launch_with_the_reason(app: App, ui: Driver) -> None:
    store = SaveGameStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{not json", encoding="utf-8")
    scene = TitleScene(app)
    app.reset(scene)
    ui.frames()
    entry = scene.menu.buttons[0]
    assert not entry.enabled
    assert entry.tooltip and "saved game could not be read" in entry.tooltip
    assert scene.menu.buttons[scene.menu.selected].enabled
    assert toasts(app) == [entry.tooltip], "said once, and kept until read"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_levels_are_shown_at_their_full_size(app: App, ui: Driver, language: str) -> None:
    """At the smallest window every level reads at its full size in every language: the
    seats' choices of New game and the quick start's level on the title (no label is shrunk
    to fit its button)."""
    app.set_language(language)
    ui.resize((1024, 640))
    scene = new_game(app, ui)
    theme = app.theme
    for choice in scene.seats:
        for segment, (label, _value) in zip(choice.segments(), choice.options, strict=True):
            assert theme.font(choice.size, True).size(label)[0] <= segment.width - 10, label
    ui.press(pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, TitleScene)
    for _ in ComputerLevel:
        menu.step_level(1)
        level = menu.level
        assert theme.font(level.size, True).size(level.text)[0] <= level.rect.width - 16, (
            level.text)
