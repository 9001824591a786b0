"""Every text of the table and the replay viewer fits its box in English, German and Dutch at
the smallest window (1024×640): the status panel, the labels, the log, the buttons, the badges,
the captions, the hint line, the tooltips, the help, the hand-over story.

Each position is drawn as a player would see it and the theme's notes of texts too long for
their box (:attr:`Theme.overflows`) must stay empty; the buttons' labels are measured against
their rects too.  The positions: the start, a mid-game turn with a long Street (R3.1) and an
exchange half made (R3.2), a hand-over (R5.4), the computer's caption, a hint, tooltips on
disabled buttons and on cards, a solo game's Gangster step (S4), the replay viewer.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest
from positions import game_at
from test_table import (
    NAMES,
    dismiss_handover,
    own_card_point,
    settle,
    street_point,
    texts_rendered,
)
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.replay import ReplayScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.assist import (
    hint_label,
    short_undo_label,
    thinking_label,
    undo_label,
)
from famiglia.ui.table.drag import Half
from famiglia.ui.table.help import SHORTCUTS, TableHelpScene
from famiglia.ui.table.status import render_status, step_states
from famiglia.ui.table.tooltips import HOVER_DELAY

LANGUAGES = ("en", "de", "nl")


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def small(ui: Driver, language: str) -> None:
    i18n.set_language(language)
    ui.resize(MIN_WINDOW)
    assert ui.app.size == MIN_WINDOW


def draw(app: App) -> None:
    """Draw everything on screen, as the main loop does."""
    for scene in app.scenes[-2:] if not app.top or not app.top.opaque else [app.top]:
        scene.draw(app.screen)


def buttons_too_narrow(app: App, table: TableScene) -> list[str]:
    """The labels of the table's buttons wider than their rects (less a margin)."""
    narrow = []
    for button in table.buttons:
        if button.rect.width <= 0:
            continue
        width = app.theme.font(button.size, True).size(button.text)[0]
        if width > button.rect.width - 8:
            narrow.append(f"{button.text!r}: {width} > {button.rect.width - 8}")
    return narrow


def check(app: App, table: TableScene, what: str) -> None:
    draw(app)
    assert app.theme.overflows == [], f"{what}: {app.theme.overflows}"
    assert buttons_too_narrow(app, table) == [], what


def hover(ui: Driver, pos: tuple[int, int]) -> None:
    ui.hover(pos)
    ui.frames(1)
    ui.app.frame([], HOVER_DELAY + 0.1)


def long_street() -> Game:
    return game_at(hands=("A3 F2 F2 M3 B2 F0 B1", "F0 A0 B0 M0 A1 M2"),
                   play_areas=("F3 F4 M1", "A2 B3"),
                   street="F1 B1 M1 A1 F2 B3 M2 A2 F3 B2 M3 A3",
                   draw_pile="A1 M2 F1", fresh_cards_rule=False, turn=18)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_fits_in_every_language(app: App, ui: Driver, language: str) -> None:
    """R3: the start, a long Street, an exchange half made, the tooltips of cards, piles and
    disabled buttons, the help overlay and the hand-over story, at 1024×640."""
    small(ui, language)
    table = TableScene(app, Game.new(5), NAMES)
    app.push(table)
    ui.frames(1)
    check(app, table, "hand-over at the start")
    dismiss_handover(ui)
    settle(ui)
    check(app, table, "the start")
    for button in (table.assist.undo_button, table.help_button, table.pass_button):
        hover(ui, button.rect.center)
        check(app, table, f"tooltip of {button.text}")
    hover(ui, table.frame.draw_pile.center)
    check(app, table, "the draw pile's tooltip")
    for step in table.step_rects:
        hover(ui, step.center)
        check(app, table, "a step's help")

    app.reset(table := TableScene(app, long_street(), NAMES))
    ui.frames(1)
    dismiss_handover(ui)
    settle(ui)
    check(app, table, "a long Street")
    for index in (0, 5, 11):
        hover(ui, street_point(table, index))
        check(app, table, f"Street card {index}'s tooltip")
    ui.drag(own_card_point(table, "hand", "A3"), (table.frame.bottom_play.right - 6,
                                                 table.frame.bottom_play.centery))
    settle(ui)
    ui.click(own_card_point(table, "play", "F3"))
    ui.click((table.frame.bottom_hand.left + 6, table.frame.bottom_hand.centery))
    settle(ui)
    assert table.gestures.half is not None
    check(app, table, "an exchange half made")
    ui.press(pygame.K_ESCAPE)
    ui.press(pygame.K_SPACE, " ")
    settle(ui)
    assert isinstance(app.top, HandoverScene)
    check(app, table, "the hand-over's story")
    dismiss_handover(ui)
    app.push(TableHelpScene(app))
    ui.frames(1)
    check(app, table, "the help")


