"""The user-file helpers every store uses: atomic writes, setting bad files aside, the lock."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from famiglia.store import files, locking
from famiglia.store.progress import ProgressStore


def test_atomic_write_replaces_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "state.json"
    files.atomic_write_json(target, {"a": 1})
    files.atomic_write_json(target, {"b": 2})
    assert target.read_text(encoding="utf-8").strip() == '{\n "b": 2\n}'
    assert [p.name for p in target.parent.iterdir()] == ["state.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    """A write that fails half-way (here: data that cannot be encoded) never touches the old
    file and leaves no temporary behind."""
    target = tmp_path / "state.json"
    files.atomic_write_text(target, "old")
    with pytest.raises(UnicodeEncodeError):
        files.atomic_write_text(target, "bad \udcff surrogate")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_set_aside_keeps_every_bad_file(tmp_path: Path) -> None:
    target = tmp_path / "scores.json"
    moved = []
    for content in ("first", "second"):
        target.write_text(content, encoding="utf-8")
        moved.append(files.set_aside(target))
    assert not target.exists()
    assert [p.read_text(encoding="utf-8") for p in moved] == ["first", "second"]
    assert all(p.name.startswith("scores.json.corrupt-") for p in moved)


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_remove_leftovers_deletes_only_abandoned_temporaries_of_that_file(tmp_path: Path
                                                                         ) -> None:
    """A temporary file is removed only when nobody holds its lock and it is older than a
    writer's instant between creating and locking it; another file's is never touched."""
    target = tmp_path / "save.json"
    dead = tmp_path / ".save.json.dead01.tmp"
    young = tmp_path / ".save.json.young1.tmp"
    other = tmp_path / ".other.json.dead02.tmp"
    for path in (dead, young, other):
        path.write_text("half", encoding="utf-8")
    for path in (dead, other):
        _age(path, 2 * locking.LEFTOVER_AGE)
    files.remove_leftovers(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([young.name, other.name])


def test_a_temporary_file_being_written_is_never_taken_for_a_leftover(tmp_path: Path) -> None:
    """Another writer holds the lock of its temporary file, however old the file looks."""
    target = tmp_path / "save.json"
    writing = tmp_path / ".save.json.busy01.tmp"
    writing.write_text("half", encoding="utf-8")
    _age(writing, 2 * locking.LEFTOVER_AGE)
    fd = os.open(writing, os.O_RDWR)
    try:
        locking.hold(fd)
        files.remove_leftovers(target)
        assert writing.exists()
    finally:
        os.close(fd)
    files.remove_leftovers(target)
    assert not writing.exists(), "once its writer is gone it is a leftover"


def test_lock_serialises_writers(tmp_path: Path) -> None:
    """Two holders of the lock never overlap, within one process too (each opening of the
    lock file is a holder of its own); the lock file stays for the next holder."""
    target = tmp_path / "scores.json"
    inside: list[int] = []
    overlaps: list[bool] = []

    def worker() -> None:
        for _ in range(20):
            with locking.file_lock(target):
                inside.append(1)
                overlaps.append(len(inside) > 1)
                time.sleep(0.001)
                inside.pop()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(overlaps) == 80 and not any(overlaps)
    assert [p.name for p in tmp_path.iterdir()] == [".scores.json.lock"]


def test_a_lock_file_nobody_holds_is_no_obstacle(tmp_path: Path) -> None:
    """A lock file left by a process that died holds no lock: the operating system released
    it with the process, whatever the file's age."""
    target = tmp_path / "scores.json"
    lock = tmp_path / ".scores.json.lock"
    lock.write_text("12345", encoding="utf-8")
    with locking.file_lock(target, timeout=0.0):
        assert lock.exists()


def test_folders_follow_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    assert files.data_dir() == tmp_path / "data"
    assert files.config_dir() == tmp_path / "config"


def test_a_file_larger_than_its_reader_reads_is_never_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store refuses a file beyond its size bound when reading, so it never writes one:
    the change holds for the session and the player is told, once."""
    store = ProgressStore(tmp_path / "progress.json")
    store.finish_lesson("goal")
    monkeypatch.setattr(ProgressStore, "max_bytes", store.path.stat().st_size)
    assert store.finish_lesson("pair").lessons == {"goal", "pair"}
    assert ("Your progress in the lessons could not be saved: the file would be larger than "
            "the game can read back") in str(store.take_notice())
    store.finish_lesson("brute")
    assert store.take_notice() is None
    assert ProgressStore(store.path).load().lessons == {"goal"}
