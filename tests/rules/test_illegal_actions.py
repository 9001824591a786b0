"""Illegal actions of every kind (R3–R5): refused with ``IllegalAction`` and a reason a
player can read, the game left exactly as it was; ``explain`` agrees with ``legal_actions``."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement

import pytest
from positions import game_at, snapshot

from famiglia.rules import DECK, Game, IllegalAction

CODES = sorted({card.code for card in DECK})


def candidates(game: Game) -> list[str]:
    """A wide net of well-formed actions around the current state, legal or not."""
    seat = game.current
    own = sorted({c.code for c in game.hands[seat] + game.play_areas[seat]} | {"M4", "F3"})
    width = len(game.street) + 2
    actions = ["pass"]
    actions += [f"refresh {i}" for i in range(width)]
    actions += [f"accountant A{r}" for r in range(5)]
    actions += [f"exchange {t} {g}" for t in own for g in own]
    actions += [f"brute B{r} {i} -{d}" for r in range(5) for i in range(width) for d in range(6)]
    for i in range(width):
        actions.append(f"take {i}")
        for a, b in combinations_with_replacement(own, 2):
            actions += [f"take {i} {a}+{b} keep {a}", f"take {i} {a}+{b} keep {b}"]
    return actions


def check_everything(game: Game) -> None:
    """Every candidate: legal ones are accepted (on a copy), the rest refused untouched."""
    legal = {str(a) for a in game.legal_actions()}
    before = snapshot(game)
    for text in candidates(game):
        if text in legal:
            assert game.explain(text) is None
            game.copy().apply(text)
            continue
        message = game.explain(text)
        assert message is not None, text
        reason = str(message)
        assert reason[0].isupper(), text
        assert not re.search(r"\((R|S)\d", reason), reason  # player-facing: no rule codes
        with pytest.raises(IllegalAction) as caught:
            game.apply(text)
        assert str(caught.value) == reason
        assert snapshot(game) == before, text


def at_start() -> Game:
    return game_at(hands=("A2 B2 F1 M2 M0", "F0"), play_areas=("B3 M1", ""),
                   street="F2 A1 M3 B1", discard="A3", draw_pile="F1 M0 A2")


def after_refresh() -> Game:
    game = at_start()
    game.apply("refresh 1")
    return game


def in_exchange() -> Game:
    game = at_start()
    game.apply("accountant A2")
    game.apply("exchange B3 F1")
    return game


def after_brute() -> Game:
    game = at_start()
    game.apply("brute B2 0 -2")
    return game


def reshuffled_once() -> Game:
    game = game_at(hands=("A1 A0 M4", ""), street="F2 A2", draw_pile="M1 M2 M3",
                   reshuffled=True, rest="play_areas")
    game.apply("refresh 1")
    return game


def final_round() -> Game:
    return game_at(hands=("M0 M1", ""), street="M2 F3", reshuffled=True, rest="play_areas")


def finished() -> Game:
    game = at_start()
    game.apply("pass")
    game.apply("pass")
    return game


@pytest.mark.parametrize("make", [at_start, after_refresh, in_exchange, after_brute,
                                  reshuffled_once, final_round, finished])
def test_every_candidate_is_accepted_or_refused_untouched(make: object) -> None:
    """R3 order and limits, R3.1a–d, R3.2–R3.5, R5: the whole net of actions per stage."""
    check_everything(make())  # type: ignore[operator]


@pytest.mark.parametrize(("make", "action", "words"), [
    (at_start, "refresh 7", "no Street card at position 7"),
    (at_start, "accountant A3", "no Accountant 3 in your hand"),
    (at_start, "accountant A0", "not an Accountant of rank 1"),
    (at_start, "exchange B3 F1", "Accountant first"),
    (at_start, "brute B1 0 -1", "no Brute 1 in your hand"),
    (at_start, "brute B2 1 -2", "by 1 to 1"),
    (at_start, "brute B2 9 -1", "no Street card at position 9"),
    (at_start, "take 9", "no Street card at position 9"),
    (at_start, "take 0", "needs two Famiglia 1"),
    (at_start, "take 2 M2+M2 keep M2", "do not have"),
    (after_refresh, "take 0 F1+M2 keep F1", "Fresh-cards rule"),
    (in_exchange, "refresh 0", "start of your turn"),
    (in_exchange, "accountant A2", "already played an Accountant"),
    (in_exchange, "exchange A2 B2", "cannot move again"),
    (in_exchange, "exchange M1 B3", "just moved"),
    (after_brute, "brute B2 1 -1", "already played a Brute"),
    (after_brute, "exchange B3 F1", "ended when you played the Brute"),
    (reshuffled_once, "refresh 0", "only once per turn"),
    (final_round, "refresh 0", "draw pile is used up"),
    (finished, "pass", "game is over"),
])
def test_refusals_say_why(make: object, action: str, words: str) -> None:
    """The message names the reason in a player's words."""
    game = make()  # type: ignore[operator]
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert words in str(caught.value)
    assert snapshot(game) == before


def test_wrong_turn_cards_of_the_opponent_are_not_yours() -> None:
    """R5.4/R3: the player to move plays only from the own hand."""
    game = game_at(hands=("", "A0 A0 B2"), street="A1 F2")
    for text in ("take 0 A0+A0 keep A0", "brute B2 1 -2"):
        with pytest.raises(IllegalAction):
            game.apply(text)
    game.apply("pass")
    game.apply("take 0 A0+A0 keep A0")
