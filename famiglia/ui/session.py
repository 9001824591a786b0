"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn), and the save is cleared when
the game ends, so "Continue" on the title always resumes exactly where play stopped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..players.seats import Seat
from ..rules import Game
from ..store.savegame import SaveGameStore

if TYPE_CHECKING:
    from .app import App
    from .scenes.table import TableScene


def autosave(store: SaveGameStore) -> Callable[[TableScene], None]:
    """The table's ``on_action`` hook: save the game as it stands (who sits at each seat, the
    log lines and the hint mark with it), or clear the save once the game is over."""

    def save(table: TableScene) -> None:
        if table.game.over:
            store.clear()
        else:
            store.save(table.game, table.names, table.seats, log=table.playback.narrated,
                       assisted=table.assisted)

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: Sequence[Seat | str],
                store: SaveGameStore | None = None, log: Sequence[str] = (), *,
                assisted: bool = False) -> TableScene:
    """A table for ``game`` whose every action is saved with the log (a new game replaces
    the old save); ``log``: the lines of a resumed game, ``assisted``: it used a hint."""
    from .scenes.table import TableScene

    store = store or SaveGameStore()
    save = autosave(store)

    def save_and_report(table: TableScene) -> None:
        save(table)
        notice = store.take_notice()
        if notice:
            app.toast(notice)

    table = TableScene(app, game, names, seats=seats, on_action=save_and_report, log=log,
                       assisted=assisted)
    save_and_report(table)
    return table


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table, or ``None`` (a bad save is set aside and reported)."""
    store = store or SaveGameStore()
    saved = store.load()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    if saved is None:
        return None
    return start_table(app, saved.game, saved.names, saved.seats, store, saved.log,
                       assisted=saved.assisted)
