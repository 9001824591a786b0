"""The table's keys: Esc puts down what is held or opens the pause menu, H the help, R the
rules, Page Up and Down scroll the log, Space hurries the other side's turn or passes, the
digits 1–9 and 0 choose Street cards 1–10, Left and Right step along the Street, Tab (with
Shift) selects the own cards in turn, Enter, D and T move the selected card.

A key acts through the table's :class:`~famiglia.ui.table.gestures.Gestures` as a click
would: it selects a card, aims the selected card at a target, or says why not; where a key's
move is refused, the reason shows on the selected card, not at the mouse pointer, and a note
about no card (a number key past the Street's end, a Space held back from passing) is a
notice, in the notices' own place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _, ngettext
from ...rules import DECK, Zone
from .. import keys
from .drag import Spot, refresh_pile
from .places import Place

if TYPE_CHECKING:
    from .gestures import Gestures

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
#: Presses of Space this close together are one burst: a burst that began by hurrying the
#: other side never passes, however long it goes on into the person's turn (seconds).
SPACE_BURST = 0.8
#: What such a Space says instead, as a notice (in the notices' own place, which covers
#: nothing).
YOUR_TURN_NOW = N_("Your turn now: press Space again to pass.")


class TableKeys:
    """The keys of one table, acting through its ``gestures``."""

    def __init__(self, gestures: Gestures) -> None:
        self.gestures = gestures
        self.host = gestures.host
        self.picture = gestures.picture
        self.space_held = False
        #: Space hurried the other side's turn, which has not handed the move back yet
        self.space_hurried = False
        #: when (the host's clock) the hurried turn handed the move back (see HURRY_ECHO),
        #: until a Space has been held back for it
        self.handed_back_at: float | None = None
        #: when the last Space hurried or was held back from passing
        self.hurrying_space_at: float | None = None

    def update(self) -> None:
        if self.space_hurried and self.host.can_act:
            self.space_hurried = False
            self.handed_back_at = self.host.now

    def _held_back(self) -> bool:
        """This Space does not pass: it comes within :data:`HURRY_ECHO` of the hurried turn
        handing the move back, or within :data:`SPACE_BURST` of a Space that hurried the other
        side or was held back (the same burst of presses)."""
        now = self.host.now
        return any(since is not None and now - since < bound
                   for since, bound in ((self.handed_back_at, HURRY_ECHO),
                                        (self.hurrying_space_at, SPACE_BURST)))

    def handle_event(self, event: pygame.event.Event) -> None:
        """A key pressed or let go at the table (no button took it)."""
        if event.type == pygame.KEYUP:
            if event.key == pygame.K_SPACE:
                self.space_held = False
            return
        gestures = self.gestures
        key = event.key
        if key == pygame.K_ESCAPE:
            if gestures.cancel_drag():
                return
            if gestures.selected is not None or gestures.half is not None:
                gestures.clear_selection()
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
                self.host.hurry(go_on=True)
                self.space_held = True
                self.space_hurried = self.space_hurried or self.host.other_side_playing
                self.hurrying_space_at = self.host.now
            elif self._held_back():
                self.handed_back_at = None
                self.hurrying_space_at = self.host.now
                self.host.note(_(YOUR_TURN_NOW))
            elif not self.space_held:
                self.host.pass_turn()
            return
        street = self.picture.zones[Zone.STREET]
        digit = DIGITS.get(key)
        if not self.host.can_act:
            if digit is not None and not self.host.busy:
                self._street_note(self.host.wait_reason() or _(NOT_NOW))
            return
        if digit is not None and digit < len(street):
            self._street_key(digit)
        elif digit is not None:
            self._street_note(ngettext("Key {key} selects nothing: the Street has {n} card.",
                                       "Key {key} selects nothing: the Street has {n} cards.",
                                       len(street)).format(key=(digit + 1) % 10,
                                                           n=len(street)))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and street:
            self._step_along_street(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_TAB:
            self._cycle(Place.PLAY if event.mod & pygame.KMOD_SHIFT else Place.HAND)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and gestures.selected is not None:
            if gestures.cursor is not None and gestures.cursor < len(street):
                self._street_key(gestures.cursor)
                return
            other = Place.PLAY if gestures.selected.zone is Place.HAND else Place.HAND
            gestures.click(Spot(other), self._selected_spot())
        elif (key == REFRESH_KEY and gestures.selected is not None
              and gestures.selected.zone is Place.STREET):
            gestures.click(Spot(refresh_pile(gestures.game) or Place.DISCARD),
                           self._selected_spot())
        elif key == pygame.K_t:
            if gestures.selected is not None and gestures.selected.zone is Place.STREET:
                gestures.click(Spot(Place.HAND), self._selected_spot())
            elif self.host.takeable:
                index = min(self.host.takeable)
                gestures.select(Spot(Place.STREET, DECK[street[index]], index))

    def _street_key(self, index: int) -> None:
        """A Street card chosen by key: selected (its key again keeps it so: Esc puts it
        down), or the target of the selected card."""
        card_id = self.picture.zones[Zone.STREET][index]
        selected = self.gestures.selected
        if selected is not None and selected.card is not None and selected.card.id == card_id:
            return
        self.gestures.click(Spot(Place.STREET, DECK[card_id], index), self._centre_of(card_id))

    def _step_along_street(self, step: int) -> None:
        """Left/Right: with a Street card (or nothing) selected, select the neighbour; with
        an own card selected, move the Street cursor (Enter aims the card at it)."""
        gestures = self.gestures
        street = self.picture.zones[Zone.STREET]
        selected = gestures.selected
        if selected is None or selected.zone is Place.STREET:
            start = selected.index if selected is not None and selected.index is not None else (
                -1 if step > 0 else 0)
            index = (start + step) % len(street)
            gestures.select(Spot(Place.STREET, DECK[street[index]], index))
            return
        start = gestures.cursor if gestures.cursor is not None else (-1 if step > 0 else 0)
        gestures.cursor = (start + step) % len(street)

    def _cycle(self, place: Place) -> None:
        """Tab: select the next card of the own hand (or play area, with Shift)."""
        ids = self.picture.pickable(place.zone(self.picture.bottom))
        if not ids:
            return
        selected = self.gestures.selected
        current = selected.card.id if selected and selected.card else None
        index = ids.index(current) + 1 if current in ids else 0
        self.gestures.select(Spot(place, DECK[ids[index % len(ids)]]))

    def _street_note(self, text: str) -> None:
        """A note about the Street's cards (a number key that selects nothing), which the
        pointer did not point at: a notice, in the notices' place, which covers nothing;
        pressed again, the same note shows again, for its whole time."""
        self.host.note(text)

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
        selected = self.gestures.selected
        if selected is None or selected.card is None:
            return self._street_spot()
        return self._centre_of(selected.card.id)

    def _centre_of(self, card_id: int) -> tuple[int, int]:
        rect = self.picture.sprites[card_id].rect
        return (round(rect.centerx), round(rect.centery))
