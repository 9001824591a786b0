"""The committed card art is complete and matches what ``scripts/build_assets.py`` draws now.

The art is generated, so a change to the script without a rebuild (or a hand-edited PNG) shows up
here.  Images are compared as decoded RGBA pixels, not PNG bytes, so a different PNG encoder does
not fail the test.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import importlib.util
import itertools
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from famiglia.rules.cards import DECK, Back, Family

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
SHEET = ROOT / "docs" / "cards.png"
REBUILD = "rebuild with: python scripts/build_assets.py"
NAMES = [f"card_{card.id:02d}.png" for card in DECK] + [f"back_{b.value}.png" for b in Back]


def load_builder() -> ModuleType:
    """Import the build script by path (``scripts/`` is not a package)."""
    script = ROOT / "scripts" / "build_assets.py"
    spec = importlib.util.spec_from_file_location("build_assets", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file executes
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    return load_builder()


@pytest.fixture(scope="module")
def rebuilt(builder: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of all cards and the contact sheet into a temporary folder."""
    folder = tmp_path_factory.mktemp("cards")
    builder.build(folder, folder / "cards.png")
    return folder


def pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    image = pygame.image.load(str(path))
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def grey(image: pygame.Surface, box: pygame.Rect) -> list[int]:
    """The luminance of each pixel in ``box``: what a colour-blind or greyscale view keeps."""
    part = image.subsurface(box)
    data = pygame.image.tobytes(part, "RGB")
    return [round(0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2])
            for i in range(0, len(data), 3)]


def test_committed_assets_are_complete() -> None:
    """One face per physical card (R1.1) and the three backs (R1.5): 300×420 RGBA, round corners."""
    assert sorted(p.name for p in CARDS.glob("*.png")) == sorted(NAMES)
    for name in NAMES:
        image = pygame.image.load(str(CARDS / name))
        assert image.get_size() == (300, 420), name
        assert image.get_flags() & pygame.SRCALPHA, f"{name} has no alpha channel"
        assert image.get_at((0, 0)).a == 0, f"{name}: corner outside the rounded card not clear"
        assert image.get_at((150, 210)).a == 255, name
    assert SHEET.is_file()


def test_committed_assets_are_up_to_date(rebuilt: Path) -> None:
    """Every committed PNG decodes to the pixels the script draws today."""
    stale = [name for name in [*NAMES, "cards.png"]
             if pixels(rebuilt / name) != pixels(SHEET if name == "cards.png" else CARDS / name)]
    assert not stale, f"out of date: {', '.join(stale)}; {REBUILD}"


def test_family_symbols_differ_in_greyscale(builder: ModuleType, rebuilt: Path) -> None:
    """R1.2: the four families are told apart without colour, by corner symbol and luminance.

    The greyscale symbol regions of F1, A1, B1 and M1 must differ in brightness and, once each is
    normalised to its own mean and contrast, in shape.
    """
    regions = {}
    for family in Family:
        card = next(c for c in DECK if c.family is family and c.rank == 1)
        image = pygame.image.load(str(rebuilt / f"card_{card.id:02d}.png"))
        regions[family] = grey(image, builder.SYMBOL_BOX)
    for a, b in itertools.combinations(Family, 2):
        ga, gb = regions[a], regions[b]
        mean_diff = sum(abs(x - y) for x, y in zip(ga, gb, strict=True)) / len(ga)
        assert mean_diff > 20, f"{a.name} and {b.name} symbols look alike in greyscale"
        assert correlation(ga, gb) < 0.7, f"{a.name} and {b.name} symbols have the same shape"


def correlation(a: list[int], b: list[int]) -> float:
    """Pearson correlation: 1.0 for the same shape whatever its brightness and contrast."""
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return cov / (va * vb) ** 0.5


def test_every_card_has_its_own_portrait(builder: ModuleType, rebuilt: Path) -> None:
    """Sixty different gangsters: no two cards share traits or portrait pixels."""
    assert len({builder.traits_for(card) for card in DECK}) == len(DECK)
    x, y, w, _ = builder.PANEL_BOX
    window = pygame.Rect(x + 40, y + 20, w - 80, 200)
    portraits = {pygame.image.tobytes(pygame.image.load(str(rebuilt / name)).subsurface(window),
                                      "RGBA") for name in NAMES[: len(DECK)]}
    assert len(portraits) == len(DECK)


def test_backs_differ_in_greyscale(rebuilt: Path) -> None:
    """R1.5: the neutral back and the two start-set backs are clearly different."""
    whole = pygame.Rect(0, 0, 300, 420)
    backs = [grey(pygame.image.load(str(rebuilt / f"back_{b.value}.png")), whole) for b in Back]
    for a, b in itertools.combinations(backs, 2):
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a) > 10
