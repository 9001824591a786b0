"""Crowded rows stay readable: a row's cards are drawn alike (names written on all of them or
on none), a written name goes over the card's own banner (one name per card, never a second
one over the portrait) and never onto the coin, the "fresh" badge (R3.1d) keeps off the
faces, the victory points' coin (R1.4), the name and the ability's medallion, small names are
spaced as words, and a long Street at 1024×640 takes the room it has, its cards as large as
that allows and every written name clear of the next card.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import COMPUTER, settle, start_table
from test_table_in_play import long_street

from famiglia import i18n
from famiglia.rules import DECK, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui import theme as t
from famiglia.ui.app import App
from famiglia.ui.card_words import BANNER, CARD_W, COIN, MEDALLION
from famiglia.ui.table import marks
from famiglia.ui.table.geometry import PENNANT_SIDE, PORTRAIT_TOP, art_height
from famiglia.ui.table.layout import table_frame
from famiglia.ui.table.street_layout import MIN_STRIP, street_slots
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
def test_the_fresh_badge_keeps_off_the_faces_the_coin_and_the_surname(
        app: App, size: tuple[int, int]) -> None:
    """R3.1d's badge sits on its card's top edge, across its strip: over the card where
    there is free room (never onto the Street's heading nor the row above with its "take"
    badges), else reaching into it only above the portrait (the hats and faces), so above the
    banner, where the surname is printed, and off the coin (R1.4), and right of the rank
    pennant, in one row as in two (the rank chip written there too)."""
    for count in range(1, 25):
        frame = table_frame(size, count)
        slots = street_slots(frame, count)
        for slot in slots:
            fresh, rect = slot.fresh, slot.rect
            assert fresh.height >= 10
            assert slot.visible.left <= fresh.left and fresh.right <= slot.visible.right
            assert fresh.top <= rect.top <= fresh.bottom, "on the card's top edge"
            assert fresh.bottom <= art_height(rect, PORTRAIT_TOP)
            assert fresh.bottom < art_height(rect, BANNER[0])
            assert fresh.bottom < art_height(rect, COIN[0])
            assert frame.street_area.contains(fresh)
            assert not fresh.colliderect(frame.street_heading)
            for other in slots:
                assert not fresh.colliderect(other.take)
                if other is not slot:
                    assert not fresh.colliderect(other.visible)
            if fresh.bottom > rect.top:
                assert fresh.left >= rect.left + rect.width * PENNANT_SIDE - 1, "the pennant"


@pytest.mark.parametrize("size", SIZES)
def test_the_fresh_badge_keeps_off_the_printed_ability(app: App, size: tuple[int, int]) -> None:
    """R3.1d's badge never lies over the medallion of a card's ability (R3.2–R3.4, top right
    on ranks 1–4) where the card shows it: the rightmost card, under the Street's heading,
    gets it between its pennant and its medallion."""
    (centre_x, centre_y), radius = MEDALLION
    for count in range(1, 25):
        for slot in street_slots(table_frame(size, count), count):
            rect = slot.rect
            medallion = pygame.Rect(
                rect.left + round(rect.width * (centre_x - radius) / CARD_W),
                art_height(rect, centre_y - radius),
                round(rect.width * 2 * radius / CARD_W), 0)
            medallion.height = art_height(rect, centre_y + radius) - medallion.top
            shown = medallion.clip(slot.visible)
            assert not slot.fresh.colliderect(shown), (count, slot.fresh, shown)


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
    """Up to 13 Street cards keep the Street's full card size in one row across its width,
    each showing a strip a name can be written in; a longer Street goes into two rows that
    fill the height between the opponent's row and the own play area's label (taller, the
    hand giving some of its height) and spread across its width, up to the Street's
    heading."""
    for count in range(6, 14):
        frame = table_frame(MIN_WINDOW, count)
        assert frame == table_frame(MIN_WINDOW)
        assert frame.street_card[0] >= 85
        slots = street_slots(frame, count)
        assert {slot.rect.size for slot in slots} == {frame.street_card}
        assert slots[-1].rect.right >= frame.street.right - 2
        assert min(slot.visible.width for slot in slots) >= MIN_STRIP
    for count in (14, 16, 20):
        frame = table_frame(MIN_WINDOW, count)
        area = frame.street_area
        assert area.height > table_frame(MIN_WINDOW).street_area.height
        assert 0 <= area.top - frame.top_play.bottom <= 6
        assert 0 <= frame.bottom_label[1] - area.bottom <= 6
        slots = street_slots(frame, count)
        tops = sorted({slot.rect.top for slot in slots})
        assert len(tops) == 2
        card = slots[0].rect
        badge = slots[0].take.height + 3
        assert 2 * (card.height + badge) + 4 >= area.height - 2
        assert card.width >= 60
        for top in tops:
            assert max(slot.rect.right for slot in slots if slot.rect.top == top) \
                >= frame.street_heading.left - card.width // 2


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", SIZES)
def test_the_street_s_heading_stays_uncovered_however_long_the_street(
        app: App, size: tuple[int, int], language: str) -> None:
    """One row or two, no Street card covers the Street's heading, which shows its name at
    its full size inside the Street's room."""
    frame = table_frame(size)
    heading = frame.street_heading
    i18n.set_language(language)
    try:
        words = app.theme.font(frame.font(15), True).size(i18n.zone_name(Zone.STREET))
    finally:
        i18n.set_language("en")
    assert words[0] <= heading.width and words[1] <= heading.height
    for count in range(1, 31):
        frame = table_frame(size, count)
        heading = frame.street_heading
        assert frame.street_area.contains(heading)
        assert pygame.Rect(heading).collidelist([slot.rect for slot in street_slots(
            frame, count)]) < 0, count


