"""The screens around the solo challenge: the setup (S1, S3), the results of a solo game with
its ranking value and the highscore name entry (S5), the highscores scene (one tab per level and
variant), and Continue on the title resuming the saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver, toasts

from famiglia.i18n import translate_message
from famiglia.players.difficulty import EXPERT_WIN_RATES, MEASURED_WIN_RATES
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.simulate import greedy_human, play_solo
from famiglia.store.highscores import HighscoreStore
from famiglia.store.savegame import SaveGameStore
from famiglia.ui.app import App
from famiglia.ui.scenes.highscores import HighscoresScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene, level_line
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.textfield import TextField


def finished_solo(winner: int) -> Game:
    """A solo game (level 1, variant a) a greedy human won (or lost)."""
    for seed in range(300):
        game = play_solo(seed, greedy_human, 1, "a")
        if game.winner == winner:
            return game
    raise AssertionError("no such game among the seeds")


def test_setup_deals_a_solo_game_with_the_chosen_level_and_starter(app: App, ui: Driver) -> None:
    """S1/S3: the human is seat 0, the Gangster seat 1; "The Gangster (b)" starts it."""
    app.reset(TitleScene(app))
    ui.press(pygame.K_s, "s")
    setup = app.top
    assert isinstance(setup, SoloSetupScene)
    ui.click(setup.level.segments()[3].center)
    ui.click(setup.starter.segments()[1].center)
    ui.click(setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.game.opponent == "gangster" and table.game.gangster_level == 4
    assert table.game.first_player == 1
    assert table.seats == (Seat.human(), Seat.gangster())
    assert (app.settings.gangster_level, app.settings.solo_first) == (4, "gangster")
    assert SaveGameStore().exists(), "a new game is saved at once"


def test_setup_shows_each_levels_description_and_measured_win_rate() -> None:
    """S3: every level is described with the win rates `famiglia simulate` measured for a
    greedy player and `famiglia arena` for the strongest computer level."""
    for level in (1, 2, 3, 4):
        line = level_line(level)
        greedy = MEASURED_WIN_RATES[f"{level}a"]["greedy"]
        assert line.startswith(f"Level {level}") and f"wins {greedy:.0%}" in line
        expert = f"(Expert) wins {EXPERT_WIN_RATES[f'{level}a']:.0%} (a)"
        assert expert in line and f"{EXPERT_WIN_RATES[f'{level}b']:.0%} (b)" in line


def test_won_solo_game_enters_the_highscores_under_the_typed_name(app: App,
                                                                  ui: Driver) -> None:
    """S5: the ranking value is shown; a top-10 game asks for a name, remembers it and opens
    the highscores with the new entry highlighted."""
    game = finished_solo(0)
    assert game.result is not None and game.result.ranking_value is not None
    calls: list[int] = []
    scene = ResultsScene(app, game, ("Anna", "The Gangster"),
                         play_again=lambda: calls.append(1))
    app.reset(scene)
    ui.frames(3)
    assert str(game.result.ranking_value) in scene.solo_text
    assert scene.name is not None and scene.name.focused
    ui.press(pygame.K_BACKSPACE)
    for _ in range(10):
        ui.press(pygame.K_BACKSPACE)
    ui.type_text("Vito pmr")
    ui.press(pygame.K_p, "p")
    ui.press(pygame.K_m, "m")
    ui.press(pygame.K_r, "r")
    assert scene.name.text == "Vito pmr", "letters go to the name, not to the P/M/R hotkeys"
    assert app.top is scene and not calls
    ui.press(pygame.K_RETURN)
    shown = app.top
    assert isinstance(shown, HighscoresScene)
    assert shown.key == "1a" and shown.highlight == ("1a", 0)
    entries = HighscoreStore().load()["1a"]
    assert [(e.name, e.ranking_value) for e in entries] == [("Vito pmr",
                                                             game.result.ranking_value)]
    assert app.settings.solo_name == "Vito pmr"
    ui.press(pygame.K_ESCAPE)
    assert app.top is scene and scene.name is None, "entered once only"


def test_lost_solo_game_has_no_ranking_value(app: App, ui: Driver) -> None:
    """S5: only a won game earns a ranking value; the highscores are one click away."""
    game = finished_solo(1)
    scene = ResultsScene(app, game, ("Anna", "The Gangster"), play_again=lambda: None)
    app.reset(scene)
    ui.frames(2)
    assert scene.name is None and "Only a game won" in scene.solo_text
    ui.press(pygame.K_i, "i")
    assert isinstance(app.top, HighscoresScene)


def test_highscores_tabs_switch_by_click_and_keys(app: App, ui: Driver) -> None:
    scene = HighscoresScene(app)
    app.reset(scene)
    ui.frames()
    ui.click(scene.tabs.segments()[5].center)
    assert scene.key == "3b"
    ui.press(pygame.K_RIGHT)
    assert scene.key == "4a"
    ui.press(pygame.K_2, "2")
    assert scene.key == "1b"


def test_highscores_report_a_corrupt_file_in_plain_words(app: App, ui: Driver,
                                                         tmp_path: Path) -> None:
    path = HighscoreStore().path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    scene = HighscoresScene(app)
    app.reset(scene)
    ui.frames()
    assert scene.notice and "new list begins" in translate_message(scene.notice)
    assert list(path.parent.glob("highscores.json.corrupt-*"))


def test_continue_resumes_the_saved_hot_seat_game_behind_the_hand_over(app: App,
                                                                       ui: Driver) -> None:
    """Save and resume: the title's Continue puts exactly the saved game back on the table,
    behind the hand-over screen (R5.4: no hand shown before the player is ready)."""
    game = Game.new(21)
    game.apply(game.legal_actions()[0])
    SaveGameStore().save(game, ("Anna", "Bruno"), (Seat.human(), Seat.human()))
    title = TitleScene(app)
    app.reset(title)
    ui.frames()
    assert title.menu.buttons[0].enabled
    ui.press(pygame.K_c, "c")
    assert type(app.top).__name__ == "HandoverScene"
    table = app.scenes[-2]
    assert isinstance(table, TableScene)
    assert table.game.to_dict() == game.to_dict()
    assert table.names == ("Anna", "Bruno")


def test_continue_sets_a_corrupt_save_aside_and_says_so(app: App, ui: Driver) -> None:
    store = SaveGameStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps({"format": "famiglia-save/1", "content": {},
                                      "sha256": "0"}), encoding="utf-8")
    title = TitleScene(app)
    app.reset(title)
    ui.frames()
    ui.press(pygame.K_c, "c")
    assert app.top is title
    assert not title.menu.buttons[0].enabled
    assert any("The saved game could not be read" in text for text in toasts(app))
    assert list(store.path.parent.glob("savegame.json.corrupt-*"))


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_solo_screens_fit_the_window(app: App, ui: Driver, size: tuple[int, int]) -> None:
    ui.resize(size)
    for scene in (SoloSetupScene(app), HighscoresScene(app)):
        app.reset(scene)
        ui.frames()
        area = pygame.Rect((0, 0), size)
        assert area.contains(scene.panel)


@pytest.mark.parametrize(("key", "letter"), [(pygame.K_n, "n"), (pygame.K_s, "s")])
def test_the_key_that_opens_a_dialog_does_not_type_into_it(app: App, ui: Driver, key: int,
                                                           letter: str) -> None:
    """A real keyboard sends the key and its text together: the text must not land in the
    name field of the dialog the key just opened."""
    app.reset(TitleScene(app))
    ui.frames()
    ui.frames(events=[ui.key_down(key, letter),
                      pygame.event.Event(pygame.TEXTINPUT, text=letter)])
    dialog = app.top
    names = [field.text for field in dialog.form.items if isinstance(field, TextField)]
    assert names and all(not name.endswith(letter) for name in names)


def test_the_gangsters_turn_is_captioned_step_by_step(app: App, ui: Driver) -> None:
    """S4: each gangster_step event appears as a caption while the Gangster's turn plays out,
    and the caption is gone when the human's turn starts (no hand-over in solo)."""
    game = Game.new(8, opponent="gangster", first_player=1)
    table = TableScene(app, game, ("Anna", "The Gangster"), seats=("human", "gangster"))
    app.reset(table)
    captions = 0
    for _ in range(600):
        ui.frames()
        captions += table.caption is not None
        if table.game.current == 0 and not table.busy:
            break
    assert captions > 30, "the caption stays up long enough to read"
    assert table.caption is None
    assert app.top is table, "no hand-over screen in a solo game"
    assert any("Step 1" in text for text, _ in table.log.entries)


