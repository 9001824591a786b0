"""The analysis of a finished game (famiglia.players.analysis, ``famiglia analyse``): costly
decisions are found, the draw pile's order is never read (R5.4), the JSON names the record's
moves, and the command line refuses bad input in one line.  Small search budgets keep each
test to seconds; the real budgets are measured by the command itself (README)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from famiglia.__main__ import main
from famiglia.players import GreedyPlayer, Seat, make_player
from famiglia.players.analysis import (
    EFFORTS,
    Analysis,
    AnalysisJob,
    Cancelled,
    Decision,
    Effort,
    Verdict,
    analyse,
    verdict_of,
)
from famiglia.players.mcts import action_key
from famiglia.players.measure import measure
from famiglia.rules import PASS, Game, Take, read_record, write_record

#: A budget that finds a blunder in a second.
SMALL = Effort(search=50, searches=1, proposals=2, measure=100)
#: A budget for tests that only need the shape of the answer.
TINY = Effort(search=10, searches=1, proposals=1, measure=10)
HUMANS = (Seat.human(), Seat.human())


def greedy_game(seed: int, *, turns: int | None = None, **options: Any) -> Game:
    """A game between two greedy players, to its end or for ``turns`` turns."""
    game = Game.new(seed, **options)
    greedy = GreedyPlayer()
    while not game.is_terminal() and (turns is None or game.turn < turns):
        if game.is_gangster_turn():
            game.play_gangster_turn()
        else:
            game.push(greedy.choose(game))
    return game


def planted_blunder(seed: int) -> tuple[Game, int]:
    """A game of two search players in which seat 0 once passes (R3.4d) although it could take
    a card worth 6 VP or more (R1.4) that the opponent can take next: the first such chance in
    an open game (scores within 8 VP).  Returns the game and the pass's ply."""
    game = Game.new(seed)
    players = [make_player("mcts", level="medium", seed=seed),
               make_player("mcts", level="medium", seed=seed + 1)]
    planted = None
    while not game.is_terminal():
        if planted is None and game.current == 0 and abs(game.scores[0] - game.scores[1]) <= 8:
            for action in game.legal_actions():
                card = game.street[action.street] if isinstance(action, Take) else None
                if card is None or card.vp < 6:
                    continue
                after = game.copy()
                after.push(PASS)
                if any(isinstance(reply, Take) and after.street[reply.street].id == card.id
                       for reply in after.legal_actions()):
                    planted = game.ply()
                    break
            if planted is not None:
                game.push(PASS)
                continue
        game.push(players[game.current].choose(game))
    assert planted is not None
    return game, planted


def test_a_planted_blunder_is_among_the_costliest_decisions() -> None:
    """R3.4d, R1.4: passing when a card worth 6 VP or more could be taken (and the opponent
    can take it next) is among the player's three costliest decisions, named with the take
    that was better."""
    game, planted = planted_blunder(33)
    record = write_record(game, seats=(Seat.human(), Seat.computer("medium")))
    result = analyse(record, effort=SMALL)
    summary = result.summary(0)
    assert planted in [decision.ply for decision in summary.costliest]
    blunder = result.at(planted)
    assert blunder is not None and blunder.played == "pass"
    assert blunder.best.startswith("take") and blunder.verdict is not None


def test_the_analysis_never_reads_the_order_of_the_draw_pile() -> None:
    """R5.4: the same game with the cards nobody has seen yet in another order (the tail of
    the deck, still in the draw pile) gets the same analysis from the same seed."""
    first = greedy_game(5, turns=14)
    assert not first.reshuffled and not first.is_terminal()
    seen = 52 - len(first.draw_pile)
    deck = _deck(Game.new(5))
    tail = deck[seen:]
    assert len(set(tail)) > 1
    other_deck = deck[:seen] + tail[::-1]
    records = []
    for order in (deck, other_deck):
        game = Game.new(5, deck=order)
        for played in first.move_stack:
            game.push(played.action)
        records.append(write_record(game, names=("Anna", "Bruno"), seats=HUMANS))
    assert records[0]["setup"]["deck"] != records[1]["setup"]["deck"]
    results = [analyse(record, effort=SMALL, seed=3) for record in records]
    assert results[0] == results[1]
    assert len(results[0].decisions) > 10


