"""Loading accepts exactly the positions the rules can reach: every position of random games
(two players and solo, either seat starting, in mid-turn too) round-trips through ``to_dict``,
as a save without history and as codes alone; a position no game can reach is refused with
the reason: start-set cards away from their seat (R1.5), a last turn that is not the second
player's (R5.1), a turn counter behind the cards or the passes (R3.4, R5.2), an unsorted
Gangster (S2), a Gangster caught in mid-turn (S4), a lowered card with no Brute played (R3.3).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import game_at

from famiglia.players.random_players import no_pass_random
from famiglia.rules import DECK, PASS, Back, Game, Stage
from famiglia.rules.cards import START_SETS

ZONES = ("hands", "play_areas", "street", "draw_pile", "discard")


def history_free(game: Game) -> dict[str, Any]:
    data = game.to_dict()
    del data["setup"], data["moves"]
    return data


def codes_only(game: Game) -> dict[str, Any]:
    """The position at a turn start as codes, with no card ids (``_assign_ids`` picks them)."""
    data = history_free(game)
    for key in ("ids", "turn_state", "rng", "known_bottom"):
        del data[key]
    return data


def layout_codes(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in ZONES}


def play(seed: int, *, solo: bool, passes: float) -> list[Game]:
    """Every state of one random game (copies), the Gangster's turns included."""
    rng = random.Random(seed)
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0,
                    opponent="gangster" if solo else None, gangster_level=1 + seed % 4)
    states = [game.copy()]
    while not game.is_terminal():
        if game.is_gangster_turn():
            game.play_gangster_turn()
        else:
            legal = game.legal_actions()
            game.apply(PASS if rng.random() < passes else no_pass_random(legal, rng))
        states.append(game.copy())
    return states


def owned(data: dict[str, Any], seat: int) -> int:
    return len(data["hands"][seat]) + len(data["play_areas"][seat])


def turn_allowed(data: dict[str, Any], turn: int) -> bool:
    """R3.4, R5.2 read independently: before ``turn`` the first player finished (turn + 1) // 2
    turns and the other turn // 2 (one more in a game ended by a take or a pass in it); each
    took one card or passed, and a remembered pass is one of them."""
    first = data["first_player"]
    done = {first: (turn + 1) // 2, 1 - first: turn // 2}
    reason = (data["result"] or {}).get("reason")
    seat_of = {0: first, 1: 1 - first}
    if reason in ("double_pass", "final_round"):
        done[seat_of[turn % 2]] += 1
    passes = {0: 0, 1: 0}
    if data["passed_last_turn"]:
        passes[seat_of[(turn - 1) % 2]] += 1
    if reason == "double_pass":
        passes[seat_of[turn % 2]] += 1
    return all(owned(data, seat) - 4 + passes[seat] <= done[seat] for seat in (0, 1))


def check_state(game: Game) -> None:
    """One reachable state: its save, its save without history, its codes at a turn start
    load; a turn counter wound back below what the cards allow, a last turn moved, a pass
    remembered that no turn made, or the Gangster's cards out of rank order, do not."""
    data = game.to_dict()
    assert Game.from_dict(copy.deepcopy(data)).to_dict() == data
    free = history_free(game)
    assert Game.from_dict(copy.deepcopy(free)).position_dict() == game.position_dict()
    if game.stage is Stage.REFRESH and not game.refreshed_this_turn:
        loaded = Game.from_dict(codes_only(game))
        assert layout_codes(loaded.to_dict()) == layout_codes(data)
        assert (loaded.turn, loaded.last_turn) == (game.turn, game.last_turn)
        without_turn = codes_only(game)
        del without_turn["turn"], without_turn["last_turn"]
        fewest = Game.from_dict(without_turn)
        assert fewest.turn <= game.turn and fewest.turn % 2 == game.turn % 2
    for turn in range(game.turn - 2, -1, -2):
        wound_back = copy.deepcopy(free)
        wound_back["turn"] = turn
        if wound_back["last_turn"] is not None:
            wound_back["last_turn"] = turn | 1
        if turn_allowed(wound_back, turn):
            continue
        with pytest.raises(ValueError):
            Game.from_dict(wound_back)
        break
    if free["last_turn"] is not None:
        for moved in (free["last_turn"] - 1, free["last_turn"] + 1, free["last_turn"] + 2):
            with pytest.raises(ValueError):
                Game.from_dict({**free, "last_turn": moved})
    remembered = {**free, "passed_last_turn": True}
    if free["turn"] and not free["passed_last_turn"] and not game.is_terminal() \
            and not turn_allowed(remembered, free["turn"]):
        with pytest.raises(ValueError):
            Game.from_dict(remembered)
    gangster = free["play_areas"][1]
    if game.opponent == "gangster" and gangster[0][1] != gangster[-1][1]:
        unsorted = copy.deepcopy(free)
        for zone in (unsorted["play_areas"][1], unsorted["ids"]["play_areas"][1]):
            zone[0], zone[-1] = zone[-1], zone[0]
        with pytest.raises(ValueError, match="sorted by rank"):
            Game.from_dict(unsorted)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), solo=st.booleans(), passes=st.sampled_from([0.0, 0.05]))
