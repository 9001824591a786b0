"""Card images from ``assets/cards`` (drawn by ``scripts/build_assets.py``), read once and
kept only at the sizes drawn: a frame never loads from disk, and a card is scaled once per
size.

The drawn art carries no language-bound word; :class:`CardImages` prints the family line and
the other card words in the game's current language (:mod:`.card_words`) and starts again
when the language changes, so the cards switch with the setting.

The images live at the top of the repository and are shipped inside the package (the wheel
maps ``assets/`` to ``famiglia/assets/``, see pyproject.toml), so they are read through
:func:`famiglia.shipped.asset_folder`: from the installed package or the bundle, or from the
repository when run from a checkout.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cached_property
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

import pygame

from .. import __version__, i18n
from ..lazy import lazy_module
from ..rules import DECK, Back
from ..shipped import asset_folder
from .kept_images import KeptImages

if TYPE_CHECKING:
    from . import card_words
else:
    # the printer is loaded when a card is first printed: the title's kept fans need none
    card_words = lazy_module("famiglia.ui.card_words")

#: The drawn cards' size; every card on screen keeps this 5:7 ratio.
CARD_RATIO = 300 / 420

Size = tuple[int, int]


def cards_folder() -> Traversable:
    """The card images: inside the installed package, else the checkout's ``assets/cards``."""
    return asset_folder("cards")


def card_size_for_height(height: int) -> Size:
    return (max(1, round(height * CARD_RATIO)), max(1, height))


class CardImages:
    """Faces by card id and the three backs (R1.5) with their words in the current language,
    kept only at the sizes asked for.

    The drawn art stays in memory as its PNG files' bytes (about 4 MB in all); a card asked
    for at a size it has not been made at is decoded, printed with its words and scaled down
    to that size and to every size in :attr:`sizes` at once, and the full-size picture is let
    go.  So a table that names its zones' sizes decodes each card once, and the memory held
    is that of the cards as drawn.  The cards are kept for one language and dropped when it
    changes (a change is heard at once, and every request checks the language too, so no
    listener order can hand out a card in the old words).
    """

    def __init__(self, folder: Traversable | None = None, *,
                 kept: KeptImages | None = None) -> None:
        self.folder = folder or cards_folder()
        #: the sizes made together whenever a card is decoded (the table's zones)
        self.sizes: set[Size] = set()
        self._sources: dict[str, bytes] = {}
        self._language = i18n.current_language()
        self._words: card_words.CardWords | None = None
        self._scaled: dict[tuple[int | Back, Size], pygame.Surface] = {}
        #: the turned faces kept for the next start (:meth:`turned_faces`): the app's, which
        #: writes them once its first frame is on screen, or this run's own
        self._kept = kept or KeptImages()
        i18n.on_language_change(self._language_changed)

    @property
    def language(self) -> str:
        """The language of the cards handed out now."""
        return self._language

    def _language_changed(self, code: str) -> None:
        self._language = code
        self._words = None
        self._scaled.clear()

    def source(self, name: str) -> bytes:
        """An image's file as drawn: ``card_07``, ``back_neutral``."""
        source = self._sources.get(name)
        if source is None:
            with self.folder.joinpath(f"{name}.png").open("rb") as handle:
                source = self._sources[name] = handle.read()
        return source

    def art(self, name: str) -> pygame.Surface:
        """An image as drawn (300×420, no words), decoded afresh.  It stays in the file's
        pixel format: only the scaled cards are converted to the screen's (:meth:`_keep`),
        which gives the same pixels for less work."""
        return pygame.image.load(io.BytesIO(self.source(name)), f"{name}.png")

    @cached_property
    def printer(self) -> card_words.CardPrinter:
        return card_words.CardPrinter()

    def _words_now(self) -> card_words.CardWords:
        """The current language's words; a change not yet heard of drops the old cards."""
        if self._language != i18n.current_language():
            self._language_changed(i18n.current_language())
        if self._words is None:
            self._words = card_words.CardWords.current()
        return self._words

    def face(self, card_id: int, size: Size) -> pygame.Surface:
        words = self._words_now()
        image = self._scaled.get((card_id, size))
        if image is None:
            printed = self.printer.face(self.art(f"card_{card_id:02d}"), DECK[card_id], words)
            image = self._keep(card_id, printed, size)
        return image

    def turned_faces(self, kind: str, cards: Sequence[tuple[int, float]],
                     size: Size) -> list[pygame.Surface]:
        """Faces (card id, angle in degrees anticlockwise) at ``size``, smoothly turned: the
        title's fans (``kind``).  The first ones of a kind in a run, those the window opens
        with, are kept in the cache folder (:mod:`.kept_images`) under :meth:`turned_key`, so
        the next start reads them; a later call (a new window size, another language) draws
        them and keeps nothing."""
        def draw() -> list[pygame.Surface]:
            return [pygame.transform.rotozoom(self.face(card_id, size), angle, 1.0)
                    for card_id, angle in cards]

        return self._kept.images(kind, self.turned_key(cards, size), draw)

    def turned_key(self, cards: Sequence[tuple[int, float]], size: Size) -> list[bytes | str]:
        """What turned faces are drawn from: the images' files, the language and its catalog
        (the words printed on them), the size, the angles, the versions of the game and of
        pygame-ce and pygame-ce's way of smooth scaling (it differs between processors)."""
        return [__version__, pygame.version.ver, pygame.transform.get_smoothscale_backend(),
                self.language, i18n.catalog_digest(self.language), repr(size),
                *(f"{card_id} {angle!r}" for card_id, angle in cards),
                *(self.source(f"card_{card_id:02d}") for card_id, _ in cards)]

    def back(self, back: Back, size: Size) -> pygame.Surface:
        words = self._words_now()
        image = self._scaled.get((back, size))
        if image is None:
            printed = self.printer.back(self.art(f"back_{back.value}"), back, words)
            image = self._keep(back, printed, size)
        return image

    def _keep(self, key: int | Back, printed: pygame.Surface, size: Size) -> pygame.Surface:
        """``printed`` scaled to ``size`` and to each of :attr:`sizes` it lacks, in the
        screen's pixel format (quick to draw)."""
        for wanted in self.sizes | {size}:
            if (key, wanted) not in self._scaled:
                scaled = pygame.transform.smoothscale(printed, wanted)
                self._scaled[key, wanted] = scaled.convert_alpha()
        return self._scaled[key, size]

    def kept_sizes(self) -> set[Size]:
        """The sizes of the card images held now (the smoke test draws a card at each)."""
        return {size for _, size in self._scaled}

    def forget_sizes(self) -> None:
        """Drop the scaled cards (after a resize the old sizes are not needed any more)."""
        self._scaled.clear()
