"""Who each gangster is and where he sits in the portrait window.

His traits (skin, hair, suit, neckwear, hat, eyes, moustache, props, build …) come from a
generator seeded with the card's id alone, so the art is reproducible; the weights give each
family its own flavour.  :class:`Head` holds the landmarks his features hang off, and the panel's
box and zoom place the figure on the card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from famiglia.rules.cards import Card, Family

from .geometry import Box, Colour, Point, ellipse_points

SKINS: tuple[Colour, ...] = ((242, 206, 172), (228, 184, 144), (204, 154, 112), (176, 122, 84),
                            (134, 90, 60), (100, 66, 44))
HAIR: tuple[Colour, ...] = ((28, 24, 22), (72, 48, 30), (122, 86, 52), (150, 148, 144),
                           (206, 172, 110), (146, 62, 32))
SUITS: tuple[Colour, ...] = ((40, 40, 46), (30, 36, 62), (74, 54, 40), (24, 24, 26),
                            (98, 100, 106), (42, 60, 46), (90, 30, 38), (206, 196, 174))
SHIRTS: tuple[Colour, ...] = ((242, 238, 228), (206, 216, 232), (44, 44, 48), (228, 204, 172))
TIES: tuple[Colour, ...] = ((156, 26, 36), (196, 154, 62), (30, 30, 34), (60, 82, 146),
                           (226, 224, 218), (40, 94, 62))
HATS: tuple[Colour, ...] = ((32, 32, 36), (62, 62, 68), (96, 72, 52), (122, 124, 128),
                           (216, 208, 188), (36, 42, 68))
LINE = (36, 26, 24)

#: Per family: weights for hats, eyes, neckwear and props, so each family has its own flavour.
HAT_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"fedora": 4, "top_hat": 2, "bowler": 1, "none": 2, "flat_cap": 0, "beret": 0},
    Family.ACCOUNTANT: {"fedora": 2, "top_hat": 1, "bowler": 4, "none": 2, "flat_cap": 1,
                        "beret": 0},
    Family.BRUTE: {"fedora": 1, "top_hat": 0, "bowler": 1, "none": 3, "flat_cap": 4, "beret": 1},
    Family.MERCENARY: {"fedora": 2, "top_hat": 1, "bowler": 0, "none": 2, "flat_cap": 1,
                       "beret": 3},
}
EYE_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"plain": 4, "narrow": 3, "shades": 2, "specs": 0, "monocle": 1, "patch": 0},
    Family.ACCOUNTANT: {"plain": 3, "narrow": 1, "shades": 0, "specs": 5, "monocle": 2, "patch": 0},
    Family.BRUTE: {"plain": 3, "narrow": 4, "shades": 1, "specs": 0, "monocle": 0, "patch": 1},
    Family.MERCENARY: {"plain": 2, "narrow": 3, "shades": 3, "specs": 0, "monocle": 0, "patch": 2},
}
NECK_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"tie": 5, "bow": 2, "open": 1, "stripes": 0, "turtleneck": 0},
    Family.ACCOUNTANT: {"tie": 5, "bow": 3, "open": 0, "stripes": 0, "turtleneck": 0},
    Family.BRUTE: {"tie": 1, "bow": 0, "open": 2, "stripes": 4, "turtleneck": 2},
    Family.MERCENARY: {"tie": 2, "bow": 0, "open": 3, "stripes": 1, "turtleneck": 3},
}
PROP_WEIGHTS: dict[Family, dict[str, int]] = {
    Family.FAMIGLIA: {"none": 2, "rose": 4, "money_bag": 2, "pistol": 1, "tommy_gun": 1,
                      "briefcase": 0, "ledger": 0, "knuckles": 0},
    Family.ACCOUNTANT: {"none": 1, "rose": 0, "money_bag": 2, "pistol": 0, "tommy_gun": 0,
                        "briefcase": 4, "ledger": 4, "knuckles": 0},
    Family.BRUTE: {"none": 2, "rose": 0, "money_bag": 1, "pistol": 1, "tommy_gun": 1,
                   "briefcase": 0, "ledger": 0, "knuckles": 5},
    Family.MERCENARY: {"none": 1, "rose": 0, "money_bag": 1, "pistol": 3, "tommy_gun": 4,
                       "briefcase": 0, "ledger": 0, "knuckles": 1},
}
MOUSTACHES = ("none", "none", "pencil", "walrus", "handlebar", "chevron")
BEARDS = ("none", "none", "none", "stubble", "goatee", "full")
MOUTH_PROPS = ("none", "none", "cigar", "cigarette", "toothpick")
HAIRSTYLES = ("slick", "bald", "side", "curly")


@dataclass(frozen=True)
class Traits:
    """Everything that makes one gangster's portrait his own, drawn from a seeded generator."""

    skin: int
    hair: int
    hairstyle: str
    suit: int
    pinstripe: bool
    shirt: int
    neck: str
    tie: int
    hat: str
    hat_colour: int
    eyes: str
    brow_tilt: float
    moustache: str
    beard: str
    scar: bool
    mouth_prop: str
    prop: str
    head_w: int
    head_h: int
    jaw: float
    shoulders: int
    lean: int


