"""A crowded table stays readable and steady at 1024×640: the play areas are stacks of the
cards that look alike (R1.3, R1.5) in a fixed order, so an Accountant played (R3.2) opens a
stack at the right end and no card moves under the pointer, an emptied stack keeps its place
until the turn ends, and every stack's top card is grabbed where it shows; a long Street
(R2.4) takes room from the hand, which holds only a few cards, so that its two rows stay
readable; nothing covers a zone's heading; and every text fits, in English, German and Dutch.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import (
    COMPUTER,
    centre,
    empty_hand_point,
    own_card_point,
    settle,
    start_table,
)

from famiglia import i18n
from famiglia.rules import DECK, Game, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.table.layout import table_frame
from famiglia.ui.table.places import Place
from famiglia.ui.table.street_layout import MIN_STRIP

if TYPE_CHECKING:
    from ui_driver import Driver

    from famiglia.ui.scenes.table import TableScene

#: Fourteen Street cards (R3.1 refreshes drew them) and what is left for the play areas.
STREET = "F1 A1 B1 M1 F2 A2 B2 M2 F3 A3 B3 M3 F1 A1"


def crowded(*, street: str = STREET) -> Game:
    """Vito holds an Accountant 2 and an Accountant 1, 25 cards lie in his play area (many of
    one code), Carla's holds the rest; the fresh-cards rule is off (R3.1d)."""
    return game_at(hands=("A2 F0 B0 M0", "A0 B0 M0 F0 M4"),
                   play_areas=("F0 F0 A0 A0 B0 B0 M0 F1 F1 B1 M1 M1 F2 A2 B2 M2 M2 F3 A3 B3 F4 A4"
                               " B4 A1 B1", "M3"),
                   street=street, draw_pile="F2 B2", fresh_cards_rule=False)


def rests(table: TableScene) -> dict[int, pygame.Rect]:
    return {card_id: table.picture.slot_of[card_id].copy()
            for card_id in table.picture.ids_at(Place.PLAY)}


def test_the_play_area_is_stacks_each_grabbed_where_it_shows(app: App, ui: Driver) -> None:
    """R1.3: 25 cards lie on one stack per code and back, their counts adding up; each
    stack's top card is what the pointer finds on its strip, and a lower card is never
    found in front of it."""
    ui.resize(MIN_WINDOW)
    game = crowded()
    table = start_table(ui, game, seats=("human", COMPUTER))
    picture = table.picture
    zone = Zone.play_area(0)
    tops = picture.pickable(zone)
    keys = Counter((card.code, card.back) for card in game.play_areas[0])
    assert len(tops) == len(keys) < 25
    counts = picture.stack_counts[zone]
    assert sum(counts.get(card_id, 1) for card_id in tops) == 25
    for card_id in tops:
        strip = picture.visible[card_id]
        assert strip.width >= MIN_STRIP
        spot = table.gestures.hit(strip.center)
        assert spot is not None and spot.card is not None and spot.card.id == card_id
    lower = [card_id for card_id in picture.ids_at(Place.PLAY) if card_id not in tops]
    assert lower and all(picture.visible[card_id].width == 0 for card_id in lower)


