"""The list the highscores, the past games and the statistics show as a table: the keys move
its chosen row (or scroll a list where nothing is chosen), always in view; the wheel scrolls;
a click finds its row, never a heading; its columns are as wide as their texts, a name cut
with "…" only where the row is short; a heading of two lines, its lines about equally long,
ends above the rows."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from famiglia.ui import theme as t
from famiglia.ui.app import App
from famiglia.ui.listing import HEADING_FOOT, ListColumn, ListStyle, ListTable, balanced

STYLE = ListStyle(row=30, text=20, heading=20, band=40, heading_lines=2, heading_top=10)
COLUMNS = (ListColumn("Date"), ListColumn("Players", cut=True), ListColumn("Score", right=True))


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, unicode="", mod=0, scancode=0)


def listing(rows: int, *, choosing: bool, height: int = 40 + 30 * 5) -> ListTable:
    table = ListTable(COLUMNS, STYLE, lambda: "Nothing yet.", choosing=choosing)
    table.rows = [(f"2026-01-{day + 1:02d}", f"Anna – Bruno {day}", f"{day} : 1")
                  for day in range(rows)]
    table.place(pygame.Rect(10, 20, 600, height))
    return table


@pytest.mark.usefixtures("app")
def test_the_keys_move_the_chosen_row_and_keep_it_in_view() -> None:
    table = listing(12, choosing=True)
    assert table.visible_rows == 5 and table.chosen == 0
    assert table.handle_event(key(pygame.K_END))
    assert table.chosen == 11 and table.first == 12 - 5
    table.handle_event(key(pygame.K_PAGEUP))
    assert table.chosen == 6 and table.first == 6
    table.handle_event(key(pygame.K_HOME))
    assert table.chosen == 0 and table.first == 0
    table.handle_event(key(pygame.K_UP))
    assert table.chosen == 0, "the choice stays inside the list"
    assert not table.handle_event(key(pygame.K_LEFT))


@pytest.mark.usefixtures("app")
def test_a_list_without_a_choice_scrolls_and_the_wheel_scrolls_three_rows() -> None:
    table = listing(12, choosing=False)
    table.handle_event(key(pygame.K_DOWN))
    assert table.chosen is None and table.first == 1
    table.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert table.first == 4
    table.handle_event(key(pygame.K_END))
    assert table.first == 12 - 5, "never past the last row"


@pytest.mark.usefixtures("app")
def test_a_click_finds_the_row_under_it_never_a_heading() -> None:
    table = listing(12, choosing=True)
    table.scroll(2)
    assert table.row_at((100, 20 + 10)) is None, "the headings' band"
    assert table.row_at((100, 20 + 40 + 5)) == 2
    assert table.row_at((100, 20 + 40 + 30 * 3 + 5)) == 5
    assert table.row_at((700, 20 + 40 + 5)) is None, "beside the list"
    few = listing(2, choosing=True)
    assert few.row_at((100, 20 + 40 + 30 * 3 + 5)) is None, "below the last row"


def test_the_columns_are_as_wide_as_their_texts_and_a_name_gives_way(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Room to spare: each column at least its widest text, the rest shared out.  A short
    row: the name is cut with "…", the date and the score keep their width."""
    theme = app.theme
    table = listing(3, choosing=True)
    table.fit_columns(theme, table.rows)
    font = theme.font(STYLE.text)
    inset = sum(STYLE.inset)
    for index, (_left, width) in enumerate(table.spans):
        assert width - inset >= max(font.size(row[index])[0] for row in table.rows)
    assert sum(width for _left, width in table.spans) == 600 - 14
    narrow = listing(3, choosing=True)
    narrow.rect.width = 260
    narrow.fit_columns(theme, narrow.rows)
    (_date, date), (_players, players), (_score, score) = narrow.spans
    assert date - inset >= font.size("2026-01-01")[0]
    assert score - inset >= font.size("2 : 1")[0]
    assert players - inset < font.size("Anna – Bruno 0")[0]
    drawn: list[str] = []
    fit = theme.fit

    def recording(words: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(words)
        return fit(words, *args, **kwargs)

    monkeypatch.setattr(theme, "fit", recording)
    narrow.draw(pygame.Surface((700, 300)), theme)
    assert any(words.startswith("Anna") and words.endswith("…") for words in drawn)
    assert "2026-01-01" in drawn and "2 : 1" in drawn


class Recording(pygame.Surface):
    """A surface that keeps where each image was drawn."""

    placed: list[tuple[pygame.Surface, pygame.Rect]]

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        self.placed.append((source, rect))
        return rect


def test_a_heading_of_two_lines_ends_above_the_rows(app: App) -> None:
    """A heading too long for its column wraps onto two lines of about equal length
    ("Gangster" / "victory points", not "Gangster victory" / "points") that end just above
    the rows; a heading of one line stays at the top of the band."""
    theme = app.theme
    table = ListTable((ListColumn("Gangster victory points"), ListColumn("Name")), STYLE,
                      lambda: "Nothing yet.")
    table.rows = [("12", "Anna")]
    table.place(pygame.Rect(0, 100, 300, 200))
    table.spans = [(0, 160), (160, 140)]
    room = 160 - sum(STYLE.inset)
    assert theme.wrap("Gangster victory points", STYLE.heading, room, bold=True) == (
        "Gangster victory", "points")
    lines = balanced(theme, "Gangster victory points", STYLE.heading, room, 2)
    assert lines == ("Gangster", "victory points")
    images = {id(theme.fit(line, STYLE.heading, 160 - sum(STYLE.inset), t.GOLD, bold=True)):
              line for line in lines}
    name = theme.fit("Name", STYLE.heading, 140 - sum(STYLE.inset), t.GOLD, bold=True)
    surface = Recording((300, 400))
    surface.placed = []
    table.draw(surface, theme)
    heading = [rect for image, rect in surface.placed if id(image) in images]
    assert len(heading) == 2 and heading[0].top < 100 + STYLE.heading_top
    rows_top = 100 + STYLE.band
    assert rows_top - HEADING_FOOT - 2 <= max(rect.bottom for rect in heading) <= rows_top
    (one,) = [rect for image, rect in surface.placed if image is name]
    assert one.top == 100 + STYLE.heading_top
