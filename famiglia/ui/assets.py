"""Card images from ``assets/cards`` (drawn by ``scripts/build_assets.py``), loaded once and
scaled once per size: a frame never loads from disk or scales.

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

from ..rules import Back

#: The drawn cards' size; every card on screen keeps this 5:7 ratio.
CARD_RATIO = 300 / 420


def cards_folder() -> Traversable:
    """The card images: inside the installed package, else the checkout's ``assets/cards``."""
    packaged = resources.files("famiglia").joinpath("assets", "cards")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "assets" / "cards"


def card_size_for_height(height: int) -> tuple[int, int]:
    return (max(1, round(height * CARD_RATIO)), max(1, height))


class CardImages:
    """Faces by card id and the three backs (R1.5), each cached per requested size."""

    def __init__(self, folder: Traversable | None = None) -> None:
        self.folder = folder or cards_folder()
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    def _original(self, name: str) -> pygame.Surface:
        image = self._originals.get(name)
        if image is None:
            with self.folder.joinpath(f"{name}.png").open("rb") as handle:
                image = pygame.image.load(handle, f"{name}.png").convert_alpha()
            self._originals[name] = image
        return image

    def _get(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = (name, size)
        image = self._scaled.get(key)
        if image is None:
            image = pygame.transform.smoothscale(self._original(name), size)
            self._scaled[key] = image
        return image

    def face(self, card_id: int, size: tuple[int, int]) -> pygame.Surface:
        return self._get(f"card_{card_id:02d}", size)

    def back(self, back: Back, size: tuple[int, int]) -> pygame.Surface:
        return self._get(f"back_{back.value}", size)

    def forget_sizes(self) -> None:
        """Drop scaled copies (after a resize the old sizes are not needed any more)."""
        self._scaled.clear()
