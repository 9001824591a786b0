"""A whole game played through the UI in German and in Dutch, to the results, with no English
text of the table on the way: every line of the log, every caption of the computer, every hint
and every text the table fitted into a box (the status panel, the labels, the buttons, the
badges) is checked against the table's English texts.

A text counts as English when it matches one of the table's msgids (its ``{placeholders}``
standing for any words) whose translation in that language differs from it; card names and
player names are no msgids, so they pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from test_computer_seat import COMPUTER, person_plays, record_captions
from test_table import texts_rendered
from ui_driver import Driver

from famiglia import i18n, pofile
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.ui.app import App
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.settings import SettingsScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.session import start_table
from famiglia.ui.table.phrases import Line
from famiglia.ui.theme import Theme

NAMES = ("Vito", "Carla")
#: The sources whose texts the table shows.
TABLE_SOURCES = ("famiglia/ui/table/", "famiglia/ui/scenes/table.py",
                 "famiglia/ui/scenes/replay.py", "famiglia/i18n.py")


def english_patterns(language: str) -> list[re.Pattern[str]]:
    """The table's English texts that ``language`` words differently, as patterns."""
    entries = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
    patterns = []
    for entry in entries:
        if entry.obsolete or not entry.msgid:
            continue
        if not any(place.startswith(TABLE_SOURCES) for place in entry.locations):
            continue
        for english in filter(None, (entry.msgid, entry.msgid_plural)):
            if english in entry.msgstr or len(english) < 4:
                continue
            parts = re.split(r"\{\w+\}", english)
            if sum(len(part.strip(" .:·,")) for part in parts) < 4:
                continue  # "{name} · {level}": no words of its own
            patterns.append(re.compile(".+?".join(re.escape(part) for part in parts)))
    return patterns


def pieces(text: str) -> list[str]:
    """A text and the parts a label is made of ("3 Brute", "Carla · Easy")."""
    parts = [re.sub(r"^\d+ ", "", part) for part in re.split(r"\s+·\s+|  +", text.strip())]
    return [text, *parts]


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["de", "nl"])
def test_a_whole_game_in_german_and_dutch(app: App, ui: object, language: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """R3–R5 through the UI against the computer (keys only, the chooser defaults), in one
    language from the first move to the results screen."""
    i18n.set_language(language)
    fitted: set[str] = set()
    fit = Theme.fit

    def recording(theme: Theme, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        fitted.add(text)
        return fit(theme, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "fit", recording)
    table = start_table(app, Game.new(21), NAMES, (Seat.human(), COMPUTER))
    app.push(table)
    captions = record_captions(table)
    said: set[str] = set()
    for turn in range(3000):
        if not isinstance(app.top, TableScene):
            break
        if table.can_act:
            if turn % 7 == 0 and table.assist.hints.action is None:
                table.assist.hints.ask()
            said |= {table.pass_button.tooltip or "", table.assist.hints.text,
                     table.assist.undo_button.tooltip or ""}
            person_plays(ui, table)  # type: ignore[arg-type]
        table.finish_animations()
        app.frame([], 1 / 60)
        table.draw(app.screen)
        app.frame([], 1.0)
    assert table.game.is_terminal() and isinstance(app.top, ResultsScene)
    said |= {text for text, _ in table.log.entries}
    said |= {caption.text for caption in captions} | {caption.heading for caption in captions}
    said |= fitted
    said.discard("")
    assert captions and len(table.log.lines) > 20
    english = english_patterns(language)
    found = sorted(text for text in said
                   if any(p.fullmatch(part) for part in pieces(text) for p in english))
    assert found == [], f"English at the {language} table: {found}"
    assert table.log.entries[-1][0].startswith(
        {"de": "Spielende", "nl": "Einde van de partij"}[language])


def test_a_language_switch_rewords_the_log_and_the_table(app: App, ui: object) -> None:
    """The log keeps its lines as data: after a switch, old lines are in the new language
    too, and so are the status panel and the buttons."""
    table = start_table(app, Game.new(21), NAMES, (Seat.human(), COMPUTER))
    app.push(table)
    app.frame([], 1 / 60)
    first = table.log.entries[0][0]
    assert first == "Vito and Carla: turn 1, Vito to play."
    i18n.set_language("de")
    app.frame([], 1 / 60)
    table.draw(app.screen)
    assert table.log.entries[0][0] == "Vito und Carla: Zug 1, Vito ist am Zug."
    assert table.menu_button.text.startswith("Menü")
    assert table.log.lines[0] == Line.of("opening", first="Vito", second="Carla", turn=1,
                                         name="Vito")
    i18n.set_language("nl")
    app.frame([], 1 / 60)
    assert table.log.entries[0][0] == "Vito en Carla: beurt 1, Vito is aan de beurt."
    assert table.help_button.text.startswith("Hulp")


def test_a_switch_from_the_pause_menu_rewords_the_table_behind_it(app: App, ui: Driver) -> None:
    """Settings opened from the pause menu: after a switch the table under the menu shows
    the new language at once (status panel, labels, buttons, the caption shown), not only
    once the game goes on."""
    game = Game.new(3, opponent="gangster", first_player=1)
    table = start_table(app, game, NAMES, (Seat.human(), Seat.gangster()))
    app.push(table)
    for _ in range(40):
        ui.frames(1)
        if table.playback.caption is not None:
            break
    assert table.playback.caption is not None
    ui.press(pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.table is table
    ui.click(pause.settings.rect.center)
    assert isinstance(app.top, SettingsScene)
    with texts_rendered(app.theme) as rendered:
        app.set_language("de")
        ui.press(pygame.K_ESCAPE)
        assert app.top is pause
        app.draw()
    said = {text for text, _size in rendered}
    english = english_patterns("de")
    found = sorted(text for text in said
                   if any(p.fullmatch(part) for part in pieces(text) for p in english))
    assert found == [], f"English under the pause menu: {found}"
    assert "Der Gangster spielt" in said, "the status panel, in German (the Gangster by its role)"
    assert any(text.startswith("Das Programm des Gangsters") for text in said), "the caption"
    assert table.pass_button.text == "Passen"
