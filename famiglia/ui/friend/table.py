"""The table of a game with a friend on another computer: the table the player knows, with the
friend's seat played like the computer's.

The friend's moves arrive from their computer, checked by this copy's core
(``famiglia.net``); each plays when the table rests, announced in the same caption and marked
with the same outlines as the computer's ("Anna takes …"), and while the friend chooses, their
label says "Anna is thinking".  The game shown is a second copy that follows the networked
game's draws (``NetGame.follower``), so a move is shown where it stands even when it arrived
while the cards were still flying.  This player's moves go to the friend's computer once the
core has accepted them; one that draws a card waits for both computers' shares of the draw.

Nothing is taken back here (a move once sent is the friend's too): Undo's place holds Say, the
short messages ("Good game!", "Your turn", "One moment").  Resign works from both sides (the
pause menu).  Hints, the coach and the analysis are for this player's own seat.  When the turn
comes round while the window is not in front, the window asks for attention and the turn's
chime plays (muted with the rest).  A lost connection, or a friend's computer that broke the
rules or the protocol, is said over the table in plain words (:mod:`.notice`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, pgettext
from ...net.netgame import Moved, Resigned
from ...net.protocol import Phrase
from ...net.verify import net_record
from ...rules import Action, Event, Game, Refresh, TurnStarted
from ..chooser import ChooserScene
from ..scenes.table import TableScene
from ..table.computer import Caption, action_line
from ..widgets import Button
from .connection import FriendConnection
from .notice import FriendNotice
from .words import phrase_text

if TYPE_CHECKING:
    from ..app import App
    from ..scene import Scene

log = logging.getLogger(__name__)


def say_label() -> str:
    # Translators: the button that sends the other player a short message.
    return pgettext("button", "Say…")


class RemoteSeat:
    """The friend's seat (a :class:`~famiglia.ui.table.flow.SeatController`): plays the moves
    that arrived from their computer, one at a time, when the table rests."""

    #: the move is chosen on the friend's computer: the table rests until it arrives
    waiting = True

    def __init__(self, connection: FriendConnection, seat: int, name: str) -> None:
        self.connection = connection
        self.seat = seat
        self.name = name

    def think(self, game: Game) -> None:
        """The friend thinks on their own computer."""

    def play(self, game: Game) -> list[Event] | None:
        """The friend's next move with its caption, once it has arrived."""
        events = self.connection.events
        if not events or not isinstance(events[0], Moved) or events[0].seat != self.seat:
            return None
        action = events.popleft().action  # type: ignore[union-attr]
        caption = Caption(self.name, action_line(game, action, self.name),
                          refresh=isinstance(action, Refresh))
        return [caption, *game.apply(action)]


