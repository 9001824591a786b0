"""Starting and resuming games on the table with the save game attached: the running game is
saved atomically after every action (and every Gangster turn) with the table's log lines, and
the save is cleared when the game ends, so "Continue" on the title always resumes exactly
where play stopped, log included.  A game that ends (or is resigned) is kept among the past
games as its record."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..players.seats import LEVELS, Seat, SeatKind
from ..rules import Game
from ..store.records import RecordStore
from ..store.savegame import SaveGameStore

if TYPE_CHECKING:
    from .app import App
    from .scenes.table import TableScene

#: The table's ``on_action`` hook: the game and the log lines written so far.
SaveHook = Callable[[Game, Sequence[str]], None]


def as_seat(seat: Seat | str) -> Seat:
    """A :class:`Seat`; the table's older seat words are read as seats, its ``"random"``
    mover as the computer at the easiest level."""
    if isinstance(seat, Seat):
        return seat
    return Seat.computer(LEVELS[0]) if seat == "random" else Seat.from_dict(seat)


def table_seat(seat: Seat) -> str:
    """The table's word for a saved seat: a computer seat is played by its ``"random"``
    mover until the table seats the search player."""
    return "random" if seat.kind is SeatKind.COMPUTER else seat.kind.value


def autosave(store: SaveGameStore, names: tuple[str, str],
             seats: tuple[Seat | str, Seat | str],
             records: RecordStore | None = None) -> SaveHook:
    """The table's ``on_action`` hook: save the game and the log as they stand; once it is
    over, clear the save and keep the game's record (once) among the past games."""

    seat_values = (as_seat(seats[0]), as_seat(seats[1]))
    recorded: list[Game] = []

    def save(game: Game, log: Sequence[str] = ()) -> None:
        if not game.over:
            store.save(game, names, seat_values, log=log)
            return
        store.clear()
        if records is not None and not any(done is game for done in recorded):
            recorded[:] = [game]
            records.add(game.to_record(names=names, seats=seat_values))

    return save


def start_table(app: App, game: Game, names: tuple[str, str], seats: tuple[str, str],
                store: SaveGameStore | None = None, log: Sequence[str] = ()) -> TableScene:
    """A table for ``game`` whose every action is saved with the log (a new game replaces
    the old save); ``log``: the lines of a resumed game."""
    from .scenes.table import TableScene

    store = store or SaveGameStore()
    records = RecordStore()
    save = autosave(store, names, seats, records)

    def save_and_report(game: Game, lines: Sequence[str] = ()) -> None:
        save(game, lines)
        for notice in (store.take_notice(), records.take_notice()):
            if notice:
                app.toast(notice)

    save_and_report(game, log)
    return TableScene(app, game, names, seats=seats, on_action=save_and_report, log=log)


def resume_table(app: App, store: SaveGameStore | None = None) -> TableScene | None:
    """The saved game on a table with its log, or ``None`` (a bad save is set aside and
    reported)."""
    store = store or SaveGameStore()
    saved = store.load()
    notice = store.take_notice()
    if notice:
        app.toast(notice)
    if saved is None:
        return None
    seats = (table_seat(saved.seats[0]), table_seat(saved.seats[1]))
    return start_table(app, saved.game, saved.names, seats, store, saved.log)
