"""``scripts/i18n.py``: extraction finds the marked texts with their places and notes, and
``update`` keeps every translation while the code changes (like msgmerge).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from famiglia.pofile import Entry

SOURCE = '''
from famiglia.i18n import N_, _, ngettext, pgettext

TITLE = N_("Rules")
# Translators: a short button label.
BACK = pgettext("button", "Back")


def status(name, n):
    print(_("Hello {name}").format(name=name), _(name), _(f"no {name}"))
    return ngettext("{n} card", "{n} cards", n).format(n=n) + _("Rules")


def core():
    return msg("{n} exchange left", plural="{n} exchanges left", n=2), msg("Plain {x}", x=1)
'''


def extract(tool: ModuleType, tmp_path: Path, source: str) -> tuple[list[Entry], list[str]]:
    path = tmp_path / "module.py"
    path.write_text(source, encoding="utf-8")
    found: dict[tuple[str | None, str], Entry] = {}
    warnings: list[str] = []
    tool.extract_file(path, found, warnings)
    return list(found.values()), warnings


def test_extraction_finds_marked_literals(tool: ModuleType, tmp_path: Path) -> None:
    entries, warnings = extract(tool, tmp_path, SOURCE)
    by_id = {entry.msgid: entry for entry in entries}
    assert set(by_id) == {"Rules", "Back", "Hello {name}", "{n} card", "{n} exchange left",
                          "Plain {x}"}
    assert by_id["{n} exchange left"].msgid_plural == "{n} exchanges left"
    assert by_id["Plain {x}"].msgid_plural is None
    assert sorted(by_id["Rules"].locations) == ["module.py:11", "module.py:4"]
    assert by_id["Back"].msgctxt == "button"
    assert by_id["Back"].notes == ["Translators: a short button label."]
    assert by_id["{n} card"].msgid_plural == "{n} cards"
    assert by_id["Hello {name}"].flags == ["python-brace-format"]
    assert by_id["Rules"].flags == []
    assert warnings == ["module.py:10: _() of a built string; use a literal with "
                        "{placeholders} and .format()"]


CORE_SOURCE = '''
from famiglia.rules.messages import msg

# Translators: one caption per step.
CAPTIONS = (
    lambda **p: msg("Step 1: it takes {card}.", **p),
    lambda **p: msg("Step 2: it passes."),
)


def notice(count, folder):
    return msg("{n} file set aside in {folder}.", plural="{n} files set aside in {folder}.",
               n=count, folder=folder)
'''


def test_extraction_reads_the_cores_msg_calls(tool: ModuleType, tmp_path: Path) -> None:
    """docs/i18n.md: the core's templates reach the catalogs with no marker import: msg()
    with keyword parameters, in a table of lambdas (the Gangster's captions), with a plural."""
    entries, warnings = extract(tool, tmp_path, CORE_SOURCE)
    by_id = {entry.msgid: entry for entry in entries}
    assert set(by_id) == {"Step 1: it takes {card}.", "Step 2: it passes.",
                          "{n} file set aside in {folder}."}
    assert by_id["Step 1: it takes {card}."].notes == ["Translators: one caption per step."]
    assert by_id["Step 2: it passes."].notes == ["Translators: one caption per step."]
    assert by_id["{n} file set aside in {folder}."].msgid_plural == \
        "{n} files set aside in {folder}."
    assert by_id["{n} file set aside in {folder}."].msgstr == ["", ""]
    assert warnings == []


def test_update_keeps_translations_and_marks_new_texts(tool: ModuleType) -> None:
    template = [Entry("", [""]), Entry("Kept", [""]), Entry("Brand new", [""]),
                Entry("Back to the table!", [""]), Entry("Waiting", [""])]
    catalog = [Entry("", ["Language: de\n"]), Entry("Kept", ["Behalten"]),
               Entry("Removed", ["Entfernt"]), Entry("Back to the table.", ["Zurück."]),
               Entry("Waiting", ["Wartet"], obsolete=True)]
    merged = {entry.msgid: entry for entry in tool.merge(template, catalog, "de")}
    assert merged["Kept"].msgstr == ["Behalten"] and not merged["Kept"].fuzzy
    assert merged["Brand new"].msgstr == [""]
    assert merged["Back to the table!"].msgstr == ["Zurück."]
    assert merged["Back to the table!"].fuzzy
    assert merged["Removed"].obsolete and merged["Removed"].msgstr == ["Entfernt"]
    assert not merged["Waiting"].obsolete and merged["Waiting"].msgstr == ["Wartet"]
    assert merged[""].msgstr == ["Language: de\n"]


def test_update_fills_the_english_catalog_with_the_english_texts(tool: ModuleType) -> None:
    template = [Entry("", [""]), Entry("Street", [""]),
                Entry("{n} card", ["", ""], msgid_plural="{n} cards")]
    catalog = [Entry("", ["Language: en\n"]), Entry("Old", ["Old"]),
               Entry("Polished", ["Polished, better"])]
    merged = {entry.msgid: entry for entry in tool.merge(template, catalog, "en")}
    assert merged["Street"].msgstr == ["Street"]
    assert merged["{n} card"].msgstr == ["{n} card", "{n} cards"]
    assert "Old" not in merged
    assert merged["Polished"].obsolete


def test_the_catalogs_are_what_update_writes(tool: ModuleType) -> None:
    """Running update on the committed files changes nothing but source lines."""
    from famiglia import i18n, pofile

    template = tool.extract()
    for language in i18n.available_languages():
        text = i18n.catalog_path(language).read_text(encoding="utf-8")
        catalog = pofile.parse(text)
        merged = tool.merge(template, catalog, language)
        assert [(e.key, e.msgstr, e.obsolete) for e in merged] == \
            [(e.key, e.msgstr, e.obsolete) for e in catalog]
