"""The cards on screen speak the game's language and switch with it, and are kept only at
the sizes drawn.

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
from famiglia.players.seats import Seat
from famiglia.rules import DECK, Back, Family, Game
from famiglia.rules.refresh import MAX_STREET
from famiglia.ui.app import App
from famiglia.ui.assets import CardImages, card_size_for_height
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.layout import table_frame
from famiglia.ui.table.sprites import CardArt

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


def between_bytes(art: CardArt) -> int:
    """The memory the in-between sizes of ``art`` take now."""
    return sum(image.get_width() * image.get_height() * image.get_bytesize()
               for image in art._between.values())


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


def test_a_table_keeps_its_cards_only_at_its_zones_sizes(app: App,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory of the cards is that of the cards as drawn: a table at 1280×800 holds every
    face and back at its zones' sizes (those of a short Street's frame and of a long one's,
    whose hand is smaller, and the window icon's), never the 300×420 art, and decodes each
    card once for all of them; a resize lets the old sizes go."""
    decoded: list[str] = []
    art = CardImages.art

    def counting(images: CardImages, name: str) -> pygame.Surface:
        decoded.append(name)
        return art(images, name)

    monkeypatch.setattr(CardImages, "art", counting)
    table = TableScene(app, Game.new(3), ("Ann", "Ben"),
                       seats=(Seat.human(), Seat.computer("easy", 1)))
    app.push(table)
    app.frame([], 1 / 60)
    zones = {card for frame in (table_frame(app.size, 6), table_frame(app.size, MAX_STREET))
             for card in (frame.top_card, frame.street_card, frame.play_card, frame.hand_card)}
    assert table.frame == table_frame(app.size, 6)
    assert app.cards.kept_sizes() <= zones
    assert len(decoded) == len(set(decoded)) == len(DECK) + len(Back)
    for size in zones:
        for card in DECK:
            app.cards.face(card.id, size)
        for back in Back:
            app.cards.back(back, size)
    assert len(decoded) == len(DECK) + len(Back)
    app.window.size = (1024, 640)
    app.frame([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=640)], 1 / 60)
    assert not app.cards.kept_sizes() & zones


def test_the_in_between_sizes_of_flights_stay_within_their_budget(app: App) -> None:
    """The sizes a card passes through in flight are kept while they fit the budget, the
    oldest dropped first."""
    art = CardArt(app.cards, limit=300_000)
    art.set_sizes({(86, 120), (120, 168)})
    for height in range(30, 160, 6):
        for card in DECK[:12]:
            art.image(card, True, (round(height * 5 / 7), height))
            assert between_bytes(art) <= 300_000
    assert between_bytes(art) > 200_000
