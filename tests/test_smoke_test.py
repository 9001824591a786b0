"""``famiglia --smoke-test`` checks a copy of the game end to end and names the first thing
that fails (CI runs it on the bundle it builds, ``tests/test_bundle.py``).

Each run is a process of its own, as a player's or CI's is: the smoke test opens and closes
pygame's window and starts the computer's worker process."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ("window", "title", "table", "cards", "languages", "save", "computer game",
          "play a friend")


def smoke_test(tmp_path: Path, script: str | None = None) -> subprocess.CompletedProcess[str]:
    """``famiglia --smoke-test`` (or ``script``) with the player's folders in ``tmp_path``,
    where nothing may be written."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update({f"FAMIGLIA_{kind.upper()}_DIR": str(tmp_path / "player" / kind)
                for kind in ("data", "config", "log")})
    command = ([sys.executable, "-c", textwrap.dedent(script)] if script
               else [sys.executable, "-m", "famiglia", "--smoke-test"])
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=300, check=False)


def test_the_smoke_test_passes_every_check_and_leaves_the_player_s_files_alone(
        tmp_path: Path) -> None:
    done = smoke_test(tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [f"ok  {name}" for name in CHECKS]
    assert "dummy video driver" in lines[0]
    assert "English" in lines[4] and "Deutsch" in lines[4] and "Nederlands" in lines[4]
    assert "from worker process" in lines[6]
    assert "found no rendezvous server at 127.0.0.1" in lines[7]
    assert lines[-1].endswith(f"the smoke test passed ({len(CHECKS)} checks)")
    assert not (tmp_path / "player").exists(), "the player's folders were not touched"


def test_missing_card_images_fail_the_title_by_name(tmp_path: Path) -> None:
    done = smoke_test(tmp_path, f"""
        import sys
        from pathlib import Path
        from famiglia.ui import assets, smoke_test
        assets.cards_folder = lambda: Path({str(tmp_path)!r})
        sys.exit(smoke_test.run_smoke_test())
        """)
    assert done.returncode == 1
    (window,) = done.stdout.splitlines()
    assert window.startswith("ok  window:")
    first = done.stderr.splitlines()[0]
    assert first.startswith("FAILED title: FileNotFoundError") and "card_" in first
    assert "Traceback" in done.stderr


def test_a_worker_that_cannot_decide_fails_the_computer_game(tmp_path: Path) -> None:
    """The search is refused inside the worker process: the failure comes back from it."""
    done = smoke_test(tmp_path, """
        import sys
        from famiglia.ui import smoke_test
        smoke_test.SEARCH = {"iterations": "many"}
        sys.exit(smoke_test.run_smoke_test())
        """)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-1].startswith("ok  save:")
    assert "FAILED computer game: the computer's worker could not decide" in done.stderr
    assert not (tmp_path / "player").exists()
