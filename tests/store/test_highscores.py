"""The highscore list of the solo challenge (S3 lists per level and variant, S5 ranking value):
order and top 10, entries from won games, corrupt or tampered files set aside, and writers in
several processes at once."""

from __future__ import annotations

import json
import multiprocessing
import os
import tempfile
import threading
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia.rules import DECK, PASS, Game
from famiglia.store.highscores import KEYS, TOP, Entry, HighscoreStore
from famiglia.store.locking import LEFTOVER_AGE

T0 = datetime(2025, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))


def entry(ranking: int, *, key: str = "3a", minute: int = 0, name: str = "Vito",
          gangster: int = 20) -> Entry:
    """A valid entry with ranking value ``ranking`` (own VP follows from S5)."""
    own = (ranking + gangster) // 2
    gangster = 2 * own - ranking
    return Entry(name, (T0 + timedelta(minutes=minute)).isoformat(), own, gangster, ranking,
                 int(key[0]), key[1], True)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> HighscoreStore:
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path))
    return HighscoreStore()


def rankings(store: HighscoreStore, key: str = "3a") -> list[int]:
    return [item.ranking_value for item in store.load()[key]]


# ---------------------------------------------------------------- lists and order


def test_default_path_follows_the_data_dir(store: HighscoreStore, tmp_path: Path) -> None:
    assert store.path == tmp_path / "highscores.json"
    assert store.load() == dict.fromkeys(KEYS, ())
    assert KEYS == ("1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b")


def test_entries_round_trip_through_the_file(store: HighscoreStore) -> None:
    """S5: each entry keeps name, date and time, both VP, ranking value, level, variant and
    the fresh-cards rule; the file is plain JSON with all eight lists."""
    first = entry(60, key="2b", name="Donna Lucia")
    assert store.add(first) == 0
    assert HighscoreStore(store.path).load()["2b"] == (first,)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert sorted(data["lists"]) == sorted(KEYS)
    assert data["lists"]["2b"] == [{
        "name": "Donna Lucia", "when": "2025-03-01T20:00:00+01:00", "own_vp": 40,
        "gangster_vp": 20, "ranking_value": 60, "level": 2, "variant": "b",
        "fresh_cards_rule": True, "assisted": False,
    }]
    assert sorted(p.name for p in store.path.parent.iterdir()) == [".highscores.json.lock",
                                                                   "highscores.json"]


def test_top_ten_by_ranking_value(store: HighscoreStore) -> None:
    """Best first; only ten stay; a worse game than all ten does not enter."""
    places = [store.add(entry(value, minute=i)) for i, value in
              enumerate([50, 70, 60, 90, 40, 80, 55, 65, 75, 85])]
    assert places == [0, 0, 1, 0, 4, 1, 4, 3, 2, 1]
    assert rankings(store) == [90, 85, 80, 75, 70, 65, 60, 55, 50, 40]
    assert not store.would_enter("3a", 40) and store.would_enter("3a", 41)
    assert store.add(entry(30, minute=20)) is None
    assert store.add(entry(62, minute=21)) == 6
    assert rankings(store) == [90, 85, 80, 75, 70, 65, 62, 60, 55, 50]
    assert rankings(store, "3b") == []
    assert store.would_enter("3b", 0)


def test_equal_ranking_values_keep_the_earlier_entry_first(store: HighscoreStore) -> None:
    """An equal value goes after the entries already there, and a game finished earlier (an
    instance that writes late) goes before later ones."""
    store.add(entry(70, minute=5, name="Second"))
    assert store.add(entry(70, minute=9, name="Third")) == 1
    assert store.add(entry(70, minute=1, name="First")) == 0
    assert [item.name for item in store.load()["3a"]] == ["First", "Second", "Third"]
    for minute in range(7):
        store.add(entry(70, minute=10 + minute))
    assert not store.would_enter("3a", 70)
    assert store.add(entry(70, minute=30)) is None


def test_would_enter_rejects_unknown_lists(store: HighscoreStore) -> None:
    with pytest.raises(ValueError, match="5a"):
        store.would_enter("5a", 10)


# ---------------------------------------------------------------- entries