def pick(rng: random.Random, weights: dict[str, int]) -> str:
    """One key of ``weights``, chosen with those weights."""
    return rng.choices(list(weights), list(weights.values()))[0]


def traits_for(card: Card) -> Traits:
    """The portrait traits of a card, seeded from its id only so the art is reproducible."""
    rng = random.Random(7919 * (card.id + 1))
    family = card.family
    brute = family is Family.BRUTE
    return Traits(
        skin=rng.randrange(len(SKINS)),
        hair=rng.randrange(len(HAIR)),
        hairstyle=rng.choice(HAIRSTYLES),
        suit=rng.randrange(len(SUITS)),
        pinstripe=rng.random() < (0.5 if family is Family.FAMIGLIA else 0.25),
        shirt=rng.randrange(len(SHIRTS)),
        neck=pick(rng, NECK_WEIGHTS[family]),
        tie=rng.randrange(len(TIES)),
        hat=pick(rng, HAT_WEIGHTS[family]),
        hat_colour=rng.randrange(len(HATS)),
        eyes=pick(rng, EYE_WEIGHTS[family]),
        brow_tilt=rng.uniform(-1.0, 3.5),
        moustache=rng.choice(MOUSTACHES),
        beard=rng.choice(BEARDS),
        scar=rng.random() < (0.45 if brute else 0.15),
        mouth_prop=rng.choice(MOUTH_PROPS) if card.rank < 3 else rng.choice(("cigar", "none")),
        prop=pick(rng, PROP_WEIGHTS[family]),
        head_w=rng.randint(52, 60) + (4 if brute else 0),
        head_h=rng.randint(66, 74),
        jaw=rng.uniform(0.55, 0.9) + (0.1 if brute else 0.0),
        shoulders=rng.randint(168, 190) + (16 if brute else 0),
        lean=rng.randint(-8, 8),
    )


@dataclass(frozen=True)
class Head:
    """Where the head sits in the portrait panel; the features hang off these landmarks."""

    cx: float
    cy: float
    rx: float
    ry: float
    jaw: float

    @property
    def top(self) -> float:
        return self.cy - self.ry

    @property
    def brim(self) -> float:
        return self.cy - self.ry * 0.5

    @property
    def eye_y(self) -> float:
        return self.cy - self.ry * 0.06

    @property
    def mouth_y(self) -> float:
        return self.cy + self.ry * 0.52

    def outline(self, rx_scale: float = 1.0, dx: float = 0.0) -> list[Point]:
        """Face outline: a dome on top and a jaw that is squarer the larger ``jaw`` is."""
        rx = self.rx * rx_scale
        cx = self.cx + dx
        top = ellipse_points((cx, self.cy), rx, self.ry, 180, 360, steps=24)
        cy, ry = self.cy, self.ry
        jaw = [(cx + rx, cy + ry * 0.2), (cx + rx * self.jaw, cy + ry * 0.78),
               (cx + rx * 0.42, cy + ry * 1.02), (cx - rx * 0.42, cy + ry * 1.02),
               (cx - rx * self.jaw, cy + ry * 0.78), (cx - rx, cy + ry * 0.2)]
        return top + jaw


PANEL_BOX: Box = (30, 26, 240, 258)
#: The figure is drawn in panel units and enlarged about the panel's bottom centre.
PORTRAIT_ZOOM = 1.2
PORTRAIT_BOTTOM = PANEL_BOX[3]
