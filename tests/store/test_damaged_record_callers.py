"""A record the rules refuse (here the audit's record without its setup, R2) is a damaged
record every caller reports in plain words: the Past games list sets it aside, an import is
refused with a notice, and ``famiglia analyse`` and ``famiglia replay`` name the file and the
damage, exit status 1, in the player's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from famiglia import i18n
from famiglia.__main__ import main
from famiglia.players import make_player, play_game
from famiglia.rules import Game, write_record
from famiglia.store.records import RecordStore


def without_setup(seed: int = 7) -> dict[str, Any]:
    player = make_player("no_pass_random", seed=seed)
    game = play_game(Game.new(seed), (player, player))
    record = json.loads(json.dumps(write_record(game, names=("Anna", "Bruno"))))
    del record["setup"]
    return record  # type: ignore[no-any-return]


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RecordStore:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    return RecordStore()


def test_the_past_games_list_sets_it_aside(store: RecordStore) -> None:
    store.folder.mkdir(parents=True)
    (store.folder / "20260101-000000-damaged.json").write_text(json.dumps(without_setup()),
                                                                encoding="utf-8")
    assert store.games() == []
    notice = store.take_notice()
    assert notice is not None and "the setup is damaged" in str(notice)
    assert not list(store.folder.glob("*.json"))


def test_an_import_is_refused_with_a_notice(store: RecordStore, tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    source.write_text(json.dumps(without_setup()), encoding="utf-8")
    assert store.import_file(source) is None
    notice = store.take_notice()
    assert notice is not None and "could not be imported" in str(notice)
    assert "the setup is damaged" in str(notice)


@pytest.mark.parametrize("command", ["analyse", "replay"])
def test_the_commands_name_the_file_and_the_damage(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(without_setup()), encoding="utf-8")
    assert main([command, str(path), *(["--no-keep"] if command == "analyse" else [])]) == 1
    said = capsys.readouterr().err
    assert said.startswith(f"famiglia {command}: {path} is a damaged game record: ")
    assert "the setup is damaged" in said and "Traceback" not in said


def test_a_german_player_reads_the_damage_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_LANG", "de")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(without_setup()), encoding="utf-8")
    try:
        assert main(["analyse", str(path), "--no-keep"]) == 1
        said = capsys.readouterr().err
        assert "beschädigte Aufzeichnung" in said and "damaged" not in said
    finally:
        i18n.set_language("en")
