"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn), and the save is cleared when
the game ends, so "Continue" on the title always resumes exactly where play stopped."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..players.seats import Seat
from ..rules import Game
from ..store.savegame import SaveGameStore

if TYPE_CHECKING:
    from .app import App
    from .scenes.table import TableScene


def autosave(store: SaveGameStore, names: tuple[str, str],
             seats: tuple[str, str]) -> Callable[[Game], None]:
    """The table's ``on_action`` hook: save the game as it stands, or clear it once over."""

    seat_values = (Seat.from_dict(seats[0]), Seat.from_dict(seats[1]))

    def save(game: Game) -> None:
        if game.over:
            store.clear()
        else:
            store.save(game, names, seat_values)

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: tuple[str, str],
                store: SaveGameStore | None = None) -> TableScene:
    """A table for ``game`` whose every action is saved (a new game replaces the old save)."""
    from .scenes.table import TableScene

    store = store or SaveGameStore()
    save = autosave(store, names, seats)

    def save_and_report(game: Game) -> None:
        save(game)
        notice = store.take_notice()
        if notice:
            app.toast(notice)

    save_and_report(game)
    return TableScene(app, game, names, seats=seats, on_action=save_and_report)


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table, or ``None`` (a bad save is set aside and reported)."""
    store = store or SaveGameStore()
    saved = store.load()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    if saved is None:
        return None
    seats = (saved.seats[0].kind.value, saved.seats[1].kind.value)
    return start_table(app, saved.game, saved.names, seats, store)
