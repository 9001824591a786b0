"""The committed card art is complete and matches what ``scripts/build_assets.py`` draws now.

The art is generated, so a change to the script without a rebuild (or a hand-edited PNG) shows up
here.  Images are compared as decoded RGBA pixels, not PNG bytes, so a different PNG encoder does
not fail the test.  The art carries no language-bound word: the words are printed on it in the
game's language by ``famiglia.ui.card_words``, tested here on the committed PNGs.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import importlib.util
import itertools
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from famiglia import i18n
from famiglia.rules.cards import DECK, Back, Card, Family
from famiglia.ui import card_words
from famiglia.ui.card_words import CardPrinter, CardWords

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
    """Every committed PNG decodes to the pixels the script draws."""
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


# ------------------------------------------------------------------ the words

LANGUAGES = i18n.available_languages()


@pytest.fixture
def printer() -> CardPrinter:
    return CardPrinter()


@pytest.fixture
def restore_language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


def words_of(language: str) -> CardWords:
    i18n.set_language(language)
    return CardWords.current()


def art(name: str) -> pygame.Surface:
    return pygame.image.load(str(CARDS / f"{name}.png"))


def card_art(card: Card) -> pygame.Surface:
    return art(f"card_{card.id:02d}")


def row_spread(image: pygame.Surface, box: pygame.Rect) -> int:
    """How much the colour varies along any one row of ``box``: 0 on the card's plain
    top-to-bottom gradient, large where anything is drawn."""
    worst = 0
    for y in range(box.top, box.bottom):
        row = [image.get_at((x, y)) for x in range(box.left, box.right)]
        for channel in range(3):
            worst = max(worst, max(c[channel] for c in row) - min(c[channel] for c in row))
    return worst


def test_the_art_carries_no_words() -> None:
    """R1.2, R1.4, R1.5: the family line, the points word and the start-set words are left
    blank in every committed PNG, so no English word is baked into the art."""
    for card in DECK:
        image = card_art(card)
        assert row_spread(image, card_words.FAMILY_LINE.box) <= 2, f"{card.code}: family line"
        assert min(grey(image, card_words.POINTS.box)) > 80, f"{card.code}: ink under the points"
        if card.back is not Back.NEUTRAL:
            assert min(grey(image, card_words.START.box)) > 180, f"{card.code}: start word"
    for back in (Back.START_1, Back.START_2):
        assert max(grey(art(f"back_{back.value}"), card_words.START_SET.box)) < 120, back


def rgba(image: pygame.Surface, box: pygame.Rect | None = None) -> bytes:
    return pygame.image.tobytes(image if box is None else image.subsurface(box), "RGBA")


def printed_cards(printer: CardPrinter, words: CardWords
                  ) -> Iterator[tuple[str, pygame.Surface, pygame.Surface, list[pygame.Rect]]]:
    """Every card and start-set back: its name, its art, the printed card, its words' boxes."""
    for card in DECK:
        image = card_art(card)
        slots = [card_words.FAMILY_LINE, card_words.POINTS]
        if card.back is not Back.NEUTRAL:
            slots.append(card_words.START)
        yield card.code, image, printer.face(image, card, words), [s.box for s in slots]
    for back in Back:
        image = art(f"back_{back.value}")
        slots = [] if back is Back.NEUTRAL else [card_words.START_SET]
        yield back.value, image, printer.back(image, back, words), [s.box for s in slots]


@pytest.mark.usefixtures("restore_language")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_are_printed_in_their_places_only(printer: CardPrinter,
                                                    language: str) -> None:
    """Each card gets its words (R1.2 family, R1.4 points, R1.5 start set), and printing
    touches nothing else: not the portrait, the name, the pennants or the coin's number."""
    for name, image, printed, boxes in printed_cards(printer, words_of(language)):
        assert printed.get_size() == image.get_size()
        for box in boxes:
            assert rgba(printed, box) != rgba(image, box), f"{name}: nothing printed in {box}"
        before, after = image.copy(), printed.copy()
        for box in boxes:
            before.fill((0, 0, 0, 0), box)
            after.fill((0, 0, 0, 0), box)
        assert rgba(before) == rgba(after), f"{name}: printing changed the art outside its words"


@pytest.mark.usefixtures("restore_language")
def test_each_language_prints_its_own_words(printer: CardPrinter) -> None:
    """A card of every family and a start-set back look different in English, German and
    Dutch (La Famiglia keeps its name everywhere, its points word differs)."""
    cards = [next(c for c in DECK if c.family is family and c.back is not Back.NEUTRAL)
             for family in Family]
    looks: dict[str, list[bytes]] = {}
    for language in LANGUAGES:
        words = words_of(language)
        looks[language] = [rgba(printer.face(card_art(card), card, words)) for card in cards]
        looks[language].append(rgba(printer.back(art("back_start1"), Back.START_1, words)))
    for a, b in itertools.combinations(LANGUAGES, 2):
        same = [i for i, (x, y) in enumerate(zip(looks[a], looks[b], strict=True)) if x == y]
        assert not same, f"{a} and {b} print the same words on card(s) {same}"


@pytest.mark.usefixtures("restore_language")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_fits_its_place(printer: CardPrinter, language: str) -> None:
    """The editions' family names fit between the card's edge and the corner pennant at
    nearly the art's size, and the short words fit at full size."""
    words = words_of(language)
    line = card_words.FAMILY_LINE
    for family, name in words.families.items():
        size, tracking, rule = printer.family_line_layout(name)
        assert size >= 12, f"{family.name}: {name} shrunk to {size}"
        ornaments = 2 * (card_words.RULE_GAP + rule + card_words.DIAMOND)
        assert printer.text_width(name, size, tracking) + ornaments <= line.width + 0.01
    for slot, word in ((card_words.POINTS, words.points), (card_words.START, words.start),
                       (card_words.START_SET, words.start_set)):
        assert printer.fit(word, slot.size, slot.tracking, slot.width)[0] == slot.size, word


def test_the_family_line_keeps_clear_of_the_pennant(builder: ModuleType) -> None:
    """The family line ends left of the corner pennant (and its shadow) at its height: the
    art around the line's box is the plain card there."""
    box = card_words.FAMILY_LINE.box
    pennant_left = builder.CARD_W - builder.PENNANT_X - builder.PENNANT_SIZE[0]
    assert box.right < pennant_left
    margin = pygame.Rect(box.right, box.top, 6, box.height)
    for card in DECK:
        assert row_spread(card_art(card), margin) <= 2, card.code
