"""Every scene outside the table in English, German and Dutch: at the smallest window (1024×640)
and the default size each text fits its box (``Theme.overflows`` stays empty, with every tooltip
and help line shown) and each button's label lies inside the button, the button inside the
window (the results in each variant: solo won with a name asked for or a full list, lost,
against the computer, hot-seat, with Analyse, a hint used, an eight-digit deal number); the
language chosen in the settings switches every scene on the stack at once and is remembered,
while ``FAMIGLIA_LANG`` overrides it for one run without being saved.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pygame
import pytest
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.analysis import Effort, analyse
from famiglia.players.seats import Seat
from famiglia.rules import Game, msg
from famiglia.rules.records import write_record
from famiglia.simulate import greedy_human, play_solo
from famiglia.store.analyses import AnalysisFile
from famiglia.store.highscores import Entry, HighscoreStore
from famiglia.store.records import RecordStore, read_record_file
from famiglia.store.settings import MIN_WINDOW, SettingsStore
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.scene import Scene
from famiglia.ui.scenes.files import FileBrowserScene, Mode
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.highscores import HighscoresScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.past_games import PastGamesScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene
from famiglia.ui.scenes.statistics import CHARTS, StatisticsScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.widgets import Button, Choice, Menu

LANGUAGES = ("en", "de", "nl")
SIZES = (MIN_WINDOW, (1280, 800))
ZONE = timezone(timedelta(hours=1))


@dataclass
class StubTable:
    """What the pause menu needs of a running table (its game and names, who resigns, and
    resign)."""

    game: Game
    names: tuple[str, str]
    game_waits: bool = True

    @property
    def resigner(self) -> int:
        return self.game.current

    def resign(self) -> None:
        """Not needed: the fit tests only look at the question."""


def finished(seed: int, *, solo: bool = False) -> Game:
    game = Game.new(seed, opponent="gangster" if solo else None)
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.is_gangster_turn():
            game.play_gangster_turn()
        else:
            game.apply(rng.choice(game.legal_actions()))
    return game


def solo_game(winner: int) -> Game:
    """A solo game (level 1, variant a) that a greedy human won or lost."""
    return next(game for seed in range(300)
                if (game := play_solo(seed, greedy_human, 1, "a")).winner == winner)


def keep_records() -> None:
    """Past games of every mode: hot-seat, against the computer (one resigned), solo."""
    store = RecordStore()
    when = datetime(2026, 1, 1, tzinfo=ZONE)
    for seed in range(3):
        game = finished(seed)
        store.add(write_record(game, names=("Annemarie", "Bruno"),
                               seats=(Seat.human(), Seat.human()), when=when))
        store.add(write_record(game, names=("Annemarie", "Computer"),
                               seats=(Seat.human(), Seat.computer("expert")), when=when))
        solo = finished(seed, solo=True)
        store.add(write_record(solo, names=("Annemarie", "The Gangster"),
                               seats=(Seat.human(), Seat.gangster()), when=when))
        when += timedelta(hours=1)


def title(app: App) -> Scene:
    app.reset(TitleScene(app))
    return app.top  # type: ignore[return-value]


def over_title(make: Callable[[App], Scene]) -> Callable[[App], Scene]:
    def opened(app: App) -> Scene:
        title(app)
        scene = make(app)
        app.push(scene)
        return scene
    return opened


def pause_over_a_game(app: App) -> Scene:
    title(app)
    scene = PauseScene(app, StubTable(Game.new(3), ("Annemarie", "Bruno")))
    app.push(scene)
    return scene


def pause_over_a_friends_game(app: App) -> Scene:
    title(app)
    scene = PauseScene(app, StubTable(Game.new(3), ("Annemarie", "Bruno"), game_waits=False))
    app.push(scene)
    return scene


def resign_question(app: App) -> Scene:
    pause = pause_over_a_game(app)
    assert isinstance(pause, PauseScene)
    pause.resign.on_click()
    return app.top  # type: ignore[return-value]


def message(app: App) -> Scene:
    title(app)
    navigation.notify(app, i18n.gettext("This game cannot be replayed"),
                      i18n.gettext("The list is unchanged; once the folder can be written, "
                                   "press Enter highscores again."))
    return app.top  # type: ignore[return-value]


def highscores(app: App) -> Scene:
    store = HighscoreStore()
    store.add(Entry("Annemarie", "2026-03-01T20:00:00+01:00", 40, 20, 60, 3, "a", True,
                    assisted=True))
    store.add(Entry("Bruno", "2026-03-02T20:00:00+01:00", 50, 20, 80, 3, "a", False))
    return over_title(lambda app: HighscoresScene(app, store=store, key="3a",
                                                  highlight=0))(app)


def past_games(app: App) -> Scene:
    keep_records()
    return over_title(PastGamesScene)(app)


def file_browser(mode: Mode) -> Callable[[App], Scene]:
    """The file browser over Past games, on a folder of folders and records with long names,
    saying why a file cannot be used."""
    def opened(app: App) -> Scene:
        past_games(app)
        folder = Path(os.environ["FAMIGLIA_DATA_DIR"]) / "browse"
        for name in ("Famiglia-Partien", "a folder with a rather long name for a folder"):
            (folder / name).mkdir(parents=True, exist_ok=True)
        record = folder / ("20260101-an-exported-game-record-with-a-long-name" * 2 + ".json")
        record.write_text("{}", encoding="utf-8")
        scene = FileBrowserScene(app, mode, lambda path: None, name=record.name,
                                 folder=folder)
        app.push(scene)
        scene.notice = msg("{file} could not be imported ({problem}).", file=record.name,
                           problem=msg("it was damaged"))
        return scene
    return opened


def statistics(app: App) -> Scene:
    keep_records()
    return over_title(StatisticsScene)(app)


def statistics_charts(app: App) -> Scene:
    """The charts' page, the accuracy of one analysed game among them."""
    keep_records()
    record = RecordStore().games()[0].path
    AnalysisFile(read_record_file(record)).save(
        analyse(read_record_file(record), effort=Effort(10, 1, 1, 10)))
    scene = over_title(StatisticsScene)(app)
    assert isinstance(scene, StatisticsScene)
    scene.page.choose(CHARTS)
    return scene


