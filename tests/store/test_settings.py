"""The settings file: a round trip through the disk, the defaults when there is no file; a
damaged file (not JSON, too deep, too large) falling back to the defaults with a notice while
it is set aside, never overwritten; a bad setting going back to its default alone, the player
told which; the keys of a newer version kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from famiglia.store.names import TYPED_LIMIT
from famiglia.store.settings import (
    READERS,
    Settings,
    SettingsStore,
    like_default,
    names_problem,
    read_settings,
)


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


def test_a_highscore_name_remembered_as_the_solo_name_reads_back(store: SettingsStore) -> None:
    """The results remember the name typed for the highscore list (up to 24 characters) as
    the solo name: the file keeps it, and the next start reads it without a notice."""
    name = "Annemarie-Louise Castell"
    assert len(name) == TYPED_LIMIT
    store.save(Settings(solo_name=name, player_names=(name, "Carla")))
    again = SettingsStore(store.path)
    assert again.load() == Settings(solo_name=name, player_names=(name, "Carla"))
    assert again.take_notice() is None


def test_a_setting_its_reader_would_refuse_is_left_out_of_the_file(
        store: SettingsStore) -> None:
    """A window the window manager made smaller than the game asks for is not kept: the next
    start opens at the default size, without a notice about damaged settings."""
    store.save(Settings(window_size=(800, 600), volume=0.5))
    assert "window_size" not in json.loads(store.path.read_text(encoding="utf-8"))
    again = SettingsStore(store.path)
    assert again.load() == Settings(volume=0.5) and again.take_notice() is None


def test_save_leaves_no_temporary_files(store: SettingsStore) -> None:
    store.save(Settings())
    store.save(Settings(animation_speed=0.5))
    assert [path.name for path in store.path.parent.iterdir()] == ["settings.json"]


def _json(data: object) -> bytes:
    return json.dumps(data).encode("utf-8")


DAMAGED: dict[str, bytes] = {
    "bad JSON": b'{"animation_speed": 1.0,',
    "not an object": b"[1, 2, 3]",
    "not UTF-8": b"\xff\xfe{}",
    "nested deeper than any settings": b'{"language": ' + b"[" * 3000 + b"]" * 3000 + b"}",
    "larger than any settings": b'{"solo_name": "' + b"x" * 100_000 + b'"}',
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_falls_back_to_defaults_and_is_set_aside(store: SettingsStore,
                                                                content: bytes) -> None:
    store.path.write_bytes(content)
    assert store.load() == Settings()
    notice = str(store.notice)
    assert "defaults" in notice and len(notice) < 300
    kept = [path for path in store.path.parent.iterdir()
            if path.name.startswith("settings.json.corrupt-")]
    assert len(kept) == 1
    assert kept[0].name in notice
    assert kept[0].read_bytes() == content
    assert not store.path.exists()
    store.save(Settings(animation_speed=3.0))
    assert kept[0].read_bytes() == content, "the set-aside file is never overwritten"
    assert SettingsStore(store.path).load().animation_speed == 3.0


BAD_FIELDS: dict[str, tuple[str, object, str]] = {
    "speed of the wrong type": ("animation_speed", "fast", "Animation speed"),
    "impossible speed": ("animation_speed", 7, "Animation speed"),
    "speed given as a flag": ("animation_speed", True, "Animation speed"),
    "speed as a list": ("animation_speed", [], "Animation speed"),
    "fullscreen not a flag": ("fullscreen", "yes", "Fullscreen"),
    "window too small": ("window_size", [300, 200], "Window size"),
    "window size not a pair": ("window_size", 1280, "Window size"),
    "empty name": ("player_names", ["", "Carla"], "Player names"),
    "name too long": ("player_names", ["V" * 40, "Carla"], "Player names"),
    "one name only": ("player_names", ["Vito"], "Player names"),
    "impossible level": ("gangster_level", 9, "Gangster level"),
    "level as a list": ("gangster_level", [], "Gangster level"),
    "level as an object": ("gangster_level", {}, "Gangster level"),
    "a language the game lacks": ("language", "fr", "Language"),
    "language not a code": ("language", 1, "Language"),
    "language as a list": ("language", [], "Language"),
    "impossible volume": ("volume", 11, "Sound"),
    "who starts as an object": ("solo_first", {}, "Who starts the solo challenge"),
    "computer level as a list": ("computer_level", [], "Computer level"),
}

KEPT = {"animation_speed": 2.0, "fullscreen": True, "window_size": [1600, 900],
        "player_names": ["Vito", "Carla"], "gangster_level": 4, "language": "nl",
        "volume": 0.5, "solo_first": "gangster", "computer_level": "hard"}


@pytest.mark.parametrize("bad", BAD_FIELDS.values(), ids=BAD_FIELDS.keys())
def test_a_bad_setting_goes_back_to_its_default_and_the_others_are_kept(
        store: SettingsStore, bad: tuple[str, object, str]) -> None:
    """The player is told which setting went back to its default; the file as it was is kept
    beside the repaired one, which holds every other setting."""
    name, value, label = bad
    content = json.dumps({**KEPT, name: value}).encode("utf-8")
    store.path.write_bytes(content)
    loaded = store.load()
    expected = {key: (tuple(kept) if isinstance(kept, list) else kept)
                for key, kept in KEPT.items() if key != name}
    assert loaded == Settings(**expected)  # type: ignore[arg-type]
    notice = str(store.take_notice())
    assert f"1 of your settings could not be read ({label})" in notice
    assert "the others are kept" in notice
    (kept,) = store.path.parent.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == content and kept.name in notice
    assert SettingsStore(store.path).load() == loaded, "the repaired file is written"


def test_several_bad_settings_are_named_together(store: SettingsStore) -> None:
    store.path.write_text(json.dumps({"volume": "loud", "mute": "no", "solo_name": "Sonny"}),
                          encoding="utf-8")
    assert store.load() == Settings(solo_name="Sonny")
    assert "2 of your settings could not be read (Sound off, Sound)" in str(store.notice)


def test_unknown_settings_of_a_newer_version_are_kept_and_written_back(
        store: SettingsStore) -> None:
    store.path.write_text(json.dumps({"volume": 0.5, "table_theme": {"felt": "blue"}}),
                          encoding="utf-8")
    loaded = store.load()
    assert loaded == Settings(volume=0.5) and store.notice is None
    store.save(loaded.with_changes(mute=True))
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert saved["table_theme"] == {"felt": "blue"} and saved["mute"] is True


def test_an_empty_object_is_every_default_without_a_notice(store: SettingsStore) -> None:
    store.path.write_text("{}", encoding="utf-8")
    assert store.load() == Settings() and store.notice is None


def test_every_setting_reads_back_what_it_writes() -> None:
    """Each field's reader (its own or the one its default's kind gives) takes the value the
    file holds for the defaults and for changed settings."""
    changed = Settings(animation_speed=0.5, fullscreen=True, window_size=(2000, 1200),
                       fresh_cards_rule=False, player_names=("Vito", "Carla"),
                       solo_name="Sonny", gangster_level=1, solo_first="random", volume=1.0,
                       mute=True, computer_level="expert", language="de")
    for settings in (Settings(), changed):
        data = json.loads(json.dumps(settings.to_dict()))
        reading = read_settings(data)
        assert reading.settings == settings and reading.reset == () and reading.unknown == {}


def test_a_setting_without_a_reader_of_its_own_is_read_by_its_defaults_kind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(READERS, "mute")
    monkeypatch.delitem(READERS, "window_size")
    reading = read_settings({"mute": "yes", "window_size": [1600, 900]})
    assert reading.reset == ("mute",) and reading.settings.window_size == (1600, 900)
    assert read_settings({"window_size": [1600, "wide"]}).reset == ("window_size",)
    assert read_settings({"window_size": [1600]}).reset == ("window_size",)
    assert like_default(None)("any text") == "any text"
    assert like_default(1.0)(2) == 2.0
    with pytest.raises(ValueError):
        like_default(1.0)(float("nan"))
    with pytest.raises(ValueError):
        like_default(3)(True)


def test_a_settings_folder_that_is_a_file_is_reported_in_plain_words(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("not a folder", encoding="utf-8")
    store = SettingsStore(tmp_path / "config" / "settings.json")
    assert store.load() == Settings()
    assert store.save(Settings()) is False
    notice = str(store.take_notice())
    assert "there is a file where a folder should be" in notice
    assert "Errno" not in notice and "Not a directory" not in notice


def test_names_problem_explains_unusable_hot_seat_names() -> None:
    assert names_problem("Vito", "Carla") is None
    assert names_problem("  ", "Carla") == "Give each player a name."
    assert names_problem("Vito", "vito ") == "The two players need different names."


def test_names_never_chosen_follow_the_language_and_chosen_ones_stay() -> None:
    """A German player meets "Spieler 1", not "Player 1"; a typed name is kept."""
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
