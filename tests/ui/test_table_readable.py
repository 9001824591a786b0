"""Nothing covers the table and its type stays readable at the smallest window: the zone
labels keep a size whose digits read as themselves (a label is shortened rather than shrunk),
a raised play-area or hand card rises into room of its own and never over a zone's label,
and each note of the status panel's steps (R3) lies on its own step's line or under it,
indented, before the next step.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import settle, start_table, texts_rendered

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.store.names import NAME_FIELD
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.drag import Spot
from famiglia.ui.table.layout import LABEL_SMALLEST, table_frame
from famiglia.ui.table.places import Place
from famiglia.ui.table.status import NOTE_INDENT, STEPS, step_rows, step_states

if TYPE_CHECKING:
    from ui_driver import Driver

SIZES = [MIN_WINDOW, (1280, 800)]
LANGUAGES = ("en", "de", "nl")
LONG_NAME = "Annemarie-Louise"[:NAME_FIELD]


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def digit_height(app: App, size: int, bold: bool) -> int:
    """How many pixels tall a digit is at ``size``."""
    _minx, _maxx, miny, maxy, _advance = app.theme.font(size, bold).metrics("8")[0]
    return maxy - miny


def crowded_table(ui: Driver) -> TableScene:
    """A long name against the computer (its label carries its level), a full hand and
    play area."""
    game = game_at(hands=("A3 F2 F2 M3 B2 F0 B1 A1 M1", "F0 A0 B0 M0 A1 M2"),
                   play_areas=("F3 F4 M1 A2", "A2 B3"), street="F1 B1 M1 A1 F2 B3",
                   fresh_cards_rule=False)
    table = TableScene(ui.app, game, (LONG_NAME, "Computer"),
                       seats=(Seat.human(), Seat.computer("medium", 3)))
    ui.app.push(table)
    settle(ui)
    return table


@pytest.mark.parametrize("language", LANGUAGES)
def test_zone_labels_never_shrink_below_a_readable_size(app: App, ui: Driver,
                                                        language: str) -> None:
    """At 1024×640 every zone label is drawn at least at the labels' smallest size, whose
    digits are 9 pixels tall, whole (nothing overflows its room)."""
    i18n.set_language(language)
    ui.resize(MIN_WINDOW)
    table = crowded_table(ui)
    app.theme.overflows.clear()
    table.renderer._layer = None
    with texts_rendered(app.theme) as seen:
        table.draw(app.screen)
    labels = [(text, size) for text, size in seen
              if LONG_NAME in text or text.startswith("Computer")]
    assert len(labels) >= 3, labels
    assert all(size >= LABEL_SMALLEST for _text, size in labels), labels
    assert digit_height(app, LABEL_SMALLEST, False) >= 9
    assert table.frame.label_size >= LABEL_SMALLEST
    assert app.theme.overflows == []
    for rect in table.renderer.zone_label_rects.values():
        assert rect.height >= app.theme.font(LABEL_SMALLEST).get_height()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("place", [Place.PLAY, Place.HAND])
def test_a_raised_card_covers_no_zone_label(app: App, ui: Driver, size: tuple[int, int],
                                            place: Place) -> None:
    """A selected card of the own play area or hand rises, and stays clear of the play
    area's and the hand's labels (and of the Street's badges above them)."""
    ui.resize(size)
    table = crowded_table(ui)
    picture = table.picture
    for card_id in picture.ids_at(place):
        table.gestures.selected = Spot(place, picture.sprites[card_id].card)
        table.gestures.update_lifts()
        for _ in range(20):
            app.frame([], 0.05)
        sprite = picture.sprites[card_id]
        assert sprite.lift == table.frame.lift_at(place) > 0
        raised = pygame.Rect(sprite.rect).move(0, -round(sprite.lift))
        for label in table.renderer.zone_label_rects.values():
            assert not raised.colliderect(label), (place, raised, label)
        assert raised.top >= table.renderer.zone_label_rects[Place.PLAY].bottom


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_step_note_lies_with_its_own_step(app: App, language: str,
                                               size: tuple[int, int]) -> None:
    """R3's four steps: a note on its step's line (right of the name) or wrapped under it,
    indented, every line below its step's name and above the next step's, the rows apart."""
    i18n.set_language(language)
    frame = table_frame(size)
    theme = app.theme
    game = game_at(hands=("A3 F2 F2 M3 B2 F0 B1", "F0 A0 B0 M0"), play_areas=("A1", ""),
                   street="F1 B1 M1 A1 F2 B3", fresh_cards_rule=False)
    width = frame.status.width - 28
    variants = [step_states(game, takeable) for takeable in (0, 2)]
    # the longest notes of every step, each in its own row
    variants.append([("now", i18n.ngettext("{n} exchange left", "{n} exchanges left",
                                           2).format(n=2)),
                     ("closed", i18n._("not possible")), ("open", i18n._("you hold one")),
                     ("open", i18n._("nothing takeable"))])
    for states in variants:
        rows = step_rows(theme, frame, states, 14, 40, width)
        assert len(rows) == len(STEPS)
        for row, following in zip(rows, [*rows[1:], None], strict=True):
            assert row.rect.contains(row.name)
            if following is not None:
                assert following.rect.top > row.rect.bottom, "rows apart"
            for note in row.notes:
                assert row.rect.contains(note)
                beside = note.top < row.name.bottom
                if beside:
                    assert len(row.notes) == 1 and note.left > row.name.right
                    assert abs(note.bottom - row.name.bottom) <= row.name.height // 2
                else:
                    assert note.top >= row.name.bottom
                    assert note.left == row.name.left + NOTE_INDENT
                if following is not None:
                    assert note.bottom <= following.name.top
            assert row.rect.right <= 14 + width


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_status_panel_shows_the_steps_notes_where_laid_out(app: App, ui: Driver,
                                                              language: str) -> None:
    """The panel's step lines (for their hover help) are the laid-out rows, at 1024×640."""
    i18n.set_language(language)
    ui.resize(MIN_WINDOW)
    game = game_at(hands=("A3 F2 F2 M3 B2 F0 B1", "F0 A0 B0 M0"), play_areas=("A1", ""),
                   street="F1 B1 M1 A1 F2 B3", fresh_cards_rule=False)
    table = start_table(ui, game, seats=("human", Seat.computer("easy", 1)))
    steps = table.step_rects
    assert len(steps) == len(STEPS)
    assert all(upper.bottom < lower.top for upper, lower in itertools.pairwise(steps))
    assert all(table.frame.status.contains(step) for step in steps)
