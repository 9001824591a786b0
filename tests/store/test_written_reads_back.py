"""Every store reads back whatever the game may write into it: random values of what each
writer is given (the settings a person can choose or type, won solo games, lessons and tips
under any name a game is played under, running and finished games under such names, kept
analyses) go through the store and are read back by a fresh one, and nothing written is ever
refused, set aside or reset: what is read is what was written.  One definition of each limit
(names, counts, sizes) serves a store's writer and its reader."""

from __future__ import annotations

import ast
import inspect
import tempfile
from dataclasses import fields
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from famiglia import i18n
from famiglia.players import GreedyPlayer, make_player
from famiglia.players.analysis import Analysis, Decision
from famiglia.players.seats import ComputerLevel, Seat, SeatKind
from famiglia.rules import Game, Opponent, write_record
from famiglia.rules.cards import TOTAL_VP
from famiglia.rules.gangster import LEVELS, SoloVariant
from famiglia.rules.records import NAME_LIMIT
from famiglia.store import progress
from famiglia.store.analyses import AnalysisFile
from famiglia.store.highscores import TOP, Entry, HighscoreStore
from famiglia.store.names import TYPED_LIMIT
from famiglia.store.progress import Progress, ProgressStore
from famiglia.store.records import RecordStore
from famiglia.store.savegame import SaveGameStore
from famiglia.store.settings import (
    ANIMATION_SPEEDS,
    MAX_WINDOW,
    MIN_WINDOW,
    VOLUMES,
    Settings,
    SettingsStore,
    SoloFirst,
)
from famiglia.ui.tutorial import tips
from famiglia.ui.tutorial.lessons import LESSONS

#: What a name field lets a person type: printable characters, no spaces at either end.
TYPED_NAMES = (st.text(st.characters(codec="utf-8").filter(str.isprintable), min_size=1,
                       max_size=TYPED_LIMIT)
               .map(str.strip).filter(bool))
#: What a game can be played under: a typed name, or any name an imported record holds.
GAME_NAMES = TYPED_NAMES | st.text(st.characters(codec="utf-8"), min_size=1, max_size=NAME_LIMIT)
#: A moment with its UTC offset, as the stores write dates.
MOMENTS = st.builds(
    lambda moment, minutes: moment.replace(tzinfo=timezone(timedelta(minutes=minutes))),
    st.datetimes(datetime(2000, 1, 1), datetime(2100, 1, 1)), st.integers(-14 * 60, 14 * 60))
KEYS = st.from_regex(progress.KEY, fullmatch=True)


def fresh_folder() -> tempfile.TemporaryDirectory[str]:
    """A folder of one example's own (the test's ``tmp_path`` is shared by all examples)."""
    return tempfile.TemporaryDirectory()


# ---------------------------------------------------------------- settings

#: Each setting's values as the screens choose or type them.
CHOSEN: dict[str, st.SearchStrategy[Any]] = {
    "animation_speed": st.sampled_from(ANIMATION_SPEEDS),
    "fullscreen": st.booleans(),
    "window_size": st.tuples(st.integers(MIN_WINDOW[0], MAX_WINDOW),
                             st.integers(MIN_WINDOW[1], MAX_WINDOW)),
    "fresh_cards_rule": st.booleans(),
    "player_names": st.tuples(TYPED_NAMES, TYPED_NAMES),
    "solo_name": TYPED_NAMES,
    "gangster_level": st.sampled_from(sorted(LEVELS)),
    "solo_first": st.sampled_from(SoloFirst),
    "volume": st.sampled_from(VOLUMES),
    "mute": st.booleans(),
    "computer_level": st.sampled_from(ComputerLevel),
    "new_game_seats": st.tuples(*[st.sampled_from([SeatKind.HUMAN, *ComputerLevel])] * 2),
    "language": st.none() | st.sampled_from(i18n.available_languages()),
    "tips": st.booleans(),
    "rendezvous": st.just("") | st.builds(
        "{}://{}".format, st.sampled_from(["ws", "wss"]),
        st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=80)),
}


