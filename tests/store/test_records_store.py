"""Past games: every finished game's record kept as a JSON file in the user data
folder, listed with date, mode, names, score and winner; damaged files set aside and reported;
export to a chosen path and import from one, validated by replaying."""

from __future__ import annotations

import errno
import json
import os
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from famiglia.players import make_player, play_game
from famiglia.players.random_players import no_pass_random
from famiglia.players.seats import ComputerLevel, Seat
from famiglia.rules import Game
from famiglia.rules.gangster import SoloVariant
from famiglia.rules.records import read_record, write_record
from famiglia.store.records import Mode, ModeKind, RecordStore
from famiglia.store.savegame import SaveGameStore

ZONE = timezone(timedelta(hours=1))


def finished(seed: int, **options: Any) -> Game:
    player = make_player("no_pass_random", seed=seed)
    return play_game(Game.new(seed, **options), (player, player))


def record(seed: int, day: int, **options: Any) -> dict[str, Any]:
    solo = options.get("opponent") == "gangster"
    seats = (Seat.human(), Seat.gangster() if solo else Seat.human())
    return json.loads(json.dumps(write_record(
        finished(seed, **options), names=("Anna", "The Gangster" if solo else "Bruno"),
        seats=seats, when=datetime(2026, 11, day, 20, 0, tzinfo=ZONE))))


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RecordStore:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    return RecordStore()


def test_records_live_in_the_data_folder_and_list_newest_first(store: RecordStore,
                                                              tmp_path: Path) -> None:
    assert store.folder == tmp_path / "data" / "records"
    assert store.games() == [] and store.notice is None
    first, second = record(1, 20), record(2, 21, opponent="gangster", gangster_level=2,
                                          first_player=1)
    assert store.add(first) is not None and store.add(second) is not None
    newest, oldest = store.games()
    assert newest.mode == Mode(ModeKind.SOLO, gangster=2, variant=SoloVariant.B)
    assert newest.human == 0
    assert newest.names == ("Anna", "The Gangster")
    assert oldest.mode == Mode(ModeKind.HOT_SEAT) and oldest.human is None
    assert oldest.when == datetime(2026, 11, 20, 20, 0, tzinfo=ZONE)
    game = finished(1)
    assert oldest.scores == game.scores and oldest.winner == game.winner
    assert oldest.reason == "final_round" or oldest.reason == "double_pass"
    assert json.loads(oldest.path.read_text(encoding="utf-8")) == first


def test_a_game_is_kept_once(store: RecordStore) -> None:
    store.add(record(1, 20))
    store.add(record(1, 20))
    assert len(store.games()) == 1


def test_a_computer_game_names_its_level(store: RecordStore) -> None:
    game = finished(4)
    data = write_record(game, names=("Anna", "Computer"),
                        seats=(Seat.computer("hard", 3), Seat.human()))
    store.add(data)
    (summary,) = store.games()
    assert summary.mode == Mode(ModeKind.COMPUTER, computer=ComputerLevel.HARD)
    assert summary.human == 1


def test_damaged_files_are_set_aside_and_reported(store: RecordStore) -> None:
    kept = store.add(record(1, 20))
    store.folder.joinpath("20261121-broken.json").write_text("{oops", encoding="utf-8")
    store.folder.joinpath("20261122-odd.json").write_text('{"format": "x"}', encoding="utf-8")
    (summary,) = store.games()
    assert summary.path == kept
    notice = str(store.take_notice())
    assert "2 past games' records could not be read" in notice
    assert "Expecting" not in notice and len(notice) < 300
    assert len(list(store.folder.glob("*.corrupt-*"))) == 2
    assert store.games() and store.notice is None


def test_a_record_that_does_not_replay_is_set_aside_when_listed(store: RecordStore) -> None:
    good = store.add(record(1, 20))
    bad = record(2, 21)
    bad["moves"][3]["action"] = "take 9"
    store.add(bad)
    (listed,) = store.games()
    assert listed.path == good and store.load(listed) == record(1, 20)
    notice = str(store.take_notice())
    assert "move 4" in notice and "set aside" in notice
    assert len(list(store.folder.glob("*.corrupt-*"))) == 1


def test_load_sets_aside_a_record_changed_since_it_was_listed(store: RecordStore) -> None:
    store.add(record(1, 20))
    (summary,) = store.games()
    changed = record(1, 20)
    changed["moves"][3]["action"] = "take 9"
    summary.path.write_text(json.dumps(changed), encoding="utf-8")
    assert store.load(summary) is None
    assert "move 4" in str(store.take_notice())
    assert store.games() == []


def test_export_to_a_folder_or_a_file_and_import_elsewhere(store: RecordStore,
                                                          tmp_path: Path) -> None:
    store.add(record(3, 20))
    (summary,) = store.games()
    out = tmp_path / "out"
    out.mkdir()
    exported = store.export(summary, out)
    assert exported == out / summary.path.name
    assert store.export(summary, tmp_path / "mine") == tmp_path / "mine.json"
    assert "exported" in str(store.take_notice())
    other = RecordStore(tmp_path / "other")
    imported = other.import_file(tmp_path / "mine.json")
    assert imported is not None and imported.names == summary.names
    assert str(other.take_notice()) == "The game was imported."
    assert other.import_file(exported) is None
    assert str(other.take_notice()) == "That game is already among your past games."
    assert len(other.games()) == 1


