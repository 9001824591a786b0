"""The modal chooser: a list of numbered options over the current scene, for the choices a
move leaves open (payments, the card kept, how far a Brute lowers a rank)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from ..i18n import ngettext
from . import theme as t
from .scene import Scene
from .widgets import LABEL_MARGIN, Button, Menu, draw_panel, draw_tooltip, shade

if TYPE_CHECKING:
    from .app import App
    from .theme import Theme

T = TypeVar("T")


class OptionButton(Button):
    """A chooser's option: its number and its label wrapped to the button's width; a second
    line of the label (after a line break) in smaller, dimmer words."""

    def __init__(self, number: int, label: str, on_click: Callable[[], object], *,
                 size: int = 24) -> None:
        super().__init__(f"{number}  {' '.join(label.splitlines())}", on_click, size=size)
        self.number = number
        self.label = label
        #: the wrapped lines and whether each is the label's first (main) line
        self.lines: list[tuple[str, bool]] = []

    def wrap(self, theme: Theme, width: int) -> int:
        """Wrap the label for a button ``width`` wide; returns the height it needs."""
        main, *rest = self.label.splitlines() or [""]
        room = width - 2 * LABEL_MARGIN - 36
        self.lines = [(line, True) for line in theme.wrap(main, self.size, room, bold=True)]
        for extra in rest:
            self.lines += [(line, False) for line in theme.wrap(extra, self.size - 4, room)]
        return 16 + sum(self._line_height(theme, main) for _, main in self.lines)

    def _line_height(self, theme: Theme, main: bool) -> int:
        return theme.font(self.size if main else self.size - 4, main).get_linesize()

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.hovered:
            fill, edge, ink, dim = t.GOLD, t.HIGHLIGHT, t.PANEL, t.PANEL
        else:
            fill, edge, ink, dim = (38, 52, 44), t.GOLD, t.INK, t.INK_DIM
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=8)
        left = self.rect.x + LABEL_MARGIN + 4
        number = theme.text(str(self.number), self.size, ink, bold=True)
        surface.blit(number, (left, self.rect.y + 8))
        y = self.rect.y + 8
        for line, main in self.lines:
            image = theme.text(line, self.size if main else self.size - 4,
                               ink if main else dim, bold=main)
            surface.blit(image, (left + 32, y))
            y += self._line_height(theme, main)
        self.label_rect = pygame.Rect(left, self.rect.y + 8, self.rect.right - left,
                                      y - self.rect.y - 8)


class ChooserScene(Scene, Generic[T]):
    """A modal list of options over the current scene: click one, press its number, or use the
    arrow keys and Enter (a :class:`Menu`); Esc or a click outside cancels.  A number with no
    option says so.  ``decorate`` draws over the dimmed scene what the option in focus (the
    hovered or selected one) is about, e.g. the very card it moves."""

    opaque = False
    #: the widest a chooser grows before its options wrap
    MAX_WIDTH = 760

    def __init__(self, app: App, title: str, options: Sequence[tuple[str, T]],
                 on_choose: Callable[[T], None], *, on_cancel: Callable[[], None] | None = None,
                 default: int = 0, anchor: tuple[int, int] | None = None,
                 decorate: Callable[[pygame.Surface, T], None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.options = list(options)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.anchor = anchor
        self.decorate = decorate
        #: the widest the panel may be here (its options wrap to fit), or None
        self.width_limit: int | None = None
        self.menu = Menu([])
        self.menu.selected = default
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.shade = shade((1, 1), 0)
        #: what the last number key without an option said, until the next key or click
        self.note: str | None = None
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        self.shade = shade(size, 110)
        buttons = [OptionButton(index + 1, label, self._chooser(value))
                   for index, (label, value) in enumerate(self.options)]
        widest = max((theme.font(24, True).size(line)[0] + 96
                      for label, _ in self.options for line in label.splitlines()), default=0)
        width = max(360, theme.font(26, True).size(self.title)[0] + 40, widest)
        width = min(width, self.MAX_WIDTH, size[0] - 40, self.width_limit or self.MAX_WIDTH)
        heights = [button.wrap(theme, width - 40) for button in buttons]
        height = 66 + sum(heights) + 8 * len(buttons)
        center = self.anchor or (size[0] // 2, size[1] // 2)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = center
        self.panel.clamp_ip(pygame.Rect(0, 0, *size))
        y = self.panel.y + 56
        for button, button_height in zip(buttons, heights, strict=True):
            button.rect = pygame.Rect(self.panel.x + 20, y, width - 40, button_height)
            y += button_height + 8
        self.menu.buttons = list(buttons)

    def least_width(self) -> int:
        """The narrowest the panel can be with its title still fitting."""
        return max(360, self.app.theme.least_width(self.title, 26, bold=True) + 24)

    def _chooser(self, value: T) -> Callable[[], None]:
        def choose() -> None:
            self.app.pop()
            self.on_choose(value)
        return choose

    def _cancel(self) -> None:
        self.app.pop()
        if self.on_cancel:
            self.on_cancel()

    @property
    def focused(self) -> T | None:
        """The value of the option under the mouse, else of the selected one."""
        index = self.menu.pointed if self.menu.pointed is not None else (
            self.menu.selected if self.menu.armed else None)
        return self.options[index][1] if index is not None and index < len(self.options) else None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.note = None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
        elif event.type == pygame.KEYDOWN and pygame.K_0 <= event.key <= pygame.K_9:
            index = (event.key - pygame.K_1) if event.key != pygame.K_0 else 9
            if index < len(self.menu.buttons):
                self.menu.buttons[index].on_click()
            else:
                count = len(self.options)
                self.note = ngettext("There is no option {key}: the only option is {n}.",
                                     "There is no option {key}: press a number from 1 to {n}.",
                                     count).format(key=index + 1, n=count)
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1
              and not self.panel.collidepoint(event.pos)):
            self._cancel()
        else:
            self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.shade, (0, 0))
        focused = self.focused
        if self.decorate is not None and focused is not None:
            self.decorate(surface, focused)
        draw_panel(surface, self.panel, edge=t.GOLD)
        title = self.app.theme.fit(self.title, 26, self.panel.width - 24, t.GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + 16)))
        self.menu.draw(surface, self.app.theme)
        if self.note is not None:
            draw_tooltip(surface, self.app.theme, self.note,
                         (self.panel.x, self.panel.bottom - 16))
