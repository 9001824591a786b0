"""The size a window really has.

SDL takes the size it asked for as granted.  On X11 without a window manager, a request to go
full screen changes nothing on screen, yet SDL reports the desktop's size and hands out a
surface of that size: a game laid out for it would be cut off at the window's edges.  So the
app asks the X server itself (libX11, through ``ctypes``) how large the window is, and draws
for that; elsewhere, and wherever libX11 cannot be asked, SDL's word stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ..lazy import lazy_module

if TYPE_CHECKING:
    from . import x11_geometry as x11
else:
    # loaded on X11 only, the one place where the window is asked
    x11 = lazy_module("famiglia.ui.x11_geometry")

Size = tuple[int, int]


class Probe(Protocol):
    """Asks for the real size of the window it was made for (None where it cannot tell)."""

    def __call__(self) -> Size | None: ...

    def close(self) -> None: ...


class SdlWord:
    """No way to ask: SDL's size stands."""

    def __call__(self) -> Size | None:
        return None

    def close(self) -> None:
        """Nothing to let go."""


def probe_for(window: pygame.Window) -> Probe:
    """How to learn ``window``'s real size: from the X server on X11, else not at all."""
    if pygame.display.get_driver() != "x11":
        return SdlWord()
    return x11.connect(window.handle) or SdlWord()


def drawable(surface: pygame.Surface, real: Size | None) -> pygame.Surface:
    """The part of the window's ``surface`` that shows: all of it, or its top left corner of
    the ``real`` size when the window is smaller than SDL believes."""
    width, height = surface.get_size()
    if real is None or (real[0] >= width and real[1] >= height):
        return surface
    return surface.subsurface((0, 0, min(width, max(1, real[0])), min(height, max(1, real[1]))))
