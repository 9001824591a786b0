"""Where user files live, how they are written atomically, and how bad ones are set aside.

The folders are :mod:`.folders`' (named here too, as every store has them).
:class:`StoreFile` is what every store shares: a ``notice`` for the player, one way of reading
its file (under the lock, clearing dead writers' leftovers, setting a bad file aside), and
writes that report a folder that cannot be written (read-only, full disk) once, in plain
words, instead of raising, so the game goes on.
Notices are :class:`~famiglia.rules.messages.Message` values (``str()`` is English); the UI
shows them through ``famiglia.i18n.translate_message``, and :func:`logged` writes each one
about a bad file or a folder that cannot be written into the log file too
(:mod:`famiglia.logs`), in English with the system's own words for the error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from ..rules import jsontext
from ..rules.messages import Message, msg
from .folders import cache_dir as cache_dir
from .folders import config_dir as config_dir
from .folders import data_dir as data_dir
from .locking import LockTimeout, abandoned, file_lock, hold

log = logging.getLogger(__name__)

T = TypeVar("T")


def atomic_write_text(path: Path, text: str) -> None:
    """:func:`atomic_write_bytes` of ``text`` in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename it over
    ``path``: a reader (or a crash) sees the old file or the new one, never half of one.  The
    temporary file is locked while it is written, so :func:`remove_leftovers` never takes it
    for a dead writer's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        hold(fd)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def remove_leftovers(path: Path) -> None:
    """Delete the temporary files that writers who died left beside ``path``; a temporary
    file another writer is still writing is left alone (:func:`.locking.abandoned`)."""
    with contextlib.suppress(OSError):
        for leftover in path.parent.glob(f".{path.name}.*.tmp"):
            if abandoned(leftover):
                with contextlib.suppress(OSError):
                    leftover.unlink()


def encode_json(data: Any) -> str:
    """The text of a file the game writes."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, encode_json(data))


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The content of ``path``: ``OSError`` when it cannot be read (``FileNotFoundError``
    when there is none), ``ValueError`` with a plain-words :class:`Message` when it is larger
    than ``max_bytes`` (no file the game writes comes near its kind's bound)."""
    with path.open("rb") as handle:
        raw = handle.read(max_bytes + 1)
    if len(raw) > max_bytes:
        # Translators: why a file was set aside or refused; fills {problem}.
        raise ValueError(msg("it is far larger than any file the game writes"))
    return raw


def parse_json(raw: bytes) -> Any:
    """The JSON value of a file's content, or ``ValueError`` ("it was damaged") when it is
    not UTF-8 JSON or is nested deeper than any file the game writes."""
    try:
        return jsontext.loads(raw, max_chars=len(raw))
    except ValueError:
        # Translators: why a file was set aside or refused; fills {problem} ("… could not be
        # read (it was damaged); the file was kept as …").
        raise ValueError(msg("it was damaged")) from None


def read_json(path: Path, max_bytes: int) -> Any:
    """:func:`parse_json` of :func:`read_bytes`: the errors of both."""
    return parse_json(read_bytes(path, max_bytes))


def set_aside(path: Path) -> Path:
    """Rename a corrupt file to ``<name>.corrupt-<timestamp>`` beside it and return the new
    path, so the player's data is kept for inspection and a fresh file can begin."""
    target = _aside_name(path)
    os.replace(path, target)
    return target


def copy_aside(path: Path, content: bytes) -> Path:
    """Keep ``content`` (what ``path`` held) as ``<name>.corrupt-<timestamp>`` beside it and
    return that path: a file the store repairs in place is kept as it was, too."""
    target = _aside_name(path)
    with open(target, "xb") as handle:
        handle.write(content)
    return target


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    return target


def reason(error: OSError, *, reading: bool = False) -> Message | str:
    """What went wrong with a file, in a player's words rather than the system's (else in the
    system's own, which come in the system's language); ``reading``: the file was being read,
    not written."""
    # Translators: why a file could not be written or read; they fill {reason} in the notices
    # ("The game could not be saved: the disk is full (folder). The game goes on.").
    if isinstance(error, PermissionError):
        if reading:
            return msg("Famiglia is not allowed to read it")
        return msg("Famiglia is not allowed to write there")
    if error.errno == errno.ENOSPC:
        return msg("the disk is full")
    if error.errno == errno.EROFS:
        return msg("the disk is read-only")
    if isinstance(error, IsADirectoryError):
        return msg("there is a folder where the file should be")
    if isinstance(error, NotADirectoryError | FileExistsError):
        return msg("there is a file where a folder should be")
    if isinstance(error, FileNotFoundError):
        return msg("there is no such file") if reading else msg("the folder is missing")
    if isinstance(error, LockTimeout):
        return msg("another Famiglia window kept it locked for too long")
    return error.strerror or msg("the system refused")


