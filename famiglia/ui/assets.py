"""Card images from ``assets/cards`` (drawn by ``scripts/build_assets.py``), loaded once and
scaled once per size: a frame never loads from disk or scales.

The drawn art carries no language-bound word; :class:`CardImages` prints the family line and
the other card words in the game's current language (:mod:`.card_words`) and starts again
when the language changes, so the cards switch with the setting (issue 12).

The images live at the top of the repository and are shipped inside the package (the wheel
maps ``assets/`` to ``famiglia/assets/``, see pyproject.toml), so they are read through
``importlib.resources``: from the installed package, or from the repository when run from a
checkout.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame

from .. import i18n
from ..rules import DECK, Back
from .card_words import CardPrinter, CardWords

#: The drawn cards' size; every card on screen keeps this 5:7 ratio.
CARD_RATIO = 300 / 420

Size = tuple[int, int]


def cards_folder() -> Traversable:
    """The card images: inside the installed package, else the checkout's ``assets/cards``."""
    packaged = resources.files("famiglia").joinpath("assets", "cards")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "assets" / "cards"


def card_size_for_height(height: int) -> Size:
    return (max(1, round(height * CARD_RATIO)), max(1, height))


class CardImages:
    """Faces by card id and the three backs (R1.5) with their words in the current language,
    each cached per requested size.

    The art is loaded once; the printed cards and their sizes are kept for one language and
    dropped when it changes (a change is heard at once, and every request checks the
    language too, so no listener order can hand out a card in the old words).
    """

    def __init__(self, folder: Traversable | None = None) -> None:
        self.folder = folder or cards_folder()
        self.printer = CardPrinter()
        self._art: dict[str, pygame.Surface] = {}
        self._language = i18n.current_language()
        self._words: CardWords | None = None
        #: the cards with their words, by card id or back, then scaled, by (id or back, size)
        self._printed: dict[int | Back, pygame.Surface] = {}
        self._scaled: dict[tuple[int | Back, Size], pygame.Surface] = {}
        i18n.on_language_change(self._language_changed)

    @property
    def language(self) -> str:
        """The language of the cards handed out now."""
        return self._language

    def _language_changed(self, code: str) -> None:
        self._language = code
        self._words = None
        self._printed.clear()
        self._scaled.clear()

    def art(self, name: str) -> pygame.Surface:
        """An image as drawn (300×420, no words): ``card_07``, ``back_neutral``."""
        image = self._art.get(name)
        if image is None:
            with self.folder.joinpath(f"{name}.png").open("rb") as handle:
                image = pygame.image.load(handle, f"{name}.png").convert_alpha()
            self._art[name] = image
        return image

    def _words_now(self) -> CardWords:
        """The current language's words; a change not yet heard of drops the old cards."""
        if self._language != i18n.current_language():
            self._language_changed(i18n.current_language())
        if self._words is None:
            self._words = CardWords.current()
        return self._words

    def face(self, card_id: int, size: Size) -> pygame.Surface:
        words = self._words_now()
        image = self._scaled.get((card_id, size))
        if image is None:
            printed = self._printed.get(card_id)
            if printed is None:
                art = self.art(f"card_{card_id:02d}")
                printed = self._printed[card_id] = self.printer.face(art, DECK[card_id], words)
            image = self._scaled[card_id, size] = pygame.transform.smoothscale(printed, size)
        return image

    def back(self, back: Back, size: Size) -> pygame.Surface:
        words = self._words_now()
        image = self._scaled.get((back, size))
        if image is None:
            printed = self._printed.get(back)
            if printed is None:
                art = self.art(f"back_{back.value}")
                printed = self._printed[back] = self.printer.back(art, back, words)
            image = self._scaled[back, size] = pygame.transform.smoothscale(printed, size)
        return image

    def forget_sizes(self) -> None:
        """Drop scaled copies (after a resize the old sizes are not needed any more)."""
        self._scaled.clear()
