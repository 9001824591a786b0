"""The user-file helpers every store uses: atomic writes, setting bad files aside, the lock."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from famiglia.store import files


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


def test_remove_leftovers_deletes_only_temporaries_of_that_file(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    (tmp_path / ".save.json.abc123.tmp").write_text("half", encoding="utf-8")
    (tmp_path / ".other.json.abc123.tmp").write_text("keep", encoding="utf-8")
    files.remove_leftovers(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.abc123.tmp"]


def test_lock_serialises_writers(tmp_path: Path) -> None:
    """Two holders of the lock never overlap (read-merge-write of the highscores relies on
    it)."""
    target = tmp_path / "scores.json"
    inside: list[int] = []
    overlaps: list[bool] = []

    def worker() -> None:
        for _ in range(20):
            with files.file_lock(target):
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
    assert not list(tmp_path.iterdir())


def test_stale_lock_of_a_killed_process_is_broken(tmp_path: Path) -> None:
    target = tmp_path / "scores.json"
    lock = tmp_path / ".scores.json.lock"
    lock.write_text("12345", encoding="utf-8")
    old = time.time() - 60
    os.utime(lock, (old, old))
    with files.file_lock(target, timeout=1.0):
        assert lock.exists()
    assert not lock.exists()


def test_folders_follow_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    assert files.data_dir() == tmp_path / "data"
    assert files.config_dir() == tmp_path / "config"
