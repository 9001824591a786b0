"""The players' contract: every kind answers a legal action for the seat to move, the same seed
gives the same choice, and the search player never peeks at the order of the draw pile
(docs/rules.md R5.4)."""

from __future__ import annotations

import random

import pytest

from famiglia.players import (
    ComputerLevel,
    MctsPlayer,
    PlayerKind,
    SeatKind,
    make_player,
    play_game,
)
from famiglia.players.mcts import LEVEL_SETTINGS
from famiglia.players.random_players import balanced_random, no_pass_random
from famiglia.rules import PASS, Game, Refresh, Take
from famiglia.rules.cards import NON_START

SEARCH_OPTIONS = {"iterations": 40}


def positions() -> list[Game]:
    """Positions from the deal to the final round, at every stage of a turn (R3), in two-player
    and solo games (S1)."""
    found: list[Game] = []
    for seed in range(4):
        game = Game.new(seed, first_player=seed % 2,
                        opponent="gangster" if seed == 3 else None)
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.is_gangster_turn():
                game.play_gangster_turn()
                continue
            if rng.random() < 0.08 or game.stage != "refresh":
                found.append(game.copy())
            game.push(no_pass_random(game.legal_actions(), rng))
    return found[::7]


def options(kind: str) -> dict[str, int]:
    return SEARCH_OPTIONS if kind == "mcts" else {}


@pytest.mark.parametrize("kind", list(PlayerKind))
def test_every_kind_chooses_a_legal_action(kind: str) -> None:
    """R3: the choice is one of ``legal_actions()`` for the seat to move, at every stage."""
    stages = set()
    for game in positions():
        player = make_player(kind, seed=5, **options(kind))
        assert player.choose(game) in game.legal_actions()
        stages.add(game.stage)
    assert stages == {"refresh", "accountant", "brute"}


@pytest.mark.parametrize("kind", list(PlayerKind))
def test_the_same_seed_gives_the_same_choices(kind: str) -> None:
    """Two players made with one seed choose alike over a whole game."""
    games = [Game.new(21, first_player=1), Game.new(21, first_player=1)]
    players = [make_player(kind, seed=8, **options(kind)) for _ in games]
    for _ in range(12):
        if games[0].is_terminal():
            break
        choices = [player.choose(game) for player, game in zip(players, games, strict=True)]
        assert choices[0] == choices[1]
        for game in games:
            game.push(choices[0])


def reordered_twins(seed: int) -> tuple[Game, Game]:
    """Two deals with the same Street and the same draw pile, in different orders (R2.2):
    only the hidden order differs (R5.4)."""
    codes = [card.code for card in NON_START]
    random.Random(seed).shuffle(codes)
    street, pile = codes[:6], codes[6:]
    other = list(pile)
    random.Random(seed + 1).shuffle(other)
    assert other != pile
    return (Game.new(seed, deck=street + pile), Game.new(seed, deck=street + other))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_search_never_peeks_at_the_draw_pile(seed: int) -> None:
    """R5.4: games that differ only in the order of the draw pile get the same choice and the
    same search statistics from the same seed, after the same actions, even where the next
    refresh would draw different cards."""
    first, second = reordered_twins(seed)
    for _ in range(3):
        if first.is_terminal():
            break
        results = [MctsPlayer(iterations=120, seed=seed).search(game)
                   for game in (first, second)]
        assert results[0].action == results[1].action
        assert results[0].stats == results[1].stats
        action = results[0].action
        if isinstance(action, Refresh):  # it would draw different cards in the two games
            action = next((a for a in first.legal_actions() if isinstance(a, Take)), PASS)
        first.push(action)
        second.push(action)


def test_balanced_random_picks_a_kind_first_and_passes_only_when_it_must() -> None:
    """The attract mode's policy: a Brute's many variants do not crowd out the takes; pass
    (R3.4d) only when nothing else is legal."""
    game = Game.new(4)
    actions = game.legal_actions()
    kinds = {type(action) for action in actions if action is not PASS}
    rng = random.Random(0)
    chosen = [balanced_random(actions, rng) for _ in range(400)]
    assert PASS not in chosen
    assert {type(action) for action in chosen} == kinds
    assert balanced_random([PASS], rng) is PASS


def test_make_player_refuses_unknown_kinds_and_options() -> None:
    with pytest.raises(ValueError, match="unknown player kind"):
        make_player("oracle")
    with pytest.raises(ValueError, match="no options"):
        make_player("greedy", level="easy")
    with pytest.raises(ValueError, match="level is one of"):
        make_player("mcts", level="grandmaster")
    with pytest.raises(ValueError, match="not both"):
        make_player("mcts", level="easy", iterations=10)


def test_levels_and_seat_kinds() -> None:
    """The four levels weakest first, each searching more than the one below; the seat kinds'
    saved names."""
    assert list(ComputerLevel) == ["easy", "medium", "hard", "expert"] == list(LEVEL_SETTINGS)
    counts = [MctsPlayer(level=level).settings.iterations for level in ComputerLevel]
    assert counts == sorted(counts) and len(set(counts)) == 4
    assert [kind.value for kind in SeatKind] == ["human", "computer", "gangster", "remote"]
    assert SeatKind("computer") is SeatKind.COMPUTER


def test_play_game_plays_a_solo_game_to_its_end() -> None:
    """S1–S5: the Gangster's program plays its own turns; the player only seat 0's."""
    game = Game.new(9, first_player=1, opponent="gangster", gangster_level=2)
    seats: list[int] = []

    class Watching:
        name = "watching"

        def __init__(self) -> None:
            self.greedy = make_player("greedy")

        def choose(self, game: Game):  # type: ignore[no-untyped-def]
            seats.append(game.current)
            return self.greedy.choose(game)

    finished = play_game(game, (Watching(), None))
    assert finished is game and game.is_terminal() and game.result is not None
    assert set(seats) == {0}
    assert {move.seat for move in game.move_stack} == {0, 1}


def test_play_game_asks_each_seat_of_a_two_player_game_in_turn() -> None:
    """R3, R5: each seat's player chooses only its own moves, to the end of the game; a
    two-player game without a player for a seat is refused before any move."""
    game = Game.new(4, first_player=1)
    asked: list[tuple[str, int]] = []

    class Seat:
        def __init__(self, name: str) -> None:
            self.name = name
            self.player = make_player("no_pass_random", seed=len(name))

        def choose(self, game: Game):  # type: ignore[no-untyped-def]
            asked.append((self.name, game.current))
            return self.player.choose(game)

    finished = play_game(game, (Seat("north"), Seat("south")))
    assert finished is game and game.is_terminal()
    assert {seat for name, seat in asked if name == "north"} == {0}
    assert {seat for name, seat in asked if name == "south"} == {1}
    assert len(asked) == game.ply()
    with pytest.raises(ValueError, match="a player for each seat"):
        play_game(Game.new(4), (make_player("greedy"), None))
