"""The settings file: a round trip through the disk, the defaults when there is no file, and a
corrupt or tampered file (bad JSON, wrong types, impossible values) falling back to the
defaults with a notice while the bad file is set aside, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from famiglia.store.settings import Settings, SettingsStore, names_problem


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SettingsStore:
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path))
    return SettingsStore()


def test_the_settings_file_lives_in_the_config_dir(store: SettingsStore, tmp_path: Path) -> None:
    assert store.path == tmp_path / "settings.json"


def test_no_file_gives_the_defaults_without_a_notice(store: SettingsStore) -> None:
    assert store.load() == Settings()
    assert store.notice is None


def test_round_trip_keeps_every_field(store: SettingsStore) -> None:
    changed = Settings(animation_speed=2.0, fullscreen=True, window_size=(1600, 900),
                       fresh_cards_rule=False, player_names=("Vito", "Carla"),
                       solo_name="Sonny", gangster_level=4, solo_first="gangster",
                       language="nl")
    store.save(changed)
    assert SettingsStore(store.path).load() == changed
    assert json.loads(store.path.read_text(encoding="utf-8"))["player_names"] == ["Vito",
                                                                                 "Carla"]


def test_save_leaves_no_temporary_files(store: SettingsStore) -> None:
    store.save(Settings())
    store.save(Settings(animation_speed=0.5))
    assert [path.name for path in store.path.parent.iterdir()] == ["settings.json"]


def _json(data: object) -> bytes:
    return json.dumps(data).encode("utf-8")


CORRUPT: dict[str, bytes] = {
    "bad JSON": b'{"animation_speed": 1.0,',
    "not an object": b"[1, 2, 3]",
    "not UTF-8": b"\xff\xfe{}",
    "speed of the wrong type": _json({"animation_speed": "fast"}),
    "impossible speed": _json({"animation_speed": 7}),
    "speed given as a flag": _json({"animation_speed": True}),
    "fullscreen not a flag": _json({"fullscreen": "yes"}),
    "window too small": _json({"window_size": [300, 200]}),
    "window size not a pair": _json({"window_size": 1280}),
    "empty name": _json({"player_names": ["", "Carla"]}),
    "name too long": _json({"player_names": ["V" * 40, "Carla"]}),
    "one name only": _json({"player_names": ["Vito"]}),
    "impossible level": _json({"gangster_level": 9}),
    "a language the game lacks": _json({"language": "fr"}),
    "language not a code": _json({"language": 1}),
    "unknown setting": _json({"volume": 11}),
}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
def test_a_corrupt_file_falls_back_to_defaults_and_is_set_aside(store: SettingsStore,
                                                                content: bytes) -> None:
    store.path.write_bytes(content)
    original = content
    assert store.load() == Settings()
    assert store.notice is not None
    assert "defaults" in str(store.notice)
    kept = [path for path in store.path.parent.iterdir()
            if path.name.startswith("settings.json.corrupt-")]
    assert len(kept) == 1
    assert kept[0].name in str(store.notice)
    assert kept[0].read_bytes() == original
    assert not store.path.exists()
    store.save(Settings(animation_speed=3.0))
    assert kept[0].read_bytes() == original, "the set-aside file is never overwritten"
    assert SettingsStore(store.path).load().animation_speed == 3.0


def test_names_problem_explains_unusable_hot_seat_names() -> None:
    assert names_problem("Vito", "Carla") is None
    assert names_problem("  ", "Carla") == "Give each player a name."
    assert names_problem("Vito", "vito ") == "The two players need different names."


def test_names_never_chosen_follow_the_language_and_chosen_ones_stay() -> None:
    """Issue 12: a German player meets "Spieler 1", not "Player 1"; a typed name is kept."""
    from famiglia import i18n
    from famiglia.store.settings import follow_language

    before = i18n.current_language()
    try:
        i18n.set_language("de")
        assert follow_language(Settings()).player_names == ("Spieler 1", "Spieler 2")
        assert follow_language(Settings()).solo_name == "Spieler"
        i18n.set_language("nl")
        dutch = follow_language(Settings(player_names=("Spieler 1", "Carla"),
                                         solo_name="Sonny"))
        assert dutch.player_names == ("Speler 1", "Carla") and dutch.solo_name == "Sonny"
    finally:
        i18n.set_language(before)
