"""The hot-seat setup dialog over the title: the two players' names (pre-filled from the
settings and remembered there), the fresh-cards rule (R3.1d) and who starts (R2.3); Start
deals a new game onto the table.

Typing goes into the focused name field, so this dialog has no letter shortcuts: Tab moves
between the fields, Enter goes on (and starts from the second name), Esc goes back.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from ...rules import Game
from ...store.settings import MAX_NAME, names_problem
from ..session import start_table
from ..widgets import Choice, TextField
from .dialog import SetupDialog

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene

FRESH_TIP = ("R3.1d, on in the 2017 edition: if you refreshed the Street in your turn, the "
             "card you take must be one that your refreshes drew this turn.")


def hot_seat_table(app: App, names: tuple[str, str], *, fresh_cards_rule: bool,
                   first_player: int | None = None) -> TableScene:
    """A table with a freshly dealt hot-seat game; ``None`` draws the start player (R2.3)."""
    first = random.randrange(2) if first_player is None else first_player
    game = Game.new(first_player=first, fresh_cards_rule=fresh_cards_rule)
    return start_table(app, game, names, ("human", "human"))


class NewGameScene(SetupDialog):
    """Names, the fresh-cards rule and who starts; Start or Back."""

    title = "New hot-seat game"

    def __init__(self, app: App) -> None:
        settings = app.settings
        self.fields = [TextField(name, max_length=MAX_NAME) for name in settings.player_names]
        self.fresh = Choice([("On", True), ("Off", False)], settings.fresh_cards_rule)
        self.starter: Choice[int | None] = Choice(
            [("Random", None), ("Player 1", 0), ("Player 2", 1)], None)
        super().__init__(app, [
            (self.fields[0], "Player 1", 360,
             "The name of the player who uses the red start set (1 to "
             f"{MAX_NAME} letters); remembered for the next game."),
            (self.fields[1], "Player 2", 360,
             "The name of the player who uses the blue start set; remembered for the next "
             "game."),
            (self.fresh, "Fresh-cards rule", 200, FRESH_TIP),
            (self.starter, "Who starts", 360,
             "Who plays the first turn (R2.3): drawn at random, or chosen."),
        ], panel_size=(640, 540))

    @property
    def names(self) -> tuple[str, str]:
        return (self.fields[0].text.strip(), self.fields[1].text.strip())

    def enter_pressed(self) -> None:
        if self.form.focused is self.fields[0]:
            self.form.focus(1)
        else:
            self.deal()

    def deal(self) -> None:
        self.form.error = names_problem(*self.names)
        if self.form.error:
            return
        names = self.names
        self.app.save_settings(self.app.settings.with_changes(
            player_names=names, fresh_cards_rule=self.fresh.value))
        table = hot_seat_table(self.app, names, fresh_cards_rule=self.fresh.value,
                               first_player=self.starter.value)
        self.app.pop()
        self.app.push(table)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The start-player choice names the players as they are typed."""
        names = self.names
        self.starter.options = [("Random", None)] + [
            (names[seat] or f"Player {seat + 1}", seat) for seat in (0, 1)]
