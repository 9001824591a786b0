"""Property test of the solo challenge: thousands of games of a random human (uniform, and
no-pass random) against the Gangster at every level and variant (S3), with and without the
fresh-cards rule (R3.1d), checking after every action the invariants the two-player games obey
(R1.1 the 60 cards, R4.2 the discard pile, event replay, serialisation) and the Gangster's own
(S2 its cards, S4 its program's shape, S5 the ranking value)."""

from __future__ import annotations

import random

import pytest
from positions import layout, replay

from famiglia.__main__ import main
from famiglia.bench import POLICIES
from famiglia.players.difficulty import MEASURED_WIN_RATES
from famiglia.rules import (
    ActionPlayed,
    CardMoved,
    Event,
    Game,
    GameOver,
    GangsterStep,
    Pass,
    Refresh,
    Take,
    TurnStarted,
)
from famiglia.rules.gangster import CHALLENGES, LEVELS, SoloVariant
from famiglia.simulate import POLICIES as SIMULATED
from famiglia.simulate import measure

GAMES_PER_CASE = 80  # 2 policies × 4 levels × 2 variants × 80 = 2560 games
FULL_CHECK_EVERY = 8  # every 8th game also replays every event and round-trips to_dict


def check_gangster_turn(game: Game, events: list[Event]) -> None:
    """S4: every decision announced by a step event just before it; refreshes (always with the
    leftmost card) first, then exactly one take or pass, which ends the turn; R3.1d: after a
    refresh the card taken is one that the refreshes drew."""
    decisions = [i for i, event in enumerate(events) if isinstance(event, ActionPlayed)]
    assert all(isinstance(events[i - 1], GangsterStep) for i in decisions)
    actions = [events[i].action for i in decisions]  # type: ignore[attr-defined]
    assert all(events[i].seat == 1 for i in decisions)  # type: ignore[attr-defined]
    assert all(action == Refresh(0) for action in actions[:-1])
    assert isinstance(actions[-1], Take | Pass)
    assert isinstance(events[-1], TurnStarted | GameOver)
    taken = [e.card for e in events if isinstance(e, CardMoved) and e.target == "play:1"]
    assert len(taken) == (1 if isinstance(actions[-1], Take) else 0)
    if len(actions) > 1 and game.fresh_cards_rule and taken:
        drawn = {e.card for e in events[:decisions[-1]] if isinstance(e, CardMoved)
                 and e.source == "draw_pile" and e.target == "street"}
        assert taken[0] in drawn


def check_state(game: Game) -> None:
    """R1.1: 60 distinct cards; R4.2: no 0 on the discard pile, nothing after the reshuffle;
    S2: the Gangster's hand empty and its play area sorted by rank, its start set still there."""
    zones = layout(game)
    ids = [card for cards in zones.values() for card in cards]
    assert sorted(ids) == list(range(60))
    assert all(card.rank > 0 for card in game.discard)
    assert not (game.reshuffled and game.discard)
    assert game.hands[1] == []
    ranks = [card.rank for card in game.play_areas[1]]
    assert ranks == sorted(ranks) and len(ranks) >= 4
    assert (game.legal_actions() == []) == (game.is_terminal() or game.is_gangster_turn())


def play(seed: int, policy_name: str, level: int, letter: str, *, full: bool) -> Game:
    game = Game.new(seed, first_player=SoloVariant(letter).first_player, opponent="gangster",
                    gangster_level=level, fresh_cards_rule=seed % 3 != 0)
    policy = POLICIES[policy_name]
    rng = random.Random(seed)
    while not game.is_terminal():
        zones = layout(game) if full else None
        if game.is_gangster_turn():
            events = game.play_gangster_turn()
            check_gangster_turn(game, events)
        else:
            events = game.apply(policy(game.legal_actions(), rng))
            assert all(e.seat == 0 for e in events if isinstance(e, ActionPlayed))
        if full:
            assert zones is not None
            replay(zones, events)
            assert zones == layout(game)
            check_state(game)
            assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    return game


def check_result(game: Game) -> None:
    """R5.1: a final round gives both as many turns; S5: the ranking value exactly for a win."""
    result = game.result
    assert result is not None and result.solo and result.scores == game.scores
    if result.reason == "final_round":
        assert game.turn == game.last_turn and game.turn % 2 == 1
    expected = 2 * result.scores[0] - result.scores[1] if result.winner == 0 else None
    assert result.ranking_value == expected
    assert result.to_dict()["ranking_value"] == expected
    check_state(game)


@pytest.mark.parametrize("letter", sorted(SoloVariant))
@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("policy_name", sorted(POLICIES))
def test_random_humans_against_the_gangster(policy_name: str, level: int, letter: str) -> None:
    """S1–S5 with R1–R5: every game ends, every invariant holds after every action."""
    first = 1000 * level + (0 if letter == "a" else 500)
    for seed in range(first, first + GAMES_PER_CASE):
        game = play(seed, policy_name, level, letter, full=seed % FULL_CHECK_EVERY == 0)
        check_result(game)


def test_simulation_measures_every_challenge(capsys: pytest.CaptureFixture[str]) -> None:
    """S3–S5 measured: ``famiglia simulate`` prints one row per challenge and policy; its
    figures agree with the games (S5: a ranking value only for won games)."""
    assert main(["simulate", "--games", "2", "--seed", "5"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line[:3] in
            {f"| {key[0]}" for key in CHALLENGES}]
    assert len(rows) == len(CHALLENGES) * len(SIMULATED)
    cell = measure("1a", "greedy", 6, 1)
    assert cell.wins + cell.draws <= cell.games == 6
    assert (cell.mean_ranking is None) == (cell.wins == 0)
    assert set(MEASURED_WIN_RATES) == set(CHALLENGES)
    assert all(set(rates) == set(SIMULATED) for rates in MEASURED_WIN_RATES.values())
