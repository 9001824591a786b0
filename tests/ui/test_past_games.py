"""The Past games, Statistics and Highscores scenes: the list of finished games with keyboard,
mouse and scrolling (export and import: test_file_browser.py), the lists at rest (no frames
drawn while nothing changes), opening a game through navigation, the statistics table,
hint-assisted highscores marked, and the lists' columns as wide as their texts (every heading
at its size, every mode whole, every score with its unit)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from itertools import pairwise
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from famiglia import i18n
from famiglia.i18n import translate_message
from famiglia.players import make_player, play_game
from famiglia.players.seats import Seat
from famiglia.rules import Game, read_record
from famiglia.rules.records import write_record
from famiglia.store.highscores import Entry, HighscoreStore
from famiglia.store.records import RecordStore
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.scenes import highscores, statistics
from famiglia.ui.scenes.highscores import COLUMNS, HighscoresScene, row_cells
from famiglia.ui.scenes.past_games import COLUMNS as PAST_COLUMNS
from famiglia.ui.scenes.past_games import PastGamesScene, cells
from famiglia.ui.scenes.statistics import COLUMNS as STATISTICS_COLUMNS
from famiglia.ui.scenes.statistics import StatisticsScene, figures_footnote, row_label

ZONE = timezone(timedelta(hours=1))


def finished(seed: int, **options: Any) -> Game:
    player = make_player("no_pass_random", seed=seed)
    return play_game(Game.new(seed, **options), (player, player))


def keep(store: RecordStore, count: int, *, solo: bool = False) -> None:
    for seed in range(count):
        game = finished(seed, opponent="gangster" if solo else None)
        seats = (Seat.human(), Seat.gangster() if solo else Seat.human())
        store.add(write_record(game, names=("Anna", "The Gangster" if solo else "Bruno"),
                               seats=seats,
                               when=datetime(2026, 1, 1, tzinfo=ZONE) + timedelta(hours=seed)))


@pytest.fixture
def store(app: App) -> RecordStore:
    return RecordStore()


def open_scene(app: App, ui: Driver, scene: Any) -> Any:
    app.push(scene)
    ui.frames(2)
    return scene


def test_an_empty_list_says_so_and_greys_open_and_export(app: App, ui: Driver) -> None:
    scene = open_scene(app, ui, PastGamesScene(app))
    assert scene.games == []
    assert not scene.open_button.enabled and not scene.export_button.enabled
    ui.press(pygame.K_ESCAPE)
    assert app.top is not scene


def test_the_list_scrolls_with_keys_and_wheel(app: App, ui: Driver, store: RecordStore) -> None:
    keep(store, 30)
    scene = open_scene(app, ui, PastGamesScene(app))
    assert len(scene.games) == 30 and scene.listing.visible_rows < 30
    assert scene.games[0].when > scene.games[-1].when, "newest first"
    ui.press(pygame.K_END)
    assert scene.selected == 29 and scene.listing.first == 30 - scene.listing.visible_rows
    ui.press(pygame.K_HOME)
    assert scene.selected == 0 and scene.listing.first == 0
    ui.press(pygame.K_PAGEDOWN)
    assert scene.selected == scene.listing.visible_rows
    ui.press(pygame.K_UP)
    assert scene.selected == scene.listing.visible_rows - 1
    ui.frames(1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)])
    assert scene.listing.first > 0
    row_y = scene.listing.rect.y + 34 * 3 + 10
    ui.click((scene.listing.rect.x + 40, row_y))
    assert scene.selected == scene.listing.first + 2


def test_a_row_says_date_mode_players_score_and_winner(store: RecordStore) -> None:
    keep(store, 1, solo=True)
    (summary,) = store.games()
    date, mode, players, score, winner = cells(summary)
    assert date == "2026-01-01 00:00" and mode.startswith("Solo, level 3a")
    assert players == "Anna – The Gangster"
    assert summary.scores is not None
    own, other = summary.scores
    assert score == f"{own} : {other} VP", "a score says its unit"
    assert winner in ("Anna", "The Gangster", "Draw")


def test_double_click_or_open_replays_through_navigation(app: App, ui: Driver,
                                                          store: RecordStore,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr(navigation, "open_replay",
                        lambda _app, record: opened.append(record), raising=False)
    keep(store, 3)
    scene = open_scene(app, ui, PastGamesScene(app))
    assert scene.open_button.enabled
    row = (scene.listing.rect.x + 40, scene.listing.rect.y + 34 * 2 + 10)
    ui.click(row)
    ui.click(row)
    assert len(opened) == 1
    assert read_record(opened[0]).to_dict() == finished(1).to_dict()
    ui.press(pygame.K_o, "o")
    assert len(opened) == 2


def test_the_lists_rest_and_a_double_click_is_timed_across_a_rest(
        app: App, ui: Driver, store: RecordStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past games, Statistics and Highscores at rest: the app sleeps under each (no frames
    asked, no timer) and a frame without input draws nothing.  The rest counts as time for a
    double click: two clicks on a row a second apart only choose it, a third soon after
    opens it."""
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr(navigation, "open_replay",
                        lambda _app, record: opened.append(record), raising=False)
    keep(store, 3)
    for scene in (PastGamesScene(app), StatisticsScene(app), HighscoresScene(app)):
        drawn: list[pygame.Surface] = []
        monkeypatch.setattr(scene, "draw", drawn.append)
        open_scene(app, ui, scene)
        assert not app.animating() and app.next_wakeup() is None, type(scene).__name__
        count = len(drawn)
        ui.frames(30)
        assert len(drawn) == count, f"{type(scene).__name__} drew frames at rest"
        app.pop()
    scene = open_scene(app, ui, PastGamesScene(app))
    row = (scene.listing.rect.x + 40, scene.listing.rect.y + 34 * 2 + 10)
    ui.click(row)
    app.frame([], 1.0)
    ui.click(row)
    assert not opened and scene.selected == 1
    ui.click(row)
    assert len(opened) == 1


