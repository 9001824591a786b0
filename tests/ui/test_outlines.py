"""Outlines and the coach's rings keep off every card they do not mean: around a card of a
crowded row (whose neighbours begin where its uncovered strip ends) they are drawn above and
below its strip and beside it only where there is room, so they never cover the name written
over it or over its neighbours; around a card with room beside it they close all round.
The selection, the keyboard cursor and the other side's last move (outlined until the person
acts) are measured on the Street, the coach's rings in a lesson's crowded Street.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_crowded_rows import names_drawn
from test_table import COMPUTER, start_table
from test_table_in_play import long_street

from famiglia.rules import DECK, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.drag import Spot
from famiglia.ui.table.geometry import frame_pieces
from famiglia.ui.table.marks import OUTLINE, OUTLINE_GAP, other_cards
from famiglia.ui.table.places import Place
from famiglia.ui.table.state import TableState
from famiglia.ui.tutorial.coach import Pointers
from famiglia.ui.tutorial.script import Point

if TYPE_CHECKING:
    from ui_driver import Driver

SIZES = [(1280, 800), MIN_WINDOW]


def street_table(ui: Driver, count: int) -> TableScene:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street=long_street(count),
                   fresh_cards_rule=False)
    return start_table(ui, game, seats=("human", COMPUTER))


def written(drawn: list[tuple[str, int, pygame.Rect]]) -> list[pygame.Rect]:
    """The strips the table wrote names across (a name runs across its whole strip)."""
    return [strip for _, _, strip in drawn]


def assert_clear(table: TableScene, card_id: int, pieces: list[pygame.Rect],
                 names: list[pygame.Rect]) -> None:
    shown = table.picture.visible[card_id]
    assert len(pieces) >= 2, "bars above and below the card at least"
    assert all(piece.width >= 2 and piece.height >= 2 for piece in pieces)
    for piece in pieces:
        assert piece.collidelist(other_cards(table.picture, card_id)) < 0, "covers another card"
        assert piece.collidelist(names) < 0, "covers a written name"
        assert not piece.colliderect(shown), "enters the card's own strip"
    around = shown.unionall(pieces)
    assert around.left < shown.left or around.right > shown.right or len(pieces) == 2
    assert around.top < shown.top and around.bottom > shown.bottom


@pytest.mark.parametrize("count", [6, 12, 16, 20])
@pytest.mark.parametrize("size", SIZES)
def test_the_selection_and_cursor_outlines_keep_off_every_written_name(
        app: App, ui: Driver, size: tuple[int, int], count: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    ui.resize(size)
    drawn = names_drawn(monkeypatch)
    table = street_table(ui, count)
    street = table.picture.zones[Zone.STREET]
    for index, card_id in enumerate(street):
        drawn.clear()
        table.gestures.selected = Spot(Place.STREET, DECK[card_id], index)
        table.gestures.cursor = (index + 1) % len(street)
        table.renderer._layer = None
        app.draw()
        names = written(drawn)
        assert names or size != MIN_WINDOW or count <= 6
        marks = table.renderer.card_marks.outlines
        assert_clear(table, card_id, marks[card_id], names)
        cursor = street[(index + 1) % len(street)]
        assert_clear(table, cursor, marks[cursor], names)


def test_a_card_with_room_beside_it_is_outlined_all_round(app: App, ui: Driver) -> None:
    """Four Street cards at 1280×800 lie apart: an outline closes round its card."""
    table = street_table(ui, 4)
    card_id = table.picture.zones[Zone.STREET][1]
    shown = table.picture.visible[card_id]
    pieces = frame_pieces(shown, other_cards(table.picture, card_id), OUTLINE_GAP, OUTLINE)
    around = shown.unionall(pieces)
    assert len(pieces) == 4
    assert around.left < shown.left and around.right > shown.right


@pytest.mark.parametrize("size", SIZES)
def test_the_last_move_s_outlines_keep_off_the_neighbours(app: App, ui: Driver,
                                                          size: tuple[int, int],
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    ui.resize(size)
    drawn = names_drawn(monkeypatch)
    table = street_table(ui, 16)
    street = table.picture.zones[Zone.STREET]
    marked = frozenset(street[3:6])
    monkeypatch.setattr(TableState, "last_move_marks", property(lambda _self: marked))
    table.renderer._layer = None
    app.draw()
    for card_id in marked:
        assert_clear(table, card_id, table.renderer.card_marks.outlines[card_id],
                     written(drawn))


@pytest.mark.parametrize("count", [9, 12, 16, 20])
@pytest.mark.parametrize("size", SIZES)
def test_the_coach_s_rings_cover_no_card_it_does_not_mean(
        app: App, ui: Driver, size: tuple[int, int], count: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach points at Street cards of a crowded Street and at a hand card: its rings
    cover neither the other cards nor the names written over them."""
    ui.resize(size)
    drawn = names_drawn(monkeypatch)
    table = street_table(ui, count)
    table.renderer._layer = None
    app.draw()
    pointers = Pointers(table, table.picture)
    positions = [0, 3, count // 2, count - 1]
    points = [Point(Place.STREET, position=index) for index in positions]
    pointers.draw(app.screen, [*points, Point(Place.HAND, "A0")], pygame.Rect(0, 0, 1, 1))
    street = table.picture.zones[Zone.STREET]
    hand = [card_id for card_id in table.picture.zones[Zone.HAND_0] if DECK[card_id].code == "A0"]
    meant = [street[index] for index in positions] + hand
    assert len(pointers.ring_pieces) == len(meant)
    for card_id, pieces in zip(meant, pointers.ring_pieces, strict=True):
        assert_clear(table, card_id, pieces, written(drawn))
