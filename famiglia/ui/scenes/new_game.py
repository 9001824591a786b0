"""The new-game dialog over the title: who sits at each seat (a person, or the computer at one
of its levels; the seats of the last new game are offered again) with the players' names
(pre-filled from the settings and remembered as they are typed), the fresh-cards rule, who
starts, and the deal number.  Start asks first when it would replace a running game.

The deal number is the game's seed: the same number deals the same cards in the same order,
so two people can play the same deal and compare (left blank, a number is drawn and shown on
the results).  With a deal number and "Random" start, the number also decides who starts.
The number may be typed with the spaces it is shown with ("12 345 678"); the long numbers of
older versions are accepted too.

Typing goes into the focused name field, so this dialog has no letter shortcuts: Tab moves
between the fields, Enter starts from anywhere (as the dialog's foot says), Esc goes back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from ...i18n import _
from ...players.seats import ComputerLevel, Seat, SeatKind
from ...rules import Game
from ...store.names import NAME_FIELD
from ...store.settings import SeatChoice, is_default_name, names_problem
from .. import navigation
from ..labels import computer_level, on_off, player_label
from ..textfield import TextField
from ..widgets import Choice
from .dialog import DEAL_DIGITS, Row, SetupDialog, fresh_tip, table_for

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene

#: A seat's choice for a person (the others are the computer's levels).
PERSON: SeatChoice = SeatKind.HUMAN
#: The widths of a seat's name field and of its choice of a person or a level: wide enough
#: for the longest level in every language at its full size.
NAME_WIDTH = 210
SEATS_WIDTH = 480


def seat_options() -> list[tuple[str, SeatChoice]]:
    return [(_("Person"), PERSON)] + [(computer_level(level), level) for level in ComputerLevel]


def computer_name() -> str:
    """A computer seat's name at the table."""
    return _("Computer")


def seat_of(choice: SeatChoice) -> Seat:
    return Seat.human() if choice == PERSON else Seat.computer(choice)


def deal_table(app: App, names: tuple[str, str], seats: tuple[Seat, Seat], *,
               fresh_cards_rule: bool, first_player: int | None = None,
               deal: int | None = None) -> TableScene:
    """A table with a freshly dealt game.  ``deal`` is the seed (the core draws a new one when
    None); ``first_player`` None draws who starts (R2.3), from the deal number when one was
    given, so that the same number plays the same game."""
    if first_player is not None:
        first = first_player
    else:
        first = random.randrange(2) if deal is None else deal % 2
    game = Game.new(deal, first_player=first, fresh_cards_rule=fresh_cards_rule)
    return table_for(app, game, names, seats)


def quick_start(app: App) -> TableScene:
    """The title's "Play against the computer": the first player's name against the computer
    at the level chosen last, a random deal and start player."""
    settings = app.settings
    name = settings.player_names[0]
    opponent = (computer_name() if name.casefold() != computer_name().casefold()
                else _("The computer"))
    return deal_table(app, (name, opponent),
                      (Seat.human(), Seat.computer(settings.computer_level)),
                      fresh_cards_rule=settings.fresh_cards_rule,
                      first_player=random.randrange(2))