class FriendTable(TableScene):
    """The table of one game with a friend on another computer (see the module
    docstring)."""

    #: the friend's copy plays on while a menu is open here
    game_waits = False

    def __init__(self, app: App, connection: FriendConnection, log: Sequence[str] = ()) -> None:
        net = connection.net
        self.connection = connection
        self.seat = net.seat
        names = [net.name, net.peer_name or "?"]
        if net.seat == 1:
            names.reverse()
        self.remote = RemoteSeat(connection, net.peer_seat, net.peer_name or "?")
        controllers: list[RemoteSeat | None] = [None, None]
        controllers[net.peer_seat] = self.remote
        self.say_button = Button(say_label(), self.open_say, size=20,
                                 tooltip=_("Send {name} a short message.").format(
                                     name=net.peer_name))
        self.notice = FriendNotice(app, connection)
        shown = net.follower()  # the moves so far, those still queued among them
        queued = connection.events
        connection.events = deque(event for event in queued
                                  if not isinstance(event, Moved | Resigned))
        super().__init__(app, shown, (names[0], names[1]), seats=connection.seats(),
                         on_action=lambda _table: connection.keep(), log=log,
                         controllers=controllers)
        connection.log_lines = lambda: [line.encode() for line in self.playback.narrated]
        self.buttons.remove(self.assist.undo_button)
        self.assist.replace_undo(self.say_button)
        self.buttons.append(self.say_button)
        self.resize(app.size)
        connection.keep()

    # ------------------------------------------------------------------ moves

    @property
    def can_act(self) -> bool:
        """As at any table, and only while the networked game waits for this player (no
        move of theirs waiting for its draw, the friend's moves all shown)."""
        return super().can_act and self.connection.net.my_turn and not self.connection.events

    def perform(self, action: Action) -> list[Event]:
        """The core checks the move (its refusal raised as at any table), then it goes to the
        friend's computer; a move that draws shows once both shares of the draw are in."""
        self.game.draw_choices(action)
        self.connection.play(action)
        return self._take_own()

    def _take_own(self) -> list[Event]:
        """The events of this player's move that the networked game has settled, if any."""
        events = self.connection.events
        if events and isinstance(events[0], Moved) and events[0].seat == self.seat:
            return self.game.apply(events.popleft().action)  # type: ignore[union-attr]
        return []

    def _take_news(self) -> None:
        """Play what the networked game settled, in order: this player's move that waited
        for its draw, a resignation; the friend's moves wait for the table to rest (their
        seat plays them)."""
        events = self.connection.events
        while events:
            event = events[0]
            if isinstance(event, Moved):
                if event.seat != self.seat:
                    return
                self.after_apply(self._take_own())
            elif isinstance(event, Resigned):
                events.popleft()
                if not self.game.is_terminal():
                    self.finish_animations()
                    self.after_apply(self.game.resign(event.seat))
            else:
                events.popleft()

    def resign(self) -> None:
        """This player gives up: the friend's computer hears it, and the game ends on both
        at the same move (the results follow then)."""
        if not self.game.is_terminal():
            self.connection.net.resign()
            self.connection.keep()

    @property
    def resigner(self) -> int:
        return self.seat

    @property
    def thinking_seat(self) -> int | None:
        """The friend is said to be thinking only while their computer is there (a lost
        connection is said over the table instead)."""
        return None if self.notice.shown else super().thinking_seat

    def _turn_started(self, event: TurnStarted) -> None:
        """This player's turn: a window not in front asks for attention (the chime plays as
        at every table)."""
        super()._turn_started(event)
        if event.seat == self.seat and not self.app.window.focused:
            try:
                self.app.window.flash(pygame.FLASH_UNTIL_FOCUSED)
            except pygame.error as error:  # a video driver that cannot (SDL's dummy)
                log.info("the window cannot ask for attention: %s", error)

    # ------------------------------------------------------------------ the short messages

    def open_say(self) -> None:
        self.app.push(ChooserScene(self.app, _("Say to {name}").format(
            name=self.connection.net.peer_name), [(phrase_text(phrase), phrase)
                                                  for phrase in Phrase], self._say))

    def _say(self, phrase: Phrase) -> None:
        self.connection.say(phrase)
        self.toast(_("You: {message}").format(message=phrase_text(phrase)))

    # ------------------------------------------------------------------ scene hooks

    def language_changed(self) -> None:
        self.say_button.text = say_label()
        super().language_changed()

    def results_scene(self) -> Scene:
        return self.app.screens.friend_results(self)

    def record(self) -> dict[str, Any]:
        """The game's record with its fair deal (the draws so far until it is verified)."""
        return net_record(self.connection.net)

    def play_again(self) -> None:
        """A new game with the same friend starts from the title (Play a friend)."""

    def leave(self) -> None:
        super().leave()
        if self not in self.app.scenes and not self._results_follow():
            self.connection.close()

    def _results_follow(self) -> bool:
        """The results replace this table: the networked game goes on behind them until
        both secrets are out and the game is verified."""
        return self.game.is_terminal()

    def update(self, dt: float) -> None:
        self._take_news()
        super().update(dt)

    def animating(self) -> bool:
        return super().animating() or (bool(self.connection.events) and self.on_top)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.notice.shown and self.notice.handle_event(event):
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.notice.shown:
            self.notice.draw(surface)
