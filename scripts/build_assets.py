"""Draw Famiglia's card art: 60 card faces, the three backs and a contact sheet of the deck.

Everything is drawn with pygame-ce primitives and the font that ships with pygame-ce, so the art
is ours and the build needs nothing but pygame.  Shapes are drawn in card units (a 300×420 design
grid) on a surface ``SUPERSAMPLE`` times larger and smooth-scaled down, which anti-aliases every
edge.  All randomness is seeded from the card id, so two runs write byte-identical PNGs.

The cards carry no language-bound word: the family line, the word under the victory
points and the start-set words are left blank here and printed in the player's language by
:mod:`famiglia.ui.card_words`, which also lends this script its lettering.  The contact sheet
shows the cards with their English words.

The drawing is done by the ``card_art`` package beside this script; this file is the command
that writes the images.

Usage::

    python scripts/build_assets.py [OUT_DIR] [--sheet PATH]

OUT_DIR defaults to ``assets/cards/`` and PATH to ``docs/cards.png`` in the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The repository for ``famiglia`` and this folder for ``card_art``, from whatever directory the
# script is run, and when a test loads it by path.
for folder in (ROOT, HERE):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pygame  # noqa: E402
from card_art.cards import card_images  # noqa: E402
from card_art.furniture import PENNANT_SIZE, PENNANT_X, SYMBOL_BOX  # noqa: E402
from card_art.sheet import contact_sheet  # noqa: E402
from card_art.traits import PANEL_BOX, traits_for  # noqa: E402

from famiglia.ui.card_words import CARD_W  # noqa: E402

#: The build and the command, and the names of the drawing ``tests/test_assets.py`` reads here.
__all__ = ["CARD_W", "PANEL_BOX", "PENNANT_SIZE", "PENNANT_X", "SYMBOL_BOX", "build", "main",
           "traits_for"]

OUT_DIR = ROOT / "assets" / "cards"
SHEET_PATH = ROOT / "docs" / "cards.png"


def build(out_dir: Path, sheet: Path | None) -> dict[str, pygame.Surface]:
    """Write the 63 card images to ``out_dir`` and, unless ``sheet`` is None, the contact sheet."""
    pygame.font.init()
    images = card_images()
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, image in images.items():
        pygame.image.save(image, str(out_dir / name))
    if sheet is not None:
        sheet.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(contact_sheet(images), str(sheet))
    return images


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: ``build_assets.py [OUT_DIR] [--sheet PATH]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("out_dir", nargs="?", type=Path, default=OUT_DIR,
                        help="folder for the card PNGs (default: assets/cards/)")
    parser.add_argument("--sheet", type=Path, default=SHEET_PATH,
                        help="where to write the contact sheet (default: docs/cards.png)")
    args = parser.parse_args(argv)
    build(args.out_dir, args.sheet)


if __name__ == "__main__":
    main()
