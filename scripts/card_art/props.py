"""What a gangster holds in front of him, if anything: a tommy gun, a revolver, a briefcase, a
ledger, brass knuckles, a money bag or a rose in the buttonhole, with the fists that grip them.
His family's weights (:data:`.traits.PROP_WEIGHTS`) choose which."""

from __future__ import annotations

from collections.abc import Callable

from famiglia.ui.card_words import GOLD, GOLD_DARK, GOLD_LIGHT

from .geometry import Colour, Point, ellipse_points, leaf, move, rotate, shade
from .pen import Pen
from .style import CREAM
from .traits import LINE, PORTRAIT_BOTTOM, SKINS, SUITS, Head, Traits


def hand(pen: Pen, skin: Colour, c: Point, angle: float = 0.0) -> None:
    """A gripping fist: four finger rolls over a palm."""
    x, y = c
    pen.polygon(skin, rotate(ellipse_points(c, 13, 11), angle, c), LINE, 1.2)
    for i in range(4):
        pen.stroke(shade(skin, 0.7), rotate([(x - 9 + i * 6, y - 6), (x - 9 + i * 6, y + 2)],
                                            angle, c), 1.0)


def prop_tommy_gun(pen: Pen, t: Traits, head: Head) -> None:
    """A drum-fed submachine gun held across the chest."""
    pivot = (head.cx + 8, PORTRAIT_BOTTOM - 44)
    wood, metal = (118, 70, 38), (44, 44, 50)
    x, y = pivot
    parts = [
        (wood, [(x - 100, y - 6), (x - 60, y - 10), (x - 60, y + 6), (x - 96, y + 18)]),
        (metal, [(x - 62, y - 10), (x + 20, y - 10), (x + 20, y + 5), (x - 62, y + 5)]),
        (metal, [(x + 20, y - 7), (x + 96, y - 7), (x + 96, y - 1), (x + 20, y - 1)]),
        (wood, [(x - 44, y + 4), (x - 34, y + 4), (x - 38, y + 26), (x - 48, y + 26)]),
        (wood, [(x + 34, y), (x + 44, y), (x + 42, y + 22), (x + 32, y + 22)]),
    ]
    for colour, shape in parts:
        pen.polygon(colour, rotate(shape, -22, pivot), LINE, 1.2)
    for i in range(6):
        fin = [(x + 26 + i * 6, y - 9), (x + 26 + i * 6, y + 1)]
        pen.stroke((90, 90, 98), rotate(fin, -22, pivot), 1.2)
    drum = rotate([(x - 12, y + 16)], -22, pivot)[0]
    pen.circle(metal, drum, 17)
    pen.circle((92, 92, 100), drum, 13, 1.4)
    pen.circle(LINE, drum, 17, 1.2)
    skin = SKINS[t.skin]
    hand(pen, skin, rotate([(x - 42, y + 20)], -22, pivot)[0], -22)
    hand(pen, skin, rotate([(x + 38, y + 16)], -22, pivot)[0], -22)


def prop_pistol(pen: Pen, t: Traits, head: Head) -> None:
    """A revolver raised beside the shoulder, barrel up."""
    x, y = head.cx + head.rx + 40, head.cy + 52
    metal = (58, 60, 68)
    pen.polygon(metal, [(x - 4, y - 58), (x + 4, y - 58), (x + 4, y - 18), (x - 4, y - 18)],
                LINE, 1.2)
    pen.rect(metal, (x - 8, y - 24, 16, 20), radius=4)
    pen.rect(shade(metal, 1.6), (x - 6, y - 22, 3, 16))
    pen.polygon((112, 66, 36), [(x - 6, y - 6), (x + 6, y - 6), (x + 12, y + 18), (x, y + 20)],
                LINE, 1.2)
    hand(pen, SKINS[t.skin], (x + 4, y + 12), 10)


def prop_briefcase(pen: Pen, t: Traits, head: Head) -> None:
    """A leather briefcase with brass clasps, held up in front."""
    del t
    x, y = head.cx + 18, PORTRAIT_BOTTOM - 54
    leather = (110, 62, 34)
    pen.stroke(shade(leather, 0.7), ellipse_points((x + 40, y), 14, 10, 180, 360), 4)
    pen.rect(leather, (x, y, 80, 56), radius=6)
    pen.rect(LINE, (x, y, 80, 56), 1.2, radius=6)
    pen.rect(shade(leather, 0.8), (x, y + 14, 80, 3))
    for cx in (x + 16, x + 64):
        pen.rect(GOLD, (cx - 4, y + 10, 8, 10), radius=2)


