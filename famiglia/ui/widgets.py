"""Small reusable pieces of the interface: panels, buttons, tooltips, menus, choices and forms
(the text field is in :mod:`famiglia.ui.textfield`, the modal chooser in
:mod:`famiglia.ui.chooser`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from ..i18n import pgettext
from ..lazy import lazy_module
from . import theme as t

if TYPE_CHECKING:
    from . import textfield
    from .textfield import TextField
    from .theme import Theme
else:
    # loaded with the first form (the title has none)
    textfield = lazy_module("famiglia.ui.textfield")

T = TypeVar("T")
#: The least room between a button's edge and its label.
LABEL_MARGIN = 8
#: The type size of a menu button's hotkey hint, its distance from the button's right edge,
#: and the least room between it and the label.
HINT_SIZE, HINT_INSET, HINT_GAP = 18, 12, 8


@lru_cache(maxsize=64)
def _panel(size: tuple[int, int], alpha: int, edge: tuple[int, int, int],
           radius: int) -> pygame.Surface:
    panel = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*t.PANEL, alpha), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, edge, panel.get_rect(), width=2, border_radius=radius)
    return panel


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
               edge: tuple[int, int, int] = t.PANEL_EDGE, radius: int = 10) -> None:
    """A dark rounded panel with a thin gold edge (menus, tooltips, choosers); drawn once per
    size and look, since dialogs and tooltips draw theirs every frame."""
    surface.blit(_panel(tuple(rect.size), alpha, tuple(edge), radius), rect)


def shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A translucent black sheet the size of the window: an overlay dims the scene below."""
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, alpha))
    return sheet


def draw_dialog(surface: pygame.Surface, theme: Theme, panel: pygame.Rect, title: str,
                size: int = 44) -> None:
    """A dialog's panel with its gold title centred at the top."""
    draw_panel(surface, panel, edge=t.GOLD, radius=14)
    image = theme.fit(title, size, panel.width - 40, t.GOLD, bold=True)
    surface.blit(image, image.get_rect(midtop=(panel.centerx, panel.y + 24)))


def draw_tooltip(surface: pygame.Surface, theme: Theme, text: str,
                 anchor: tuple[int, int], *, max_width: int = 340,
                 clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A wrapped tooltip near ``anchor``, kept inside the window and clear of the ``clear``
    rects where it can be; returns its rect."""
    size = 20
    lines = theme.wrap(text, size, max_width)
    images = [theme.text(line, size) for line in lines]
    width = max(image.get_width() for image in images) + 20
    height = sum(image.get_height() + 2 for image in images) + 14
    rect = tooltip_rect((width, height), anchor, surface.get_rect(), clear)
    draw_panel(surface, rect, alpha=245, edge=t.GOLD)
    y = rect.y + 7
    for image in images:
        surface.blit(image, (rect.x + 10, y))
        y += image.get_height() + 2
    return rect


def tooltip_rect(size: tuple[int, int], anchor: tuple[int, int], screen: pygame.Rect,
                 clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: below and right of ``anchor`` (the pointer), inside
    ``screen``; with ``clear`` rects (what it talks about), the first of these places that
    covers none of them: beside the anchor on any side, then below, above, right or left of
    each of them; where none does, the one that covers the least of them."""
    width, height = size
    x, y = anchor
    near = [(x + 14, y + 18), (x - 14 - width, y + 18), (x + 14, y - 18 - height),
            (x - 14 - width, y - 18 - height)]
    places = [pygame.Rect(place, size) for place in near]
    if clear:
        gap = 8
        places += [pygame.Rect((x + 14, rect.bottom + gap), size) for rect in clear]
        places += [pygame.Rect((x + 14, rect.top - gap - height), size) for rect in clear]
        places += [pygame.Rect((rect.right + gap, y + 18), size) for rect in clear]
        places += [pygame.Rect((rect.left - gap - width, y + 18), size) for rect in clear]
    for place in places:
        place.clamp_ip(screen)
    return least_covering(places, clear)


def least_covering(places: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect]) -> pygame.Rect:
    """The first of ``places`` that covers none of ``avoid``; where each covers some, the one
    that covers the least of them (in pixels, the first of equals)."""
    def covered(place: pygame.Rect) -> int:
        return sum(place.clip(rect).width * place.clip(rect).height for rect in avoid)

    return next((place for place in places if not covered(place)), min(places, key=covered))


