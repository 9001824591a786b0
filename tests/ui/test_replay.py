"""The replay viewer: a record (famiglia.rules.records) is shown from its setup (R2,
S1), stepped forward and back with the buttons and the keys, and at every step the table's
picture is the core's layout of that moment; both hands are face up (a record hides nothing)
or the top one hidden; "Play on from here" starts a position game with the draw pile dealt
anew (R5.4), never a solo highscore run (S5).  ``famiglia replay FILE`` opens a record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest
from test_table import texts_rendered

from famiglia import i18n
from famiglia.__main__ import main
from famiglia.players import make_player, play_game
from famiglia.players.seats import Seat, SeatKind
from famiglia.rules import Game, Refresh, write_record
from famiglia.store.savegame import SaveGameStore
from famiglia.ui import navigation
from famiglia.ui.app import App
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.replay import ReplayScene, load_record
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.phrases import Line
from famiglia.ui.table.picture import ZONES

if TYPE_CHECKING:
    from ui_driver import Driver


def finished_record(seed: int, *, solo: bool = False, resign: bool = False) -> dict[str, Any]:
    game = Game.new(seed, opponent="gangster" if solo else None)
    players = [make_player("balanced", seed=seed), make_player("balanced", seed=seed + 1)]
    if resign:
        for _ in range(12):
            if game.is_gangster_turn():
                game.play_gangster_turn()
            else:
                game.push(players[game.current].choose(game))
        game.resign(game.current)
    else:
        play_game(game, players)
    seats = (Seat.human(), Seat.gangster() if solo else Seat.computer("hard", 4))
    return write_record(game, names=("Anna", "Bruno"), seats=seats)


def assert_picture_is_the_core(replay: ReplayScene) -> None:
    core = replay.after[replay.at]
    for zone in ZONES:
        assert replay.picture.zones[zone] == list(core.zone_ids(zone)), zone
    assert replay.game.to_dict() == core.to_dict()


@pytest.mark.parametrize("solo", [False, True])
def test_stepping_forward_and_back_shows_the_core_layout(app: App, ui: Driver,
                                                         solo: bool) -> None:
    """R3–R5 (and S4's Gangster turns, one step each): every step forward animates to the
    core's layout after it, every step back returns to the layout before it."""
    record = finished_record(5, solo=solo)
    navigation.open_replay(app, record)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.at == 0
    ui.frames(1)
    assert not replay.back_button.enabled and replay.next_button.enabled
    assert_picture_is_the_core(replay)
    for _ in range(len(replay.steps)):
        ui.press(pygame.K_RIGHT)
        replay.finish_animations()
        ui.frames(1)
        assert_picture_is_the_core(replay)
    assert replay.game.is_terminal() and replay.at == len(replay.steps)
    assert not replay.next_button.enabled
    assert replay.log.entries[-1][0].startswith("Game over")
    for _ in range(len(replay.steps)):
        ui.press(pygame.K_LEFT)
        replay.finish_animations()
        assert_picture_is_the_core(replay)
    assert replay.at == 0
    ui.press(pygame.K_END)
    assert replay.at == len(replay.steps)
    assert_picture_is_the_core(replay)
    ui.press(pygame.K_HOME)
    assert replay.at == 0
    assert_picture_is_the_core(replay)
    ui.click(replay.next_button.rect.center)
    assert replay.at == 1
    assert replay.position_text == f"1 of {len(replay.steps)} moves played"


def test_both_hands_face_up_or_the_top_one_hidden(app: App, ui: Driver) -> None:
    """A record shows both hands; V hides the top player's hand (backs) and shows it again."""
    replay = ReplayScene(app, finished_record(6))
    app.push(replay)
    ui.frames(1)
    top = set(replay.picture.zones[f"hand:{1 - replay.bottom}"])
    assert top and top <= replay.renderer.drawn_faces
    ui.press(pygame.K_v, "v")
    ui.frames(1)
    assert not top & replay.renderer.drawn_faces
    assert "hidden" in replay.hands_button.text
    ui.press(pygame.K_v, "v")
    ui.frames(1)
    assert top <= replay.renderer.drawn_faces


def test_a_solo_replay_has_no_hand_to_hide(app: App, ui: Driver) -> None:
    """S2: the Gangster keeps no hand, so a solo record's replay offers no top-hand toggle;
    V changes nothing and the Analyse button takes the toggle's room."""
    replay = ReplayScene(app, finished_record(6, solo=True))
    app.push(replay)
    ui.frames(1)
    assert replay.hands_button not in replay.buttons
    assert replay.analysis.toggle_button.rect.top == replay.frame.log.top
    ui.press(pygame.K_v, "v")
    assert replay.picture.open_hands
    duo = ReplayScene(app, finished_record(6))
    assert duo.hands_button in duo.buttons
    assert duo.log.rect.top > duo.hands_button.rect.bottom


@pytest.mark.parametrize("solo", [False, True])
def test_the_status_panel_tells_what_can_be_taken_at_each_step(app: App, ui: Driver,
                                                               solo: bool) -> None:
    """R3.4: at each step the replay's status panel says how many Street cards the player to
    move could take, as the core counts them for that position (not always "nothing")."""
    replay = ReplayScene(app, finished_record(7, solo=solo))
    app.push(replay)
    ui.frames(1)
    takeable_steps = 0
    for step in range(len(replay.steps) + 1):
        replay.jump(step)
        replay.finish_animations()
        game = replay.game
        if not replay.seats[game.current].is_human or game.is_terminal():
            continue
        count = len(game.takeable_positions())
        replay.status_dirty = True
        with texts_rendered(app.theme) as said:
            ui.frames(1)
        expected = f"{count} takeable" if count else "nothing takeable"
        assert expected in [text for text, _size in said], (step, expected)
        takeable_steps += bool(count)
        assert replay.step_rects == [], "a record's steps offer no help on playing them"
    assert takeable_steps


def test_the_status_notes_speak_to_the_person_only_on_their_turn(app: App, ui: Driver) -> None:
    """R3.1d, R4.2: the fresh-cards note ("the cards your refreshes drew") shows only while a
    person's seat is to move, never in the computer's turn; the reshuffle's note is gone once
    the game is over."""
    replay = ReplayScene(app, finished_record(7))
    app.push(replay)
    ui.frames(1)
    fresh_note, reshuffle_note = "Fresh-cards rule:", "After the reshuffle:"
    fresh_seen = 0
    for step in range(len(replay.steps) + 1):
        replay.jump(step)
        replay.finish_animations()
        game = replay.game
        replay.status_dirty = True
        with texts_rendered(app.theme) as said:
            ui.frames(1)
        texts = " ".join(text for text, _size in said)
        if fresh_note in texts:
            assert replay.record_seats[game.current].is_human and game.fresh_cards_only, step
            fresh_seen += 1
        if game.is_terminal():
            assert reshuffle_note not in texts
    assert fresh_seen


def test_a_resigned_game_ends_with_its_resignation(app: App) -> None:
    replay = ReplayScene(app, finished_record(7, resign=True))
    assert replay.steps[-1].resign
    replay.jump(len(replay.steps))
    assert replay.game.is_terminal() and replay.game.result is not None
    assert replay.game.result.reason == "resigned"


def test_play_on_from_here_starts_a_position_game(app: App, ui: Driver) -> None:
    """From move 10 a new game starts at that position with the record's seats; the draw
    pile holds the same cards in a new order (R5.4); a solo record gives a solo position game,
    which the results keep off the highscores (S5).  The second game replaces the first
    once the player agreed."""
    for solo in (False, True):
        replay = ReplayScene(app, finished_record(8, solo=solo))
        app.push(replay)
        replay.jump(10)
        shown = replay.game
        ui.press(pygame.K_p, "p")
        if solo:
            assert isinstance(app.top, ConfirmScene)
            ui.press(pygame.K_n, "n")
        table = app.top
        assert isinstance(table, TableScene) and not isinstance(table, ReplayScene)
        game = table.game
        assert game.setup.position is not None and not game.move_stack
        for zone in ("street", "hand:0", "hand:1", "play:0", "play:1", "discard"):
            assert sorted(game.zone_ids(zone)) == sorted(shown.zone_ids(zone))
        assert sorted(game.zone_ids("draw_pile")) == sorted(shown.zone_ids("draw_pile"))
        assert game.current == shown.current and game.turn == shown.turn
        if solo:
            assert [seat.kind for seat in table.seats] == [SeatKind.HUMAN, SeatKind.GANGSTER]
        else:
            assert table.seats == (Seat.human(), Seat.computer("hard", 4))
        app.reset(TableScene(app, Game.new(1), ("A", "B")))


def test_play_on_in_the_middle_of_a_turn_starts_its_log_with_that_turn(app: App,
                                                                       ui: Driver) -> None:
    """R3.1d: played on after a refresh, the new game may take only the cards that refresh
    drew, so its log opens with the refresh already made in that turn (and is saved so)."""
    record = finished_record(8)
    replay = ReplayScene(app, record)
    app.push(replay)
    at = next(index + 1 for index, step in enumerate(replay.steps)
              if step.action is not None and isinstance(step.action.action, Refresh)
              and not replay.after[index + 1].is_terminal())
    replay.jump(at)
    seat = replay.steps[at - 1].seat
    refresher = replay.names[seat]
    ui.press(pygame.K_p, "p")
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table, ReplayScene)
    lines = [text for text, _ in table.log.entries]
    assert lines[0].endswith(f"turn {table.game.turn + 1}, {refresher} to play.")
    assert any(line.startswith(f"{refresher} refreshes the Street with") for line in lines)
    assert any("is drawn into the Street" in line for line in lines)
    assert not any(line.startswith(("Turn ", "Replay")) for line in lines)
    saved = SaveGameStore().load()
    assert saved is not None and [Line.decode(line).text() for line in saved.log] == lines


