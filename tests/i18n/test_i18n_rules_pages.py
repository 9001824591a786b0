"""The rules page in English, German and Dutch: every text reads, has the same sections, shows
real cards, and speaks in player words (no rule codes) with the editions' terms.
"""

from __future__ import annotations

import re

import pytest

from famiglia import i18n, rulespage
from famiglia.rules.cards import ALL_CODES
from famiglia.rulespage import Cards, Heading, Item, Para, RulesPageError, Sub, Table

LANGUAGES = i18n.available_languages()


def sections(code: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each section's anchor and the kinds of its blocks, in order."""
    found: list[tuple[str, list[str]]] = []
    for block in rulespage.rules_page(code):
        if isinstance(block, Heading):
            found.append((block.anchor, []))
        elif isinstance(block, Sub | Table | Cards):
            found[-1][1].append(type(block).__name__)
    return [(anchor, tuple(kinds)) for anchor, kinds in found]


def texts(code: str) -> list[str]:
    out: list[str] = []
    for block in rulespage.rules_page(code):
        if isinstance(block, Table):
            out += [cell for row in block.rows for cell in row]
        elif not isinstance(block, Cards):
            out.append(block.text)
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_the_same_sections(code: str) -> None:
    """Same headings (anchors) in the same order, and the same subheadings, tables and cards
    in each, so the index and links work alike in every language."""
    assert sections(code) == sections("en")
    assert len(sections("en")) == 9


@pytest.mark.parametrize("code", LANGUAGES)
def test_headings_fit_the_index_column(code: str) -> None:
    """The index beside the page is narrow: a heading longer than this overflows it."""
    headings = [b.text for b in rulespage.rules_page(code) if isinstance(b, Heading)]
    assert [text for text in headings if len(text) > 24] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_cards_shown_are_real_cards(code: str) -> None:
    """R1.3: every code on the page names a card of the deck."""
    shown = [c for b in rulespage.rules_page(code) if isinstance(b, Cards) for c in b.codes]
    assert shown and set(shown) <= ALL_CODES


@pytest.mark.parametrize("code", LANGUAGES)
def test_player_words_never_rule_codes(code: str) -> None:
    for text in texts(code):
        assert not re.search(r"\b[RS]\d(\.\d[a-d]?)?\b", text), text


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_numbers_are_the_rules_numbers(code: str) -> None:
    """R1.4 VP table and S3 level table read the same in every language."""
    tables = [b.rows for b in rulespage.rules_page(code) if isinstance(b, Table)]
    vp = next(rows for rows in tables if rows[0][1:] == ("0", "1", "2", "3", "4"))
    assert [row[1:] for row in vp[1:]] == [("1", "3", "6", "10", "15"), ("0", "1", "3", "6", "10")]
    levels = next(rows for rows in tables if len(rows) == 5 and rows[1][1:] == ("9", "6", "5", "3"))
    assert [row[1:] for row in levels[2:]] == [("8", "6", "4", "2"), ("7", "5", "4", "2"),
                                               ("7", "4", "3", "2")]
    steps = [b.mark for b in rulespage.rules_page(code) if isinstance(b, Item) and b.mark != "•"]
    assert steps == ["1.", "2.", "3.", "4.", "5."]


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["Straße", "Auslage", "Nachzugstapel", "Ablagestapel", "Die Buchhalter",
            "Die Brutalen", "Die Söldner", "Siegpunkte", "Startspieler", "Neue-Karten-Regel",
            "Ranglistenwert", "Gangster-Level"]),
    ("nl", ["straat", "speelgebied", "trekstapel", "aflegstapel", "De boekhouders", "De bruten",
            "De huurlingen", "punten", "startspeler", "regel voor nieuwe kaarten",
            "ranglijstwaarde", "topscorelijst"]),
])
def test_the_editions_terms(code: str, words: list[str]) -> None:
    """The words of the German (2017) and Dutch rulebooks and of the game's catalog."""
    page = " ".join(texts(code))
    assert [word for word in words if word not in page] == []


def test_the_page_follows_the_current_language() -> None:
    i18n.set_language("nl")
    assert rulespage.rules_page()[0] == Heading("Waar het om gaat", "aim")
    i18n.set_language("de")
    assert rulespage.rules_page()[0] == Heading("Worum es geht", "aim")


def test_the_subset() -> None:
    page = rulespage.parse(
        "<!-- a note -->\n# Title {#top}\nOne\nparagraph.\n\n## Sub\n- a bullet\n  goes on\n"
        "1. a step\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\ncards: F0 M4\n")
    assert page == (Heading("Title", "top"), Para("One paragraph."), Sub("Sub"),
                    Item("a bullet goes on"), Item("a step", "1."),
                    Table((("a", "b"), ("1", "2"))), Cards(("F0", "M4")))


@pytest.mark.parametrize(("text", "problem"), [
    ("# No anchor\n", "heading"),
    ("Text first\n", "must start"),
    ("# T {#t}\n| a | b |\n| 1 |\n", "cells"),
    ("# T {#t}\ncards: F0 X9\n", "not card codes"),
    ("# T {#t}\n- item\ntext right after\n", "blank line"),
])
def test_a_broken_rules_text_says_where(text: str, problem: str) -> None:
    with pytest.raises(RulesPageError, match=problem):
        rulespage.parse(text)
