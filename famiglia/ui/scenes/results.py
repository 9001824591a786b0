"""The end of a game: both players' cards (hand and play area) with their VP, the totals, the
winner, and in words what decided it: more VP, the tie-break on the most valuable cards, or a
draw (R5.3); and why the game ended (R5.1 final round, R5.2 double pass, or a resignation).

In the solo challenge it also shows the ranking value of a won game (S5); when that enters the
top 10 of its level and variant, the player types a name (remembered as it is typed) and the
highscores open with the new entry highlighted.

The cards rise into place one after another and the totals count up with them; any click or
key lets the player act at once (the buttons work during the animation); the deal number is
shown, so that the same deal can be played again.  Leaving is always a deliberate choice: a
click or a button's letter, or Enter once the arrows or the mouse have picked a button; no key
alone starts the next game.  Analyse opens the game's replay with its analysis running.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...rules import Card, DecidedBy, Game, GameOver, Zone
from ...rules.gangster import variant
from ...store.highscores import NAME_LIMIT, Entry, HighscoreStore
from ...store.settings import is_default_name
from .. import keys, navigation
from .. import theme as t
from ..assets import card_size_for_height
from ..labels import deal_number, letter_key
from ..scene import Scene
from ..table.marks import coin_radius, draw_points
from ..verdict import reason_text, verdict_text
from ..widgets import Button, Menu, TextField, menu_button_width

if TYPE_CHECKING:
    from ..app import App

REVEAL_STAGGER = 0.045
REVEAL_SECONDS = 0.45
GROUP_GAP = 28
#: The least distance between overlapping cards: every card a player can own (56 and more)
#: fits the smallest window's row, each showing its rank pennant.
LEAST_STEP = 10
#: The size of each card's VP under it, and of each group's caption over it.
CARD_VP_TEXT, CAPTION_TEXT = 22, 20
#: The solo line's (or the hint's mark's) top and size, and its size where it takes two lines.
SOLO_TOP, SOLO_TEXT, SOLO_TEXT_WRAPPED = 166, 28, 22


def deciding_card(cards: Sequence[Card], result: GameOver) -> int | None:
    """The id of the card the tie-break compared (the n-th most valuable), if any."""
    if result.decided_by != DecidedBy.TIE_BREAK or result.tie_break_card is None:
        return None
    ranked = sorted(cards, key=lambda card: -card.vp)
    position = result.tie_break_card - 1
    return ranked[position].id if position < len(ranked) else None


def solo_line(game: Game, store: HighscoreStore) -> tuple[str, bool]:
    """S5 in words, and whether the game enters its highscore list now."""
    result = game.result
    assert result is not None and result.solo
    if game.setup.position is not None:
        return (_("A game played on from a position does not enter the highscores."), False)
    key = f"{game.gangster_level}{variant(game.first_player)}"
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


@dataclass
class Placed:
    """One card on the results screen, where it comes to rest and the room its VP has under
    it (up to the next card's); in a group too crowded for every card's VP under it, none
    has room there, and ``strip``, the uncovered part of a covered card, shows its VP in a
    coin where it is wide enough."""

    card: Card
    seat: int
    rect: pygame.Rect
    delay: float
    deciding: bool
    room: int
    strip: pygame.Rect | None = None


class ResultsScene(Scene):
    """Both players' cards with their VP, the totals and the winner; Play again or Main
    menu; Analyse when the game's ``record`` is given."""

    def __init__(self, app: App, game: Game, names: tuple[str, str], *,
                 play_again: Callable[[], None],
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
        self.groups = [(sorted(game.hands[seat], key=lambda card: (-card.vp, card.code)),
                        sorted(game.play_areas[seat], key=lambda card: (-card.vp, card.code)))
                       for seat in (0, 1)]
        self.again_button = Button("", play_again)
        self.title_button = Button("", lambda: navigation.to_title(self.app))
        self.enter_button = Button("", self._enter_highscores)
        self.list_button = Button("", self._show_highscores)
        self.record = record
        self.analyse_button = Button("", self._analyse)
        buttons = [self.again_button, self.title_button]
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
                self.name = TextField(app.settings.solo_name, max_length=NAME_LIMIT,
                                      on_change=self._name_typed)
                self.name.focused = True
                buttons.insert(0, self.enter_button)
            else:
                buttons.append(self.list_button)
        self.menu = Menu(buttons, armed=False)
        self._texts()
        self.clock = 0.0
        self.placed: list[Placed] = []
        self.rows: list[pygame.Rect] = []
        self.captions: list[tuple[str, tuple[int, int]]] = []
        self.card_size = (0, 0)
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
        """The solo line (S5), and whether a hint was used in any game: a fact of the game,
        won or lost (a won game's highscore entry is marked)."""
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
            return _("A hint was used in this game.")
        if self.name is not None:
            return _("{text} (marked: a hint was used)").format(text=text)
        # Translators: the solo line of the results, then that a hint was used in the game.
        return _("{text} A hint was used in this game.").format(text=text)

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
        top, bottom = max(180, SOLO_TOP + len(lines) * line + 14), 90
        self._laid_out = (self.solo_text, size)
        row_height = (height - top - bottom) // 2
        self.rows = [pygame.Rect(30, top + seat * row_height, width - 60, row_height - 12)
                     for seat in (0, 1)]
        self.card_size = card_size_for_height(min(300, row_height - 12 - 66 - 30))
        self.placed = []
        self.captions = []
        delay = 0.2
        for seat, row in enumerate(self.rows):
            owned = self._owned(seat)
            decider = deciding_card(owned, self.result)
            captions = [f"{i18n.zone_name(zone)} · {i18n.vp_text(sum(c.vp for c in group))}"
                        for group, zone in zip(self.groups[seat],
                                               (Zone.hand(seat), Zone.play_area(seat)),
                                               strict=True)]
            step = self._step(seat, row.width - 32, captions)
            x = row.x + 16
            for group, caption in zip(self.groups[seat], captions, strict=True):
                if not group:
                    continue
                self.captions.append((caption, (x, row.y + 44)))
                start = x
                for index, card in enumerate(group):
                    rect = pygame.Rect((x, row.y + 66), self.card_size)
                    room = min(step if index < len(group) - 1
                               else self.card_size[0] + GROUP_GAP, row.right - 4 - x) - 8
                    self.placed.append(Placed(card, seat, rect, delay, card.id == decider,
                                              room))
                    delay += REVEAL_STAGGER
                    x += step
                self._crowd(self.placed[-len(group):], step)
                x = max(x + self.card_size[0] - step, start + self._caption_width(caption))
                x += GROUP_GAP
        self._lay_out_bottom_row(width, height)

    def _crowd(self, group: list[Placed], step: int) -> None:
        """A group where not every card's VP fits under it shows none there (a lone value
        under its last card would read as the group's): each covered card shows its VP in a
        coin on its uncovered strip instead, where that is wide enough, and the group's
        caption has the sum."""
        font = self.app.theme.font(CARD_VP_TEXT, True)
        if all(font.size(i18n.vp_text(placed.card.vp))[0] <= placed.room for placed in group):
            return
        for placed in group:
            placed.room = 0
            if placed is not group[-1] and step >= 2 * coin_radius(placed.rect) + 2:
                placed.strip = pygame.Rect(placed.rect.topleft, (step, placed.rect.height))

    def _deal_text(self) -> str | None:
        """The deal number, for a deal a player can type again (not a position played on)."""
        seed = self.game.seed
        if seed is None or self.game.setup.position is not None:
            return None
        return _("Deal number {number}").format(number=deal_number(seed))

    def _lay_out_bottom_row(self, width: int, height: int) -> None:
        """The deal number at the left, then the name field (while a name is asked for) and
        the buttons, centred in the room that is left and narrower when it is short."""
        deal = self._deal_text()
        left = 30 + (self.app.theme.font(20).size(deal)[0] + 24 if deal else 0)
        right = width - 30
        gap = 24
        field = 0 if self.name is None else min(320, (right - left) // 4)
        count = len(self.menu.buttons)
        room = right - left - (field + gap if field else 0)
        widths = self._button_widths(min(220, (room - gap * (count - 1)) // count))
        total = (field + gap if field else 0) + sum(widths) + gap * (count - 1)
        x = max(left, (width - total) // 2)
        if self.name is not None:
            self.name.rect = pygame.Rect(x, height - 73, field, 50)
            x += field + gap
        for button, button_width in zip(self.menu.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, height - 73, button_width, 50)
            x += button_width + gap

    def _button_widths(self, equal: int) -> list[int]:
        """Each button ``equal`` wide, but a long label's as wide as it needs (at its size if
        the row has the room, else at the smallest readable size), the room it takes given
        up by the buttons with room to spare."""
        theme = self.app.theme
        needs = [menu_button_width(button, theme) for button in self.menu.buttons]
        if sum(max(0, need - equal) for need in needs) > sum(max(0, equal - need)
                                                            for need in needs):
            needs = [menu_button_width(button, theme, least=True)
                     for button in self.menu.buttons]
        excess = sum(max(0, need - equal) for need in needs)
        spare = [max(0, equal - need) for need in needs]
        share = min(1.0, excess / sum(spare)) if sum(spare) else 0.0
        return [max(equal, need) - math.ceil(room * share)
                for need, room in zip(needs, spare, strict=True)]

    def _caption_width(self, caption: str) -> int:
        return self.app.theme.font(CAPTION_TEXT).size(caption)[0]

    def _step(self, seat: int, room: int, captions: list[str]) -> int:
        """The distance between cards: side by side, or overlapping (each card's left strip
        with its rank stays visible) when a player owns more cards than fit in a row.  Each
        group's last card shows whole, groups are ``GROUP_GAP`` apart, and a group narrower
        than its caption leaves the caption's room."""
        w = self.card_size[0]
        groups = [(group, caption) for group, caption in zip(self.groups[seat], captions,
                                                             strict=True) if group]
        count = sum(len(group) for group, _ in groups)
        side_by_side = w + 8

        def width(step: int) -> int:
            spans = [max(w + step * (len(group) - 1), self._caption_width(caption))
                     for group, caption in groups]
            return sum(spans) + (len(groups) - 1) * GROUP_GAP

        if width(side_by_side) <= room or count <= len(groups):
            return side_by_side
        step = (room - len(groups) * w - (len(groups) - 1) * GROUP_GAP) // (count - len(groups))
        while step > LEAST_STEP and width(step) > room:
            step -= 1
        return max(LEAST_STEP, step)

    # ------------------------------------------------------------------ loop

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.name is not None and self._typing(event):
            return
        if self.menu.handle_event(event) or keys.menu_key(self.app, event):
            return
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.clock = max(self.clock, self._end_of_reveal())

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

    def _end_of_reveal(self) -> float:
        return (self.placed[-1].delay if self.placed else 0.0) + REVEAL_SECONDS

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.name is not None:
            self.name.update(dt)

    def animating(self) -> bool:
        return self.clock < self._end_of_reveal()

    def next_change(self) -> float | None:
        return self.name.next_change() if self.name is not None else None

    def _progress(self, placed: Placed) -> float:
        """0 → 1, eased out (cubic) from the card's delay on."""
        share = min(1.0, max(0.0, (self.clock - placed.delay) / REVEAL_SECONDS))
        return 1 - (1 - share) ** 3

    def shown_total(self, seat: int) -> int:
        """The total counting up as the seat's cards arrive."""
        return sum(placed.card.vp for placed in self.placed
                   if placed.seat == seat and self._progress(placed) >= 1.0)

    def _owned(self, seat: int) -> list[Card]:
        return [*self.groups[seat][0], *self.groups[seat][1]]

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        width = surface.get_width()
        surface.fill(t.FELT)
        room = width - 40
        banner = theme.fit(self.banner, 64, room, t.GOLD, bold=True)
        surface.blit(banner, banner.get_rect(midtop=(width // 2, 22)))
        decision = theme.fit(self.decision, 28, room, t.INK, bold=True)
        surface.blit(decision, decision.get_rect(midtop=(width // 2, 94)))
        reason = theme.fit(self.reason, 24, room, t.INK_DIM)
        surface.blit(reason, reason.get_rect(midtop=(width // 2, 132)))
        if self._laid_out != (self.solo_text, surface.get_size()):
            self.resize(surface.get_size())
        text_size, lines = self._solo_lines(width)
        for index, line in enumerate(lines):
            solo = theme.text(line, text_size, t.HIGHLIGHT, bold=True)
            surface.blit(solo, solo.get_rect(midtop=(
                width // 2, SOLO_TOP + index * theme.font(text_size, True).get_linesize())))
        if self.name is not None:
            self.name.draw(surface, theme)
        for seat, row in enumerate(self.rows):
            self._draw_row(surface, seat, row)
        for text, position in self.captions:
            surface.blit(theme.text(text, CAPTION_TEXT, t.INK_DIM), position)
        for placed in self.placed:
            self._draw_card(surface, placed)
        deal_text = self._deal_text()
        if deal_text:
            deal = theme.text(deal_text, 20, t.INK_DIM)
            surface.blit(deal, deal.get_rect(midleft=(30, surface.get_height() - 48)))
        self.menu.draw(surface, theme)
        self.menu.draw_tooltip(surface, theme)

    def _draw_row(self, surface: pygame.Surface, seat: int, row: pygame.Rect) -> None:
        theme = self.app.theme
        winner = self.result.winner == seat
        pygame.draw.rect(surface, t.FELT_DARK, row, border_radius=12)
        pygame.draw.rect(surface, t.GOLD if winner else t.PANEL_EDGE, row,
                         width=3 if winner else 1, border_radius=12)
        name = theme.text(str(self.names[seat]), 32, t.GOLD if winner else t.INK, bold=True)
        surface.blit(name, (row.x + 16, row.y + 12))
        total = theme.text(i18n.vp_text(self.shown_total(seat)), 36, t.GOLD, bold=True)
        surface.blit(total, total.get_rect(topright=(row.right - 16, row.y + 10)))
        if not self._owned(seat):
            empty = theme.text(_("no cards"), 22, t.INK_DIM)
            surface.blit(empty, (row.x + 16, row.y + 66))

    def _draw_card(self, surface: pygame.Surface, placed: Placed) -> None:
        progress = self._progress(placed)
        if progress <= 0.0:
            return
        theme = self.app.theme
        rect = placed.rect.move(0, round((1 - progress) * 60))
        surface.blit(self.app.cards.face(placed.card.id, self.card_size), rect)
        if placed.deciding:
            pygame.draw.rect(surface, t.HIGHLIGHT, rect.inflate(8, 8), width=4,
                             border_radius=12)
        if placed.strip is not None:
            draw_points(surface, theme, placed.strip.move(0, rect.y - placed.rect.y), rect,
                        placed.card.vp)
        text = i18n.vp_text(placed.card.vp)
        if theme.font(CARD_VP_TEXT, True).size(text)[0] > placed.room:
            return
        vp = theme.text(text, CARD_VP_TEXT, t.HIGHLIGHT if placed.deciding else t.INK,
                        bold=True)
        surface.blit(vp, (rect.x + 4, rect.bottom + 6))


def _usable_name(text: str) -> str:
    """``text`` with its spaces tidied, or "" when no letter or digit makes it a name."""
    name = " ".join(text.split())
    return name if any(character.isalnum() for character in name) else ""