def test_a_damaged_record_is_reported_in_the_list(app: App, ui: Driver,
                                                  store: RecordStore) -> None:
    keep(store, 2)
    store.folder.joinpath("20260102-bad.json").write_text("{", encoding="utf-8")
    scene = open_scene(app, ui, PastGamesScene(app))
    assert len(scene.games) == 2
    assert scene.notice is not None and "set aside" in translate_message(scene.notice)


def test_statistics_headings_say_what_is_averaged() -> None:
    headings = [str(column) for column in STATISTICS_COLUMNS]
    assert "Mean VP, all games" in headings and "Mean margin, all games" in headings
    assert "over all games" in figures_footnote()


def test_statistics_show_one_row_per_mode(app: App, ui: Driver, store: RecordStore) -> None:
    keep(store, 4)
    keep(store, 3, solo=True)
    scene = open_scene(app, ui, StatisticsScene(app))
    labels = [row_label(row) for row in scene.rows]
    assert labels == ["Hot-seat: Anna", "Hot-seat: Bruno", "Solo, level 3a (you start)"]
    assert [row.games for row in scene.rows] == [4, 4, 3]
    ui.press(pygame.K_DOWN)
    ui.press(pygame.K_ESCAPE)
    assert app.top is not scene


def test_statistics_without_games(app: App, ui: Driver) -> None:
    scene = open_scene(app, ui, StatisticsScene(app))
    assert scene.rows == []


