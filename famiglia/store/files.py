"""Where user files live, how they are written atomically, and how bad ones are set aside.

``FAMIGLIA_DATA_DIR`` and ``FAMIGLIA_CONFIG_DIR`` override platformdirs' user data and config
folders (tests point them at temporary folders).  :class:`StoreFile` is what every store shares:
a ``notice`` for the player, and writes that report a folder that cannot be written (read-only,
full disk) once, in plain words, instead of raising, so the game goes on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "famiglia"


def data_dir() -> Path:
    """Highscores and the saved game."""
    override = os.environ.get("FAMIGLIA_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def config_dir() -> Path:
    """Settings."""
    override = os.environ.get("FAMIGLIA_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, False))


def atomic_write_text(path: Path, text: str) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename it over
    ``path``: a reader (or a crash) sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def remove_leftovers(path: Path) -> None:
    """Delete temporary files a killed writer left beside ``path`` (only call this where no
    other process may be writing the same file)."""
    for leftover in path.parent.glob(f".{path.name}.*.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def set_aside(path: Path) -> Path:
    """Rename a corrupt file to ``<name>.corrupt-<timestamp>`` beside it and return the new
    path, so the player's data is kept for inspection and a fresh file can begin."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


@contextlib.contextmanager
def file_lock(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """An exclusive lock beside ``path`` (a lock file created with O_EXCL), so that two game
    instances re-read, merge and write one after the other.  A lock older than ``timeout`` is
    taken to be left by a killed process and broken."""
    lock = path.with_name(f".{path.name}.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - lock.stat().st_mtime > timeout:
                    os.unlink(lock)
                    continue
            if time.monotonic() > deadline:
                raise TimeoutError(f"{lock} is held by another instance") from None
            time.sleep(0.01)
    try:
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)


def reason(error: OSError) -> str:
    """What went wrong with a file, in a player's words rather than the system's."""
    if isinstance(error, PermissionError):
        return "Famiglia is not allowed to write there"
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno == errno.EROFS:
        return "the disk is read-only"
    if isinstance(error, FileNotFoundError | NotADirectoryError):
        return "the folder is missing"
    return error.strerror or "the system refused"


class StoreFile:
    """One user file and its ``notice``: the last thing the player should be told about it
    (a bad file set aside, a folder that cannot be written), or ``None``.

    The UI shows :meth:`take_notice` after loading or saving.  A failed write sets the notice
    only the first time in a row, so saving after every action does not repeat it; a write
    that works again resets that.
    """

    #: What the file holds, for the messages ("the saved game", "your settings" …), and what
    #: a failed write did not save, where that reads better ("the game").
    what = "the file"
    what_written: str | None = None

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: str | None = None
        self.write_failed = False

    def take_notice(self) -> str | None:
        """The notice, once: it is cleared as it is handed out."""
        notice, self.notice = self.notice, None
        return notice

    def cannot_write(self, error: OSError, done: str = "saved", what: str | None = None) -> None:
        """Report a failed write or removal (once in a row)."""
        what = what or self.what_written or self.what
        if not self.write_failed:
            self.notice = (f"{what[0].upper()}{what[1:]} could not be {done}: "
                           f"{reason(error)} ({self.path.parent}). The game goes on.")
        self.write_failed = True

    def write_json(self, data: Any) -> bool:
        """Write atomically; on failure report it and return ``False`` (the old file, if
        any, is untouched)."""
        try:
            atomic_write_json(self.path, data)
        except OSError as error:
            self.cannot_write(error)
            return False
        self.write_failed = False
        return True

    def set_aside(self, problem: str, then: str = "") -> None:
        """A file that cannot be used: keep it under another name and say so (``problem`` and
        ``then`` are short plain phrases: "it was damaged", ", so a new list begins"); when
        even that is impossible (a read-only folder), say the file was left where it is."""
        what = f"{self.what[0].upper()}{self.what[1:]}"
        try:
            moved = set_aside(self.path)
        except OSError as error:
            self.notice = (f"{what} could not be read ({problem}){then}; the file was left as "
                           f"it is, since {reason(error)}.")
            return
        self.notice = (f"{what} could not be read ({problem}){then}; the file was kept as "
                       f"{moved.name} in {moved.parent}.")
