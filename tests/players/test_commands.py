"""The command line: ``famiglia bench`` and ``famiglia simulate`` are thin wrappers over the
players (their figures come from the same policies and the same game loop), and every option
of every command answers a bad value, and ``replay`` a file it cannot use, with one line on
the standard error stream and a nonzero exit status, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from famiglia import bench
from famiglia.__main__ import main
from famiglia.bench import POLICIES as BENCH_POLICIES
from famiglia.bench import mid_game, play_game
from famiglia.players import ComputerLevel, make_player
from famiglia.players import play_game as play_to_the_end
from famiglia.players.difficulty import EXPERT_GAMES, EXPERT_WIN_RATES, MEASURED_WIN_RATES
from famiglia.players.seats import Seat
from famiglia.rules import Game, write_record
from famiglia.rules.gangster import CHALLENGES
from famiglia.simulate import greedy_human, play_solo


def test_bench_prints_the_core_and_the_search_figures(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """One line per random policy, the search player's iterations per second, and each
    level's time per decision."""
    assert main(["bench", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    for name in BENCH_POLICIES:
        assert f"{name}:" in out
    assert "iterations/s from mid-game positions" in out
    for level in ComputerLevel:
        assert f"mcts:{level}:" in out


def test_a_bench_of_a_moment_still_measures_every_figure(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """However short ``--seconds``, each policy plays one game and the search one iteration
    per position, so every figure is a finite number (1e-9 seconds divided by zero games).
    The levels' times do not depend on ``--seconds`` and are left out here."""
    monkeypatch.setattr(bench, "level_times", dict)
    assert main(["bench", "--seconds", "1e-9"]) == 0
    out = capsys.readouterr().out
    for name in BENCH_POLICIES:
        assert f"{name}:" in out
    assert out.count("(1 games)") == len(BENCH_POLICIES)
    assert "iterations/s from mid-game positions" in out
    assert "inf" not in out and "nan" not in out


def test_benchmark_games_count_every_action() -> None:
    """R5: a benchmark game runs to its end; its count is the moves played."""
    for name, policy in BENCH_POLICIES.items():
        game, actions = play_game(7, policy)
        assert game.is_terminal(), name
        assert actions == len(game.move_stack)


def test_the_search_positions_are_mid_game_choices() -> None:
    game = mid_game(11)
    assert not game.is_terminal() and game.turn >= 16 and len(game.legal_actions()) >= 3


def test_simulate_plays_solo_games_through_the_players() -> None:
    """S1–S5: the greedy human against the Gangster, to the end; the solo screen's measured
    rates cover every challenge."""
    game = play_solo(3, greedy_human, 2, "b")
    assert game.is_terminal() and game.result is not None and game.result.solo
    assert set(MEASURED_WIN_RATES) == set(CHALLENGES)


def test_the_expert_rates_cover_every_challenge_and_fall_with_the_level() -> None:
    """S3: one measured rate per challenge for the strongest computer level, a whole number of
    wins out of the games played, and beating level 1 more often than level 4 (each variant)."""
    assert set(EXPERT_WIN_RATES) == set(CHALLENGES)
    for rate in EXPERT_WIN_RATES.values():
        assert 0.0 <= rate <= 1.0
        assert abs(rate * EXPERT_GAMES - round(rate * EXPERT_GAMES)) < 1e-9
    for variant in "ab":
        assert EXPERT_WIN_RATES[f"1{variant}"] > EXPERT_WIN_RATES[f"4{variant}"]


BAD_VALUES = ["-1", "0", "nan", "inf", "-inf", "1e400", "99999999999999999999999", "two",
              "", "3.5"]
OPTIONS: dict[str, tuple[list[str], list[str]]] = {
    "bench --seconds": (["bench", "--seconds"], ["-1", "0", "nan", "inf", "-inf", "1e400",
                                                "99999", "two", ""]),
    "bench --seed": (["bench", "--seed"], ["nan", "inf", "two", "", "3.5",
                                          "99999999999999999999999"]),
    "simulate --games": (["simulate", "--games"], BAD_VALUES),
    "simulate --seed": (["simulate", "--seed"], ["nan", "two", "3.5", "-99999999999999999999"]),
    "arena --games": (["arena", "greedy", "random", "--games"], BAD_VALUES),
    "arena --jobs": (["arena", "greedy", "random", "--jobs"], BAD_VALUES),
    "arena --seed": (["arena", "greedy", "random", "--seed"], ["nan", "two", "3.5"]),
    "--demo --bench": (["--demo", "--bench"], BAD_VALUES),
}
CASES = [(name, [*words, value]) for name, (words, values) in OPTIONS.items()
         for value in values]


def refused_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str], status: int
                        ) -> str:
    """Run the command, expecting exit ``status`` and one line on stderr; that line."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == status
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    return lines[0]


@pytest.mark.parametrize("argv", [argv for _, argv in CASES],
                         ids=[f"{name} {argv[-1]!r}" for name, argv in CASES])
def test_every_bad_option_value_is_one_line_on_stderr(argv: list[str],
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    line = refused_in_one_line(argv, capsys, 2)
    assert line.startswith("famiglia") and "--help" in line


@pytest.mark.parametrize("argv", [
    ["bench", "--seconds"], ["arena", "greedy"], ["arena", "oracle", "random"],
    ["arena", "gangster:1a", "greedy"], ["arena", "greedy", "gangster:9z"], ["replay"],
    ["--bench", "5"], ["teleport"], ["bench", "--sekonds", "1"]])
def test_a_missing_or_unknown_argument_is_one_line_on_stderr(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    refused_in_one_line(argv, capsys, 2)


def test_the_help_speaks_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    """``famiglia --help`` is read in a terminal: no markup of the docstrings behind it."""
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    help_text = capsys.readouterr().out
    assert "Friedemann Friese's card game for two" in help_text and "``" not in help_text


def test_a_bench_of_zero_seconds_is_refused_in_plain_words(capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    line = refused_in_one_line(["bench", "--seconds", "0"], capsys, 2)
    assert line == ("famiglia bench: argument --seconds: must be more than 0 and at most "
                    "3600 seconds, not 0 (see famiglia bench --help)")


def _record(**changes: object) -> str:
    player = make_player("no_pass_random", seed=2)
    game = play_to_the_end(Game.new(2), (player, player))
    record = json.loads(json.dumps(write_record(game, names=("Anna", "Bruno"),
                                                   seats=(Seat.human(), Seat.human()))))
    record.update(changes)
    return json.dumps(record)


REPLAY_FILES: dict[str, tuple[str | None, str]] = {
    "missing": (None, "there is no such file"),
    "a folder": ("", "there is a folder where the file should be"),
    "nested 4 KB deep": ("[" * 2000 + "]" * 2000, "game record: it was damaged"),
    "not JSON": ("{oops", "game record: it was damaged"),
    "not a record": ('{"format": "something else"}', "not a Famiglia game record"),
    "an unknown seat kind": (_record(players={"names": ["A", "B"], "seats": [
        {"kind": "human"}, {"kind": "alien"}]}), "kind of player this version does not know"),
    "a version of 1.0": (_record(version=1.0), "another version"),
    "an illegal move": (_record(moves=[{"seat": 0, "action": "take 9"}]), "move 1"),
}


@pytest.mark.parametrize(("content", "problem"), REPLAY_FILES.values(), ids=REPLAY_FILES.keys())
def test_replay_refuses_a_file_it_cannot_use_on_stderr(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        problem: str) -> None:
    path = tmp_path / "game.json"
    if content == "":
        path.mkdir()
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    (line,) = captured.err.splitlines()
    assert line.startswith("famiglia replay: ") and problem in line


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="POSIX permissions (root reads every file)")
def test_replay_refuses_an_unreadable_file(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(_record(), encoding="utf-8")
    path.chmod(0)
    assert main(["replay", str(path)]) == 1
    assert "not allowed to read it" in capsys.readouterr().err


def test_the_real_command_line_prints_no_traceback(tmp_path: Path) -> None:
    """The installed entry point as a player runs it: a bad value and a deep file."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 2000 + "]" * 2000, encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for argv, status in ((["bench", "--seconds", "nan"], 2), (["replay", str(deep)], 1)):
        done = subprocess.run([sys.executable, "-m", "famiglia", *argv], capture_output=True,
                              text=True, timeout=120, env=env)
        assert done.returncode == status and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_the_title_opens_without_the_option_parser_and_with_the_log_file(
        tmp_path: Path) -> None:
    """``famiglia`` alone, and the start-up benchmark's ``--first-frame`` (the same start up
    to the title's first frame), open the title without building the option parser; the log
    file is started right after the first frame."""
    script = ("import sys\n"
              "from famiglia.__main__ import main\n"
              "status = main(['--first-frame'])\n"
              "print(status, 'argparse' in sys.modules)\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           **{f"FAMIGLIA_{kind.upper()}_DIR": str(tmp_path / kind)
              for kind in ("data", "config", "cache", "log")}}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, env=env, check=True)
    shown, answers, ended = done.stdout.splitlines()
    assert json.loads(shown)["driver"] == "dummy" and json.loads(shown)["first_frame_cpu"] > 0
    assert json.loads(answers)["answers_input_cpu"] >= json.loads(shown)["first_frame_cpu"]
    assert ended == "0 False"
    assert (tmp_path / "log" / "famiglia.log").is_file()


