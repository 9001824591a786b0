"""The table's input: mouse and keys become gestures, gestures become intents, intents become
the core's actions.

:func:`~famiglia.ui.table.hits.hit` finds the spot under the pointer.  The
:class:`Gestures` state machine tracks a press that may become a drag, the click-to-select
selection, a half-made exchange, the legal targets that glow, the hovered spot and a refusal
tooltip.  What a gesture means is asked of :mod:`famiglia.ui.table.drag` (the core's legal
actions); where a move still needs a choice (payment, keep, amount) a chooser asks the player.
The host (the table scene) applies actions and opens overlays; the state machine never
changes the game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import pygame

from ...i18n import N_, _, ngettext
from ...rules import DECK, Action, Brute, Game, Take, Zone
from .. import keys
from .choosers import Option, amount_options, keep_options, payment_options
from .drag import SOURCES, Half, Intent, Spot, intent, refresh_pile, targets
from .hits import card_at, hit
from .log import card_words
from .picture import TablePicture
from .places import Place

T = TypeVar("T")

#: A press that moves further than this (pixels) is a drag, not a click.
DRAG_THRESHOLD = 6
#: A press held this long (seconds) on a card without moving shows it enlarged.
LONG_PRESS = 0.7
#: How long a refusal tooltip stays (seconds).
REFUSAL_SECONDS = 4.0
#: Keys 1–9 and 0 choose Street cards 1–10.
DIGITS = {pygame.K_1 + index: index for index in range(9)} | {pygame.K_0: 9}
#: D puts the selected Street card on the pile it goes to (a refresh: the discard pile, or the
#: draw pile after the reshuffle); R is the rules everywhere (:mod:`famiglia.ui.keys`).
REFRESH_KEY = pygame.K_d
#: What a key that chooses a card says while nothing can be chosen.
NOT_NOW = N_("Nothing can be chosen now.")
#: How long after a hurried turn handed the move back a Space does not pass: the Space a
#: person pressed to hurry the other side is not also the pass of their own turn.
HURRY_ECHO = 1.0
#: What such a Space says instead, in a note that ends just above the Pass button (two
#: lines of a tooltip and its anchor's offset), so it never covers the button it names.
YOUR_TURN_NOW = N_("Your turn now: press Space again to pass.")
NOTE_ABOVE = 90
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
    def other_side_playing(self) -> bool:
        """The computer or the Gangster is playing its turn."""
        ...

    def apply(self, action: Action) -> bool: ...

    def pass_turn(self) -> None: ...

    def hurry(self) -> None: ...

    def open_pause(self) -> None: ...

    def open_help(self) -> None: ...

    def open_rules(self) -> None: ...

    def enlarge(self, card_id: int) -> None:
        """Show the card ``card_id`` enlarged (a right click or a long press on it)."""
        ...

    def wait_reason(self) -> str | None:
        """Why the person cannot act now (another seat's turn, the game is over), or None."""
        ...

    def scroll_log(self, pos: tuple[int, int] | None, dy: int) -> None:
        """Scroll the log by ``dy`` (the wheel at ``pos``; None: the keyboard)."""
        ...

    def status_changed(self) -> None: ...

    def note_dropped(self, ids: set[int]) -> None:
        """The cards the player handled for the action about to be applied."""
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
        self.space_held = False
        #: Space hurried the other side's turn, which has not handed the move back yet
        self.space_hurried = False
        #: seconds left in which a Space does not pass (see HURRY_ECHO)
        self.hurry_echo = 0.0
        self.hover: Spot | None = None
        self.hover_time = 0.0
        self.hover_text: str | None = None
        self.refusal: tuple[str, tuple[int, int], float] | None = None
        #: the Street position the arrow keys point at while an own card is selected
        self.cursor: int | None = None
        #: a left press on a card, held still: where, and for how long (a long press)
        self.hold: tuple[tuple[int, int], float] | None = None

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

    def cancel_press(self) -> None:
        """The table is covered: a drag in progress goes back."""
        if self.press is not None and self.press.dragging:
            self._snap_back(self.press.spot)
        self.press = None
        self.hold = None
        self.hover = None
        self.hover_text = None

    def forget_hover(self) -> None:
        """The table under the pointer changed (a new turn, a resize): no tooltip shows until
        the pointer moves again."""
        self.hover = None
        self.hover_text = None
        self.hover_time = 0.0

    def update(self, dt: float) -> None:
        if self.space_hurried and self.host.can_act:
            self.space_hurried = False
            self.hurry_echo = HURRY_ECHO
        self.hurry_echo = max(0.0, self.hurry_echo - dt)
        if self.refusal is not None:
            text, pos, left = self.refusal
            self.refusal = (text, pos, left - dt) if left > dt else None
        self.hover_time += dt
        if self.hold is not None:
            pos, held = self.hold
            self.hold = (pos, held + dt)
            if held + dt >= LONG_PRESS:
                self._long_press(pos)

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
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_held = False
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

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.press is not None and self.press.dragging:
                self._snap_back(self.press.spot)
                self.press = None
            elif self.selected is not None or self.half is not None:
                self.clear_selection()
            else:
                self.host.open_pause()
            return
        if key in keys.HELP:
            self.host.open_help()
            return
        if key == keys.RULES:
            self.host.open_rules()
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.host.scroll_log(None, 1 if key == pygame.K_PAGEUP else -1)
            return
        if key == pygame.K_SPACE:
            if self.host.busy or self.host.other_side_playing:
                self.host.hurry()
                self.space_held = True
                self.space_hurried = self.space_hurried or self.host.other_side_playing
            elif self.hurry_echo > 0.0:
                self.hurry_echo = 0.0
                button = self.picture.frame.pass_button
                self.refuse(_(YOUR_TURN_NOW), (button.left - 14, button.top - NOTE_ABOVE))
            elif not self.space_held:
                self.host.pass_turn()
            return
        street = self.picture.zones[Zone.STREET]
        digit = DIGITS.get(key)
        if not self.host.can_act:
            if digit is not None and not self.host.busy:
                self.refuse(self.host.wait_reason() or _(NOT_NOW), self._street_spot())
            return
        if digit is not None and digit < len(street):
            self._street_key(digit)
        elif digit is not None:
            self.refuse(ngettext("Key {key} selects nothing: the Street has {n} card.",
                                 "Key {key} selects nothing: the Street has {n} cards.",
                                 len(street)).format(key=(digit + 1) % 10, n=len(street)),
                        self._street_spot())
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and street:
            self._step_along_street(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_TAB:
            self._cycle(Place.PLAY if event.mod & pygame.KMOD_SHIFT else Place.HAND)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            if self.cursor is not None and self.cursor < len(street):
                self._street_key(self.cursor)
                return
            other = Place.PLAY if self.selected.zone is Place.HAND else Place.HAND
            self.click(Spot(other), self._selected_spot())
        elif (key == REFRESH_KEY and self.selected is not None
              and self.selected.zone is Place.STREET):
            self.click(Spot(refresh_pile(self.game) or Place.DISCARD), self._selected_spot())
        elif key == pygame.K_t:
            if self.selected is not None and self.selected.zone is Place.STREET:
                self.click(Spot(Place.HAND), self._selected_spot())
            elif self.host.takeable:
                index = min(self.host.takeable)
                self.select(Spot(Place.STREET, DECK[street[index]], index))

    def _street_key(self, index: int) -> None:
        """A Street card chosen by key: selected (its key again keeps it so: Esc puts it
        down), or the target of the selected card."""
        card_id = self.picture.zones[Zone.STREET][index]
        selected = self.selected
        if selected is not None and selected.card is not None and selected.card.id == card_id:
            return
        self.click(Spot(Place.STREET, DECK[card_id], index), self._centre_of(card_id))

    def _step_along_street(self, step: int) -> None:
        """Left/Right: with a Street card (or nothing) selected, select the neighbour; with
        an own card selected, move the Street cursor (Enter aims the card at it)."""
        street = self.picture.zones[Zone.STREET]
        selected = self.selected
        if selected is None or selected.zone is Place.STREET:
            start = selected.index if selected is not None and selected.index is not None else (
                -1 if step > 0 else 0)
            index = (start + step) % len(street)
            self.select(Spot(Place.STREET, DECK[street[index]], index))
            return
        start = self.cursor if self.cursor is not None else (-1 if step > 0 else 0)
        self.cursor = (start + step) % len(street)

    def _cycle(self, place: Place) -> None:
        """Tab: select the next card of the own hand (or play area, with Shift)."""
        ids = self.picture.display_order(place.zone(self.picture.bottom))
        if not ids:
            return
        current = self.selected.card.id if self.selected and self.selected.card else None
        index = ids.index(current) + 1 if current in ids else 0
        self.select(Spot(place, DECK[ids[index % len(ids)]]))

    def _street_spot(self) -> tuple[int, int]:
        """Where a key's note about the Street shows: under its last card."""
        street = self.picture.zones[Zone.STREET]
        if not street:
            return self.picture.frame.street.center
        rect = self.picture.sprites[street[-1]].rect
        return (round(rect.left), round(rect.bottom))

    def _selected_spot(self) -> tuple[int, int]:
        """Where the refusal of a key's move shows: on the selected card, not at the mouse
        pointer, which may rest anywhere."""
        selected = self.selected
        if selected is None or selected.card is None:
            return self._street_spot()
        return self._centre_of(selected.card.id)

    def _centre_of(self, card_id: int) -> tuple[int, int]:
        rect = self.picture.sprites[card_id].rect
        return (round(rect.centerx), round(rect.centery))

    def motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
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
        spot = self.hit(pos)
        if spot != self.hover:
            self.hover = spot
            self.hover_time = 0.0
            self.hover_text = None
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
        press, self.press = self.press, None
        if not self.host.can_act:
            return
        if press is not None and press.dragging:
            exclude = press.spot.card.id if press.spot.card else None
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
            self._snap_back(source)
            if meaning is not None and meaning.reason:
                self.refuse(meaning.reason, pos)
            return
        self._perform(source, meaning, target)

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
                self._perform(selected, meaning, spot)
                return
            if spot is not None and spot.card is not None and spot.zone in SOURCES:
                self.select(spot)
                return
            if meaning is not None and meaning.reason:
                self.refuse(meaning.reason, pos)
                return
            self.refuse(_(MISSED), pos)
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
        """The hovered and the selected own cards rise a little."""
        picture = self.picture
        frame = picture.frame
        chosen = {spot.card.id for spot in (self.selected, self.hover)
                  if spot is not None and spot.card is not None
                  and spot.zone in (Place.HAND, Place.PLAY)}
        if self.half is not None:
            chosen.add(self.half.card.id)
        for place in (Place.HAND, Place.PLAY):
            for card_id in picture.ids_at(place):
                picture.sprites[card_id].lift_target = (frame.lift_at(place) if card_id in chosen
                                                        else 0.0)

    def _perform(self, source: Spot, meaning: Intent, target: Spot | None) -> None:
        """Carry out a legal gesture: record an exchange half, ask which payment, keep or
        amount where there is a choice, or apply the one action."""
        if meaning.half is not None:
            self.half = meaning.half
            self._snap_back(source)
            self.lit = []
            self.host.status_changed()
            self.update_lifts()
            return
        actions = meaning.actions
        # the cards the player moved: the source, and an exchange's partner (R3.2)
        handled = {source.card.id} if source.card else set()
        if self.half is not None:
            handled.add(self.half.card.id)
        if (target is not None and target.card is not None and source.zone is not Place.STREET
                and target.zone in (Place.HAND, Place.PLAY)):
            handled.add(target.card.id)
        self.host.note_dropped(handled)
        first = actions[0]
        if isinstance(first, Take) and len(actions) > 1:
            self._choose_payment(source, actions)
        elif isinstance(first, Brute) and len(actions) > 1:
            self._choose_amount(actions)
        else:
            self.host.apply(first)

    def _choose_payment(self, source: Spot, actions: tuple[Action, ...]) -> None:
        """R3.4b/c: which two cards pay, then which of them goes to the play area (R1.5: the
        very copy, where the hand holds both backs); a choice that changes nothing the player
        can see is not asked."""
        card = card_words(source.card.id) if source.card else _("the card")
        about = source.card.id if source.card else None

        def keep_for(takes: tuple[Take, ...]) -> None:
            options = keep_options(self.game, takes)
            if len(options) == 1:
                self.host.apply(options[0].value)
                return
            self.host.choose(_("Pay for {card}: which card goes to your play area?").format(
                card=card), options, self.host.apply, about=about)

        pays = payment_options(self.game, actions)
        if len(pays) == 1:
            keep_for(pays[0].value)
            return
        self.host.choose(_("Pay for {card} with…").format(card=card), pays, keep_for,
                         about=about)

    def _choose_amount(self, actions: tuple[Action, ...]) -> None:
        """R3.3: by how much the Brute lowers its target; the most useful amount is the
        default."""
        options, default = amount_options(self.game, actions)
        target_id = self.picture.zones[Zone.STREET][options[0].value.street]
        self.host.choose(_("Lower {card} by…").format(card=card_words(target_id)), options,
                         self.host.apply,
                         about=target_id, default=default)

    def _snap_back(self, source: Spot) -> None:
        if source.card is not None:
            self.picture.snap_back(source.card.id)

    def refuse(self, reason: str, pos: tuple[int, int]) -> None:
        self.refusal = (reason, pos, REFUSAL_SECONDS)
