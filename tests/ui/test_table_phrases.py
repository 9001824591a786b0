"""The table's one wording: the log, the captions, the hints and the hand-over story say an
action in the same words, each a whole sentence in the current language, and a log line kept as
data survives a save in any language and rewords itself after a switch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import get_args

import pytest

from famiglia import i18n
from famiglia.rules import (
    Accountant,
    Brute,
    CardName,
    Exchange,
    Family,
    Pass,
    Refresh,
    Take,
    msg,
)
from famiglia.ui.table.phrases import (
    KINDS,
    Line,
    LineKind,
    action_sentence,
    advice,
    joined,
    story_sentence,
    undone_sentence,
)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_each_action_in_one_sentence_in_three_languages() -> None:
    """R3.1–R3.4 in words: the same action, said by the log or a caption and as a hint."""
    take = Take(3, ("F2", "M3"), "M3")
    assert action_sentence(take, "Vito", "F3") == (
        "Vito takes Famiglia 3 with Famiglia 2 and Mercenary 3, keeping Mercenary 3 in the hand.")
    assert advice(take, "F3") == (
        "Take Famiglia 3 with Famiglia 2 and Mercenary 3, keeping Mercenary 3 in the hand.")
    assert action_sentence(Brute("B2", 0, 2), "Vito", "F4") == (
        "Vito plays Brute 2 on Famiglia 4, lowering it by 2.")
    i18n.set_language("de")
    assert action_sentence(take, "Vito", "F3") == (
        "Vito nimmt Famiglia 3 mit Famiglia 2 und Söldner 3 und behält Söldner 3 auf der Hand.")
    assert advice(Refresh(0), "B1") == "Bestücke die Straße mit Brutaler 1 neu."
    assert action_sentence(Accountant("A2"), "Vito", None) == (
        "Vito spielt Buchhalter 2: bis zu 2 Karten tauschen.")
    assert undone_sentence(Brute("B2", 0, 1), "Vito") == "Vito nimmt Brutaler 2 zurück."
    i18n.set_language("nl")
    assert action_sentence(Exchange("F2", "F0"), "Carla", None) == (
        "Carla ruilt Famiglia 2 (terug naar de hand) voor Famiglia 0 (naar het speelgebied).")
    assert action_sentence(Pass(), "Carla", None, acted=True) == (
        "Carla beëindigt de beurt zonder een kaart te nemen.")


def test_a_turn_is_told_as_one_sentence_in_each_language() -> None:
    """The hand-over's story (R5.4: only public actions) with lists joined as each language
    joins them."""
    turn = [(Refresh(0), "F2"), (Refresh(1), "B1"), (Brute("B2", 3, 1), "F3"),
            (Take(3, ("F1", "M3"), "M3"), "F3")]
    assert story_sentence("Vito", turn) == (
        "Vito refreshed the Street twice, played Brute 2 on Famiglia 3 and took it with "
        "Famiglia 1 and Mercenary 3.")
    i18n.set_language("de")
    assert story_sentence("Vito", turn) == (
        "Vito bestückte die Straße zweimal neu, spielte Brutaler 2 auf Famiglia 3 und nahm "
        "die Karte mit Famiglia 1 und Söldner 3.")
    i18n.set_language("nl")
    assert joined(["a", "b", "c"]) == "a, b en c"
    assert story_sentence("Carla", [(Pass(), None)]) == "Carla paste."
    assert story_sentence("Carla", []) is None


def test_log_lines_are_data_that_a_save_keeps_without_language() -> None:
    """A line encodes to JSON with no words of any language in it, decodes to the same line,
    and words itself in the language of the moment; a core message (a Gangster step, S4)
    inside it keeps its template (the catalogs' key), cards and families."""
    step = msg("Step {step}: it takes {card} of {family}.", step=1, card=CardName("F0"),
               family=Family.FAMIGLIA)
    lines = [Line.of("action", name="Vito", action="take 3 F1+M3 keep M3", target="F3"),
             Line.of("reshuffled", n=12), Line.of("turn", number=4, name="Carla"),
             Line.of("gangster", step=step),
             Line.of("game_over", names=["Vito", "Carla"], scores=[30, 20], winner=0,
                     decided_by="vp", reason="double_pass", tie_break_card=None,
                     tie_break_vp=None)]
    for line in lines:
        encoded = line.encode()
        if line.kind != "gangster":
            assert "takes" not in encoded and "Turn" not in encoded
        again = Line.decode(encoded)
        assert again.text() == line.text()
    assert lines[0].text() == ("Vito takes Famiglia 3 with Famiglia 1 and Mercenary 3, keeping "
                               "Mercenary 3 in the hand.")
    assert Line.decode(lines[3].encode()).text() == (
        "  Gangster: Step 1: it takes Famiglia 0 of La Famiglia.")
    i18n.set_language("de")
    assert Line.decode(lines[2].encode()).text() == "Zug 4 · Carla"
    assert lines[1].text().startswith("Der Nachzugstapel ist leer")
    assert Line.decode("Vito passes.").text() == "Vito passes."  # an older save's words


def test_every_kind_of_line_is_worded() -> None:
    assert sorted(get_args(LineKind)) == sorted(KINDS)
