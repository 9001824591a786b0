"""A whole solo game played through the UI: the title, the solo setup, the table against the
Gangster (its turns play out by themselves, S4; no hand-over), drags and clicks only, the
results with the ranking value (S5), the name typed into the highscore list and the highscores
scene showing the new entry."""

from __future__ import annotations

import random

import pygame
import pytest
from test_table import (
    empty_hand_point,
    gesture,
    own_card_point,
    settle,
    street_point,
    table_of,
)
from ui_driver import Driver

from famiglia.rules import Action, Brute, Refresh, Take
from famiglia.rules.rng import Rng
from famiglia.simulate import greedy_human
from famiglia.store.highscores import HighscoreStore
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.highscores import HighscoresScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.solo_setup import SoloSetupScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene

#: A deal on which the greedy player of ``famiglia simulate`` beats the level-1 Gangster.
SEED = 0


def pick(ui: Driver, value: object) -> None:
    """Click the open chooser's option whose value is ``value`` (a take that moves the same
    cards as far as the player can see, R1.5: the chooser offers such takes once)."""
    chooser = ui.app.top
    assert isinstance(chooser, ChooserScene)
    plain = str(value).replace("*", "")
    index = next((i for i, (_, option) in enumerate(chooser.options) if option == value),
                 None)
    if index is None:
        index = next(i for i, (_, option) in enumerate(chooser.options)
                     if str(option).replace("*", "") == plain)
    ui.click(chooser.menu.buttons[index].rect.center)


def perform(ui: Driver, table: TableScene, action: Action, method: str) -> None:
    """Carry out ``action`` with the gestures a player would use (R3.1, R3.3, R3.4)."""
    game = table.game
    if isinstance(action, Refresh):
        pile = table.frame.draw_pile if game.reshuffled else table.frame.discard
        gesture(ui, method, street_point(table, action.street), pile.center)
    elif isinstance(action, Brute):
        gesture(ui, method, own_card_point(table, "hand", action.card),
                street_point(table, action.street))
        if isinstance(ui.app.top, ChooserScene):
            pick(ui, action)
    elif isinstance(action, Take):
        gesture(ui, method, street_point(table, action.street), empty_hand_point(table))
        chooser = ui.app.top
        if isinstance(chooser, ChooserScene) and all(
                isinstance(option, tuple) for _, option in chooser.options):
            pick(ui, next(option for _, option in chooser.options
                          if str(action).replace("*", "") in
                          [str(take).replace("*", "") for take in option]))
        if isinstance(ui.app.top, ChooserScene):
            pick(ui, action)
    else:
        ui.click(table.pass_button.rect.center)


def play_solo_through_the_ui(app: App, ui: Driver) -> ResultsScene:
    """Title → solo setup (level 1, you start) → the table, where the greedy player's moves
    are made by drags and clicks; the Gangster's turns play by themselves."""
    app.push(TitleScene(app))
    ui.frames()
    ui.click(next(b for b in app.top.menu.buttons if b.text == "Solo challenge").rect.center)
    setup = app.top
    assert isinstance(setup, SoloSetupScene)
    ui.click(setup.level.segments()[0].center)
    ui.click(setup.starter.segments()[0].center)
    ui.click(setup.start.rect.center)
    table = table_of(app)
    game = table.game
    assert (game.gangster_level, game.first_player) == (1, 0)
    for count in range(2000):
        settle(ui)
        top = app.top
        if isinstance(top, ResultsScene):
            return top
        assert top is table, f"{top!r} on top: no hand-over in a solo game"
        if game.current == 0 and table.can_act:
            before = game.to_dict()
            perform(ui, table, greedy_human(game, random.Random()), "drag" if count % 2
                    else "click")
            settle(ui)
            assert game.to_dict() != before, "the gesture made the move"
    raise AssertionError("the game did not end")


def test_whole_solo_game_to_the_highscore_entry(app: App, ui: Driver,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Rng, "fresh_seed", staticmethod(lambda: SEED))
    results = play_solo_through_the_ui(app, ui)
    game = results.game
    assert game.result is not None and game.result.solo and game.winner == 0
    value = 2 * game.scores[0] - game.scores[1]
    assert game.result.ranking_value == value and str(value) in results.solo_text
    assert results.name is not None
    ui.click(results.name.rect.center)
    for _ in range(len(results.name.text)):
        ui.press(pygame.K_BACKSPACE)
    ui.type_text("Donna Anna")
    ui.click(results.menu.buttons[0].rect.center)
    shown = app.top
    assert isinstance(shown, HighscoresScene) and shown.highlight == ("1a", 0)
    [entry] = HighscoreStore().load()["1a"]
    assert (entry.name, entry.own_vp, entry.gangster_vp, entry.ranking_value) == (
        "Donna Anna", game.scores[0], game.scores[1], value)
    assert (entry.level, entry.variant, entry.fresh_cards_rule) == (1, "a", True)