def test_every_setting_has_its_values() -> None:
    assert set(CHOSEN) == {field.name for field in fields(Settings)}


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries(CHOSEN).map(lambda values: Settings(**values)))
def test_settings_read_back_as_written(chosen: Settings) -> None:
    with fresh_folder() as folder:
        store = SettingsStore(Path(folder) / "settings.json")
        assert store.save(chosen)
        again = SettingsStore(store.path)
        assert again.load() == chosen
        assert again.take_notice() is None


@settings(max_examples=30, deadline=None)
@given(st.tuples(st.integers(1, 2 * MAX_WINDOW), st.integers(1, 2 * MAX_WINDOW)))
def test_a_window_of_any_size_is_never_read_as_damage(size: tuple[int, int]) -> None:
    """Whatever size the window manager gave the window, the next start reads the file
    without a notice (a size the game does not keep is left out)."""
    with fresh_folder() as folder:
        store = SettingsStore(Path(folder) / "settings.json")
        store.save(Settings(window_size=size))
        again = SettingsStore(store.path)
        again.load()
        assert again.take_notice() is None


# ---------------------------------------------------------------- progress


def test_every_lesson_and_tip_of_the_game_is_a_name_the_progress_keeps() -> None:
    source = ast.parse(inspect.getsource(tips))
    tip_keys = {node.args[0].value for node in ast.walk(source)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "Tip" and isinstance(node.args[0], ast.Constant)}
    lesson_keys = {lesson.key for lesson in LESSONS}
    assert tip_keys and lesson_keys
    Progress(frozenset(lesson_keys), MappingProxyType({"x" * NAME_LIMIT: frozenset(tip_keys)}))


CHANGES = st.lists(st.one_of(st.tuples(st.just("lesson"), KEYS),
                             st.tuples(st.just("tip"), GAME_NAMES, KEYS),
                             st.tuples(st.just("welcome"))), max_size=12)


@settings(max_examples=60, deadline=None)
@given(CHANGES)
def test_progress_reads_back_as_written(changes: list[tuple[str, ...]]) -> None:
    with fresh_folder() as folder:
        store = ProgressStore(Path(folder) / "progress.json")
        for change in changes:
            if change[0] == "lesson":
                store.finish_lesson(change[1])
            elif change[0] == "tip":
                store.see_tip(change[1], change[2])
            else:
                store.welcome()
        assert store.take_notice() is None
        again = ProgressStore(store.path)
        assert again.load() == store.last
        assert again.take_notice() is None


# ---------------------------------------------------------------- highscores


