"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn), and the save is cleared when
the game ends, so "Continue" on the title always resumes exactly where play stopped."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..rules import Game
from ..store.savegame import SaveGameStore

if TYPE_CHECKING:
    from .app import App
    from .scenes.table import TableScene


def autosave(store: SaveGameStore, names: tuple[str, str],
             seats: tuple[str, str]) -> Callable[[Game], None]:
    """The table's ``on_action`` hook: save the game as it stands, or clear it once over."""

    def save(game: Game) -> None:
        if game.over:
            store.clear()
        else:
            store.save(game, names, seats)

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: tuple[str, str],
                store: SaveGameStore | None = None) -> TableScene:
    """A table for ``game`` whose every action is saved (a new game replaces the old save)."""
    from .scenes.table import TableScene

    save = autosave(store or SaveGameStore(), names, seats)
    save(game)
    return TableScene(app, game, names, seats=seats, on_action=save)


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table, or ``None`` (a bad save is set aside and reported)."""
    store = store or SaveGameStore()
    saved = store.load()
    if store.notice:
        app.toast(store.notice)
    if saved is None:
        return None
    return start_table(app, saved.game, saved.names, saved.seats, store)
