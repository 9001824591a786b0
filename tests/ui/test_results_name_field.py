"""S5: the highscore name on the results screen takes only what is typed on that screen, and
a name without a letter or digit is not entered."""

from __future__ import annotations

import pygame
from test_solo_screens import finished_solo
from ui_driver import Driver

from famiglia.store.highscores import HighscoreStore
from famiglia.ui.app import App
from famiglia.ui.scenes.results import ResultsScene


def _results(app: App, ui: Driver) -> ResultsScene:
    scene = ResultsScene(app, finished_solo(0), ("Anna", "The Gangster"),
                         play_again=lambda: None)
    app.reset(scene)
    return scene


def test_text_of_a_key_pressed_before_the_results_screen_does_not_reach_the_name(
        app: App, ui: Driver) -> None:
    """The ``?`` of a hint key still on its way as the game ends is not typed into the name;
    a key pressed on the screen types as usual."""
    scene = _results(app, ui)
    ui.frames(1, [pygame.event.Event(pygame.TEXTINPUT, text="?")])
    assert scene.name is not None and scene.name.text == app.settings.solo_name
    ui.frames(1, [ui.key_down(pygame.K_x, "x"), pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert "?" not in scene.name.text and scene.name.text.endswith("x")


def test_a_name_of_punctuation_only_is_not_entered(app: App, ui: Driver) -> None:
    """A name made of ``?`` and spaces asks for a name and offers the default one again."""
    scene = _results(app, ui)
    assert scene.name is not None
    ui.frames(1)
    for _ in range(len(scene.name.text)):
        ui.press(pygame.K_BACKSPACE)
    ui.type_text("? ?")
    assert scene.name.text == "? ?"
    ui.press(pygame.K_RETURN)
    assert app.top is scene and not any(HighscoreStore().load().values())
    assert scene.solo_text == "Type a name for the highscore list first."
    assert scene.name.text == app.settings.solo_name
    ui.press(pygame.K_RETURN)
    entries = HighscoreStore().load()
    assert [entry.name for listed in entries.values() for entry in listed] == [
        app.settings.solo_name]