def test_every_reachable_position_loads(seed: int, solo: bool, passes: float) -> None:
    """R1–R5, S1–S5: every state of a random game loads in each of its forms."""
    for game in play(seed, solo=solo, passes=passes):
        check_state(game)


def swap_ids(data: dict[str, Any], first: int, second: int) -> None:
    """Exchange two card ids (of the same code) wherever they lie."""
    ids = data["ids"]
    for zone in (*ids["hands"], *ids["play_areas"], ids["street"], ids["draw_pile"],
                 ids["discard"]):
        zone[:] = [second if i == first else first if i == second else i for i in zone]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), solo=st.booleans(), data=st.data())
def test_a_start_set_card_away_from_its_seat_is_refused(seed: int, solo: bool,
                                                        data: st.DataObject) -> None:
    """R1.5: swapping a start-set card with a neutral card of its code that lies outside its
    seat's hand and play area gives a position no game reaches."""
    states = play(seed, solo=solo, passes=0.0)
    game = data.draw(st.sampled_from(states))
    saved = history_free(game)
    seat = data.draw(st.integers(0, 1))
    start = data.draw(st.sampled_from(START_SETS[seat]))
    own = set(game.zone_ids(f"hand:{seat}")) | set(game.zone_ids(f"play:{seat}"))
    elsewhere = [card.id for card in DECK if card.code == start.code and card.id not in own
                 and card.back is Back.NEUTRAL and card.id in
                 {i for zone in ("street", "draw_pile", "discard", f"hand:{1 - seat}",
                                 f"play:{1 - seat}") for i in game.zone_ids(zone)}]
    if not elsewhere:
        return
    swap_ids(saved, start.id, data.draw(st.sampled_from(elsewhere)))
    with pytest.raises(ValueError, match="start-set"):
        Game.from_dict(saved)


# --------------------------------------------- positions no game reaches, one rule at a time


def test_start_set_cards_in_the_street_draw_pile_or_the_opponents_zones_are_refused() -> None:
    """R1.5: as ids (a save) or as codes (a position without a seat's own zero)."""
    game = Game.new(7)
    data = history_free(game)
    street_zero = next((i for i in data["ids"]["street"] if DECK[i].rank == 0), None)
    pile_zero = next(i for i in data["ids"]["draw_pile"] if DECK[i].rank == 0)
    for other in (pile_zero, street_zero):
        if other is None:
            continue
        start = next(card.id for card in START_SETS[0] if card.code == DECK[other].code)
        moved = copy.deepcopy(data)
        swap_ids(moved, start, other)
        with pytest.raises(ValueError, match="start-set"):
            Game.from_dict(moved)
    with pytest.raises(ValueError, match="seat 1's start-set B0 lies in seat 0's hand"):
        Game.from_dict({"current": 0, "reshuffled": False,
                        "hands": [["F0", "A0", "B0", "M0", "B0", "B0", "B0", "B0"],
                                  ["F0", "A0", "M0"]],
                        "play_areas": [[], []], **rest_of(["F0", "A0", "M0", "F0", "A0", "M0"]
                                                          + ["B0"] * 5)})