def problem_of(error: ValueError) -> Message | str:
    """The plain-words reason a file was refused: the :class:`Message` a store raised it with,
    else the error's text (the core's report on a damaged game, which names its fields)."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Message) else str(error)


def damage_of(error: ValueError) -> Message:
    """Why a file that parsed as JSON was refused: the :class:`Message` its reader raised,
    else (a value no game writes, told in the reader's own English terms) that it was
    damaged or edited by hand."""
    first = error.args[0] if error.args else None
    # Translators: why a file was set aside; fills {problem} ("… could not be read (it was
    # damaged or edited by hand); the file was kept as …").
    return first if isinstance(first, Message) else msg("it was damaged or edited by hand")


def logged(notice: Message, error: BaseException | None = None) -> Message:
    """``notice`` (about a bad file or a folder that cannot be written), also written into the
    log file in English, with ``error`` in the system's own words; returned as it is."""
    if error is None:
        log.warning("%s", notice)
    else:
        log.warning("%s [%s: %s]", notice, type(error).__name__, error)
    return notice


class StoreFile:
    """One user file and its ``notice``: the last thing the player should be told about it
    (a bad file set aside, a folder that cannot be written), or ``None``.

    The UI shows :meth:`take_notice` after loading or saving.  A failed write sets the notice
    only the first time in a row, so saving after every action does not repeat it; a write
    that works again resets that.  Each store says its notices in whole sentences of its own
    (:meth:`unwritable_notice`, :meth:`unreadable_notice`, :meth:`kept_notice`,
    :meth:`left_notice`), as messages the UI shows in the player's language.  A file larger
    than :attr:`max_bytes` is refused when read and never written.
    """

    #: No file of this store that the game writes comes near this size (bytes).
    max_bytes: ClassVar[int]

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: Message | str | None = None
        self.write_failed = False

    def take_notice(self) -> Message | str | None:
        """The notice, once: it is cleared as it is handed out."""
        notice, self.notice = self.notice, None
        return notice

    def unwritable_notice(self, why: Message | str, removing: bool) -> Message:
        """A write (or, ``removing``, a removal) failed because of ``why``."""
        raise NotImplementedError

    def unreadable_notice(self, why: Message | str) -> Message:
        """The file is there but could not be read because of ``why``."""
        raise NotImplementedError

    def kept_notice(self, problem: Message | str, moved: Path) -> Message:
        """The file could not be used (``problem``) and was kept as ``moved``."""
        raise NotImplementedError

    def left_notice(self, problem: Message | str, why: Message | str) -> Message:
        """The file could not be used, nor set aside (``why``: a read-only folder …)."""
        raise NotImplementedError

    def cannot_write(self, error: OSError, removing: bool = False) -> None:
        """Report a failed write or removal (once in a row)."""
        if not self.write_failed:
            self.notice = logged(self.unwritable_notice(reason(error), removing), error)
        self.write_failed = True

    def write_json(self, data: Any) -> bool:
        """Write atomically; on failure report it and return ``False`` (the old file, if
        any, is untouched).  Data larger than :attr:`max_bytes` is never written, since the
        reader would refuse it (each store keeps what it writes well within that bound)."""
        text = encode_json(data)
        if not self.fits(text):
            if not self.write_failed:
                # Translators: why a file could not be written; fills {reason} ("The game could
                # not be saved: {reason} (folder). The game goes on.").
                self.notice = logged(self.unwritable_notice(
                    msg("the file would be larger than the game can read back"), False))
            self.write_failed = True
            return False
        try:
            atomic_write_text(self.path, text)
        except OSError as error:
            self.cannot_write(error)
            return False
        self.write_failed = False
        return True

    def fits(self, text: str) -> bool:
        """Whether a file of ``text`` is within :attr:`max_bytes`, so its reader reads it."""
        return len(text.encode("utf-8")) <= self.max_bytes

    def load_content(self, parse: Callable[[Any], T], empty: Callable[[], T], *,
                     locked: bool = True) -> T:
        """The file's content as ``parse`` reads its JSON; ``empty()`` when there is none,
        it is bad (set aside, see :meth:`read_content`) or it cannot be read (``notice`` says why):
        never an exception.  The file is read under the lock, so that a bad one is set aside
        only while no other instance is writing; where the lock cannot be had (a read-only
        folder, another instance holding it for the whole wait) it is read as it stands
        (writes are atomic) and a bad file is left where it is.  ``locked=False``: a file
        only one game writes at a time, read and set aside without the lock."""
        with contextlib.ExitStack() as stack:
            unlocked: OSError | None = None
            if locked:
                try:
                    stack.enter_context(file_lock(self.path))
                except OSError as error:
                    unlocked = error
            try:
                return self.read_content(parse, empty, unlocked)
            except OSError as error:
                self.notice = logged(self.unreadable_notice(reason(error, reading=True)), error)
        return empty()

    def read_content(self, parse: Callable[[Any], T], empty: Callable[[], T],
                     unlocked: OSError | None = None) -> T:
        """Parse the file (none: ``empty()``); ``OSError`` when it cannot be read.  Remove
        dead writers' leftovers and set a bad file aside (one that is no JSON, larger than
        :attr:`max_bytes`, or that ``parse`` refuses with a ``ValueError``), then answer
        ``empty()``; ``unlocked`` (why the lock could not be had): leave a bad file where it
        is."""
        if unlocked is None:
            remove_leftovers(self.path)
        try:
            data = read_json(self.path, self.max_bytes)
        except FileNotFoundError:
            return empty()
        except ValueError as problem:
            damage = problem_of(problem)
        else:
            try:
                return parse(data)
            except ValueError as problem:
                damage = damage_of(problem)
        if unlocked is None:
            self.set_aside(damage)
        else:
            self.notice = logged(self.left_notice(damage, reason(unlocked)), unlocked)
        return empty()

    def set_aside(self, problem: Message | str) -> None:
        """A file that cannot be used (``problem``, a short plain phrase: "it was damaged"):
        keep it under another name and say so; when even that is impossible (a read-only
        folder), say the file was left where it is."""
        try:
            moved = set_aside(self.path)
        except OSError as error:
            self.notice = logged(self.left_notice(problem, reason(error)), error)
            return
        self.notice = logged(self.kept_notice(problem, moved))
