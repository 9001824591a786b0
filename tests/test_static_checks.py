"""The code's own checks run with the tests, so the README's one test command covers them:
type hints checked by mypy over the whole package and its scripts, and ruff's style rules over
the tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_mypy_finds_no_type_errors() -> None:
    result = run("mypy", "famiglia", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