class NewGameScene(SetupDialog):
    """Seats and names, the fresh-cards rule, who starts and the deal; Start or Back."""

    def __init__(self, app: App) -> None:
        settings = app.settings
        self.people = settings.player_names
        self.fields = [TextField(name, max_length=NAME_FIELD, on_change=self._name_typed)
                       for name in settings.player_names]
        self.seats = [Choice(seat_options(), kind, self._seat_chosen)
                      for kind in settings.new_game_seats]
        self._name_computers()
        self.fresh = Choice(on_off(), settings.fresh_cards_rule)
        self.starter: Choice[int | None] = Choice(self._starters(), None)
        self.deal_number = TextField("", max_length=DEAL_DIGITS + DEAL_DIGITS // 3,
                                     allowed=lambda char: char.isdigit() or char == " ")
        super().__init__(app, self.rows_now(), panel_size=(960, 600))

    @property
    def title(self) -> str:
        return _("New game")

    def language_changed(self) -> None:
        """Names never chosen follow the language ("Spieler 1"), then the rows' texts."""
        for field, name in zip(self.fields, self.app.settings.player_names, strict=True):
            if is_default_name(field.text.strip()):
                field.text = name
        super().language_changed()

    def rows_now(self) -> list[Row]:
        for seat in self.seats:
            seat.options = seat_options()
        self.fresh.options = on_off()
        self.deal_number.placeholder = _("random")
        seat_tip = _("Who plays this seat: a person at this computer, or the computer at a "
                     "level, from Easy to Expert.")
        return [
            (player_label(1), [(self.fields[0], NAME_WIDTH,
                                _("The first player's name (1 to {n} letters); a person's "
                                  "name is remembered for the next game.").format(n=NAME_FIELD)),
                               (self.seats[0], SEATS_WIDTH, seat_tip)]),
            (player_label(2), [(self.fields[1], NAME_WIDTH,
                                _("The second player's name; a person's name is remembered "
                                  "for the next game.")),
                               (self.seats[1], SEATS_WIDTH, seat_tip)]),
            (_("Fresh-cards rule"), [(self.fresh, 200, fresh_tip())]),
            (_("Who starts"), [(self.starter, 430,
                                _("Who plays the first turn: drawn at random, or chosen."))]),
            (_("Deal number"), [(self.deal_number, 300,
                                 _("The same number deals the same cards: give it to a friend "
                                   "to play the same deal. Leave it blank for a new deal."))]),
        ]

    def _starters(self) -> list[tuple[str, int | None]]:
        """Random, or one of the players by the name typed so far."""
        names = self.names
        return [(_("Random"), None)] + [(names[seat] or player_label(seat + 1), seat)
                                        for seat in (0, 1)]

    @property
    def names(self) -> tuple[str, str]:
        return (self.fields[0].text.strip(), self.fields[1].text.strip())

    def chosen_seats(self) -> tuple[Seat, Seat]:
        return (seat_of(self.seats[0].value), seat_of(self.seats[1].value))

    def _name_typed(self, _value: str) -> None:
        """Persons' names are remembered as they are typed (when both are usable)."""
        names = list(self.app.settings.player_names)
        for seat in (0, 1):
            if self.seats[seat].value == PERSON:
                names[seat] = self.names[seat]
        if names_problem(*names) is None and tuple(names) != self.app.settings.player_names:
            self.app.save_settings(self.app.settings.with_changes(
                player_names=(names[0], names[1])))

    def _seat_chosen(self, value: SeatChoice) -> None:
        """The seats are remembered for the next new game, a level chosen also for the quick
        start; the seats' names follow (:meth:`_name_computers`)."""
        kinds = (self.seats[0].value, self.seats[1].value)
        changes: dict[str, object] = {"new_game_seats": kinds}
        if value != PERSON:
            changes["computer_level"] = value
        self.app.save_settings(self.app.settings.with_changes(**changes))
        self._name_computers()

    def _name_computers(self) -> None:
        """A computer seat is named after the computer; back to a person, the person's
        remembered name returns."""
        computers = [seat for seat in (0, 1) if self.seats[seat].value != PERSON]
        for seat in (0, 1):
            field = self.fields[seat]
            if seat in computers:
                numbered = len(computers) == 2
                field.text = (_("Computer {number}").format(number=seat + 1) if numbered
                              else computer_name())
            elif field.text.startswith(computer_name()):
                field.text = self.app.settings.player_names[seat]

    def deal(self) -> None:
        """Check the names, then start (asking first when a running game would be
        replaced)."""
        self.form.error = names_problem(*self.names)
        if not self.form.error:
            navigation.replace_running_game(self.app, self._start)

    def _start(self) -> None:
        number = "".join(self.deal_number.text.split())
        table = deal_table(self.app, self.names, self.chosen_seats(),
                           fresh_cards_rule=self.fresh.value, first_player=self.starter.value,
                           deal=int(number) if number else None)
        self.app.save_settings(self.app.settings.with_changes(
            fresh_cards_rule=self.fresh.value))
        self.app.pop()
        self.app.push(table)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The start-player choice names the players as they are typed."""
        self.starter.options = self._starters()
