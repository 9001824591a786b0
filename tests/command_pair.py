"""Two copies of the game as processes on loopback, ``host`` and ``join`` without a window, a
computer player on each side and each copy with its own user folders: the installed package
(``python -m famiglia``) or the bundle's program, started the same way."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def play_pair(command: Sequence[str], tmp_path: Path, host_args: list[str],
              join_args: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole game between Anna (the host) and Bruno (who joins where the host says it waits,
    or the code it prints); both records, after checking both copies finished it."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    host = subprocess.Popen([*command, "host", "--headless", "--name", "Anna", *host_args],
                            env={**env, "FAMIGLIA_DATA_DIR": str(tmp_path / "anna")},
                            stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    assert host.stdout is not None
    where = host.stdout.readline().strip().rpartition(" ")[2]
    guest = subprocess.run([*command, "join", where, "--headless", "--name", "Bruno",
                            *join_args],
                           env={**env, "FAMIGLIA_DATA_DIR": str(tmp_path / "bruno")},
                           capture_output=True, text=True, timeout=300, check=False,
                           cwd=tmp_path)
    rest = host.communicate(timeout=300)[0]
    assert guest.returncode == 0 and host.returncode == 0, (guest.stdout, guest.stderr, rest)
    assert "Game over: Anna" in rest and "the deal is verified" in guest.stdout
    records = [json.loads(next((tmp_path / side / "records").iterdir()).read_text())
               for side in ("anna", "bruno")]
    return records[0], records[1]
