"""The solo challenge: setup and variants (S1–S3), every step, fallback and ruling of the
Gangster's program (S4) at every level, and the ranking value (S5).

Positions start at the Gangster's turn; the cards a test does not name go to the human's hand,
so the draw pile holds exactly the cards the test lists and every refresh is predictable.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

import pytest
from positions import codes, game_at, layout, of_type, replay, snapshot

from famiglia.rules import (
    PASS,
    ActionPlayed,
    CardMoved,
    Event,
    Game,
    GameOver,
    GangsterStep,
    IllegalAction,
    Passed,
    TurnStarted,
)
from famiglia.rules.gangster import LEVELS, SoloVariant

START = "F0 A0 B0 M0"


def solo(street: str, *, owns: str = "", draw_pile: str = "B2", level: int = 3,
         fresh: bool = True, **extra: Any) -> Game:
    """The Gangster to move; it owns its start set plus ``owns``."""
    return game_at(current=1, first_player=1, hands=(START, ""),
                   play_areas=("", f"{START} {owns}"), street=street, draw_pile=draw_pile,
                   rest="hand:0", opponent="gangster", gangster_level=level,
                   fresh_cards_rule=fresh, **extra)


def owning(level: int, up_to: int) -> str:
    """Exactly as many cards of each rank below ``up_to`` as ``level`` wants (S3), taken from
    the families in turn; the start set provides four of the zeros."""
    wants = LEVELS[level].wants
    supply = Counter({f"{family}{rank}": (3 if rank == 0 else 5 - rank)
                      for family in "FABM" for rank in range(4)})
    owned: list[str] = []
    for rank in range(up_to):
        need = wants[rank] - (4 if rank == 0 else 0)
        for family in "MBAF" * 3:
            if need and supply[f"{family}{rank}"]:
                supply[f"{family}{rank}"] -= 1
                owned.append(f"{family}{rank}")
                need -= 1
    return " ".join(owned)


SATISFIED = owning(3, 4)  # level 3 (7/5/4/2): steps 1-4 all satisfied


def run(game: Game) -> list[Event]:
    """Play the Gangster's turn, checking that its events rebuild the new layout exactly."""
    zones = layout(game)
    events = game.play_gangster_turn()
    replay(zones, events)
    assert zones == layout(game)
    return events


def decisions(events: list[Event]) -> list[tuple[int, str]]:
    """(step, action) per decision: each action is announced by the step event before it."""
    pairs = []
    for before, event in pairwise(events):
        if isinstance(event, ActionPlayed):
            assert isinstance(before, GangsterStep), (before, event)
            pairs.append((before.step, str(event.action)))
    return pairs


def steps(events: list[Event]) -> list[int]:
    return [event.step for event in of_type(events, GangsterStep)]


def taken(events: list[Event]) -> str:
    """The code of the card the Gangster took into its play area this turn."""
    (move,) = [e for e in events if isinstance(e, CardMoved) and e.target == "play:1"]
    return move.code


# ---------------------------------------------------------------- S1–S3: setup and variants


@pytest.mark.parametrize(("letter", "first"), [("a", 0), ("b", 1)])
def test_new_solo_game_sets_up_the_gangster(letter: str, first: int) -> None:
    """S1/S2: the human is seat 0, the Gangster seat 1 with its start set face up in its play
    area and an empty hand; S3: variant "a" the human starts, "b" the Gangster."""
    game = Game.new(7, first_player=SoloVariant(letter).first_player, opponent="gangster",
                    gangster_level=2)
    assert SoloVariant.of(game.first_player) == letter and game.first_player == first
    assert codes(game.play_areas[1]) == START.split() and game.hands[1] == []
    assert codes(game.hands[0]) == START.split() and game.play_areas[0] == []
    assert len(game.street) == 6
    assert game.is_gangster_turn() == (first == 1)
    assert game.opponent == "gangster" and game.gangster_level == 2


def test_level_table() -> None:
    """S3: the level table, level 3 the standard."""
    assert {n: level.wants for n, level in LEVELS.items()} == {
        1: (9, 6, 5, 3), 2: (8, 6, 4, 2), 3: (7, 5, 4, 2), 4: (7, 4, 3, 2)}
    assert str(LEVELS[3].name) == "standard"


def test_human_cannot_act_for_the_gangster() -> None:
    """S4: on the Gangster's turn nothing is legal for the human and apply refuses, changing
    nothing; on the human's turn the Gangster cannot be started."""
    game = solo("A2 M0")
    before = snapshot(game)
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="Gangster"):
        game.apply(PASS)
    assert game.explain("take 1") is not None
    assert snapshot(game) == before
    run(game)
    assert game.current == 0
    with pytest.raises(IllegalAction):
        game.play_gangster_turn()


