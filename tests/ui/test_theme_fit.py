"""The theme notes every text too long for its box (nothing overflows in any language).

The fit tests of the scenes draw each scene in each language and read ``Theme.overflows``;
these tests check that the theme notes exactly the texts that do not fit.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from famiglia.ui.theme import EVEN_BELOW, FINE_SUPERSAMPLE, SMALLEST_FIT, Theme


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    pygame.font.quit()


def test_fit_shrinks_a_long_label_into_its_box_without_noting_it() -> None:
    theme = Theme()
    wide = theme.text("Neues Spiel beginnen", 30, bold=True).get_width()
    image = theme.fit("Neues Spiel beginnen", 30, int(wide * 0.9), bold=True)
    assert image.get_width() <= wide * 0.9
    assert theme.overflows == []


def test_fit_notes_a_label_that_would_need_an_unreadable_size() -> None:
    theme = Theme()
    wide = theme.text("Einstellungen", 30).get_width()
    box = int(wide * SMALLEST_FIT * 0.8)
    theme.fit("Einstellungen", 30, box)
    assert [(o.text, o.room) for o in theme.overflows] == [("Einstellungen", box)]
    theme.overflows.clear()
    assert theme.overflows == []


def test_wrap_notes_a_word_wider_than_its_box_and_too_many_lines() -> None:
    theme = Theme()
    word = "Nachzugstapel"
    narrow = theme.font(20).size(word)[0] - 5
    theme.wrap(f"Der {word}", 20, narrow)
    assert [o.text for o in theme.overflows] == [word]
    theme.overflows.clear()
    widest = max(theme.font(20).size(w)[0] for w in ("eins", "zwei", "drei", "vier"))
    lines = theme.wrap("eins zwei drei vier", 20, widest + 2, max_lines=2)
    assert len(lines) == 4
    assert [(o.needed, o.room) for o in theme.overflows] == [(4, 2)]


def test_a_text_that_fits_is_never_noted() -> None:
    theme = Theme()
    theme.fit("Zurück", 24, 400)
    theme.wrap("Ein kurzer Satz.", 20, 400, max_lines=1)
    assert theme.overflows == []


def test_least_width_is_as_narrow_as_fit_can_make_a_text() -> None:
    """A box of ``least_width`` takes the text at its smallest readable size, unnoted; one
    pixel less and it is noted (the table's step notes are given what their names leave)."""
    theme = Theme()
    least = theme.least_width("nichts zu nehmen", 17)
    assert least < theme.text("nichts zu nehmen", 17).get_width()
    assert theme.fit("nichts zu nehmen", 17, least).get_width() == least
    assert theme.overflows == []
    theme.fit("nichts zu nehmen", 17, least - 1)
    assert [o.text for o in theme.overflows] == ["nichts zu nehmen"]


def test_wrap_breaks_a_long_path_after_its_separators_when_asked() -> None:
    theme = Theme()
    path = "/home/someone/.local/share/famiglia/records/2024-05-01_vito-carla_game.json"
    text = f"The game could not be exported to {path}: the disk is full."
    lines = theme.wrap(text, 18, 160, break_words=True)
    assert all(theme.font(18).size(line)[0] <= 160 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    broken = [line for line in lines if path.startswith(line) or line in path]
    assert any(line.endswith("/") for line in broken), lines
    assert theme.overflows == []
    theme.wrap(text, 18, 160)
    assert theme.overflows, "unbroken, the path is noted as too wide"


def test_wrap_keeps_a_number_on_the_line_of_the_word_after_it() -> None:
    """A score stays with its unit and a count with its noun, wherever the line breaks."""
    theme = Theme()
    text = "It refreshes the Street with the leftmost card, Accountant 4 (10 VP)."
    for width in range(60, 500, 7):
        lines = theme.wrap(text, 17, width)
        assert " ".join(lines) == text
        assert not any(line.endswith(("(10", "4")) for line in lines), (width, lines)


@pytest.mark.parametrize("size", [13, 15, 17, EVEN_BELOW - 1, EVEN_BELOW, 28])
def test_small_text_is_spaced_by_the_fonts_outlines_in_the_box_its_hinting_gives(
        size: int) -> None:
    """Below EVEN_BELOW a text is the font's rendering at four times the size, scaled into the
    box of its hinted rendering (which rounds each letter's advance: "2exchanges le ft"), so
    layouts keep their measures; larger texts are the font's own rendering."""
    theme = Theme()
    text = "2 exchanges left · Accountant"
    drawn = theme.text(text, size, (240, 230, 200))
    hinted = theme.font(size).render(text, True, (240, 230, 200))
    assert drawn.get_size() == hinted.get_size()
    if size < EVEN_BELOW:
        large = theme.font(size * FINE_SUPERSAMPLE).render(text, True, (240, 230, 200))
        expected = pygame.transform.smoothscale(large, hinted.get_size())
    else:
        expected = hinted
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")
