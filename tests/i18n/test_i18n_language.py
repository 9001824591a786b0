"""Choosing the language (FAMIGLIA_LANG, the saved setting, the system's) and switching it while
the game runs: every text follows at once and the scenes hear of it.
"""

from __future__ import annotations

import gc
import gettext
import io
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from famiglia import i18n, pofile
from famiglia.rules.cards import Family


def no_system() -> str | None:
    return None


@pytest.mark.parametrize(("environ", "expected"), [
    ({"FAMIGLIA_LANG": "nl", "LANG": "de_DE.UTF-8"}, "nl"),
    ({"FAMIGLIA_LANG": "DE"}, "de"),
    ({"FAMIGLIA_LANG": "fr", "LANG": "nl_NL.UTF-8"}, "nl"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"),
    ({"LC_ALL": "nl_BE.UTF-8", "LANG": "de_DE.UTF-8"}, "nl"),
    ({"LC_MESSAGES": "nl_NL", "LANG": "en_GB.UTF-8"}, "nl"),
    ({"LANGUAGE": "fr:de:en", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LANGUAGE": "fr", "LANG": "nl_NL.UTF-8"}, "nl"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({}, "en"),
])
def test_detect_language(environ: dict[str, str], expected: str) -> None:
    assert i18n.detect_language(environ, system=no_system) == expected


@pytest.mark.parametrize(("system", "expected"), [
    ("de_DE", "de"), ("German_Germany", "de"), ("Dutch_Belgium", "nl"), ("nl-NL", "nl"),
    ("fr_FR", "en"), (None, "en"),
])
def test_detect_language_asks_the_system_without_locale_variables(system: str | None,
                                                                   expected: str) -> None:
    """Windows and macOS report the language through Python's locale, not the environment."""
    assert i18n.detect_language({}, system=lambda: system) == expected


def test_startup_language_order() -> None:
    """FAMIGLIA_LANG for this run, then the saved choice, then the system's language."""
    assert i18n.startup_language("de", {"FAMIGLIA_LANG": "nl", "LANG": "en_US"}) == "nl"
    assert i18n.startup_language("de", {"LANG": "nl_NL.UTF-8"}) == "de"
    assert i18n.startup_language(None, {"LANG": "nl_NL.UTF-8"}) == "nl"
    assert i18n.startup_language("xx", {"LANG": "de_DE.UTF-8"}) == "de"


def test_switching_changes_every_text_at_once() -> None:
    i18n.set_language("en")
    assert i18n._("The Brutes") == "The Brutes"
    i18n.set_language("de")
    assert i18n.current_language() == "de"
    assert i18n._("The Brutes") == "Die Brutalen"
    assert i18n.gettext("Street") == "Straße"
    assert i18n.pgettext("card", "Brute {rank}") == "Brutaler {rank}"
    assert i18n.ngettext("Draw pile: {n} card, face down.", "Draw pile: {n} cards, face down.",
                         2) == "Nachzugstapel: {n} Karten, verdeckt."
    i18n.set_language("nl")
    assert i18n._("The Brutes") == "De bruten"
    assert i18n.npgettext("x", "{n} card", "{n} cards", 1) == "{n} card"


def test_an_unknown_text_stays_english() -> None:
    i18n.set_language("de")
    assert i18n._("Not a text of the game") == "Not a text of the game"
    assert i18n.ngettext("{n} goat", "{n} goats", 2) == "{n} goats"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="not one of the game's languages"):
        i18n.set_language("fr")


def test_listeners_hear_of_each_switch() -> None:
    i18n.set_language("en")
    heard: list[str] = []
    unsubscribe = i18n.on_language_change(heard.append)
    i18n.set_language("de")
    i18n.set_language("de")
    i18n.set_language("nl")
    assert heard == ["de", "nl"]
    unsubscribe()
    i18n.set_language("en")
    assert heard == ["de", "nl"]


def test_a_listener_sees_the_new_language_already_in_force() -> None:
    i18n.set_language("en")
    seen: list[str] = []
    i18n.on_language_change(lambda code: seen.append(i18n._("Street")))
    i18n.set_language("nl")
    assert seen == ["Straat"]


def test_a_dropped_scene_stops_listening() -> None:
    """A scene's bound method is held weakly: a closed scene is neither kept nor called."""

    class Scene:
        def __init__(self) -> None:
            self.layouts = 0

        def relayout(self, code: str) -> None:
            self.layouts += 1

    i18n.set_language("en")
    kept, dropped = Scene(), Scene()
    i18n.on_language_change(kept.relayout)
    i18n.on_language_change(dropped.relayout)
    del dropped
    gc.collect()
    i18n.set_language("de")
    assert kept.layouts == 1


def test_lazy_texts_follow_the_language() -> None:
    label = i18n.lazy_pgettext("card", "Mercenary {rank}")
    i18n.set_language("de")
    assert str(label) == "Söldner {rank}"
    i18n.set_language("nl")
    assert str(label) == "Huurling {rank}"
    assert i18n.N_("Street") == "Street"


def test_a_broken_catalog_falls_back_to_english(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "famiglia.po").write_text('msgid "Street"\nmsgstr "Stra', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    translations = i18n.load_translations("de")
    assert translations.gettext("Street") == "Street"
    assert i18n.load_translations("nl").gettext("Street") == "Street"


@dataclass(frozen=True)
class Message:
    """The shape docs/i18n.md proposes for the core's messages."""

    template: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None


@dataclass(frozen=True)
class CardName:
    code: str


@pytest.fixture
def revived(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalogs as they will be once the core uses its templates: the waiting entries in
    force (the core's messages are waiting in the catalogs until then)."""
    for language in ("de", "nl"):
        entries = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
        for entry in entries:
            entry.obsolete = False
        translations = gettext.GNUTranslations(io.BytesIO(pofile.compile_mo(entries)))
        monkeypatch.setitem(i18n._state.catalogs, language, translations)


@pytest.mark.usefixtures("revived")
def test_core_messages_are_translated_with_their_parameters() -> None:
    """Card words and family names inside a message follow the language (R1.2, R1.3)."""
    lacking = Message("You have no {card} in your hand.", (("card", CardName("B2")),))
    i18n.set_language("de")
    assert i18n.translate_message(lacking) == "Brutaler 2 hast du nicht auf der Hand."
    i18n.set_language("nl")
    assert i18n.translate_message(lacking) == "Je hebt geen Bruut 2 in je hand."
    assert i18n.translate_message(Message("Taking {card} needs two {genuine}, or one {genuine} "
                                          "and a Mercenary of rank {rank} or more.",
                                          (("card", CardName("F3")), ("genuine", CardName("F2")),
                                           ("rank", 3)))) == (
        "Voor Famiglia 3 heb je twee keer Famiglia 2 nodig, of één Famiglia 2 en een huurling "
        "met rang 3 of hoger.")
    assert i18n.translate_message(Message("{family}", (("family", Family.BRUTE),))) == \
        "De bruten"
    assert i18n.translate_message("The Street is empty.") == "De straat is leeg."


@pytest.mark.usefixtures("revived")
def test_counted_and_nested_core_messages() -> None:
    i18n.set_language("de")
    counted = Message("{n} card", (("n", 1),), plural="{n} cards")
    assert i18n.translate_message(counted) == "1 Karte"
    assert i18n.translate_message(Message("{n} card", (("n", 4),), "{n} cards")) == "4 Karten"
    nested = Message("Refresh not possible: {reason}",
                     (("reason", Message("The Street is empty.")),))
    assert i18n.translate_message(nested) == "Neu bestücken nicht möglich: Die Straße ist leer."


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ("1.5", "+2.0", "\u22120.5", "53.8")),
    ("de", ("1,5", "+2,0", "\u22120,5", "53,8")),
    ("nl", ("1,5", "+2,0", "\u22120,5", "53,8")),
])
def test_numbers_are_written_with_the_languages_decimal_separator(
        language: str, expected: tuple[str, ...]) -> None:
    """The statistics' means, the analysis's losses and the animation speed (1,5×) as each
    language writes a decimal number."""
    i18n.set_language(language)
    assert (i18n.decimal(1.5), i18n.decimal(2, sign=True), i18n.decimal(-0.5, sign=True),
            i18n.decimal(53.84)) == expected


@pytest.mark.parametrize(("language", "expected"), [("en", "6%"), ("de", "6 %"), ("nl", "6%")])
def test_percentages_are_written_as_the_language_writes_them(language: str,
                                                             expected: str) -> None:
    """The statistics' win rate, the volume and the solo levels' measured rates."""
    i18n.set_language(language)
    assert i18n.percent(0.06) == expected


@pytest.mark.parametrize(("language", "expected"), [("en", "2026-03-07 09:05"),
                                                    ("de", "07.03.2026 09:05"),
                                                    ("nl", "07-03-2026 09:05")])
def test_dates_are_written_as_the_language_writes_them(language: str, expected: str) -> None:
    """Past games and the highscores date a game the way the player's language does."""
    i18n.set_language(language)
    assert i18n.date_time(datetime(2026, 3, 7, 9, 5)) == expected
