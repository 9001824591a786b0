"""The scene interface: the app hands input, update and draw to the top scene of its stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    """A screen of the game.  ``opaque = False`` scenes (overlays such as the pause menu or a
    chooser) are drawn over the scene below them, which keeps drawing but gets no input."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Stopped being the top scene (popped, replaced or covered)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event; only the top scene gets them."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds; only the top scene is updated."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (opaque) or its overlay (not opaque)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout.  Every scene on the stack gets it."""
