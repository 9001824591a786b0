"""The operating system's lock, with real processes: writers take turns and lose no update, a
holder that dies releases the lock, a slow holder keeps it, and a highscore writer that cannot
have it within its wait writes nothing and says so.  (Game instances merging their highscores
under it: tests/store/test_highscores.py.)"""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections.abc import Iterator
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest

from famiglia.store import locking
from famiglia.store.highscores import Entry, HighscoreStore

CONTEXT = multiprocessing.get_context("spawn")


def entry(number: int) -> Entry:
    """A won game of list 3a (S5: ranking value 2 × own VP − Gangster VP)."""
    return Entry(f"Player {number}", f"2025-03-01T20:{number:02d}:00+01:00", 40 + number, 20,
                 60 + 2 * number, 3, "a", True)


def count_up(path: str, times: int) -> None:
    """Read, add one and write a counter under the lock: without it, increments are lost."""
    target = Path(path)
    for _ in range(times):
        with locking.file_lock(target):
            value = int(target.read_text(encoding="utf-8")) if target.exists() else 0
            target.write_text(str(value + 1), encoding="utf-8")


def hold_lock(path: str, taken: Event) -> None:
    """Take the lock, say so, and keep it until killed."""
    with locking.file_lock(Path(path)):
        taken.set()
        threading.Event().wait()


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[multiprocessing.process.BaseProcess]:
    """Another process holding the highscore list's lock until the test kills it."""
    taken = CONTEXT.Event()
    process = CONTEXT.Process(target=hold_lock, args=(str(tmp_path / "highscores.json"), taken),
                              daemon=True)
    process.start()
    assert taken.wait(60), "the holder took the lock"
    yield process
    process.kill()
    process.join(10)


def test_two_processes_count_under_the_lock_without_losing_an_increment(tmp_path: Path) -> None:
    target = tmp_path / "counter.txt"
    workers = [CONTEXT.Process(target=count_up, args=(str(target), 40)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert target.read_text(encoding="utf-8") == "80"


def test_a_killed_holder_releases_the_lock(tmp_path: Path,
                                           holder: multiprocessing.process.BaseProcess) -> None:
    target = tmp_path / "highscores.json"
    with pytest.raises(locking.LockTimeout), locking.file_lock(target, timeout=0.2):
        pass
    holder.kill()
    holder.join(10)
    with locking.file_lock(target, timeout=30):
        pass


def test_a_wait_that_times_out_writes_nothing_and_says_so(
        tmp_path: Path, holder: multiprocessing.process.BaseProcess,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """However long another instance holds the lock, it is never taken from it: the entry is
    reported as not saved and the file stays as it was."""
    path = tmp_path / "highscores.json"
    monkeypatch.setattr(locking, "WAIT", 0.2)
    store = HighscoreStore(path)
    assert store.add(entry(1)) is None
    assert store.write_failed and not path.exists()
    notice = str(store.take_notice())
    assert "could not be saved" in notice and "another Famiglia window" in notice
    assert store.load()["3a"] == (), "reading goes on without the lock"
    holder.kill()
    holder.join(10)
    assert store.add(entry(1)) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["lists"]["3a"][0]["name"] == "Player 1"
