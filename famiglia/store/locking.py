"""Locks from the operating system, so that two game instances take turns with a shared file.

A lock belongs to an open file (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), so the
operating system releases it when its holder closes the file or dies: a lock never outlives
its process, and none is taken from a live holder, however slow.  The lock file itself stays
beside the file it guards (``.highscores.json.lock``): removing it would let a waiter lock the
removed file while a newcomer locks a new one.

The same locks tell an abandoned temporary file from one being written: a writer holds the lock
of its temporary file (:func:`hold`) until it is renamed into place, so a temporary file whose
lock is free, and which is older than :data:`LEFTOVER_AGE`, was left by a writer that died.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

#: How often a waiter tries the lock again (seconds).
POLL = 0.02
#: How long a waiter waits by default before it gives up (seconds).
WAIT = 10.0
#: A temporary file younger than this may belong to a writer that has created it but not yet
#: locked it (or closed it but not yet renamed it): it is never removed (seconds).
LEFTOVER_AGE = 60.0


class LockTimeout(TimeoutError):
    """Another holder kept the lock for the whole wait."""


def try_lock(fd: int) -> bool:
    """Take the exclusive lock of the open file ``fd`` at once; ``False`` when another open
    file (another process, or another opening in this one) holds it."""
    if sys.platform == "win32":
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EDEADLOCK):
                return False
            raise
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def unlock(fd: int) -> None:
    """Release the lock taken on ``fd`` (closing the file releases it too)."""
    if sys.platform == "win32":
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _open_lock_file(lock: Path) -> int:
    """The lock file, created if need be; an existing one that cannot be opened for writing
    is locked through a read-only opening (a lock does not need write access)."""
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except PermissionError:
        if not lock.is_file():
            raise
        return os.open(lock, os.O_RDONLY)


@contextlib.contextmanager
def file_lock(path: Path, timeout: float | None = None) -> Iterator[None]:
    """Hold the exclusive lock of ``path`` (the lock file ``.<name>.lock`` beside it) for the
    ``with`` block, so that two game instances re-read, merge and write one after the other.

    Raises :class:`LockTimeout` when another holder keeps it for ``timeout`` seconds (default
    :data:`WAIT`; the caller then must not write), ``OSError`` when no lock file can be made
    (a read-only folder).  Released when the block ends, or by the operating system if the
    process dies.
    """
    lock = path.with_name(f".{path.name}.lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = _open_lock_file(lock)
    try:
        wait = WAIT if timeout is None else timeout
        deadline = time.monotonic() + wait
        while not try_lock(fd):
            if time.monotonic() >= deadline:
                raise LockTimeout(f"{lock} stayed locked by another instance for {wait} s")
            time.sleep(POLL)
        try:
            yield
        finally:
            unlock(fd)
    finally:
        os.close(fd)


def hold(fd: int) -> None:
    """Mark a new temporary file as being written, until it is closed (see :func:`abandoned`;
    where the file system has no locks, no temporary file is ever taken for abandoned)."""
    with contextlib.suppress(OSError):
        try_lock(fd)


def abandoned(temporary: Path) -> bool:
    """Whether a temporary file was provably left by a writer that died: nobody holds its
    lock, and it is older than :data:`LEFTOVER_AGE` (a live writer locks its temporary file
    the moment it creates it and renames it the moment it closes it)."""
    try:
        if time.time() - temporary.stat().st_mtime < LEFTOVER_AGE:
            return False
        fd = os.open(temporary, os.O_RDONLY)
    except OSError:
        return False
    try:
        if not try_lock(fd):
            return False
        unlock(fd)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