def test_solo_game_round_trips_and_continues_identically() -> None:
    """S1–S3: to_dict records the mode and level; the restored game plays on identically."""
    game = Game.new(11, first_player=1, opponent="gangster", gangster_level=4)
    data = game.to_dict()
    assert data["opponent"] == "gangster" and data["gangster_level"] == 4
    restored = Game.from_dict(data)
    assert [e.to_dict() for e in run(restored)] == [e.to_dict() for e in run(game)]
    assert restored.to_dict() == game.to_dict()


def test_position_accepts_the_solo_mode() -> None:
    """S2: a position may name the mode and level; the Gangster has no hand."""
    game = solo("A2 M0", level=1)
    assert game.opponent == "gangster" and game.gangster_level == 1
    with pytest.raises(ValueError, match="keeps all its cards in its play area"):
        game_at(current=1, hands=("", "F1"), street="A2", opponent="gangster")


def test_gangster_step_event_json() -> None:
    """S4: each decision is announced by a gangster_step event with its step and words."""
    events = run(solo("A2 M0"))
    step = events[0].to_dict()
    assert step["type"] == "gangster_step" and step["step"] == 1
    assert "takes the leftmost 0" in step["text"] and "Mercenary 0" in step["text"]


# ---------------------------------------------------------------- S4 step 1


def test_step_1_takes_the_leftmost_zero() -> None:
    """S4 step 1: with fewer than T0 zeros it takes the leftmost 0 into its play area, which
    stays sorted by rank (S2); the turn then ends."""
    game = solo("A2 M0 B1 F0 A1 M3", draw_pile="B2")
    events = run(game)
    assert decisions(events) == [(1, "take 1")]
    assert codes(game.play_areas[1]) == ["F0", "A0", "B0", "M0", "M0"]
    assert codes(game.street) == ["A2", "B1", "F0", "A1", "M3"]
    assert isinstance(events[-1], TurnStarted) and game.current == 0


def test_step_1_refreshes_until_a_zero_appears() -> None:
    """S4 step 1: no 0 in the Street: refresh with the leftmost card (R3.1), again and again,
    stopping as soon as a 0 is available; then take the leftmost 0."""
    game = solo("A1 B2 M1 F3 A3 B1", draw_pile="A2 F0 M2 B3")
    events = run(game)
    assert decisions(events) == [(1, "refresh 0"), (1, "refresh 0"), (1, "take 5")]
    assert taken(events) == "F0"
    assert codes(game.discard) == ["A1", "B2"]
    assert codes(game.street) == ["M1", "F3", "A3", "B1", "A2", "M2"]
    assert codes(game.play_areas[1]) == [*START.split(), "F0"]


@pytest.mark.parametrize(("fresh", "position", "code"), [(True, 5, "A1"), (False, 4, "M1")])
def test_refresh_limit_is_shared_across_steps(fresh: bool, position: int, code: str) -> None:
    """S4: all refreshes of a turn share R3.1's limits. After the reshuffle step 1 may refresh
    once (R3.1a); no 0 comes, so it goes on; step 2 may not refresh again and takes the
    leftmost available 1 — with the fresh-cards rule (R3.1d) only a freshly drawn one."""
    game = solo("M2 F3 A3 B2 F2 M1", draw_pile="A1 B3", reshuffled=True, fresh=fresh)
    events = run(game)
    assert decisions(events) == [(1, "refresh 0"), (2, f"take {position}")]
    assert steps(events) == [1, 1, 2]
    assert "goes on to step 2" in str(of_type(events, GangsterStep)[1].text)
    assert taken(events) == code
    assert game.to_dict()["draw_pile"] == ["M2"]  # R3.1a: to the bottom, then drawn over


def test_step_1_satisfied_is_skipped() -> None:
    """S4 step 1 applies only below T0: with 7 zeros (level 3) it wants a 1 instead."""
    game = solo("M0 A1 F0", owns=owning(3, 1), draw_pile="B2")
    assert decisions(run(game)) == [(2, "take 1")]


# ---------------------------------------------------------------- S4 step 2


def test_step_2_takes_the_leftmost_one() -> None:
    """S4 step 2: below T1 ones, the leftmost available 1."""
    game = solo("A2 M0 B1 F1", owns=owning(3, 1), draw_pile="B2")
    assert decisions(run(game)) == [(2, "take 2")]


