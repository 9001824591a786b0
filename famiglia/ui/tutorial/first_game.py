"""After the lessons, "Play your first game": the player against the computer at level Easy,
the player starting, with the coach's tips (:mod:`.tips`, while Settings keep them on).  It is
a real game, saved after every move like any other, so a saved game is only replaced after
the player agreed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _, pgettext
from ...players.seats import Seat
from ...store.savegame import SaveGameStore
from .. import navigation
from ..scenes.new_game import computer_name, deal_table

if TYPE_CHECKING:
    from ..app import App


def start_first_game(app: App) -> None:
    """Deal the first game over the title screen (asking first when it would replace a saved
    game)."""
    if SaveGameStore().exists():
        navigation.confirm(app, _("Start your first game?"),
                           _("Your saved game will be replaced by the new one."),
                           pgettext("button", "Start"), lambda: _deal(app))
        return
    _deal(app)


def _deal(app: App) -> None:
    settings = app.settings
    name = settings.player_names[0]
    opponent = (computer_name() if name.casefold() != computer_name().casefold()
                else _("The computer"))
    table = deal_table(app, (name, opponent), (Seat.human(), Seat.computer("easy")),
                       fresh_cards_rule=settings.fresh_cards_rule, first_player=0)
    navigation.to_title(app)
    app.push(table)
