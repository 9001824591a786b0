"""The window, the clock and the scene stack: the main loop hands input, update and draw to
the top scene (overlays draw over the scenes below them)."""

from __future__ import annotations

import pygame

from ..store.settings import MIN_WINDOW, Settings, SettingsStore
from . import theme as t
from .assets import CardImages
from .scene import Scene
from .theme import Theme
from .widgets import draw_panel

FPS = 60
TOAST_SECONDS = 6.0


class App:
    """Owns the pygame window and the scene stack (push, pop, replace)."""

    def __init__(self, *, size: tuple[int, int] | None = None,
                 settings_store: SettingsStore | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings_store = settings_store or SettingsStore()
        self.settings: Settings = self.settings_store.load()
        window_size = size or self.settings.window_size
        self.window = pygame.Window("Famiglia", window_size, resizable=True)
        self.window.minimum_size = MIN_WINDOW
        self.fullscreen = False
        if self.settings.fullscreen and size is None:
            self.window.set_fullscreen(desktop=True)
            self.fullscreen = True
        self.screen = self.window.get_surface()
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self.theme = Theme()
        self.cards = CardImages()
        self.scenes: list[Scene] = []
        self.running = True
        self._toasts: list[tuple[str, float]] = []
        if self.settings_store.notice:
            self.toast(self.settings_store.notice)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    # ------------------------------------------------------------------ the stack

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` (back to the title)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    # ------------------------------------------------------------------ settings and notices

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.settings_store.save(settings)
        notice = self.settings_store.take_notice()
        if notice:
            self.toast(notice)

    def toast(self, text: str) -> None:
        """A notice at the bottom of the window for a few seconds (files set aside, …)."""
        self._toasts.append((text, TOAST_SECONDS))

    @property
    def toasts(self) -> list[str]:
        """The notices on screen now, oldest first."""
        return [text for text, _ in self._toasts]

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window.set_windowed()
        else:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.save_settings(self.settings.with_changes(fullscreen=self.fullscreen))
        self._resized()

    def _resized(self) -> None:
        self.screen = self.window.get_surface()
        size = self.size
        if not self.fullscreen:
            self.settings = self.settings.with_changes(window_size=size)
        self.cards.forget_sizes()
        for scene in self.scenes:
            scene.resize(size)

    # ------------------------------------------------------------------ the loop

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One iteration: input to the top scene, update, draw, flip.  Tests call this
        directly with synthetic events."""
        top = self.top
        for event in events:
            if event.type == pygame.TEXTINPUT and self.top is not top:
                continue  # the key that opened a scene does not also type into it
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.WINDOWSIZECHANGED:
                self._resized()
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.top is not None:
                self.top.handle_event(event)
        if not self.scenes:
            self.running = False
            return
        self.scenes[-1].update(dt)
        self._toasts = [(text, left - dt) for text, left in self._toasts if left > dt]
        self.draw()

    def draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[first:]:
            scene.draw(self.screen)
        self._draw_toasts()
        self.window.flip()

    def _draw_toasts(self) -> None:
        y = self.size[1] - 16
        for text, _ in reversed(self._toasts):
            lines = self.theme.wrap(text, 20, min(760, self.size[0] - 80))
            height = 14 + 22 * len(lines)
            rect = pygame.Rect(0, 0, min(800, self.size[0] - 40), height)
            rect.midbottom = (self.size[0] // 2, y)
            draw_panel(self.screen, rect, alpha=240, edge=t.GOLD)
            for index, line in enumerate(lines):
                image = self.theme.text(line, 20)
                self.screen.blit(image, (rect.x + 14, rect.y + 8 + 22 * index))
            y = rect.top - 8

    def run(self) -> None:
        """The main loop, capped at 60 frames per second."""
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(pygame.event.get(), min(dt, 0.1))
        self.save_settings(self.settings)
        pygame.quit()

    def quit(self) -> None:
        self.running = False
