"""Gestures that do not happen leave nothing behind: Esc during a drag sends the card back and
puts out the targets it lit (the green "valid" glow goes with the card); and a lesson that
wants another move refuses a Brute on the wrong card at once, before the chooser would ask how
far (R3.3), while the right card still opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from positions import game_at
from test_table import centre, own_card_point, settle, start_table, street_point
from test_tutorial import open_lesson

from famiglia.rules import Brute
from famiglia.ui import theme as t
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.table.places import Place

if TYPE_CHECKING:
    from ui_driver import Driver


def test_escape_during_a_drag_puts_out_the_lit_targets(app: App, ui: Driver) -> None:
    """R3.3: a Brute in flight lights the Street cards it may lower; Esc sends it home and
    no card or zone keeps the glow, on the next frame as on every later one."""
    game = game_at(hands=("B2 A2 F0", "F0 A0 B0 M0"), play_areas=("M2", ""),
                   street="F2 B3 M1 A1 F3", fresh_cards_rule=False)
    table = start_table(ui, game)
    start = own_card_point(table, "hand", "B2")
    brute = next(card.id for card in game.hands[0] if card.code == "B2")
    home = table.picture.slot_of[brute].copy()
    ui.app.frame([ui.mouse_move(start), ui.mouse_down(start)], 1 / 60)
    for step in range(1, 6):
        ui.app.frame([ui.mouse_move((start[0], start[1] - 30 * step), held=True)], 1 / 60)
    gestures = table.gestures
    assert gestures.dragged is not None and gestures.lit
    assert t.DROP_OK in table.renderer.marks().values()
    ui.press(pygame.K_ESCAPE)
    assert gestures.dragged is None and gestures.lit == [] and not gestures.drop_meanings
    assert t.DROP_OK not in table.renderer.marks().values()
    settle(ui)
    assert pygame.Rect(table.picture.sprites[brute].rect) == home
    assert app.top is table, "Esc put the card down, it did not open the menu"
    ui.app.frame([ui.mouse_up(street_point(table, 1))], 1 / 60)
    settle(ui)
    assert game.ply() == 0, "the release after Esc drops nothing"


def test_the_lesson_refuses_a_brute_on_the_wrong_card_before_the_chooser(app: App,
                                                                          ui: Driver) -> None:
    """Lesson 7 wants Famiglia 3 lowered by 2; Brute 2 dropped on Mercenary 3 (rank 3: it
    could be lowered by 1 or 2) is refused at once with the lesson's sentence, no chooser
    opens, and the game is untouched; dropped on Famiglia 3 the chooser asks as before."""
    table = open_lesson(ui, 6)
    game = table.game
    wrong = next(index for index, card in enumerate(game.street) if card.code == "M3")
    assert {a.by for a in game.legal_actions()
            if isinstance(a, Brute) and a.street == wrong} == {1, 2}
    ui.drag(own_card_point(table, "hand", "B2"), street_point(table, wrong))
    assert app.top is table, "no chooser for a card the lesson does not mean"
    assert game.ply() == 0
    assert "Famiglia 3" in table.panel.words()[1]
    settle(ui)
    ui.drag(own_card_point(table, "hand", "B2"), street_point(table, 0))
    assert isinstance(app.top, ChooserScene), "the right card asks how far"
    assert table.runner.refusal() is None, "the right card clears the lesson's refusal"


def test_a_card_on_the_way_home_still_lies_in_its_own_place(app: App, ui: Driver) -> None:
    """After Esc the hand is hit-tested as it rests: the card just sent back is found there."""
    game = game_at(hands=("B2 A2 F0", "F0 A0 B0 M0"), street="F2 B3 M1 A1 F3",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    start = own_card_point(table, "hand", "A2")
    ui.app.frame([ui.mouse_move(start), ui.mouse_down(start)], 1 / 60)
    ui.app.frame([ui.mouse_move((start[0] + 40, start[1] - 120), held=True)], 1 / 60)
    ui.press(pygame.K_ESCAPE)
    settle(ui)
    accountant = next(card.id for card in game.hands[0] if card.code == "A2")
    spot = table.gestures.hit(centre(table, accountant))
    assert spot is not None and spot.zone is Place.HAND and spot.card is not None
    assert spot.card.id == accountant