def solo_game(human: str, gangster: str, *, level: int = 2, fresh: bool = False) -> Game:
    """A solo game ended by a double pass (R5.2) with these cards beyond the start sets."""
    start = ["F0", "A0", "B0", "M0"]
    hand, area, street = [*start, *human.split()], [*start, *gangster.split()], ["A2"]
    rest = Counter(card.code for card in DECK) - Counter(hand + area + street)
    game = Game.from_dict({
        "current": 0, "first_player": 1, "hands": [hand, []], "play_areas": [[], area],
        "street": street, "draw_pile": sorted(rest.elements()), "discard": [],
        "reshuffled": False, "opponent": "gangster", "gangster_level": level,
        "fresh_cards_rule": fresh, "passed_last_turn": True,
    })
    game.apply(PASS)
    return game


def test_entry_from_a_won_game() -> None:
    """S5: ranking value 2 × 26 − 2; level and variant (S3: "b", the Gangster started)."""
    made = Entry.from_game(solo_game("F4 F3", "A1"), "  Don   Vito ", T0)
    assert made == Entry("Don Vito", "2025-03-01T20:00:00+01:00", 26, 2, 50, 2, "b", False)
    assert made.key == "2b"


def test_only_won_solo_games_make_entries() -> None:
    with pytest.raises(ValueError, match="won"):
        Entry.from_game(solo_game("A1", "F3 F4"), "Vito")
    two_players = Game.new(1)
    with pytest.raises(ValueError, match="won"):
        Entry.from_game(two_players, "Vito")


GOOD: dict[str, Any] = entry(60).to_dict()


@pytest.mark.parametrize(("change", "reason"), [
    ({"name": ""}, "empty"),
    ({"name": "x" * 25}, "24"),
    ({"name": "Vito\n"}, "printable"),
    ({"name": 7}, "name"),
    ({"when": "yesterday"}, "ISO"),
    ({"when": "2025-03-01T20:00:00"}, "UTC offset"),
    ({"own_vp": "50"}, "whole"),
    ({"own_vp": 50.0}, "whole"),
    ({"own_vp": 30, "gangster_vp": 40, "ranking_value": 20}, "won"),
    ({"own_vp": 150, "gangster_vp": 40, "ranking_value": 260}, "175"),
    ({"ranking_value": 61}, "S5"),
    ({"level": 5}, "level"),
    ({"level": True}, "level"),
    ({"variant": "c"}, "variant"),
    ({"variant": ["a"]}, "variant"),
    ({"fresh_cards_rule": 1}, "fresh"),
])
def test_impossible_entries_are_refused(change: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Entry.from_dict({**GOOD, **change})


def test_entry_fields_must_be_exact() -> None:
    with pytest.raises(ValueError, match="exactly"):
        Entry.from_dict({**GOOD, "cheat": 1})
    with pytest.raises(ValueError, match="exactly"):
        Entry.from_dict({k: v for k, v in GOOD.items() if k != "level"})


# ---------------------------------------------------------------- corrupt and tampered files


def file_with(lists: dict[str, Any]) -> str:
    return json.dumps({"format": "famiglia-highscores/1", "lists": lists})


CORRUPT: dict[str, str | bytes] = {
    "bad JSON": b'{"format": "famiglia-highscores/1", "lists": {',
    "not UTF-8": b"\xff\xfe\x00junk",
    "deeply nested": "[" * 100_000 + "]" * 100_000,
    "wrong format": json.dumps({"format": "famiglia-save/1", "lists": {}}),
    "not an object": "[]",
    "unknown list": file_with({"9z": []}),
    "list not a list": file_with({"3a": {"0": GOOD}}),
    "wrong type": file_with({"3a": [{**GOOD, "own_vp": "50"}]}),
    "impossible VP": file_with({"3a": [{**GOOD, "own_vp": 500, "ranking_value": 980}]}),
    "forged ranking": file_with({"3a": [{**GOOD, "ranking_value": 999}]}),
    "wrong list": file_with({"2a": [GOOD]}),
    "unsorted": file_with({"3a": [entry(50).to_dict(), entry(60).to_dict()]}),
    "eleven entries": file_with({"3a": [entry(90 - i).to_dict() for i in range(TOP + 1)]}),
}


@pytest.mark.parametrize("content", list(CORRUPT.values()), ids=list(CORRUPT))
def test_bad_file_is_set_aside_and_reported(store: HighscoreStore,
                                            content: str | bytes) -> None:
    """A corrupt or tampered file never crashes and is never silently overwritten: it is kept
    under a timestamped name, the player is told where, and a fresh list begins."""
    raw = content.encode() if isinstance(content, str) else content
    store.path.write_bytes(raw)
    assert store.load() == dict.fromkeys(KEYS, ())
    (kept,) = store.path.parent.glob("highscores.json.corrupt-*")
    assert kept.read_bytes() == raw and not store.path.exists()
    assert store.notice is not None and kept.name in str(store.notice)
    assert str(kept.parent) in str(store.notice)
    assert store.add(entry(60)) == 0
    assert rankings(HighscoreStore(store.path)) == [60]
    assert kept.read_bytes() == raw


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                 max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(GOOD)), value=JSON)
def test_any_tampered_field_is_caught_or_valid(field: str, value: Any) -> None:
    """Whatever a hand edit puts into a field, loading never fails: the file is either still
    a valid list or set aside."""
    with tempfile.TemporaryDirectory() as folder:
        store = HighscoreStore(Path(folder) / "highscores.json")
        store.path.write_text(file_with({"3a": [{**GOOD, field: value}]}), encoding="utf-8")
        board = store.load()
        assert (store.notice is None) == store.path.exists()
        assert all(isinstance(item, Entry) for items in board.values() for item in items)