def test_import_refuses_what_does_not_replay(store: RecordStore, tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("not json", encoding="utf-8")
    assert store.import_file(junk) is None
    assert str(store.take_notice()) == "junk.json could not be imported (it was damaged)."
    cheat = record(5, 20)
    cheat["result"]["scores"] = [99, 0]
    path = tmp_path / "cheat.json"
    path.write_text(json.dumps(cheat), encoding="utf-8")
    assert store.import_file(path) is None
    assert "could not be imported" in str(store.take_notice())
    assert store.import_file(tmp_path / "missing.json") is None
    assert "could not be opened" in str(store.take_notice())
    assert store.games() == []


def test_a_missing_file_to_import_is_named_a_missing_file(store: RecordStore,
                                                          tmp_path: Path) -> None:
    """In a folder that exists or in one that does not: the file is missing, not the
    folder."""
    for source in (tmp_path / "missing.json", tmp_path / "no folder" / "missing.json"):
        assert store.import_file(source) is None
        assert str(store.take_notice()) == ("missing.json could not be opened: there is no "
                                            "such file.")


def test_an_export_into_a_folder_that_does_not_exist_yet_makes_it(store: RecordStore,
                                                                  tmp_path: Path) -> None:
    """A file named in a new folder, and a new folder typed with a separator at its end: the
    record goes into it under its own name, never a file named after the folder."""
    store.add(record(3, 20))
    (summary,) = store.games()
    target = tmp_path / "new folder" / "mine.json"
    assert store.export(summary, target) == target
    assert str(store.take_notice()) == f"The game was exported to {target}."
    assert read_record(json.loads(target.read_text(encoding="utf-8"))).is_terminal()
    folder = tmp_path / "games" / "kept"
    assert store.export(summary, f"{folder}{os.sep}") == folder / summary.path.name
    assert not (tmp_path / "games" / "kept.json").exists()
    assert read_record(json.loads((folder / summary.path.name).read_text("utf-8"))).is_terminal()


def test_an_unwritable_folder_is_reported_not_raised(store: RecordStore,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    def refuse(*_: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert store.add(record(1, 20)) is None
    notice = str(store.take_notice())
    assert "could not be saved" in notice and "Errno" not in notice
    monkeypatch.undo()
    store.add(record(1, 20))
    (summary,) = store.games()
    monkeypatch.setattr(os, "replace", refuse)
    assert store.export(summary, tmp_path / "x.json") is None
    assert "could not be exported" in str(store.take_notice())


def _table(game: Game, names: tuple[str, str], seats: tuple[Seat, Seat]) -> SimpleNamespace:
    """What the save hook reads of the table: its game, names, seats, log and hint mark."""
    return SimpleNamespace(game=game, names=names, seats=seats,
                           playback=SimpleNamespace(narrated=[]), assisted=False)


def test_the_tables_save_hook_keeps_a_finished_game_once(tmp_path: Path) -> None:
    """The save is cleared when the game ends and its record joins the past games, once,
    however often the hook runs afterwards."""
    from famiglia.ui.session import autosave

    saves, records = SaveGameStore(tmp_path / "save.json"), RecordStore(tmp_path / "records")
    hook = autosave(saves, records)
    game = Game.new(8)
    table = _table(game, ("Anna", "Bruno"), (Seat.human(), Seat.human()))
    rng = random.Random(8)
    while not game.is_terminal():
        game.apply(no_pass_random(game.legal_actions(), rng))
        hook(table)  # type: ignore[arg-type]
        assert saves.exists() != game.is_terminal()
    hook(table)  # type: ignore[arg-type]
    (summary,) = records.games()
    loaded = records.load(summary)
    assert loaded is not None and read_record(loaded).to_dict() == game.to_dict()


def test_the_save_hook_keeps_the_computer_seat(tmp_path: Path) -> None:
    """A computer seat is saved and recorded with its level and seed."""
    from famiglia.ui.session import autosave

    saves, records = SaveGameStore(tmp_path / "save.json"), RecordStore(tmp_path / "records")
    hook = autosave(saves, records)
    game = Game.new(5)
    table = _table(game, ("Anna", "Computer"), (Seat.human(), Seat.computer("easy", 5)))
    hook(table)  # type: ignore[arg-type]
    saved = saves.load()
    assert saved is not None and saved.seats == (Seat.human(), Seat.computer("easy", 5))
    game.resign(0)
    hook(table)  # type: ignore[arg-type]
    (summary,) = records.games()
    assert summary.mode == Mode(ModeKind.COMPUTER, computer=ComputerLevel.EASY)
    assert summary.reason == "resigned"

