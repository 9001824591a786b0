"""Every test keeps the game's files out of the user's folders: the data, config and log
folders point into the session's temporary folder unless a test points them elsewhere, and
the log file is closed when the session ends.  ``log_file``: a test's own log file, written
while it runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia import logs


@pytest.fixture(autouse=True, scope="session")
def private_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    base = tmp_path_factory.mktemp("user-folders")
    with pytest.MonkeyPatch.context() as patch:
        for kind in ("data", "config", "log"):
            patch.setenv(f"FAMIGLIA_{kind.upper()}_DIR", str(base / kind))
        yield
    logs.stop_logging()


@pytest.fixture
def log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The log file of this test, in its temporary folder."""
    monkeypatch.setenv("FAMIGLIA_LOG_DIR", str(tmp_path / "logs"))
    path = logs.start_logging()
    assert path is not None
    yield path
    logs.stop_logging()
