"""A question names its keys: each answer button shows the key that presses it, in every
language, and that key does what the button does.  A question that ends something (a pass
that ends the game, R5.2; a new game over the running one) ignores Enter and Space, so a player
on the keyboard needs the letter written on the answer."""

from __future__ import annotations

import pygame
import pytest
from positions import game_at
from test_table import settle, start_table
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.store.savegame import SaveGameStore
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.scenes.dialog import ConfirmScene, MessageScene
from famiglia.ui.scenes.lessons import WelcomeScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.session import start_table as start_saved_table
from famiglia.ui.widgets import Button

LANGUAGES = ["en", "de", "nl"]


def key_of(name: str) -> int:
    return {"Enter": pygame.K_RETURN, "Esc": pygame.K_ESCAPE}.get(
        name, pygame.key.key_code(name.lower()) if len(name) == 1 else -1)


def written_keys(app: App, ui: Driver, question: MessageScene) -> list[str]:
    """The keys drawn on the question's answers, each beside its label, not over it."""
    ui.frames()
    names = question.key_names()
    for button, name in zip(question.buttons, names, strict=True):
        assert name, f"no key written on {button.text!r}"
        hint = app.theme.font(18).size(name)[0]
        assert button.label_rect.right <= button.rect.right - 12 - hint, (
            f"{button.text!r} runs into its key {name!r}")
        assert button.label_rect.width >= app.theme.font(button.size, True).size(
            button.text)[0], f"{button.text!r} squeezed beside its key"
    return names


def answer(question: MessageScene, text: str) -> Button:
    return next(button for button in question.buttons if button.text == text)


def end_game_question(app: App, ui: Driver) -> tuple[TableScene, ConfirmScene]:
    """A hot-seat table where the other player has just passed: the person's pass would end
    the game (R5.2), so the Pass button asks first."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   passed_last_turn=True, turn=2)
    table = start_table(ui, game)
    ui.click(table.pass_button.rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene)
    return table, question


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_written_on_the_pass_that_ends_the_game_passes(app: App, ui: Driver,
                                                               language: str) -> None:
    """R5.2: two passes in a row end the game; the question's yes key, as written, does."""
    i18n.set_language(language)
    table, question = end_game_question(app, ui)
    yes, _cancel = written_keys(app, ui, question)
    for key in (pygame.K_RETURN, pygame.K_SPACE):
        ui.press(key)
        assert app.top is question
    ui.press(key_of(yes), yes.lower())
    assert app.top is not question
    settle(ui)
    assert table.game.is_terminal()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_written_on_cancel_keeps_the_game(app: App, ui: Driver, language: str) -> None:
    i18n.set_language(language)
    table, question = end_game_question(app, ui)
    _yes, cancel = written_keys(app, ui, question)
    ui.press(key_of(cancel), cancel.lower() if len(cancel) == 1 else "")
    assert app.top is table
    assert not table.game.is_terminal()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_game_question_writes_its_keys(app: App, ui: Driver, language: str) -> None:
    """Play against the computer over a running game asks; its written yes key starts the new
    game."""
    i18n.set_language(language)
    game = Game.new(77, first_player=0)
    game.apply(game.legal_actions()[0])
    start_saved_table(app, game, ("Anna", "Computer"), (Seat.human(), Seat.computer("easy")))
    navigation.to_title(app)
    ui.frames()
    saved = SaveGameStore().path.read_bytes()
    navigation.play_against_computer(app)
    ui.frames()
    question = app.top
    assert isinstance(question, ConfirmScene)
    yes, _cancel = written_keys(app, ui, question)
    ui.press(key_of(yes), yes.lower())
    assert isinstance(app.top, TableScene)
    assert SaveGameStore().path.read_bytes() != saved


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_welcome_writes_enter_and_esc(app: App, ui: Driver, language: str) -> None:
    i18n.set_language(language)
    ui.resize((1024, 640))
    welcome = WelcomeScene(app)
    app.push(welcome)
    assert written_keys(app, ui, welcome) == ["Enter", "Esc"]
    ui.press(pygame.K_ESCAPE)
    assert app.top is not welcome
