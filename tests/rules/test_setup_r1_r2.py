"""R1 components and R2 setup: the 60 cards, their codes and VP, start sets, the shuffled deck,
the Street of six, and ``Game.new(deck=...)`` validation."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import codes, draw_pile_top_first, game_at

from famiglia.rules import DECK, Back, Family, Game

NON_START_CODES = sorted(c.code for c in DECK if c.back is Back.NEUTRAL)


def test_sixty_cards_four_families_rank_counts() -> None:
    """R1.1: 4 families × 15 cards, ranks 0×5, 1×4, 2×3, 3×2, 4×1; ids 0–59."""
    assert len(DECK) == 60
    assert [card.id for card in DECK] == list(range(60))
    for family in Family:
        ranks = Counter(card.rank for card in DECK if card.family is family)
        assert ranks == {0: 5, 1: 4, 2: 3, 3: 2, 4: 1}


def test_family_letters_and_codes() -> None:
    """R1.2/R1.3: code = family letter + rank."""
    letters = {Family.FAMIGLIA: "F", Family.ACCOUNTANT: "A", Family.BRUTE: "B",
               Family.MERCENARY: "M"}
    for card in DECK:
        assert card.code == f"{letters[card.family]}{card.rank}"
        assert card.family.value == letters[card.family]
    assert Family.FAMIGLIA.colour == "red" and Family.ACCOUNTANT.colour == "blue"
    assert Family.BRUTE.colour == "yellow" and Family.MERCENARY.colour == "green"
    assert Family.FAMIGLIA.display_name == "La Famiglia"


def test_victory_points() -> None:
    """R1.4: A/B/M 0,1,3,6,10; La Famiglia 1,3,6,10,15; all 60 cards 175 VP."""
    for card in DECK:
        table = (1, 3, 6, 10, 15) if card.family is Family.FAMIGLIA else (0, 1, 3, 6, 10)
        assert card.vp == table[card.rank]
    assert sum(card.vp for card in DECK) == 175


def test_start_sets() -> None:
    """R1.5: two start sets, one rank-0 card of each family with its own back."""
    for back in (Back.START_1, Back.START_2):
        cards = [card for card in DECK if card.back is back]
        assert sorted(codes(cards)) == ["A0", "B0", "F0", "M0"]
    assert sum(card.back is Back.NEUTRAL for card in DECK) == 52
    assert {card.name for card in DECK} and len({card.name for card in DECK}) == 60


def test_new_game_setup() -> None:
    """R2.1–R2.4: start sets in hand, empty play areas and discard, 6 Street cards off the
    top of the 52-card draw pile."""
    game = Game.new(7)
    assert [card.back for card in game.hands[0]] == [Back.START_1] * 4
    assert [card.back for card in game.hands[1]] == [Back.START_2] * 4
    assert game.play_areas == [[], []] and game.discard == []
    assert len(game.street) == 6 and len(game.draw_pile) == 46
    dealt = codes(game.street) + draw_pile_top_first(game)
    assert sorted(dealt) == NON_START_CODES
    assert game.current == game.first_player == 0 and game.turn == 0
    assert not game.reshuffled and not game.is_terminal() and game.scores == (1, 1)  # F0 is worth 1
    assert game.stage == "refresh"


def test_seed_is_reproducible_and_shuffles() -> None:
    """R2.2: the draw pile is shuffled; the same seed gives the same game."""
    a, b, c = Game.new(11), Game.new(11), Game.new(12)
    assert a.to_dict() == b.to_dict()
    assert draw_pile_top_first(a) != draw_pile_top_first(c)
    assert Game.new().seed is not None


@pytest.mark.parametrize("first", [0, 1])
def test_first_player(first: int) -> None:
    """R2.3: the start player is chosen."""
    game = Game.new(3, first_player=first)
    assert game.current == game.first_player == first
    assert game.view(first).current == first


def test_fixed_deck_top_first() -> None:
    """R2.4 with ``deck``: deck[:6] become the Street left to right, the rest stays in order."""
    deck = sorted(NON_START_CODES, key=lambda code: (-int(code[1]), code[0]))
    game = Game.new(deck=deck)
    assert codes(game.street) == deck[:6]
    assert draw_pile_top_first(game) == deck[6:]
    assert game.view(0).draw_pile_count == 46


@pytest.mark.parametrize("bad", [
    NON_START_CODES[:-1],                               # 51 cards
    [*NON_START_CODES, "F4"],                           # 53 cards
    [*NON_START_CODES[:-1], "F0"],                      # a sixth F0: not the multiset
    ["X9", *NON_START_CODES[1:]],                       # unknown code
])
def test_bad_deck_raises(bad: list[str]) -> None:
    """R1.3/R2.2: ``deck`` must be exactly the 52 non-start cards."""
    with pytest.raises(ValueError):
        Game.new(deck=bad)


@pytest.mark.parametrize("kwargs", [{"first_player": 2}, {"first_player": -1},
                                    {"first_player": True}])
def test_bad_first_player(kwargs: dict[str, int]) -> None:
    """R2.3: seats are 0 and 1 (a bool would not survive the JSON round trip)."""
    with pytest.raises(ValueError):
        Game.new(1, **kwargs)


def test_fresh_cards_rule_option() -> None:
    """R3.1d is a rules option, on by default."""
    assert Game.new(1).fresh_cards_rule is True
    assert Game.new(1, fresh_cards_rule=False).fresh_cards_rule is False
    assert Game.new(1).to_dict()["fresh_cards_rule"] is True


def test_view_hides_hand_and_draw_pile() -> None:
    """R5.4: own hand visible, the opponent's hand and the draw pile as counts only; play
    areas, Street and discard open."""
    game = Game.new(5)
    game.apply("pass")
    view = game.view(0)
    assert view.seat == 0 and view.hand == tuple(game.hands[0])
    assert view.opponent_hand_count == 4
    assert view.draw_pile_count == len(game.draw_pile)
    assert [s.card for s in view.street] == game.street
    assert [s.position for s in view.street] == list(range(6))
    data = view.to_dict()
    assert "draw_pile" not in data and "hands" not in data
    assert data["opponent_hand_count"] == 4 and len(data["hand"]) == 4
    assert not any(isinstance(value, list) and len(value) == 46 for value in data.values())


def test_view_of_the_player_not_to_move() -> None:
    """R5.4: each seat sees its own hand, whoever is to move; turn facts are shared."""
    game = Game.new(9)
    view = game.view(1)
    assert view.seat == 1 and view.current == 0
    assert view.hand == tuple(game.hands[1]) and view.opponent_hand_count == 4
    assert view.opponent_hand_backs == (Back.START_1,) * 4
    assert view.stage == "refresh" and view.scores == game.scores
    assert view.can_refresh == game.can_refresh()


def test_takeable_positions() -> None:
    """R3.4: the Street positions the player to move could take now."""
    game = game_at(hands=("F0 M1", ""), street="A2 F1 B0 M3")
    assert game.takeable_positions() == [1, 2]


def test_fresh_deal_numbers_are_six_to_eight_digits() -> None:
    """R2.2: a new game without a seed gets a deal number players can read out and type."""
    seeds = {Game.new().seed for _ in range(300)}
    assert all(isinstance(seed, int) and 6 <= len(str(seed)) <= 8 for seed in seeds)
    assert len(seeds) > 290


def test_a_19_digit_seed_deals_its_own_fixed_game() -> None:
    """R2.2, R2.4: any whole number is a deal number, a 19-digit seed as well as a short one:
    it deals the same Street and draw pile every time."""
    dealt = Game.new(8_406_223_691_572_035_118).to_dict()
    assert " ".join(dealt["street"]) == "M0 A2 A2 F0 F0 M1"
    assert " ".join(dealt["draw_pile"]) == (
        "F1 B0 M1 B0 B2 A2 A3 F3 B1 F4 B3 M4 F2 B3 M0 M2 B1 A1 M3 A0 F1 B4 A0 B1 F0 A3 M1 F1 "
        "B2 F3 M1 M2 M3 M2 A4 A1 B2 B1 A0 F2 B0 F1 F2 A1 A1 M0")
