"""The progress file: the lessons finished and the coach's tips seen per player survive a
restart, written atomically; a damaged or hand-edited file is set aside under a timestamped
name and reported, and the progress starts afresh; a folder that cannot be written is
reported once and the session keeps its progress; two copies of the game merge."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from famiglia.rules.records import NAME_LIMIT
from famiglia.store import progress
from famiglia.store.progress import FORMAT, Progress, ProgressStore


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ProgressStore:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path))
    return ProgressStore()


def test_a_new_player_has_learnt_nothing(store: ProgressStore, tmp_path: Path) -> None:
    assert store.path == tmp_path / "progress.json"
    assert store.load() == Progress()
    assert not store.path.exists() and store.take_notice() is None


def test_lessons_tips_and_the_welcome_survive_a_restart(store: ProgressStore) -> None:
    store.finish_lesson("goal")
    store.finish_lesson("pair")
    store.finish_lesson("goal")
    store.see_tip("Vito", "zero")
    store.see_tip("Vito", "pair")
    store.see_tip("Anna", "zero")
    store.welcome()
    again = ProgressStore(store.path).load()
    assert again.lessons == {"goal", "pair"} and again.welcomed
    assert again.tips_seen("Vito") == {"zero", "pair"} and again.tips_seen("Anna") == {"zero"}
    assert again.tips_seen("Carla") == frozenset()
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data == {"format": FORMAT, "lessons": ["goal", "pair"],
                    "tips": {"Anna": ["zero"], "Vito": ["pair", "zero"]}, "welcomed": True}
    # no temporary file is left; the lock file stays beside the file it guards (store.locking)
    assert sorted(path.name for path in store.path.parent.iterdir()) == [".progress.json.lock",
                                                                        "progress.json"]


def test_two_copies_of_the_game_keep_each_others_ticks(store: ProgressStore) -> None:
    other = ProgressStore(store.path)
    store.load()
    other.load()
    store.finish_lesson("goal")
    other.finish_lesson("brute")
    assert ProgressStore(store.path).load().lessons == {"goal", "brute"}


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", b'{"format": "famiglia-progress/9"}',
    b'{"format": "famiglia-progress/1", "lessons": [], "tips": {}}',
    b'{"format": "famiglia-progress/1", "lessons": ["goal", "goal"], "tips": {}, '
    b'"welcomed": false}',
    b'{"format": "famiglia-progress/1", "lessons": ["Goal!"], "tips": {}, "welcomed": false}',
    b'{"format": "famiglia-progress/1", "lessons": [], "tips": {"": ["zero"]}, '
    b'"welcomed": false}',
    b'{"format": "famiglia-progress/1", "lessons": [], "tips": {"Vito": "zero"}, '
    b'"welcomed": false}',
    b'{"format": "famiglia-progress/1", "lessons": [], "tips": {}, "welcomed": 1}',
    b"[" * 100000,
])
def test_a_damaged_file_is_set_aside_and_reported(store: ProgressStore,
                                                  content: bytes) -> None:
    store.path.write_bytes(content)
    assert store.load() == Progress()
    kept = list(store.path.parent.glob("progress.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    notice = str(store.take_notice())
    assert "could not be read" in notice and kept[0].name in notice
    assert not store.path.exists()
    store.finish_lesson("goal")
    assert ProgressStore(store.path).load().lessons == {"goal"}


def test_a_folder_that_cannot_be_written_is_reported_once(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    store.finish_lesson("goal")
    monkeypatch.setattr(os, "replace", refuse)
    assert store.finish_lesson("pair").lessons == {"goal", "pair"}
    notice = str(store.take_notice())
    assert "could not be saved" in notice and "goes on" in notice and "Errno" not in notice
    assert store.see_tip("Vito", "zero").tips_seen("Vito") == {"zero"}
    assert store.take_notice() is None, "reported once, not after every tick"
    monkeypatch.undo()
    assert ProgressStore(store.path).load().lessons == {"goal"}


def test_a_folder_where_no_lock_can_be_made_still_keeps_the_session(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object, **__: object) -> int:
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", refuse)
    assert store.load() == Progress()
    assert store.finish_lesson("goal").lessons == {"goal"}
    assert "could not be saved" in str(store.take_notice())


def test_a_name_from_an_imported_record_is_kept(store: ProgressStore) -> None:
    """Play on from here on an imported record plays under the record's names, which may be
    any text of up to 40 characters: the tips seen under them are kept, and the file with
    every lesson and tip reads back, never set aside."""
    store.finish_lesson("goal")
    long, odd = "Vito Andolini Corleone of Corleone, 1901", "  \t "
    assert len(long) == NAME_LIMIT
    store.see_tip(long, "zero")
    store.see_tip(odd, "pair")
    again = ProgressStore(store.path)
    progress = again.load()
    assert again.take_notice() is None and progress.lessons == {"goal"}
    assert progress.tips_seen(long) == {"zero"} and progress.tips_seen(odd) == {"pair"}
    assert not list(store.path.parent.glob("progress.json.corrupt-*"))


def test_names_and_tips_no_file_holds_are_refused_before_anything_is_written(
        store: ProgressStore) -> None:
    store.finish_lesson("goal")
    before = store.path.read_bytes()
    for player, tip in (("V" * 41, "zero"), ("", "zero"), ("Vito", "Zero!")):
        with pytest.raises(ValueError):
            store.see_tip(player, tip)
    with pytest.raises(ValueError):
        store.finish_lesson("a lesson")
    assert store.path.read_bytes() == before


def test_the_least_recently_tipped_players_make_room(store: ProgressStore,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Tips are kept for at most MOST_PLAYERS players: one more forgets the player tipped
    longest ago (a player tipped again is the most recent), so the file is never refused."""
    monkeypatch.setattr(progress, "MOST_PLAYERS", 3)
    for player in ("Anna", "Bruno", "Carla"):
        store.see_tip(player, "zero")
    store.see_tip("Anna", "pair")
    store.see_tip("Dario", "zero")
    again = ProgressStore(store.path)
    assert list(again.load().tips) == ["Carla", "Anna", "Dario"]
    assert again.take_notice() is None and again.last.tips_seen("Anna") == {"zero", "pair"}
