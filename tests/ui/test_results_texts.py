"""The results screen's lines over the players' rows: the winner, the decision, why the game
ended (R5.1, R5.2) and the solo line (S5) or the mark that a hint was used, each where no other
line and no row covers it, at 1280×800 and 1024×640 in every language (a long solo line wraps
instead of shrinking).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pytest

from famiglia import i18n
from famiglia.rules import Game
from famiglia.simulate import greedy_human, play_solo
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.highscores import HighscoresScene
from famiglia.ui.scenes.results import ResultsScene

if TYPE_CHECKING:
    from ui_driver import Driver


class RecordingSurface(pygame.Surface):
    """A screen that remembers where each image went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: object, area: object = None,
             special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)  # type: ignore[arg-type]
        self.placed.append((source, rect))
        return rect


@pytest.fixture(autouse=True)
def english_afterwards(app: App) -> Iterator[None]:
    yield
    i18n.set_language("en")


def two_player_game() -> Game:
    game = Game.new(5)
    rng = random.Random(5)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
    return game


def solo_game(winner: int) -> Game:
    """A solo game (level 1, variant a) that a greedy player won or lost."""
    return next(game for seed in range(300)
                if (game := play_solo(seed, greedy_human, 1, "a")).winner == winner)


def drawn_lines(app: App, scene: ResultsScene,
                monkeypatch: pytest.MonkeyPatch) -> dict[str, pygame.Rect]:
    """Every text the scene draws, and where."""
    words: dict[int, str] = {}
    text = app.theme.text

    def recording(line: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        image = text(line, size, *args, **kwargs)  # type: ignore[arg-type]
        words[id(image)] = line
        return image

    monkeypatch.setattr(app.theme, "text", recording)
    screen = RecordingSurface(app.size)
    scene.draw(screen)
    return {words[id(image)]: rect for image, rect in screen.placed if id(image) in words}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
@pytest.mark.parametrize("kind", ["two players", "solo won", "solo lost"])
def test_the_hint_s_mark_and_the_solo_line_keep_clear_of_the_rows(
        app: App, ui: Driver, size: tuple[int, int], language: str, kind: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After a game in which a hint was used: the lines above the rows (the winner, the
    decision, the reason, the solo line or the hint's mark) overlap neither each other nor a
    player's row, inside the window, none of them shrunk below its readable size."""
    i18n.set_language(language)
    ui.resize(size)
    game = two_player_game() if kind == "two players" else solo_game(
        0 if kind == "solo won" else 1)
    scene = ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None,
                         humans=frozenset((0,)), assisted=True)
    app.reset(scene)
    scene.clock = 60.0
    assert scene.solo_text
    if kind == "two players":
        assert scene.solo_text == i18n._("Hints were used in this game.")
    lines = drawn_lines(app, scene, monkeypatch)
    solo_lines = scene._solo_lines(size[0])[1]
    assert " ".join(solo_lines) == scene.solo_text and set(solo_lines) <= set(lines)
    heads = [rect for line, rect in lines.items()
             if line in (scene.banner, scene.decision, scene.reason, *solo_lines)]
    assert len(heads) == 3 + len(solo_lines)
    window = pygame.Rect((0, 0), size)
    for index, rect in enumerate(heads):
        assert window.contains(rect)
        assert not any(rect.colliderect(row) for row in scene.cards.rows), rect
        assert not any(rect.colliderect(other) for other in heads[index + 1:]), rect
    assert app.theme.overflows == []


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("winner", [0, 1])
def test_a_solo_game_says_that_a_hint_was_used_won_or_lost(app: App, language: str,
                                                           winner: int) -> None:
    """S5: that a hint was used is a fact of the game: the solo line of a won game and of a
    lost one both say it after what they say without it (a won game's entry is marked)."""
    i18n.set_language(language)
    game = solo_game(winner)
    names = ("Vito", "Carla")
    plain = ResultsScene(app, game, names, play_again=lambda: None, humans=frozenset((0,)))
    helped = ResultsScene(app, game, names, play_again=lambda: None, humans=frozenset((0,)),
                          assisted=True)
    assert plain.solo_text
    if helped.name is not None:
        said = i18n._("{text} (marked: hints were used)")
    else:
        said = i18n._("{text} Hints were used in this game.")
    assert helped.solo_text == said.format(text=plain.solo_text)
    assert helped.solo_text != plain.solo_text


#: How each language says "one hint" (the game keeps only that hints were used, not how many).
ONE_HINT = {"en": "a hint", "de": "ein Tipp", "nl": "een tip"}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("kind", ["two players", "solo won", "solo lost"])
def test_the_hint_line_never_says_one_hint(app: App, language: str, kind: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """However many hints were asked (fifteen, say), the results' hint line and the
    highscores' explanation of the mark never speak of one hint: the count is not kept."""
    i18n.set_language(language)
    game = two_player_game() if kind == "two players" else solo_game(
        0 if kind == "solo won" else 1)
    scene = ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None,
                         humans=frozenset((0,)), assisted=True)
    assert scene.solo_text
    assert ONE_HINT[language] not in scene.solo_text.lower()
    highscores = HighscoresScene(app)
    app.reset(highscores)
    shown: list[str] = []
    text = app.theme.text

    def recording(words: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        shown.append(words)
        return text(words, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.theme, "text", recording)
    highscores.draw(app.screen)
    explained = [words for words in shown if "2 ×" in words]
    assert explained and not any(ONE_HINT[language] in words.lower() for words in explained)
