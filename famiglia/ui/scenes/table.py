"""The table: the game itself, played with drag-and-drop (or clicks) on animated card sprites.

``TableScene`` coordinates the parts in :mod:`famiglia.ui.table`: the picture of the zones
(changed only by the core's ``card_moved`` events), the event playback (events → animations
and log lines), the gestures (input → the core's actions), the flow (computer seats, the
hot-seat hand-over, the results), the status panel and the renderer; what its parts ask of
its state, and the status it shows, come from its base,
:class:`~famiglia.ui.table.state.TableState`.  The core alone decides what is legal; in
hot-seat the player to move sits at the bottom and a hand-over screen covers the table before
every turn, so a hand is never shown to the other player (R5.4).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from ... import i18n
from ...i18n import _, pgettext
from ...players.seats import Seat, SeatKind
from ...rules import (
    PASS,
    Action,
    ActionPlayed,
    ActionUndone,
    Event,
    ForbiddenAction,
    Game,
    OutOfTurn,
    TurnStarted,
    UnreadableAction,
    Zone,
)
from ...rules.refresh import MAX_STREET
from ...rules.state import STREET_SIZE
from .. import navigation
from ..scene import Scene
from ..table.animator import Animator
from ..table.assist import Assist
from ..table.buttons import PassButton, help_label, menu_label
from ..table.choosers import Option, open_chooser
from ..table.computer import seat_controllers, settle_seats
from ..table.flow import SeatController, TableFlow, check_gangster_seat
from ..table.gestures import Gestures
from ..table.history import turn_starts
from ..table.layout import TableFrame, table_frame
from ..table.log import LogPanel
from ..table.phrases import Line
from ..table.picture import TablePicture
from ..table.playback import EventPlayback
from ..table.render import TableRenderer
from ..table.sprites import CardArt
from ..table.state import TableState
from ..table.texts import end_by_pass_question
from ..table.thinker import Thinker
from ..table.tooltips import HOVER_DELAY
from ..table.zoom import enlarged
from ..tutorial.tips import CoachTips
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

T = TypeVar("T")


class TableScene(TableState):
    """The table for one game; see the module docstring.  ``seats`` are :class:`Seat` values
    (or their JSON forms, :meth:`Seat.from_dict`): a person, the computer at a level
    or the Gangster (seat 1 of a solo game, S4).  ``on_action`` is called with the table after
    every move (the autosave); ``log``: the lines the game's log starts with, as a save keeps
    them (:meth:`Line.encode`: a resumed game's, or a game played on from a replay);
    ``assisted``: a hint was used in this game (S5).  ``controllers`` play the seats that are
    not a person instead of the computer and the Gangster (a lesson's scripted opponent);
    ``gate`` may refuse a person's legal move with a sentence (a lesson wants another one)."""

    #: the game waits while a menu is open over the table (the pause menu says so)
    game_waits = True

    def __init__(self, app: App, game: Game, names: tuple[str, str], *,
                 seats: Sequence[Seat | str] = (Seat.human(), Seat.human()),
                 on_action: Callable[[TableScene], None] | None = None,
                 log: Sequence[str] = (), assisted: bool = False,
                 controllers: Sequence[SeatController | None] | None = None) -> None:
        super().__init__(app)
        self.seats = settle_seats(seats)
        check_gangster_seat(game, self.seats)
        self.game = game
        self.names = (names[0], names[1])
        self.on_action = on_action
        self.assisted = assisted
        #: Space or a click while the other side plays: the rest of its turn plays hurried,
        #: up to the person's turn
        self.hurry_turn = False
        #: the computer's thinking (its moves and the hints), away from the frame loop
        self.thinker = Thinker(notify=app.toast)
        if controllers is None:
            controllers = seat_controllers(self.seats, self.names, self.thinker)
        self.flow = TableFlow(self, game, self.seats, controllers)
        #: asked before a person's legal move is applied: None lets it through, a sentence
        #: takes it back with that sentence shown
        self.gate: Callable[[Action], str | None] | None = None
        humans = [seat for seat in (0, 1) if self.seats[seat].is_human]
        bottom = game.current if self.flow.hot_seat else (humans[0] if humans else 0)
        gangster = 1 if self.seats[1].kind is SeatKind.GANGSTER else None
        self.frame = self.layout(app.size, len(game.street))
        self.picture = TablePicture(game, bottom, gangster, self.frame)
        self.picture.reframe = self.reframe
        self.log = LogPanel(app.theme)
        for saved in log:
            self.log.add(Line.decode(saved))
        if not log:
            self.log.add(Line.of("opening", first=self.names[0], second=self.names[1],
                                 **self._to_play()))
        self.playback = EventPlayback(self.picture, self.log, app.theme, self.names,
                                      self._turn_started, app.sound.play,
                                      [seat.is_human for seat in self.seats],
                                      on_over=self._game_over_shown)
        self.playback.lowered_from(game.view(bottom))
        if game.ply():
            starts = turn_starts(game)
            self.playback.resume(starts, self.seats[game.current].is_human
                                 and game.ply() > starts[-1].ply)
        self.animator = Animator(self.playback.play)
        self.gestures = Gestures(self, self.picture, opponent_hand=gangster is None)
        self.art = CardArt(app.cards)
        self.renderer = TableRenderer(self, self.picture, self.gestures, self.art)
        self.pass_button = PassButton(self.pass_turn)
        self.menu_button = Button(menu_label(), self.open_pause, size=20)
        self.help_button = Button(help_label(), self.open_help, size=20)
        #: every button of the table, drawn and fed events in this order
        self.buttons: list[Button] = [self.pass_button, self.menu_button, self.help_button]
        #: the Hint and Undo buttons and their keys
        self.assist = Assist(self, self.picture, self.gestures, self.thinker, self.art)
        self.buttons += self.assist.buttons
        self.renderer.overlays += [self.assist.hints, self.assist]
        self.attach_coach()
        self.resize(app.size)
        self.art.preload(self.frame.street_card)
        self.picture.layout_all("snap")
        self._rebuild_status()

    def _to_play(self) -> dict[str, object]:
        return {"turn": self.game.turn + 1, "name": self.names[self.game.current]}

    def note_resumed(self) -> None:
        """Continue brought this game back: the log says so, on screen only (the save keeps
        the game's own lines, so each Continue does not add one more)."""
        self.log.add(Line.of("resumed", **self._to_play()))

    def language_changed(self) -> None:
        """The language changed: every text of the table is worded again at once (the log
        rewords its own lines, the playback its banner and caption), also while a menu
        covers the table, which is then not updated but still seen."""
        self.menu_button.text = menu_label()
        self.help_button.text = help_label()
        self.renderer.invalidate()
        self.assist.hints.relayout()
        self.assist.update()
        self.playback.reword()
        self.playback.update(0.0)
        self._word_status()
        self.gestures.forget_hover()
        self.gestures.refusal = None
        self.app.request_redraw()

    def attach_coach(self) -> None:
        """The coach's tips at a table where a person plays (shown while the settings say
        so), over the top of the log, which gives them room."""
        if any(seat.is_human for seat in self.seats):
            tips = CoachTips(self, self.picture)
            self.renderer.overlays.append(tips)
            self.renderer.over_log.append(tips.log_room)

    # ------------------------------------------------------------------ scene hooks

    def enter(self) -> None:
        self.gestures.keyboard.space_held = False
        if self.flow.revealed():
            if self.picture.turn_to(self.game.current):
                self.renderer.invalidate()
                self.gestures.forget_hover()  # it pointed at the other seat's view
            self.status_dirty = True
        if not self.busy:
            self.flow.maybe_handover()

    def leave(self) -> None:
        self.gestures.cancel_press()
        if self not in self.app.scenes:
            self.thinker.close()  # the table is gone: so is its thinking

    def layout(self, size: tuple[int, int], street: int) -> TableFrame:
        """The table's regions for a window of ``size`` with ``street`` cards in the
        Street."""
        return table_frame(size, street)

    def resize(self, size: tuple[int, int]) -> None:
        self.frame = frame = self.layout(size, len(self.picture.zones[Zone.STREET]))
        # the card sizes of a short Street's frame and of a long one's, made together
        sizes = {card for shown in (self.layout(size, STREET_SIZE), self.layout(size, MAX_STREET))
                 for card in (shown.top_card, shown.street_card, shown.play_card,
                              shown.hand_card)}
        self.art.set_sizes(sizes)
        self.renderer.invalidate()
        self.status_dirty = True
        self.pass_button.rect = frame.pass_button
        self.menu_button.rect = frame.menu_button
        self.help_button.rect = frame.help_button
        self.pass_button.size = frame.font(28)
        self.menu_button.size = self.help_button.size = frame.font(20)
        self.log.place(self.assist.place(frame), frame.font(17))
        self.picture.place(frame)
        self.gestures.forget_hover()
        self.gestures.refusal = None

    # ------------------------------------------------------------------ moves

    def after_apply(self, events: list[Event]) -> None:
        """The core accepted a move: its events play, the input state starts afresh; a
        person's move takes the marks off the other side's last move."""
        mover = next((event.seat for event in events
                      if isinstance(event, ActionPlayed | ActionUndone)), None)
        if mover is not None and self.seats[mover].is_human:
            self.playback.last_move = None
        self.gestures.reset()
        self.playback.narrate(events)
        self.animator.push(events)
        self.status_dirty = True
        if self.on_action is not None:
            self.on_action(self)

    def apply(self, action: Action) -> bool:
        """Hand ``action`` to the core; a refusal (the core's, or the gate's) becomes a
        tooltip and nothing changes: the rule's reason for a move the rules forbid, the
        table's own words on whose turn it is when nobody may move so, and for an action the
        core cannot read (which no gesture should build) its words, noted in the log."""
        refusal = self.gate(action) if self.gate is not None else None
        if refusal is not None:
            self._take_back(refusal)
            return False
        try:
            events = self.perform(action)
        except OutOfTurn as error:
            self._take_back(self.wait_reason() or i18n.translate_message(error.message))
            return False
        except UnreadableAction as error:
            log.error("the table built an action the core cannot read: %s", error)
            self._take_back(i18n.translate_message(error.message))
            return False
        except ForbiddenAction as error:
            self._take_back(i18n.translate_message(error.message))
            return False
        self.after_apply(events)
        return True

    def perform(self, action: Action) -> list[Event]:
        """Carry out the person's ``action`` (the core's refusals raised as they come): the
        core applies it here; a table whose moves go elsewhere first says how."""
        return self.game.apply(action)

    def _take_back(self, reason: str) -> None:
        """A refused move: its cards go back, the reason shows at the pointer, clear of the
        cards the player handled."""
        picture = self.picture
        self.gestures.refuse(reason, self.gestures.mouse,
                             clear=[picture.slot_of[card_id] for card_id in self.playback.dropped
                                    if card_id in picture.slot_of])
        self.playback.dropped = set()
        self.picture.layout_all("animate")

    def pass_turn(self) -> None:
        """R3.4d: end the turn without taking a card; a pass that would end the game (R5.2)
        asks first."""
        if not self.can_act:
            return
        self.playback.dropped = set()
        if not self.pass_button.danger:
            self.apply(PASS)
            return
        navigation.confirm(self.app, _("End the game now?"),
                           end_by_pass_question(self.game, self.names),
                           pgettext("button", "Pass"), self._pass_confirmed)

    def _pass_confirmed(self) -> None:
        if self.can_act:
            self.apply(PASS)

    def undo_action(self) -> None:
        """Take back the person's last action (Undo has asked the core whether it may): its
        events carry the cards home and give the log its line; the Brute's lowered ranks are
        again as the Street has them; a turn taken back is the person's again, and the other
        side no longer waits to move."""
        events = self.game.pop()
        self.playback.lowered_from(self.game.view(self.bottom))
        self.playback.dropped = set()
        self.flow.end_grace()
        self.after_apply(events)

    def note_assisted(self) -> None:
        """A hint was asked (S5): the game is assisted, and its save says so at once."""
        if not self.assisted:
            self.assisted = True
            if self.on_action is not None:
                self.on_action(self)

    @property
    def resigner(self) -> int:
        """The seat Resign gives up: the person to move, or the person at the table while
        another seat is to move."""
        return self.game.current if self.human_to_move else self.bottom

    def resign(self) -> None:
        """The person to move gives up (the person at the table when a computer seat is to
        move): the game ends at once, the other side wins, the results follow."""
        game = self.game
        if game.is_terminal():
            return
        self.gestures.cancel_press()
        self.finish_animations()
        self.after_apply(game.resign(self.resigner))

    def reframe(self, street: int) -> None:
        """The Street's count changed: a long Street gets the room it needs (the hand gives
        some of its height), and the cards slide to their new places."""
        frame = self.layout(self.app.size, street)
        if frame != self.frame:
            self.frame = frame
            self.renderer.invalidate()
            self.picture.place(frame, "animate")

    def _turn_started(self, event: TurnStarted) -> None:
        self.picture.settle_stacks()
        self.status_dirty = True
        self.flow.turn_started(grace=self.assist.own_to_take_back())

    def _game_over_shown(self) -> None:
        """The game's end plays and its banner shows: the status panel says the same at
        once, not only when the banner's hold ends (every card has moved by then)."""
        self._rebuild_status()

    # ------------------------------------------------------------------ what the gestures need

    def refuses_all(self, actions: Sequence[Action]) -> bool:
        """A lesson's gate refuses every one of ``actions`` (a Brute dropped on a card the
        lesson does not mean, whatever the amount): its sentence shows before a chooser."""
        if self.gate is None:
            return False
        refusals = [self.gate(action) for action in actions]
        if any(refusal is None for refusal in refusals):
            return False
        self._take_back(refusals[-1] or "")
        return True

    def choose(self, title: str, options: Sequence[Option[T]],
               on_choose: Callable[[T], object], *, about: int | None,
               default: int = 0) -> None:
        """A chooser beside the card ``about`` (:func:`~.choosers.open_chooser`); the table
        under it rests as it was before the gesture."""
        self.gestures.forget_hover()
        self.picture.rest()
        open_chooser(self.app, self.renderer, self.picture, title, options, on_choose,
                     about=about, default=default, on_cancel=self._cancel_choice,
                     keep_clear=[self.frame.bottom_hand])

    def _cancel_choice(self) -> None:
        self.playback.dropped = set()
        self.picture.layout_all("animate")

    # ------------------------------------------------------------------ other scenes

    def show_handover(self, seat: int) -> None:
        """The hand-over before ``seat``'s turn, offering the player who just moved to take
        the move back while it can be (the next player has not seen the table yet)."""
        take_back = None
        if self.assist.own_to_take_back():
            take_back = (self.names[self.bottom], self._take_back_handed_over)
        navigation.open_handover(self.app, self.names[seat], self.playback.story.last,
                                 take_back)

    def _take_back_handed_over(self) -> None:
        """The hand-over's take-back: the move goes back, then the hand-over (the turn is
        again the one of the player at the bottom, whose view stays)."""
        self.undo_action()
        self.app.pop()

    def show_results(self) -> None:
        self.app.replace(self.results_scene())

    def results_scene(self) -> Scene:
        """The scene that follows the game-over sequence."""
        return navigation.results_scene(self.app, self)

    def play_again(self) -> None:
        """A new game with the same players and options (the results scene's button)."""
        game = self.game
        first = game.first_player if game.opponent else random.randrange(2)
        new = Game.new(first_player=first, fresh_cards_rule=game.fresh_cards_rule,
                       opponent=game.opponent, gangster_level=game.gangster_level or 3)
        table = type(self)(self.app, new, self.names, seats=self.seats,
                           on_action=self.on_action)
        if self.on_action is not None:
            self.on_action(table)  # the save hook keeps the new game from its first moment
        self.app.replace(table)

    def open_pause(self) -> None:
        navigation.open_pause(self.app, self)

    def open_help(self) -> None:
        navigation.open_table_help(self.app)

    def open_rules(self) -> None:
        navigation.open_rules(self.app)

    def enlarge(self, card_id: int) -> None:
        """The card shown enlarged (:func:`~famiglia.ui.table.zoom.enlarged`) over the table,
        which rests as it will look."""
        scene = enlarged(self.app, self, self.picture, card_id)
        self.gestures.cancel_press()
        self.gestures.update_lifts()
        for sprite in self.picture.sprites.values():
            sprite.lift = sprite.lift_target
        self.app.push(scene)

    # ------------------------------------------------------------------ the loop

    def finish_animations(self) -> None:
        """Play every queued event and land every card at once."""
        self.animator.finish()
        self.picture.finish()
        self.playback.banner = None

    def animating(self) -> bool:
        """The idle protocol: True while the table changes by itself and needs frames (events
        playing, cards flying or rising, a banner, a drag, a status to rebuild, a computer
        seat's move or a hint being worked out, the hand-over or the results to come).
        Covered by an overlay it is not updated, so it needs nothing."""
        if not self.on_top:
            return False
        if self.busy or self.status_dirty or self.playback.banner is not None:
            return True
        if self.gestures.press is not None or any(
                sprite.lift != sprite.lift_target for sprite in self.picture.sprites.values()):
            return True
        return self.flow.pending or self.assist.hints.waiting

    def next_change(self) -> float | None:
        """Seconds until a tooltip shows or a refusal fades without input, or None."""
        if not self.on_top:
            return None
        times = []
        gestures = self.gestures
        if gestures.hover is not None and gestures.hover_time < HOVER_DELAY:
            times.append(HOVER_DELAY - gestures.hover_time)
        if gestures.refusal is not None:
            times.append(gestures.refusal[2])
        if gestures.hold_left is not None:
            times.append(gestures.hold_left)
        return min(times) if times else None

    def update(self, dt: float) -> None:
        factor = self.animator.factor(self.app.settings.animation_speed)
        scaled = dt * factor
        self.animator.update(scaled)
        self.picture.update(scaled)
        self.playback.update(scaled)
        self.gestures.update(dt)
        self.pass_button.enabled = self.can_act
        self.assist.update()
        if self.busy:
            return
        if self.hurry_turn and (self.human_to_move or self.game.is_terminal()):
            self.hurry_turn = False
        self.animator.hurry = self.hurry_turn
        if self.status_dirty:
            self._rebuild_status()
        if self.game.is_terminal() and self.playback.banner is not None:
            return
        self.flow.rest(scaled)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.gestures.motion(event.pos)
        if self.assist.handle_event(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        self.gestures.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface)

