"""The translators' tools: extract the game's texts, merge them into the catalogs, check them.

Usage (from the repository root)::

    python scripts/i18n.py extract   # famiglia/**/*.py -> famiglia/locale/famiglia.pot
    python scripts/i18n.py update    # extract, then merge the template into en, de, nl .po
    python scripts/i18n.py check     # what tests/i18n checks; exit status 1 on a problem

Extraction reads the source with :mod:`ast` (no import, no Babel): calls of ``_``, ``gettext``,
``ngettext``, ``pgettext``, ``npgettext``, ``N_``, ``lazy_pgettext`` and the core's
``msg(template, plural=…)`` with literal strings, each with its source lines, and the
``# Translators:`` comment just above it.
``update`` works like ``msgmerge``: a new text arrives untranslated (or, when an old translation
is close, pre-filled and marked fuzzy for review); a text no longer in the code is kept as an
obsolete ``#~`` entry and comes back by itself when the code uses it again.  The English catalog
is filled with the English texts, so wording can be polished there without touching the code.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import gettext
import re
import string
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from famiglia import i18n, pofile  # noqa: E402
from famiglia.pofile import Entry  # noqa: E402

PACKAGE = ROOT / "famiglia"
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
#: Which arguments of each gettext call are (c)ontext, (m)essage and (p)lural.
KEYWORDS = {"_": "m", "gettext": "m", "N_": "m", "ngettext": "mp", "pgettext": "cm",
            "lazy_pgettext": "cm", "npgettext": "cmp", "msg": "m"}
#: The languages' plural rules (all three: one form for exactly 1, another for the rest).
PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "de": "nplurals=2; plural=(n != 1);",
                "nl": "nplurals=2; plural=(n != 1);"}
_PRINTF = re.compile(r"%(\(\w+\))?[-#0 +]*\d*(\.\d+)?[sdifr]")


def _header(language: str | None) -> Entry:
    """A new catalog's header (the template's has no language)."""
    fields = {"Project-Id-Version": "famiglia", "Language": language or "",
              "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
              "Content-Transfer-Encoding": "8bit",
              "Plural-Forms": PLURAL_FORMS.get(language or "", "nplurals=2; plural=(n != 1);")}
    text = "".join(f"{name}: {value}\n" for name, value in fields.items())
    return Entry("", [text], comments=["Famiglia's player-visible texts."])


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text; raises ValueError for broken or positional ones."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(text):
        if name is None:
            continue
        if not name.isidentifier():
            raise ValueError(f"the placeholder {{{name}}} is not named ({text!r})")
        names.add(name)
    return names


# ------------------------------------------------------------------ extract


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _translator_notes(lines: Sequence[str], lineno: int) -> list[str]:
    above: list[str] = []
    number = lineno - 2
    while number >= 0 and lines[number].strip().startswith("#"):
        above.insert(0, lines[number].strip().lstrip("#").strip())
        number -= 1
    starts = [i for i, text in enumerate(above) if text.startswith("Translators:")]
    return above[starts[0]:] if starts else []


def extract_file(path: Path, entries: dict[tuple[str | None, str], Entry],
                 warnings: list[str]) -> None:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    tree = ast.parse(source, str(path))
    statement: dict[int, int] = {}
    for stmt in ast.walk(tree):
        if isinstance(stmt, ast.stmt):
            statement.update((id(node), stmt.lineno) for node in ast.walk(stmt))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in KEYWORDS or len(node.args) < len(KEYWORDS[name]):
            continue
        values = dict(zip(KEYWORDS[name], (_literal(arg) for arg in node.args), strict=False))
        plural = next((k.value for k in node.keywords if k.arg == "plural"), None)
        if name == "msg" and plural is not None:
            values["p"] = _literal(plural)
        if any(value is None for value in values.values()):
            if any(isinstance(arg, ast.JoinedStr | ast.BinOp) for arg in node.args):
                warnings.append(f"{where}:{node.lineno}: {name}() of a built string; use a "
                                "literal with {placeholders} and .format()")
            continue
        message = values["m"] or ""
        blank = [""] if "p" not in values else ["", ""]
        entry = entries.setdefault((values.get("c"), message),
                                   Entry(message, blank, msgctxt=values.get("c"),
                                         msgid_plural=values.get("p")))
        if entry.msgid_plural != values.get("p"):
            warnings.append(f"{where}:{node.lineno}: {values['m']!r} is used both with and "
                            "without a plural")
        entry.locations.append(f"{where}:{node.lineno}")
        for line in (statement.get(id(node), node.lineno), node.lineno):
            entry.notes += [note for note in _translator_notes(lines, line)
                            if note not in entry.notes]
        if any(placeholders(text) for text in (entry.msgid, entry.msgid_plural or "")):
            entry.flags = ["python-brace-format"]


def _place(location: str) -> tuple[str, int]:
    path, _, line = location.rpartition(":")
    return path, int(line)


def extract(warnings: list[str] | None = None) -> list[Entry]:
    """The template: the header, then every text the code marks, in source order."""
    found: dict[tuple[str | None, str], Entry] = {}
    problems = [] if warnings is None else warnings
    for path in sorted(PACKAGE.rglob("*.py")):
        extract_file(path, found, problems)
    for entry in found.values():
        entry.locations.sort(key=_place)
    return [_header(None), *sorted(found.values(), key=lambda entry: _place(entry.locations[0]))]


# ------------------------------------------------------------------ update


def merge(template: Iterable[Entry], catalog: list[Entry], language: str) -> list[Entry]:
    """The catalog brought up to the template, keeping every translation it had."""
    old = {entry.key: entry for entry in catalog if entry.msgid}
    head = next((entry for entry in catalog if not entry.msgid), _header(language))
    merged = [head]
    nplurals = int(re.findall(r"nplurals=(\d+)", PLURAL_FORMS[language])[0])
    for source in template:
        if not source.msgid:
            continue
        entry = Entry(source.msgid, msgctxt=source.msgctxt, msgid_plural=source.msgid_plural,
                      locations=list(source.locations), notes=list(source.notes),
                      flags=list(source.flags))
        previous = old.pop(entry.key, None)
        if previous and (previous.msgid_plural is None) == (entry.msgid_plural is None):
            entry.msgstr, entry.comments = previous.msgstr, previous.comments
            entry.flags += ["fuzzy"] if previous.fuzzy else []
        elif language == "en":
            entry.msgstr = [entry.msgid] if entry.msgid_plural is None else \
                [entry.msgid] + [entry.msgid_plural] * (nplurals - 1)
        else:
            entry.msgstr = [""] * (1 if entry.msgid_plural is None else nplurals)
            similar = [e for e in old.values() if e.translated
                       and (e.msgid_plural is None) == (entry.msgid_plural is None)]
            close = difflib.get_close_matches(entry.msgid, [e.msgid for e in similar], 1, 0.8)
            if close:
                entry.msgstr = list(next(e for e in similar if e.msgid == close[0]).msgstr)
                entry.flags.append("fuzzy")
        merged.append(entry)
    for entry in old.values():
        english_as_is = language == "en" and entry.msgstr[-1:] == [entry.msgid_plural
                                                                      or entry.msgid]
        if any(entry.msgstr) and not english_as_is:
            entry.obsolete, entry.locations, entry.notes = True, [], []
            merged.append(entry)
    return merged


# ------------------------------------------------------------------ check


def _plural_problems(fields: dict[str, str]) -> tuple[int, list[str]]:
    match = re.fullmatch(r"nplurals=(\d+);\s*plural=(.+?);?", fields.get("Plural-Forms", ""))
    if not match:
        return 0, ["the header has no valid Plural-Forms"]
    nplurals = int(match.group(1))
    try:
        rule = gettext.c2py(match.group(2))
    except (ValueError, SyntaxError) as error:
        return nplurals, [f"the plural rule cannot be read: {error}"]
    if any(not 0 <= rule(n) < nplurals for n in range(1000)):
        return nplurals, ["the plural rule chooses a form beyond nplurals"]
    return nplurals, []


def _text_problems(entry: Entry) -> list[str]:
    label = repr(entry.msgid)
    problems = [f"{label}: use {{name}} placeholders, not %-formatting"
                for text in (entry.msgid, entry.msgid_plural or "") if _PRINTF.search(text)]
    try:
        wanted = placeholders(entry.msgid) | placeholders(entry.msgid_plural or "")
        for text in entry.msgstr:
            if text and placeholders(text) != wanted:
                problems.append(f"{label}: the translation {text!r} has the placeholders "
                                f"{sorted(placeholders(text))}, the English {sorted(wanted)}")
    except ValueError as error:
        problems.append(f"{label}: {error}")
    return problems


def check_catalog(template: Sequence[Entry], catalog: Sequence[Entry], language: str) -> list[str]:
    """What is wrong with one language's catalog against the template (empty when ready)."""
    fields = pofile.header(catalog)
    problems = []
    if fields.get("Language") != language:
        problems.append(f"the header says Language: {fields.get('Language')}")
    if "charset=UTF-8" not in fields.get("Content-Type", ""):
        problems.append("the header's Content-Type is not charset=UTF-8")
    if fields.get("Plural-Forms") != PLURAL_FORMS[language]:
        problems.append(f"the header's Plural-Forms is not {PLURAL_FORMS[language]!r}")
    nplurals, plural_problems = _plural_problems(fields)
    problems += plural_problems
    active = {entry.key: entry for entry in catalog if entry.msgid and not entry.obsolete}
    for source in template:
        entry = active.pop(source.key, None) if source.msgid else None
        if not source.msgid:
            continue
        if entry is None:
            problems.append(f"{source.msgid!r} is missing: run scripts/i18n.py update")
        elif entry.fuzzy:
            problems.append(f"{source.msgid!r} is fuzzy: review it and drop the flag")
        elif not all(entry.msgstr):
            problems.append(f"{source.msgid!r} is not translated")
        elif entry.msgid_plural != source.msgid_plural:
            problems.append(f"{source.msgid!r} has a different plural than the code")
        elif entry.msgid_plural is not None and len(entry.msgstr) != nplurals:
            problems.append(f"{source.msgid!r} needs {nplurals} plural forms")
    problems += [f"{key[1]!r} is not in the template: run scripts/i18n.py update"
                 for key in active]
    for entry in catalog:
        if entry.msgid:
            problems += _text_problems(entry)
    return problems


