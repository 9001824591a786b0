"""The Gangster (S1) is named by its role, and inside a sentence with the article as a sentence
writes it ("Vito und der Gangster", "Vito en de gangster"), opening one as a sentence starts
("Der Gangster nimmt …"): in the log, the table's captions, the results, past games, the
question before a running game is replaced and every sentence the table says in a solo game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from test_no_codes_shown import told

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import DecidedBy, EndReason, Game, GameOver, Opponent
from famiglia.rules.gangster import SoloVariant
from famiglia.store.records import Mode, ModeKind, Summary
from famiglia.store.savegame import SavedGame
from famiglia.ui.labels import gangster_name
from famiglia.ui.navigation import running_game_words
from famiglia.ui.scenes.past_games import cells
from famiglia.ui.table.phrases import Line
from famiglia.ui.verdict import verdict_text

#: The role's name alone (or opening a sentence) and inside a sentence, by language.
FORMS = {"en": ("The Gangster", "the Gangster"), "de": ("Der Gangster", "der Gangster"),
         "nl": ("De gangster", "de gangster")}


@pytest.fixture(params=list(FORMS))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_the_log_names_the_gangster_inside_and_at_the_start_of_a_sentence(language: str
                                                                          ) -> None:
    alone, inner = FORMS[language]
    gangster = gangster_name()
    opening = Line.of("opening", first="Vito", second=gangster, turn=1, name=gangster)
    expected = {"en": "Vito and the Gangster: turn 1, the Gangster to play.",
                "de": "Vito und der Gangster: Zug 1, der Gangster ist am Zug.",
                "nl": "Vito en de gangster: beurt 1, de gangster is aan de beurt."}
    assert opening.text() == expected[language]
    assert Line.decode(opening.encode()).text() == expected[language]
    assert Line.of("passed", name=gangster).text().startswith(f"{alone} ")
    assert Line.of("turn", number=3, name=gangster).text().endswith(f"· {alone}")
    final = Line.of("final_round", name=gangster).text()
    assert inner in final and alone not in final


def test_the_results_and_past_games_name_the_gangster_in_their_sentences(language: str
                                                                        ) -> None:
    alone, inner = FORMS[language]
    names = ("Vito", gangster_name())
    won = GameOver(scores=(20, 31), winner=1, decided_by=DecidedBy.VP,
                   reason=EndReason.FINAL_ROUND)
    assert verdict_text(won, names)[0].startswith(f"{alone} ")
    resigned = GameOver(scores=(20, 31), winner=0, decided_by=DecidedBy.VP,
                        reason=EndReason.RESIGNED)
    assert verdict_text(resigned, names)[1].startswith(f"{alone} ")
    summary = Summary(path=Path("game.json"), when=datetime(2026, 1, 2, 3, 4),
                      mode=Mode(ModeKind.SOLO, gangster=1, variant=SoloVariant.A),
                      names=("Vito", "Gangster"),
                      scores=(30, 20), winner=0, reason=EndReason.RESIGNED,
                      ranking_value=None, assisted=False, human=0)
    row = cells(summary)
    assert row[2] == f"Vito – {alone}"
    assert inner in row[4] and alone not in row[4]


def test_the_question_before_a_solo_game_is_replaced_names_the_gangster_inside_it(
        language: str) -> None:
    alone, inner = FORMS[language]
    saved = SavedGame(game=Game.new(3, opponent=Opponent.GANGSTER, first_player=0),
                      names=("Vito", None), seats=(Seat.human(), Seat.gangster()))
    words = running_game_words(saved)
    assert words.startswith("Vito ")
    assert inner in words and alone not in words


@pytest.mark.parametrize("seed", range(3))
def test_no_sentence_of_a_solo_game_writes_the_gangster_capitalised_inside_it(
        language: str, seed: int) -> None:
    alone, inner = FORMS[language]
    if alone == inner:
        return
    opens = re.compile(r"(?:^[\s+]*|[.!?:·]\s+|\n\s*)$")
    seen = 0
    for text in told(seed, solo=True):
        for found in re.finditer(re.escape(alone), text):
            assert opens.search(text, 0, found.start()), text
            seen += 1
    assert seen
