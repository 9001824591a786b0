"""The scene interface: the app hands input, update and draw to the top scene of its stack.

The idle protocol: a scene says whether it needs frames now (:meth:`Scene.animating`) and when
it will change by itself (:meth:`Scene.next_change`); in between, the app sleeps and draws only
after input, a resize, a change of the stack or ``app.request_redraw()``.
"""

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

    def language_changed(self) -> None:
        """The player switched the language (``i18n.set_language``): every scene on the stack
        gets it from the app.  A scene that keeps texts (its buttons' labels, wrapped lines)
        takes them anew here; by default it lays itself out again."""
        self.resize(self.app.size)

    def animating(self) -> bool:
        """True while the scene moves by itself and needs every frame (tweens, drags, a
        countdown shown to the second, a computer seat about to move)."""
        return False

    def next_change(self) -> float | None:
        """Seconds until the scene looks different without input (a blinking cursor, a
        timer), or None; the app sleeps until then."""
        return None

    def wants_frames(self) -> bool:
        """What the app asks: :meth:`animating`, except that a scene which advances with
        time (it has an ``update``) but does not say when it rests yet gets every frame, as
        all scenes did before the idle protocol."""
        cls = type(self)
        if cls.animating is Scene.animating and cls.update is not Scene.update:
            return True
        return self.animating()