def test_a_window_that_cannot_open_is_one_line_and_its_traceback_is_in_the_log(
        tmp_path: Path) -> None:
    """The game, ``tutorial`` and ``replay`` without a usable video driver: one line on the
    standard error stream that names the log file, which holds the traceback; the line speaks
    the player's language."""
    record = tmp_path / "game.json"
    record.write_text(_record(), encoding="utf-8")
    logs = tmp_path / "logs"
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "SDL_AUDIODRIVER": "dummy",
           "FAMIGLIA_LOG_DIR": str(logs), "FAMIGLIA_CONFIG_DIR": str(tmp_path / "config"),
           "FAMIGLIA_LANG": "en"}
    for argv in ([], ["tutorial"], ["replay", str(record)]):
        done = subprocess.run([sys.executable, "-m", "famiglia", *argv], capture_output=True,
                              text=True, timeout=120, env=env)
        assert done.returncode == 1 and done.stdout == "", argv
        (line,) = done.stderr.splitlines()
        assert line.startswith("famiglia: the game stopped") and str(logs) in line, argv
    done = subprocess.run([sys.executable, "-m", "famiglia", "replay", str(record)],
                          capture_output=True, text=True, timeout=120,
                          env={**env, "FAMIGLIA_LANG": "de"})
    (line,) = done.stderr.splitlines()
    assert line.startswith("famiglia: ") and "the game stopped" not in line
    assert str(logs) in line
    text = (logs / "famiglia.log").read_text(encoding="utf-8")
    assert text.count("ERROR famiglia.command_line: Famiglia stopped") == 4
    assert text.count("Traceback") == 4
