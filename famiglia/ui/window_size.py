"""The size a window really has.

SDL takes the size it asked for as granted.  On X11 without a window manager, a request to go
full screen changes nothing on screen, yet SDL reports the desktop's size and hands out a
surface of that size: a game laid out for it would be cut off at the window's edges.  So the
app asks the X server itself (libX11, through ``ctypes``) how large the window is, and draws
for that; elsewhere, and wherever libX11 cannot be asked, SDL's word stands.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Protocol

import pygame

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


class X11Geometry:
    """The X server's geometry of one window, over a connection of our own."""

    def __init__(self, library: ctypes.CDLL, window: int) -> None:
        self.library = library
        self.window = window
        library.XOpenDisplay.restype = ctypes.c_void_p
        library.XOpenDisplay.argtypes = [ctypes.c_char_p]
        library.XCloseDisplay.argtypes = [ctypes.c_void_p]
        uint = ctypes.POINTER(ctypes.c_uint)
        integer = ctypes.POINTER(ctypes.c_int)
        library.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                         ctypes.POINTER(ctypes.c_ulong), integer, integer,
                                         uint, uint, uint, uint]
        self.display = library.XOpenDisplay(None)

    def __call__(self) -> Size | None:
        if not self.display:
            return None
        root = ctypes.c_ulong()
        x, y = ctypes.c_int(), ctypes.c_int()
        width, height, border, depth = (ctypes.c_uint() for _ in range(4))
        if not self.library.XGetGeometry(self.display, self.window, ctypes.byref(root),
                                         ctypes.byref(x), ctypes.byref(y),
                                         ctypes.byref(width), ctypes.byref(height),
                                         ctypes.byref(border), ctypes.byref(depth)):
            return None
        return width.value, height.value

    def close(self) -> None:
        if self.display:
            self.library.XCloseDisplay(self.display)
            self.display = None


def probe_for(window: pygame.Window) -> Probe:
    """How to learn ``window``'s real size: from the X server on X11, else not at all."""
    if pygame.display.get_driver() != "x11":
        return SdlWord()
    name = ctypes.util.find_library("X11")
    try:
        library = ctypes.CDLL(name or "libX11.so.6")
    except OSError:
        return SdlWord()
    return X11Geometry(library, window.handle)


def drawable(surface: pygame.Surface, real: Size | None) -> pygame.Surface:
    """The part of the window's ``surface`` that shows: all of it, or its top left corner of
    the ``real`` size when the window is smaller than SDL believes."""
    width, height = surface.get_size()
    if real is None or (real[0] >= width and real[1] >= height):
        return surface
    return surface.subsurface((0, 0, min(width, max(1, real[0])), min(height, max(1, real[1]))))
