"""Where the Gangster's and the computer's captions go: over the table's top and middle, never
over the person's play area or hand, nor over the card the opponent's play area received last
(what the caption is telling about, S4), in every language (German captions are long) at
1280×800 and 1024×640.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table_in_play import long_street

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game, Zone
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.captions import newest_card

if TYPE_CHECKING:
    from ui_driver import Driver

LANGUAGES = ("en", "de", "nl")


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def opponent_turns(app: App, table: TableScene,
                   words: list[str] | None = None) -> list[tuple[pygame.Rect,
                                                                 pygame.Rect | None]]:
    """Play until the person may act; for every frame that shows a caption: where it is
    drawn and where the newest card of the opponent's play area rests (and in ``words``
    the caption's words)."""
    shown: list[tuple[pygame.Rect, pygame.Rect | None]] = []
    picture = table.picture
    for _ in range(600):
        app.frame([], 0.05)
        caption = table.renderer.shown_caption.rect
        texts = table.playback.caption_texts
        if texts is not None and caption is not None:
            newest = newest_card(picture, Zone.play_area(1 - picture.bottom))
            shown.append((caption, None if newest is None else picture.slot_of[newest]))
            if words is not None:
                words.append(texts[0])
        if table.can_act:
            break
    return shown


def crowded() -> Game:
    """The Gangster to move with a play area (S2) that takes the whole top row."""
    pool = long_street(28).split()
    return game_at(opponent="gangster", current=1, hands=("F0 A0 B0 M0 F1", ""),
                   play_areas=("A1 B1", " ".join(sorted(pool[9:21], key=lambda c: c[1]))),
                   street=" ".join(pool[:9]))


@pytest.mark.parametrize("seed", [3, 8, 21, None])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_gangster_s_caption_keeps_off_its_newest_card_and_the_person_s_cards(
        app: App, ui: Driver, size: tuple[int, int], language: str, seed: int | None) -> None:
    """The Gangster's first turns of a few deals, and a turn with a play area (S2) across the
    whole top row: the captions of its program's steps (S4) never cover the card it took
    last, nor the person's play area or hand."""
    i18n.set_language(language)
    ui.resize(size)
    game = crowded() if seed is None else Game.new(seed, opponent="gangster",
                                                   gangster_level=4, first_player=1)
    table = TableScene(app, game, ("Vito", "Gangster"), seats=("human", "gangster"))
    app.push(table)
    shown = opponent_turns(app, table)
    assert any(newest is not None for _, newest in shown), "a card joined the Gangster's"
    clear_of_the_person_and_the_newest_card(table, shown)


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_computer_s_caption_keeps_off_its_newest_card_and_the_person_s_cards(
        app: App, ui: Driver, size: tuple[int, int], language: str, seed: int) -> None:
    """The computer's first turn: its captions never cover the card its play area received
    last, nor the person's play area or hand."""
    i18n.set_language(language)
    ui.resize(size)
    table = TableScene(app, Game.new(seed, first_player=0), ("Computer", "Vito"),
                       seats=(Seat.computer("easy", 1), Seat.human()))
    app.push(table)
    shown = opponent_turns(app, table)
    assert shown, "the computer's caption showed"
    clear_of_the_person_and_the_newest_card(table, shown)


@pytest.mark.parametrize("seed", [3, 8, 21, None])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_a_caption_stays_where_it_first_showed(app: App, ui: Driver, size: tuple[int, int],
                                               seed: int | None) -> None:
    """Each caption of the Gangster's program (S4) is placed once, knowing the card its step
    lands in the Gangster's play area: it never moves while it shows, even when that card
    lands or the play area goes into two rows."""
    ui.resize(size)
    game = crowded() if seed is None else Game.new(seed, opponent="gangster",
                                                   gangster_level=4, first_player=1)
    table = TableScene(app, game, ("Vito", "Gangster"), seats=("human", "gangster"))
    app.push(table)
    assert any(newest is not None for _, newest in placed_once(app, table))


@pytest.mark.parametrize("seed", [2, 5])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_the_computer_s_caption_stays_where_it_first_showed(
        app: App, ui: Driver, size: tuple[int, int], seed: int) -> None:
    ui.resize(size)
    table = TableScene(app, Game.new(seed, first_player=0), ("Computer", "Vito"),
                       seats=(Seat.computer("easy", 1), Seat.human()))
    app.push(table)
    placed_once(app, table)


def placed_once(app: App, table: TableScene) -> list[tuple[pygame.Rect, pygame.Rect | None]]:
    """The opponent's turn plays: each caption shows in one place only, clear of the
    person's cards and of the opponent's newest card."""
    words: list[str] = []
    shown = opponent_turns(app, table, words)
    assert shown, "a caption showed"
    places: dict[str, set[tuple[int, int]]] = {}
    for (caption, _newest), text in zip(shown, words, strict=True):
        places.setdefault(text, set()).add(caption.topleft)
    assert all(len(spots) == 1 for spots in places.values()), places
    clear_of_the_person_and_the_newest_card(table, shown)
    return shown


def clear_of_the_person_and_the_newest_card(
        table: TableScene, shown: list[tuple[pygame.Rect, pygame.Rect | None]]) -> None:
    frame = table.frame
    for caption, newest in shown:
        assert frame.table.contains(caption)
        assert newest is None or not caption.colliderect(newest)
        for zone in (frame.bottom_play, frame.bottom_hand):
            assert not caption.colliderect(zone.inflate(frame.gap, frame.gap))
