"""Files from outside read within bounds: a deeply nested or oversized file of any kind (the
settings, the highscores, the saved game, a past game's record, an imported record) is
reported in plain words and set aside or refused, never a ``RecursionError`` or a crash; an
import that is refused writes nothing; a record's version is exactly the whole number."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from famiglia.players import make_player, play_game
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.store import records
from famiglia.store.highscores import HighscoreStore, empty
from famiglia.store.records import RecordStore
from famiglia.store.savegame import SaveGameStore
from famiglia.store.settings import Settings, SettingsStore

#: About 4 KB of brackets: deeper than any reader's recursion allows.
NESTED = "[" * 2000 + "]" * 2000


def a_record(seed: int = 4) -> dict[str, Any]:
    player = make_player("no_pass_random", seed=seed)
    game = play_game(Game.new(seed), (player, player))
    return json.loads(json.dumps(write_record(game, names=("Anna", "Bruno"),
                                                 seats=(Seat.human(), Seat.human()))))


def nested_position(record: dict[str, Any]) -> str:
    """The record with a position nested deeper than any reader can follow."""
    record["setup"]["position"] = {"hands": "NESTED"}
    return json.dumps(record).replace('"NESTED"', "[" * 900 + "]" * 900)


def _plain(notice: object) -> str:
    text = str(notice)
    assert notice is not None and "Recursion" not in text and "Errno" not in text
    assert len(text) < 300
    return text


@pytest.mark.parametrize("text", [NESTED, nested_position(a_record())],
                         ids=["brackets", "a record with a nested position"])
def test_a_deep_record_among_the_past_games_is_set_aside(tmp_path: Path, text: str) -> None:
    store = RecordStore(tmp_path)
    (tmp_path / "20261101-000000-deep.json").write_text(text, encoding="utf-8")
    assert store.games() == []
    assert "set aside" in _plain(store.take_notice())
    assert len(list(tmp_path.glob("*.corrupt-*"))) == 1


@pytest.mark.parametrize("text", [NESTED, nested_position(a_record())],
                         ids=["brackets", "a record with a nested position"])
def test_a_deep_record_is_refused_on_import_and_nothing_is_written(tmp_path: Path,
                                                                  text: str) -> None:
    source = tmp_path / "deep.json"
    source.write_text(text, encoding="utf-8")
    store = RecordStore(tmp_path / "records")
    assert store.import_file(source) is None
    assert "deep.json" in _plain(store.take_notice())
    assert not store.folder.exists()


def test_a_record_opened_after_it_became_deep_is_set_aside(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    store.add(a_record())
    (summary,) = store.games()
    summary.path.write_text(NESTED, encoding="utf-8")
    assert store.load(summary) is None
    assert "set aside" in _plain(store.take_notice())


def test_an_oversized_record_is_set_aside(tmp_path: Path) -> None:
    store = RecordStore(tmp_path)
    record = a_record()
    record["padding"] = "x" * records.MAX_BYTES
    (tmp_path / "20261101-000000-big.json").write_text(json.dumps(record), encoding="utf-8")
    assert store.games() == []
    assert "far larger than any file the game writes" in _plain(store.take_notice())


@pytest.mark.parametrize(("seat", "problem"), [
    ({"kind": "alien"}, "kind of player this version does not know"),
    ({"kind": "gangster"}, "seats do not match the game")], ids=["unknown kind", "gangster"])
def test_an_import_with_seats_this_game_cannot_have_writes_nothing(
        tmp_path: Path, seat: dict[str, str], problem: str) -> None:
    """Every seat is a kind this version knows, and (S1) the Gangster sits at seat 1 of a
    solo game only."""
    record = a_record()
    record["players"]["seats"][1] = seat
    source = tmp_path / "seats.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    store = RecordStore(tmp_path / "records")
    assert store.import_file(source) is None
    notice = _plain(store.take_notice())
    assert "could not be imported" in notice and problem in notice
    assert not store.folder.exists()


@pytest.mark.parametrize("version", [1.0, True, "1", None])
def test_a_record_version_is_exactly_the_whole_number(tmp_path: Path, version: object) -> None:
    record = a_record()
    record["version"] = version
    source = tmp_path / "version.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    store = RecordStore(tmp_path / "records")
    assert store.import_file(source) is None
    assert "another version" in _plain(store.take_notice())
    listed = RecordStore(tmp_path / "listed")
    listed.folder.mkdir()
    (listed.folder / "20261101-000000-v.json").write_text(json.dumps(record), encoding="utf-8")
    assert listed.games() == []


@pytest.mark.parametrize(("kind", "fresh"), [
    (SettingsStore, Settings()), (HighscoreStore, empty()), (SaveGameStore, None)],
    ids=["settings", "highscores", "saved game"])
@pytest.mark.parametrize("text", [NESTED, '{"a": ' * 1500 + "1" + "}" * 1500],
                         ids=["lists", "objects"])
def test_a_deep_store_file_is_set_aside(tmp_path: Path, kind: Any, fresh: object,
                                        text: str) -> None:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    store = kind(path)
    assert store.load() == fresh
    notice = _plain(store.take_notice())
    assert "it was damaged" in notice and "kept as" in notice
    assert not path.exists()


def test_an_oversized_save_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"padding": "x" * 5_000_000}), encoding="utf-8")
    store = SaveGameStore(path)
    assert store.load() is None
    assert "far larger" in _plain(store.take_notice())


def test_a_damaged_record_in_a_read_only_folder_is_reported_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It cannot be set aside: the notice says it stays where it is, and later listings in
    the same run leave it out without saying so again."""
    store = RecordStore(tmp_path)
    store.add(a_record())
    broken = tmp_path / "20261101-000000-broken.json"
    broken.write_text("{oops", encoding="utf-8")

    def refuse(*_: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert len(store.games()) == 1
    notice = _plain(store.take_notice())
    assert "nor set aside" in notice and "stays in" in notice and "set aside in" not in notice
    assert broken.exists()
    for _ in range(2):
        assert len(RecordStore(tmp_path).games()) == 1
    again = RecordStore(tmp_path)
    again.games()
    assert again.notice is None


def test_records_set_aside_and_records_that_stay_are_both_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Of two damaged records, one can be set aside and one cannot: one notice names both, so
    the record that stays (and is left out of later listings) is never passed over."""
    store = RecordStore(tmp_path)
    store.add(a_record())
    for name in ("20261101-000000-moved.json", "20261101-000001-stuck.json"):
        (tmp_path / name).write_text("{oops", encoding="utf-8")
    replace = os.replace

    def refuse_one(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
        if "stuck" in str(source):
            raise PermissionError(errno.EACCES, "Permission denied")
        replace(source, target)

    monkeypatch.setattr(os, "replace", refuse_one)
    assert len(store.games()) == 1
    notice = str(store.take_notice())
    assert "Errno" not in notice and notice.count(str(tmp_path)) == 2
    assert "was set aside in" in notice and "moved.json" in notice
    assert "nor set aside" in notice and "stuck.json" in notice
    assert (tmp_path / "20261101-000001-stuck.json").exists()
    assert not (tmp_path / "20261101-000000-moved.json").exists()


def test_a_file_where_the_records_folder_should_be_is_named_in_plain_words(
        tmp_path: Path) -> None:
    (tmp_path / "records").write_text("not a folder", encoding="utf-8")
    store = RecordStore(tmp_path / "records")
    assert store.add(a_record()) is None
    notice = _plain(store.take_notice())
    assert "there is a file where a folder should be" in notice
    assert "File exists" not in notice and "Not a directory" not in notice
