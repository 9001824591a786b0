"""The table's help for the person at play: the Hint button (``?``, see :mod:`.hints`) and the
Undo button (Ctrl+Z), in a row of the side panel above the log.

Undo asks the core (``game.peek``, ``game.pop_blocker``, ``game.pop()``): the person's own
actions that showed nothing new can be taken back, last first: this turn's Accountant,
exchanges and Brute, and the take or pass that ended the person's turn until the other side
moves (the other side waits :data:`~.flow.UNDO_GRACE` before it does, so a card dropped on
the wrong place can be had back), in hot-seat, against the computer and in the solo game
alike; never the other side's.  The core's events carry the cards home (the same
animations as any move), the log says what was taken back (the core's ``action_undone``
event) and the save is rewritten.  A greyed button's tooltip says why nothing can be taken
back now; while the other side waits, a bar under the button runs down.  A table where nothing
is ever taken back (a game with a friend on another computer: a move once sent is theirs too)
gives Undo's place to a button of its own (:meth:`Assist.replace_undo`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from ... import i18n
from ...i18n import N_, _, pgettext
from ...players.seats import Seat
from .. import theme as t
from ..widgets import LABEL_MARGIN, Button
from .hints import HintHost, Hints
from .layout import TableFrame

if TYPE_CHECKING:
    from .gestures import Gestures
    from .picture import TablePicture
    from .sprites import CardArt
    from .thinker import Thinker

UNDO_TIP = N_("Take back your last action (Ctrl+Z): this turn's, or the take or pass that "
              "ended it, until the other side moves.")
HINT_TIP = N_("Ask the strongest computer level for your best next action (?). A game with a "
              "hint is marked as assisted.")


def hint_label() -> str:
    # Translators: the Hint button; "?" is its key.
    return pgettext("button", "Hint  ?")


def thinking_label() -> str:
    """The Hint button's label while the hint is worked out."""
    return pgettext("button", "Thinking…")


def undo_label() -> str:
    # Translators: the Undo button; Ctrl+Z is its key.
    return pgettext("button", "Undo  Ctrl+Z")


def short_undo_label() -> str:
    # Translators: the Undo button where its label with the key is too long for it.
    return pgettext("button", "Undo")


class AssistHost(HintHost, Protocol):
    """What the Hint and Undo row asks of the table, besides the hints' needs: who plays
    each seat and whose turn it is (why the person waits), and Undo itself."""

    @property
    def seats(self) -> tuple[Seat, Seat]: ...

    @property
    def human_to_move(self) -> bool: ...

    @property
    def undo_grace(self) -> float:
        """The share (1 → 0) of the wait before the other side moves that is left, while the
        person's turn can still be taken back; 0 when the other side is not waiting."""
        ...

    def undo_action(self) -> None:
        """Take back the person's last action."""
        ...


