"""Keys that do one thing, and what the table shows without being asked, played through real
keys and clicks: Enter carries out the hint, a number without a card says so, R is the rules
and M the main menu wherever they are offered (H the help), an undone action is struck through
in the log, the other side's last move stays marked on the table until the person acts, and a
right click or a long press shows any card enlarged."""

from __future__ import annotations

import pygame
import pytest
from positions import game_at
from test_table import (
    COMPUTER,
    actions_position,
    centre,
    dismiss_handover,
    empty_play_point,
    settle,
    start_table,
    street_point,
)
from ui_driver import Driver, record_returns, toasts

from famiglia import i18n
from famiglia.rules import DECK, PASS, Game
from famiglia.ui import keys
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.table import tooltips
from famiglia.ui.table.computer import position_key
from famiglia.ui.table.gestures import LONG_PRESS
from famiglia.ui.table.help import TableHelpScene
from famiglia.ui.table.marks import LAST_MOVE
from famiglia.ui.table.phrases import Line
from famiglia.ui.table.zoom import CardZoomScene


def legal(game: Game, notation: str) -> object:
    return next(action for action in game.legal_actions() if str(action) == notation)


# ---------------------------------------------------------------------- the hint and Enter


def test_enter_carries_out_the_hint(app: App, ui: Driver) -> None:
    """The hint shown is a legal action; Enter (with no card selected) plays it, and a hint
    shown after that is the next step's, for the position the step left (R3: the turn may go
    on)."""
    game = actions_position()
    table = start_table(ui, game)
    ui.app.frame([ui.key_down(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)], 1 / 60)
    ui.frames(2)
    hint = table.assist.hints.action
    assert hint is not None
    moves = len(game.move_stack)
    ui.press(pygame.K_RETURN)
    assert len(game.move_stack) == moves + 1 and game.move_stack[-1].action == hint
    settle(ui)
    after = table.assist.hints
    assert after.action is None or (after.key == position_key(game)
                                    and after.action in game.legal_actions())


def test_enter_with_a_card_selected_moves_that_card_not_the_hint(app: App, ui: Driver) -> None:
    game = actions_position()
    table = start_table(ui, game)
    table.assist.hints.ask()
    ui.frames(2)
    assert table.assist.hints.action is not None
    while table.gestures.selected is None or table.gestures.selected.card.code != "F0":
        ui.press(pygame.K_TAB)
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert not game.move_stack, "Enter tried the selected Famiglia 0, which cannot go"
    assert table.gestures.refusal is not None


# ---------------------------------------------------------------------- number keys


