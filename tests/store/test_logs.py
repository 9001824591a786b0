"""The log file: errors are written with their traceback into the folder ``FAMIGLIA_LOG_DIR``
names, the file is bounded by rotation, and a folder that cannot be written never stops the
game (the notices then say the details could not be written down)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia import logs


@pytest.fixture
def log_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("FAMIGLIA_LOG_DIR", str(tmp_path / "logs"))
    yield tmp_path / "logs"
    logs.stop_logging()


def test_an_error_is_written_with_its_traceback(log_dir: Path) -> None:
    path = logs.start_logging()
    assert path == log_dir / "famiglia.log" == logs.log_file()
    try:
        raise RuntimeError("the search broke")
    except RuntimeError:
        logging.getLogger("famiglia.ui.table.thinker").exception("The computer failed")
    text = path.read_text(encoding="utf-8")
    assert "ERROR famiglia.ui.table.thinker: The computer failed" in text
    assert "Traceback" in text and "RuntimeError: the search broke" in text
    assert str(logs.details()) == f"The details are in {path}."


def test_starting_twice_keeps_one_file(log_dir: Path) -> None:
    logs.start_logging()
    logs.start_logging()
    logging.getLogger("famiglia").error("once")
    assert (log_dir / "famiglia.log").read_text(encoding="utf-8").count("once") == 1


def test_the_log_is_bounded_by_rotation(log_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2000)
    logs.start_logging()
    for number in range(500):
        logging.getLogger("famiglia").error("line %d of a long session", number)
    files = sorted(path.name for path in log_dir.iterdir())
    assert files == ["famiglia.log", "famiglia.log.1", "famiglia.log.2"]
    assert all((log_dir / name).stat().st_size <= 2100 for name in files)


def test_a_log_folder_that_cannot_be_written_never_stops_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("FAMIGLIA_LOG_DIR", str(blocker / "logs"))
    assert logs.start_logging() is None and logs.log_file() is None
    logging.getLogger("famiglia").error("goes to the standard error stream")
    assert str(logs.details()) == "The details could not be written to a log file."
