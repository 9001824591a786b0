"""The code's own checks run with the tests, so the README's one test command covers them:
type hints checked by mypy over the whole package and its scripts, and ruff's style rules over
the tree, each at exactly the version pyproject.toml pins (a new release fails nothing
unasked)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def pinned(tool: str) -> str:
    """The version the test extra of pyproject.toml pins ``tool`` to."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in config["project"]["optional-dependencies"]["test"]:
        name, _sep, version = requirement.partition("==")
        if name == tool and version:
            return version
    raise AssertionError(f"{tool} is not pinned to one version")


@pytest.mark.parametrize("tool", ["mypy", "ruff"])
def test_the_checkers_are_the_pinned_versions(tool: str) -> None:
    result = run(tool, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[:2] == [tool, pinned(tool)]


def test_mypy_finds_no_type_errors() -> None:
    result = run("mypy", "famiglia", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_nothing() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
