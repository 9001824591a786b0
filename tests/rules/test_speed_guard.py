"""Guard for the core's behaviour under its speed work: making the core faster must not change
what it does.

Fixed random games are played through the public API and everything observable is hashed:
``legal_actions()`` at every step, in ORDER (the search player's choices and the measured
strength depend on it, R3), the events ``apply`` and ``undo`` return (card ids and indices,
R3.1–R4.3, R5), the Gangster's turns (S4), the positions reached, what ``copy``, ``resample``
(R5.4) and a save round trip offer, the seat views (R5.4), and which actions are refused and
why.  The expected digests are those of the straightforward core the fast one replaced (the
refusals' in the wording of the core's messages); any difference in behaviour changes one of
them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable

import pytest

from famiglia.rules import (
    PASS,
    Accountant,
    Action,
    Brute,
    Event,
    Exchange,
    Game,
    GangsterStep,
    IllegalAction,
    Refresh,
    Take,
)

Record = Callable[[str], None]


def _event_line(event: Event) -> str:
    """An event as text; a Gangster step by its number only, as its words are the ``words``
    helper's (the step taken is what the rules decide, S4)."""
    if isinstance(event, GangsterStep):
        return f"gangster_step {event.step}"
    return json.dumps(event.to_dict(), sort_keys=True)


def _record_events(record: Record, events: list[Event]) -> None:
    for event in events:
        record(_event_line(event))


def _synthetic(game: Game, rng: random.Random) -> list[Action]:
    """Actions that are mostly illegal now, to check which are refused (R3's conditions)."""
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


def _play(seed: int, *, solo: bool, use_apply: bool, undo_share: float,
          record: Record, refusals: Record, extras: Record) -> None:
    """One game of ``seed``: mostly no-pass random play with some passes and undos."""
    rng = random.Random(seed)
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0,
                    opponent="gangster" if solo else None, gangster_level=1 + seed % 4)
    step = 0
    while not game.over:
        step += 1
        if game.is_gangster_turn():
            _record_events(record, game.play_gangster_turn())
            continue
        legal = game.legal_actions()
        record(" ".join(map(str, legal)))
        record(" ".join(map(str, game.takeable_positions())) + f" {game.can_refresh()}")
        if step % 7 == 0:
            for action in _synthetic(game, rng):
                before = game.position_dict()
                try:
                    game.copy().apply(action)
                    refusals(f"{action} ok")
                except IllegalAction as error:
                    refusals(f"{action} refused: {error}")
                assert game.position_dict() == before
                refusals(str(game.explain(action)))
        if step % 11 == 0:
            extras(" ".join(map(str, game.copy().legal_actions())))
            other = game.resample(seed + step)
            extras(json.dumps(other.position_dict(), sort_keys=True))
            extras(" ".join(map(str, other.legal_actions())))
            loaded = Game.from_dict(json.loads(game.to_json()))
            extras(" ".join(map(str, loaded.legal_actions())))
            extras(json.dumps(game.view(game.current).to_dict(), sort_keys=True))
            extras(json.dumps(game.view(1 - game.current).to_dict(), sort_keys=True))
        if game.can_undo and rng.random() < undo_share:
            events = game.undo()
            if use_apply:
                _record_events(record, events)
            record("undone")
            continue
        choices = [action for action in legal if action is not PASS]
        action = rng.choice(choices) if choices and rng.random() > 0.03 else PASS
        if use_apply:
            _record_events(record, game.apply(action))
        else:
            game.push(action)
    record(json.dumps(game.position_dict(), sort_keys=True))
    record(" ".join(f"{move.seat}:{move.action}" for move in game.move_stack))


def _digests(seeds: range, *, solo: bool, use_apply: bool, undo_share: float) -> dict[str, str]:
    hashes = {name: hashlib.sha256() for name in ("play", "refusals", "extras")}

    def recorder(name: str) -> Record:
        digest = hashes[name]
        return lambda line: digest.update(line.encode() + b"\n")

    for seed in seeds:
        _play(seed, solo=solo, use_apply=use_apply, undo_share=undo_share,
              record=recorder("play"), refusals=recorder("refusals"),
              extras=recorder("extras"))
    return {name: digest.hexdigest()[:32] for name, digest in hashes.items()}


#: Digests of the core before the speed work (main at 017a38d).
EXPECTED = {
    "push": {"play": "f9b1ff3aed69ef6e74817a28d275b4ac",
             "refusals": "6883852732c1b29e37d6e30e8d907e08",
             "extras": "636a91304b179ea92d2cfb8c63cffe70"},
    "apply": {"play": "5fd1fa48488e03e927cecdbee92667ca",
              "refusals": "8fd6c266127021ed7cbc74e5c6cd9f14",
              "extras": "dd069579e752fb5e3e524e7cfdd9cab1"},
    "solo": {"play": "63e4ab611a929a622756076b990d6e4a",
             "refusals": "17eeda27c107dd8bb07ff1c153445d5a",
             "extras": "6464aecf16aa76e9e30c42d99a5eba09"},
}

CASES = {
    "push": (range(0, 40), False, False, 0.0),
    "apply": (range(100, 130), False, True, 0.15),
    "solo": (range(200, 224), True, True, 0.1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_core_behaves_as_before_its_speed_work(case: str) -> None:
    """R3–R5, S4: the same games give the same actions in the same order, the same events,
    positions, copies, re-deals, saves, views and refusals as before."""
    seeds, solo, use_apply, undo_share = CASES[case]
    assert _digests(seeds, solo=solo, use_apply=use_apply, undo_share=undo_share) \
        == EXPECTED[case]
