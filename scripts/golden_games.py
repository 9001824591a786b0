"""Golden game logs: complete games played through the rules core's public API, written as text
that a reviewer can read and diff (tests/rules/golden/*.txt).

    python scripts/golden_games.py            rewrite every log
    python scripts/golden_games.py NAME ...   rewrite the named logs only

``tests/rules/test_golden_games.py`` plays every game again and compares its text with the
committed log, so any change in what the core does (the legal actions and their order, the
events, the Gangster's program, the refusals and their reasons, copies, re-deals, saves,
records, the seat views) shows as a readable diff.  When a change is meant, run this command
and commit the new logs with it.

A log holds the setup, then for every decision of a seat: the legal actions in the order the
core lists them, the takeable Street positions and whether a refresh is possible, the action
chosen (or an undo, or a resignation) and every event as JSON, one per line; the Gangster's
turns (S4) with their events; at regular steps, the reasons the core gives for refusing a few
actions, what a copy, a re-deal (R5.4), a save's round trip and each seat's view hold; and at
the end the result, the final position and the move stack, with the check that ``push``, a
save and a record replay the same moves to the same position.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from famiglia.players.random_players import no_pass_random, uniform_random
from famiglia.rules import (
    PASS,
    Accountant,
    Action,
    Brute,
    Event,
    Exchange,
    Game,
    IllegalAction,
    Opponent,
    Refresh,
    Take,
    read_record,
    write_record,
)

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "rules" / "golden"
COMMAND = "python scripts/golden_games.py"
#: Every this many decisions a log tries a few mostly illegal actions (the refusals' reasons).
REFUSALS_EVERY = 7
#: Every this many decisions a log shows a copy, a re-deal, a save's round trip and the views.
PROBES_EVERY = 11

Policy = Callable[[list[Action], random.Random], Action]
POLICIES: dict[str, Policy] = {"random": uniform_random, "no_pass_random": no_pass_random}


def _cards(codes: str) -> list[str]:
    """Card codes written as one string, for short tables."""
    return codes.split()


#: A position (like FEN in chess) late in the first draw pile: the start of seat 1's turn, with
#: a long Street, cards in both play areas and a full discard pile.
POSITION: dict[str, Any] = {
    "current": 1,
    "first_player": 0,
    "hands": [["A0", "M0", "B0", "F0", "F0", "A0", "F1", "A0", "M0"],
              ["F0", "A0", "B0", "M0", "B0", "B0", "A0", "M1", "F1"]],
    "play_areas": [["B0", "B1", "F0"], ["M0", "F0"]],
    "street": _cards("F3 A3 M1 A2 F1 A1 F1 B2 A2 B4 A3 M4"),
    "draw_pile": _cards("F3 F2 M0 M2 M1 A1"),
    "discard": _cards("A2 M3 B1 A4 F4 M2 A1 F2 B2 B1 B1 M1 B3 B3 M3 A1 B2 F2 M2"),
    "reshuffled": False,
}

#: A position at the end of the first draw pile: two cards left, nothing discarded, one rank-0
#: card in the Street and every other card in the play areas.
POSITION_REFILL: dict[str, Any] = {
    "current": 0,
    "hands": [["F0", "A0", "B0", "M0", "M1", "F1"], ["F0", "A0", "B0", "M0", "A1"]],
    "play_areas": [_cards("A0 A0 B0 F0 M0 M0 A1 B1 B1 F1 F1 M1 A2 A2 B2 F2 M2 M2 B3 F3 M3 A4 F4"),
                   _cards("A0 B0 B0 F0 M0 A1 A1 B1 B1 F1 M1 M1 A2 B2 F2 F2 M2 A3 B3 F3 M3 B4 M4")],
    "street": ["F0"],
    "draw_pile": ["A3", "B2"],
    "discard": [],
    "reshuffled": False,
}

#: A deck given card by card, top of the draw pile first (``Game.new(deck=...)``).
DECK = _cards("F1 A1 B1 M1 F2 A2 B2 M2 F0 A0 B0 M0 F3 A3 B3 M3 F1 A1 B1 M1 F0 A0 B0 M0 F4 A4 "
              "B4 M4 F2 A2 B2 M2 F1 A1 B1 M1 F0 A0 B0 M0 F3 A3 B3 F2 A2 B2 M2 F1 A1 B1 M1 M3")


@dataclass(frozen=True)
class GoldenGame:
    """One logged game: how it starts, who plays it (a policy of :data:`POLICIES` for each seat
    a player chooses for; the Gangster plays by its program), the players' generator seed, how
    often a seat takes back what it may (``undo_share``) and the decision at which the seat to
    move resigns."""

    name: str
    about: str
    start: Callable[[], Game]
    policies: tuple[str, str]
    seed: int
    undo_share: float = 0.0
    resign_at: int | None = None


def _two(seed: int, first: int, fresh: bool) -> Callable[[], Game]:
    return lambda: Game.new(seed, first_player=first, fresh_cards_rule=fresh)


def _solo(seed: int, level: int, variant: str, fresh: bool = True) -> Callable[[], Game]:
    return lambda: Game.new(seed, first_player="ab".index(variant), fresh_cards_rule=fresh,
                            opponent=Opponent.GANGSTER, gangster_level=level)


GAMES: tuple[GoldenGame, ...] = (
    GoldenGame("two_random_fresh_first0", "two players at random through the reshuffle (R4.2), "
               "fresh-cards rule on, seat 0 starts", _two(297, 0, True), ("random", "random"),
               297),
    GoldenGame("two_random_plain_first1", "two players at random, fresh-cards rule off, seat 1 "
               "starts: a double pass (R5.2) decided by the tie-break (R5.3)",
               _two(156, 1, False), ("random", "random"), 156),
    GoldenGame("two_no_pass_fresh_first0", "no-pass random through the reshuffle (R4.2) and the "
               "final round (R5.1), the pile running out in the start player's turn; fresh-cards "
               "rule on, seat 0 starts", _two(293, 0, True),
               ("no_pass_random", "no_pass_random"), 293),
    GoldenGame("two_no_pass_fresh_first1", "no-pass random to the final round, the pile running "
               "out in the second player's turn; fresh-cards rule on, seat 1 starts",
               _two(162, 1, True), ("no_pass_random", "no_pass_random"), 162),
    GoldenGame("two_no_pass_plain_first0", "no-pass random to the final round, fresh-cards rule "
               "off, seat 0 starts", _two(104, 0, False), ("no_pass_random", "no_pass_random"),
               104),
    GoldenGame("two_no_pass_plain_first1", "no-pass random to the final round, fresh-cards rule "
               "off, seat 1 starts", _two(108, 1, False), ("no_pass_random", "no_pass_random"),
               108),
    GoldenGame("two_no_pass_tie_break", "no-pass random until neither can act: a double pass "
               "(R5.2) decided by the tie-break (R5.3)", _two(280, 0, True),
               ("no_pass_random", "no_pass_random"), 280),
    GoldenGame("two_mixed_undo", "no-pass random against random, with undos (Accountant, "
               "exchanges and Brute taken back)", _two(107, 0, True),
               ("no_pass_random", "random"), 7, undo_share=0.3),
    GoldenGame("two_no_pass_undo_first1", "no-pass random with undos, seat 1 starts",
               _two(126, 1, False), ("no_pass_random", "no_pass_random"), 8, undo_share=0.2),
    GoldenGame("two_resigned", "no-pass random until the seat to move resigns at its 40th "
               "decision", _two(109, 1, True), ("no_pass_random", "no_pass_random"), 9,
               resign_at=40),
    *(GoldenGame(f"solo_level{level}{variant}", f"the Gangster at level {level}, variant "
                 f"{variant} (S1-S5), against no-pass random", _solo(200 + level, level, variant),
                 ("no_pass_random", "gangster"), 20 + level, undo_share=0.1)
      for level in (1, 2, 3, 4) for variant in "ab"),
    GoldenGame("solo_level3a_random_plain", "the Gangster at level 3, variant a, fresh-cards "
               "rule off, against a player at random", _solo(210, 3, "a", fresh=False),
               ("random", "gangster"), 30),
    GoldenGame("position_game", "a game from a position (like FEN), no-pass random",
               lambda: Game.from_dict(POSITION), ("no_pass_random", "no_pass_random"), 40,
               undo_share=0.1),
    GoldenGame("position_refill_ends_pile", "a position whose end-of-turn refill (R4.1) empties "
               "the first draw pile with nothing discarded (R4.3): the final round counts from "
               "the next turn (R5.1's ruling)", lambda: Game.from_dict(POSITION_REFILL),
               ("no_pass_random", "no_pass_random"), 42),
    GoldenGame("deck_game", "a game from a given deck, top first, no-pass random against random",
               lambda: Game.new(7, first_player=1, deck=DECK),
               ("no_pass_random", "random"), 41),
)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _events(lines: list[str], events: Sequence[Event]) -> None:
    lines.extend(f"  event {_json(event.to_dict())}" for event in events)


def _tried(rng: random.Random) -> list[Action]:
    """Actions that are mostly illegal now, to log which are refused and why (R3's rules)."""
    codes = [f"{family}{rank}" for family in "FABM" for rank in range(5)]
    return [
        Refresh(rng.randrange(8)),
        Take(rng.randrange(8)),
        Take(rng.randrange(7), tuple(sorted(rng.sample(codes, 2))), rng.choice(codes)),
        Brute(rng.choice(codes), rng.randrange(7), rng.randrange(1, 4)),
        Accountant(rng.choice(codes)),
        Exchange(rng.choice(codes), rng.choice(codes)),
        PASS,
    ]


def _refusals(lines: list[str], game: Game, rng: random.Random) -> None:
    """What the core says of a few actions: legal, or refused with its reason; a refused
    ``apply`` changes nothing."""
    for action in _tried(rng):
        before = game.position_dict()
        try:
            game.copy().apply(action)
            verdict = "legal"
        except IllegalAction as error:
            verdict = f"refused: {error}"
        reason = game.explain(action)
        same = game.position_dict() == before
        lines.append(f"  try {action}: {verdict} | explain: {reason} | unchanged: {same}")


def _probes(lines: list[str], game: Game, seed: int) -> None:
    """A copy's legal actions, a re-deal (R5.4), a save's round trip and each seat's view."""
    legal = [str(action) for action in game.legal_actions()]
    copied = [str(action) for action in game.copy().legal_actions()]
    lines.append(f"  copy: same legal actions: {copied == legal}")
    other = game.resample(seed)
    lines.append(f"  resample {seed}: {_json(other.position_dict())}")
    lines.append(f"  resample legal: {', '.join(map(str, other.legal_actions()))}")
    loaded = Game.from_dict(json.loads(game.to_json()))
    lines.append(f"  save round trip: same legal actions: "
                 f"{[str(a) for a in loaded.legal_actions()] == legal}, same state: "
                 f"{loaded.to_dict() == game.to_dict()}")
    for seat in (0, 1):
        lines.append(f"  view {seat}: {_json(game.view(seat).to_dict())}")


def _ending(lines: list[str], game: Game) -> None:
    """The result, the final position and the moves, and that every way of replaying them
    reaches the same position."""
    final = game.position_dict()
    lines.append(f"result {_json(game.result.to_dict() if game.result else None)}")
    lines.append(f"scores {list(game.scores)} winner {game.winner}")
    lines.append(f"final {_json(final)}")
    lines.append("moves " + ", ".join(f"{m.seat}:{m.action}" for m in game.move_stack))
    pushed, moves = Game.from_setup(game.setup), game.move_stack
    while pushed.ply() < len(moves):
        if pushed.is_gangster_turn():
            pushed.play_gangster_turn()
        else:
            pushed.push(moves[pushed.ply()].action)
    if game.result is not None and game.result.reason == "resigned" and not pushed.is_terminal():
        pushed.resign(1 - (game.result.winner or 0))
    lines.append(f"replayed with push: same position: {pushed.position_dict() == final}")
    loaded = Game.from_dict(json.loads(game.to_json()))
    lines.append(f"loaded from its save: same position: {loaded.position_dict() == final}")
    record = write_record(game, names=("Anna", None if game.opponent else "Bruno"),
                          seats=("human", game.opponent or "human"),
                          when=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
    again = read_record(json.loads(json.dumps(record)))
    lines.append(f"record read again: same position: {again.position_dict() == final}")


def play(golden: GoldenGame) -> str:
    """The log of ``golden``'s game, played anew."""
    game = golden.start()
    rng = random.Random(golden.seed)
    tries = random.Random(golden.seed + 1000)
    lines = [f"# {golden.name}: {golden.about}",
             f"# written by `{COMMAND}`; tests/rules/test_golden_games.py compares it",
             f"setup {_json(game.setup.to_dict())}",
             f"players {golden.policies[0]} / {golden.policies[1]}, seed {golden.seed}",
             f"start {_json(game.position_dict())}"]
    decision = 0
    while not game.is_terminal():
        if game.is_gangster_turn():
            lines.append(f"turn {game.turn}: the Gangster")
            _events(lines, game.play_gangster_turn())
            continue
        decision += 1
        seat = game.current
        legal = game.legal_actions()
        lines.append(f"turn {game.turn} seat {seat} decision {decision} stage {game.stage}")
        lines.append(f"  legal {', '.join(map(str, legal))}")
        lines.append(f"  takeable {game.takeable_positions()} can_refresh {game.can_refresh()} "
                     f"can_undo {game.can_undo} undo_blocker {game.undo_blocker}")
        if decision % REFUSALS_EVERY == 0:
            _refusals(lines, game, tries)
        if decision % PROBES_EVERY == 0:
            _probes(lines, game, golden.seed * 1000 + decision)
        if decision == golden.resign_at:
            lines.append(f"  seat {seat} resigns")
            _events(lines, game.resign(seat))
            break
        if golden.undo_share and game.can_undo and rng.random() < golden.undo_share:
            lines.append("  undo")
            _events(lines, game.undo())
            continue
        action = POLICIES[golden.policies[seat]](legal, rng)
        lines.append(f"  play {action}")
        _events(lines, game.apply(action))
    _ending(lines, game)
    return "\n".join(lines) + "\n"


def path_of(golden: GoldenGame) -> Path:
    return FOLDER / f"{golden.name}.txt"


def main(names: Sequence[str]) -> int:
    chosen = [golden for golden in GAMES if not names or golden.name in names]
    unknown = set(names) - {golden.name for golden in GAMES}
    if unknown:
        print(f"unknown games: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    FOLDER.mkdir(parents=True, exist_ok=True)
    for golden in chosen:
        path_of(golden).write_text(play(golden), encoding="utf-8")
        print(f"wrote {path_of(golden)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
