"""The log file: errors are written with their traceback into the folder ``FAMIGLIA_LOG_DIR``
names, the file is bounded by rotation, and a folder that cannot be written never stops the
game (the notices then say the details could not be written down); the stores' files set
aside and folders that cannot be written are logged as well as told."""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia import logs
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.store.highscores import HighscoreStore
from famiglia.store.records import RecordStore
from famiglia.store.savegame import SaveGameStore


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
    # the newest lines in the log file, the older ones in .1, the oldest kept in .2
    numbers = [[int(line.split()[-5]) for line in (log_dir / name).read_text().splitlines()]
               for name in files]
    assert numbers[0][-1] == 499 and max(numbers[2]) < min(numbers[1])
    assert max(numbers[1]) < min(numbers[0])


def test_a_log_folder_that_cannot_be_written_never_stops_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("FAMIGLIA_LOG_DIR", str(blocker / "logs"))
    assert logs.start_logging() is None and logs.log_file() is None
    logging.getLogger("famiglia").error("goes to the standard error stream")
    assert str(logs.details()) == "The details could not be written to a log file."


def test_a_file_set_aside_and_a_folder_that_cannot_be_written_are_logged(
        log_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the notices tell the player of the stores is written into the log file too, in
    English, with the system's own words for the error."""
    path = logs.start_logging()
    assert path is not None
    scores = HighscoreStore(tmp_path / "highscores.json")
    scores.path.write_text("{damaged", encoding="utf-8")
    scores.load()
    (kept,) = tmp_path.glob("highscores.json.corrupt-*")
    store = SaveGameStore(tmp_path / "savegame.json")

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert not store.save(Game.new(1), ("Anna", "Bruno"), (Seat.human(), Seat.human()))
    text = path.read_text(encoding="utf-8")
    assert (f"WARNING famiglia.store.files: The highscore list could not be read (it was "
            f"damaged), so a new list begins; the file was kept as {kept.name}") in text
    assert ("The game could not be saved: Famiglia is not allowed to write there "
            f"({tmp_path}). The game goes on. [PermissionError: [Errno 13] Permission "
            "denied]") in text


def test_a_record_that_cannot_be_set_aside_is_logged(log_dir: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = logs.start_logging()
    assert path is not None
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "20260101-000000-damaged.json").write_text("[", encoding="utf-8")

    def refuse(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    records = RecordStore(folder)
    assert records.games() == []
    text = path.read_text(encoding="utf-8")
    assert "1 past game's record could not be read (it was damaged) nor set aside" in text
    assert "20260101-000000-damaged.json" in text and "PermissionError" in text
