"""Draw Famiglia's application icon at the sizes desktops use, from the card art.

The icon is one of our own cards (:data:`ICON_CARD`, as the window's icon always was), drawn
by ``scripts/card_art`` at its supersampled size and scaled down once to each size, so even
the 512-pixel icon is sharp; the card stands upright in a transparent square.  The build is
deterministic; ``tests/test_desktop.py`` fails when the committed icons are out of date.

Usage::

    python scripts/build_icons.py [OUT_DIR]

OUT_DIR defaults to ``assets/icons/`` in the repository (shipped in the package as
``famiglia/assets/icons/``): ``famiglia-<size>.png`` for every size of
:data:`famiglia.desktop.ICON_SIZES`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (ROOT, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pygame  # noqa: E402
from card_art.cards import draw_face  # noqa: E402
from card_art.style import CORNER_RADIUS  # noqa: E402

from famiglia.desktop import ICON_CARD, ICON_SIZES, icon_name  # noqa: E402
from famiglia.rules.cards import DECK  # noqa: E402
from famiglia.ui.card_words import CARD_H, CARD_W  # noqa: E402

OUT_DIR = ROOT / "assets" / "icons"


def card_art() -> pygame.Surface:
    """The icon's card at its supersampled size, its corners cut round."""
    pen = draw_face(DECK[ICON_CARD])
    card = pygame.Surface(pen.surface.get_size(), pygame.SRCALPHA)
    card.blit(pen.surface, (0, 0))
    mask = pygame.Surface(card.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                     border_radius=round(CORNER_RADIUS * pen.scale))
    card.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return card


def icon(card: pygame.Surface, size: int) -> pygame.Surface:
    """The card, upright and centred, as tall as a ``size``-pixel square allows with a
    margin of 1/32 of it."""
    height = size - 2 * (size // 32)
    width = max(1, round(height * CARD_W / CARD_H))
    square = pygame.Surface((size, size), pygame.SRCALPHA)
    scaled = pygame.transform.smoothscale(card, (width, height))
    square.blit(scaled, scaled.get_rect(center=(size // 2, size // 2)))
    return square


def build(out_dir: Path) -> list[Path]:
    """Write every icon into ``out_dir``; their paths."""
    card = card_art()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for size in ICON_SIZES:
        path = out_dir / icon_name(size)
        pygame.image.save(icon(card, size), str(path))
        written.append(path)
    return written


def main(argv: list[str]) -> None:
    pygame.display.init()
    out_dir = Path(argv[0]) if argv else OUT_DIR
    for path in build(out_dir):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
