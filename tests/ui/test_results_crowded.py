"""The results screen with a crowded side: 56 cards of one player (R5.3 counts every owned
card) fit their row at 1280×800 and 1024×640 in every language, each card's rank pennant
showing, the groups' captions apart, and every score it shows says "VP" (a card's value is
left out where "N VP" has no room; its group's caption has the sum).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import position

from famiglia import i18n
from famiglia.rules import PASS, Game
from famiglia.simulate import greedy_human, play_solo
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.scenes.results import CAPTION_TEXT, CARD_VP_TEXT, ResultsScene

if TYPE_CHECKING:
    from ui_driver import Driver


def crowded() -> Game:
    """A game ended in its final round (R5.1) with 56 cards on Carla's side: every card but
    Anna's start set (R1.5), the Street and both piles empty after the reshuffle (R4.2)."""
    data = position(hands=("M0", "F0 A0"), rest="play:1", reshuffled=True)
    game = Game.from_dict(data)
    while not game.over:
        game.apply(PASS)
    return game


def drawn_texts(app: App, scene: ResultsScene,
                monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    texts: list[tuple[str, int]] = []
    text = app.theme.text

    def recording(words: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append((words, size))
        return text(words, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.theme, "text", recording)
    scene.draw(app.screen)
    return texts


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_56_cards_of_one_side_fit_their_row(app: App, ui: Driver, size: tuple[int, int],
                                           language: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    try:
        ui.resize(size)
        game = crowded()
        assert len(game.hands[1]) + len(game.play_areas[1]) == 56
        scene = ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None)
        app.reset(scene)
        scene.clock = 60.0
        row = scene.rows[1]
        carla = [placed for placed in scene.placed if placed.seat == 1]
        assert len(carla) == 56
        for placed in carla:
            assert row.contains(placed.rect)
        for left, right in pairwise(carla):
            assert right.rect.x - left.rect.x >= 10, "each rank pennant shows"
        captions = [pygame.Rect(position, app.theme.font(CAPTION_TEXT).size(text))
                    for text, position in scene.captions if position[1] > row.top]
        assert len(captions) == 2 and not captions[0].colliderect(captions[1])
        assert all(row.contains(caption) for caption in captions)
        values = {i18n.vp_text(placed.card.vp) for placed in scene.placed}
        shown = [words for words, size in drawn_texts(app, scene, monkeypatch)
                 if size == CARD_VP_TEXT]
        assert shown and set(shown) <= values, "every card's score says VP"
        assert app.theme.overflows == []
    finally:
        i18n.set_language("en")


def test_the_ranking_value_s_scores_say_vp(app: App) -> None:
    """S5: the ranking value's formula names the two scores in VP."""
    game = next(game for seed in range(60)
                if (game := play_solo(seed, greedy_human, 1, "a")).result is not None
                and game.result.winner == 0)
    assert game.result is not None
    scene = ResultsScene(app, game, ("Vito", "The Gangster"), play_again=lambda: None)
    own, gangster = game.result.scores
    assert f"2 × {own} VP − {gangster} VP = " in scene.solo_text
