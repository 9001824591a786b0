"""The table's input: mouse and keys become gestures, gestures become intents, intents become
the core's actions.

:func:`~famiglia.ui.table.hits.hit` finds the spot under the pointer.  The
:class:`Gestures` state machine tracks a press that may become a drag, the click-to-select
selection, a half-made exchange, the legal targets that glow, the hovered spot and a refusal
note; the keys (:mod:`famiglia.ui.table.keyboard`) act through it as clicks would.  What a
gesture means is asked of :mod:`famiglia.ui.table.drag` (the core's legal actions); a legal
one is carried out by :mod:`famiglia.ui.table.perform`, where a chooser asks what a move
still needs (payment, keep, amount).
The host (the table scene) applies actions and opens overlays; the state machine never
changes the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import pygame

from ...i18n import N_, _
from ...rules import Action, Game
from ..notices import reading_time
from .choosers import Option
from .drag import SOURCES, Half, Intent, Spot, intent, targets
from .hits import card_at, hit
from .keyboard import TableKeys
from .perform import Moves
from .picture import TablePicture
from .places import Place
from .tooltips import HOVER_DELAY

T = TypeVar("T")

#: A press that moves further than this (pixels) is a drag, not a click.
DRAG_THRESHOLD = 6
#: How far (pixels) the pointer may move from where a refusal came before it goes.
REFUSAL_REACH = 48
#: A press held this long (seconds) on a card without moving shows it enlarged.
LONG_PRESS = 0.7
#: What a click beside every target says (the selection stays).
MISSED = N_("Missed: click a glowing target to move the selected card, or right-click beside "
            "the cards (Esc) to put it down.")


class GestureHost(Protocol):
    """What the gestures need of the table scene."""

    game: Game
    takeable: set[int]

    @property
    def can_act(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    @property
    def now(self) -> float:
        """The app's clock in seconds, current while input is handled."""
        ...

    @property
    def other_side_playing(self) -> bool:
        """The computer or the Gangster is playing its turn."""
        ...

    def apply(self, action: Action) -> bool: ...

    def pass_turn(self) -> None: ...

    def hurry(self, *, go_on: bool = False) -> None:
        """Hurry the cards in motion and the other side's turn (``go_on``: it no longer
        waits to move)."""
        ...

    def open_pause(self) -> None: ...

    def open_help(self) -> None: ...

    def open_rules(self) -> None: ...

    def enlarge(self, card_id: int) -> None:
        """Show the card ``card_id`` enlarged (a right click or a long press on it)."""
        ...

    def wait_reason(self) -> str | None:
        """Why the person cannot act now (another seat's turn, the game is over), or None."""
        ...

    def note(self, text: str) -> None:
        """Say ``text``, about no card the pointer points at, as a notice."""
        ...

    def scroll_log(self, pos: tuple[int, int] | None, dy: int) -> None:
        """Scroll the log by ``dy`` (the wheel at ``pos``; None: the keyboard)."""
        ...

    def status_changed(self) -> None: ...

    def note_dropped(self, ids: set[int]) -> None:
        """The cards the player handled for the action about to be applied."""
        ...

    def note_quiet_back(self) -> None:
        """The table chose which copy of a code the next action moves, the one that tells
        the opponent least (R1.5): the log says so."""
        ...

    def refuses_all(self, actions: Sequence[Action]) -> bool:
        """A lesson refuses every one of ``actions``: True once its reason shows (before a
        chooser would ask about them)."""
        ...

    def choose(self, title: str, options: Sequence[Option[T]],
               on_choose: Callable[[T], object], *, about: int | None,
               default: int = 0) -> None:
        """Ask the player to pick one of ``options``, never covering the card ``about``."""
        ...


class Press:
    """A left-button press on a card that may become a drag."""

    __slots__ = ("dragging", "grab", "origin", "spot")

    def __init__(self, spot: Spot, origin: tuple[int, int], grab: tuple[float, float]) -> None:
        self.spot = spot
        self.origin = origin
        self.grab = grab
        self.dragging = False