@st.composite
def won_games(draw: st.DrawFn) -> Entry:
    """A won solo game's entry (S5: the human ahead or level on VP), as the results make it
    from the name typed."""
    total = draw(st.integers(0, TOTAL_VP))
    own = draw(st.integers((total + 1) // 2, total))
    typed = draw(TYPED_NAMES)
    return Entry(" ".join(typed.split()), draw(MOMENTS).isoformat(timespec="seconds"), own,
                 total - own, 2 * own - (total - own), draw(st.sampled_from(sorted(LEVELS))),
                 draw(st.sampled_from(SoloVariant)), draw(st.booleans()), draw(st.booleans()))


@settings(max_examples=40, deadline=None)
@given(st.lists(won_games(), min_size=1, max_size=25))
def test_highscores_read_back_as_written(entries: list[Entry]) -> None:
    with fresh_folder() as folder:
        store = HighscoreStore(Path(folder) / "highscores.json")
        for entry in entries:
            store.add(entry)
        assert store.take_notice() is None and not store.write_failed
        again = HighscoreStore(store.path)
        board = again.load()
        assert again.take_notice() is None
        for key, kept in board.items():
            assert kept == tuple(sorted((entry for entry in entries if entry.key == key),
                                        key=Entry.order)[:TOP])


# ---------------------------------------------------------------- saved games and records


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, tuple[str | None, str | None], tuple[Seat, Seat]]:
    """A game as a table holds it: dealt from a seed (a solo game or not), played some way
    by random players, with the names and seats of its table."""
    seed = draw(st.integers(0, 2**31))
    solo = draw(st.booleans())
    if solo:
        game = Game.new(seed, first_player=draw(st.sampled_from(SoloVariant)).first_player,
                        opponent=Opponent.GANGSTER, gangster_level=draw(st.sampled_from(
                            sorted(LEVELS))))
        seats: tuple[Seat, Seat] = (Seat.human(), Seat.gangster())
        names: tuple[str | None, str | None] = (draw(GAME_NAMES), None)
    else:
        game = Game.new(seed, first_player=seed % 2)
        seat = st.sampled_from([Seat.human(), *(Seat.computer(level, seed)
                                                for level in ComputerLevel)])
        seats = (draw(seat), draw(seat))
        names = (draw(GAME_NAMES), draw(GAME_NAMES))
    player = make_player(draw(st.sampled_from(["random", "no_pass_random", "balanced"])),
                         seed=seed)
    for _ in range(draw(st.integers(0, 200))):
        if game.is_terminal():
            break
        if game.is_gangster_turn():
            game.play_gangster_turn()
        else:
            game.apply(player.choose(game))
    return game, names, seats


@settings(max_examples=25, deadline=None)
@given(games(), st.lists(st.text(st.characters(codec="utf-8"), max_size=120), max_size=30),
       st.booleans())
def test_saved_games_read_back_as_written(
        table: tuple[Game, tuple[str | None, str | None], tuple[Seat, Seat]], log: list[str],
        assisted: bool) -> None:
    game, names, seats = table
    if game.is_terminal():  # an ended game is cleared, not saved
        return
    with fresh_folder() as folder:
        store = SaveGameStore(Path(folder) / "savegame.json")
        assert store.save(game, names, seats, log=log, assisted=assisted)
        again = SaveGameStore(store.path)
        saved = again.load()
        assert again.take_notice() is None and saved is not None
        assert saved.game.to_dict() == game.to_dict()
        assert (saved.names, saved.seats, saved.log, saved.assisted) == (names, seats,
                                                                         tuple(log), assisted)


@settings(max_examples=15, deadline=None)
@given(games(), MOMENTS, st.booleans())
def test_records_read_back_as_written(
        table: tuple[Game, tuple[str | None, str | None], tuple[Seat, Seat]], when: datetime,
        assisted: bool) -> None:
    """A finished game's record, or an abandoned one's, as the table keeps it."""
    game, names, seats = table
    record = write_record(game, names=names, seats=seats, when=when, assisted=assisted)
    with fresh_folder() as folder:
        store = RecordStore(Path(folder) / "records")
        assert store.add(record) is not None
        again = RecordStore(store.folder)
        (summary,) = again.games()
        assert again.take_notice() is None and summary.names == names
        assert again.load(summary) == record and again.take_notice() is None


# ---------------------------------------------------------------- analyses


@st.composite
def analyses(draw: st.DrawFn, record: dict[str, Any]) -> Analysis:
    """An analysis of ``record`` as the analysis makes them: some of the decisions of the
    analysed seats, their chances anywhere from 0 to 100 percent."""
    seats = draw(st.sampled_from([(0,), (1,), (0, 1)]))
    chances = st.floats(0, 100)
    decisions = tuple(
        Decision(ply, move["seat"], draw(st.integers(1, 500)), move["action"], move["action"],
                 draw(chances), draw(chances))
        for ply, move in enumerate(record["moves"])
        if move["seat"] in seats and draw(st.booleans()))
    return Analysis(draw(st.sampled_from(ComputerLevel)), draw(st.integers()), seats, decisions)


def _record() -> dict[str, Any]:
    game = Game.new(11)
    greedy = GreedyPlayer()
    while not game.is_terminal():
        game.push(greedy.choose(game))
    return write_record(game, names=("Anna", "Bruno"), seats=(Seat.human(), Seat.human()))


RECORD = _record()


@settings(max_examples=15, deadline=None)
@given(st.lists(analyses(RECORD), min_size=1, max_size=4))
def test_analyses_read_back_as_written(made: list[Analysis]) -> None:
    with fresh_folder() as folder:
        kept = AnalysisFile(RECORD, Path(folder))
        for analysis in made:
            assert kept.save(analysis)
        again = AnalysisFile(RECORD, Path(folder))
        latest = {(item.level, item.seats, item.seed): item for item in made}
        for (level, seats, seed), analysis in latest.items():
            assert again.load(level=level, seats=seats, seed=seed) == analysis
        assert again.take_notice() is None and kept.take_notice() is None

