"""Kept analyses (famiglia.store.analyses): a game is analysed once, its analysis found again
from any copy of its record, and a damaged file set aside and reported, never used."""

from __future__ import annotations

import errno
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from famiglia import analyse as analyse_command
from famiglia.__main__ import main
from famiglia.players import GreedyPlayer, Seat
from famiglia.players.analysis import EFFORTS, Analysis, Decision, Effort, analyse
from famiglia.rules import Game, write_record
from famiglia.store.analyses import FORMAT, VERSION, AnalysisFile, game_key
from famiglia.store.files import encode_json

TINY = Effort(search=10, searches=1, proposals=1, measure=10)
HUMANS = (Seat.human(), Seat.human())


def _record(seed: int = 3, turns: int = 8, **meta: Any) -> dict[str, Any]:
    game = Game.new(seed)
    greedy = GreedyPlayer()
    while not game.is_terminal() and game.turn < turns:
        game.push(greedy.choose(game))
    return write_record(game, seats=HUMANS, **meta)


@pytest.fixture
def record() -> dict[str, Any]:
    return _record()


@pytest.fixture
def result(record: dict[str, Any]) -> Analysis:
    return analyse(record, effort=TINY)


def test_an_analysis_is_kept_and_found_again(tmp_path: Path, record: dict[str, Any],
                                             result: Analysis) -> None:
    """One file per game, named by the game's digest, with every analysis of it; the same
    game with other names or another date finds it too."""
    kept = AnalysisFile(record, tmp_path)
    assert kept.load() is None
    assert kept.save(result)
    assert kept.path == tmp_path / f"{game_key(record)}.json"
    data = json.loads(kept.path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["game"] == game_key(record)
    assert data["analyses"] == [result.to_dict()]
    renamed = dict(record, players={"names": ["X", "Y"], "seats": record["players"]["seats"]},
                   date="2030-01-01T10:00:00+01:00")
    assert AnalysisFile(renamed, tmp_path).load() == result
    assert kept.load(seed=2) is None and kept.load(seats=(0,)) is None
    assert kept.load(level="hard") is None and kept.take_notice() is None


def test_analyses_of_one_game_are_kept_side_by_side(tmp_path: Path, record: dict[str, Any],
                                                     result: Analysis) -> None:
    other = analyse(record, effort=TINY, seed=2, seats=(1,))
    kept = AnalysisFile(record, tmp_path)
    assert kept.save(result) and kept.save(other) and kept.save(result)
    assert kept.load() == result and kept.load(seed=2, seats=(1,)) == other
    assert len(json.loads(kept.path.read_text(encoding="utf-8"))["analyses"]) == 2


def test_the_oldest_analyses_make_room_rather_than_outgrow_the_reader(
        tmp_path: Path, record: dict[str, Any], result: Analysis,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A file never grows past what its reader reads: the oldest analyses of the game are
    dropped to keep the newest, and all that are kept read back."""
    seeds = (result, *(replace(result, seed=seed) for seed in (2, 3, 4)))
    two = encode_json({"format": FORMAT, "version": VERSION, "game": game_key(record),
                       "analyses": [seeds[2].to_dict(), seeds[3].to_dict()]})
    monkeypatch.setattr(AnalysisFile, "max_bytes", len(two.encode("utf-8")))
    kept = AnalysisFile(record, tmp_path)
    for analysis in seeds:
        assert kept.save(analysis)
    assert kept.path.stat().st_size <= AnalysisFile.max_bytes
    assert [kept.load(seed=seed) for seed in (1, 2, 3, 4)] == [None, None, *seeds[2:]]
    assert kept.take_notice() is None


@pytest.mark.parametrize("damage", ["not json {", "[]", "bad format", "another game",
                                    "a move not played", "a seat not analysed"])
def test_a_damaged_file_is_set_aside_and_reported(tmp_path: Path, record: dict[str, Any],
                                                  result: Analysis, damage: str) -> None:
    kept = AnalysisFile(record, tmp_path)
    kept.save(result)
    data = json.loads(kept.path.read_text(encoding="utf-8"))
    text = damage
    if damage == "bad format":
        text = json.dumps(dict(data, format="something else"))
    elif damage == "another game":
        text = json.dumps(dict(data, game=game_key(_record(seed=4))))
    elif damage == "a move not played":
        data["analyses"][0]["decisions"][0]["played"] = "pass"
        text = json.dumps(data)
    elif damage == "a seat not analysed":
        data["analyses"][0]["seats"] = [1]
        text = json.dumps(data)
    kept.path.write_text(text, encoding="utf-8")
    assert kept.load() is None
    notice = str(kept.take_notice())
    assert "analysed again" in notice and "corrupt" in notice
    assert not kept.path.exists()
    assert [path.read_text(encoding="utf-8") for path in tmp_path.glob("*.corrupt-*")] == [text]
    assert kept.save(result) and kept.load() == result


def test_an_analysis_of_another_version_is_not_used_nor_set_aside(
        tmp_path: Path, record: dict[str, Any], result: Analysis) -> None:
    kept = AnalysisFile(record, tmp_path)
    kept.save(result)
    data = json.loads(kept.path.read_text(encoding="utf-8"))
    data["analyses"][0]["version"] = 99
    kept.path.write_text(json.dumps(data), encoding="utf-8")
    assert kept.load() is None and kept.take_notice() is None
    assert kept.save(result) and kept.load() == result


def test_a_folder_that_cannot_be_written_is_reported(tmp_path: Path, record: dict[str, Any],
                                                     result: Analysis,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    kept = AnalysisFile(record, tmp_path)
    assert kept.save(result) is False
    notice = str(kept.take_notice())
    assert "could not be kept" in notice and "Errno" not in notice


def test_decisions_check_what_they_read() -> None:
    good = Decision(4, 1, 3, "take 2", "pass", 40.0, 41.5)
    assert Decision.from_dict(good.to_dict()) == good
    for key, value in (("ply", -1), ("seat", 2), ("turn", 0), ("played", "jump"),
                       ("best", 3), ("chances_best", True), ("chances_played", "40")):
        with pytest.raises(ValueError):
            Decision.from_dict(dict(good.to_dict(), **{key: value}))


# ------------------------------------------------------------------ the command line


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_LANG", "en")
    monkeypatch.setitem(EFFORTS, "expert", TINY)
    return tmp_path


def _no_analysis(*_: object, **__: object) -> None:
    raise AssertionError("the kept analysis should have been used")


def test_the_command_line_reuses_a_kept_analysis(cli: Path, record: dict[str, Any],
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = cli / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["analyse", str(path), "--json", "--jobs", "0"]) == 0
    first = capsys.readouterr().out
    assert list((cli / "data" / "analyses").glob("*.json"))
    monkeypatch.setattr(analyse_command, "AnalysisJob", _no_analysis)
    assert main(["analyse", str(path), "--json"]) == 0
    again, err = capsys.readouterr()
    assert again == first and "Analysing" not in err


def test_the_command_line_sets_a_damaged_kept_analysis_aside(
        cli: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    path = cli / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    kept = AnalysisFile(record, cli / "data" / "analyses")
    kept.path.parent.mkdir(parents=True)
    kept.path.write_text("{ damaged", encoding="utf-8")
    assert main(["analyse", str(path), "--jobs", "0"]) == 0
    err = capsys.readouterr().err
    assert "could not be read" in err and ".corrupt-" in err
    assert list(kept.path.parent.glob("*.corrupt-*")) and kept.load() is not None


def test_no_keep_neither_reads_nor_writes(cli: Path, record: dict[str, Any],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = cli / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["analyse", str(path), "--jobs", "0", "--no-keep"]) == 0
    assert not (cli / "data" / "analyses").exists()
    assert "Analysed" in capsys.readouterr().err
