"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn) with the table's log lines (as
data, :meth:`~famiglia.ui.table.phrases.Line.encode`: no language in the file), and
the save is cleared when the game ends, so "Continue" on the title always resumes exactly
where play stopped, log included.  A game that ends (or is resigned) is kept among the past
games as its record; a running game that a new one replaces (the player agreed,
:func:`famiglia.ui.navigation.replace_running_game`) is kept there too, without a result:
abandoned.  Saves and records keep the Gangster's role, never its name in some language
(:func:`~famiglia.ui.labels.stored_names`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import i18n, rules
from ..lazy import lazy_module
from ..players.seats import Seat, SeatKind
from ..store.savegame import SavedGame, SaveGameStore
from .labels import seat_names, stored_names

if TYPE_CHECKING:
    from ..rules import Game
    from ..store import records as stored_records
    from ..store.records import RecordStore
    from .app import App
    from .scenes.table import TableScene
    from .table import phrases
else:
    # the records of past games are loaded when the first game is kept, the table's words
    # when a game is resumed
    stored_records = lazy_module("famiglia.store.records")
    phrases = lazy_module("famiglia.ui.table.phrases")


def autosave(store: SaveGameStore,
             records: RecordStore | None = None) -> Callable[[TableScene], None]:
    """The table's ``on_action`` hook: save the game as it stands (who sits at each seat, the
    log lines and the hint mark with it); once it is over, clear the save and keep the
    game's record (once) among the past games."""
    recorded: list[Game] = []

    def save(table: TableScene) -> None:
        game = table.game
        if not game.is_terminal():
            store.save(game, stored_names(table.names, table.seats), table.seats,
                       log=[line.encode() for line in table.playback.narrated],
                       assisted=table.assisted)
            return
        store.clear()
        if records is not None and not any(done is game for done in recorded):
            recorded[:] = [game]
            records.add(rules.write_record(game, names=stored_names(table.names, table.seats),
                                      seats=table.seats, assisted=table.assisted))

    return save


def report(app: App, *stores: SaveGameStore | RecordStore) -> None:
    """Tell the player what the stores have to say (a file set aside, a folder not
    writable)."""
    for store in stores:
        notice = store.take_notice()
        if notice:
            app.toast(i18n.translate_message(notice))


def start_table(app: App, game: Game, names: Sequence[str | None], seats: Sequence[Seat],
                store: SaveGameStore | None = None, log: Sequence[str] = (), *,
                assisted: bool = False) -> TableScene:
    """A table for ``game`` whose every action is saved with the log (a new game replaces
    the old save); ``log``: the lines its log starts with (a resumed game's, or a game played
    on from a replay), ``assisted``: it used a hint.  A Gangster seat is named in the current
    language, whatever ``names`` holds for it."""
    store = store or SaveGameStore()
    records = stored_records.RecordStore()
    save = autosave(store, records)

    def save_and_report(table: TableScene) -> None:
        save(table)
        report(app, store, records)

    table = app.screens.table(game, seat_names(names, seats), seats,
                              on_action=save_and_report, log=log, assisted=assisted)
    save_and_report(table)
    return table


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table with its log, or ``None`` (a bad save is set aside and
    reported).  The log says once that the game was resumed: the "Resumed" lines an older
    version saved with each Continue are left out."""
    store = store or SaveGameStore()
    saved = store.load()
    report(app, store)
    if saved is None:
        return None
    lines = [line for line in roles_in_log(saved) if phrases.Line.decode(line).kind != "resumed"]
    table = start_table(app, saved.game, saved.names, saved.seats, store, lines,
                        assisted=saved.assisted)
    table.note_resumed()
    return table


def roles_in_log(saved: SavedGame) -> list[str]:
    """The saved log lines with the Gangster named by its role: a save of an older version
    kept its name as a word (English), which would read wrong in another language."""
    words = {name for name, seat in zip(saved.names, saved.seats, strict=True)
             if name is not None and seat.kind is SeatKind.GANGSTER}
    if not words:
        return list(saved.log)
    role = {"role": SeatKind.GANGSTER.value}

    def named(value: Any) -> Any:
        if isinstance(value, str):
            return role if value in words else value
        if isinstance(value, list):
            return [named(item) for item in value]
        return value

    lines = []
    for text in saved.log:
        try:
            line = json.loads(text)
        except ValueError:
            lines.append(text)
            continue
        if isinstance(line, dict):
            line = {key: value if key == "kind" else named(value) for key, value in line.items()}
        lines.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
    return lines


def running_game(app: App) -> SavedGame | None:
    """The game Continue would resume, or ``None``; a save that cannot be resumed is set
    aside and reported (nothing is lost: the file is kept)."""
    store = SaveGameStore()
    if not store.exists():
        return None
    saved = store.load()
    report(app, store)
    return saved


def keep_abandoned(app: App, saved: SavedGame) -> None:
    """A running game that a new one replaces joins the past games as it stood, without a
    result: abandoned (no win, no loss in the statistics)."""
    records = stored_records.RecordStore()
    records.add(rules.write_record(saved.game, names=stored_names(saved.names, saved.seats),
                              seats=saved.seats, assisted=saved.assisted))
    report(app, records)
