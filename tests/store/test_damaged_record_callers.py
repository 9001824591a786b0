"""A record the rules refuse (here the audit's record without its setup, R2) is a damaged
record every caller reports in plain words: the Past games list sets it aside, an import is
refused with a notice, and ``famiglia analyse`` and ``famiglia replay`` name the file and the
damage, exit status 1, in the player's language, wholly: the core's inner detail in English
(the field and the value it refused) goes to the log only."""

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
    assert notice is not None and "the setup is missing" in str(notice)
    assert not list(store.folder.glob("*.json"))


def test_an_import_is_refused_with_a_notice(store: RecordStore, tmp_path: Path) -> None:
    source = tmp_path / "game.json"
    source.write_text(json.dumps(without_setup()), encoding="utf-8")
    assert store.import_file(source) is None
    notice = store.take_notice()
    assert notice is not None and "could not be imported" in str(notice)
    assert "the setup is missing" in str(notice)


@pytest.mark.parametrize("command", ["analyse", "replay"])
def test_the_commands_name_the_file_and_the_damage(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, log_file: Path) -> None:
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(without_setup()), encoding="utf-8")
    assert main([command, str(path), *(["--no-keep"] if command == "analyse" else [])]) == 1
    said = capsys.readouterr().err
    assert said.startswith(f"famiglia {command}: {path} is a damaged game record: ")
    assert "the setup is missing" in said and "Traceback" not in said
    assert f"{path} was refused: the setup is missing" in log_file.read_text(encoding="utf-8")


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


@pytest.mark.parametrize(("language", "words"), [("de", "Spielaufbau ist beschädigt"),
                                                 ("nl", "opzet is beschadigd")])
def test_a_refused_import_is_told_wholly_in_the_players_language_and_logged(
        store: RecordStore, tmp_path: Path, log_file: Path, language: str,
        words: str) -> None:
    """A setup whose seed is not a number: the notice names the damaged part in German or
    Dutch, without the core's English ("setup.seed must be …"), which the log keeps."""
    record = without_setup()
    record["setup"] = {"seed": "x"}
    source = tmp_path / "game.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    assert store.import_file(source) is None
    notice = store.take_notice()
    assert notice is not None
    i18n.set_language(language)
    try:
        said = i18n.translate_message(notice)
    finally:
        i18n.set_language("en")
    assert words in said and "setup" not in said and "must" not in said, said
    assert "setup.seed must be" in log_file.read_text(encoding="utf-8")


def test_a_list_that_sets_a_record_aside_logs_the_detail(store: RecordStore,
                                                         log_file: Path) -> None:
    store.folder.mkdir(parents=True)
    record = without_setup()
    record["setup"] = {"seed": "x"}
    (store.folder / "20260101-000000-damaged.json").write_text(json.dumps(record),
                                                                encoding="utf-8")
    assert store.games() == []
    notice = store.take_notice()
    assert notice is not None and "(the setup is damaged)" in str(notice)
    logged = log_file.read_text(encoding="utf-8")
    assert "20260101-000000-damaged.json was refused" in logged
    assert "setup.seed must be" in logged


def test_famiglia_replay_tells_a_dutch_player_in_dutch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_LANG", "nl")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    record = without_setup()
    record["setup"] = "F0 F1"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    try:
        assert main(["replay", str(path)]) == 1
        said = capsys.readouterr().err
    finally:
        i18n.set_language("en")
    assert said.strip().endswith("is een beschadigd verslag van een Famiglia-partij: de opzet "
                                 "is beschadigd"), said
    assert "dict" not in said
