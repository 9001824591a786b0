"""The core's refusals name cards as ``CardName`` values, never as bare codes (R1.3), so each
language names them in its own words; the notation the player typed stays as typed in the
command line's English."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from positions import game_at

from famiglia import i18n
from famiglia.rules import CardName, Game, IllegalAction, Message
from famiglia.rules.actions import STARRED_CODES
from famiglia.rules.cards import ALL_CODES

CARD_CODES = ALL_CODES | STARRED_CODES


def params(message: Message) -> Iterator[tuple[str, object]]:
    """Every parameter of ``message`` and of the messages nested in it."""
    for name, value in message.params:
        yield name, value
        if isinstance(value, Message):
            yield from params(value)


def refusals(seed: int, count: int) -> Iterator[Message]:
    """The reasons given for random, mostly illegal actions along random games (R3)."""
    rng = random.Random(seed)
    codes = sorted(CARD_CODES)
    game = Game.new(seed)
    while count > 0:
        if game.is_terminal():
            game = Game.new(rng.randrange(10**6))
        legal = game.legal_actions()
        for text in (f"take {rng.randrange(7)} {rng.choice(codes)}+{rng.choice(codes)} keep "
                     f"{rng.choice(codes)}", f"accountant {rng.choice(codes)}",
                     f"brute {rng.choice(codes)} {rng.randrange(7)} -{rng.randrange(1, 4)}",
                     f"exchange {rng.choice(codes)} {rng.choice(codes)}",
                     f"refresh {rng.randrange(8)}"):
            reason = game.explain(text)
            if reason is not None:
                count -= 1
                yield reason
        game.apply(rng.choice(legal))


def test_no_refusal_passes_a_card_code_as_plain_text() -> None:
    """R1.3: a card in a refusal is a CardName (or a Card), whatever the reason."""
    seen = 0
    for reason in refusals(seed=3, count=3000):
        for name, value in params(reason):
            assert not (isinstance(value, str) and value in CARD_CODES), (name, reason)
            seen += isinstance(value, CardName)
    assert seen > 1000


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_payment_the_hand_lacks_is_named_in_words(language: str) -> None:
    """R3.4b: the paying cards the player named are cards in words in every language the UI
    speaks, English too; the command line's English repeats the notation as typed."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F4 A1 M2 B3 F1 A2")
    with pytest.raises(IllegalAction) as caught:
        game.apply("take 0 F3+M4 keep M4")
    assert str(caught.value).startswith("You do not have F3 and M4 in your hand.")
    i18n.set_language(language)
    try:
        shown = i18n.translate_message(caught.value.message)
        assert "F3" not in shown and "M4" not in shown
        assert i18n.describe_code("F3") in shown and i18n.describe_code("M4") in shown
    finally:
        i18n.set_language("en")
