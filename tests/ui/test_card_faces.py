"""The cards on screen speak the game's language and switch with it (issue 12).

``CardImages`` prints the family line, the points word and the start-set words on the drawn
art (R1.2, R1.4, R1.5) in the current language and drops its cards when the language changes.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pygame
import pytest

from famiglia import i18n
from famiglia.rules import DECK, Back, Family
from famiglia.ui.app import App
from famiglia.ui.assets import CardImages, card_size_for_height

SIZE = card_size_for_height(168)
ACCOUNTANT = next(card for card in DECK if card.family is Family.ACCOUNTANT and card.rank == 1)


@pytest.fixture(autouse=True)
def english_first() -> Iterator[None]:
    """Each test starts in English and leaves the language as it found it."""
    before = i18n.current_language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


def pixels(image: pygame.Surface) -> bytes:
    return pygame.image.tobytes(image, "RGBA")


def test_the_cards_switch_with_the_language(app: App) -> None:
    """The app's cards change at once when the language does, and come back the same."""
    english = pixels(app.cards.face(ACCOUNTANT.id, SIZE))
    english_back = pixels(app.cards.back(Back.START_1, SIZE))
    seen = {english}
    for language in ("de", "nl"):
        i18n.set_language(language)
        assert app.cards.language == language
        face = pixels(app.cards.face(ACCOUNTANT.id, SIZE))
        assert face not in seen, f"the {language} card shows another language's words"
        seen.add(face)
        assert pixels(app.cards.back(Back.START_1, SIZE)) != english_back
    i18n.set_language("en")
    assert pixels(app.cards.face(ACCOUNTANT.id, SIZE)) == english
    assert pixels(app.cards.back(Back.START_1, SIZE)) == english_back


@pytest.mark.usefixtures("app")
def test_a_language_change_drops_the_old_cards() -> None:
    """The cards printed in the old language are let go (no language's cards pile up), while
    the neutral back, which has no words, looks the same in every language."""
    images = CardImages()
    old = weakref.ref(images.face(ACCOUNTANT.id, SIZE))
    neutral = pixels(images.back(Back.NEUTRAL, SIZE))
    i18n.set_language("de")
    gc.collect()
    assert old() is None
    assert pixels(images.back(Back.NEUTRAL, SIZE)) == neutral


@pytest.mark.usefixtures("app")
def test_a_card_asked_for_during_the_switch_is_already_in_the_new_words() -> None:
    """A scene that hears of the change before the cards do (it subscribed first) and lays
    itself out again at once still gets the new language's cards."""
    got: list[bytes] = []

    def relayout(code: str) -> None:
        got.append(pixels(images.face(ACCOUNTANT.id, SIZE)))

    unsubscribe = i18n.on_language_change(relayout)
    images = CardImages()
    english = pixels(images.face(ACCOUNTANT.id, SIZE))
    try:
        i18n.set_language("nl")
    finally:
        unsubscribe()
    assert len(got) == 1 and got[0] != english
    assert got == [pixels(CardImages().face(ACCOUNTANT.id, SIZE))]
