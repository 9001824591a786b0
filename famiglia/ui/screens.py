"""Every screen of the game, built on request: the one module that imports every scene.

The app holds one :class:`Screens` (``app.screens``); :mod:`.navigation` asks it for the scene
a route opens and puts that on the stack.  So a scene opens another without importing it, no
scene module depends on another to open it, and no import waits inside a function to dodge
a cycle.  Each route is a method, so mypy checks its name and its arguments alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..players.seats import Seat
from ..rules import Game, write_record
from ..store.highscores import HighscoreStore
from ..store.progress import ProgressStore
from .labels import stored_names
from .scene import Scene
from .scenes.dialog import ConfirmScene, MessageScene
from .scenes.handover import HandoverScene
from .scenes.highscores import HighscoresScene
from .scenes.lessons import LessonsScene, WelcomeScene
from .scenes.new_game import NewGameScene, quick_start
from .scenes.past_games import PastGamesScene
from .scenes.pause import PauseScene
from .scenes.replay import ReplayScene
from .scenes.results import ResultsScene
from .scenes.rules_help import RulesScene
from .scenes.settings import SettingsScene
from .scenes.solo_setup import SoloSetupScene
from .scenes.statistics import StatisticsScene
from .scenes.table import TableScene
from .scenes.title import TitleScene
from .table.help import TableHelpScene
from .tutorial.table import LessonTable

if TYPE_CHECKING:
    from ..i18n import MessageLike
    from .app import App


class Screens:
    """The scene of each route, on ``app``."""

    def __init__(self, app: App) -> None:
        self.app = app

    def title(self) -> Scene:
        """The title screen, reached from another screen (the save was looked at already)."""
        return TitleScene(self.app, check_save=False)

    def new_game(self) -> Scene:
        return NewGameScene(self.app)

    def quick_game(self) -> TableScene:
        """The title's "Play against the computer": a table dealt at once."""
        return quick_start(self.app)

    def solo_setup(self) -> Scene:
        return SoloSetupScene(self.app)

    def table(self, game: Game, names: tuple[str, str], seats: Sequence[Seat], *,
              on_action: Callable[[TableScene], None], log: Sequence[str],
              assisted: bool) -> TableScene:
        return TableScene(self.app, game, names, seats=seats, on_action=on_action, log=log,
                          assisted=assisted)

    def results(self, table: TableScene) -> Scene:
        """The results of ``table``'s finished game, whose Play again deals anew on it and
        whose Analyse opens the game's record in the replay."""
        humans = frozenset(seat for seat, occupant in enumerate(table.seats)
                           if occupant.is_human)
        record = write_record(table.game, names=stored_names(table.names, table.seats),
                              seats=table.seats, assisted=table.assisted)
        return ResultsScene(self.app, table.game, table.names, play_again=table.play_again,
                            humans=humans, assisted=table.assisted, record=record)

    def handover(self, player_name: str, last_turn: MessageLike | str | None) -> Scene:
        return HandoverScene(self.app, player_name, last_turn)

    def pause(self, table: TableScene | None) -> Scene:
        return PauseScene(self.app, table)

    def settings(self) -> Scene:
        return SettingsScene(self.app)

    def rules(self) -> Scene:
        return RulesScene(self.app)

    def lessons(self) -> Scene:
        return LessonsScene(self.app)

    def lesson(self, number: int, progress: ProgressStore) -> Scene:
        return LessonTable(self.app, number, progress=progress)

    def welcome(self) -> Scene:
        """The lessons offered at the very first start."""
        return WelcomeScene(self.app)

    def table_help(self) -> Scene:
        return TableHelpScene(self.app)

    def highscores(self, *, store: HighscoreStore | None, key: str | None,
                   highlight: int | None) -> Scene:
        return HighscoresScene(self.app, store=store, key=key, highlight=highlight)

    def past_games(self) -> Scene:
        return PastGamesScene(self.app)

    def statistics(self) -> Scene:
        return StatisticsScene(self.app)

    def replay(self, record: dict[str, Any], on_close: Callable[[], None] | None = None, *,
               analyse: bool = False) -> Scene:
        """The replay viewer of ``record``, its analysis started at once with ``analyse``;
        ``ValueError`` for a record the rules refuse."""
        return ReplayScene(self.app, record, on_close=on_close, analyse=analyse)

    def confirm(self, title_text: str, text: str, yes: str,
                on_yes: Callable[[], None]) -> Scene:
        return ConfirmScene(self.app, title_text, text, yes, on_yes)

    def message(self, title_text: str, text: str) -> Scene:
        return MessageScene(self.app, title_text, text)