def test_highscores_mark_games_where_a_hint_was_used(app: App, ui: Driver) -> None:
    store = HighscoreStore()
    store.add(Entry("Vito", "2026-03-01T20:00:00+01:00", 40, 20, 60, 3, "a", True,
                    assisted=True))
    store.add(Entry("Carla", "2026-03-02T20:00:00+01:00", 50, 20, 80, 3, "a", True))
    scene = open_scene(app, ui, HighscoresScene(app, store=store, key="3a"))
    entries = scene.board["3a"]
    assert [row_cells(place, entry)[1::6] for place, entry in enumerate(entries)] == [
        ("Carla", ""), ("Vito", "used")]
    assert str(COLUMNS[-1].heading) == "Hint"


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_statistics_modes_are_never_shrunk_below_a_readable_size(app: App, ui: Driver,
                                                                  store: RecordStore,
                                                                  language: str) -> None:
    """At the smallest window every mode fits its column on one line at the table's size, or
    on two at the smaller one, in every language (the longest: a solo level with its
    starter, the computer's levels)."""
    keep(store, 1)
    keep(store, 1, solo=True)
    when = datetime(2026, 2, 1, tzinfo=ZONE)
    for level in ("easy", "medium", "hard", "expert"):
        store.add(write_record(finished(9), names=("Annemarie", "Computer"),
                               seats=(Seat.human(), Seat.computer(level)), when=when))
        when += timedelta(hours=1)
    store.add(write_record(finished(5), names=("Annemarie-Louise", "Bruno"),
                           seats=(Seat.human(), Seat.human()), when=when))
    app.set_language(language)
    ui.resize((1024, 640))
    scene = open_scene(app, ui, StatisticsScene(app))
    assert len(scene.rows) == 8
    theme = app.theme
    width = scene.listing.spans[0][1] - 10
    for row in scene.rows:
        label = row_label(row)
        if theme.font(statistics.TEXT).size(label)[0] <= width:
            continue
        lines = theme.wrap(label, statistics.SMALL, width)
        assert len(lines) <= 2, lines
        assert all(theme.font(statistics.SMALL).size(line)[0] <= width for line in lines)
    assert statistics.SMALL >= 19