def test_step_2_refreshes_for_a_one() -> None:
    """S4 step 2: no 1 and no 0 in the Street: refresh (leftmost card) until a 1 is
    available, then take it."""
    game = solo("A2 B3 M2 F2 A3 B2", owns=owning(3, 1), draw_pile="F3 M1 A4 F1")
    events = run(game)
    assert decisions(events) == [(2, "refresh 0"), (2, "take 6")]
    assert taken(events) == "M1" and codes(game.discard) == ["A2"]


def test_step_2_falls_back_to_the_leftmost_red_zero() -> None:
    """S4 step 2: no 1, and a 0 in the Street forbids refreshing (R3.1): the leftmost red
    (La Famiglia) 0, even if another 0 lies further left — although T0 is reached."""
    game = solo("B0 A2 F0 M0 F0 A3", owns=owning(3, 1), draw_pile="B2")
    events = run(game)
    assert decisions(events) == [(2, "take 2")]
    assert "red 0" in str(of_type(events, GangsterStep)[0].text)


def test_step_2_falls_back_to_the_leftmost_zero() -> None:
    """S4 step 2: no 1 and no red 0: the leftmost 0."""
    game = solo("A2 B0 M0 B2 A3 F2", owns=owning(3, 1), draw_pile="B2")
    assert decisions(run(game)) == [(2, "take 1")]


def test_step_2_refreshes_then_falls_back_to_a_fresh_red_zero() -> None:
    """S4 step 2: the refresh brings no 1 but two 0s (so no further refresh, R3.1): the red 0
    is taken although the Brute 0 lies further left."""
    game = solo("A2 B3 M2 F2 A3 B2", owns=owning(3, 1), draw_pile="B0 F0 A2")
    events = run(game)
    assert decisions(events) == [(2, "refresh 0"), (2, "take 6")]
    assert taken(events) == "F0" and "red 0" in str(of_type(events, GangsterStep)[1].text)


def test_step_2_goes_on_when_nothing_fits() -> None:
    """S4 step 2: no 1, no 0 and no refresh possible (the final round, R3.1c): go on; step 3
    takes the leftmost 2."""
    game = solo("A3 B2 F2", owns=owning(3, 1), reshuffled=True, draw_pile="")
    events = run(game)
    assert decisions(events) == [(3, "take 1")]
    assert steps(events) == [2, 3]


# ---------------------------------------------------------------- S4 steps 3 and 4


def test_step_3_takes_the_leftmost_two() -> None:
    """S4 step 3: below T2 twos, the leftmost available 2."""
    game = solo("A3 B1 F2 M2 A0 B4", owns=owning(3, 2), draw_pile="B2")
    assert decisions(run(game)) == [(3, "take 2")]


def test_step_3_refresh_stops_when_a_two_is_available() -> None:
    """S4: a step's refreshes stop as soon as the card it looks for is available, although
    R3.1 would allow more."""
    game = solo("B1 F3 M3 A1 B4 A3", owns=owning(3, 2), draw_pile="A2 M1 F2")
    events = run(game)
    assert decisions(events) == [(3, "refresh 0"), (3, "take 5")]
    assert taken(events) == "A2"
    assert game.to_dict()["draw_pile"] == ["M1", "F2"]


def test_step_3_falls_back_to_the_most_valuable_lower_card() -> None:
    """S4 step 3: no 2 (a 0 forbids refreshing): the available card of rank < 2 with the most
    VP — the red 1 (3 VP)."""
    game = solo("A1 B3 F1 M0 A4 M1", owns=owning(3, 2), draw_pile="B2")
    events = run(game)
    assert decisions(events) == [(3, "take 2")]
    assert "most valuable card below 2" in str(of_type(events, GangsterStep)[0].text)


def test_step_3_fallback_ties_go_to_the_leftmost() -> None:
    """S4 step 3: equal VP (A1, M1, F0 are 1 VP each): the leftmost."""
    game = solo("B3 A1 M1 F0 A4", owns=owning(3, 2), draw_pile="B2")
    assert decisions(run(game)) == [(3, "take 1")]


@pytest.mark.parametrize(("fresh", "position", "code"), [(True, 5, "M0"), (False, 0, "F1")])
def test_step_3_fallback_under_the_fresh_cards_rule(fresh: bool, position: int,
                                                    code: str) -> None:
    """S4 step 3 with R3.1d on: after the refresh only the fresh M0 is available, so the
    F1 (3 VP) is out of reach; with the rule off the F1 is the most valuable lower card."""
    game = solo("A1 F1 B3 M3 A4 B4", owns=owning(3, 2), draw_pile="M0 F4", fresh=fresh)
    events = run(game)
    assert decisions(events) == [(3, "refresh 0"), (3, f"take {position}")]
    assert taken(events) == code


