"""The catalogs: complete, valid and in the editions' words (docs/rules.md R1.2 family names).

The real checks are ``scripts/i18n.py check``'s (the same function runs here), so a developer
sees in the terminal exactly what fails in CI.
"""

from __future__ import annotations

import gettext
import io
import re
from types import ModuleType

import pytest

from famiglia import i18n, pofile
from famiglia.pofile import Entry
from famiglia.rules import Zone

LANGUAGES = i18n.available_languages()


def test_the_three_languages_of_the_editions() -> None:
    assert LANGUAGES == ("en", "de", "nl")
    assert [i18n.language_name(code) for code in LANGUAGES] == ["English", "Deutsch",
                                                                 "Nederlands"]


@pytest.fixture(scope="module")
def checked(tool: ModuleType) -> dict[str, list[str]]:
    return tool.check()


def test_the_template_is_up_to_date_with_the_code(checked: dict[str, list[str]]) -> None:
    assert checked["template"] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_of_the_template_is_translated(checked: dict[str, list[str]],
                                                  language: str) -> None:
    """No missing, untranslated or fuzzy entry; placeholders and plural forms match."""
    assert checked[language] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_header_and_plural_forms(language: str) -> None:
    entries = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
    fields = pofile.header(entries)
    assert fields["Language"] == language
    assert fields["Content-Type"] == "text/plain; charset=UTF-8"
    assert fields["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    plural = gettext.c2py("(n != 1)")
    assert [plural(n) for n in (0, 1, 2, 11)] == [1, 0, 1, 1]
    for entry in entries:
        if entry.msgid_plural is not None:
            assert len(entry.msgstr) == 2, entry.msgid


@pytest.mark.parametrize(("language", "names"), [
    ("en", ["La Famiglia", "The Accountants", "The Brutes", "The Mercenaries"]),
    ("de", ["La Famiglia", "Die Buchhalter", "Die Brutalen", "Die Söldner"]),
    ("nl", ["La Famiglia", "De boekhouders", "De bruten", "De huurlingen"]),
])
def test_family_names_follow_the_editions(language: str, names: list[str]) -> None:
    """R1.2: each edition's names for the four families."""
    i18n.set_language(language)
    assert [i18n.family_name(letter) for letter in "FABM"] == names


@pytest.mark.parametrize(("language", "one", "two", "zero"), [
    ("en", "1 VP", "2 VP", "0 VP"),
    ("de", "1 SP", "2 SP", "0 SP"),
    ("nl", "1 punt", "2 punten", "0 punten"),
])
def test_counted_texts_take_the_right_plural(language: str, one: str, two: str,
                                             zero: str) -> None:
    """German counts victory points as "SP" (Siegpunkte), as English counts "VP"."""
    i18n.set_language(language)
    assert [i18n.vp_text(1), i18n.vp_text(2), i18n.vp_text(0)] == [one, two, zero]


def test_the_table_words_of_the_rulebooks() -> None:
    """The zones as the German and Dutch rulebooks call them (R2.2, R2.4, R3.5)."""
    zones = [Zone.STREET, Zone.PLAY_0, Zone.HAND_1, Zone.DRAW_PILE, Zone.DISCARD]
    i18n.set_language("de")
    assert [i18n.zone_name(z) for z in zones] == ["Straße", "Auslage", "Hand",
                                                  "Nachzugstapel", "Ablagestapel"]
    assert [i18n.describe_code(c) for c in ("F4", "A2", "B0", "M3")] == [
        "Famiglia 4", "Buchhalter 2", "Brutaler 0", "Söldner 3"]
    i18n.set_language("nl")
    assert [i18n.zone_name(z) for z in zones] == ["Straat", "Speelgebied", "Hand",
                                                  "Trekstapel", "Aflegstapel"]


#: Words that would name a second thing for something the language already has a word for.
NOT_THE_TERM = {
    "de": [(r"\b[Dd]er Brutale\b", "a Brute is a Brutaler, the family Die Brutalen"),
           (r"Computer-Level", "the computer's level is its Stufe, the Gangster's its Level")],
    "nl": [(r"(?i)highscore", "the highscores are the topscores (Topscores, topscorelijst)"),
           (r"(?i)bovenste hand", "'de bovenhand' is an advantage: the top hand is 'Hand boven'")],
}


@pytest.mark.parametrize("language", ["de", "nl"])
def test_one_word_for_each_thing(language: str) -> None:
    """docs/i18n.md: each thing has one word per language in every text."""
    entries = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
    texts = [text for entry in entries if not entry.obsolete and entry.msgid
             for text in entry.msgstr]
    for word, why in NOT_THE_TERM[language]:
        assert [text for text in texts if re.search(word, text)] == [], why


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_is_not_called_back(language: str) -> None:
    """The Undo button's word is the language's word for undoing (Rückgängig, Ongedaan
    maken), never the Back of every other screen (Zurück, Terug)."""
    i18n.set_language(language)
    undo = i18n.pgettext("button", "Undo")
    assert i18n.pgettext("button", "Undo  Ctrl+Z").startswith(undo)
    assert undo not in (i18n.pgettext("button", "Back"), i18n.pgettext("replay", "Back"))
    assert undo == {"en": "Undo", "de": "Rückgängig", "nl": "Ongedaan maken"}[language]
    i18n.set_language("en")


# ------------------------------------------------------------------ the checks themselves


def _catalog(*entries: Entry, language: str = "de") -> list[Entry]:
    head = ("Language: " + language + "\nContent-Type: text/plain; charset=UTF-8\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\n")
    return [Entry("", [head]), *entries]


def test_the_check_finds_every_kind_of_problem(tool: ModuleType) -> None:
    template = [Entry("Hello {name}", [""]), Entry("Gone", [""]), Entry("Fuzzy", [""]),
                Entry("Empty", [""]), Entry("{n} card", ["", ""], msgid_plural="{n} cards")]
    catalog = _catalog(
        Entry("Hello {name}", ["Hallo {nme}"]),
        Entry("Fuzzy", ["Flauschig"], flags=["fuzzy"]),
        Entry("Empty", [""]),
        Entry("{n} card", ["{n} Karte"], msgid_plural="{n} cards"),
        Entry("Stale", ["Alt"]),
    )
    problems = "\n".join(tool.check_catalog(template, catalog, "de"))
    assert "'Hello {name}': the translation 'Hallo {nme}'" in problems
    assert "'Gone' is missing" in problems
    assert "'Fuzzy' is fuzzy" in problems
    assert "'Empty' is not translated" in problems
    assert "'{n} card' needs 2 plural forms" in problems
    assert "'Stale' is not in the template" in problems


def test_the_check_enforces_named_brace_placeholders(tool: ModuleType) -> None:
    template = [Entry("%(count)s cards", [""]), Entry("{} cards", [""])]
    catalog = _catalog(Entry("%(count)s cards", ["%(count)s Karten"]),
                       Entry("{} cards", ["{} Karten"]))
    problems = "\n".join(tool.check_catalog(template, catalog, "de"))
    assert "not %-formatting" in problems
    assert "is not named" in problems


def test_the_check_reads_the_header(tool: ModuleType) -> None:
    catalog = [Entry("", ["Language: nl\nPlural-Forms: nplurals=1; plural=0;\n"])]
    problems = "\n".join(tool.check_catalog([], catalog, "de"))
    assert "Language: nl" in problems
    assert "charset=UTF-8" in problems
    assert "Plural-Forms" in problems


# ------------------------------------------------------------------ the .po reader


def test_po_text_round_trips_and_compiles() -> None:
    text = pofile.dump([
        Entry("", ["Language: de\nContent-Type: text/plain; charset=UTF-8\n"
                   "Plural-Forms: nplurals=2; plural=(n != 1);\n"]),
        Entry("Back", ["Zurück"], msgctxt="button", locations=["famiglia/x.py:3"]),
        Entry('Say "hi"\nthen go', ['Sag „hallo“\ndann geh'], comments=["a note"]),
        Entry("{n} card", ["{n} Karte", "{n} Karten"], msgid_plural="{n} cards",
              flags=["python-brace-format"]),
        Entry("Old", ["Alt"], obsolete=True),
        Entry("Unsure", ["Unsicher"], flags=["fuzzy"]),
    ])
    entries = pofile.parse(text)
    assert pofile.dump(entries) == text
    assert entries[2].msgid == 'Say "hi"\nthen go' and entries[2].comments == ["a note"]
    assert entries[4].obsolete and entries[5].fuzzy
    translations = gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(entries)))
    assert translations.pgettext("button", "Back") == "Zurück"
    assert translations.gettext("Back") == "Back"
    assert translations.gettext('Say "hi"\nthen go') == "Sag „hallo“\ndann geh"
    assert translations.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    assert translations.ngettext("{n} card", "{n} cards", 3) == "{n} Karten"
    assert translations.gettext("Old") == "Old"
    assert translations.gettext("Unsure") == "Unsure"


@pytest.mark.parametrize("text", [
    'msgid "a"\nmsgstr "b\n',
    'msgid "a"\nmsgstr "\\q"\n',
    'msgstr "b"\n',
    'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',
    'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',
])
def test_a_broken_catalog_is_reported(text: str) -> None:
    with pytest.raises(pofile.POError):
        pofile.parse(text)