class Gestures:
    """The input state machine of one table."""

    def __init__(self, host: GestureHost, picture: TablePicture, *,
                 opponent_hand: bool = True) -> None:
        self.host = host
        self.picture = picture
        self.opponent_hand = opponent_hand
        self.mouse = (-1, -1)
        self.press: Press | None = None
        self.selected: Spot | None = None
        self.half: Half | None = None
        self.lit: list[Spot] = []
        #: what dropping the dragged card on each spot would mean (filled while dragging)
        self.drop_meanings: dict[Spot, Intent] = {}
        self.hover: Spot | None = None
        self.hover_time = 0.0
        self.hover_text: str | None = None
        #: a refused move's reason, where it shows and the seconds it still stays
        self.refusal: tuple[str, tuple[int, int], float] | None = None
        #: what the refusal talks about (the card let go, its target): it keeps clear of them
        self.refusal_clear: tuple[pygame.Rect, ...] = ()
        #: the spot hovered when the refusal came: resting on another one takes it away;
        #: and where the pointer was: moving it away takes the refusal with it
        self.refused_hover: Spot | None = None
        self.refused_mouse = (-1, -1)
        #: the refusal, or the hovered spot, came with this frame's input: the rest before
        #: the input does not count against its time (a note shown after a long rest
        #: stays its whole time, a tooltip waits its whole delay)
        self._refused_now = False
        self._hovered_now = False
        #: the Street position the arrow keys point at while an own card is selected
        self.cursor: int | None = None
        #: a left press on a card, held still: where, and for how long (a long press)
        self.hold: tuple[tuple[int, int], float] | None = None
        #: the picture's version the raised cards were worked out for: a card that changes
        #: zone rises as far as its new zone allows
        self._lifts_for = picture.version
        #: the keys, which act through this state machine
        self.keyboard = TableKeys(self)
        #: what a legal gesture does (an exchange's half, the choosers, the action)
        self.moves = Moves(self)

    @property
    def game(self) -> Game:
        return self.host.game

    @property
    def dragged(self) -> Spot | None:
        return self.press.spot if self.press is not None and self.press.dragging else None

    def hit(self, pos: tuple[int, int], exclude: int | None = None) -> Spot | None:
        return hit(self.picture, pos, exclude=exclude, opponent_hand=self.opponent_hand)

    # ------------------------------------------------------------------ lifecycle

    def reset(self) -> None:
        """Drop everything in progress (the turn moved on)."""
        self.half = None
        self.selected = None
        self.lit = []
        self.update_lifts()

    def cancel_drag(self) -> bool:
        """A drag in progress goes back (Esc, or the table is covered), and the targets lit
        for it go out with it; True when there was one."""
        if self.press is None or not self.press.dragging:
            return False
        self.snap_back(self.press.spot)
        self.press = None
        self.lit = []
        self.drop_meanings.clear()
        return True

    def cancel_press(self) -> None:
        """The table is covered: a drag in progress goes back."""
        self.cancel_drag()
        self.press = None
        self.hold = None
        self.hover = None
        self.hover_text = None

    def forget_hover(self) -> None:
        """The table under the pointer changed (a new turn, a resize): no tooltip shows and
        no card is raised by the pointer until it moves again."""
        self.hover = None
        self.hover_text = None
        self.hover_time = 0.0
        self.update_lifts()

    def update(self, dt: float) -> None:
        self.keyboard.update()
        self.hover_time += 0.0 if self._hovered_now else dt
        if self.picture.version != self._lifts_for:
            self._follow_picture()
        if self.refusal is not None:
            text, pos, left = self.refusal
            spent = 0.0 if self._refused_now else dt
            self.refusal = (text, pos, left - spent) if left > spent else None
            if (self.hover is not None and self.hover != self.refused_hover
                    and self.hover_time >= HOVER_DELAY):
                self.refusal = None  # the player rests on another spot: its tooltip shows
        if self.hold is not None:
            pos, held = self.hold
            self.hold = (pos, held + dt)
            if held + dt >= LONG_PRESS:
                self._long_press(pos)
        self._refused_now = self._hovered_now = False

    def _follow_picture(self) -> None:
        """Cards changed zones: a hovered card that has left the place where it was hovered
        is hovered where the pointer finds it (a card just dropped, with the pointer still
        on it, is the play area's), and every raised card rises as far as the zone it lies
        in allows."""
        hover = self.hover
        if hover is not None and hover.card is not None and self.press is None:
            ids = self.picture.ids_at(hover.zone)
            if hover.card.id not in ids or (hover.index is not None
                                            and ids.index(hover.card.id) != hover.index):
                self._hover_at(self.mouse)
                return
        self.update_lifts()

    @property
    def hold_left(self) -> float | None:
        """Seconds until the press held now shows its card enlarged, or None."""
        return None if self.hold is None else max(0.0, LONG_PRESS - self.hold[1])

    def _long_press(self, pos: tuple[int, int]) -> None:
        """A press held still on a card: the press is no click, the card shows enlarged."""
        self.hold = None
        if self.press is not None and self.press.dragging:
            return
        self.press = None
        self.update_lifts()
        card_id = card_at(self.picture, pos)
        if card_id is not None:
            self.host.enlarge(card_id)

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        """A table event that no button took."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.refusal = None  # a new gesture: what the last one was told is read
        if event.type in (pygame.KEYDOWN, pygame.KEYUP):
            self.keyboard.handle_event(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.host.scroll_log(self.mouse, event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            card_id = card_at(self.picture, event.pos)
            if event.button == 1:
                self.hold = (event.pos, 0.0) if card_id is not None else None
            if event.button == 3 and card_id is not None:
                self.host.enlarge(card_id)
            elif self.host.busy or self.host.other_side_playing:
                self.host.hurry()
            elif event.button == 1:
                self._mouse_down(event.pos)
            elif event.button == 3:
                self.clear_selection()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self.hold = None
            self._mouse_up(event.pos)

    def motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if self.refusal is not None and max(abs(pos[0] - self.refused_mouse[0]),
                                            abs(pos[1] - self.refused_mouse[1])) > REFUSAL_REACH:
            self.refusal = None  # a tooltip: it goes with the pointer, covering nothing for long
        if self.hold is not None and (abs(pos[0] - self.hold[0][0]) > DRAG_THRESHOLD
                                      or abs(pos[1] - self.hold[0][1]) > DRAG_THRESHOLD):
            self.hold = None
        press = self.press
        sprites = self.picture.sprites
        if press is not None and press.spot.card is not None:
            if not press.dragging and (abs(pos[0] - press.origin[0]) > DRAG_THRESHOLD
                                       or abs(pos[1] - press.origin[1]) > DRAG_THRESHOLD):
                press.dragging = True
                self.selected = None
                self.lit = targets(self.game, press.spot, self.half)
                self.drop_meanings.clear()
                self.refusal = None
                sprite = sprites[press.spot.card.id]
                sprite.lift = sprite.lift_target = 0.0
            if press.dragging:
                sprite = sprites[press.spot.card.id]
                rect = pygame.FRect(sprite.rect)
                rect.topleft = (pos[0] - press.grab[0], pos[1] - press.grab[1])
                sprite.place(rect, sprite.face_up)
                return
        self._hover_at(pos)

    def _hover_at(self, pos: tuple[int, int], exclude: int | None = None) -> None:
        """The spot under the pointer is hovered (its tooltip shows once the pointer has
        rested on it), ``exclude`` a card on its way back, which has left the pointer."""
        spot = self.hit(pos, exclude=exclude)
        if spot != self.hover:
            self.hover = spot
            self.hover_time = 0.0
            self.hover_text = None
            self._hovered_now = True
        self.update_lifts()

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if not self.host.can_act:
            return
        spot = self.hit(pos)
        if spot is not None and spot.card is not None and spot.zone in SOURCES:
            sprite = self.picture.sprites[spot.card.id]
            self.press = Press(spot, pos, (pos[0] - sprite.rect.x,
                                           pos[1] - sprite.rect.y + sprite.lift))

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        """A release: a drag drops its card, a press is a click; either way the hovered spot
        is the one really under the pointer, never the card that was dragged away."""
        press, self.press = self.press, None
        dragged = press is not None and press.dragging
        exclude = press.spot.card.id if press is not None and press.spot.card else None
        self._hover_at(pos, exclude if dragged else None)
        if not self.host.can_act:
            return
        if press is not None and dragged:
            self._drop(press.spot, self.hit(pos, exclude=exclude), pos)
            return
        self.click(press.spot if press is not None else self.hit(pos), pos)

    # ------------------------------------------------------------------ gestures → intents

    def meaning_under(self, source: Spot, pos: tuple[int, int]) -> tuple[Spot, Intent] | None:
        """While dragging: the spot under the pointer and what a drop there would mean."""
        target = self.hit(pos, exclude=source.card.id if source.card else None)
        if target is None:
            return None
        meaning = self.drop_meanings.get(target)
        if meaning is None:
            meaning = self.drop_meanings[target] = intent(self.game, source, target, self.half)
        return target, meaning

    def _drop(self, source: Spot, target: Spot | None, pos: tuple[int, int]) -> None:
        """A drag ended over ``target``: act, or snap back (with the core's reason)."""
        self.lit = []
        meaning = intent(self.game, source, target, self.half) if target else None
        if meaning is None or not meaning.legal:
            self.snap_back(source)
            if meaning is not None and meaning.reason:
                self.refuse(meaning.reason, pos, clear=self.about(source, target))
            return
        self.moves.perform(source, meaning, target)

    def about(self, *spots: Spot | None) -> list[pygame.Rect]:
        """Where the cards and places of ``spots`` rest (a refusal keeps clear of them)."""
        rects = []
        for spot in spots:
            if spot is None:
                continue
            if spot.card is not None:
                rests = self.picture.slot_of.get(spot.card.id)
                rects.append(pygame.Rect(rests or self.picture.sprites[spot.card.id].rect))
            else:
                rects.append(self.picture.frame.region(spot.zone))
        return rects

    def click(self, spot: Spot | None, pos: tuple[int, int]) -> None:
        """Click-to-select: a first click picks a card, a second its target."""
        selected = self.selected
        if selected is not None:
            if spot is not None and spot.card is not None and spot.card == selected.card:
                self.clear_selection(keep_half=True)
                return
            meaning = intent(self.game, selected, spot, self.half) if spot else None
            if meaning is not None and meaning.legal:
                self.clear_selection(keep_half=True)
                self.moves.perform(selected, meaning, spot)
                return
            if spot is not None and spot.card is not None and spot.zone in SOURCES:
                self.select(spot)
                return
            if meaning is not None and meaning.reason:
                self.refuse(meaning.reason, pos, clear=self.about(selected, spot))
                return
            self.refuse(_(MISSED), pos, clear=self.about(selected))
            return
        if spot is not None and spot.card is not None and spot.zone in SOURCES:
            self.select(spot)

    def select(self, spot: Spot) -> None:
        self.selected = spot
        self.cursor = None
        self.refusal = None
        self.lit = targets(self.game, spot, self.half)
        self.update_lifts()

    def clear_selection(self, *, keep_half: bool = False) -> None:
        self.selected = None
        self.cursor = None
        self.lit = []
        if not keep_half and self.half is not None:
            self.half = None
            self.host.status_changed()
        self.update_lifts()

    def update_lifts(self) -> None:
        """The hovered and the selected own cards rise a little; no other card is raised
        (in hot-seat, a card the other seat's pointer raised lies in the top hand)."""
        picture = self.picture
        frame = picture.frame
        chosen = {spot.card.id for spot in (self.selected, self.hover)
                  if spot is not None and spot.card is not None
                  and spot.zone in (Place.HAND, Place.PLAY)}
        if self.half is not None:
            chosen.add(self.half.card.id)
        lifts = {card_id: frame.lift_at(place) for place in (Place.HAND, Place.PLAY)
                 for card_id in picture.ids_at(place) if card_id in chosen}
        for card_id, sprite in picture.sprites.items():
            sprite.lift_target = lifts.get(card_id, 0.0)
        # a play-area card never rises beyond the room under the play area's label, not even
        # for the moment a card raised in the hand takes to come down
        for card_id in picture.ids_at(Place.PLAY):
            sprite = picture.sprites[card_id]
            sprite.lift = min(sprite.lift, frame.play_lift)
        self._lifts_for = picture.version

    def snap_back(self, source: Spot) -> None:
        if source.card is not None:
            self.picture.snap_back(source.card.id)

    def refuse(self, reason: str, pos: tuple[int, int], *,
               clear: Sequence[pygame.Rect] = ()) -> None:
        """Show ``reason`` at ``pos`` for as long as a notice of its length stays, clear of
        the ``clear`` rects (the cards it talks about) and of the zones' headings where it
        can; the next press or key, the pointer resting on another spot or moving away,
        takes it away sooner."""
        self.refusal = (reason, pos, reading_time(reason))
        self.refusal_clear = tuple(clear)
        self.refused_hover = self.hover
        self.refused_mouse = self.mouse
        self._refused_now = True
