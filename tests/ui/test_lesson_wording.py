"""The lessons' and tips' words in each language: two placeholders never stand side by side
(two card names in a row, "your two Famiglia 1 Famiglia 2", read as one phrase), and the Dutch
texts speak of a card ("de kaart") and the Street ("de straat") with one pronoun, hij/hem/zijn,
as the Dutch rulebook speaks of its things."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from famiglia import pofile

LOCALE = Path(__file__).resolve().parents[2] / "famiglia" / "locale"


def lesson_texts(language: str) -> list[str]:
    path = LOCALE / language / "LC_MESSAGES" / "famiglia.po"
    entries = pofile.parse(path.read_text(encoding="utf-8"))
    return [text for entry in entries if not entry.obsolete
            and any("tutorial/" in place for place in entry.locations)
            for text in entry.msgstr]


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_no_two_card_names_in_a_row(language: str) -> None:
    texts = lesson_texts(language)
    assert texts
    assert [text for text in texts if re.search(r"\}\s+\{", text)] == []


def test_dutch_lessons_call_a_card_hem() -> None:
    assert [text for text in lesson_texts("nl") if re.search(r"\b(haar|zij)\b", text)] == []
