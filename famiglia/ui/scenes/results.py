"""The end of a game: both players' cards (hand and play area) with their VP, the totals, the
winner, and in words what decided it: more VP, the tie-break on the most valuable cards, or a
draw (R5.3); and why the game ended (R5.1 final round, R5.2 double pass, or a resignation).

In the solo challenge it also shows the ranking value of a won game (S5); when that enters the
top 10 of its level and variant, the player types a name (remembered as it is typed) and the
highscores open with the new entry highlighted.

The cards rise into place one after another and the totals count up with them (their rows are
:mod:`~famiglia.ui.results_cards`); the lines that give the final scores (what decided the
game, the ranking value) show once the count is done, so no two numbers on the screen ever
disagree; any click or key lets the player act at once and shows every number (the
buttons work during the animation); the deal number is shown, so that the same deal can be
played again.  Leaving is always a deliberate choice: a click or a button's letter, or Enter
once the arrows or the mouse have picked a button; no key alone starts the next game.  Analyse
opens the game's replay with its analysis running.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...rules import Game, GameOver
from ...rules.gangster import SoloVariant
from ...store.highscores import Entry, HighscoreStore
from ...store.names import TYPED_LIMIT
from ...store.settings import is_default_name
from .. import keys, navigation
from .. import theme as t
from ..labels import deal_number, letter_key
from ..results_cards import CardRows
from ..scene import Scene
from ..textfield import TextField
from ..verdict import reason_text, verdict_text
from ..widgets import Button, Menu, menu_button_width

if TYPE_CHECKING:
    from ..app import App

#: The solo line's (or the hint's mark's) top and size, and its size where it takes two lines.
SOLO_TOP, SOLO_TEXT, SOLO_TEXT_WRAPPED = 166, 28, 22
#: The room kept under the players' rows: the deal number's line, then the buttons' row
#: (BUTTON_HEIGHT high, BUTTON_BOTTOM above the window's edge).
BOTTOM, BUTTON_HEIGHT, BUTTON_BOTTOM = 90, 46, 20
#: The buttons' widest, the name field's least and widest, and the room between them.
BUTTON_MOST, FIELD_LEAST, FIELD_MOST, GAP = 220, 200, 320, 20
#: The deal number's size.
DEAL_TEXT = 20


def solo_line(game: Game, store: HighscoreStore) -> tuple[str, bool]:
    """S5 in words, and whether the game enters its highscore list now."""
    result = game.result
    assert result is not None and result.solo
    if game.setup.position is not None:
        return (_("A game played on from a position does not enter the highscores."), False)
    key = f"{game.gangster_level}{SoloVariant.of(game.first_player)}"
    if result.winner != 0 or result.ranking_value is None:
        return (_("Only a game won against the Gangster earns a ranking value."), False)
    value = _("Ranking value 2 × {own} − {gangster} = {value}").format(
        own=i18n.vp_text(result.scores[0]), gangster=i18n.vp_text(result.scores[1]),
        value=result.ranking_value)
    if store.would_enter(key, result.ranking_value):
        return (_("{value}: a place in the top 10 of level {key}! Type your name.").format(
            value=value, key=key), True)
    return (_("{value}: not enough for the top 10 of level {key} this time.").format(
        value=value, key=key), False)


class ResultsScene(Scene):
    """Both players' cards with their VP, the totals and the winner; Play again (when
    ``play_again`` is given: a game with a friend on another computer has none) or Main
    menu; Analyse when the game's ``record`` is given."""

    def __init__(self, app: App, game: Game, names: tuple[str, str], *,
                 play_again: Callable[[], None] | None,
                 humans: frozenset[int] = frozenset((0, 1)), assisted: bool = False,
                 record: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        if game.result is None:
            raise ValueError("the results scene needs a finished game")
        self.game = game
        self.result: GameOver = game.result
        self.names = names
        self.humans = humans
        #: a hint was used (S5: its highscore entry says so)
        self.assisted = assisted
        self.sounded = False
        self.banner = self.decision = self.reason = ""
        self.cards = CardRows(app, game, self.result, names)
        self.again_button = Button("", play_again or (lambda: None))
        self.title_button = Button("", lambda: navigation.to_title(self.app))
        self.enter_button = Button("", self._enter_highscores)
        self.list_button = Button("", self._show_highscores)
        self.record = record
        self.analyse_button = Button("", self._analyse)
        buttons = [self.again_button] if play_again is not None else []
        buttons.append(self.title_button)
        if record is not None:
            buttons.append(self.analyse_button)
        self.highscores = HighscoreStore()
        self.solo_text = ""
        #: what the solo line says once a name was entered (it no longer checks the list)
        self.entered: tuple[int | None, str] | None = None
        self.name: TextField | None = None
        #: a key was pressed on this screen: only then does typed text reach the name field
        self._key_pressed = False
        if self.result.solo:
            if solo_line(game, self.highscores)[1]:
                self.name = TextField(app.settings.solo_name, max_length=TYPED_LIMIT,
                                      on_change=self._name_typed, keep_end=True)
                self.name.focused = True
                buttons.insert(0, self.enter_button)
            else:
                buttons.append(self.list_button)
        self.menu = Menu(buttons, armed=False)
        self._texts()
        self.clock = 0.0
        #: the solo line and the window size the rows were laid out for
        self._laid_out: tuple[str, tuple[int, int]] = ("", (0, 0))
        self.resize(app.size)

    def _texts(self) -> None:
        """Every text of the screen in the current language (again after a switch)."""
        self.banner, self.decision = verdict_text(self.result, self.names)
        self.reason = reason_text(self.result.reason)
        labels = {
            self.again_button: (pgettext("button", "Play again"),
                              _("A new game with the same players and rules.")),
            self.title_button: (pgettext("button", "Main menu"), _("Back to the title screen.")),
            self.enter_button: (pgettext("button", "Enter highscores"),
                                _("Put this game on the highscore list under the name typed "
                                  "(Enter).")),
            self.list_button: (pgettext("button", "Highscores"),
                               _("The best solo games at every level.")),
            self.analyse_button: (pgettext("button", "Analyse"),
                                  _("Where was this game won and where was it lost? The game's "
                                    "replay with the winning chances after every decision and "
                                    "the better moves.")),
        }
        for button, (label, tooltip) in labels.items():
            button.text, button.tooltip = label, tooltip
        # Translators: each button's shortcut, a letter of its label, different from the other
        # buttons' of the results screen and never R, H or M (Rules, Help and Main menu
        # everywhere).
        self.again_button.hotkey = letter_key(pgettext("hotkey: Play again", "P"))
        self.title_button.hotkey = keys.MAIN_MENU
        self.list_button.hotkey = letter_key(pgettext("hotkey: Highscores", "I"))
        self.analyse_button.hotkey = letter_key(pgettext("hotkey: Analyse", "A"))
        self.solo_text = self._solo_text()

    def _solo_text(self) -> str:
        """The solo line (S5), and whether hints were used in any game: a fact of the game,
        won or lost (a won game's highscore entry is marked).  The game keeps only that some
        were used, not how many, so the words never say "one"."""
        if self.entered is not None:
            place, key = self.entered
            if place is None:
                text = _("Others got there first: no place left.")
            else:
                text = _("Entered at place {place} of level {key}.").format(place=place + 1,
                                                                            key=key)
        else:
            text = solo_line(self.game, self.highscores)[0] if self.result.solo else ""
        if not self.assisted:
            return text
        if not text:
            return _("Hints were used in this game.")
        if self.name is not None:
            return _("{text} (marked: hints were used)").format(text=text)
        # Translators: the solo line of the results, then that hints were used in the game (how
        # many is not kept: one or several).
        return _("{text} Hints were used in this game.").format(text=text)

    def language_changed(self) -> None:
        if self.name is not None and is_default_name(self.name.text.strip()):
            self.name.text = self.app.settings.solo_name
        self._texts()
        self.resize(self.app.size)

    def _enter_highscores(self) -> None:
        """S5: add the won game under the typed name, remember the name, show the list."""
        assert self.name is not None
        name = _usable_name(self.name.text)
        if not name:
            self.name.text = self.app.settings.solo_name
            self.solo_text = _("Type a name for the highscore list first.")
            return
        entry = Entry.from_game(self.game, name, assisted=self.assisted)
        place = self.highscores.add(entry)
        if self.highscores.write_failed:
            advice = _("The list is unchanged; once the folder can be written, press Enter "
                       "highscores again.")
            notice = self.highscores.take_notice()
            text = (f"{i18n.translate_message(notice)} {advice}" if notice is not None
                    else advice)
            navigation.notify(self.app, _("Highscore not saved"), text)
            return
        self.name = None
        self.menu.buttons[0] = self.list_button
        self.entered = (place, entry.key)
        self.solo_text = self._solo_text()
        self.resize(self.app.size)
        self._show_highscores(entry.key if place is not None else None, place)

    def _analyse(self) -> None:
        """The game's replay over the results, its analysis under way (Close comes back)."""
        if self.record is not None:
            navigation.open_replay(self.app, self.record, analyse=True)

    def _name_typed(self, text: str) -> None:
        """The name is remembered as it is typed, not only when it is entered."""
        name = _usable_name(text)
        if name and name != self.app.settings.solo_name:
            self.app.save_settings(self.app.settings.with_changes(solo_name=name))

    def _show_highscores(self, key: str | None = None, place: int | None = None) -> None:
        navigation.open_highscores(self.app, store=self.highscores, key=key, highlight=place)

    def enter(self) -> None:
        """The first time the results show: a tune for a won or lost game."""
        if self.sounded:
            return
        self.sounded = True
        winner = self.result.winner
        if winner is not None:
            won = winner in self.humans or not self.humans
            self.app.sound.play("win" if won else "lose")

    # ------------------------------------------------------------------ layout

    def _solo_lines(self, width: int) -> tuple[int, tuple[str, ...]]:
        """The solo line (or the hint's mark) across the window: on one line at its size,
        else wrapped at a smaller size."""
        theme = self.app.theme
        if not self.solo_text:
            return SOLO_TEXT, ()
        if theme.font(SOLO_TEXT, True).size(self.solo_text)[0] <= width - 40:
            return SOLO_TEXT, (self.solo_text,)
        return SOLO_TEXT_WRAPPED, theme.wrap(self.solo_text, SOLO_TEXT_WRAPPED, width - 40,
                                             bold=True)

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        text_size, lines = self._solo_lines(width)
        line = self.app.theme.font(text_size, True).get_linesize()
        top = max(180, SOLO_TOP + len(lines) * line + 14)
        self._laid_out = (self.solo_text, size)
        self.cards.lay_out(width, height, top, BOTTOM)
        self._lay_out_bottom_row(width, height)

    def _deal_text(self) -> str | None:
        """The deal number, for a deal a player can type again (not a position played on,
        nor a game between two computers)."""
        setup = self.game.setup
        if not setup.dealt_by_seed or setup.seed is None:
            return None
        return _("Deal number {number}").format(number=deal_number(setup.seed))

    def deal_position(self) -> tuple[int, int]:
        """Where the deal number's line starts (its middle at the left): under the players'
        rows, above the buttons, so that the buttons' row has the window's width."""
        rows = self.cards.rows[-1].bottom if self.cards.rows else self.app.size[1] - BOTTOM
        return 30, (rows + self.app.size[1] - BUTTON_BOTTOM - BUTTON_HEIGHT) // 2

    def _lay_out_bottom_row(self, width: int, height: int) -> None:
        """The name field (while a name is asked for) and the buttons in a row across the
        window, centred: each label at its size where the row has the room, else each at
        the smallest readable size, with its key's hint beside it; the buttons as equal as
        their labels allow, the name field taking what is left."""
        theme = self.app.theme
        buttons = self.menu.buttons
        room = width - 60 - GAP * (len(buttons) - 1) - (FIELD_LEAST + GAP if self.name else 0)
        needs = [menu_button_width(button, theme) for button in buttons]
        if sum(needs) > room:
            needs = [menu_button_width(button, theme, least=True) for button in buttons]
        widths = _even_widths(needs, room)
        field = 0 if self.name is None else min(FIELD_MOST, FIELD_LEAST + room - sum(widths))
        total = sum(widths) + GAP * (len(buttons) - 1) + (field + GAP if field else 0)
        x = max(30, (width - total) // 2)
        y = height - BUTTON_BOTTOM - BUTTON_HEIGHT
        if self.name is not None:
            self.name.rect = pygame.Rect(x, y, field, BUTTON_HEIGHT)
            x += field + GAP
        for button, button_width in zip(buttons, widths, strict=True):
            button.rect = pygame.Rect(x, y, button_width, BUTTON_HEIGHT)
            x += button_width + GAP

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.name is not None and self._typing(event):
            return
        if self.menu.handle_event(event) or keys.menu_key(self.app, event):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.clock = max(self.clock, self.cards.end_of_reveal())

    def _typing(self, event: pygame.event.Event) -> bool:
        """Keys go to the focused name field (not to the buttons' letter hotkeys); Enter
        enters the highscores."""
        assert self.name is not None
        if event.type == pygame.TEXTINPUT and not self._key_pressed:
            return True  # typed by a key pressed before this screen came up
        if event.type == pygame.KEYDOWN:
            self._key_pressed = True
        if self.name.handle_event(event):
            self._enter_highscores()
            return True
        typing = event.type == pygame.TEXTINPUT or (
            event.type == pygame.KEYDOWN and event.key not in (pygame.K_TAB, pygame.K_UP,
                                                               pygame.K_DOWN))
        return self.name.focused and typing

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.name is not None:
            self.name.update(dt)

    def animating(self) -> bool:
        return self.clock < self.cards.end_of_reveal()

    @property
    def counted(self) -> bool:
        """Every card has arrived and the totals have counted up: the lines that give the
        final scores (the decision, the ranking value) show, never disagreeing with them."""
        return self.clock >= self.cards.end_of_reveal()

    def next_change(self) -> float | None:
        return self.name.next_change() if self.name is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        width = surface.get_width()
        surface.fill(t.FELT)
        room = width - 40
        banner = theme.fit(self.banner, 64, room, t.GOLD, bold=True)
        surface.blit(banner, banner.get_rect(midtop=(width // 2, 22)))
        counted = self.counted
        if counted:
            decision = theme.fit(self.decision, 28, room, t.INK, bold=True)
            surface.blit(decision, decision.get_rect(midtop=(width // 2, 94)))
        reason = theme.fit(self.reason, 24, room, t.INK_DIM)
        surface.blit(reason, reason.get_rect(midtop=(width // 2, 132)))
        if self._laid_out != (self.solo_text, surface.get_size()):
            self.resize(surface.get_size())
        text_size, lines = self._solo_lines(width)
        for index, line in enumerate(lines if counted else ()):
            solo = theme.text(line, text_size, t.HIGHLIGHT, bold=True)
            surface.blit(solo, solo.get_rect(midtop=(
                width // 2, SOLO_TOP + index * theme.font(text_size, True).get_linesize())))
        if self.name is not None:
            self.name.draw(surface, theme)
        self.cards.draw(surface, self.clock)
        deal_text = self._deal_text()
        if deal_text:
            deal = theme.fit(deal_text, DEAL_TEXT, width - 60, t.INK_DIM)
            surface.blit(deal, deal.get_rect(midleft=self.deal_position()))
        self.menu.draw(surface, theme)
        self.menu.draw_tooltip(surface, theme)


def _even_widths(needs: list[int], room: int) -> list[int]:
    """Buttons that need ``needs`` pixels in ``room``: each as wide as the others where its
    label allows (up to :data:`BUTTON_MOST`), a longer label's wider."""
    equal = BUTTON_MOST
    while equal > 0 and sum(max(need, equal) for need in needs) > room:
        equal -= 1
    return [max(need, equal) for need in needs]


def _usable_name(text: str) -> str:
    """``text`` with its spaces tidied, or "" when no letter or digit makes it a name."""
    name = " ".join(text.split())
    return name if any(character.isalnum() for character in name) else ""