@pytest.mark.parametrize("language", LANGUAGES)
def test_captions_and_hints_fit_in_every_language(app: App, ui: Driver,
                                                  language: str) -> None:
    """The computer's caption, a hint, the Gangster's steps (S4) and the game-over banner."""
    small(ui, language)
    game = long_street()
    table = TableScene(app, game, NAMES, seats=(Seat.human(), Seat.computer("easy", 3)))
    app.push(table)
    settle(ui)
    table.assist.hints.ask()
    for _ in range(200):
        ui.frames(1)
        if table.assist.hints.action is not None:
            break
    assert table.assist.hints.action is not None
    check(app, table, "a hint")
    ui.press(pygame.K_SPACE, " ")
    for _ in range(600):
        ui.frames(1)
        if table.playback.caption is not None:
            break
    assert table.playback.caption is not None
    check(app, table, "the computer's caption")
    table.resign()
    settle(ui)

    solo = Game.new(8, opponent="gangster", gangster_level=4, first_player=1)
    app.reset(table := TableScene(app, solo, NAMES, seats=("human", "gangster")))
    captions = 0
    for _ in range(400):
        app.frame([], 0.05)
        if table.playback.caption is not None:
            captions += 1
            check(app, table, "a Gangster step")
        if table.can_act:
            break
    assert captions


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_replay_fits_in_every_language(app: App, ui: Driver, language: str) -> None:
    """The replay viewer's buttons, move counter, captions and log, from start to end."""
    game = Game.new(13)
    while not game.is_terminal():
        game.apply(game.legal_actions()[-1])
    small(ui, language)
    replay = ReplayScene(app, write_record(game, names=NAMES,
                                                  seats=(Seat.human(), Seat.human())))
    app.push(replay)
    ui.frames(1)
    check(app, replay, "the replay's start")
    for _ in range(4):
        replay.forward()
        ui.frames(2)
        check(app, replay, "a replayed move")
    replay.toggle_hands()
    replay.jump(len(replay.steps))
    settle(ui)
    check(app, replay, "the replay's end")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("final_round", [False, True])
def test_the_status_notes_wrap_rather_than_shrink(app: App, ui: Driver, language: str,
                                                  final_round: bool) -> None:
    """R3 steps' notes keep their size at 1024×640 (a note without room beside its step goes
    under it), and every note under the scores shows: the other side's last move, a half-made
    exchange (R3.2), the fresh-cards rule (R3.1d) after the reshuffle (R4.2), or the final
    round (R5.1)."""
    small(ui, language)
    game = game_at(hands=("A3 F2 F2 M3 B2 F0 B1", "F0 A0 B0 M0"), play_areas=("A1", ""),
                   street="F1 B1 M1 A1 F2 B3", reshuffled=True, rest="play_areas",
                   draw_pile="" if final_round else "A2 M2", fresh_cards_rule=True, turn=60)
    assert (game.last_turn is not None) == final_round
    table = TableScene(app, game, NAMES)
    app.push(table)
    frame = table.frame
    theme = app.theme
    theme.overflows.clear()
    half = Half("A1", None, game.play_areas[0][0])
    with texts_rendered(theme) as seen:
        render_status(frame, theme, game, names=NAMES, seats=("human", "human"), bottom=0,
                      scores=(10, 20), piles=(0, 5), takeable=0, half=half,
                      fresh=not final_round, last_mover=NAMES[1], titles=NAMES)
    assert theme.overflows == []
    notes = [note for _state, note in step_states(game, 0)]
    small_size = frame.font(17)
    for note in notes:
        if note != "—":
            assert any(size == small_size and text in note for text, size in seen), note
    assert all(size >= small_size for _text, size in seen)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_keeps_its_rows_apart_and_readable(app: App, ui: Driver, language: str) -> None:
    """At 1024×640 the help uses the window's width, so its texts stay readable, and each row
    lies on a band of its own with room around its lines: no two rows touch."""
    small(ui, language)
    app.push(TableHelpScene(app))
    ui.frames(1)
    help_scene = app.top
    assert isinstance(help_scene, TableHelpScene)
    line = app.theme.font(help_scene.text_size).get_linesize()
    assert help_scene.text_size >= 15
    bands = help_scene.bands
    assert len(bands) == len(SHORTCUTS)
    window = pygame.Rect((0, 0), MIN_WINDOW)
    for above, below in itertools.pairwise(bands):
        assert above.bottom <= below.top and window.contains(above)
        assert above.height >= line + 6


@pytest.mark.parametrize(("language", "undo"), [("en", "Undo"), ("de", "Rückgängig"),
                                                ("nl", "Ongedaan maken")])
def test_the_undo_button_is_called_undo_and_fits(app: App, ui: Driver, language: str,
                                                 undo: str) -> None:
    """The Undo button uses the language's word for undo (German "Zurück" and Dutch "Terug"
    mean Back everywhere else); at 1024×640 it takes the room the Hint button can spare and
    shows its key where that fits; the Hint button's "Thinking…" fits as well."""
    small(ui, language)
    table = TableScene(app, Game.new(5), NAMES)
    app.push(table)
    ui.frames(1)
    dismiss_handover(ui)
    settle(ui)
    assist = table.assist
    assert assist.undo_button.text.startswith(undo)
    assert not assist.hint_button.rect.colliderect(assist.undo_button.rect)
    assert assist.hint_button.rect.union(assist.undo_button.rect).width <= table.frame.log.width
    font = app.theme.font(assist.hint_button.size, True)
    for label in (thinking_label(), hint_label()):
        assert font.size(label)[0] <= assist.hint_button.rect.width - 16, label
    check(app, table, "the Hint and Undo buttons")
    with_key = font.size(undo_label())[0] <= assist.undo_button.rect.width - 16
    assert assist.undo_button.text == (undo_label() if with_key else short_undo_label())
    assert with_key or language != "en"
