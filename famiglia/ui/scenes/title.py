"""The title screen: the FAMIGLIA wordmark on the felt, two fans of cards, and the main menu:
continue the saved game (greyed out, saying why, when there is none or it cannot be resumed;
a game with a friend on another computer that waits, when it was played more lately), a new
game with a person or the computer at each seat, a quick start against the computer (the
level it will use beside it: a click on its ‹ goes down a level, on its › or the word up,
going round at either end; Left/Right step it too, stopping at the ends), a friend on
another computer, the solo challenge, past games, statistics, highscores, the lessons (Learn
to play), rules, settings, quit.  Arrows and Enter or the letter shortcuts work as well as the
mouse.

The backdrop (the felt, the fans, the wordmark, the tagline and, below the menu, the version
and the keys) is drawn once per window size and language, and the one the window opens with is
kept for the next start (:mod:`..kept_images`); a frame blits it and draws the menu, which
never reaches down to the version and the keys (:meth:`TitleScene.resize` leaves 44 pixels
under it), so its pixels are those of the title drawn piece by piece.
"""

from __future__ import annotations

import os
from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from ... import __version__, i18n
from ...i18n import _, pgettext
from ...lazy import lazy_module
from ...players.seats import ComputerLevel
from ...rules import DECK
from ...store.glance import modified, net_game_path, saved_game_path
from .. import theme as t
from ..assets import Size, card_size_for_height
from ..labels import computer_level, letter_key
from ..scene import Scene
from ..widgets import Button, Menu, layout_column

if TYPE_CHECKING:
    from ...store import savegame
    from ...store.savegame import SaveGameStore
    from .. import navigation, session
    from ..app import App
else:
    # the stores of the saved games are loaded after the first frame, when the save is
    # checked; the routes and the running game when the player chooses
    navigation = lazy_module("famiglia.ui.navigation")
    session = lazy_module("famiglia.ui.session")
    savegame = lazy_module("famiglia.store.savegame")

Point = tuple[int, int]

#: The fans beside the menu: each family's 4 on the left, La Famiglia's best on the right.
LEFT_FAN = ("A4", "B4", "M4")
RIGHT_FAN = ("F2", "F3", "F4")
FAN_ANGLE = 11
MENU_WIDTH = 460
#: The quick start's level, at the right of its row.
LEVEL_WIDTH = 130
LEVEL_GAP = 8
#: The menu's buttons: the room between them (less in a window under TALL pixels high) and
#: their least height.
BUTTON_GAP, TALL, LEAST_BUTTON = 8, 720, 30
#: The level's label: the word between the arrows that step it down and up.
LEVEL_BACK, LEVEL_ON = "‹ ", " ›"
#: The felt's rings are drawn this many times smaller than the window and scaled up.
VIGNETTE_SCALE = 4
#: The size of the version and the keys at the bottom.
SMALL_PRINT = 18