def test_a_damaged_record_is_reported_not_opened(app: App, ui: Driver) -> None:
    record = finished_record(9)
    record["moves"][3]["action"] = "take 99"
    before = app.top
    navigation.open_replay(app, record)
    assert not isinstance(app.top, ReplayScene) and app.top is not before


def test_the_replay_command_reads_a_record_file(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """``famiglia replay FILE`` refuses what is not a record in plain words (exit status 1): a
    file cut short is damaged; a record file reads back to the same record."""
    bad = tmp_path / "bad.json"
    good = tmp_path / "game.json"
    record = finished_record(10)
    bad.write_text(json.dumps(record)[:200], encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert f"{bad} cannot be opened as a game record: it was damaged" in capsys.readouterr().err
    good.write_text(json.dumps(record), encoding="utf-8")
    assert load_record(good) == record


def test_the_replay_command_refuses_in_the_players_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A German player reads why a file is no record in German, and a record whose
    move breaks the rules (R3.4) is refused with the core's reason in German too."""
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_LANG", "de")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    try:
        assert main(["replay", str(bad)]) == 1
        german = capsys.readouterr().err
        assert "game record" not in german and "damaged" not in german and str(bad) in german
        broken = finished_record(10)
        broken["moves"] = [{"seat": 0, "action": "take 9"}]
        bad.write_text(json.dumps(broken), encoding="utf-8")
        assert main(["replay", str(bad)]) == 1
        refused = capsys.readouterr().err
        assert refused.startswith("famiglia replay:") and "move" not in refused
    finally:
        i18n.set_language("en")