def names_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, pygame.Rect]]:
    """Every name the table writes over a card from now on, its size and the card's strip."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    write = marks.CardMarks._name

    def recording(surface: pygame.Surface, theme: Theme, name: str, size: int,
                  strip: pygame.Rect, rect: pygame.Rect) -> None:
        drawn.append((name, size, pygame.Rect(strip)))
        write(surface, theme, name, size, strip, rect)

    monkeypatch.setattr(marks.CardMarks, "_name", staticmethod(recording))
    return drawn


@pytest.mark.parametrize("count", [7, 9, 12, 16])
@pytest.mark.parametrize("size", SIZES)
def test_a_long_street_draws_large_cards_whose_names_are_never_covered(
        app: App, ui: Driver, size: tuple[int, int], count: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As drawn: 7 to 12 Street cards at the Street's full size (at least 85 pixels wide at
    1024×640) spread across its width, every card inside the Street's room, and every name
    written over a card fits its uncovered strip, which ends where the next card begins, on
    a band the printed name never shows through; a crowded play area likewise."""
    ui.resize(size)
    drawn = names_drawn(monkeypatch)
    bands = written_names(monkeypatch)
    pool = long_street(count + 14).split()
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street=" ".join(pool[:count]),
                   play_areas=(" ".join(pool[count:]), ""), fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", COMPUTER))
    drawn.clear()
    bands.clear()
    table.renderer._layer = None
    app.draw()
    frame = table.frame
    layer = table.renderer._layer
    assert layer is not None
    band_rows = {rect.topleft: (top, bottom) for rect, top, bottom in bands}
    street = [pygame.Rect(table.picture.sprites[card_id].rect)
              for card_id in table.picture.zones[Zone.STREET]]
    assert all(frame.street_area.contains(rect) for rect in street)
    if count <= 12:
        assert {rect.size for rect in street} == {frame.street_card}
        assert street[-1].right >= frame.street.right - 2
    if size == MIN_WINDOW and count <= 12:
        assert street[0].width >= 85
    rows = [table.picture.display_order(zone) for zone in (Zone.STREET, Zone.PLAY_0)]
    following: dict[tuple[int, int], pygame.Rect] = {}
    for ids in rows:
        rects = [pygame.Rect(table.picture.sprites[card_id].rect) for card_id in ids]
        for rect, after in itertools.pairwise(rects):
            if after.top == rect.top:
                following[rect.left, rect.top] = after
    assert drawn or size != MIN_WINDOW
    for name, written, strip in drawn:
        lines = marks.name_lines(app.theme, name, written, strip.width - 4)
        assert max(app.theme.fine(line, written, bold=True).get_width()
                   for line in lines) <= strip.width - 4, name
        neighbour = following.get((strip.left, strip.top))
        assert neighbour is None or strip.right <= neighbour.left, name
        top, bottom = band_rows[strip.topleft]
        assert all(layer.get_at((strip.right - 2, y))[:3] == t.PANEL
                   for y in range(top, bottom)), "the band hides the printed name"


@pytest.mark.parametrize("size", SIZES)
def test_every_card_on_the_solo_table_shows_its_rank_and_name(
        app: App, ui: Driver, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On the solo table (S2) every face-up card but the person's hand is either drawn large
    and whole enough to read its own rank and name, or gets them written over it: the
    Gangster's play area, the Street, the person's play area and the discard pile's top."""
    ui.resize(size)
    drawn = names_drawn(monkeypatch)
    pool = long_street(20).split()
    game = game_at(opponent="gangster", hands=("F0 A0 B0 M0", ""),
                   play_areas=(" ".join(pool[14:]), " ".join(sorted(pool[6:14],
                                                                    key=lambda c: c[1]))),
                   street=" ".join(pool[:6]), discard="F2 A3")
    table = start_table(ui, game, seats=("human", "gangster"))
    drawn.clear()
    table.renderer._layer = None
    app.draw()
    picture = table.picture
    named = {(name, *strip.topleft) for name, _, strip in drawn}
    readable = 0
    for zone in (Zone.PLAY_1, Zone.STREET, Zone.PLAY_0, Zone.DISCARD):
        ids = picture.zones[zone][-1:] if zone is Zone.DISCARD else picture.zones[zone]
        for card_id in ids:
            rect, strip = picture.slot_of[card_id], picture.visible[card_id]
            if rect.height >= marks.SMALL_CARD and strip.width >= rect.width * marks.COVERED:
                readable += 1
                continue
            assert (DECK[card_id].name, *strip.topleft) in named, (zone, size)
    assert all((DECK[card_id].name, *picture.visible[card_id].topleft) in named
               for card_id in picture.zones[Zone.PLAY_1]), "the Gangster's cards are named"
    assert readable or size == MIN_WINDOW


@pytest.mark.parametrize("word", ["take", "nehmen", "nemen"])
@pytest.mark.parametrize("width", [18, 30, 44, 90])
def test_a_badge_keeps_inside_its_place_however_narrow(app: App, ui: Driver, width: int,
                                                       word: str) -> None:
    """R3.4: a "take" badge under a crowded Street's strip stays inside its place (badges of
    neighbouring cards never run into each other); where its word does not fit even at the
    smallest readable size it is a plain pill of its colour, which hovering the card
    explains."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 A1 B2 M3 F2 A2")
    table = start_table(ui, game, seats=("human", COMPUTER))
    place = pygame.Rect(40, 40, width, 18)
    surface = pygame.Surface((200, 100), pygame.SRCALPHA)
    table.renderer.card_marks.badge(surface, word, place, t.GREEN)
    painted = surface.get_bounding_rect()
    assert painted.width and place.contains(painted), (painted, place)