def _deck(game: Game) -> list[str]:
    """The 52 draw-pile codes of a fresh game, top first (as ``Game.new(deck=...)`` takes
    them): the Street, then the draw pile from its top."""
    assert game.ply() == 0
    return [card.code for card in game.street] + [card.code for card in reversed(game.draw_pile)]


def test_every_decision_of_the_seats_is_analysed_with_its_ply() -> None:
    """R3: a decision is an action of an analysed seat with a choice; its ply is that action's
    index in the record's moves, and the move played is the record's."""
    record = write_record(greedy_game(8), names=("Anna", "Bruno"), seats=HUMANS)
    result = analyse(record, effort=TINY)
    replay = Game.from_setup(read_record(record).setup)
    choices = []
    for ply, move in enumerate(record["moves"]):
        if len(replay.legal_actions()) > 1:
            choices.append(ply)
        replay.push(move["action"])
    assert [decision.ply for decision in result.decisions] == choices
    for decision in result.decisions:
        move = record["moves"][decision.ply]
        assert (move["seat"], move["action"]) == (decision.seat, decision.played)
        assert 0 <= decision.chances_played <= 100 and 0 <= decision.chances_best <= 100
        assert decision.loss == 0 or not decision.best_played
        assert decision.chances_played <= decision.chances_best or decision.about_equal


def test_the_gangster_is_never_analysed() -> None:
    """S4: the Gangster's program has no choices; by default only the person's seat is
    analysed, and asking for the Gangster's seat is refused."""
    game = greedy_game(4, opponent="gangster", gangster_level=2, first_player=1)
    record = write_record(game, names=("Anna", "The Gangster"), seats=(Seat.human(),
                                                                    Seat.gangster()))
    result = analyse(record, effort=TINY)
    assert result.seats == (0,) and {d.seat for d in result.decisions} == {0}
    with pytest.raises(ValueError, match="Gangster"):
        AnalysisJob(record, seats=(1,), effort=TINY, jobs=0)


def test_computer_games_analyse_both_seats_and_people_only_theirs() -> None:
    game = greedy_game(2, turns=6)
    computers = write_record(game, seats=(Seat.computer("hard"), Seat.computer("easy")))
    against = write_record(game, seats=(Seat.computer("hard"), Seat.human()))
    assert AnalysisJob(computers, effort=TINY, jobs=0).seats == (0, 1)
    assert AnalysisJob(against, effort=TINY, jobs=0).seats == (1,)


def test_a_pool_of_processes_gives_the_same_analysis() -> None:
    """The command line spreads decisions over processes; the result does not depend on it."""
    record = write_record(greedy_game(3, turns=8), seats=HUMANS)
    assert analyse(record, effort=TINY, jobs=2) == analyse(record, effort=TINY, jobs=0)


