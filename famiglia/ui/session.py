"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn) with the table's log lines (as
data, :meth:`~famiglia.ui.table.phrases.Line.encode`: no language in the file), and
the save is cleared when the game ends, so "Continue" on the title always resumes exactly
where play stopped, log included.  A game that ends (or is resigned) is kept among the past
games as its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .. import i18n
from ..players.seats import Seat
from ..rules import Game
from ..store.records import RecordStore
from ..store.savegame import SaveGameStore

if TYPE_CHECKING:
    from .app import App
    from .scenes.table import TableScene



def autosave(store: SaveGameStore,
             records: RecordStore | None = None) -> Callable[[TableScene], None]:
    """The table's ``on_action`` hook: save the game as it stands (who sits at each seat, the
    log lines and the hint mark with it); once it is over, clear the save and keep the
    game's record (once) among the past games."""
    recorded: list[Game] = []

    def save(table: TableScene) -> None:
        game = table.game
        if not game.over:
            store.save(game, table.names, table.seats,
                       log=[line.encode() for line in table.playback.narrated],
                       assisted=table.assisted)
            return
        store.clear()
        if records is not None and not any(done is game for done in recorded):
            recorded[:] = [game]
            records.add(game.to_record(names=table.names, seats=table.seats,
                                       assisted=table.assisted))

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: Sequence[Seat | str],
                store: SaveGameStore | None = None, log: Sequence[str] = (), *,
                assisted: bool = False) -> TableScene:
    """A table for ``game`` whose every action is saved with the log (a new game replaces
    the old save); ``log``: the lines of a resumed game, ``assisted``: it used a hint."""
    from .scenes.table import TableScene

    store = store or SaveGameStore()
    records = RecordStore()
    save = autosave(store, records)

    def save_and_report(table: TableScene) -> None:
        save(table)
        for notice in (store.take_notice(), records.take_notice()):
            if notice:
                app.toast(i18n.translate_message(notice))

    table = TableScene(app, game, names, seats=seats, on_action=save_and_report, log=log,
                       assisted=assisted)
    save_and_report(table)
    return table


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table with its log, or ``None`` (a bad save is set aside and
    reported)."""
    store = store or SaveGameStore()
    saved = store.load()
    notice = store.take_notice()
    if notice:
        app.toast(i18n.translate_message(notice))
    if saved is None:
        return None
    return start_table(app, saved.game, saved.names, saved.seats, store, saved.log,
                       assisted=saved.assisted)