class Button:
    """A clickable label with hover highlight, an optional hotkey and a tooltip.

    A disabled button still shows its tooltip: it says why the action is not possible now.
    """

    def __init__(self, text: str, on_click: Callable[[], object], *,
                 rect: pygame.Rect | None = None, enabled: bool = True,
                 hotkey: int | None = None, tooltip: str | None = None,
                 size: int = 26) -> None:
        self.text = text
        self.on_click = on_click
        self.rect = rect or pygame.Rect(0, 0, 200, 44)
        self.enabled = enabled
        self.hotkey = hotkey
        self.tooltip = tooltip
        self.size = size
        self.hovered = False
        #: pixels at each side kept free of the label (a menu's hotkey hint sits there)
        self.keep_free = 0
        #: where the label was last drawn (it always lies inside ``rect``)
        self.label_rect = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed (clicked or hotkey)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1
              and self.rect.collidepoint(event.pos)):
            if self.enabled:
                self.on_click()
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        elif (event.type == pygame.KEYDOWN and self.hotkey is not None
              and event.key == self.hotkey and self.enabled):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The button with its label fitted inside (``keep_free`` pixels at each side are
        left to a hotkey hint)."""
        if not self.enabled:
            fill, edge, ink = (40, 44, 42), (80, 80, 74), t.INK_DIM
        elif self.hovered:
            fill, edge, ink = t.GOLD, t.HIGHLIGHT, t.PANEL
        else:
            fill, edge, ink = (38, 52, 44), t.GOLD, t.INK
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=8)
        room = self.rect.width - 2 * (LABEL_MARGIN + self.keep_free)
        label = theme.fit(self.text, self.size, room, ink, bold=True)
        self.label_rect = label.get_rect(center=self.rect.center)
        surface.blit(label, self.label_rect)

    def draw_with_key(self, surface: pygame.Surface, theme: Theme, key: str) -> None:
        """The button with the name of the key that presses it at its right edge (a
        question's answers, whose keys no help line names)."""
        hint = theme.text(key, HINT_SIZE, t.PANEL if self.hovered else t.INK_DIM)
        self.keep_free = hint_room(hint.get_width())
        self.draw(surface, theme)
        surface.blit(hint, hint.get_rect(midright=(self.rect.right - HINT_INSET,
                                                   self.rect.centery)))

    def draw_tooltip(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.hovered and self.tooltip:
            draw_tooltip(surface, theme, self.tooltip, self.rect.bottomleft)


def layout_column(buttons: Sequence[Button], center: tuple[int, int], *,
                  width: int = 320, height: int = 48, gap: int = 12) -> None:
    """Stack buttons in a centred column."""
    total = len(buttons) * height + (len(buttons) - 1) * gap
    y = center[1] - total // 2
    for button in buttons:
        button.rect = pygame.Rect(center[0] - width // 2, y, width, height)
        y += height + gap


def hint_room(width: int) -> int:
    """The room kept free at each side of a label beside a hint ``width`` pixels wide (at
    the right edge, :data:`HINT_GAP` from the label)."""
    return width + HINT_INSET + HINT_GAP - LABEL_MARGIN


def key_label(key: int) -> str:
    """A short printable name for a hotkey hint ("N", "Esc", "Enter")."""
    special = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter",
               pygame.K_SPACE: pgettext("key", "Space")}
    return special.get(key, pygame.key.name(key).upper())


def menu_button_width(button: Button, theme: Theme, *, least: bool = False) -> int:
    """How wide a menu's ``button`` must be for its label at its size (``least``: at the
    smallest readable size) with its hotkey's hint beside it."""
    hint = 0 if button.hotkey is None else hint_room(theme.font(HINT_SIZE).size(
        key_label(button.hotkey))[0])
    label = (theme.least_width(button.text, button.size, bold=True) if least
             else theme.font(button.size, True).size(button.text)[0])
    return label + 2 * (LABEL_MARGIN + hint)


class DoubleClick:
    """Which clicks on a list's rows are double clicks: a second click on the same row within
    :attr:`WITHIN` seconds of the first (a third click starts over)."""

    WITHIN = 0.4

    def __init__(self) -> None:
        self.last: tuple[int, float] | None = None

    def click(self, row: int, now: float) -> bool:
        """A click on ``row`` at ``now`` (seconds on the scene's clock): True when it makes a
        double click."""
        double = (self.last is not None and self.last[0] == row
                  and now - self.last[1] <= self.WITHIN)
        self.last = None if double else (row, now)
        return double


class Menu:
    """A column of buttons for mouse and keyboard alike: the arrows (or Tab) move a selection
    over the enabled buttons, Enter or Space presses it, hotkeys and clicks act as on a
    :class:`Button`, and each button shows its hotkey at its right edge.

    ``armed=False``: no button is selected until the player moves the selection (arrows, Tab
    or the mouse), so Enter or Space alone never picks a default (the results screen, where a
    stray key must not start the next game)."""

    def __init__(self, buttons: Sequence[Button], *, armed: bool = True) -> None:
        self.buttons = list(buttons)
        enabled = [i for i, button in enumerate(self.buttons) if button.enabled]
        self.selected = enabled[0] if enabled else 0
        self.armed = armed
        self.pointed: int | None = None

    def keep_selection_enabled(self) -> None:
        """After buttons were enabled or disabled: the selection moves off a disabled one."""
        if not self.buttons[self.selected].enabled:
            self._step(1)

    def _step(self, direction: int) -> None:
        count = len(self.buttons)
        index = self.selected
        for _ in range(count):
            index = (index + direction) % count
            if self.buttons[index].enabled:
                self.selected = index
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
                if self.armed:
                    self._step(-1 if event.key == pygame.K_UP else 1)
                self.armed = True
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.selected]
                if button.enabled and self.armed:
                    button.on_click()
                return True
        if event.type == pygame.MOUSEMOTION:
            self.pointed = next((i for i, button in enumerate(self.buttons)
                                 if button.rect.collidepoint(event.pos)), None)
            if self.pointed is not None and self.buttons[self.pointed].enabled:
                self.selected = self.pointed
                self.armed = True
        return any(button.handle_event(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        for index, button in enumerate(self.buttons):
            button.hovered = index == self.selected and button.enabled and self.armed
            if button.hotkey is None:
                button.draw(surface, theme)
                continue
            ink = t.PANEL if button.hovered else t.INK_DIM
            hint = theme.text(key_label(button.hotkey), HINT_SIZE, ink)
            button.keep_free = hint_room(hint.get_width())
            button.draw(surface, theme)
            surface.blit(hint, hint.get_rect(midright=(button.rect.right - HINT_INSET,
                                                       button.rect.centery)))

    def draw_tooltip(self, surface: pygame.Surface, theme: Theme,
                     selected: int | None = None, clear: Sequence[pygame.Rect] = ()) -> None:
        """The tooltip of the button under the mouse (disabled ones say why), else of the
        button at ``selected`` (a screen that explains its keyboard selection), beside the
        button so that it never hides the next one, nor ``clear`` where it can."""
        index = self.pointed if self.pointed is not None else selected
        if index is not None:
            button = self.buttons[index]
            if button.tooltip:
                anchor = (button.rect.right - 4, button.rect.y - 18)
                draw_tooltip(surface, theme, button.tooltip, anchor,
                             clear=[button.rect, *clear])


class Choice(Generic[T]):
    """A row of mutually exclusive options (a segmented control): click one, or use Left and
    Right while the row has the keyboard focus; the chosen option is filled gold."""

    def __init__(self, options: Sequence[tuple[str, T]], value: T,
                 on_change: Callable[[T], None] | None = None, *,
                 rect: pygame.Rect | None = None, size: int = 22) -> None:
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.rect = rect or pygame.Rect(0, 0, 300, 42)
        self.size = size
        self.focused = False
        self.hovered: int | None = None

    def segments(self) -> list[pygame.Rect]:
        gap = 6
        count = len(self.options)
        width = (self.rect.width - gap * (count - 1)) // count
        return [pygame.Rect(self.rect.x + index * (width + gap), self.rect.y, width,
                            self.rect.height) for index in range(count)]

    def choose(self, value: T) -> None:
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def step(self, direction: int) -> None:
        values = [value for _, value in self.options]
        index = values.index(self.value) if self.value in values else 0
        self.choose(values[max(0, min(len(values) - 1, index + direction))])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = next((index for index, segment in enumerate(self.segments())
                                 if segment.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for segment, (_, value) in zip(self.segments(), self.options, strict=True):
                if segment.collidepoint(event.pos):
                    self.choose(value)
                    return True
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self.rect.collidepoint(event.pos)
        elif (event.type == pygame.KEYDOWN and self.focused
              and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
            self.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if self.focused:
            pygame.draw.rect(surface, t.HIGHLIGHT, self.rect.inflate(10, 10), width=2,
                             border_radius=10)
        for index, (segment, (label, value)) in enumerate(
                zip(self.segments(), self.options, strict=True)):
            chosen = value == self.value
            fill = t.GOLD if chosen else (38, 52, 44)
            edge = t.HIGHLIGHT if index == self.hovered else (t.GOLD if chosen else t.PANEL_EDGE)
            pygame.draw.rect(surface, fill, segment, border_radius=8)
            pygame.draw.rect(surface, edge, segment, width=2, border_radius=8)
            ink = t.PANEL if chosen else t.INK
            image = theme.fit(label, self.size, segment.width - 10, ink, bold=True)
            surface.blit(image, image.get_rect(center=segment.center))


class Form:
    """Keyboard focus over a dialog's text fields and choices: Tab and Shift+Tab (or Up and
    Down) move it, Left and Right change the focused choice, typing goes to the focused field;
    a click focuses what it hits.  A field reached by the keyboard has its text selected (typing
    replaces it), a field clicked has its cursor at the end (typing adds to it).  Each item has
    a line of help, shown below the items for the item under the mouse, else the focused one (a
    dialog's help never hides a row the way a tooltip would); ``error`` replaces it until the
    player changes something."""

    def __init__(self, items: Sequence[tuple[TextField | Choice, str]]) -> None:
        self.items = [item for item, _ in items]
        self.help = [text for _, text in items]
        self.index = 0
        self.hovered: int | None = None
        self.error: str | None = None
        self.focus(0)

    def focus(self, index: int) -> None:
        self.index = index % len(self.items)
        for number, item in enumerate(self.items):
            item.focused = number == self.index

    @property
    def focused(self) -> TextField | Choice:
        return self.items[self.index]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when it was consumed (Enter in a field is left to the
        dialog)."""
        consumed = self._handle(event)
        if consumed:
            self.error = None
        return consumed

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP,
                                                          pygame.K_DOWN):
            back = event.key == pygame.K_UP or (event.key == pygame.K_TAB
                                                and event.mod & pygame.KMOD_SHIFT)
            self.focus(self.index + (-1 if back else 1))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            hit = next((number for number, item in enumerate(self.items)
                        if item.rect.collidepoint(event.pos)), None)
            if event.type == pygame.MOUSEMOTION:
                self.hovered = hit
            else:
                self.focus(self.index if hit is None else hit)
                if isinstance(self.focused, textfield.TextField) and hit is not None:
                    self.focused.selected = False  # a click puts the cursor at the end
                return hit is not None
        consumed = False
        for item in self.items:
            if isinstance(item, Choice):
                consumed = item.handle_event(event) or consumed
            elif item.focused and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
                item.handle_event(event)
                consumed = event.type == pygame.TEXTINPUT or event.key == pygame.K_BACKSPACE
        return consumed

    def draw(self, surface: pygame.Surface, theme: Theme, help_rect: pygame.Rect) -> None:
        """The items, and in ``help_rect`` the error or the help line."""
        for item in self.items:
            item.draw(surface, theme)
        if self.error:
            error = theme.fit(self.error, 24, help_rect.width, t.RED, bold=True)
            surface.blit(error, error.get_rect(midtop=help_rect.midtop))
            return
        text = self.help[self.index if self.hovered is None else self.hovered]
        y = help_rect.y
        for line in theme.wrap(text, 20, help_rect.width, max_lines=help_rect.height // 24):
            image = theme.text(line, 20, t.INK_DIM)
            surface.blit(image, image.get_rect(midtop=(help_rect.centerx, y)))
            y += 24
