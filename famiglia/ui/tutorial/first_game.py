"""After the lessons, "Play your first game": the player against the computer at level Easy,
the player starting, with the coach's tips (:mod:`.tips`, while Settings keep them on).  It is
a real game, saved after every move like any other, so a running game is only replaced after
the same question New game and Solo ask (:func:`~famiglia.ui.navigation.replace_running_game`:
the replaced game is kept in Past games as abandoned)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from ...players.seats import ComputerLevel, Seat
from .. import navigation
from ..scenes.new_game import computer_name, deal_table

if TYPE_CHECKING:
    from ..app import App


def start_first_game(app: App) -> None:
    """Deal the first game over the title screen (asking first when it would replace a
    running game)."""
    navigation.replace_running_game(app, lambda: _deal(app))


def _deal(app: App) -> None:
    settings = app.settings
    name = settings.player_names[0]
    opponent = (computer_name() if name.casefold() != computer_name().casefold()
                else _("The computer"))
    table = deal_table(app, (name, opponent), (Seat.human(), Seat.computer(ComputerLevel.EASY)),
                       fresh_cards_rule=settings.fresh_cards_rule, first_player=0)
    navigation.to_title(app)
    app.push(table)
