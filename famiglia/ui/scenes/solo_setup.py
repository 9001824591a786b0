"""The solo challenge setup over the title (S1, S3): your name, the Gangster's level with a line
about it and how often players win against it, who starts (variant a or b), and the
fresh-cards rule (R3.1d).  Start deals a game against the Gangster onto the table (asking
first when it would replace a running game).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from ...i18n import _, percent, translate_message
from ...players.difficulty import EXPERT_WIN_RATES, MEASURED_WIN_RATES
from ...players.seats import ComputerLevel, Seat
from ...rules import Game, Opponent
from ...rules.gangster import LEVELS, SoloVariant
from ...store.names import NAME_FIELD
from ...store.settings import SoloFirst, is_default_name
from .. import navigation
from .. import theme as t
from ..labels import computer_level, gangster_level, gangster_name, on_off
from ..textfield import TextField
from ..widgets import Choice
from .dialog import Row, SetupDialog, fresh_tip, table_for

if TYPE_CHECKING:
    from ..app import App
    from .table import TableScene

#: The level's description under its row: at most this many lines of this height.
LEVEL_LINES = 4
LINE_HEIGHT = 22


def starters() -> list[tuple[str, SoloFirst]]:
    return [(_("You (a)"), SoloFirst.YOU), (_("The Gangster (b)"), SoloFirst.GANGSTER),
            (_("Random"), SoloFirst.RANDOM)]


def solo_table(app: App, name: str, *, level: int, first: SoloFirst,
               fresh_cards_rule: bool) -> TableScene:
    """S1: a solo game; the human is seat 0, the Gangster seat 1 (variant a: you start)."""
    starter = {SoloFirst.YOU: 0, SoloFirst.GANGSTER: 1}.get(first)
    first_player = random.randrange(2) if starter is None else starter
    game = Game.new(first_player=first_player, fresh_cards_rule=fresh_cards_rule,
                    opponent=Opponent.GANGSTER, gangster_level=level)
    return table_for(app, game, (name, gangster_name()), (Seat.human(), Seat.gangster()))


def level_line(level: int) -> str:
    """The level's one-line description and how often a simple greedy player and the strongest
    computer beat it (measured by ``famiglia simulate`` and ``famiglia arena``)."""
    character = translate_message(LEVELS[level].description)
    start_a = MEASURED_WIN_RATES[f"{level}{SoloVariant.A}"]["greedy"]
    start_b = MEASURED_WIN_RATES[f"{level}{SoloVariant.B}"]["greedy"]
    greedy = _("Level {level}, {name}: {character} A greedy player wins {a} of games starting "
               "(a), {b} when the Gangster starts (b).").format(
                   level=level, name=gangster_level(level), character=character,
                   a=percent(start_a), b=percent(start_b))
    expert = _("The computer at its strongest level ({computer}) wins {a} (a) and {b} (b)."
               ).format(computer=computer_level(ComputerLevel.EXPERT),
                        a=percent(EXPERT_WIN_RATES[f"{level}{SoloVariant.A}"]),
                        b=percent(EXPERT_WIN_RATES[f"{level}{SoloVariant.B}"]))
    return f"{greedy} {expert}"


class SoloSetupScene(SetupDialog):
    """Name, level, who starts and the fresh-cards rule; Start or Back."""

    def __init__(self, app: App) -> None:
        settings = app.settings
        self.name = TextField(settings.solo_name, max_length=NAME_FIELD,
                              on_change=self._name_typed)
        self.level: Choice[int] = Choice([(str(n), n) for n in LEVELS], settings.gangster_level)
        self.starter: Choice[SoloFirst] = Choice(starters(), settings.solo_first)
        self.fresh = Choice(on_off(), settings.fresh_cards_rule)
        super().__init__(app, self.rows_now(), panel_size=(840, 630),
                         gaps={1: LEVEL_LINES * LINE_HEIGHT})

    @property
    def title(self) -> str:
        return _("Solo challenge: you against the Gangster")

    def language_changed(self) -> None:
        """A name never chosen follows the language ("Spieler"), then the rows' texts."""
        if is_default_name(self.name.text.strip()):
            self.name.text = self.app.settings.solo_name
        super().language_changed()

    def rows_now(self) -> list[Row]:
        self.starter.options = starters()
        self.fresh.options = on_off()
        return [
            (_("Your name"), [(self.name, 360, _("Your name for the highscore list."))]),
            (_("Gangster level"), [(self.level, 560,
                                    _("The higher the level, the sooner the Gangster goes for "
                                      "valuable cards."))]),
            (_("Who starts"), [(self.starter, 560,
                                _("In variant a you start, in variant b the Gangster does; "
                                  "each level and variant has its own highscore list."))]),
            (_("Fresh-cards rule"), [(self.fresh, 200, fresh_tip())]),
        ]

    def _name_typed(self, text: str) -> None:
        """The name is remembered as it is typed."""
        name = " ".join(text.split())
        if name and name != self.app.settings.solo_name:
            self.app.save_settings(self.app.settings.with_changes(solo_name=name))

    def deal(self) -> None:
        name = " ".join(self.name.text.split())
        if not name:
            self.form.error = _("Please type your name.")
            return
        self.app.save_settings(self.app.settings.with_changes(
            solo_name=name, gangster_level=self.level.value, solo_first=self.starter.value,
            fresh_cards_rule=self.fresh.value))
        navigation.replace_running_game(self.app, lambda: self._start(name))

    def _start(self, name: str) -> None:
        table = solo_table(self.app, name, level=self.level.value, first=self.starter.value,
                           fresh_cards_rule=self.fresh.value)
        self.app.pop()
        self.app.push(table)

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The chosen level's description and measured win rates under its row."""
        theme = self.app.theme
        y = self.level.rect.bottom + 8
        width = self.panel.right - 40 - self.level.rect.x
        for line in theme.wrap(level_line(self.level.value), 20, width, max_lines=LEVEL_LINES):
            surface.blit(theme.text(line, 20, t.INK_DIM), (self.level.rect.x, y))
            y += LINE_HEIGHT