class TitleScene(Scene):
    """The main menu.  ``check_save``: at launch, find out once whether the saved game can be
    resumed (a bad one is set aside and reported), so that Continue is greyed with the reason
    instead of failing when chosen.  The first frame needs only to know whether there are
    saved games; the check is made once the app is settled (:meth:`.App.when_settled`), and
    the frame after it shows what it found."""

    def __init__(self, app: App, *, check_save: bool = True) -> None:
        super().__init__(app)
        self.menu = Menu([
            Button("", self._continue),
            Button("", lambda: navigation.open_new_game(self.app)),
            Button("", lambda: navigation.play_against_computer(self.app)),
            Button("", lambda: navigation.open_friend_setup(self.app)),
            Button("", lambda: navigation.open_solo_setup(self.app)),
            Button("", lambda: navigation.open_past_games(self.app)),
            Button("", lambda: navigation.open_statistics(self.app)),
            Button("", lambda: navigation.open_highscores(self.app)),
            Button("", lambda: navigation.open_lessons(self.app)),
            Button("", lambda: navigation.open_rules(self.app)),
            Button("", lambda: navigation.open_settings(self.app)),
            Button("", self.app.quit),
        ])
        self.quick = self.menu.buttons[2]
        self.level = Button("", lambda: self.step_level(1), size=22)
        self.level_pointed = False
        #: the selection was moved with the keys: its tooltip says what it does (New game and
        #: Play against the computer differ in what they ask), as the pointer's would
        self.explain_selected = False
        self._label_buttons()
        self.save_problem: i18n.MessageLike | str | None = None
        self._update_continue()
        if check_save:
            app.when_settled(self._check_save_at_start)
        #: the fans' cards with their angles, the cards' size and the centres of the left and
        #: the right fan (none in a window too small for them)
        self._fan_plan: tuple[list[tuple[int, float]], Size, list[Point]] | None = None
        self._fans: list[tuple[pygame.Surface, pygame.Rect]] | None = None
        self.backdrop = pygame.Surface((1, 1))
        self.wordmark_size = 0
        self.resize(app.size)

    def _label_buttons(self) -> None:
        """The menu's labels and tooltips in the current language (Continue's tooltip and the
        quick start's depend on the moment: :meth:`_update_continue`)."""
        texts = [
            (pgettext("button", "Continue"), None),
            (pgettext("button", "New game"),
             _("Set up a game as you like it: two people at this computer, or against the "
               "computer at a level you choose; the names, who starts, the deal number.")),
            (pgettext("button", "Play against the computer"), None),
            (pgettext("button", "Play a friend (on another computer)"),
             _("Each at your own computer: on the same network, or across the internet with "
               "a short code. Neither computer can know or steer the cards to come.")),
            (pgettext("button", "Solo challenge"), _("You against the Gangster, levels 1 to 4.")),
            (pgettext("button", "Past games"),
             _("The games you finished, to look through again.")),
            (pgettext("button", "Statistics"), _("How often you win, by opponent and level.")),
            (pgettext("button", "Highscores"), _("The best solo games against the Gangster.")),
            (pgettext("button", "Learn to play"),
             _("Short lessons on the real table: the game in about ten minutes.")),
            (pgettext("button", "Rules"), _("How to play, the VP table and the solo program.")),
            (pgettext("button", "Settings"),
             _("Language, sound, animation speed, fullscreen, the fresh-cards rule, player "
               "names.")),
            (pgettext("button", "Quit"), _("Close Famiglia.")),
        ]
        for button, (label, tooltip) in zip(self.menu.buttons, texts, strict=True):
            button.text = label
            if tooltip is not None:
                button.tooltip = tooltip
        # Translators: each menu button's shortcut, a letter of its label, different from the
        # other buttons' of the same menu and never R, H or M (the rules, the help and the
        # main menu on every screen).
        letters = (pgettext("hotkey: Continue", "C"), pgettext("hotkey: New game", "N"),
                   pgettext("hotkey: Play against the computer", "P"),
                   pgettext("hotkey: Play a friend", "F"),
                   pgettext("hotkey: Solo challenge", "S"), pgettext("hotkey: Past games", "G"),
                   pgettext("hotkey: Statistics", "T"), pgettext("hotkey: Highscores", "I"),
                   pgettext("hotkey: Learn to play", "L"), "R",
                   pgettext("hotkey: Settings", "O"), pgettext("hotkey: Quit", "Q"))
        for button, letter in zip(self.menu.buttons, letters, strict=True):
            button.hotkey = letter_key(letter)

    def _label_level(self) -> None:
        """The quick start's level and the tooltips that name it."""
        level = computer_level(self.app.computer_level)
        self.level.text = f"{LEVEL_BACK}{level}{LEVEL_ON}"
        self.level.tooltip = _("The computer's level for Play against the computer: ‹ and › "
                               "(or Left and Right) choose an easier or a stronger one.")
        self.quick.tooltip = _("Start at once, without any questions: you against the "
                               "computer at level {level}, the level beside this button. New "
                               "game lets you choose the seats, the names and the deal."
                               ).format(level=level)

    def step_level(self, step: int, *, wrap: bool = True) -> None:
        """The quick start's next (``step`` 1) or previous (−1) level, remembered at once.
        A click goes round (``wrap``: from the last level to the first, and from the first
        back to the last); the arrows stop at either end, so Left pressed once too often
        stays at the easiest level."""
        levels = list(ComputerLevel)
        current = self.app.settings.computer_level
        index = levels.index(current) if current in levels else 0
        index = (index + step) % len(levels) if wrap else max(0, min(len(levels) - 1,
                                                                     index + step))
        level = levels[index]
        self.app.save_settings(self.app.settings.with_changes(computer_level=level))
        self._label_level()

    def level_step_at(self, x: int) -> int:
        """The step a click at ``x`` on the level makes: −1 on the ‹ (left of the word),
        else 1 (the word and the ›)."""
        label = self.level.label_rect
        if not label.width:
            return 1
        full = self.app.theme.font(self.level.size, True).size(self.level.text)[0]
        back = self.app.theme.font(self.level.size, True).size(LEVEL_BACK)[0]
        return -1 if x < label.x + back * label.width / full else 1

    @cached_property
    def saves(self) -> SaveGameStore:
        return savegame.SaveGameStore()

    def _check_save(self) -> bool:
        """Whether the saved game can be resumed; if not, it is set aside and the reason is
        shown now and kept for Continue's tooltip."""
        if not saved_game_path().exists() or self.saves.check():
            return True
        self.save_problem = self.saves.take_notice()
        if self.save_problem is not None:
            self.app.toast(self.save_problem)
        return False

    def _check_save_at_start(self) -> None:
        if not self._check_save():
            self._update_continue()
            self.app.request_redraw()

    def _friend_waits(self) -> bool:
        """A game with a friend on another computer waits, played more lately than the game
        saved at this computer (if any)."""
        if not net_game_path().exists():
            return False
        saved = saved_game_path()
        return not saved.exists() or modified(net_game_path()) >= modified(saved)

    def _continue(self) -> None:
        if self._friend_waits() and navigation.continue_friend_game(self.app):
            return
        if self._check_save():
            table = session.resume_table(self.app, self.saves)
            if table is not None:
                self.app.push(table)
        self._update_continue()

    def _update_continue(self) -> None:
        """Continue works, and says so, only while a saved game exists that can be
        resumed; otherwise its tooltip says why not."""
        continue_button = self.menu.buttons[0]
        continue_button.enabled = saved_game_path().exists() or net_game_path().exists()
        if self._friend_waits():
            continue_button.tooltip = _("Continue your game with a friend on another "
                                        "computer: it picks up where you both were.")
        elif continue_button.enabled:
            continue_button.tooltip = _("Continue the game you left: it is saved after every "
                                        "move.")
        elif self.save_problem:
            continue_button.tooltip = i18n.translate_message(self.save_problem)
        else:
            continue_button.tooltip = _("No game to continue: start a new one.")
        self._label_level()
        self.menu.keep_selection_enabled()

    def enter(self) -> None:
        """Back from a game: there may be a game to continue now, or none any more."""
        self._update_continue()

    def language_changed(self) -> None:
        self._label_buttons()
        self._update_continue()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        count = len(self.menu.buttons)
        gap = BUTTON_GAP if height >= TALL else BUTTON_GAP - 2
        self.wordmark_size = min(190, height // 5, width // 6,
                                 height - 144 - count * (LEAST_BUTTON + gap))
        menu_top = 60 + self.wordmark_size + 40
        button_height = max(LEAST_BUTTON, min(48, (height - menu_top - 44) // count - gap))
        centre_y = menu_top + (count * (button_height + gap) - gap) // 2
        layout_column(self.menu.buttons, (width // 2, centre_y), width=MENU_WIDTH,
                      height=button_height, gap=gap)
        for button in self.menu.buttons:
            button.size = 26 if button_height >= 40 else 22
        self.quick.rect.width -= LEVEL_WIDTH + LEVEL_GAP
        self.level.rect = pygame.Rect(self.quick.rect.right + LEVEL_GAP, self.quick.rect.y,
                                      LEVEL_WIDTH, button_height)
        room = (width - MENU_WIDTH) // 2 - 60
        card_height = min(300, height - menu_top - 80, round(room / 1.45))
        self._fans = None
        self._fan_plan = None
        cards: list[tuple[int, float]] = []
        card_size = card_size_for_height(max(card_height, 1))
        if card_height >= 120:
            centre_x = (width - MENU_WIDTH) // 4
            cards = [*_fan_cards(LEFT_FAN, -1), *_fan_cards(RIGHT_FAN, 1)]
            self._fan_plan = (cards, card_size, [(centre_x + 10, centre_y + 20),
                                                 (width - centre_x - 10, centre_y + 20)])
        key = [*self.app.cards.turned_key(cards, card_size), repr(size),
               repr((self.wordmark_size, VIGNETTE_SCALE, SMALL_PRINT, t.FELT_DARK, t.FELT,
                     t.GOLD, t.GOLD_DARK, t.INK_DIM)),
               *self._heading_words(), _drawing_stamp()]
        (self.backdrop,) = self.app.kept.images(
            "title-backdrop", key, lambda: [self._draw_backdrop(size)], opaque=True)

    def _heading_words(self) -> tuple[str, str, str]:
        """The tagline, the version and the keys, in the current language."""
        return (_("a card game of gangsters for two, by Friedemann Friese"),
                _("version {version}").format(version=__version__),
                _("arrows + Enter or the letter keys  ·  F11 fullscreen"))

    def _draw_backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """What the title shows under its menu: the felt, the fans, the wordmark with its
        shadow and underline, the tagline, the version at the bottom right and the keys at
        the bottom left."""
        theme = self.app.theme
        width, height = size
        tagline_words, version_words, keys_words = self._heading_words()
        surface = _vignette(size)
        for image, rect in self.fans:
            surface.blit(image, rect)
        shadow = theme.text("FAMIGLIA", self.wordmark_size, (0, 0, 0), bold=True)
        word = theme.text("FAMIGLIA", self.wordmark_size, t.GOLD, bold=True)
        rect = word.get_rect(midtop=(width // 2, 40))
        surface.blit(shadow, rect.move(5, 6))
        surface.blit(word, rect)
        line = pygame.Rect(0, 0, rect.width, 3)
        line.midtop = (width // 2, rect.bottom + 2)
        pygame.draw.rect(surface, t.GOLD_DARK, line)
        tagline = theme.fit(tagline_words, 24, width - 40, t.INK_DIM)
        surface.blit(tagline, tagline.get_rect(midtop=(width // 2, line.bottom + 10)))
        version = theme.text(version_words, SMALL_PRINT, t.INK_DIM)
        surface.blit(version, version.get_rect(bottomright=(width - 14, height - 10)))
        keys = theme.fit(keys_words, SMALL_PRINT, width - version.get_width() - 48, t.INK_DIM)
        surface.blit(keys, keys.get_rect(bottomleft=(14, height - 10)))
        return surface

    @property
    def fans(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The fans' cards and where they lie, turned (or read back as kept) when first asked
        for: when the backdrop is drawn, which a start that reads it back never does."""
        if self._fans is None:
            self._fans = []
            if self._fan_plan is not None:
                cards, size, (left, right) = self._fan_plan
                turned = self.app.cards.turned_faces("title-fans", cards, size)
                self._fans = [*_fan(turned[:len(LEFT_FAN)], left, size),
                              *_fan(turned[len(LEFT_FAN):], right, size)]
        return self._fans

    def leave(self) -> None:
        """The hot-seat dialog draws over this screen: no stale tooltip under it."""
        self.menu.pointed = None
        self.level_pointed = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
                and self.menu.buttons[self.menu.selected] is self.quick):
            self.step_level(1 if event.key == pygame.K_RIGHT else -1, wrap=False)
            return
        if event.type == pygame.MOUSEMOTION:
            self.level_pointed = self.level.rect.collidepoint(event.pos)
            self.explain_selected = False
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN,
                                                            pygame.K_TAB):
            self.explain_selected = True
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.level.rect.collidepoint(event.pos)):
            self.step_level(self.level_step_at(event.pos[0]))
            return
        if self.level.handle_event(event):
            return
        self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(self.backdrop, (0, 0))
        self.menu.draw(surface, theme)
        # lit with its row, whose Left and Right change it, or under the mouse
        self.level.hovered = self.level_pointed or (
            self.menu.armed and self.menu.buttons[self.menu.selected] is self.quick)
        self.level.draw(surface, theme)
        self.level.hovered = self.level_pointed
        self.menu.draw_tooltip(surface, theme,
                               self.menu.selected if self.explain_selected else None,
                               clear=[self.level.rect])
        self.level.draw_tooltip(surface, theme)


def _fan(images: list[pygame.Surface], centre: Point, size: Size
         ) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Cards spread like a held hand, the last one on top."""
    middle = (len(images) - 1) / 2
    spread = []
    for index, image in enumerate(images):
        offset = round((index - middle) * size[0] * 0.42)
        drop = round(abs(index - middle) * size[1] * 0.06)
        spread.append((image, image.get_rect(center=(centre[0] + offset, centre[1] + drop))))
    return spread


def _fan_cards(codes: tuple[str, ...], tilt: int) -> list[tuple[int, float]]:
    """A fan's cards (their ids) and angles, the middle one upright."""
    middle = (len(codes) - 1) / 2
    return [(next(card.id for card in DECK if card.code == code),
             (middle - index) * FAN_ANGLE * tilt) for index, code in enumerate(codes)]


def _drawing_stamp() -> str:
    """The size and time of this module's file: a kept backdrop is drawn again once the code
    that draws it changes, in a working copy too, not only with a new version."""
    stat = os.stat(__file__)
    return f"{stat.st_size} {stat.st_mtime_ns}"


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """The felt, lighter in the middle and darker towards the edges (drawn once per size):
    rings a shade apart, drawn at a :data:`VIGNETTE_SCALE`th of the size and smoothly scaled
    up, which looks the same (no pixel differs by more than one shade) for a third of the
    cost."""
    width, height = (-(-side // VIGNETTE_SCALE) for side in size)
    surface = pygame.Surface((width, height))
    surface.fill(t.FELT_DARK)
    steps = 24
    for step in range(steps):
        share = step / steps
        colour = [round(dark + (light - dark) * share)
                  for dark, light in zip(t.FELT_DARK, t.FELT, strict=True)]
        rect = pygame.Rect(0, 0, round(width * (1.5 - share)), round(height * (1.5 - share)))
        rect.center = (width // 2, height // 2)
        pygame.draw.ellipse(surface, colour, rect)
    return pygame.transform.smoothscale(surface, size)