def test_a_dutch_solo_games_saved_names_hold_no_english_word(app: App, ui: Driver) -> None:
    """S1: the Gangster's seat says its role; the save, its log lines and the game's record
    keep that role, never the Gangster's name in some language (the table names it in the
    player's)."""
    app.set_language("nl")
    app.reset(TitleScene(app))
    ui.press(pygame.K_s, "s")
    setup = app.top
    assert isinstance(setup, SoloSetupScene)
    ui.click(setup.starter.segments()[1].center)  # the Gangster starts (b)
    ui.click(setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    for _ in range(900):
        ui.frames()
        if table.game.current == 0 and not table.busy:
            break
    assert table.names[1] == "De gangster"
    assert any(text.startswith("De gangster") for text, _ in table.log.entries)
    words = ("The Gangster", "De gangster", "Der Gangster")
    save = SaveGameStore().path.read_text(encoding="utf-8")
    assert json.loads(save)["content"]["names"] == ["Speler", None]
    assert not any(word in save for word in words)
    table.resign()
    ui.frames(2)
    records = list((SaveGameStore().path.parent / "records").glob("*.json"))
    assert len(records) == 1
    record = records[0].read_text(encoding="utf-8")
    assert json.loads(record)["players"]["names"] == ["Speler", None]
    assert not any(word in record for word in words)


def test_an_older_save_naming_the_gangster_in_english_reads_in_dutch(app: App,
                                                                     ui: Driver) -> None:
    """A save of an older version keeps "The Gangster" as a name, in its names and its log
    lines: Continue in Dutch shows the Dutch name everywhere, and saves the role again."""
    game = Game.new(5, opponent="gangster", first_player=1)
    game.play_gangster_turn()
    took = json.dumps({"kind": "action", "name": "The Gangster",
                       "action": str(game.move_stack[-1].action)})
    SaveGameStore().save(game, ("Anna", "The Gangster"), (Seat.human(), Seat.gangster()),
                         log=[took])
    app.set_language("nl")
    title = TitleScene(app)
    app.reset(title)
    ui.press(pygame.K_v, "v")
    table = app.top
    assert isinstance(table, TableScene)
    assert table.names == ("Anna", "De gangster")
    texts = [text for text, _ in table.log.entries]
    assert texts[0].startswith("De gangster") and not any("The Gangster" in text
                                                          for text in texts)
    ui.frames()
    table.apply(game.legal_actions()[0])
    assert "The Gangster" not in SaveGameStore().path.read_text(encoding="utf-8")
    app.set_language("en")
    assert table.log.entries[0][0].startswith("The Gangster")
