"""The results count up without ever disagreeing (R5.3): while the cards arrive, each row's
total is the sum of its groups' captions, and the lines that give the final scores (what
decided the game, the ranking value of a solo game, S5) show only once the count is done;
a click shows everything at once."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from test_hints_and_undo import won_solo_game

from famiglia import i18n
from famiglia.ui.app import App
from famiglia.ui.scenes.results import ResultsScene

if TYPE_CHECKING:
    from ui_driver import Driver


def drawn(app: App, scene: ResultsScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the scene draws in one frame."""
    texts: list[str] = []
    text = app.theme.text
    fit = app.theme.fit

    def recording(words: str, *args: object, **kwargs: object) -> object:
        texts.append(words)
        return text(words, *args, **kwargs)  # type: ignore[arg-type]

    def fitting(words: str, *args: object, **kwargs: object) -> object:
        texts.append(words)
        return fit(words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(app.theme, "text", recording)
    monkeypatch.setattr(app.theme, "fit", fitting)
    scene.draw(app.screen)
    monkeypatch.undo()
    return texts


def numbers(text: str) -> list[int]:
    return [int(number) for number in re.findall(r"\d+", text)]


def test_the_totals_and_the_captions_agree_at_every_moment(app: App, ui: Driver,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    game = won_solo_game()
    scene = ResultsScene(app, game, ("Anna", "The Gangster"), play_again=lambda: None,
                         humans=frozenset({0}))
    app.reset(scene)
    cards = scene.cards
    end = cards.end_of_reveal()
    for step in range(0, 41):
        scene.clock = end * step / 40
        for seat in (0, 1):
            groups = [group for group in (0, 1) if cards.groups[seat][group]]
            assert cards.shown_total(seat, scene.clock) == sum(
                cards.shown_total(seat, scene.clock, group) for group in groups)
            for group in groups:
                caption = cards.caption_text(seat, group, scene.clock)
                assert numbers(caption)[-1] == cards.shown_total(seat, scene.clock, group)
        texts = drawn(app, scene, monkeypatch)
        assert (scene.decision in texts) == scene.counted
        solo = any(len(text) > 10 and text in scene.solo_text for text in texts)
        assert solo == scene.counted, "the ranking value shows with the final scores"
    assert scene.counted
    assert [cards.shown_total(seat, scene.clock) for seat in (0, 1)] == list(
        game.result.scores)  # type: ignore[union-attr]


def test_a_click_shows_the_final_scores_at_once(app: App, ui: Driver,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    game = won_solo_game()
    scene = ResultsScene(app, game, ("Anna", "The Gangster"), play_again=lambda: None,
                         humans=frozenset({0}))
    app.reset(scene)
    assert not scene.counted and scene.decision not in drawn(app, scene, monkeypatch)
    ui.click((5, 5))
    assert scene.counted
    texts = drawn(app, scene, monkeypatch)
    assert scene.decision in texts
    scores = game.result.scores  # type: ignore[union-attr]
    assert i18n.vp_text(scores[0]) in texts and i18n.vp_text(scores[1]) in texts