def test_step_3_goes_on_when_no_lower_card_is_available() -> None:
    """S4 step 3: no 2 and nothing below 2 (no refresh in the final round): go on; step 4
    takes the leftmost 3."""
    game = solo("A4 B3 F3", owns=owning(3, 2), reshuffled=True, draw_pile="")
    events = run(game)
    assert decisions(events) == [(4, "take 1")]
    assert steps(events) == [3, 4]


def test_step_4_takes_the_leftmost_three() -> None:
    """S4 step 4: below T3 threes, the leftmost available 3."""
    game = solo("F2 A3 F3 B0", owns=owning(3, 3), draw_pile="B2")
    assert decisions(run(game)) == [(4, "take 1")]


def test_step_4_refreshes_for_a_three() -> None:
    """S4 step 4: no 3 and no 0: refresh until a 3 is available."""
    game = solo("A1 B2 F4", owns=owning(3, 3), draw_pile="M2 B3 A2")
    events = run(game)
    assert decisions(events) == [(4, "refresh 0"), (4, "refresh 0"), (4, "take 2")]
    assert taken(events) == "B3"


def test_step_4_falls_back_to_the_most_valuable_card_below_three() -> None:
    """S4 step 4: no 3 (a 0 forbids refreshing): the available card of rank < 3 with the most
    VP — the red 2 (6 VP) beats the Accountant 2 (3 VP)."""
    game = solo("A2 F2 B4 M1 A4 F0", owns=owning(3, 3), draw_pile="B2")
    assert decisions(run(game)) == [(4, "take 1")]


def test_step_4_goes_on_to_step_5() -> None:
    """S4 step 4: no 3 and nothing below 3: step 5 takes the most valuable card."""
    game = solo("A4 B4", owns=owning(3, 3), reshuffled=True, draw_pile="")
    events = run(game)
    assert decisions(events) == [(5, "take 0")]
    assert steps(events) == [4, 5]


# ---------------------------------------------------------------- S4 step 5


def test_step_5_takes_the_most_valuable_card_leftmost_on_ties() -> None:
    """S4 step 5: the available card with the most VP, leftmost on ties (A4 and M4 are 10 VP).
    The F4 in the draw pile does not lead to a refresh: the 0 forbids it (R3.1)."""
    game = solo("B1 A4 F3 M4 B0", owns=SATISFIED, draw_pile="F4")
    assert decisions(run(game)) == [(5, "take 1")]


def test_step_5_refreshes_for_a_more_valuable_card_in_the_draw_pile() -> None:
    """S4 step 5 ruling: the draw pile holds a card worth more than every available Street card
    (F4, 15 VP) and R3.1 allows it: refresh, then take the most valuable."""
    game = solo("A1 F3 B2 M3", owns=SATISFIED, draw_pile="F4 A2")
    events = run(game)
    assert decisions(events) == [(5, "refresh 0"), (5, "take 3")]
    assert taken(events) == "F4"
    assert "15 VP" in str(of_type(events, GangsterStep)[0].text)


def test_step_5_no_refresh_when_the_street_has_the_best_card() -> None:
    """S4 step 5 ruling: the best remaining card is in the Street already: no refresh."""
    game = solo("A1 F4 B2", owns=SATISFIED, draw_pile="A4 M4")
    assert decisions(run(game)) == [(5, "take 1")]


@pytest.mark.parametrize("fresh", [True, False])
def test_step_5_refreshes_while_the_best_card_is_in_the_draw_pile(fresh: bool) -> None:
    """S4 step 5 ruling: the F4 (15 VP) in the draw pile beats every available Street card, so
    it refreshes with the leftmost card — even the F3 (10 VP) — until the F4 is available;
    then the less valuable F1 left in the draw pile stops the refreshing. With or without the
    fresh-cards rule (R3.1d) alike: the refreshes always draw the best card when they stop."""
    game = solo("B1 F3 A1", owns=SATISFIED, draw_pile="M1 A3 A2 F4 F1", fresh=fresh)
    events = run(game)
    assert decisions(events) == [(5, "refresh 0"), (5, "refresh 0"), (5, "take 4")]
    assert taken(events) == "F4" and codes(game.discard) == ["B1", "F3"]