class Assist:
    """The Hint and Undo buttons of one table, their keys and their row; ``gestures`` say
    why Undo refuses, as any refused move is said."""

    def __init__(self, host: AssistHost, picture: TablePicture, gestures: Gestures,
                 thinker: Thinker, art: CardArt) -> None:
        self.host = host
        self.gestures = gestures
        self.hints = Hints(host, picture, thinker, art)
        self.hint_button = Button(hint_label(), self.hints.ask, size=20, tooltip=_(HINT_TIP))
        self.undo_button = Button(undo_label(), self.undo, size=20, tooltip=_(UNDO_TIP))
        #: the row: Hint, then Undo (or the button that took its place)
        self.buttons = [self.hint_button, self.undo_button]
        self.undo_offered = True
        #: no person plays at this table (the demo): no row, no keys
        self.shown = any(seat.is_human for seat in host.seats)
        #: the row the two buttons share, and the gap between them
        self.row, self.gap = pygame.Rect(0, 0, 0, 0), 0

    def place(self, frame: TableFrame) -> pygame.Rect:
        """Put the row under the Menu and Help buttons; return what is left for the log."""
        if not self.shown:
            for button in self.buttons:
                button.rect = pygame.Rect(-100, -100, 0, 0)
            return frame.log
        self.row = row = pygame.Rect(frame.log.left, frame.log.top, frame.log.width,
                                     frame.menu_button.height)
        self.gap = frame.gap
        for button in self.buttons:
            button.size = frame.font(20)
        self._share_row()
        log = frame.log.copy()
        log.top = row.bottom + frame.gap
        log.height = frame.log.bottom - log.top
        return log

    def _share_row(self) -> None:
        """Half the row each where the labels fit, else the Hint button as wide as its
        longest label needs and the Undo button the rest; an Undo label still too long for it
        leaves its key off (its tooltip names the key).  Worked out in the language of the
        moment, so a switch of language shares the row anew."""
        font = self.host.theme.font(self.undo_button.size, True)

        def need(label: str) -> int:
            return font.size(label)[0] + 2 * LABEL_MARGIN

        width = self.row.width - self.gap
        hint = width // 2
        if not self.undo_offered:
            self.hint_button.rect = pygame.Rect(self.row.left, self.row.top, hint,
                                                self.row.height)
            self.buttons[1].rect = pygame.Rect(self.row.right - (width - hint), self.row.top,
                                               width - hint, self.row.height)
            return
        if need(undo_label()) > width - hint:
            hint = min(hint, max(need(hint_label()), need(thinking_label())))
        undo = width - hint
        self.hint_button.rect = pygame.Rect(self.row.left, self.row.top, hint, self.row.height)
        self.undo_button.rect = pygame.Rect(self.row.right - undo, self.row.top, undo,
                                            self.row.height)
        self.undo_button.text = undo_label() if need(undo_label()) <= undo else short_undo_label()

    def replace_undo(self, button: Button) -> None:
        """No Undo at this table: ``button`` takes its place in the row, Ctrl+Z does
        nothing."""
        self.undo_offered = False
        self.buttons = [self.hint_button, button]

    # ------------------------------------------------------------------ the frame

    def update(self) -> None:
        """Enable the buttons and word their tooltips for the moment; take a hint's answer."""
        self.hints.update()
        self.hint_button.enabled = self.shown and self.hints.can_ask
        self.hint_button.text = thinking_label() if self.hints.waiting else hint_label()
        if self.shown:
            self._share_row()
        blocker = self.undo_blocker()
        self.undo_button.enabled = self.shown and blocker is None
        self.undo_button.tooltip = _(UNDO_TIP) if blocker is None else blocker
        if not self.host.can_act and not self.hints.waiting:
            self.hint_button.tooltip = self.wait_reason() or _(HINT_TIP)
        else:
            self.hint_button.tooltip = _(HINT_TIP)

    def wait_reason(self) -> str | None:
        """Why the person at the table cannot act now, or None."""
        host = self.host
        game = host.game
        if game.is_terminal():
            return _("The game is over.")
        if not host.human_to_move or game.current != host.bottom:
            return _("It is {name}'s turn.").format(name=host.names[game.current])
        if host.busy:
            return _("Wait until the cards have landed.")
        return None

    def own_to_take_back(self) -> bool:
        """The core can take back the last action, and it is the person's at the table: an
        action of this turn, or the take or pass that ended it while the other side has not
        moved."""
        host = self.host
        last = host.game.peek()
        return (self.shown and last is not None and last.seat == host.bottom
                and host.seats[last.seat].is_human and host.game.pop_blocker is None)

    def undo_blocker(self) -> str | None:
        """Why Undo cannot take anything back now, or None when it can."""
        host = self.host
        if host.busy and not host.game.is_terminal():
            return _("Wait until the cards have landed.")
        if self.own_to_take_back():
            return None
        reason = self.wait_reason()
        if reason is not None:
            return reason
        blocker = host.game.pop_blocker
        if blocker is None:
            return _("Nothing has been played in this turn yet: a turn cannot be taken back "
                     "once {name} has moved.").format(name=host.names[1 - host.bottom])
        return i18n.translate_message(blocker)

    def draw(self, surface: pygame.Surface) -> None:
        """While the other side waits before its move (Undo can still take the person's
        back), a bar under the Undo button runs down with the time left."""
        share = self.host.undo_grace
        if not self.shown or share <= 0 or not self.undo_offered or not self.undo_button.enabled:
            return
        rect = self.undo_button.rect
        bar = pygame.Rect(rect.left + 6, rect.bottom - 5, round((rect.width - 12) * share), 3)
        pygame.draw.rect(surface, t.GOLD, bar, border_radius=1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """``?`` asks for a hint, Enter carries out the hint shown (while no card is
        selected), Ctrl+Z undoes; True when the key was one of them."""
        if not self.shown or event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL and self.undo_offered:
            self.undo()
            return True
        if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hints.action is not None
                and self.gestures.selected is None):
            self.hints.carry_out()
            return True
        if event.unicode == "?":
            self.hints.ask()
            return True
        return False

    # ------------------------------------------------------------------ undo

    def undo(self) -> None:
        """Take back the person's last action (the core decides what may be)."""
        reason = self.undo_blocker()
        if reason is not None:
            self.gestures.refuse(reason, self.undo_button.rect.topleft)
            return
        self.hints.clear()
        self.host.undo_action()