def test_a_number_key_without_a_street_card_says_so(app: App, ui: Driver) -> None:
    """Six Street cards: 7 … 9 and 0 select nothing, and the table says why."""
    game = actions_position()
    table = start_table(ui, game)
    ui.press(pygame.K_8, "8")
    assert table.gestures.selected is None
    assert toasts(app)[-1] == "Key 8 selects nothing: the Street has 6 cards."
    ui.press(pygame.K_0, "0")
    assert toasts(app)[-1] == "Key 0 selects nothing: the Street has 6 cards."
    ui.press(pygame.K_3, "3")
    assert table.gestures.selected is not None and table.gestures.selected.index == 2


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_number_key_past_the_street_says_so_even_after_a_rest(
        app: App, ui: Driver, size: tuple[int, int]) -> None:
    """Five Street cards: 6, 6 again, 7, then (after Esc) 6 and 7, each pressed after the
    player has rested a few seconds: every press shows its note, a notice in the notices'
    own place, for its whole time, covering no button, Street card, heading nor the log."""
    ui.resize(size)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    buttons = [button.rect for button in table.buttons if button.rect.width > 0]
    street = [pygame.Rect(table.picture.sprites[i].rect) for i in table.picture.zones["street"]]
    for key in (pygame.K_6, pygame.K_6, pygame.K_7, pygame.K_ESCAPE, pygame.K_6, pygame.K_7):
        rest = 20.0  # longer than any notice stays
        app.frame([ui.key_down(key, pygame.key.name(key)), ui.key_up(key)], rest)
        if key == pygame.K_ESCAPE:
            ui.frames(1)
            if app.top is not table:
                ui.press(pygame.K_ESCAPE)
            assert app.top is table
            continue
        ui.frames(1)
        number = 6 if key == pygame.K_6 else 7
        text = f"Key {number} selects nothing: the Street has 5 cards."
        assert toasts(app) == [text], f"key {number} said {toasts(app)}"
        app.draw()
        note = app.notices.shown[-1].rect
        assert note.collidelist(buttons) < 0, "the note covers a button"
        assert note.collidelist(street) < 0, "the note covers a Street card"
        assert note.collidelist(table.picture.headings) < 0, "the note covers a heading"
        assert not note.colliderect(table.log.shown), "the note covers the log"
        assert app.screen.get_rect().contains(note)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_button_s_tooltip_covers_no_button(app: App, ui: Driver, size: tuple[int, int],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each button of the table hovered, in play and once the game is over ("The game is
    over." under Pass, as a lesson's table shows it after its game): its tooltip covers
    neither it nor any other button."""
    ui.resize(size)
    game = actions_position()
    table = start_table(ui, game)
    monkeypatch.setattr(table, "show_results", lambda: None)  # the table stays, as a lesson's
    tips = record_returns(monkeypatch, tooltips, "draw_tooltip")
    for over in (False, True):
        if over:
            table.resign()
            settle(ui)
            assert app.top is table and game.is_terminal()
        buttons = [button for button in table.buttons if button.rect.width > 0]
        shown = 0
        for button in buttons:
            if not button.tooltip:
                continue
            tips.clear()
            ui.hover(button.rect.center)
            ui.frames(1)
            assert tips, button.text
            tooltip = tips[-1]
            shown += 1
            covered = [other.text for other in buttons if tooltip.colliderect(other.rect)]
            assert not covered, (button.tooltip, covered)
        assert shown
        if over:
            assert table.pass_button.tooltip == "The game is over."


def test_a_number_key_while_the_computer_plays_says_why(app: App, ui: Driver) -> None:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 60.0  # the computer has not moved yet
    ui.press(pygame.K_1, "1")
    assert toasts(app)[-1] == "It is Carla's turn."


def test_a_number_key_without_an_option_says_so_in_a_chooser(app: App, ui: Driver) -> None:
    game = actions_position()
    table = start_table(ui, game)
    ui.drag(street_point(table, 0), (table.frame.bottom_hand.left + 6,
                                     table.frame.bottom_hand.centery))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    ui.press(pygame.K_7, "7")
    assert app.top is chooser
    assert chooser.note == f"There is no option 7: press a number from 1 to " \
                           f"{len(chooser.options)}."
    ui.frames(1)
    ui.press(pygame.K_ESCAPE)
    assert app.top is table


# ---------------------------------------------------------------------- one meaning per key


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_r_is_the_rules_h_the_help_and_m_the_main_menu(app: App, ui: Driver,
                                                       language: str) -> None:
    """At the table R opens the rules and H the help; in the pause menu R is the rules and M
    the main menu, in every language, and no other button of the menu takes R, H or M."""
    i18n.set_language(language)
    try:
        table = start_table(ui, actions_position())
        for key, kind in ((keys.RULES, RulesScene), (keys.HELP[0], TableHelpScene)):
            ui.press(key, pygame.key.name(key))
            assert isinstance(app.top, kind)
            ui.press(pygame.K_ESCAPE)
            assert app.top is table
        ui.press(pygame.K_ESCAPE)
        pause = app.top
        assert isinstance(pause, PauseScene)
        shortcuts = {button.hotkey: button for button in pause.menu.buttons}
        assert shortcuts[keys.RULES] is pause.rules
        assert shortcuts[keys.MAIN_MENU] is pause.title
        assert not any(key in shortcuts for key in keys.HELP)
        for key, kind in ((keys.RULES, RulesScene), (keys.MAIN_MENU, TitleScene)):
            ui.press(key, pygame.key.name(key))
            assert isinstance(app.top, kind)
            ui.press(pygame.K_ESCAPE)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_question_never_answers_to_r_h_or_m(app: App, ui: Driver, language: str) -> None:
    """Resigning asks first; its answer buttons take letters of their labels other than the
    keys that mean one thing everywhere."""
    i18n.set_language(language)
    try:
        game = actions_position()
        table = start_table(ui, game)
        ui.press(pygame.K_ESCAPE)
        pause = app.top
        assert isinstance(pause, PauseScene)
        ui.click(pause.resign.rect.center)
        question = app.top
        assert isinstance(question, ConfirmScene)
        letters = [button.hotkey for button in question.buttons if button.hotkey]
        assert letters and not set(letters) & keys.RESERVED
        ui.press(pygame.K_r, "r")
        assert isinstance(app.top, ConfirmScene) and not game.is_terminal()
        ui.press(letters[0])
        assert game.is_terminal() and table.game is game
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- the log


def test_an_undone_action_is_struck_through_and_stays_so_in_the_save(app: App,
                                                                     ui: Driver) -> None:
    """Undo (Ctrl+Z) strikes the Brute's line and its lowered rank (R3.3) through; the line
    of the undo follows; a save keeps the marks."""
    game = actions_position()
    table = start_table(ui, game)
    assert table.apply(legal(game, "brute B2 4 -1"))  # type: ignore[arg-type]
    settle(ui)
    ui.press(pygame.K_z, "z", pygame.KMOD_CTRL)
    settle(ui)
    lines = table.log.lines
    brute = next(index for index, line in enumerate(lines) if line.kind == "action")
    assert lines[brute].undone and lines[brute + 1].kind == "lowered"
    assert lines[brute + 1].undone
    assert lines[-1].kind == "undone" and not lines[-1].undone
    assert [line.encode() for line in table.playback.narrated] == [
        line.encode() for line in lines]
    assert Line.decode(lines[brute].encode()).undone
    assert table.apply(legal(game, "brute B2 4 -1"))  # type: ignore[arg-type]
    settle(ui)
    assert not table.log.lines[-2].undone, "the same move played again is not struck"


def test_a_struck_line_is_drawn_with_a_line_through_it(app: App, ui: Driver) -> None:
    game = actions_position()
    table = start_table(ui, game)
    assert table.apply(legal(game, "brute B2 4 -1"))  # type: ignore[arg-type]
    settle(ui)
    table.log.draw(app.screen)
    before = table.log._render()
    ui.press(pygame.K_z, "z", pygame.KMOD_CTRL)
    settle(ui)
    after = table.log._render()
    assert before.get_size() == after.get_size()
    assert pygame.image.tobytes(before, "RGBA") != pygame.image.tobytes(after, "RGBA")


# ---------------------------------------------------------------------- the last move


def computer_takes_turn(ui: Driver) -> tuple[TableScene, Game]:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    for _ in range(100):
        settle(ui)
        if game.current == 0:
            break
    settle(ui)
    assert game.current == 0
    return table, game


def test_the_other_sides_last_move_stays_marked_until_the_person_acts(app: App,
                                                                      ui: Driver) -> None:
    """The cards the computer's turn moved keep an orange outline and the status panel says
    whose move they show; the person's own move takes them off."""
    table, game = computer_takes_turn(ui)
    marked = table.last_move_marks
    played = game.move_stack[-1]
    assert played.seat == 1 and marked
    before = {card.id for card in game.hands[1]} | {card.id for card in game.play_areas[1]}
    assert marked & before, "the computer's new cards are marked"
    table.draw(app.screen)
    card = next(iter(marked & {card.id for card in game.hands[1]} or marked))
    above = min((piece for piece in table.renderer.card_marks.outlines[card]
                 if piece.width > piece.height), key=lambda piece: piece.top)
    assert above.bottom <= table.picture.visible[card].top
    assert tuple(app.screen.get_at(above.center))[:3] == LAST_MOVE
    ui.press(pygame.K_SPACE, " ")
    assert game.move_stack[-1].seat == 0
    assert not table.last_move_marks


def test_a_hot_seat_turn_is_marked_for_the_next_player(app: App, ui: Driver) -> None:
    """Hot-seat: after the hand-over the next player sees the card the other one took."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    assert table.apply(legal(game, "take 0"))  # type: ignore[arg-type]
    table.finish_animations()
    ui.frames(2)
    dismiss_handover(ui)
    settle(ui)
    assert table.bottom == 1
    taken = game.hands[0][-1].id
    assert taken in table.last_move_marks
    assert table.apply(legal(game, "pass"))  # type: ignore[arg-type]
    assert not table.last_move_marks


def test_after_the_hand_over_no_card_of_the_top_hand_is_raised(app: App, ui: Driver) -> None:
    """Hot-seat: Vito passes with the pointer resting on a card of his hand, which rises;
    once Carla has the table that card is a back in the top hand, lying flat under its
    header, and the pointer moving does not raise it."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    card = table.picture.zones["hand:0"][1]
    ui.hover(centre(table, card))
    ui.frames(20)
    assert table.picture.sprites[card].lift > 0
    ui.press(pygame.K_SPACE, " ")
    settle(ui)
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert table.bottom == 1 and game.current == 1
    app.draw()
    header = table.renderer.label_rects[0]
    for moved in (False, True):
        for card_id in table.picture.zones["hand:0"]:
            sprite = table.picture.sprites[card_id]
            assert sprite.lift == 0 and sprite.lift_target == 0
            assert not header.colliderect(pygame.Rect(sprite.rect))
        if not moved:
            ui.hover(centre(table, card))
            ui.frames(20)


# ---------------------------------------------------------------------- enlarged cards


def test_a_right_click_on_a_card_enlarges_it_and_beside_the_cards_drops_the_selection(
        app: App, ui: Driver) -> None:
    game = actions_position()
    table = start_table(ui, game)
    street = game.street[1].id
    ui.click(street_point(table, 1), button=3)
    zoom = app.top
    assert isinstance(zoom, CardZoomScene) and zoom.card.id == street and zoom.face_up
    assert DECK[street].name in zoom.text
    ui.click(street_point(table, 1))
    assert app.top is table and table.gestures.selected is None, "the closing click is no move"
    ui.click(street_point(table, 0))
    assert table.gestures.selected is not None
    ui.click(empty_play_point(table), button=3)
    assert table.gestures.selected is None and app.top is table
    opponent = table.picture.zones["hand:1"][0]
    ui.click(centre(table, opponent), button=3)
    zoom = app.top
    assert isinstance(zoom, CardZoomScene) and not zoom.face_up, "a hidden card stays hidden"
    assert "hidden" in zoom.text


def test_a_long_press_enlarges_a_card_and_is_no_click(app: App, ui: Driver) -> None:
    game = actions_position()
    table = start_table(ui, game)
    hand = table.picture.zones["hand:0"][0]
    point = centre(table, hand)
    app.frame([ui.mouse_move(point), ui.mouse_down(point)], 1 / 60)
    assert table.next_change() is not None and table.next_change() <= LONG_PRESS
    for _ in range(100):
        app.frame([], 0.05)
        if app.top is not table:
            break
    zoom = app.top
    assert isinstance(zoom, CardZoomScene) and zoom.card.id == hand
    app.frame([ui.mouse_up(point)], 1 / 60)
    assert app.top is zoom, "letting go does not close it"
    ui.press(pygame.K_ESCAPE)
    assert app.top is table
    assert table.gestures.selected is None and table.gestures.press is None
    assert not game.move_stack


def test_a_hinted_pass_that_ends_the_game_asks_first(app: App, ui: Driver) -> None:
    """R5.2: Enter on a hint to pass, when the other player passed last turn, asks before
    the game ends, as the Pass button does."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   passed_last_turn=True, turn=2)
    table = start_table(ui, game)
    hints = table.assist.hints
    hints.ask()
    ui.frames(2)
    hints.action = PASS  # the hint, whatever the search found: pass
    ui.press(pygame.K_RETURN)
    assert isinstance(app.top, ConfirmScene) and not game.is_terminal()
    ui.press(pygame.K_ESCAPE)
    assert app.top is table and not game.is_terminal()


def test_a_long_press_while_the_computer_thinks_enlarges_too(app: App, ui: Driver) -> None:
    """The press hurries the computer's turn and, held still, shows the card enlarged."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9
    point = street_point(table, 2)
    app.frame([ui.mouse_move(point), ui.mouse_down(point)], 1 / 60)
    assert table.hurry_turn
    for _ in range(100):
        app.frame([], 0.05)
        if app.top is not table:
            break
    zoom = app.top
    assert isinstance(zoom, CardZoomScene) and zoom.card.id == game.street[2].id
