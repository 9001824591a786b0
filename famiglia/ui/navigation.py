"""The one place where a screen opens another: scenes call these functions instead of
importing each other, so no scene module depends on another.

Each function puts the scene it opens on the app's stack the way a player expects: menus and
overlays are pushed (Esc or Back returns to where the player was), the title resets the stack,
and the results replace the finished table.  The scenes themselves come from the app's
:class:`~famiglia.ui.screens.Screens`, the one module that imports them all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import _, pgettext, translate_message
from ..lazy import lazy_module
from ..store.progress import ProgressStore
from .labels import seat_names
from .session import keep_abandoned, running_game

if TYPE_CHECKING:
    from ..i18n import MessageLike
    from ..net.link import Way
    from ..store.highscores import HighscoreStore
    from ..store.savegame import SavedGame
    from .app import App
    from .friend import connection as friend
    from .friend.connection import FriendConnection
    from .scene import Scene
    from .scenes.table import TableScene
else:
    friend = lazy_module("famiglia.ui.friend.connection")


def to_title(app: App) -> None:
    """Leave whatever is open and go back to the title screen."""
    app.reset(app.screens.title())


def open_new_game(app: App) -> None:
    """The new-game dialog over the title (seats, names, deal number)."""
    app.push(app.screens.new_game())


def play_against_computer(app: App) -> None:
    """The title's quick start: the player against the computer at the last chosen level."""
    replace_running_game(app, lambda: app.push(app.screens.quick_game()))


def replace_running_game(app: App, start: Callable[[], None]) -> None:
    """Start a new game with ``start`` (which puts its table on the stack).  While a game is
    running (one Continue would resume), the player is asked first: Cancel keeps it, and
    only a yes replaces it, after it joined the past games as abandoned."""
    saved = running_game(app)
    if saved is None:
        start()
        return

    def replace() -> None:
        keep_abandoned(app, saved)
        start()

    confirm(app, _("Replace the running game?"), running_game_words(saved),
            pgettext("button", "New game"), replace)


def running_game_words(saved: SavedGame) -> str:
    """What the question about replacing a running game says about it."""
    first, second = seat_names(saved.names, saved.seats)
    scores = saved.game.scores
    return _("{first} against {second} is still running, turn {turn}, {first_vp} : "
             "{second_vp} VP; Continue on the title resumes it. A new game replaces it; it "
             "is kept in Past games as abandoned, and counts neither as won nor as lost."
             ).format(first=first, second=second, turn=saved.game.turn + 1,
                      first_vp=scores[0], second_vp=scores[1])


def open_friend_setup(app: App) -> None:
    """Play a friend (on another computer).  While a game with a friend waits to be picked
    up again, the player is asked first: a new one replaces it (kept in Past games as it
    stood)."""
    saved = friend.running_friend_game(app)
    if saved is None:
        app.push(app.screens.friend_setup())
        return

    def replace() -> None:
        friend.abandon_friend_game(app, saved)
        app.push(app.screens.friend_setup())

    confirm(app, _("Replace the game with {name}?").format(name=saved.peer_name),
            _("Your game with {name} on another computer is still waiting; Continue on the "
              "title picks it up again. A new game replaces it; it is kept in Past games as "
              "it stood.").format(name=saved.peer_name),
            pgettext("button", "New game"), replace)


def open_friend_host(app: App, name: str, way: Way, fresh_cards_rule: bool) -> None:
    """The host's open table, waiting for a friend."""
    app.push(app.screens.friend_host(name, way, fresh_cards_rule))


def open_friend_join(app: App, name: str, way: Way) -> None:
    """The guest's search for a friend's table."""
    app.push(app.screens.friend_join(name, way))


def open_friend_table(app: App, connection: FriendConnection,
                      log: Sequence[str] = ()) -> None:
    """The table of a game with a friend, over the title (the screens that led to it go)."""
    to_title(app)
    app.push(app.screens.friend_table(connection, log))


def continue_friend_game(app: App) -> bool:
    """Continue: the game with a friend that waits, on its table; False when there is none
    that can be picked up again (a damaged save is set aside and reported)."""
    resumed = friend.resume_friend_game(app)
    if resumed is None:
        return False
    open_friend_table(app, *resumed)
    return True


def open_solo_setup(app: App) -> None:
    app.push(app.screens.solo_setup())


def results_scene(app: App, table: TableScene) -> Scene:
    """The results of ``table``'s finished game, whose Play again deals anew on ``table``."""
    return app.screens.results(table)


def open_handover(app: App, player_name: str,
                  last_turn: MessageLike | str | None = None,
                  take_back: tuple[str, Callable[[], None]] | None = None) -> None:
    """Hot-seat: cover the table until ``player_name`` is ready (R5.4), saying what the other
    player did in ``last_turn``; ``take_back``: that player's name and what takes the turn
    back, while it can be."""
    app.push(app.screens.handover(player_name, last_turn, take_back))


def open_pause(app: App, table: TableScene | None = None) -> None:
    """The pause menu over the table (or over the hand-over screen covering it); over the
    table it offers to resign the game."""
    app.push(app.screens.pause(table))


def open_settings(app: App) -> None:
    app.push(app.screens.settings())


def open_rules(app: App) -> None:
    app.push(app.screens.rules())


def open_lessons(app: App) -> None:
    """Learn to play: the lesson list over the current screen (Back returns to it)."""
    app.push(app.screens.lessons())


def open_lesson(app: App, number: int, progress: ProgressStore) -> None:
    """Lesson ``number`` on the table, over the lesson list; ``progress`` keeps its tick."""
    app.push(app.screens.lesson(number, progress))


def offer_lessons(app: App) -> None:
    """At the very first start, offer the lessons over the title (once: the progress file
    remembers that they were offered)."""
    store = ProgressStore()
    if store.load().welcomed:
        return
    store.welcome()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    app.push(app.screens.welcome())


def open_table_help(app: App) -> None:
    app.push(app.screens.table_help())


def open_highscores(app: App, *, store: HighscoreStore | None = None, key: str | None = None,
                    highlight: int | None = None) -> None:
    """The highscore lists, optionally on list ``key`` with entry ``highlight`` lit."""
    app.push(app.screens.highscores(store=store, key=key, highlight=highlight))


def open_past_games(app: App) -> None:
    """The finished games' records (the store's scene)."""
    app.push(app.screens.past_games())


def open_statistics(app: App) -> None:
    """Statistics over the finished games' records (the store's scene)."""
    app.push(app.screens.statistics())


def open_replay(app: App, record: dict[str, Any], *, analyse: bool = False) -> None:
    """The replay viewer of a game record over the current screen (Close returns to it), its
    analysis started at once with ``analyse``; a record the rules refuse is reported in plain
    words instead."""
    try:
        scene = app.screens.replay(record, analyse=analyse)
    except ValueError as problem:
        reason = translate_message(getattr(problem, "message", str(problem)))
        notify(app, _("This game cannot be replayed"),
               reason if reason.endswith(".") else f"{reason}.")
        return
    app.push(scene)


def confirm(app: App, title_text: str, text: str, yes: str,
            on_yes: Callable[[], None]) -> None:
    """A yes/no question over the current scene; ``on_yes`` runs after it closes."""
    app.push(app.screens.confirm(title_text, text, yes, on_yes))


def notify(app: App, title_text: str, text: str) -> None:
    """A message that stays until the player closes it (sized to its text)."""
    app.push(app.screens.message(title_text, text))
