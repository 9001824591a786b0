"""Taking back a take or a pass at the table (R3.4, R4.1, R5.2): while it showed nothing new
and the other side has not moved, Ctrl+Z or the Undo button gives the turn back to the
person as it stood.  The computer and the Gangster wait a moment before they move, so a card
dropped on the wrong place can be had back, unless the person hurries them; in hot-seat the
hand-over offers the take-back to the player who just moved.  The other side's moves are
never the person's to take back.  After the person's first pass the status says, just above
the Pass button, that the other side may now end the game with a pass of its own, and with
what result (R5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import COMPUTER, NAMES, dismiss_handover, settle, start_table, street_point

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import PASS, Game, Zone
from famiglia.ui.app import App
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.table import state as state_module
from famiglia.ui.table.phrases import verdict_words
from famiglia.ui.table.texts import first_pass_note

if TYPE_CHECKING:
    from ui_driver import Driver

    from famiglia.ui.scenes.table import TableScene


def takeable_game(**extra: object) -> Game:
    """Seat 0 can take the Famiglia 1 (R3.4b: two Famiglia 0) or the free Accountant 0; the
    Street keeps cards after either, so no refill shows new ones (R4.1)."""
    return game_at(hands=("F0 F0 A1", "B0 M0 A0 F0"), street="F1 A0 M3 B2",
                   draw_pile="B1 A3 M3 F1 A2", fresh_cards_rule=False, **extra)


def hand_point(table: TableScene) -> tuple[int, int]:
    return (table.frame.bottom_hand.left + 6, table.frame.bottom_hand.centery)


def undo_key(ui: Driver) -> None:
    ui.app.frame([ui.key_down(pygame.K_z, "z", pygame.KMOD_CTRL)], 1 / 60)


def same_picture(table: TableScene) -> bool:
    return all(table.picture.zones[zone] == list(table.game.zone_ids(zone)) for zone in Zone)


def test_a_dropped_take_is_taken_back_before_the_computer_moves(app: App, ui: Driver) -> None:
    """R3.4, R4.1: the take drew nothing; the computer waits (a click on the table does not
    hurry it past that), Ctrl+Z gives the card back to the Street and the turn back to the
    person, the log strikes the take and its turn."""
    game = takeable_game()
    table = start_table(ui, game, seats=("human", COMPUTER))
    before = game.to_dict()
    ui.drag(street_point(table, 1), hand_point(table))
    settle(ui)
    assert game.current == 1 and table.flow.grace_left > 0
    assert table.assist.undo_button.enabled
    ui.click(hand_point(table))  # reaching for the card again: the computer still waits
    assert table.flow.grace_left > 0
    undo_key(ui)
    settle(ui)
    assert game.to_dict() == before and game.current == 0
    assert same_picture(table) and table.can_act
    struck = [line for line in table.log.lines if line.undone]
    assert {line.kind for line in struck} >= {"action", "turn"}
    assert any("takes back taking Accountant 0" in text for text, _ in table.log.entries)
    for _ in range(5):
        ui.app.frame([], 1.0)
    assert game.current == 0, "the computer does not move in the person's turn"


def test_once_the_computer_has_moved_its_move_is_not_the_persons_to_undo(app: App,
                                                                        ui: Driver) -> None:
    """Space hurries the computer past its wait; then Undo offers nothing and says why."""
    game = takeable_game()
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.drag(street_point(table, 1), hand_point(table))
    settle(ui)
    ui.press(pygame.K_SPACE, " ")
    for _ in range(200):
        if game.current == 0 and not table.busy:
            break
        table.finish_animations()
        ui.app.frame([], 0.1)
    settle(ui)
    assert game.current == 0 and game.peek() is not None and game.peek().seat == 1
    table.assist.update()
    assert not table.assist.undo_button.enabled
    assert table.assist.undo_button.tooltip
    undo_key(ui)
    settle(ui)
    assert game.peek() is not None and game.peek().seat == 1


def test_a_pass_is_taken_back_from_the_hot_seat_hand_over(app: App, ui: Driver) -> None:
    """R5.2: the first pass can be taken back: the hand-over offers it to the player who
    passed (the next player has not seen the table), and the turn is theirs again; once the
    next player has taken the table, it is not theirs to take back."""
    game = takeable_game()
    table = start_table(ui, game, seats=(Seat.human(), Seat.human()))
    before = game.to_dict()
    ui.click(table.pass_button.rect.center)
    settle(ui)
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.take_back is not None
    assert "Vito" in handover.take_back_button.text
    ui.click(handover.take_back_button.rect.center)
    settle(ui)
    assert game.to_dict() == before and table.bottom == 0
    assert app.top is table and table.can_act
    table.apply(PASS)
    settle(ui)
    assert isinstance(app.top, HandoverScene)
    undo_key(ui)
    settle(ui)
    assert game.to_dict() == before and app.top is table
    table.apply(PASS)
    settle(ui)
    dismiss_handover(ui)
    settle(ui)
    assert table.bottom == 1
    table.assist.update()
    assert not table.assist.undo_button.enabled, "Carla cannot take back Vito's pass"


def test_the_take_that_refilled_the_street_stays(app: App, ui: Driver) -> None:
    """R4.1: a take that empties the Street refills it with new cards: nothing to take back."""
    game = game_at(hands=("F0", "B0 M0 A0 F0"), street="A0", draw_pile="B1 A3 M3 F1 A2 B2 M2",
                   fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.drag(street_point(table, 0), hand_point(table))
    settle(ui)
    assert table.flow.grace_left == 0
    table.assist.update()
    assert not table.assist.undo_button.enabled


def test_the_first_passer_is_told_how_the_other_sides_pass_would_end_it(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """R5.2, R5.3: after the person's first pass, while the computer is to move, the status's
    foot says that its pass would end the game, with the verdict the core gives."""
    game = takeable_game()
    table = start_table(ui, game, seats=("human", COMPUTER))
    notes: list[object] = []
    real = state_module.render_status

    def recording(*args: object, **kwargs: object) -> object:
        notes.append(kwargs.get("pass_note"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(state_module, "render_status", recording)
    ui.click(table.pass_button.rect.center)
    settle(ui)
    note = first_pass_note(game, 0, NAMES)
    assert note is not None and "Carla passes too" in note
    result = game.copy()
    result.apply(PASS)
    assert result.result is not None
    assert verdict_words(result.result, NAMES) in note
    assert notes and notes[-1] == note
    assert first_pass_note(game, 1, NAMES) is None, "said only to the one who passed"
    i18n.set_language("de")
    try:
        assert first_pass_note(game, 0, NAMES) != note
    finally:
        i18n.set_language("en")


def test_no_note_before_a_pass_nor_for_the_gangster(app: App) -> None:
    game = takeable_game()
    assert first_pass_note(game, 0, NAMES) is None
    game.apply("take 1")
    assert first_pass_note(game, 0, NAMES) is None
    solo = game_at(opponent="gangster", hands=("F0 F0 A1", ""), street="F1 A0 M3 B2",
                   draw_pile="B1 A3 M3 F1 A2")
    solo.apply(PASS)
    assert first_pass_note(solo, 0, NAMES) is None