def check() -> dict[str, list[str]]:
    """Every problem, by language (``"template"`` for the template itself)."""
    warnings: list[str] = []
    fresh = extract(warnings)
    template = pofile.parse(TEMPLATE.read_text(encoding="utf-8")) if TEMPLATE.exists() else []
    stale = {e.key for e in fresh} ^ {e.key for e in template}
    if stale or not template:
        warnings.append("famiglia.pot is out of date with the code: run scripts/i18n.py update")
    warnings += [problem for entry in fresh for problem in _text_problems(entry)]
    result = {"template": warnings}
    for language in i18n.available_languages():
        path = i18n.catalog_path(language)
        try:
            catalog = pofile.parse(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            result[language] = [f"{path}: {error}"]
            continue
        result[language] = check_catalog(fresh, catalog, language)
    return result


def status(language: str) -> str:
    catalog = pofile.parse(i18n.catalog_path(language).read_text(encoding="utf-8"))
    active = [e for e in catalog if e.msgid and not e.obsolete]
    waiting = [e for e in catalog if e.obsolete and e.translated]
    done = sum(e.translated for e in active)
    return f"{language}: {done}/{len(active)} translated, {len(waiting)} waiting for the code"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "check"))
    command = parser.parse_args(argv).command
    warnings: list[str] = []
    if command in ("extract", "update"):
        template = extract(warnings)
        TEMPLATE.write_text(pofile.dump(template), encoding="utf-8")
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(template) - 1} texts")
    if command == "update":
        for language in i18n.available_languages():
            path = i18n.catalog_path(language)
            catalog = pofile.parse(path.read_text(encoding="utf-8")) if path.exists() else []
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(pofile.dump(merge(template, catalog, language)), encoding="utf-8")
            print(status(language))
    if command == "check":
        found = check()
        for where, problems in found.items():
            for problem in problems:
                print(f"{where}: {problem}")
        for language in i18n.available_languages():
            print(status(language))
        return 1 if any(found.values()) else 0
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
