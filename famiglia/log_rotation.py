"""The log file's rotation (:class:`RotatingFile`), loaded when the log file is started
(:func:`famiglia.logs.start_logging`)."""

from __future__ import annotations

import logging
import os
from pathlib import Path


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
