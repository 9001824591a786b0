"""Events: what ``apply`` returns, their JSON, and the ``card_moved`` indices that let
the renderer rebuild every layout (draw pile index 0 = top, Street from the left)."""

from __future__ import annotations

import json

from positions import game_at, layout, moves, of_type, replay

from famiglia.rules import (
    ActionPlayed,
    CardMoved,
    FinalRound,
    Game,
    GameOver,
    Passed,
    RankLowered,
    Reshuffled,
    TurnStarted,
)


def played(game: Game, *actions: str) -> list[object]:
    """Apply ``actions``, check the layout replay after each, return all events."""
    events: list[object] = []
    for action in actions:
        zones = layout(game)
        new = game.apply(action)
        replay(zones, new)
        assert zones == layout(game), action
        assert isinstance(new[0], ActionPlayed) and str(new[0].action) == action
        events += new
    return events


def test_every_event_has_json_with_a_type() -> None:
    game = game_at(hands=("B2 A1 M0 M0 M0", ""), play_areas=("F1", ""), street="M3 F2 A2",
                   draw_pile="M1 A0", discard="B1", rest="draw_pile")
    events = played(game, "refresh 2", "accountant A1", "exchange F1 M0", "brute B2 0 -2",
                    "take 2 M0+M0 keep M0", "pass", "pass")
    kinds = set()
    for event in events:
        data = json.loads(json.dumps(event.to_dict()))  # type: ignore[attr-defined]
        kinds.add(data["type"])
    assert {"action", "card_moved", "rank_lowered", "turn_started", "passed",
            "game_over"} <= kinds
    action = next(e for e in events if isinstance(e, ActionPlayed)).to_dict()
    assert action == {"type": "action", "seat": 0, "action": {"type": "refresh", "street": 2},
                      "notation": "refresh 2"}
    lowered = of_type(events, RankLowered)[0].to_dict()
    assert {k: lowered[k] for k in ("code", "street", "by", "rank")} == \
        {"code": "M3", "street": 0, "by": 2, "rank": 1}
    over = of_type(events, GameOver)[0].to_dict()
    assert set(over) >= {"scores", "winner", "decided_by", "reason", "tie_break_card"}


def test_card_moved_json_and_indices() -> None:
    """Street positions from the left, draw pile from the top (index 0)."""
    game = game_at(street="F1 A2 B3", draw_pile="M1 M2 M3")
    events = played(game, "refresh 1")
    moved = [e.to_dict() for e in of_type(events, CardMoved)]
    assert moved[0] == {"type": "card_moved", "card": game.discard[0].id, "code": "A2",
                        "from": "street", "to": "discard", "from_index": 1, "to_index": 0}
    assert [(m["code"], m["from_index"], m["to_index"]) for m in moved[1:]] == \
        [("M1", 0, 2), ("M2", 0, 3)]


def test_reshuffle_events_move_the_discard_pile_to_the_draw_pile() -> None:
    """R4.2: ``reshuffled(count)`` is followed by ``count`` moves discard → draw pile, then
    the owed cards come from the new pile; the replay still matches."""
    game = game_at(street="F3 A1", draw_pile="M1", discard="B2 M2", rest="play_areas", seed=4)
    events = played(game, "refresh 0")
    index = next(i for i, e in enumerate(events) if isinstance(e, Reshuffled))
    assert events[index].count == 3  # type: ignore[attr-defined]
    follow = events[index + 1:index + 4]
    assert all(isinstance(e, CardMoved) and (e.source, e.target) == ("discard", "draw_pile")
               for e in follow)
    assert moves(events[index + 4:]) == [(c.code, "draw_pile", "street")
                                         for c in game.street[2:]]


def test_refresh_after_reshuffle_goes_to_the_bottom() -> None:
    """R3.1a: the card goes to the bottom: its index is the draw pile's last."""
    game = game_at(street="F1 A2", draw_pile="M1 M2 M3", reshuffled=True, rest="play_areas")
    events = played(game, "refresh 0")
    first = of_type(events, CardMoved)[0]
    assert (first.code, first.target, first.to_index) == ("F1", "draw_pile", 3)


def test_take_with_a_joker_of_the_same_code_as_the_taken_card() -> None:
    """R3.4b/R3.4c: a lowered M3 taken with M0 + M3; the played M3 (not the new one) goes to
    the play area, and the ids in the events say exactly which card moved."""
    game = game_at(hands=("B2 M0 M3 F0 A0 B0", ""), street="M3 F1")
    old_m3 = next(c.id for c in game.hands[0] if c.code == "M3")
    events = played(game, "brute B2 0 -2", "take 0 M0+M3 keep M0")
    last = of_type(events, CardMoved)[-1]
    assert (last.code, last.target) == ("M3", "play:0")
    assert [c.code for c in game.play_areas[0]] == ["B2", "M3"]
    assert last.card == old_m3


def test_turn_started_final_round_and_passed() -> None:
    game = game_at(current=1, first_player=0, street="F3 A1", draw_pile="M1",
                   reshuffled=True, rest="play_areas")
    turn = game.turn  # R5.1: the second player's turn ends the round
    events = played(game, "refresh 0", "pass")
    [final] = of_type(events, FinalRound)
    assert final.to_dict() == {"type": "final_round", "last_turn": turn, "last_seat": 1}
    assert of_type(events, Passed)[0].to_dict() == {"type": "passed", "seat": 1}
    assert isinstance(events[-1], GameOver) and not of_type(events, TurnStarted)
    game = game_at(street="F0 F0")
    events = played(game, "take 0")
    assert events[-1].to_dict() == {"type": "turn_started", "seat": 1, "turn": 1}  # type: ignore[attr-defined]


def test_refill_events_after_the_take() -> None:
    """R4.1: the refill's moves come after the take's and before the next turn starts."""
    game = game_at(street="A0", draw_pile="F1 F2 F3 F4 A1 A2 A3")
    events = played(game, "take 0")
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["ActionPlayed"] + ["CardMoved"] * 7 + ["TurnStarted"]
    assert [e.to_index for e in of_type(events, CardMoved)[1:]] == list(range(6))
