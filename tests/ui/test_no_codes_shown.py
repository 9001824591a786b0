"""No code reaches the player: random games (two players and the solo challenge at every level,
S3) are told in every language through the table's own wording, and none of it holds a rule
code (R3.1, S2 …) or a card code (F3, M4, A1 …): the log's lines (R3–R5, as shown and after a
save's round trip), the computer's captions and hints, the hand-over's story, the status
panel's steps and notes, the tooltips of the Street and the Pass button, the core's refusals
on the table's explain path, the coach's tips and the verdict (R5.3)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from famiglia import i18n
from famiglia.rules import (
    PASS,
    Accountant,
    Action,
    Brute,
    Exchange,
    Game,
    Opponent,
    Refresh,
    Take,
    TurnStarted,
)
from famiglia.ui.labels import gangster_name
from famiglia.ui.table.computer import action_line
from famiglia.ui.table.log import aimed_code, describe_event
from famiglia.ui.table.phrases import Line, advice, game_over_sentence, story_sentence
from famiglia.ui.table.status import hints, step_help, step_states
from famiglia.ui.table.texts import end_by_pass_question, pass_tooltip, street_card_tooltip
from famiglia.ui.tutorial.tips import situations
from famiglia.ui.verdict import reason_text, verdict_text

RULE_CODE = re.compile(r"\b[RS]\d")
CARD_CODE = re.compile(r"\b[FMAB]\d\b")
CODES = [f"{family}{rank}" for family in "FABM" for rank in range(5)]


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def probes(game: Game, rng: random.Random) -> list[Action]:
    """Well-formed actions a careless player might try now (the table only builds such), most
    of them refused."""
    street = max(1, len(game.street))
    pay = tuple(sorted(rng.sample(CODES, 2)))
    return [Refresh(rng.randrange(street)), Take(rng.randrange(street)),
            Take(rng.randrange(street), pay, rng.choice(pay)),
            Brute(rng.choice(CODES), rng.randrange(street), rng.randrange(1, 4)),
            Accountant(rng.choice(CODES)), Exchange(rng.choice(CODES), rng.choice(CODES)), PASS]


def told(seed: int, solo: bool) -> Iterator[str]:
    """Everything the table would say while a random game of ``seed`` is played."""
    rng = random.Random(seed)
    game = Game.new(seed, first_player=seed % 2, fresh_cards_rule=seed % 3 != 0,
                    opponent=Opponent.GANGSTER if solo else None, gangster_level=1 + seed % 4)
    names = ("Vito", gangster_name()) if solo else ("Vito", "Carla")
    turn: list[tuple[Action, str | None]] = []
    while not game.is_terminal():
        if game.is_gangster_turn():
            street = [card.id for card in game.street]
            for event in game.play_gangster_turn():
                line = describe_event(event, names, street)
                if line is not None:
                    yield line.text()
            continue
        legal = game.legal_actions()
        takeable = len(game.takeable_positions())
        for _state, note in step_states(game, takeable):
            yield note
        for step in range(4):
            yield step_help(game, step, takeable)
        for text, _colour, _optional in hints(game, None, game.refreshed_this_turn,
                                             names[1 - game.current]):
            yield text
        yield pass_tooltip(game, names, True, False)
        yield end_by_pass_question(game, names)
        for index, card in enumerate(game.street):
            yield street_card_tooltip(game, card, index, index in game.takeable_positions())
        for probe in probes(game, rng):
            reason = game.explain(probe)
            if reason is not None:
                yield i18n.translate_message(reason)
        for tip in situations(game, game.current):
            yield tip.words(names[1 - game.current])
        choices = [action for action in legal if action is not PASS]
        action = rng.choice(choices) if choices and rng.random() > 0.05 else PASS
        target = aimed_code(action, [card.id for card in game.street])
        yield advice(action, target)
        yield action_line(game, action, names[game.current], computer=True).text()
        street = [card.id for card in game.street]
        for event in game.apply(action):
            if isinstance(event, TurnStarted):
                story = story_sentence(names[1 - event.seat], turn)
                if story:
                    yield story
                turn = []
            line = describe_event(event, names, street, action)
            if line is not None:
                yield line.text()
                yield Line.decode(line.encode()).text()
        turn.append((action, target))
    result = game.result
    assert result is not None
    yield from verdict_text(result, names)
    yield reason_text(result.reason)
    yield game_over_sentence(result, names)


@pytest.mark.parametrize("language", ["en", "de", "nl"], indirect=True)
@pytest.mark.parametrize("solo", [False, True], ids=["two players", "solo"])
def test_no_rule_or_card_code_reaches_the_player(language: str, solo: bool) -> None:
    texts = 0
    for seed in range(8):
        for text in told(seed, solo):
            assert not RULE_CODE.search(text), (language, text)
            assert not CARD_CODE.search(text), (language, text)
            texts += 1
    assert texts > 2000
