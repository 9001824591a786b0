"""Crowded rows stay readable: a row's cards are drawn alike (names written on all of them or
on none), a written name goes over the card's own banner (one name per card, never a second
one over the portrait) and never onto the coin, the "fresh" badge (R3.1d) keeps off the
victory points' coin (R1.4) and the name, small names are spaced as words, and a long Street
at 1024×640 takes the room it has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import COMPUTER, settle, start_table
from test_table_in_play import long_street

from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.card_words import BANNER, COIN
from famiglia.ui.table import marks
from famiglia.ui.table.layout import art_height, street_slots, table_frame
from famiglia.ui.theme import FINE_SUPERSAMPLE, Theme

if TYPE_CHECKING:
    from ui_driver import Driver

SIZES = [(1280, 800), MIN_WINDOW, (1600, 1000)]


def written_names(monkeypatch: pytest.MonkeyPatch) -> list[tuple[pygame.Rect, int, int]]:
    """Every name the table writes over a card from now on: the card's rect and the band's
    rows."""
    written: list[tuple[pygame.Rect, int, int]] = []
    band = marks.name_band

    def recording(rect: pygame.Rect, height: int) -> tuple[int, int]:
        top, bottom = band(rect, height)
        written.append((pygame.Rect(rect), top, bottom))
        return top, bottom

    monkeypatch.setattr(marks, "name_band", recording)
    return written


@pytest.mark.parametrize("size", SIZES[:2])
def test_a_seven_card_street_draws_every_card_alike(app: App, ui: Driver, size: tuple[int, int],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ui.resize(size)
    written = written_names(monkeypatch)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street=long_street(7),
                   fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    written.clear()
    table.renderer._layer = None
    ui.frames(1)
    street = [pygame.Rect(table.picture.sprites[card_id].rect)
              for card_id in table.picture.zones["street"]]
    named = [rect for rect, _, _ in written if rect in street]
    assert len(named) in (0, len(street)), f"{len(named)} of {len(street)} cards named"


@pytest.mark.parametrize("count", [9, 12, 16])
@pytest.mark.parametrize("size", SIZES)
def test_a_written_name_covers_the_card_s_own_and_never_the_coin(
        app: App, ui: Driver, size: tuple[int, int], count: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Overlapping or small Street cards and a full Gangster's play area (S2): each named
    card gets one band, over its banner and off its coin."""
    ui.resize(size)
    written = written_names(monkeypatch)
    pool = long_street(2 * count).split()
    game = game_at(opponent="gangster", hands=("F0 A0 B0 M0", ""),
                   play_areas=("", " ".join(sorted(pool[count:], key=lambda code: code[1]))),
                   street=" ".join(pool[:count]))
    start_table(ui, game, seats=("human", "gangster"))
    settle(ui)
    assert written or size != MIN_WINDOW
    rects = [rect for rect, _, _ in written]
    assert len(rects) == len({tuple(rect) for rect in rects}), "one name per card"
    for rect, top, bottom in written:
        assert top <= art_height(rect, BANNER[0]) and bottom >= art_height(rect, BANNER[1])
        assert bottom <= art_height(rect, COIN[0])


@pytest.mark.parametrize("size", SIZES)
def test_the_fresh_badge_keeps_off_the_coin_and_the_surname(app: App,
                                                           size: tuple[int, int]) -> None:
    """R3.1d's badge sits across the portrait under the rank pennant, inside its card's
    strip: above the banner, where the surname is printed, and above the surname line of a
    name written over it in two lines at the smallest size; off the coin (R1.4)."""
    frame = table_frame(size)
    line = app.theme.font(marks.NAME_SMALLEST, True).get_height()
    for count in range(1, 25):
        for slot in street_slots(frame, count):
            fresh, rect = slot.fresh, slot.rect
            assert fresh.height >= 10
            assert slot.visible.contains(fresh) and not fresh.colliderect(slot.take)
            assert fresh.bottom < art_height(rect, BANNER[0])
            _, bottom = marks.name_band(rect, 2 * line + 4)
            assert fresh.bottom <= bottom - 2 - line, "the written surname"
            assert fresh.bottom < art_height(rect, COIN[0])


def test_small_names_are_spaced_as_the_font_means_them(app: App) -> None:
    """A name written over a card keeps the font's own letter spacing at any size: its width
    is the large drawing's, scaled (the hinted small font rounds each letter: "Jesu s")."""
    theme = Theme()
    for size in (9, 11, 13):
        for name in ("Jesus Ixtab", "Michael Van Ryt", "Wasilij Zwetkow"):
            image = theme.fine(name, size, bold=True)
            large = theme.font(size * FINE_SUPERSAMPLE, True).render(name, True, (0, 0, 0))
            expected = large.get_width() * image.get_height() / large.get_height()
            assert abs(image.get_width() - expected) <= 1
            assert image.get_height() == theme.font(size, True).get_height()


def test_a_long_street_at_1024x640_takes_the_room_it_has() -> None:
    """Two rows of the Street fill the height between the opponent's row and the own play
    area's label; its cards are as large as that allows."""
    frame = table_frame(MIN_WINDOW)
    area = frame.street_area
    assert 0 <= area.top - frame.top_play.bottom <= 6
    assert 0 <= frame.bottom_label[1] - area.bottom <= 6
    for count in (12, 16):
        slots = street_slots(frame, count)
        assert len({slot.rect.top for slot in slots}) == 2
        card = slots[0].rect
        badge = slots[0].take.height + 3
        assert 2 * (card.height + badge) + 4 >= area.height - 2
        assert card.width >= 53
