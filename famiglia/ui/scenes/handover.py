"""The hot-seat hand-over screen: it covers the table completely so that the player who just
finished never sees the next player's hand (R5.4); the next player dismisses it when ready.

It shows only public information: whose turn it is and what the other player did in the
turn just played, in plain words; while that turn can still be taken back (its take or pass
showed nothing new), a button (Ctrl+Z) gives it back to the player who made it, before the
next player has seen the table.  It ignores a key that was already
held down when it appeared (key repeat of the Space that passed the turn) and a mouse release
whose press happened before it appeared, so a hurried click cannot lift it by accident.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...rules import Back
from .. import keys, navigation
from .. import theme as t
from ..assets import card_size_for_height
from ..scene import Scene
from ..widgets import Button, draw_panel

if TYPE_CHECKING:
    from ..app import App

CONFIRM_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
STORY_SIZE = 24
#: The most lines the story of the last turn takes (a long turn is told in a few sentences).
MAX_STORY = 6
#: The room the take-back button takes at the panel's foot.
TAKE_BACK_ROOM = 60


class HandoverScene(Scene):
    """Covers the table with "<name>, your turn" and "Click when ready"; a click, Space or Enter
    pops it, Esc opens the pause menu over it."""

    def __init__(self, app: App, player_name: str,
                 last_turn: i18n.MessageLike | str | None = None,
                 take_back: tuple[str, Callable[[], None]] | None = None) -> None:
        super().__init__(app)
        self.player_name = player_name
        #: what the other player did in the turn just played, in one sentence
        self.last_turn = last_turn
        #: who played that turn and what takes it back, while it can be
        self.take_back = take_back
        self.take_back_button = Button("", self._take_back, size=22)
        self._story: tuple[str, ...] = ()
        self._held: set[int] = set()
        self._pressed = False
        self._pulse = 0.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.backs = (0, 0)
        self.resize(app.size)

    def enter(self) -> None:
        pressed = pygame.key.get_pressed()
        self._held = {key for key in CONFIRM_KEYS if pressed[key]}
        self._pressed = False

    def resize(self, size: tuple[int, int]) -> None:
        width = min(760, size[0] - 80)
        self._story = (self.app.theme.wrap(i18n.translate_message(self.last_turn), STORY_SIZE,
                                           width - 60, max_lines=MAX_STORY)
                       if self.last_turn else ())
        story = len(self._story) * self.app.theme.font(STORY_SIZE).get_linesize()
        height = 300 + (story + 20 if story else 0) + (TAKE_BACK_ROOM if self.take_back else 0)
        self.backs = card_size_for_height(max(60, min(220, size[1] // 4, size[1] - height - 60)))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.midtop = (size[0] // 2, (size[1] - height - self.backs[1] - 24) // 2
                             + self.backs[1] + 24)
        if self.take_back is not None:
            # Translators: on the hot-seat hand-over: the player who just moved takes it back.
            self.take_back_button.text = pgettext("button", "{name}: Undo  Ctrl+Z").format(
                name=self.take_back[0])
            self.take_back_button.rect = pygame.Rect(0, 0, width - 120, 40)
            self.take_back_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 16)

    def _take_back(self) -> None:
        """The player who just moved takes the move back: the hand-over goes."""
        if self.take_back is not None:
            self.take_back[1]()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.take_back is not None and (
                self.take_back_button.handle_event(event)
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_z
                    and event.mod & pygame.KMOD_CTRL)):
            if event.type == pygame.KEYDOWN:
                self._take_back()
            return
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                navigation.open_pause(self.app)
            elif event.key == keys.RULES:
                navigation.open_rules(self.app)
            elif event.key in keys.HELP:
                navigation.open_table_help(self.app)
            elif event.key in CONFIRM_KEYS and event.key not in self._held:
                self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            self.app.pop()

    def update(self, dt: float) -> None:
        self._pulse = (self._pulse + dt) % 2.0

    def animating(self) -> bool:
        """The idle protocol: nothing moves between the prompt's blinks."""
        return False

    def next_change(self) -> float | None:
        """The prompt blinks once a second."""
        return 1.0 - self._pulse % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(t.FELT_DARK)
        self._draw_backs(surface)
        draw_panel(surface, self.panel, alpha=245, edge=t.GOLD, radius=16)
        heading = _("{name}, your turn").format(name=self.player_name)
        title = theme.text(heading, 56, t.GOLD, bold=True)
        if title.get_width() > self.panel.width - 40:
            title = theme.fit(heading, 40, self.panel.width - 40, t.GOLD, bold=True)
        surface.blit(title, title.get_rect(center=(self.panel.centerx, self.panel.y + 90)))
        y = self.panel.y + 136
        line = theme.font(STORY_SIZE).get_linesize()
        for text in self._story:
            image = theme.text(text, STORY_SIZE, t.INK)
            surface.blit(image, image.get_rect(midtop=(self.panel.centerx, y)))
            y += line
        if self._story:
            y += 20
        room = self.panel.width - 40
        note = theme.fit(_("The other player looks away now."), 24, room, t.INK_DIM)
        surface.blit(note, note.get_rect(center=(self.panel.centerx, y + 14)))
        bright = self._pulse < 1.0
        prompt = theme.fit(_("Click when ready"), 34, room, t.INK if bright else t.INK_DIM,
                           bold=True)
        surface.blit(prompt, prompt.get_rect(center=(self.panel.centerx, y + 74)))
        keys = theme.fit(_("(or press Space or Enter  ·  Esc pauses)"), 20, room, t.INK_DIM)
        surface.blit(keys, keys.get_rect(center=(self.panel.centerx, y + 118)))
        if self.take_back is not None:
            self.take_back_button.draw(surface, theme)

    def _draw_backs(self, surface: pygame.Surface) -> None:
        """Two face-down start-set backs (R1.5) above the panel: hands stay hidden."""
        width = self.backs[0]
        bottom = self.panel.top - 24
        centre = self.panel.centerx
        for offset, back in ((-width // 2 - 8, Back.START_1), (width // 2 + 8, Back.START_2)):
            image = self.app.cards.back(back, self.backs)
            surface.blit(image, image.get_rect(midbottom=(centre + offset, bottom)))