def test_progress_is_reported_and_a_cancelled_job_stops() -> None:
    record = write_record(greedy_game(6, turns=10), seats=HUMANS)
    seen: list[tuple[int, int]] = []
    analyse(record, effort=TINY, progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert seen == [(done, total) for done in range(1, total + 1)]
    with pytest.raises(Cancelled):
        analyse(record, effort=TINY, cancelled=lambda: True)
    job = AnalysisJob(record, effort=TINY, jobs=0)
    job.poll()
    job.cancel()
    assert job.poll() is None and job.cancelled and job.done == 1


@pytest.mark.parametrize("jobs", [0, 2])
def test_a_cancelled_job_resumes_where_it_stopped(jobs: int) -> None:
    """The decisions a cancelled job found are not analysed again; the resumed job ends with
    the analysis a job run to its end gives (a decision of another move is ignored)."""
    record = write_record(greedy_game(6, turns=10), seats=HUMANS)
    whole = analyse(record, effort=TINY)
    first = AnalysisJob(record, effort=TINY, jobs=0)
    first.poll()
    first.poll()
    first.cancel()
    assert len(first.found) == 2
    stranger = dataclasses.replace(whole.decisions[-1], played="refresh 9")
    resumed = AnalysisJob(record, effort=TINY, jobs=jobs, known=(*first.found, stranger))
    assert resumed.done == 2 and resumed.total == first.total
    try:
        while (result := resumed.poll(timeout=None)) is None:
            pass
    finally:
        resumed.cancel()
    assert result == whole


def test_an_illegal_record_is_refused_naming_the_move() -> None:
    record = write_record(greedy_game(9, turns=6), seats=HUMANS)
    record["moves"][3]["action"] = "take 9"
    with pytest.raises(ValueError, match="move 4"):
        AnalysisJob(record, jobs=0)


def test_the_analysis_round_trips_through_json() -> None:
    record = write_record(greedy_game(1, turns=8), seats=HUMANS)
    result = analyse(record, effort=TINY)
    again = Analysis.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again == result
    broken = result.to_dict()
    broken["decisions"][0]["chances_played"] = 140
    with pytest.raises(ValueError):
        Analysis.from_dict(broken)


def test_verdicts_summary_and_curve() -> None:
    """The thresholds (README), the per-seat summary (what the decisions cost, the cost per
    decision, a loss within the noise costing nothing, the three costliest, worst first) and
    the curve of one seat's chances (the other seat's from its side): without cards drawn,
    only the costs of decisions move it."""
    assert [verdict_of(loss) for loss in (0.0, 5.9, 6.0, 9.9, 10.0, 19.9, 20.0, 80.0)] == [
        None, None, Verdict.INACCURACY, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.MISTAKE,
        Verdict.BLUNDER, Verdict.BLUNDER]
    decisions = (Decision(0, 0, 1, "take 1", "take 1", 55.0, 55.0),
                 Decision(1, 1, 2, "pass", "take 2", 30.0, 52.0),
                 Decision(2, 0, 3, "refresh 0", "refresh 3", 60.0, 66.5),
                 Decision(4, 0, 3, "pass", "take 0", 40.0, 52.0),
                 Decision(6, 0, 5, "take 2", "take 4", 39.0, 40.0),
                 Decision(8, 0, 7, "take 3", "take 0", 20.0, 41.0))
    result = Analysis("expert", 1, (0, 1), decisions)
    summary = result.summary(0)
    assert summary.decisions == 5 and summary.cost == pytest.approx(39.5)
    assert summary.performance == pytest.approx(7.9) and summary.equal == 1
    assert (summary.inaccuracies, summary.mistakes, summary.blunders) == (1, 1, 1)
    assert [d.ply for d in summary.costliest] == [8, 4, 2]
    assert result.summary(1).costliest == (decisions[1],)
    assert decisions[4].about_equal and decisions[4].cost == 0
    assert result.curve(0) == [(0, 55.0), (0, 55.0), (1, 77.0), (2, 70.5), (4, 58.5),
                               (6, 58.5), (8, 37.5)]
    assert result.curve(1) == [(ply, round(100 - chances, 1)) for ply, chances in
                               result.curve(0)]
    assert result.at(4) == decisions[3] and result.at(5) is None


def test_measuring_gives_equal_effort_on_common_deals() -> None:
    """Two turns that leave the same position get the same chances (the same re-deals and
    draws), and the measurement is reproducible from the seed."""
    game = greedy_game(11, turns=9)
    actions = game.legal_actions()
    lines = [[(action, action_key(game, action))] for action in (actions[0], actions[0],
                                                                  actions[-1])]
    found = measure(game, lines, iterations=40, seed=4, rollout_turns=8)
    assert found[0] == found[1] and 0.0 <= min(m.chance for m in found) <= 1.0
    again = measure(game, lines[2:], iterations=40, seed=4, rollout_turns=8)
    assert again == found[2:]
    with pytest.raises(ValueError):
        measure(game, lines, iterations=0, seed=4, rollout_turns=8)


# ------------------------------------------------------------------ the command line


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The command line in English, with its own folders and a small budget (in this
    process, where the budget applies)."""
    monkeypatch.setenv("FAMIGLIA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FAMIGLIA_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FAMIGLIA_LANG", "en")
    monkeypatch.setitem(EFFORTS, "expert", TINY)
    monkeypatch.setitem(EFFORTS, "hard", TINY)
    return tmp_path


def _write(path: Path, record: dict[str, Any]) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_the_json_lists_every_decision_with_its_ply(cli: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    record = write_record(greedy_game(12), names=("Anna", "Bruno"),
                                       seats=(Seat.human(), Seat.computer("hard")))
    path = _write(cli / "game.json", record)
    assert main(["analyse", str(path), "--json", "--jobs", "0"]) == 0
    out, err = capsys.readouterr()
    printed = json.loads(out)
    decisions = printed["decisions"]
    assert decisions and "Analysed" in err and printed["seats"] == [0]
    assert set(printed["summaries"]) == {"0"} and printed["luck"]
    for decision in decisions:
        assert {"ply", "seat", "played", "best", "loss"} <= set(decision)
        move = record["moves"][decision["ply"]]
        assert decision["seat"] == move["seat"] == 0
        assert decision["played"] == move["action"]
        assert isinstance(decision["loss"], float) and decision["loss"] >= 0


def test_the_table_has_a_row_per_decision_and_a_summary(cli: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    record = write_record(greedy_game(13, turns=10), names=("Anna", "Bruno"), seats=HUMANS)
    path = _write(cli / "game.json", record)
    assert main(["analyse", str(path), "--jobs", "0", "--seats", "1", "--level", "hard"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()
            and " drew " not in line]
    expected = analyse(record, seats=(1,), effort=TINY)
    assert len(rows) == len(expected.decisions)
    assert all(" Bruno " in row for row in rows)
    assert f"Bruno: {len(rows)} decisions" in out and "Anna: " not in out
    assert "luck for Bruno" in out


@pytest.mark.parametrize(("arguments", "status", "words"), [
    (["--level", "grandmaster"], 2, "grandmaster"),
    (["--seats", "2"], 2, "--seats"),
    (["--seats", "0;1"], 2, "--seats"),
    (["--jobs", "-1"], 2, "--jobs"),
])
def test_bad_options_are_one_line_on_stderr(cli: Path, capsys: pytest.CaptureFixture[str],
                                            arguments: list[str], status: int,
                                            words: str) -> None:
    path = _write(cli / "game.json", write_record(greedy_game(1, turns=4), seats=HUMANS))
    try:
        code = main(["analyse", str(path), *arguments])
    except SystemExit as refused:  # the parser's own refusal of an option's value
        code = refused.code
    assert code == status
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and words in err


def test_a_missing_or_damaged_record_is_refused(cli: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(cli / "nothing.json")]) == 1
    assert "nothing.json" in capsys.readouterr().err
    assert main(["analyse", str(_write(cli / "list.json", []))]) == 1  # type: ignore[arg-type]
    assert "not a Famiglia game record" in capsys.readouterr().err
    record = write_record(greedy_game(9, turns=6), seats=HUMANS)
    record["moves"][3]["action"] = "take 9"
    assert main(["analyse", str(_write(cli / "bad.json", record))]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "move 4" in err and len(err.strip().splitlines()) == 1


def test_the_gangsters_seat_is_refused_on_the_command_line(
        cli: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = greedy_game(4, opponent="gangster", gangster_level=1)
    path = _write(cli / "solo.json", write_record(game, seats=(Seat.human(), Seat.gangster())))
    assert main(["analyse", str(path), "--seats", "1"]) == 2
    assert "Gangster" in capsys.readouterr().err
