"""The saved game: atomic saves after every action, exact resume, and corrupt or
tampered files set aside and reported, never loaded half."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from famiglia.bench import no_pass_random
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.rules.records import NAME_LIMIT
from famiglia.store.locking import LEFTOVER_AGE
from famiglia.store.savegame import SaveGameStore

HUMANS = (Seat.human(), Seat.human())


def _played(seed: int, actions: int, **options: object) -> Game:
    game = Game.new(seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_gangster_turn():
            game.play_gangster_turn()
        elif not game.is_terminal():
            game.apply(no_pass_random(game.legal_actions(), rng))
    return game


def test_round_trip_continues_identically(tmp_path: Path) -> None:
    """A resumed game is the same game: same state, and the same future (R4.2's reshuffle
    included, since the generator is saved with it)."""
    store = SaveGameStore(tmp_path / "save.json")
    game = _played(7, 25)
    store.save(game, ("Anna", "Bruno"), HUMANS)
    loaded = SaveGameStore(tmp_path / "save.json").load()
    assert loaded is not None
    assert loaded.names == ("Anna", "Bruno") and loaded.seats == HUMANS
    assert loaded.game.to_dict() == game.to_dict()
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not game.is_terminal():
        events_a = game.apply(no_pass_random(game.legal_actions(), rng_a))
        events_b = loaded.game.apply(no_pass_random(loaded.game.legal_actions(), rng_b))
        assert [e.to_dict() for e in events_a] == [e.to_dict() for e in events_b]


def test_a_game_played_on_from_a_record_keeps_the_records_names(tmp_path: Path) -> None:
    """A record keeps any name of up to 40 characters, blank ones too; played on from, its
    game is saved under those names and resumed, and a name no record keeps is refused
    before anything is written."""
    store = SaveGameStore(tmp_path / "save.json")
    names = ("Vito Andolini Corleone of Corleone, 1901", " ")
    store.save(_played(5, 4), names, HUMANS)
    loaded = SaveGameStore(store.path).load()
    assert loaded is not None and loaded.names == names
    before = store.path.read_bytes()
    with pytest.raises(ValueError):
        store.save(_played(5, 4), ("V" * (NAME_LIMIT + 1), "Bruno"), HUMANS)
    assert store.path.read_bytes() == before


def test_solo_game_resumes_with_its_mode(tmp_path: Path) -> None:
    """S1-S3: the mode, level and the Gangster's seat survive the save."""
    store = SaveGameStore(tmp_path / "save.json")
    game = Game.new(3, opponent="gangster", gangster_level=2, first_player=1)
    game.play_gangster_turn()
    store.save(game, ("Anna", "The Gangster"), (Seat.human(), Seat.gangster()))
    loaded = store.load()
    assert loaded is not None
    assert loaded.game.opponent == "gangster" and loaded.game.gangster_level == 2
    assert loaded.game.to_dict() == game.to_dict()


def test_no_file_means_nothing_to_continue(tmp_path: Path) -> None:
    store = SaveGameStore(tmp_path / "save.json")
    assert store.load() is None and store.notice is None
    store.save(Game.new(1), ("A", "B"), HUMANS)
    store.clear()
    assert not store.exists()


def _corruptions() -> list[tuple[str, object]]:
    game = Game.new(5)
    content = {"game": game.to_dict(), "names": ["A", "B"], "seats": ["human", "human"]}
    from famiglia.store.savegame import _digest

    tampered = json.loads(json.dumps(content))
    tampered["game"]["hands"][0][0] = "F4"
    inconsistent = json.loads(json.dumps(content))
    inconsistent["game"]["hands"][0].append("F4")
    return [
        ("bad json", "{not json"),
        ("not an object", [1, 2, 3]),
        ("wrong format", {"format": "other", "content": content, "sha256": _digest(content)}),
        ("edited by hand", {"format": "famiglia-save/1", "content": tampered,
                            "sha256": _digest(content)}),
        ("inconsistent game with a matching checksum",
         {"format": "famiglia-save/1", "content": inconsistent, "sha256": _digest(inconsistent)}),
        ("bad seats", {"format": "famiglia-save/1",
                       "content": {**content, "seats": ["human", "robot"]},
                       "sha256": _digest({**content, "seats": ["human", "robot"]})}),
    ]