def results(game: Game, names: tuple[str, str], *, analysable: bool = False,
            computer: bool = False, assisted: bool = False,
            list_full: bool = False) -> Callable[[App], Scene]:
    """The results of ``game``; ``analysable``: with its record, so with Analyse;
    ``computer``: against the computer (else hot-seat, or solo for a solo game);
    ``assisted``: a hint was used; ``list_full``: the highscores hold ten better games."""
    def opened(app: App) -> Scene:
        seats = (Seat.human(), Seat.gangster() if game.setup.opponent
                 else Seat.computer("expert") if computer else Seat.human())
        record = write_record(game, names=names, seats=seats) if analysable else None
        if list_full:
            store = HighscoreStore()
            for place in range(10):
                store.add(Entry(f"Bruno {place}", "2026-03-01T20:00:00+01:00", 170, 5, 335,
                                1, "a", True))
        scene = ResultsScene(app, game, names, play_again=lambda: None,
                             humans=frozenset((0,)), record=record, assisted=assisted)
        app.reset(scene)
        scene.clock = 60.0
        return scene
    return opened


def long_deal(game: Callable[[int], Game | None]) -> Game:
    """The first game ``game`` gives for an eight-digit deal number (as the game deals)."""
    return next(found for seed in range(88_888_000, 88_888_400)
                if (found := game(seed)) is not None)


def solo_won(seed: int) -> Game | None:
    game = play_solo(seed, greedy_human, 1, "a")
    return game if game.winner == 0 else None