@pytest.mark.parametrize(("fresh", "position", "code"), [(True, 1, "M1"), (False, 0, "A2")])
def test_step_5_refresh_after_the_reshuffle_only_once(fresh: bool, position: int,
                                                      code: str) -> None:
    """S4 step 5 ruling within R3.1a: after the reshuffle one refresh per turn, so the F4 stays
    in the draw pile; with R3.1d only the fresh M1 may be taken, without it the A2 is worth
    more."""
    game = solo("B1 A2", owns=SATISFIED, draw_pile="M1 F4", reshuffled=True, fresh=fresh)
    events = run(game)
    assert decisions(events) == [(5, "refresh 0"), (5, f"take {position}")]
    assert taken(events) == code
    assert game.to_dict()["draw_pile"] == ["F4", "B1"]


def test_step_5_passes_only_on_an_empty_street() -> None:
    """S4: nothing can be taken only when the Street is empty (the final round, R4.1 could not
    refill it): the Gangster passes (R3.4d)."""
    game = solo("", reshuffled=True, draw_pile="")
    events = run(game)
    assert decisions(events) == [(5, "pass")]
    assert of_type(events, Passed) == [Passed(1)]


# ---------------------------------------------------------------- S3 levels


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("rank", [0, 1, 2, 3, 4])
def test_levels_move_on_at_their_thresholds(level: int, rank: int) -> None:
    """S3/S4: owning exactly T_r cards of each rank below ``rank`` and one short of T_rank, the
    Gangster of every level acts in step rank+1; with all four targets met (rank 4), step 5."""
    owns = owning(level, rank)
    if rank < 4:
        short = owning(level, rank + 1).split()[len(owns.split()):][:-1]
        owns = " ".join([*owns.split(), *short])
    street = ["A4", "B3", "M2", "F1", "A0"]
    events = run(solo(" ".join(street), owns=owns, level=level))
    wanted = {0: "A0", 1: "F1", 2: "M2", 3: "B3", 4: "A4"}[rank]
    assert decisions(events) == [(rank + 1, f"take {street.index(wanted)}")]


# ---------------------------------------------------------------- S5 ranking value


@pytest.mark.parametrize(("human", "gangster", "winner", "ranking"), [
    ("F4 F3", "A1", 0, 2 * (1 + 15 + 10) - (1 + 1)),
    ("F4", "B1 M1 A2 A4", 0, 16),  # 16 : 16, the human's F4 wins the tie-break (R5.3)
    ("A1", "F3 F4", 1, None),
    ("F3 A1", "B1 A4", None, None),  # identical VP lists: a draw (R5.3)
])
def test_ranking_value(human: str, gangster: str, winner: int | None,
                       ranking: int | None) -> None:
    """S5: a won solo game's game_over carries 2 × own VP − Gangster VP; a lost or drawn one
    null (the Gangster's cards sorted by rank, S2)."""
    game = game_at(current=0, first_player=1, hands=(f"{START} {human}", ""),
                   play_areas=("", f"{START} {gangster}"), street="A2", draw_pile="B2",
                   opponent="gangster", passed_last_turn=True)
    events = game.apply(PASS)
    (over,) = of_type(events, GameOver)
    assert over.winner == winner and over.solo and over.reason == "double_pass"
    assert over.to_dict()["ranking_value"] == ranking
    assert game.to_dict()["result"]["ranking_value"] == ranking


def test_captions_say_when_the_fresh_cards_rule_keeps_a_card_out_of_reach() -> None:
    """S4 with R3.1d: step 1 refreshed (once, after the reshuffle, R3.1a) without finding a 0;
    the A1 step 2 wants lies in the Street but was not drawn this turn, so the caption says
    why it is passed over; the captions show no rule codes."""
    game = solo("F2 A1 B3", draw_pile="M2 B2", reshuffled=True)
    events = run(game)
    texts = [str(step.text) for step in of_type(events, GangsterStep)]
    assert decisions(events) == [(1, "refresh 0"), (3, "take 2")]
    [step_2] = [text for text in texts if text.startswith("Step 2")]
    assert "can take no 1" in step_2
    assert step_2.endswith("Only the cards it just drew may be taken.")
    assert not any("(R" in text or "(S" in text for text in texts)


def test_no_fresh_cards_note_without_the_rule() -> None:
    """R3.1d off: the A1 is simply taken in step 2, no note."""
    game = solo("F2 A1 B3", draw_pile="M2 B2", reshuffled=True, fresh=False)
    events = run(game)
    assert decisions(events)[-1] == (2, "take 0")
    assert not any("just drew" in str(step.text) for step in of_type(events, GangsterStep))