@pytest.mark.parametrize(("label", "payload"), _corruptions(), ids=lambda v: str(v)[:30])
def test_corrupt_save_is_set_aside_and_reported(tmp_path: Path, label: str,
                                                payload: object) -> None:
    """A corrupt or tampered save is reported and set aside with its content intact."""
    path = tmp_path / "save.json"
    text = payload if isinstance(payload, str) else json.dumps(payload)
    path.write_text(text, encoding="utf-8")
    store = SaveGameStore(path)
    assert store.load() is None, label
    assert store.notice and "kept as" in str(store.notice)
    assert not path.exists()
    aside = list(tmp_path.glob("save.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text


_CHILD = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from famiglia.bench import no_pass_random
    from famiglia.rules import Game
    from famiglia.players.seats import Seat
    from famiglia.store.savegame import SaveGameStore

    seats = (Seat.human(), Seat.human())
    store = SaveGameStore(Path(sys.argv[1]))
    game = Game.new(11)
    rng = random.Random(11)
    store.save(game, ("A", "B"), seats)
    print("ready", flush=True)
    while True:
        game = Game.new(11)
        rng = random.Random(11)
        while not game.is_terminal():
            game.apply(no_pass_random(game.legal_actions(), rng))
            if not game.is_terminal():
                store.save(game, ("A", "B"), seats)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("delay", [0.05, 0.2, 0.45])
def test_killed_while_saving_leaves_a_loadable_exact_game(tmp_path: Path, delay: float) -> None:
    """Killing the process at any moment leaves a save that loads, and it is exactly a state
    the game passed through (nothing lost but the action in progress); the dead writer's
    temporary file is removed once it is provably abandoned."""
    path = tmp_path / "save.json"
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(path)],
                             stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONHASHSEED": "0"})
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    try:
        child.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGKILL)
        child.wait()
    store = SaveGameStore(path)
    saved = store.load()
    assert store.notice is None
    assert saved is not None
    leftovers = [p for p in tmp_path.iterdir() if p.name != "save.json"]
    assert all(p.name.startswith(".save.json.") and p.suffix == ".tmp" for p in leftovers)
    then = time.time() - 2 * LEFTOVER_AGE
    for leftover in leftovers:
        os.utime(leftover, (then, then))
    assert SaveGameStore(path).load() is not None
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"], "the dead writer's is gone"
    target = saved.game.to_dict()
    game, rng = Game.new(11), random.Random(11)
    states = [game.to_dict()]
    while not game.is_terminal():
        game.apply(no_pass_random(game.legal_actions(), rng))
        states.append(game.to_dict())
    assert target in states


def test_seats_log_and_hints_survive_the_save(tmp_path: Path) -> None:
    """The table's log and the hint mark (S5) come back with the game; a computer seat keeps
    its level and seed."""
    store = SaveGameStore(tmp_path / "save.json")
    seats = (Seat.human(), Seat.computer("hard", 42))
    log = ["Anna refreshed the Street · refresh 2", "Bruno passed · pass"]
    store.save(_played(9, 6), ("Anna", "Bruno"), seats, log=log, assisted=True)
    loaded = store.load()
    assert loaded is not None
    assert loaded.seats == seats and loaded.log == tuple(log) and loaded.assisted


def test_an_old_save_with_seat_strings_and_no_log_still_loads(tmp_path: Path) -> None:
    from famiglia.store.savegame import _digest

    game = Game.new(3, opponent="gangster", gangster_level=2)
    content = {"game": game.to_dict(), "names": ["Anna", "The Gangster"],
               "seats": ["human", "gangster"]}
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"format": "famiglia-save/1", "content": content,
                                "sha256": _digest(content)}), encoding="utf-8")
    loaded = SaveGameStore(path).load()
    assert loaded is not None
    assert loaded.seats == (Seat.human(), Seat.gangster())
    assert loaded.log == () and loaded.assisted is False
    assert loaded.game.to_dict() == game.to_dict()


def test_check_tells_the_title_whether_continue_can_work(tmp_path: Path) -> None:
    """Checked once at launch: a save that cannot be loaded is set aside at once, reported in
    plain words (no parser text), and Continue starts greyed."""
    path = tmp_path / "save.json"
    store = SaveGameStore(path)
    assert store.check() is False and store.notice is None
    store.save(Game.new(1), ("A", "B"), HUMANS)
    assert store.check() is True and store.exists()
    path.write_text('{"format": "famiglia-save/2", "content": {', encoding="utf-8")
    assert store.check() is False and not store.exists()
    notice = str(store.take_notice())
    assert notice.startswith("The saved game could not be read (it was damaged)")
    assert "set aside" not in notice or "kept as" in notice
    assert "line 1" not in notice and "Expecting" not in notice


def test_seats_that_do_not_match_the_mode_are_refused(tmp_path: Path) -> None:
    store = SaveGameStore(tmp_path / "save.json")
    store.save(Game.new(1), ("A", "B"), (Seat.human(), Seat.gangster()))
    assert store.load() is None
    assert store.notice is not None and "seats do not match" in str(store.notice)