def handover(app: App) -> Scene:
    title(app)
    scene = HandoverScene(app, "Annemarie", "Bruno took Mercenary 3, paying Famiglia 2 + "
                                            "Brute 1; Accountant 1 goes to the play area.")
    app.push(scene)
    return scene


SCENES: dict[str, Callable[[App], Scene]] = {
    "title": title,
    "new game": over_title(NewGameScene),
    "solo setup": over_title(SoloSetupScene),
    "settings": over_title(SettingsScene),
    "pause": pause_over_a_game,
    "pause, a friend's game": pause_over_a_friends_game,
    "resign question": resign_question,
    "message": message,
    "rules": over_title(RulesScene),
    "highscores": highscores,
    "highscores, empty": over_title(HighscoresScene),
    "past games": past_games,
    "file browser, export": file_browser("export"),
    "file browser, import": file_browser("import"),
    "past games, empty": over_title(PastGamesScene),
    "statistics": statistics,
    "statistics, empty": over_title(StatisticsScene),
    "statistics, charts": statistics_charts,
    "results": results(finished(7), ("Annemarie", "Bruno")),
    "results, analysable": results(finished(7), ("Annemarie", "Bruno"), analysable=True),
    "results, solo won": results(solo_game(0), ("Annemarie", "The Gangster"), analysable=True),
    "results, solo lost": results(solo_game(1), ("Annemarie", "The Gangster"),
                                  analysable=True),
    "results, solo won, hint, long deal number": results(
        long_deal(solo_won), ("Annemarie-Louise", "The Gangster"), analysable=True,
        assisted=True),
    "results, solo won, list full": results(long_deal(solo_won), ("Annemarie", "The Gangster"),
                                            analysable=True, assisted=True, list_full=True),
    "results, against the computer": results(long_deal(finished), ("Annemarie", "Computer"),
                                             analysable=True, computer=True, assisted=True),
    "results, hot-seat": results(long_deal(finished), ("Annemarie", "Bruno"), analysable=True,
                                 assisted=True),
    "hand-over": handover,
}


def buttons_of(scene: Scene) -> list[Button]:
    """The buttons a scene drew (its own, its menu's and its list's)."""
    found: list[Button] = []
    for value in vars(scene).values():
        if isinstance(value, Menu):
            found += value.buttons
        elif isinstance(value, Button):
            found.append(value)
        elif isinstance(value, list):
            found += [item for item in value if isinstance(item, Button)]
    return [button for button in dict.fromkeys(found) if button.label_rect.width]


def show_everything(app: App, ui: Driver, scene: Scene) -> None:
    """Draw the scene, then each help line of its form and each tooltip of its buttons, and
    each option of a choice whose option changes a text (the solo levels)."""
    app.draw()
    form = getattr(scene, "form", None)
    if form is not None:
        for index in range(len(form.items)):
            form.focus(index)
            app.draw()
        for item in form.items:
            if isinstance(item, Choice) and getattr(scene, "level", None) is item:
                for _label, value in item.options:
                    item.value = value
                    app.draw()
    for button in buttons_of(scene):
        ui.hover(button.rect.center)
        app.draw()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", SCENES)
def test_every_text_fits_its_box(app: App, ui: Driver, name: str, language: str,
                                 size: tuple[int, int]) -> None:
    """Nothing overflows, in the longest language, at the smallest window."""
    i18n.set_language(language)
    ui.resize(size)
    assert_fits(app, ui, SCENES[name](app), size)


def assert_fits(app: App, ui: Driver, scene: Scene, size: tuple[int, int]) -> None:
    """Every text of ``scene`` fits its box, every button its label, the window each
    button."""
    app.theme.overflows.clear()
    show_everything(app, ui, scene)
    assert app.theme.overflows == []
    window = pygame.Rect((0, 0), size)
    for button in buttons_of(scene):
        assert button.rect.contains(button.label_rect), button.text
        assert window.contains(button.rect), button.text