def prop_ledger(pen: Pen, t: Traits, head: Head) -> None:
    """An account book tucked against the chest, with gilt rules on the cover."""
    c = (head.cx - 46, PORTRAIT_BOTTOM - 34)
    cover = (34, 64, 116)
    book = [(c[0] - 30, c[1] - 38), (c[0] + 30, c[1] - 38), (c[0] + 30, c[1] + 38),
            (c[0] - 30, c[1] + 38)]
    pen.polygon(CREAM, rotate(move(book, 5, 3), -12, c), LINE, 1.2)
    pen.polygon(cover, rotate(book, -12, c), LINE, 1.2)
    for dy in (-24, -18, 18, 24):
        pen.stroke(GOLD, rotate([(c[0] - 20, c[1] + dy), (c[0] + 20, c[1] + dy)], -12, c), 1.2)
    pen.text("$", 26, GOLD_LIGHT, c)
    hand(pen, SKINS[t.skin], rotate([(c[0] + 30, c[1] + 8)], -12, c)[0], 80)


def prop_knuckles(pen: Pen, t: Traits, head: Head) -> None:
    """A raised fist in a sleeve, brass knuckles across the four fingers."""
    x, y = head.cx - 50, PORTRAIT_BOTTOM - 44
    skin = SKINS[t.skin]
    pen.polygon(SUITS[t.suit], [(x - 20, y + 14), (x + 20, y + 14), (x + 26, y + 70),
                                (x - 26, y + 70)], LINE, 1.2)
    pen.rect(skin, (x - 20, y - 6, 40, 26), radius=8)
    pen.rect(LINE, (x - 20, y - 6, 40, 26), 1.2, radius=8)
    for i in range(4):
        finger = (x - 20 + i * 10, y - 16, 10, 20)
        pen.rect(skin, finger, radius=5)
        pen.rect(LINE, finger, 1.0, radius=5)
    pen.polygon(shade(skin, 0.85), [(x - 20, y + 4), (x + 6, y + 2), (x + 8, y + 9),
                                    (x - 20, y + 12)], LINE, 1.0)
    pen.rect(GOLD, (x - 22, y - 9, 44, 7), radius=3)
    for i in range(4):
        pen.circle(GOLD_DARK, (x - 15 + i * 10, y - 5.5), 4.6, 1.6)
    pen.rect(GOLD_LIGHT, (x - 18, y - 8, 18, 1.6))


def prop_money_bag(pen: Pen, t: Traits, head: Head) -> None:
    """A bulging sack of cash with a dollar sign."""
    del t
    x, y = head.cx + 58, PORTRAIT_BOTTOM - 42
    sack = (196, 176, 128)
    pen.circle(sack, (x, y), 28)
    pen.circle(LINE, (x, y), 28, 1.2)
    pen.polygon(sack, [(x - 9, y - 26), (x + 9, y - 26), (x + 16, y - 42), (x - 16, y - 42)],
                LINE, 1.2)
    pen.rect((150, 40, 40), (x - 11, y - 30, 22, 5), radius=2)
    pen.text("$", 34, (90, 70, 36), (x, y + 2))


def prop_rose(pen: Pen, t: Traits, head: Head) -> None:
    """A red rose in the buttonhole."""
    del t
    x, y = head.cx - 40, head.cy + head.ry + 44
    pen.stroke((40, 100, 50), [(x, y), (x + 4, y + 16)], 1.6)
    pen.polygon((46, 110, 56), leaf((x + 2, y + 8), (x + 14, y + 6), 6))
    pen.circle((170, 20, 36), (x, y), 7.5)
    pen.circle(LINE, (x, y), 7.5, 0.9)
    pen.circle((214, 46, 60), (x - 1, y - 1), 4.5)
    pen.stroke((120, 10, 24), ellipse_points((x - 1, y - 1), 3, 2.5, 0, 300), 1.0)


PROP_DRAWERS: dict[str, Callable[[Pen, Traits, Head], None]] = {
    "tommy_gun": prop_tommy_gun,
    "pistol": prop_pistol,
    "briefcase": prop_briefcase,
    "ledger": prop_ledger,
    "knuckles": prop_knuckles,
    "money_bag": prop_money_bag,
    "rose": prop_rose,
}


def draw_prop(pen: Pen, t: Traits, head: Head) -> None:
    """The prop in front of the figure, if he has one."""
    if t.prop != "none":
        PROP_DRAWERS[t.prop](pen, t, head)