def test_add_over_a_bad_file_keeps_it_and_the_new_entry(store: HighscoreStore) -> None:
    store.path.write_text("{oops", encoding="utf-8")
    assert store.add(entry(70)) == 0
    assert store.notice is not None and "new list" in str(store.notice)
    assert len(list(store.path.parent.glob("highscores.json.corrupt-*"))) == 1
    assert rankings(store) == [70]


def test_unreadable_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    """A path that cannot be read (here a folder) is not corrupt data: load reports it and
    gives empty lists; add reports it through the notice (never raises) and changes
    nothing."""
    path = tmp_path / "highscores.json"
    path.mkdir()
    store = HighscoreStore(path)
    assert store.load() == dict.fromkeys(KEYS, ())
    assert store.notice is not None and "could not be read" in str(store.notice)
    store.notice = None
    assert store.add(entry(60)) is None
    assert store.write_failed and store.notice and "could not be saved" in str(store.notice)
    assert path.is_dir() and not list(path.iterdir())


def test_leftover_temporary_files_are_removed(store: HighscoreStore) -> None:
    """A writer killed mid-write leaves a temporary file nobody holds; the next reader removes
    it once it is older than a live writer's instant between creating and locking it."""
    store.add(entry(60))
    leftover = store.path.with_name(".highscores.json.x1y2.tmp")
    leftover.write_text("half", encoding="utf-8")
    then = time.time() - 2 * LEFTOVER_AGE
    os.utime(leftover, (then, then))
    assert rankings(store) == [60]
    assert not leftover.exists()


# ---------------------------------------------------------------- concurrent writers


def write_entries(path: str, worker: int, count: int, barrier: Any) -> None:
    """One game instance: wait for the others, then add ``count`` entries as fast as it can."""
    store = HighscoreStore(Path(path))
    barrier.wait()
    for i in range(count):
        key = KEYS[(worker + i) % len(KEYS)]
        store.add(entry(100 + 10 * worker + i, key=key, minute=i, name=f"P{worker}-{i}"))


def test_processes_finishing_together_lose_no_entry(tmp_path: Path) -> None:
    """Four instances add five entries each at the same moment (twenty entries, at most four
    per list): all twenty are in the file afterwards."""
    path = tmp_path / "highscores.json"
    context = multiprocessing.get_context()
    barrier = context.Barrier(4)
    workers = [context.Process(target=write_entries, args=(str(path), w, 5, barrier))
               for w in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(60)
    assert [process.exitcode for process in workers] == [0, 0, 0, 0]
    board = HighscoreStore(path).load()
    names = sorted(item.name for items in board.values() for item in items)
    assert names == sorted(f"P{w}-{i}" for w in range(4) for i in range(5))


def test_threads_filling_one_list_keep_the_best_ten(tmp_path: Path) -> None:
    """Three writers add six entries each to the same list at once: the list holds exactly the
    ten best of all eighteen."""
    path = tmp_path / "highscores.json"
    barrier = threading.Barrier(3)

    def writer(worker: int) -> None:
        store = HighscoreStore(path)
        barrier.wait()
        for i in range(6):
            store.add(entry(100 + 3 * i + worker, minute=worker))

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert rankings(HighscoreStore(path)) == list(range(117, 107, -1))
