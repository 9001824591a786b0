"""The portrait in each face's art-deco window: the gangster drawn from his traits (suit and
neckwear, head, hair, eyes, nose and mouth, hat), with what he holds (:mod:`.props`), over his
family's pattern in a spotlight, cut to the arch."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from famiglia.rules.cards import Card
from famiglia.ui.card_words import GOLD, GOLD_LIGHT, INK

from .geometry import (
    Colour,
    arch_points,
    bezier,
    ellipse_points,
    leaf,
    mirror,
    mix,
    move,
    shade,
    top_at,
)
from .patterns import draw_pattern
from .pen import Pen, radial_glow, vertical_gradient
from .props import draw_prop
from .style import CREAM, STYLES
from .traits import (
    HAIR,
    HATS,
    LINE,
    PANEL_BOX,
    PORTRAIT_BOTTOM,
    PORTRAIT_ZOOM,
    SHIRTS,
    SKINS,
    SUITS,
    TIES,
    Head,
    Traits,
    traits_for,
)


def draw_suit(pen: Pen, t: Traits, head: Head) -> None:
    """Shoulders, shirt, neckwear and lapels, from the chin down."""
    cx, suit = head.cx, SUITS[t.suit]
    shirt, tie = SHIRTS[t.shirt], TIES[t.tie]
    top = head.cy + head.ry + 12
    neck_w = head.rx * (0.62 if t.shoulders < 200 else 0.8)
    pen.rect(shade(SKINS[t.skin], 0.72), (cx - neck_w, head.cy + head.ry * 0.4, neck_w * 2, 40))
    half = t.shoulders / 2
    curve = bezier((cx + neck_w, top - 8), (cx + neck_w + 26, top), (cx + half - 8, top + 2),
                   (cx + half, top + 36))
    right = [*curve, (cx + half + 4, PORTRAIT_BOTTOM + 2)]
    body = mirror(right[::-1], cx) + right
    pen.polygon(suit, body, LINE, 1.6)
    pen.stroke(mix(suit, CREAM, 0.3), move(mirror(curve, cx), 2.2, 2.2)[4:], 1.6)
    if t.pinstripe:
        for i in range(-9, 10):
            x = cx + i * 10
            y = top_at(body, x)
            if y is not None:
                pen.stroke(mix(suit, CREAM, 0.35), [(x, y + 3), (x, PORTRAIT_BOTTOM)], 0.8)
    v_bottom = top + 62
    v = [(cx - 20, top - 4), (cx + 20, top - 4), (cx, v_bottom)]
    if t.neck == "turtleneck":
        v = [(cx - 24, top - 10), (cx + 24, top - 10), (cx + 6, v_bottom), (cx - 6, v_bottom)]
        pen.polygon(shade(tie, 0.8), v)
        pen.rect(shade(tie, 0.7), (cx - neck_w - 2, top - 18, neck_w * 2 + 4, 14), radius=5)
        for i in range(5):
            pen.stroke(shade(tie, 0.6), [(cx - neck_w + 4 + i * neck_w * 0.45, top - 16),
                                          (cx - neck_w + 4 + i * neck_w * 0.45, top - 6)], 0.8)
    else:
        pen.polygon(shirt, v)
        if t.neck == "stripes":
            for i in range(8):
                y = top + i * 8
                half = 20 * (v_bottom - y) / (v_bottom - top + 4)
                pen.rect((40, 56, 110), (cx - half, y, half * 2, 3.5))
        draw_neckwear(pen, t.neck, tie, cx, top)
    lapel = [(cx - 20, top - 6), (cx - 38, top - 2), (cx - 52, top + 30), (cx - 40, top + 36),
             (cx - 1, v_bottom + 6), (cx - 1, v_bottom - 4)]
    lapel_colour = shade(suit, 0.8 if suit[0] > 150 else 1.35)
    for side in (lapel, mirror(lapel, cx)):
        pen.polygon(lapel_colour, side, LINE, 1.2)


def draw_neckwear(pen: Pen, neck: str, colour: Colour, cx: float, top: float) -> None:
    """Collar points, then a long tie or a bow tie, or nothing for an open collar."""
    collar = [(cx - 19, top - 6), (cx - 2, top + 4), (cx - 14, top + 14)]
    for side in (collar, mirror(collar, cx)):
        pen.polygon((236, 232, 222), side, LINE, 0.8)
    if neck == "tie":
        pen.polygon(colour, [(cx - 5, top + 2), (cx + 5, top + 2), (cx + 4, top + 11),
                             (cx - 4, top + 11)], LINE, 0.8)
        pen.polygon(colour, [(cx - 4, top + 11), (cx + 4, top + 11), (cx + 9, top + 60),
                             (cx, top + 70), (cx - 9, top + 60)], LINE, 0.8)
        pen.stroke(GOLD_LIGHT, [(cx - 7, top + 34), (cx + 7, top + 34)], 1.6)
    elif neck == "bow":
        pen.polygon(colour, [(cx, top + 6), (cx - 15, top - 1), (cx - 15, top + 14)], LINE, 0.8)
        pen.polygon(colour, [(cx, top + 6), (cx + 15, top - 1), (cx + 15, top + 14)], LINE, 0.8)
        pen.circle(shade(colour, 0.8), (cx, top + 6), 3.5)


def draw_head(pen: Pen, t: Traits, head: Head) -> None:
    """Ears and face, lit from the upper left so the right side falls into shadow."""
    skin = SKINS[t.skin]
    dark = shade(skin, 0.78)
    for side in (-1, 1):
        pen.ellipse(dark, (head.cx + side * head.rx - 6, head.eye_y - 2, 12, 20), LINE, 1.0)
    pen.polygon(dark, head.outline(), LINE, 1.6)
    pen.polygon(skin, head.outline(0.86, -head.rx * 0.12))
    cx, rx = head.cx, head.rx
    cheek = bezier((cx + rx * 0.62, head.eye_y + 8), (cx + rx * 0.5, head.cy + 10),
                   (cx + rx * 0.45, head.mouth_y - 6), (cx + rx * 0.3, head.mouth_y))
    pen.stroke(shade(skin, 0.8), cheek, 1.2)
    if t.beard in ("stubble", "full"):
        colour = mix(skin, HAIR[t.hair], 0.45) if t.beard == "stubble" else HAIR[t.hair]
        start = head.eye_y + head.ry * (0.3 if t.beard == "stubble" else 0.15)
        lower = [p for p in head.outline(0.98) if p[1] >= start]
        pen.polygon(colour, lower)


def draw_hair(pen: Pen, t: Traits, head: Head) -> None:
    """Hair for a bare head, or sideburns peeking out from under a hat."""
    hair = HAIR[t.hair]
    if t.hat != "none":
        side = [(head.cx - head.rx * 0.99, head.brim), (head.cx - head.rx * 0.8, head.brim),
                (head.cx - head.rx * 0.86, head.eye_y + 4), (head.cx - head.rx * 0.98, head.eye_y)]
        for part in (side, mirror(side, head.cx)):
            pen.polygon(hair, part)
        return
    if t.hairstyle == "bald":
        pen.polygon(mix(SKINS[t.skin], CREAM, 0.5),
                    leaf((head.cx - head.rx * 0.5, head.top + 14), (head.cx - 4, head.top + 6), 5))
        return
    cap = ellipse_points((head.cx, head.cy - 2), head.rx * 1.04, head.ry * 1.04, 175, 365)
    cap += [(head.cx + head.rx * 0.9, head.brim), (head.cx - head.rx * 0.9, head.brim)]
    pen.polygon(hair, cap, LINE, 1.2)
    if t.hairstyle == "curly":
        for i in range(9):
            a = math.radians(190 + i * 20)
            pen.circle(hair, (head.cx + head.rx * math.cos(a), head.cy - 2 + head.ry * math.sin(a)),
                       7)
    elif t.hairstyle == "side":
        pen.stroke(shade(hair, 1.8), bezier((head.cx - head.rx * 0.4, head.top + 2),
                                             (head.cx - head.rx * 0.3, head.top + 12),
                                             (head.cx + head.rx * 0.2, head.top + 10),
                                             (head.cx + head.rx * 0.8, head.brim)), 1.4)
    else:
        for i in range(3):
            pen.stroke(shade(hair, 1.9), bezier((head.cx - head.rx * 0.7, head.brim - 2 - i * 6),
                                                 (head.cx - head.rx * 0.2, head.top - 2 + i * 3),
                                                 (head.cx + head.rx * 0.3, head.top + i * 3),
                                                 (head.cx + head.rx * 0.8, head.brim - 4 - i * 5)),
                       1.0)


def draw_eyes(pen: Pen, t: Traits, head: Head) -> None:
    """Eyes and eyebrows: plain, narrowed, dark glasses, spectacles, monocle or eye patch."""
    y, dx = head.eye_y, head.rx * 0.42
    brow = shade(HAIR[t.hair], 0.8)
    for side in (-1, 1):
        x = head.cx + side * dx
        inner, outer = x - side * 7, x + side * 8
        pen.stroke(brow, [(inner, y - 8 + t.brow_tilt), (outer, y - 10 - t.brow_tilt)], 3.2)
        if t.eyes in ("plain", "specs") or (t.eyes == "monocle" and side < 0):
            pen.ellipse((246, 242, 232), (x - 5, y - 3, 10, 6))
            pen.circle(INK, (x + 1, y), 2.2)
            pen.stroke(LINE, [(x - 6, y - 2.5), (x + 6, y - 3)], 1.4)
        elif t.eyes == "patch" and side > 0:
            pen.ellipse(INK, (x - 8, y - 6, 16, 13))
            pen.stroke(INK, [(x - 6, y - 5), (head.cx - head.rx, head.top + 18)], 1.6)
            pen.stroke(INK, [(x + 6, y - 2), (head.cx + head.rx, y - 8)], 1.6)
        elif t.eyes != "shades":
            pen.stroke(LINE, [(x - 6, y + side * 0.5), (x + 6, y - side * 0.5)], 2.2)
        if t.eyes == "specs":
            pen.circle(INK, (x, y), 8, 1.4)
        elif t.eyes == "monocle" and side > 0:
            pen.circle(GOLD, (x, y), 8.5, 1.6)
            pen.stroke(GOLD, bezier((x + 6, y + 6), (x + 14, y + 20), (x + 6, y + 40),
                                    (x + 12, y + 60)), 0.9)
    if t.eyes == "shades":
        for side in (-1, 1):
            x = head.cx + side * dx
            pen.rect(INK, (x - 9, y - 6, 18, 11), radius=4)
            pen.stroke((120, 130, 150), [(x - 5, y - 3), (x - 1, y - 3)], 1.4)
        pen.stroke(INK, [(head.cx - dx + 8, y - 3), (head.cx + dx - 8, y - 3)], 2)
    elif t.eyes == "specs":
        pen.stroke(INK, [(head.cx - dx + 8, y - 1), (head.cx + dx - 8, y - 1)], 1.4)


def draw_nose_mouth(pen: Pen, t: Traits, head: Head) -> None:
    """Nose shadow, mouth, moustache, goatee and an optional scar."""
    skin = SKINS[t.skin]
    cx, my = head.cx, head.mouth_y
    nose_tip = (cx + 3, head.cy + head.ry * 0.3)
    pen.polygon(shade(skin, 0.72), [(cx + 1, head.eye_y + 2), (cx + 6, nose_tip[1]),
                                    (cx - 4, nose_tip[1] + 1)])
    pen.stroke(shade(skin, 0.55), [(cx - 5, nose_tip[1] + 1), nose_tip], 1.4)
    pen.stroke((120, 52, 48), [(cx - 8, my), (cx, my + 1), (cx + 8, my - 1.5)], 1.8)
    hair = HAIR[t.hair]
    if t.moustache == "pencil":
        pen.stroke(hair, [(cx - 9, my - 4), (cx + 9, my - 4)], 1.4)
    elif t.moustache == "walrus":
        pen.polygon(hair, [(cx - 12, my - 9), (cx + 12, my - 9), (cx + 14, my + 2), (cx, my - 3),
                           (cx - 14, my + 2)], LINE, 0.8)
    elif t.moustache == "chevron":
        pen.polygon(hair, [(cx - 10, my - 7), (cx + 10, my - 7), (cx + 11, my - 2),
                           (cx - 11, my - 2)], LINE, 0.8)
    elif t.moustache == "handlebar":
        for side in (-1, 1):
            pen.stroke(hair, bezier((cx, my - 5), (cx + side * 10, my - 8),
                                    (cx + side * 18, my - 2), (cx + side * 15, my - 10)), 2.4)
    if t.beard == "goatee":
        pen.polygon(hair, [(cx - 6, my + 5), (cx + 6, my + 5), (cx + 4, head.cy + head.ry + 4),
                           (cx - 4, head.cy + head.ry + 4)], LINE, 0.8)
    if t.scar:
        x0 = cx - head.rx * 0.62
        line = [(x0, head.eye_y - 12), (x0 + 10, head.eye_y + 22)]
        pen.stroke((236, 196, 184), line, 2.0)
        for i in range(1, 4):
            sx, sy = x0 + i * 2.5, head.eye_y - 12 + i * 8.5
            pen.stroke((150, 70, 64), [(sx - 3, sy + 1), (sx + 3, sy - 1)], 0.8)


def draw_mouth_prop(pen: Pen, t: Traits, head: Head) -> None:
    """A cigar, cigarette or toothpick from the corner of the mouth, with curling smoke."""
    if t.mouth_prop == "none":
        return
    start = (head.cx + 6, head.mouth_y)
    length, width, colour = {"cigar": (24, 5.0, (104, 62, 34)), "cigarette": (20, 2.6, CREAM),
                             "toothpick": (16, 1.2, (214, 180, 120))}[t.mouth_prop]
    end = (start[0] + length, start[1] + length * 0.25)
    pen.stroke(colour, [start, end], width)
    if t.mouth_prop == "toothpick":
        return
    if t.mouth_prop == "cigar":
        pen.stroke(GOLD, [(start[0] + 5, start[1] + 1.2), (start[0] + 7, start[1] + 1.8)], 5.2)
    pen.circle((232, 96, 40), end, width * 0.55)
    smoke = bezier(end, (end[0] + 10, end[1] - 10), (end[0] + 2, end[1] - 18),
                   (end[0] + 16, end[1] - 30), steps=18)
    pen.stroke((226, 226, 222), smoke, 1.6)


def hat_fedora(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """The gangster's fedora: pinched crown, ribbon band, wide brim."""
    cx, by, rx = head.cx, head.brim, head.rx
    crown = [(cx - rx * 0.96, by), (cx - rx * 0.88, by - 28), (cx - rx * 0.45, by - 40),
             (cx, by - 33), (cx + rx * 0.45, by - 40), (cx + rx * 0.88, by - 28),
             (cx + rx * 0.96, by)]
    pen.polygon(colour, crown, LINE, 1.4)
    pen.polygon(shade(colour, 0.75), [(cx + rx * 0.2, by - 35), (cx + rx * 0.45, by - 40),
                                      (cx + rx * 0.88, by - 28), (cx + rx * 0.96, by),
                                      (cx + rx * 0.4, by)])
    pen.polygon(band, [(cx - rx * 0.95, by - 10), (cx + rx * 0.95, by - 10), (cx + rx * 0.96, by),
                       (cx - rx * 0.96, by)])
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.85, 8, angle=-3), LINE, 1.4)


