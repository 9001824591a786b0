"""Where the game writes down what went wrong, so that no error is lost: Python's ``logging``
to ``famiglia.log`` in platformdirs' user log folder (``FAMIGLIA_LOG_DIR`` overrides it; the
tests point it at a temporary folder), kept small by rotation (:data:`MAX_BYTES`, with
:data:`BACKUPS` older files beside it, :class:`.log_rotation.RotatingFile`).

Every module logs through ``logging.getLogger(__name__)`` (a child of the ``famiglia``
logger), those the title's first frame loads through :func:`logger`, which loads ``logging``
at its first use.  :func:`start_logging` is called once by the command line before the
window opens; for the title, right after its first frame (:func:`start_logging_later`: a
record before then starts the file first).  A log folder that cannot be written never stops
the game: the records then go to the standard error stream only, and :func:`details` says so
to the player.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import platformdirs

from .lazy import lazy_module
from .rules.messages import Message, msg

if TYPE_CHECKING:
    import logging

    from . import log_rotation
else:
    # loaded with the first record, or when the log file is started (the title's first frame
    # needs neither)
    logging = lazy_module("logging")
    log_rotation = lazy_module("famiglia.log_rotation")

APP_NAME = "famiglia"
FILE_NAME = "famiglia.log"
#: The log file's size before it rotates, and how many older files are kept.
MAX_BYTES = 500_000
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


_handler: log_rotation.RotatingFile | None = None
#: the log file starts with the first record (:func:`start_logging_later`)
_later = False


class _Logger:
    """A module's logger that is made (and ``logging`` loaded) when it is first used."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        if _later:
            start_logging()
        return getattr(logging.getLogger(self._name), attribute)


def logger(name: str) -> logging.Logger:
    """The logger ``name`` (``logging.getLogger(name)``), made at its first use: the modules
    the title's first frame loads log through it, so that ``logging`` (a few milliseconds)
    loads after that frame, or with the first record before it."""
    return cast("logging.Logger", _Logger(name))


def log_dir() -> Path:
    """The folder of the log files."""
    override = os.environ.get("FAMIGLIA_LOG_DIR")
    return Path(override) if override else Path(platformdirs.user_log_dir(APP_NAME, False))


def start_logging_later() -> None:
    """Start the log file with the first record of a :func:`logger`, or when
    :func:`start_logging` is called, whichever comes first (the title's start: the app starts
    it right after the first frame), so that nothing logged before the file is lost."""
    global _later
    _later = True


def starts_later() -> bool:
    """Whether the log file waits to be started (:func:`start_logging_later`)."""
    return _later


def start_logging() -> Path | None:
    """Send the ``famiglia`` loggers' records (INFO and above) to the log file; its path, or
    ``None`` when the folder cannot be written.  Calling it again changes nothing while the
    file is the same; with another ``FAMIGLIA_LOG_DIR`` it moves to the new folder."""
    global _handler, _later
    _later = False
    path = log_dir() / FILE_NAME
    if _handler is not None and Path(_handler.baseFilename) == path.absolute():
        return path
    stop_logging()
    logger = logging.getLogger(APP_NAME)
    logger.setLevel(logging.INFO)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = log_rotation.RotatingFile(path, max_bytes=MAX_BYTES, backups=BACKUPS)
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
