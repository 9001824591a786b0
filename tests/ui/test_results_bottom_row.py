"""The results screen's bottom: the deal number on its own line under the players' rows, then
the name field (while a solo win asks for a name) and the buttons in one row across the
window.  In every variant (won or lost; solo with a highscore entry, without one and after it;
against the computer; hot-seat; with Analyse) and language, at 1024×640 and 1280×800, the row
lies inside the window, nothing in it overlaps, every label is drawn at a readable size (its
full size wherever the row has the room) and each key's hint keeps apart from its label.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.rules.records import write_record
from famiglia.simulate import greedy_human, play_solo
from famiglia.store.highscores import Entry, HighscoreStore
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.theme import SMALLEST_FIT
from famiglia.ui.widgets import HINT_GAP, key_label

#: Deal numbers as long as the game deals (eight digits).
LONG_SEEDS = range(88_888_000, 88_888_400)


def solo(winner: int) -> Game:
    """A solo game (level 1, variant a) with an eight-digit deal number that a greedy player
    won or lost."""
    return next(game for seed in LONG_SEEDS
                if (game := play_solo(seed, greedy_human, 1, "a")).winner == winner)


def two_players() -> Game:
    """A game of random moves with an eight-digit deal number."""
    game = Game.new(LONG_SEEDS[0])
    rng = random.Random(LONG_SEEDS[0])
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
    return game


def fill_the_list() -> None:
    """Ten better games at level 1a: a won game does not enter."""
    store = HighscoreStore()
    for place in range(10):
        store.add(Entry(f"Vito {place}", "2026-03-01T20:00:00+01:00", 170, 5, 335, 1, "a",
                        True))


def results(app: App, kind: str) -> ResultsScene:
    """The results of one variant; ``assisted`` everywhere (the longest solo line)."""
    names = ("Annemarie-Louise", "The Gangster")
    humans = frozenset((0,))
    if kind.startswith("solo"):
        game = solo(1 if kind == "solo lost" else 0)
        seats = (Seat.human(), Seat.gangster())
        if kind == "solo won, list full":
            fill_the_list()
    elif kind == "computer":
        game, seats = two_players(), (Seat.human(), Seat.computer("expert"))
        names = ("Annemarie-Louise", "Computer")
    else:
        game, seats = two_players(), (Seat.human(), Seat.human())
        names, humans = ("Annemarie-Louise", "Bruno-Maximilian"), frozenset((0, 1))
    record = (None if kind.endswith("not analysable")
              else write_record(game, names=names, seats=seats))
    scene = ResultsScene(app, game, names, play_again=lambda: None, humans=humans,
                         assisted=True, record=record)
    app.reset(scene)
    scene.clock = 60.0
    if kind == "solo won, entered":
        assert scene.name is not None
        scene._enter_highscores()
        app.reset(scene)
    return scene


KINDS = ("solo won, entering", "solo won, list full", "solo won, entered", "solo lost",
         "computer", "hot-seat", "hot-seat, not analysable")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def drawn(app: App, scene: ResultsScene, monkeypatch: pytest.MonkeyPatch
          ) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the scene draws: its words, its size and where it went."""
    made: dict[int, tuple[str, int]] = {}
    text = app.theme.text

    def recording(words: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        image = text(words, size, *args, **kwargs)
        made[id(image)] = (words, size)
        return image

    monkeypatch.setattr(app.theme, "text", recording)
    placed: list[tuple[str, int, pygame.Rect]] = []
    blit: Callable[..., pygame.Rect] = pygame.Surface.blit

    class Recording(pygame.Surface):
        def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
                 special_flags: int = 0) -> pygame.Rect:
            rect = blit(self, source, dest, area, special_flags)
            if id(source) in made:
                placed.append((*made[id(source)], rect))
            return rect

    scene.draw(Recording(app.size))
    return placed


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 800)])
@pytest.mark.parametrize("kind", KINDS)
def test_the_bottom_row_fits_with_readable_labels_and_their_keys_apart(
        app: App, ui: Driver, kind: str, size: tuple[int, int], language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    ui.resize(size)
    scene = results(app, kind)
    assert (scene.name is not None) == (kind == "solo won, entering")
    app.theme.overflows.clear()
    texts = drawn(app, scene, monkeypatch)
    window = pygame.Rect((0, 0), size)
    boxes = [button.rect for button in scene.menu.buttons]
    if scene.name is not None:
        boxes.insert(0, scene.name.rect)
    assert len(boxes) >= (2 if kind.endswith("not analysable") else 3)
    for index, box in enumerate(boxes):
        assert window.contains(box), box
        assert not any(box.colliderect(other) for other in boxes[index + 1:])
        assert not any(box.colliderect(row) for row in scene.cards.rows)
    for button in scene.menu.buttons:
        label = next((words, size_, rect) for words, size_, rect in texts
                     if rect == button.label_rect)
        assert label[0] == button.text and label[1] >= int(button.size * SMALLEST_FIT)
        assert button.rect.contains(button.label_rect)
        if button.hotkey is not None:
            hint = next(rect for words, _size, rect in texts
                        if words == key_label(button.hotkey) and button.rect.contains(rect))
            assert hint.left - button.label_rect.right >= HINT_GAP - 1, button.text
    deal = [rect for words, _size, rect in texts if words.startswith(
        i18n.gettext("Deal number {number}").split("{")[0])]
    assert len(deal) == 1
    assert window.contains(deal[0])
    assert not any(deal[0].colliderect(box) for box in boxes)
    assert not any(deal[0].colliderect(row) for row in scene.cards.rows)
    assert app.theme.overflows == []


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_at_the_default_size_every_label_is_drawn_at_its_full_size(
        app: App, ui: Driver, language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1024×640 and above, even the fullest row (name field and four buttons) has the
    room for each label at its full size."""
    i18n.set_language(language)
    ui.resize(MIN_WINDOW)
    scene = results(app, "solo won, entering")
    assert scene.name is not None and len(scene.menu.buttons) == 4
    texts = drawn(app, scene, monkeypatch)
    for button in scene.menu.buttons:
        assert (button.text, button.size) in {(words, size) for words, size, _r in texts}