def hat_bowler(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A bowler: a shiny dome over a narrow brim."""
    cx, by, rx = head.cx, head.brim, head.rx
    dome = ellipse_points((cx, by), rx * 1.02, 38, 180, 360)
    pen.polygon(colour, dome, LINE, 1.4)
    pen.polygon(shade(colour, 1.45), leaf((cx - rx * 0.6, by - 12), (cx - rx * 0.1, by - 34), 6))
    pen.rect(band, (cx - rx * 1.0, by - 8, rx * 2.0, 7))
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.32, 5.5), LINE, 1.2)


def hat_top_hat(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A tall top hat for the grandest of them."""
    cx, by, rx = head.cx, head.brim, head.rx
    pen.polygon(colour, [(cx - rx * 0.8, by), (cx - rx * 0.9, by - 70), (cx + rx * 0.9, by - 70),
                         (cx + rx * 0.8, by)], LINE, 1.4)
    pen.polygon(shade(colour, 0.7), [(cx + rx * 0.35, by), (cx + rx * 0.4, by - 70),
                                     (cx + rx * 0.9, by - 70), (cx + rx * 0.8, by)])
    pen.polygon(shade(colour, 1.3), ellipse_points((cx, by - 70), rx * 0.9, 6), LINE, 1.2)
    pen.rect(band, (cx - rx * 0.81, by - 14, rx * 1.62, 10))
    pen.polygon(colour, ellipse_points((cx, by), rx * 1.5, 6.5), LINE, 1.2)


def hat_flat_cap(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A tweed flat cap, its crown pulled over to one side above a short peak."""
    del band
    cx, by, rx = head.cx, head.brim, head.rx
    crown = [(cx - rx * 1.04, by + 2), *bezier((cx - rx * 1.04, by + 2), (cx - rx * 1.1, by - 14),
                                               (cx - rx * 0.3, by - 24), (cx + rx * 0.7, by - 21)),
             *bezier((cx + rx * 0.7, by - 21), (cx + rx * 1.3, by - 19), (cx + rx * 1.4, by - 6),
                     (cx + rx * 1.05, by + 2))]
    pen.polygon(colour, crown, LINE, 1.4)
    for i in range(1, 6):
        x = cx - rx + i * rx * 0.36
        edge = top_at(crown, x + 5)
        assert edge is not None, "the crease starts under the crown"
        pen.stroke(shade(colour, 0.78), [(x - 4, by - 1), (x + 5, edge + 3)], 0.9)
    pen.polygon(shade(colour, 0.72), ellipse_points((cx, by + 1), rx * 1.0, 7, 0, 180), LINE, 1.2)
    pen.stroke(shade(colour, 0.6), [(cx - rx * 0.95, by + 1), (cx + rx * 0.95, by + 1)], 1.2)


def hat_beret(pen: Pen, head: Head, colour: Colour, band: Colour) -> None:
    """A beret worn at a slant, with its little stalk."""
    del band
    cx, by, rx = head.cx, head.brim, head.rx
    pen.stroke(INK, [(cx + rx * 0.3, by - 14), (cx + rx * 0.34, by - 20)], 2.6)
    pen.polygon(colour, ellipse_points((cx + rx * 0.3, by - 5), rx * 1.22, 14, angle=-9), LINE,
                1.4)
    pen.rect(shade(colour, 0.7), (cx - rx * 0.92, by + 1, rx * 1.84, 5), radius=2)


HAT_DRAWERS: dict[str, Callable[[Pen, Head, Colour, Colour], None]] = {
    "fedora": hat_fedora,
    "bowler": hat_bowler,
    "top_hat": hat_top_hat,
    "flat_cap": hat_flat_cap,
    "beret": hat_beret,
}


def draw_hat(pen: Pen, t: Traits, head: Head) -> None:
    """The hat, and the shadow its brim casts over the forehead (the noir look)."""
    if t.hat == "none":
        return
    shadow = shade(SKINS[t.skin], 0.62)
    pen.polygon(shadow, ellipse_points((head.cx, head.brim + 2), head.rx * 0.86, 9, 0, 180))
    band = INK if t.hat_colour != 0 else TIES[t.tie]
    HAT_DRAWERS[t.hat](pen, head, HATS[t.hat_colour], band)


def draw_portrait(card: Card) -> Pen:
    """The art-deco portrait window: tinted pattern, spotlight, the gangster and his props."""
    _, _, w, h = PANEL_BOX
    style = STYLES[card.family]
    pen = Pen.blank((w, h))
    base = mix(style.main, CREAM, 0.45)
    accent = mix(style.main, CREAM, 0.25)
    draw_pattern(pen, style.pattern, (0, 0, w, h), base, accent, (w / 2, h + 10))
    t = traits_for(card)
    head = Head(w / 2 + t.lean, 136, t.head_w / 2, t.head_h / 2, t.jaw)
    layer = Pen.blank((w, h))
    radial_glow(pen, (head.cx, 100), 110, 60)
    vignette = Pen.blank((w, h))
    vertical_gradient(vignette, (0, h * 0.55, w, h * 0.45), (0, 0, 0), (70, 70, 70))
    pen.paste(vignette, flags=pygame.BLEND_RGB_SUB)
    figure = layer.zoomed(PORTRAIT_ZOOM, (w / 2, h))
    for part in (draw_suit, draw_head, draw_hair, draw_eyes, draw_nose_mouth, draw_hat,
                 draw_mouth_prop, draw_prop):
        part(figure, t, head)
    shadow = layer.surface.copy()
    shadow.fill((0, 0, 0, 80), special_flags=pygame.BLEND_RGBA_MULT)
    pen.surface.blit(shadow, pen.pt((8, 3)))
    pen.paste(layer)
    mask = Pen.blank((w, h))
    mask.surface.fill((255, 255, 255, 0))
    mask.polygon((255, 255, 255, 255), arch_points((0, 0, w, h)))
    pen.paste(mask, flags=pygame.BLEND_RGBA_MULT)
    return pen
