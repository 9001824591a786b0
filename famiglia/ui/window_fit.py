"""Where the window opens and how large: never larger than the desktop it opens on, never off
it.

SDL opens a window of the size asked for, centred on the first display, whatever that
display's size: a 1280×800 window on a 1024×640 desktop opened at (−128, −80), its title and
foot cut off, and leaving full screen put it back there.  So the size remembered in the
settings is fitted to the desktop first (:func:`fit`), with room for the window's frame and
the desktop's panels; a desktop that cannot hold even the smallest window with that room is
used whole, in full screen (F11 gives the window back).  Leaving full screen, a window the
desktop no longer holds is fitted and centred again (:func:`off_desktop`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..store.glance import MIN_WINDOW

Size = tuple[int, int]

#: What a window leaves free on the desktop: above and below, room for its title bar and the
#: desktop's own panels (a task bar, a menu bar); beside it nothing (its borders are thin).
FRAME_ROOM = (0, 80)


@dataclass(frozen=True)
class Placement:
    """A window's size and top left corner on a desktop, the smallest size it may be given
    there, and whether it opens in full screen (the desktop is too small for a window with
    its frame)."""

    size: Size
    position: Size
    minimum: Size
    fullscreen: bool = False


def centred(size: Size, desktop: Size) -> Size:
    """The top left corner of a window of ``size`` in the middle of ``desktop`` (never left
    of it or above it)."""
    return max(0, (desktop[0] - size[0]) // 2), max(0, (desktop[1] - size[1]) // 2)


def fit(wanted: Size, desktop: Size, minimum: Size = MIN_WINDOW) -> Placement:
    """Where a window that would like to be ``wanted`` large goes on ``desktop``: as large as
    wanted, at most the desktop less :data:`FRAME_ROOM`, at least ``minimum``, centred.  A
    desktop with no room for ``minimum`` and the frame gets a window of ``minimum`` (or of the
    desktop, where that is smaller still) in full screen."""
    smallest = (min(minimum[0], desktop[0]), min(minimum[1], desktop[1]))
    room = (desktop[0] - FRAME_ROOM[0], desktop[1] - FRAME_ROOM[1])
    if room[0] < minimum[0] or room[1] < minimum[1]:
        return Placement(smallest, centred(smallest, desktop), smallest, fullscreen=True)
    size = (max(minimum[0], min(wanted[0], room[0])), max(minimum[1], min(wanted[1], room[1])))
    return Placement(size, centred(size, desktop), smallest)


def off_desktop(position: Size, size: Size, desktop: Size) -> bool:
    """Whether a window at ``position`` of ``size`` reaches beyond ``desktop`` (or left of it
    or above it)."""
    return (position[0] < 0 or position[1] < 0 or position[0] + size[0] > desktop[0]
            or position[1] + size[1] > desktop[1])


def open_window(title: str, wanted: Size) -> tuple[pygame.Window, bool]:
    """A resizable window for ``wanted`` fitted to the first display's desktop (:func:`fit`),
    and whether it should go full screen because that desktop is too small for it.  (SDL
    opens windows on the first display, whose corner is the desktop's origin.)"""
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        window = pygame.Window(title, wanted, pygame.WINDOWPOS_CENTERED, resizable=True)
        window.minimum_size = MIN_WINDOW
        return window, False
    placement = fit(wanted, sizes[0])
    window = pygame.Window(title, placement.size, placement.position, resizable=True)
    window.minimum_size = placement.minimum
    return window, placement.fullscreen


def keep_on_desktop(window: pygame.Window) -> None:
    """Back from full screen: a window larger than the desktop or reaching beyond it is
    fitted and centred again (with several displays SDL's place stands: the window may
    rightly lie on another one)."""
    sizes = pygame.display.get_desktop_sizes()
    if len(sizes) != 1:
        return
    placement = fit(window.size, sizes[0])
    if window.size != placement.size or off_desktop(window.position, window.size, sizes[0]):
        window.size = placement.size
        window.position = placement.position