def test_the_language_setting_switches_every_scene_at_once_and_is_remembered(
        app: App, ui: Driver, tmp_path: Path) -> None:
    pause = pause_over_a_game(app)
    below = app.scenes[0]
    assert isinstance(pause, PauseScene) and isinstance(below, TitleScene)
    navigation.open_settings(app)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    german = next(segment for segment, (_label, code)
                  in zip(settings.language.segments(), settings.language.options, strict=True)
                  if code == "de")
    ui.click(german.center)
    assert i18n.current_language() == "de"
    assert settings.back.text == "Zurück"
    assert pause.resume.text == "Weiterspielen", "the scene under the settings follows"
    assert below.menu.buttons[1].text == "Neue Partie"
    assert app.settings.player_names == ("Spieler 1", "Spieler 2"), "unchosen names follow"
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "de"
    ui.press(pygame.K_ESCAPE)
    assert app.top is pause
    i18n.set_language("en")
    again = App(size=(1280, 800))
    try:
        assert i18n.current_language() == "de", "remembered across a restart"
        assert again.settings.language == "de"
    finally:
        again.close()


def test_the_system_choice_follows_the_system_language(app: App, ui: Driver,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app.set_language("nl")
    monkeypatch.setenv("LANGUAGE", "de")
    app.set_language(None)
    assert i18n.current_language() == "de" and app.settings.language is None


def test_famiglia_lang_overrides_for_one_run_and_is_never_saved(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app.save_settings(app.settings.with_changes(language="de"))
    monkeypatch.setenv("FAMIGLIA_LANG", "nl")
    again = App(size=(1280, 800))
    try:
        assert i18n.current_language() == "nl"
        again.reset(TitleScene(again))
        assert again.scenes[0].menu.buttons[1].text == "Nieuwe partij"  # type: ignore[attr-defined]
        again.save_settings(again.settings)
        assert SettingsStore(tmp_path / "config" / "settings.json").load().language == "de"
    finally:
        again.close()



MENUS = ("title", "pause", "results", "results, solo lost", "past games")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", MENUS)
def test_each_menu_has_its_own_letter_shortcuts_in_every_language(
        app: App, ui: Driver, name: str, language: str) -> None:
    """No two buttons share a shortcut; in German and Dutch each is a letter of its button's
    label (English keeps its established ones, such as O for the settings)."""
    i18n.set_language(language)
    scene = SCENES[name](app)
    app.draw()
    letters = [(button.text, pygame.key.name(button.hotkey))
               for button in buttons_of(scene)
               if button.hotkey is not None and button.hotkey != pygame.K_ESCAPE]
    assert len({letter for _text, letter in letters}) == len(letters), letters
    for text, letter in letters:
        assert language == "en" or letter in text.lower(), (text, letter)


def drawn_texts(app: App) -> set[str]:
    """Every text the scenes on screen render in one frame."""
    seen: set[str] = set()
    render = app.theme.text

    def spy(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        seen.add(text)
        return render(text, *args, **kwargs)  # type: ignore[arg-type]

    app.theme.text = spy  # type: ignore[method-assign]
    try:
        app.draw()
    finally:
        del app.theme.text
    return seen


#: Messages and questions show the texts they were opened with; no switch happens under them.
SWITCHED = [name for name in SCENES if name not in ("message", "resign question")]


@pytest.mark.parametrize("name", SWITCHED)
def test_a_switch_rewords_a_scene_as_if_it_had_opened_in_the_new_language(
        app: App, name: str, tmp_path: Path) -> None:
    """Every scene on the stack hears of a switch and shows exactly what it would show had it
    been opened in that language (the second one opens on the same files as the first)."""
    SCENES[name](app)
    app.draw()
    app.set_language("de")
    switched = drawn_texts(app)
    shutil.rmtree(tmp_path / "data", ignore_errors=True)
    SCENES[name](app)
    assert switched == drawn_texts(app)
