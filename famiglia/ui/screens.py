"""Every screen of the game, built on request: the one module that names every scene.

The app holds one :class:`Screens` (``app.screens``); :mod:`.navigation` asks it for the scene
a route opens and puts that on the stack.  So a scene opens another without importing it, no
scene module depends on another to open it, and no import waits inside a function to dodge
a cycle.  Each route is a method, so mypy checks its name and its arguments alike.

A scene's module is loaded when its screen is first opened (:func:`famiglia.lazy.lazy_module`): the
title is drawn without loading the table, the replay and its analysis, the lessons or the
computer's worker machinery, which are loaded when the player first opens them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import rules
from ..lazy import lazy_module
from ..players.seats import Seat
from .labels import stored_names
from .scene import Scene

if TYPE_CHECKING:
    from ..i18n import MessageLike
    from ..net.link import Way
    from ..rules import Game
    from ..store.highscores import HighscoreStore
    from ..store.progress import ProgressStore
    from .app import App
    from .friend import host as friend_host_scene
    from .friend import join as friend_join_scene
    from .friend import setup as friend_setup_scene
    from .friend import table as friend_table_scene
    from .friend.connection import FriendConnection
    from .friend.table import FriendTable
    from .scenes import dialog as dialog_scene
    from .scenes import files as files_scene
    from .scenes import handover as handover_scene
    from .scenes import highscores as highscores_scene
    from .scenes import lessons as lessons_scene
    from .scenes import new_game as new_game_scene
    from .scenes import past_games as past_games_scene
    from .scenes import pause as pause_scene
    from .scenes import replay as replay_scene
    from .scenes import results as results_scene
    from .scenes import rules_help as rules_help_scene
    from .scenes import settings as settings_scene
    from .scenes import solo_setup as solo_setup_scene
    from .scenes import statistics as statistics_scene
    from .scenes import table as table_scene
    from .scenes import title as title_scene
    from .scenes.files import Choose, Mode
    from .scenes.table import TableScene
    from .table import help as help_scene
    from .tutorial import table as lesson_scene
else:
    dialog_scene = lazy_module("famiglia.ui.scenes.dialog")
    files_scene = lazy_module("famiglia.ui.scenes.files")
    friend_host_scene = lazy_module("famiglia.ui.friend.host")
    friend_join_scene = lazy_module("famiglia.ui.friend.join")
    friend_setup_scene = lazy_module("famiglia.ui.friend.setup")
    friend_table_scene = lazy_module("famiglia.ui.friend.table")
    handover_scene = lazy_module("famiglia.ui.scenes.handover")
    highscores_scene = lazy_module("famiglia.ui.scenes.highscores")
    lessons_scene = lazy_module("famiglia.ui.scenes.lessons")
    new_game_scene = lazy_module("famiglia.ui.scenes.new_game")
    past_games_scene = lazy_module("famiglia.ui.scenes.past_games")
    pause_scene = lazy_module("famiglia.ui.scenes.pause")
    replay_scene = lazy_module("famiglia.ui.scenes.replay")
    results_scene = lazy_module("famiglia.ui.scenes.results")
    rules_help_scene = lazy_module("famiglia.ui.scenes.rules_help")
    settings_scene = lazy_module("famiglia.ui.scenes.settings")
    solo_setup_scene = lazy_module("famiglia.ui.scenes.solo_setup")
    statistics_scene = lazy_module("famiglia.ui.scenes.statistics")
    title_scene = lazy_module("famiglia.ui.scenes.title")
    table_scene = lazy_module("famiglia.ui.scenes.table")
    help_scene = lazy_module("famiglia.ui.table.help")
    lesson_scene = lazy_module("famiglia.ui.tutorial.table")


class Screens:
    """The scene of each route, on ``app``."""

    def __init__(self, app: App) -> None:
        self.app = app

    def title(self) -> Scene:
        """The title screen, reached from another screen (the save was looked at already)."""
        return title_scene.TitleScene(self.app, check_save=False)

    def new_game(self) -> Scene:
        return new_game_scene.NewGameScene(self.app)

    def quick_game(self) -> TableScene:
        """The title's "Play against the computer": a table dealt at once."""
        return new_game_scene.quick_start(self.app)

    def solo_setup(self) -> Scene:
        return solo_setup_scene.SoloSetupScene(self.app)

    def table(self, game: Game, names: tuple[str, str], seats: Sequence[Seat], *,
              on_action: Callable[[TableScene], None], log: Sequence[str],
              assisted: bool) -> TableScene:
        return table_scene.TableScene(self.app, game, names, seats=seats, on_action=on_action,
                                      log=log, assisted=assisted)

    def results(self, table: TableScene) -> Scene:
        """The results of ``table``'s finished game, whose Play again deals anew on it and
        whose Analyse opens the game's record in the replay."""
        humans = frozenset(seat for seat, occupant in enumerate(table.seats)
                           if occupant.is_human)
        record = rules.write_record(table.game, names=stored_names(table.names, table.seats),
                              seats=table.seats, assisted=table.assisted)
        return results_scene.ResultsScene(self.app, table.game, table.names,
                                          play_again=table.play_again, humans=humans,
                                          assisted=table.assisted, record=record)

    def friend_setup(self) -> Scene:
        """Play a friend (on another computer): host or join."""
        return friend_setup_scene.FriendSetupScene(self.app)

    def friend_host(self, name: str, way: Way, fresh_cards_rule: bool) -> Scene:
        return friend_host_scene.HostScene(self.app, name, way, fresh_cards_rule)

    def friend_join(self, name: str, way: Way) -> Scene:
        return friend_join_scene.JoinScene(self.app, name, way)

    def friend_table(self, connection: FriendConnection, log: Sequence[str] = ()) -> Scene:
        return friend_table_scene.FriendTable(self.app, connection, log)

    def friend_results(self, table: FriendTable) -> Scene:
        """The results of a game with a friend: no Play again (a new game starts from the
        title); Analyse opens its record, with its fair deal."""
        return results_scene.ResultsScene(self.app, table.game, table.names, play_again=None,
                                          humans=frozenset((table.seat,)),
                                          record=table.record())

    def handover(self, player_name: str, last_turn: MessageLike | str | None,
                 take_back: tuple[str, Callable[[], None]] | None = None) -> Scene:
        return handover_scene.HandoverScene(self.app, player_name, last_turn, take_back)

    def pause(self, table: TableScene | None) -> Scene:
        return pause_scene.PauseScene(self.app, table)

    def settings(self) -> Scene:
        return settings_scene.SettingsScene(self.app)

    def rules(self) -> Scene:
        return rules_help_scene.RulesScene(self.app)

    def lessons(self) -> Scene:
        return lessons_scene.LessonsScene(self.app)

    def lesson(self, number: int, progress: ProgressStore) -> Scene:
        return lesson_scene.LessonTable(self.app, number, progress=progress)

    def welcome(self) -> Scene:
        """The lessons offered at the very first start."""
        return lessons_scene.WelcomeScene(self.app)

    def table_help(self) -> Scene:
        return help_scene.TableHelpScene(self.app)

    def highscores(self, *, store: HighscoreStore | None, key: str | None,
                   highlight: int | None) -> Scene:
        return highscores_scene.HighscoresScene(self.app, store=store, key=key, highlight=highlight)

    def past_games(self) -> Scene:
        return past_games_scene.PastGamesScene(self.app)

    def file_browser(self, mode: Mode, choose: Choose, *, name: str = "") -> Scene:
        """The file browser for Export (``name``: the file name offered) or Import."""
        return files_scene.FileBrowserScene(self.app, mode, choose, name=name)

    def statistics(self) -> Scene:
        return statistics_scene.StatisticsScene(self.app)

    def replay(self, record: dict[str, Any], on_close: Callable[[], None] | None = None, *,
               analyse: bool = False) -> Scene:
        """The replay viewer of ``record``, its analysis started at once with ``analyse``;
        ``ValueError`` for a record the rules refuse."""
        return replay_scene.ReplayScene(self.app, record, on_close=on_close, analyse=analyse)

    def confirm(self, title_text: str, text: str, yes: str,
                on_yes: Callable[[], None]) -> Scene:
        return dialog_scene.ConfirmScene(self.app, title_text, text, yes, on_yes)

    def message(self, title_text: str, text: str) -> Scene:
        return dialog_scene.MessageScene(self.app, title_text, text)
