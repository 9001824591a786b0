"""Where the game writes down what went wrong, so that no error is lost: Python's ``logging``
to ``famiglia.log`` in platformdirs' user log folder (``FAMIGLIA_LOG_DIR`` overrides it; the
tests point it at a temporary folder), kept small by rotation (:data:`MAX_BYTES`, with
:data:`BACKUPS` older files beside it, :class:`RotatingFile`).

Every module logs through ``logging.getLogger(__name__)`` (a child of the ``famiglia``
logger); :func:`start_logging` is called once by the command line before the window opens.  A
log folder that cannot be written never stops the game: the records then go to the standard
error stream only, and :func:`details` says so to the player.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import platformdirs

from .rules.messages import Message, msg

APP_NAME = "famiglia"
FILE_NAME = "famiglia.log"
#: The log file's size before it rotates, and how many older files are kept.
MAX_BYTES = 500_000
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class RotatingFile(logging.FileHandler):
    """``logging.handlers.RotatingFileHandler``'s rotation on the standard ``FileHandler``: a
    record that would take the file past ``max_bytes`` first renames it to ``.1`` (``.1`` to
    ``.2`` …, the oldest of ``backups`` dropped).  ``logging.handlers`` also holds the
    network and queue handlers and loads ``socket``, ``pickle`` and ``queue`` for them, which
    would take a few milliseconds of every start."""

    def __init__(self, path: Path, *, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full_with(f"{self.format(record)}{self.terminator}"):
                self._rotate()
            super().emit(record)
        except Exception:  # as logging's own handlers do: said on the error stream
            self.handleError(record)

    def _full_with(self, text: str) -> bool:
        if self.stream is None:
            self.stream = self._open()
        self.stream.seek(0, os.SEEK_END)
        return self.stream.tell() > 0 and self.stream.tell() + len(text) >= self.max_bytes

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        for number in range(self.backups, 0, -1):
            older = Path(f"{self.baseFilename}.{number - 1}" if number > 1 else self.baseFilename)
            if older.exists():
                os.replace(older, f"{self.baseFilename}.{number}")
        self.stream = self._open()


_handler: RotatingFile | None = None


def log_dir() -> Path:
    """The folder of the log files."""
    override = os.environ.get("FAMIGLIA_LOG_DIR")
    return Path(override) if override else Path(platformdirs.user_log_dir(APP_NAME, False))


def start_logging() -> Path | None:
    """Send the ``famiglia`` loggers' records (INFO and above) to the log file; its path, or
    ``None`` when the folder cannot be written.  Calling it again changes nothing while the
    file is the same; with another ``FAMIGLIA_LOG_DIR`` it moves to the new folder."""
    global _handler
    path = log_dir() / FILE_NAME
    if _handler is not None and Path(_handler.baseFilename) == path.absolute():
        return path
    stop_logging()
    logger = logging.getLogger(APP_NAME)
    logger.setLevel(logging.INFO)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFile(path, max_bytes=MAX_BYTES, backups=BACKUPS)
    except OSError as error:
        logger.warning("the log folder %s cannot be written (%s)", path.parent, error)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    logger.addHandler(handler)
    _handler = handler
    return path


def stop_logging() -> None:
    """Close the log file (the records go to the standard error stream again)."""
    global _handler
    if _handler is not None:
        logging.getLogger(APP_NAME).removeHandler(_handler)
        _handler.close()
        _handler = None


def log_file() -> Path | None:
    """The log file being written, or ``None``."""
    return None if _handler is None else Path(_handler.baseFilename)


def details() -> Message:
    """Where the player finds the details of an error, for the end of a notice."""
    path = log_file()
    if path is None:
        # Translators: ends a notice about an error; the log file could not be written.
        return msg("The details could not be written to a log file.")
    # Translators: ends a notice about an error; {file} is the log file's full path.
    return msg("The details are in {file}.", file=str(path))