def drawn_sizes(app: App, scene: Any, monkeypatch: pytest.MonkeyPatch
                ) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the scene draws: its words, its size and where it went."""
    drawn: dict[int, tuple[str, int]] = {}
    text = app.theme.text

    def recording(words: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = text(words, size, *args, **kwargs)
        drawn[id(image)] = (words, size)
        return image

    monkeypatch.setattr(app.theme, "text", recording)
    placed: list[tuple[str, int, pygame.Rect]] = []
    blit = pygame.Surface.blit

    class Recording(pygame.Surface):
        def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
                 special_flags: int = 0) -> pygame.Rect:
            rect = blit(self, source, dest, area, special_flags)
            if id(source) in drawn:
                placed.append((*drawn[id(source)], rect))
            return rect

    scene.draw(Recording(app.size))
    return placed


def keep_every_mode(store: RecordStore) -> None:
    """A game of each kind, the longest modes among them (a solo level where the Gangster
    starts, each computer level), one abandoned, one helped by a hint and long names."""
    when = datetime(2026, 2, 1, tzinfo=ZONE)
    solo = finished(3, opponent="gangster", first_player=1)
    store.add(write_record(solo, names=("Annemarie", "The Gangster"),
                           seats=(Seat.human(), Seat.gangster()), when=when, assisted=True))
    for level in ("easy", "medium", "hard", "expert"):
        when += timedelta(hours=1)
        store.add(write_record(finished(9), names=("Annemarie-Louise Schmidt", "Computer"),
                               seats=(Seat.human(), Seat.computer(level)), when=when))
    left = Game.new(77, first_player=0)
    for _ in range(5):
        left.apply(left.legal_actions()[0])
    store.add(write_record(left, names=("Annemarie-Louise", "Bruno-Maximilian"),
                           seats=(Seat.human(), Seat.human()), when=when + timedelta(hours=1),
                           assisted=True))


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_past_games_headings_keep_their_size_and_a_mode_shows_whole(
        app: App, ui: Driver, store: RecordStore, language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the smallest window every heading is drawn at the headings' size (none shrunk to
    its column), every mode whole (the row has room for it: long names and winners give way
    first), and every score says its unit, the abandoned game's too."""
    keep_every_mode(store)
    app.set_language(language)
    ui.resize(MIN_WINDOW)
    scene = open_scene(app, ui, PastGamesScene(app))
    assert len(scene.games) == 6
    app.theme.overflows.clear()
    drawn = drawn_sizes(app, scene, monkeypatch)
    headings = [str(column.heading) for column in PAST_COLUMNS]
    shown = {words: size for words, size, _rect in drawn}
    for heading in headings:
        assert shown.get(heading) == 22, heading
    rows = [cells(summary) for summary in scene.games]
    for row in rows:
        assert shown.get(row[1]) == 21, f"the mode {row[1]!r} shows whole"
        units = re.fullmatch(r"\d+ : \d+ (\w+)", row[3])
        assert units is not None and units.group(1) == i18n.vp_text(2).split()[-1], row[3]
        assert shown.get(row[3]) == 21
    assert any(row[4].startswith(i18n.gettext("abandoned")) for row in rows)
    lefts = sorted({rect.x for words, _size, rect in drawn if words in headings})
    assert len(lefts) == 5
    for words, _size, rect in drawn:
        if words in headings:
            later = [left for left in lefts if left > rect.x]
            assert not later or rect.right < later[0], words
    assert app.theme.overflows == []


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)], ids=lambda size: f"{size[0]}")
@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_statistics_headings_take_two_lines_at_most_over_their_columns(
        app: App, ui: Driver, store: RecordStore, language: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each heading of the figures stands over its own column on one line or two, at the
    headings' size (never shrunk), two headings at least 10 pixels apart; the columns lie one
    after another inside the row; with every mode of the past games (the longest: a solo
    level where the Gangster starts, each computer level)."""
    keep_every_mode(store)
    app.set_language(language)
    ui.resize(size)
    scene = open_scene(app, ui, StatisticsScene(app))
    app.theme.overflows.clear()
    drawn = drawn_sizes(app, scene, monkeypatch)
    listing = scene.listing
    rows_top = listing.rect.y + statistics.FIGURES_STYLE.band
    spans = listing.spans
    assert spans[0][0] == listing.rect.x
    assert all(left + width == after
               for (left, width), (after, _width) in pairwise(spans))
    assert spans[-1][0] + spans[-1][1] <= listing.rect.x + listing.row_width
    edges = []
    for column, (left, width) in zip(listing.columns, spans, strict=True):
        lines = [(words, text_size, rect) for words, text_size, rect in drawn
                 if rect.bottom <= rows_top and rect.y >= listing.rect.y
                 and left <= rect.x < left + width]
        assert " ".join(words for words, _size, _rect in lines) == str(column.heading)
        assert 1 <= len(lines) <= 2, lines
        assert {text_size for _words, text_size, _rect in lines} == {statistics.HEADING_SIZE}
        assert all(rect.right <= left + width for _words, _size, rect in lines)
        edges.append((min(rect.x for *_, rect in lines), max(rect.right for *_, rect in lines)))
    for (_left, right), (left, _right) in pairwise(edges):
        assert left - right >= 10
    assert app.theme.overflows == []


def ten_entries() -> HighscoreStore:
    store = HighscoreStore()
    for place in range(10):
        store.add(Entry("Annemarie-Louise_Schmidt"[:8 + place], f"2026-03-0{place % 9 + 1}"
                        "T20:00:00+01:00", 100 + place, 60, 140 + 2 * place, 3, "b",
                        place % 2 == 0, assisted=place % 3 == 0))
    return store


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
def test_highscores_headings_keep_their_size_and_ten_entries_fit_above_back(
        app: App, ui: Driver, language: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every heading at the headings' size (a long one on two lines, never shrunk), inside
    its column; every cell at the list's size; a full top 10 between the headings and Back,
    inside the panel."""
    app.set_language(language)
    ui.resize(size)
    scene = open_scene(app, ui, HighscoresScene(app, store=ten_entries(), key="3b",
                                               highlight=4))
    app.theme.overflows.clear()
    drawn = drawn_sizes(app, scene, monkeypatch)
    table = scene.listing.rect
    band = pygame.Rect(table.x, table.y, table.width, highscores.ROW)
    headed = [(words, size, rect) for words, size, rect in drawn if band.contains(rect)]
    for listed, (left, width) in zip(COLUMNS, scene.listing.spans, strict=True):
        column = pygame.Rect(left, band.y, width, band.height)
        lines = [(words, size) for words, size, rect in headed if column.contains(rect)]
        assert " ".join(words for words, _size in lines) == str(listed.heading)
        assert 1 <= len(lines) <= 2 and {size for _words, size in lines} == {highscores.HEADING}
    entries = scene.board["3b"]
    assert len(entries) == 10
    for place, entry in enumerate(entries):
        for text in row_cells(place, entry)[2:]:
            if text:
                assert (text, highscores.TEXT) in {(words, size) for words, size, _r in drawn}
    assert table.bottom <= scene.back.rect.top and scene.panel.contains(table)
    assert app.theme.overflows == []
