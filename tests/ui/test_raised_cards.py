"""A raised card of the own play area (hovered, selected, the half of an exchange) rises only
into room of its own: never into the play area's heading, its shadow never over a neighbour;
a card played there from under the pointer rises as far as the play area allows, not as far
as the hand does; the badge of an exchange's half ("to your hand") covers no zone heading
and no other card, in every language at 1280×800 and 1024×640.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from test_table import (
    actions_position,
    centre,
    empty_hand_point,
    empty_play_point,
    own_card_point,
    settle,
    start_table,
)
from ui_driver import Driver, record_returns

from famiglia import i18n
from famiglia.rules import DECK, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table import render
from famiglia.ui.table.places import Place
from famiglia.ui.table.render import drawn_rect

SIZES = [(1280, 800), MIN_WINDOW]


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def card_of(table: TableScene, code: str) -> int:
    """The id of the bottom seat's card ``code`` (in its hand or play area)."""
    picture = table.picture
    return next(i for place in (Place.HAND, Place.PLAY) for i in picture.ids_at(place)
                if DECK[i].code == code)


def draw(app: App) -> None:
    app.top.draw(app.screen)  # type: ignore[union-attr]


def assert_in_its_own_room(table: TableScene, card_id: int) -> None:
    """The play-area card ``card_id`` is drawn inside the play area's band, under its
    heading."""
    frame = table.frame
    drawn = drawn_rect(table.picture.sprites[card_id])
    heading = table.renderer.zone_label_rects[Place.PLAY]
    assert table.picture.sprites[card_id].lift <= frame.play_lift
    assert drawn.top >= frame.bottom_play.top, (drawn, frame.bottom_play)
    assert not drawn.colliderect(heading), (drawn, heading)


@pytest.mark.parametrize("size", SIZES)
def test_a_card_played_from_under_the_pointer_rises_only_as_far_as_the_play_area_allows(
        app: App, ui: Driver, size: tuple[int, int]) -> None:
    """The pointer rests on Accountant 2 in the hand (raised as hand cards rise) while the
    keys play it: from the moment it belongs to the play area it never rises into the play
    area's heading, in its flight nor once it rests."""
    ui.resize(size)
    table = start_table(ui, actions_position())
    accountant = card_of(table, "A2")
    ui.hover(own_card_point(table, "hand", "A2"))
    ui.frames(30)
    assert table.picture.sprites[accountant].lift == table.frame.lift
    while table.gestures.selected is None or table.gestures.selected.card.code != "A2":
        ui.press(pygame.K_TAB)
    ui.press(pygame.K_RETURN)
    arrived = False
    for _ in range(90):
        draw(app)
        if accountant in table.picture.ids_at(Place.PLAY):
            arrived = True
            assert_in_its_own_room(table, accountant)
        ui.frames(1)
    assert arrived and not table.busy


@pytest.mark.parametrize("size", SIZES)
def test_a_card_dropped_under_the_pointer_rests_under_the_play_area_s_heading(
        app: App, ui: Driver, size: tuple[int, int]) -> None:
    """Accountant 2 dropped in the play area, the pointer then resting on it: it is the
    play area's card that is hovered (its tooltip) and it rises into its own room only."""
    ui.resize(size)
    table = start_table(ui, actions_position())
    accountant = card_of(table, "A2")
    ui.drag(own_card_point(table, "hand", "A2"), empty_play_point(table))
    for _ in range(60):
        ui.frames(1)
        if not table.busy:
            break
    point = centre(table, accountant)
    ui.hover(point)
    for _ in range(40):
        draw(app)
        assert_in_its_own_room(table, accountant)
        ui.frames(1)
    assert table.gestures.hover is not None and table.gestures.hover.zone is Place.PLAY
    assert table.picture.sprites[accountant].lift == table.frame.play_lift


def test_a_raised_play_area_card_s_shadow_stays_off_its_neighbours(app: App,
                                                                   ui: Driver) -> None:
    """The play area's cards drawn with the pointer on one of them and without: its
    neighbours look the same."""
    table = start_table(ui, actions_position())
    ui.drag(own_card_point(table, "hand", "A2"), empty_play_point(table))
    settle(ui)
    first, second = table.picture.display_order(Zone.PLAY_0)[:2]
    ui.hover((table.frame.bottom_play.right - 4, table.frame.bottom_play.bottom - 4))
    ui.frames(30)
    draw(app)
    neighbour = pygame.Rect(table.picture.slot_of[second])
    before = app.screen.subsurface(neighbour).copy()
    slot = table.picture.slot_of[first]
    ui.hover((slot.left + 4, slot.bottom - 4))  # its tooltip shows below the play area
    ui.frames(30)
    assert table.picture.sprites[first].lift == table.frame.play_lift
    draw(app)
    after = app.screen.subsurface(neighbour)
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")


def others(table: TableScene, card_id: int) -> list[pygame.Rect]:
    """Where every other card of the bottom seat and of the Street is drawn."""
    picture = table.picture
    rects = [drawn_rect(picture.sprites[other]) for place in (Place.HAND, Place.PLAY)
             for other in picture.ids_at(place) if other != card_id]
    return rects + [picture.visible[other] for other in picture.ids_at(Place.STREET)]


def assert_badge_clear(app: App, table: TableScene, card_id: int,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    places = record_returns(monkeypatch, render, "badge_place")
    draw(app)
    assert places, "no badge drawn"
    badge = places[-1]
    assert table.frame.table.contains(badge)
    for heading in table.renderer.headings():
        assert not badge.colliderect(heading), ("a heading", badge, heading)
    covered = [rect for rect in others(table, card_id) if badge.colliderect(rect)]
    assert not covered, ("another card", badge, covered)


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", SIZES)
def test_the_badge_of_an_exchange_s_half_covers_no_heading_and_no_other_card(
        app: App, ui: Driver, size: tuple[int, int], language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.2 in two halves: the play area's leftmost card dragged to the hand ("to your
    hand"), then, that half put down, a hand card dragged to the play area ("to your play
    area"): each badge is drawn in room of its own."""
    i18n.set_language(language)
    ui.resize(size)
    table = start_table(ui, actions_position())
    ui.drag(own_card_point(table, "hand", "A2"), empty_play_point(table))
    settle(ui)
    leftmost = table.picture.display_order(Zone.PLAY_0)[0]
    ui.drag(centre(table, leftmost), empty_hand_point(table))
    settle(ui)
    assert table.gestures.half is not None and table.gestures.half.take
    ui.frames(30)
    assert_badge_clear(app, table, leftmost, monkeypatch)
    ui.press(pygame.K_ESCAPE)
    assert table.gestures.half is None
    for code in ("F1", "F0", "M3"):
        card_id = card_of(table, code)
        ui.drag(centre(table, card_id), empty_play_point(table))
        settle(ui)
        assert table.gestures.half is not None and table.gestures.half.give
        ui.frames(30)
        assert_badge_clear(app, table, card_id, monkeypatch)
        ui.press(pygame.K_ESCAPE)
