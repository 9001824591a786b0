"""The results screen with a crowded side: 56 cards of one player (R5.3 counts every owned
card) fit their row at 1280×800 and 1024×640 in every language, each card's rank pennant
showing, the groups' captions apart, and every score it shows says "VP" (a group whose
cards' "N VP" do not all fit under them shows none there: its covered cards show their VP in
coins on their strips, its caption the sum).
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
from famiglia.ui.results_cards import CAPTION_TEXT, CARD_VP_TEXT, Placed
from famiglia.ui.scenes.results import ResultsScene

if TYPE_CHECKING:
    from ui_driver import Driver


def crowded() -> Game:
    """A game ended in its final round (R5.1) with 56 cards on Carla's side: every card but
    Anna's start set (R1.5), the Street and both piles empty after the reshuffle (R4.2)."""
    data = position(hands=("M0", "F0 A0"), rest="play:1", reshuffled=True)
    game = Game.from_dict(data)
    while not game.is_terminal():
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
        row = scene.cards.rows[1]
        carla = [placed for placed in scene.cards.placed if placed.seat == 1]
        assert len(carla) == 56
        for placed in carla:
            assert row.contains(placed.rect)
        for left, right in pairwise(carla):
            assert right.rect.x - left.rect.x >= 10, "each rank pennant shows"
        captions = [pygame.Rect(position, app.theme.font(CAPTION_TEXT).size(
                        scene.cards.caption_text(seat, group, scene.clock)))
                    for seat, group, position in scene.cards.captions if position[1] > row.top]
        assert len(captions) == 2 and not captions[0].colliderect(captions[1])
        assert all(row.contains(caption) for caption in captions)
        values = {i18n.vp_text(placed.card.vp) for placed in scene.cards.placed}
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


def groups_of(scene: ResultsScene) -> list[list[Placed]]:
    """The placed cards of each non-empty group (hand, play area of each seat), in order."""
    placed = iter(scene.cards.placed)
    return [[next(placed) for _ in group] for seat in (0, 1) for group in scene.cards.groups[seat]
            if group]


@pytest.mark.parametrize("kind", ["56 cards", "solo lost"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
def test_a_crowded_group_shows_each_card_s_vp_on_it_never_one_value_under_it(
        app: App, ui: Driver, size: tuple[int, int], kind: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R5.3 counts every card: a group whose cards' VP do not all fit under them shows none
    there (a lone value under its last card would read as the group's sum, which its caption
    gives), and each covered card of it shows its VP in a coin inside its uncovered strip,
    where that strip is wide enough; a group with room shows every card's VP under it."""
    ui.resize(size)
    if kind == "56 cards":
        game = crowded()
    else:
        game = next(game for seed in range(300)
                    if (game := play_solo(seed, greedy_human, 1, "a")).winner == 1)
    scene = ResultsScene(app, game, ("Vito", "Carla"), play_again=lambda: None)
    app.reset(scene)
    scene.clock = 60.0
    coins: list[pygame.Rect] = []
    circle = pygame.draw.circle

    def recording(surface: pygame.Surface, colour: object, centre: tuple[int, int],
                  radius: float, *args: object, **kwargs: object) -> pygame.Rect:
        coins.append(pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius,
                                 2 * radius))
        return circle(surface, colour, centre, radius, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.draw, "circle", recording)
    shown = drawn_texts(app, scene, monkeypatch)
    under = [words for words, size in shown if size == CARD_VP_TEXT]
    font = app.theme.font(CARD_VP_TEXT, True)
    crowded_groups = 0
    for group in groups_of(scene):
        fits = [font.size(i18n.vp_text(placed.card.vp))[0] <= placed.room for placed in group]
        assert all(fits) or not any(fits), "all of a group's VP under it, or none"
        if all(fits):
            continue
        crowded_groups += 1
        assert group[-1].strip is None
        for placed, after in pairwise(group):
            if placed.strip is not None:
                assert placed.strip.right == after.rect.left
                assert any(placed.strip.contains(coin) for coin in coins)
    assert crowded_groups
    shown_whole = sum(len(group) for group in groups_of(scene)
                      if all(font.size(i18n.vp_text(p.card.vp))[0] <= p.room for p in group))
    assert len(under) == shown_whole
    if kind == "solo lost":
        assert any(placed.strip is not None for placed in scene.cards.placed)


def short_hand_beside_a_crowded_area(seat: int) -> Game:
    """A game ended by a double pass (R5.2) where ``seat`` holds 7 cards in hand worth 6 or 3
    VP beside 18 in its play area, and the other seat 10 in hand beside 15."""
    short = ("F2 A3 B3 M3 F1 A2 B2", "A1 A1 A1 A1 B1 B1 B1 B1 M1 M1 M1 M1 A2 B2")
    other = ("F4 F3 F3 A4 B4 M4 A3 B3 M3 F0", "F0 F0 F0 A0 A0 A0 A0 B0 B0 B0 B0 M0 M0 M0 M0")
    hands, areas = ((short[0], other[0]), (short[1], other[1]))
    if seat == 1:
        hands, areas = (hands[1], hands[0]), (areas[1], areas[0])
    game = Game.from_dict(position(hands=hands, play_areas=areas, rest="street",
                                   reshuffled=True))
    while not game.is_terminal():
        game.apply(PASS)
    return game


@pytest.mark.parametrize("language", ["en", "de", "nl"])
@pytest.mark.parametrize("size", [(1280, 800), MIN_WINDOW])
@pytest.mark.parametrize("seat", [0, 1])
def test_a_short_hand_beside_a_crowded_play_area_shows_its_cards_vp_in_either_row(
        app: App, ui: Driver, size: tuple[int, int], language: str, seat: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Both rows follow one rule: a group shows each card's VP under it where it fits; a
    hand of 7 beside a play area of 18 keeps the room its VP need (the play area overlaps a
    little more, its ranks in sight), whether it is the person's row or the computer's."""
    i18n.set_language(language)
    try:
        ui.resize(size)
        game = short_hand_beside_a_crowded_area(seat)
        assert [len(game.hands[seat]), len(game.play_areas[seat])] == [7, 18]
        scene = ResultsScene(app, game, ("Vito", "Computer"), play_again=lambda: None,
                             humans=frozenset((0,)))
        app.reset(scene)
        scene.clock = 60.0
        font = app.theme.font(CARD_VP_TEXT, True)
        groups = groups_of(scene)
        hand, area = groups[0:2] if seat == 0 else groups[2:4]
        labelled = all(font.size(i18n.vp_text(p.card.vp))[0] <= p.room for p in hand)
        widest = max(font.size(i18n.vp_text(p.card.vp))[0] for p in hand)
        assert labelled == (widest <= scene.cards.card_size[0]), "where it fits"
        assert labelled or language == "nl", "\"6 VP\" fits under a card"
        assert not any(font.size(i18n.vp_text(p.card.vp))[0] <= p.room for p in area)
        for group in groups:
            fits = [font.size(i18n.vp_text(p.card.vp))[0] <= p.room for p in group]
            assert all(fits) or not any(fits)
            for left, right in pairwise(group):
                assert right.rect.x - left.rect.x >= 10, "each rank pennant shows"
            assert all(scene.cards.rows[group[0].seat].contains(p.rect) for p in group)
        under = [words for words, size in drawn_texts(app, scene, monkeypatch)
                 if size == CARD_VP_TEXT]
        shown = [i18n.vp_text(p.card.vp) for p in hand] if labelled else []
        assert all(under.count(text) >= shown.count(text) for text in set(shown))
        assert app.theme.overflows == []
    finally:
        i18n.set_language("en")