def rest_of(named: list[str]) -> dict[str, list[str]]:
    """The Street and draw pile of every card not in ``named``, ranks 1–4 first in the Street."""
    from collections import Counter
    left = Counter(card.code for card in DECK) - Counter(named)
    cards = sorted(left.elements(), key=lambda code: (code[1] == "0", code))
    return {"street": cards[:6], "draw_pile": cards[6:], "discard": []}


@pytest.mark.parametrize("offset", [-2, 0, 2, 4])
def test_a_last_turn_on_the_start_players_turn_is_refused(offset: int) -> None:
    """R5.1: the final round ends with the second player's turn, so both have had as many
    turns: a last turn of the start player is refused."""
    game = game_at(current=0, first_player=0, street="F1 A1", reshuffled=True,
                   rest="play_areas")
    data = history_free(game)
    assert data["turn"] % 2 == 0 and data["last_turn"] == data["turn"] + 1
    data["last_turn"] = data["turn"] + offset
    with pytest.raises(ValueError, match=f"final round ends with turn {data['turn'] + 1}"):
        Game.from_dict(data)


def test_a_turn_wound_back_is_refused() -> None:
    """R3.4: a turn takes one card at most; 20 turns in, the turn counter cannot say 2."""
    game = Game.new(11)
    rng = random.Random(11)
    while game.turn < 20:
        game.apply(no_pass_random(game.legal_actions(), rng))
    data = history_free(game)
    data["turn"] = game.turn % 2 + 2
    with pytest.raises(ValueError, match="each turn takes one card or passes"):
        Game.from_dict(data)


def test_a_pass_remembered_where_none_was_made_is_refused() -> None:
    """R5.2: ``passed_last_turn`` says the previous turn was a pass; a seat that took a card in
    each of its turns never passed."""
    game = Game.new(12)
    rng = random.Random(12)
    while game.turn < 8:
        game.apply(no_pass_random(game.legal_actions(), rng))
    data = history_free(game)
    data["passed_last_turn"] = True
    with pytest.raises(ValueError, match="passed once"):
        Game.from_dict(data)


def test_an_unsorted_gangster_play_area_is_refused() -> None:
    """S2: the Gangster keeps its cards sorted by rank."""
    sorted_area = game_at(current=0, first_player=1, opponent="gangster",
                          play_areas=("", "F0 A0 B0 M0 B1 F3"), street="A2 B2")
    data = history_free(sorted_area)
    data["play_areas"][1] = ["F0", "A0", "B0", "M0", "F3", "B1"]
    del data["ids"]
    with pytest.raises(ValueError, match="sorted by rank"):
        Game.from_dict(data)


def test_a_gangster_turn_under_way_is_refused() -> None:
    """S4: the Gangster plays its turn whole; no save holds one half played."""
    game = game_at(current=1, first_player=1, opponent="gangster", street="F2 A1",
                   draw_pile="B1 M3")
    data = history_free(game)
    data["turn_state"]["fresh"] = [data["ids"]["street"][0]]
    with pytest.raises(ValueError, match="whole turn at once"):
        Game.from_dict(data)


def test_a_lowered_card_needs_a_brute_in_the_play_area() -> None:
    """R3.3: a card counts as lowered only while the Brute that did it lies in the play area."""
    game = game_at(hands=("B2 F0", ""), street="F2 A1 M3", draw_pile="B1 A3")
    game.apply("brute B2 0 -2")
    data = history_free(game)
    Game.from_dict(copy.deepcopy(data))
    hand, area = data["ids"]["hands"][0], data["ids"]["play_areas"][0]
    brute = next(i for i in area if DECK[i].code == "B2")
    area.remove(brute)
    hand.append(brute)
    data["play_areas"][0].remove("B2")
    data["hands"][0].append("B2")
    with pytest.raises(ValueError, match="Brute"):
        Game.from_dict(data)
