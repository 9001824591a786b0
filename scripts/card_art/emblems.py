"""The small emblems: each family's symbol (R1.2), on the pennants, the neutral back and the
contact sheet's legend, and each family's ability icon (R1.4, R3.2–R3.4) for the medallion,
with the laurel the victory points' coin shares."""

from __future__ import annotations

import math
from collections.abc import Callable

from famiglia.rules.cards import Family

from .geometry import Colour, Point, leaf, rotate, star_points
from .pen import Pen

# ----------------------------------------------------------------------------------- family symbols


def symbol_crown(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """La Famiglia: a crown with three jewelled points."""
    x, y = c
    pen.polygon(colour, [(x - s * 0.5, y + s * 0.35), (x - s * 0.5, y - s * 0.2),
                         (x - s * 0.25, y + s * 0.05), (x, y - s * 0.38),
                         (x + s * 0.25, y + s * 0.05), (x + s * 0.5, y - s * 0.2),
                         (x + s * 0.5, y + s * 0.35)])
    for jx, jy in ((-0.5, -0.26), (0, -0.44), (0.5, -0.26)):
        pen.circle(colour, (x + jx * s, y + jy * s), s * 0.09)


def symbol_coin(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Accountants: a ringed coin with a dollar sign."""
    pen.circle(colour, c, s * 0.48, s * 0.09)
    pen.text("$", s * 1.05, colour, c)


def symbol_knuckles(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Brutes: brass knuckles, four rings on a grip."""
    x, y = c
    r = s * 0.13
    for i in range(4):
        pen.circle(colour, (x + (i - 1.5) * s * 0.25, y - s * 0.12), r, s * 0.08)
    pen.rect(colour, (x - s * 0.5, y + s * 0.04, s, s * 0.16), radius=s * 0.05)
    pen.polygon(colour, [(x - s * 0.3, y + s * 0.18), (x + s * 0.3, y + s * 0.18),
                         (x + s * 0.12, y + s * 0.42), (x - s * 0.12, y + s * 0.42)])


def symbol_daggers(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """The Mercenaries: two crossed daggers."""
    x, y = c
    for angle in (-45, 45):
        blade = leaf((x, y + s * 0.28), (x, y - s * 0.55), s * 0.2)
        guard = [(x - s * 0.2, y + s * 0.22), (x + s * 0.2, y + s * 0.22),
                 (x + s * 0.2, y + s * 0.3), (x - s * 0.2, y + s * 0.3)]
        grip = [(x - s * 0.05, y + s * 0.3), (x + s * 0.05, y + s * 0.3),
                (x + s * 0.05, y + s * 0.5), (x - s * 0.05, y + s * 0.5)]
        for part in (blade, guard, grip):
            pen.polygon(colour, rotate(part, angle, c))


SYMBOLS: dict[Family, Callable[[Pen, Point, float, Colour], None]] = {
    Family.FAMIGLIA: symbol_crown,
    Family.ACCOUNTANT: symbol_coin,
    Family.BRUTE: symbol_knuckles,
    Family.MERCENARY: symbol_daggers,
}


# ------------------------------------------------------------------------------------ ability icons


def arrow(pen: Pen, colour: Colour, start: Point, end: Point, width: float, head: float) -> None:
    """A straight arrow with a triangular head at ``end``."""
    (sx, sy), (ex, ey) = start, end
    length = math.hypot(ex - sx, ey - sy)
    ux, uy = (ex - sx) / length, (ey - sy) / length
    neck = (ex - ux * head, ey - uy * head)
    pen.stroke(colour, [start, neck], width)
    pen.polygon(colour, [end, (neck[0] - uy * head * 0.7, neck[1] + ux * head * 0.7),
                         (neck[0] + uy * head * 0.7, neck[1] - ux * head * 0.7)])


def icon_exchange(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Accountant (R3.2): cards swap between hand and play area, two opposing arrows."""
    x, y = c
    arrow(pen, colour, (x - s * 0.45, y - s * 0.2), (x + s * 0.5, y - s * 0.2), s * 0.12, s * 0.28)
    arrow(pen, colour, (x + s * 0.45, y + s * 0.2), (x - s * 0.5, y + s * 0.2), s * 0.12, s * 0.28)


def icon_lower(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Brute (R3.3): a Street card's rank goes down, a heavy arrow onto a floor."""
    x, y = c
    arrow(pen, colour, (x, y - s * 0.5), (x, y + s * 0.3), s * 0.22, s * 0.38)
    pen.rect(colour, (x - s * 0.45, y + s * 0.38, s * 0.9, s * 0.1))


def icon_joker(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """Mercenary (R3.4b): the joker, a star."""
    pen.polygon(colour, star_points(c, s * 0.55, s * 0.23))


def laurel(pen: Pen, c: Point, radius: float, colour: Colour, leaves: int = 6,
           size: float = 1.0) -> None:
    """Two laurel branches growing up around ``c`` from below, leaves in pairs along the stem."""
    for side in (-1, 1):
        angles = [math.radians(90 + side * (18 + i * 25)) for i in range(leaves)]
        stem = [(c[0] + radius * math.cos(a), c[1] + radius * math.sin(a)) for a in angles]
        pen.stroke(colour, stem, 1.1 * size)
        for a, base in zip(angles, stem, strict=True):
            growth = math.degrees(math.atan2(side * math.cos(a), -side * math.sin(a)))
            for turn in (-34, 34):
                g = math.radians(growth + turn)
                tip = (base[0] + 9 * size * math.cos(g), base[1] + 9 * size * math.sin(g))
                pen.polygon(colour, leaf(base, tip, 4.4 * size))


def icon_plus_vp(pen: Pen, c: Point, s: float, colour: Colour) -> None:
    """La Famiglia (R1.4): no action, worth more victory points, a plus in a laurel."""
    x, y = c
    laurel(pen, (x, y + s * 0.02), s * 0.36, colour, leaves=5, size=s / 48)
    pen.rect(colour, (x - s * 0.22, y - s * 0.06, s * 0.44, s * 0.12))
    pen.rect(colour, (x - s * 0.06, y - s * 0.22, s * 0.12, s * 0.44))


ABILITY_ICONS: dict[Family, Callable[[Pen, Point, float, Colour], None]] = {
    Family.FAMIGLIA: icon_plus_vp,
    Family.ACCOUNTANT: icon_exchange,
    Family.BRUTE: icon_lower,
    Family.MERCENARY: icon_joker,
}
