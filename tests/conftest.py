"""Every test keeps the game's files out of the user's folders and out of every other test's: the
data, config, cache and log folders point into a temporary folder of the test's own unless the test
points them elsewhere, and the log file is closed when the test ends.  Fixtures shared by a
module or the session, made before any test's folders, get the session's folders.  The tests
run in several worker processes at once (pytest-xdist), in whatever order and company, each
worker with temporary folders of its own.  The modules whose hosts announce their tables by
zeroconf on loopback, or whose guests look for them, take turns (a lock file in the temporary
folder): a table another test announces at the same moment, for a player of the same name, would
be found too.  ``log_file``: a test's own log file, written while it runs."""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia import logs

#: The test modules whose hosts announce their tables by zeroconf or whose guests look for them.
ZEROCONF_MODULES = frozenset({"test_net_lan.py", "test_net_link.py", "test_net_command_line.py",
                              "test_bundle.py",
                              "test_friend_connect.py", "test_fit_friend.py"})


@pytest.fixture(autouse=True)
def zeroconf_in_turn(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.path.name not in ZEROCONF_MODULES:
        yield
        return
    with open(Path(tempfile.gettempdir()) / "famiglia-zeroconf-tests.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def point_folders(patch: pytest.MonkeyPatch, base: Path) -> None:
    for kind in ("data", "config", "cache", "log"):
        patch.setenv(f"FAMIGLIA_{kind.upper()}_DIR", str(base / kind))


@pytest.fixture(autouse=True, scope="session")
def session_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        point_folders(patch, tmp_path_factory.mktemp("session-folders"))
        yield
    logs.stop_logging()


@pytest.fixture(autouse=True)
def private_folders(session_folders: None, tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    point_folders(monkeypatch, tmp_path_factory.mktemp("user-folders"))
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
