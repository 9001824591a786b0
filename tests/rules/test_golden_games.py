"""The golden game logs (tests/rules/golden/*.txt): complete games played through the public
API (R2–R5, S1–S5) give exactly the committed text: the legal actions in their order, every
event, the Gangster's program, the refusals and their reasons, copies, re-deals (R5.4), saves,
records and the seat views.  A change in behaviour shows as a diff of the log; when it is meant,
``python scripts/golden_games.py`` writes the logs anew."""

from __future__ import annotations

import difflib
import runpy
from pathlib import Path

import pytest

#: The logs' writer, run by path (``scripts/`` is not a package): its games and functions.
WRITER = runpy.run_path(str(Path(__file__).resolve().parents[2] / "scripts" / "golden_games.py"))
GAMES = WRITER["GAMES"]
COMMAND = WRITER["COMMAND"]


def test_every_log_belongs_to_a_game() -> None:
    written = {golden.name for golden in GAMES}
    committed = {path.stem for path in WRITER["FOLDER"].glob("*.txt")}
    assert committed == written, f"regenerate with: {COMMAND}"


@pytest.mark.parametrize("name", [golden.name for golden in GAMES])
def test_the_game_plays_as_its_log_says(name: str) -> None:
    golden = next(golden for golden in GAMES if golden.name == name)
    expected = WRITER["path_of"](golden).read_text(encoding="utf-8")
    played = WRITER["play"](golden)
    if played != expected:
        diff = difflib.unified_diff(expected.splitlines(), played.splitlines(),
                                    f"committed {name}.txt", "played now", lineterm="", n=1)
        shown = "\n".join(line[:300] for line in list(diff)[:60])
        pytest.fail(f"the game no longer plays as its log says; if the change is meant, "
                    f"regenerate with: {COMMAND}\n{shown}")
