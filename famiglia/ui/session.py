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


SaveHook = Callable[[Game, Sequence[str]], None]


def autosave(store: SaveGameStore, names: tuple[str, str], seats: tuple[str, str]) -> SaveHook:
    """The table's ``on_action`` hook: save the game and the log lines as they stand, or
    clear the save once the game is over."""

    seat_values = (Seat.from_dict(seats[0]), Seat.from_dict(seats[1]))

    def save(game: Game, log: Sequence[str]) -> None:
        if game.over:
            store.clear()
        else:
            store.save(game, names, seat_values, log=log)

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: tuple[str, str],
                store: SaveGameStore | None = None, log: Sequence[str] = ()) -> TableScene:
    """A table for ``game`` whose every action is saved with the log (a new game replaces
    the old save); ``log``: the lines of a resumed game."""
    from .scenes.table import TableScene

    store = store or SaveGameStore()
    save = autosave(store, names, seats)

    def save_and_report(game: Game, lines: Sequence[str]) -> None:
        save(game, lines)
        notice = store.take_notice()
        if notice:
            app.toast(notice)

    save_and_report(game, log)
    return TableScene(app, game, names, seats=seats, on_action=save_and_report, log=log)


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
    return start_table(app, saved.game, saved.names, seats, store, saved.log)