def test_an_accountant_played_opens_a_stack_at_the_end_and_nothing_moves(app: App,
                                                                        ui: Driver) -> None:
    """R3.2: the Accountant 2 goes to a stack of its own at the play area's right end (or on
    its code's stack); no card already there moves, so the next drag takes the card the
    pointer was on; an exchange that empties a stack leaves its place empty until the turn
    ends, and then the stacks close up."""
    ui.resize(MIN_WINDOW)
    game = game_at(hands=("A2 F0 B0 M0 F2", "A0 B0 M0 F0 M4"),
                   play_areas=("F0 F0 A0 B0 M0 F1 B1 M1 M1 B2 F3 A3", "M3"),
                   street=STREET, draw_pile="F2 B2", fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    before = rests(table)
    f1 = next(card.id for card in game.play_areas[0] if card.code == "F1")
    where = centre(table, f1)
    ui.drag(own_card_point(table, "hand", "A2"), (table.frame.bottom_play.right - 4,
                                                  table.frame.bottom_play.centery))
    settle(ui)
    assert game.stage == "accountant"
    after = rests(table)
    assert {card_id: after[card_id] for card_id in before} == before, "nothing moved"
    accountant = next(card.id for card in game.play_areas[0] if card.code == "A2")
    assert after[accountant].left > max(rect.left for rect in before.values())
    spot = table.gestures.hit(where)
    assert spot is not None and spot.card is not None and spot.card.id == f1
    # the only Famiglia 1 goes back to the hand for the Famiglia 2: its place stays empty
    ui.drag(where, own_card_point(table, "hand", "F2"))
    settle(ui)
    assert "F1" not in [card.code for card in game.play_areas[0]]
    during = rests(table)
    assert {card_id: during[card_id] for card_id in before if card_id in during} == {
        card_id: before[card_id] for card_id in before if card_id in during}
    ui.press(pygame.K_SPACE, " ")  # the turn ends: the stacks close up
    settle(ui)
    table.finish_animations()
    settle(ui)
    lefts = sorted(rect.left for card_id, rect in rests(table).items()
                   if card_id in table.picture.pickable(Zone.play_area(0)))
    steps = {right - left for left, right in pairwise(lefts)}
    assert max(steps) - min(steps) <= 1, "no gap is left"


def test_a_long_street_takes_room_from_the_hand(app: App) -> None:
    """R2.4: at 1024×640 a Street of 14 cards goes into two rows, for which the hand gives
    some of its height: the Street's cards are larger than two rows would be otherwise,
    and the hand's still as large as the play area's."""
    short, long = table_frame(MIN_WINDOW, 6), table_frame(MIN_WINDOW, 14)
    assert long.hand_card[1] < short.hand_card[1]
    assert long.hand_card[1] > long.play_card[1]
    assert long.street_area.height > short.street_area.height
    assert long.side == short.side and long.log == short.log, "the side panel stays"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_crowded_table_fits_and_covers_no_heading(app: App, ui: Driver,
                                                    language: str) -> None:
    """14 Street cards in two rows at least 90 pixels high, 25 play-area cards: every text
    fits its box, no card lies over a zone's heading or over the Street's, and no two
    stacks' strips overlap."""
    i18n.set_language(language)
    try:
        ui.resize(MIN_WINDOW)
        game = crowded()
        table = start_table(ui, game, seats=("human", COMPUTER))
        app.theme.overflows.clear()
        table.renderer.invalidate()
        table.draw(app.screen)
        assert app.theme.overflows == []
        picture = table.picture
        assert len({slot.rect.top for slot in picture.street_slots}) == 2
        assert min(slot.rect.height for slot in picture.street_slots) >= 90
        headings = [*picture.headings, table.frame.street_heading]
        for card_id, sprite in picture.sprites.items():
            if card_id in picture.zones[Zone.DRAW_PILE]:
                continue
            rect = pygame.Rect(sprite.rect)
            assert rect.collidelist(headings) < 0, (DECK[card_id].code, rect)
        for zone in (Zone.PLAY_0, Zone.PLAY_1):
            strips = [picture.visible[card_id] for card_id in picture.pickable(zone)]
            for index, strip in enumerate(strips):
                assert not any(strip.colliderect(other) for other in strips[index + 1:])
    finally:
        i18n.set_language("en")


def test_a_take_that_shortens_the_street_gives_the_hand_its_room_back(app: App,
                                                                      ui: Driver) -> None:
    """R3.4a: the free Accountant 0 taken from a Street of 14 leaves 13, which one row shows:
    the hand's cards grow back to their size, and the table's frame is the one for 13."""
    ui.resize(MIN_WINDOW)
    game = crowded(street="A0 F1 A1 B1 M1 F2 A2 B2 M2 F3 A3 B3 M3 F1")
    table = start_table(ui, game, seats=("human", COMPUTER))
    assert table.frame == table_frame(MIN_WINDOW, 14)
    ui.drag(centre(table, game.street[0].id), empty_hand_point(table))
    settle(ui)
    assert len(game.street) == 13
    assert table.frame == table_frame(MIN_WINDOW, 13)
    assert table.frame.hand_card == table_frame(MIN_WINDOW, 6).hand_card
    for card_id in table.picture.zones[Zone.hand(0)]:
        assert pygame.Rect(table.picture.sprites[card_id].rect).size == table.frame.hand_card
