"""Asking the X server how large a window is, through libX11 (``ctypes``): the app's
:mod:`.window_size` probe on X11, loaded only there."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING

from ..lazy import lazy_module

if TYPE_CHECKING:
    from ctypes import util as ctypes_util
else:
    # only where libX11 is not found by its usual name
    ctypes_util = lazy_module("ctypes.util")
#: libX11's name on Linux and most BSDs.
LIBRARY = "libX11.so.6"


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

    def __call__(self) -> tuple[int, int] | None:
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


def connect(window: int) -> X11Geometry | None:
    """A probe of X11 window ``window``; None where libX11 cannot be loaded.  The library is
    looked for by its usual name first: finding it by another runs a program (on Linux,
    ``ldconfig``), which would cost every start several milliseconds."""
    try:
        return X11Geometry(ctypes.CDLL(LIBRARY), window)
    except OSError:
        pass
    name = ctypes_util.find_library("X11")
    try:
        return X11Geometry(ctypes.CDLL(name), window) if name else None
    except OSError:
        return None
