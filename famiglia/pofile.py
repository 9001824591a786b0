"""Read, write and compile gettext ``.po`` catalogs with the standard library alone.

Why not Babel: the game itself only has to turn three small catalogs into the texts it looks
up at start-up, and the PO subset it needs (contexts, plurals,
flags, comments, obsolete entries, C escapes) fits in this module.  A runtime dependency for
that would weigh more than the code; the same reader serves ``scripts/i18n.py`` and the tests,
so what the tools check is exactly what the game loads.  The compiled form is the GNU ``.mo``
layout (as CPython's ``Tools/i18n/msgfmt.py`` writes it), or for the game the lookup table
gettext makes of it (:func:`lookup_table`): the package ships only the ``.po`` sources, and
the game keeps what it compiles in the user cache folder under the digest of the source
(:func:`famiglia.i18n.compiled`), so a catalog can never be out of date with its compiled
twin.
"""

from __future__ import annotations

import re
import struct
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field


class POError(ValueError):
    """A catalog that cannot be read; the message names the line."""


@dataclass
class Entry:
    """One message: the English ``msgid`` (and plural), and its translations."""

    msgid: str
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgctxt: str | None = None
    msgid_plural: str | None = None
    locations: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return self.msgctxt, self.msgid

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.msgstr)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$')
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(.*)$")


def _unescape(text: str, line: int) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1) not in _ESCAPES:
            raise POError(f"line {line}: unknown escape \\{match.group(1)}")
        return _ESCAPES[match.group(1)]

    return re.sub(r"\\(.)", one, text)


def _string(text: str, line: int) -> str:
    match = _STRING.match(text.strip())
    if not match:
        raise POError(f"line {line}: expected a quoted string, found {text.strip()!r}")
    return _unescape(match.group(1), line)


class _Reader:
    """The state of one parse: the entry being built and the field that strings continue."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.fields: dict[str, str] = {}
        self.plurals: dict[int, str] = {}
        self.meta = Entry("")
        self.current: str | None = None
        self.obsolete = False

    def finish(self, line: int) -> None:
        if not self.fields and not self.plurals:
            return
        if "msgid" not in self.fields:
            raise POError(f"line {line}: an entry without msgid")
        entry = self.meta
        entry.msgid = self.fields["msgid"]
        entry.msgctxt = self.fields.get("msgctxt")
        entry.msgid_plural = self.fields.get("msgid_plural")
        entry.obsolete = self.obsolete
        if entry.msgid_plural is None:
            entry.msgstr = [self.fields.get("msgstr", "")]
        else:
            if "msgstr" in self.fields or not self.plurals:
                raise POError(f"line {line}: a plural entry needs msgstr[0], msgstr[1] …")
            entry.msgstr = [self.plurals.get(n, "") for n in range(max(self.plurals) + 1)]
        self.entries.append(entry)
        self.fields, self.plurals, self.meta = {}, {}, Entry("")
        self.current, self.obsolete = None, False

    def comment(self, text: str, line: int) -> None:
        if self.fields or self.plurals:
            self.finish(line)
        kind, rest = text[:2], text[2:].strip()
        if kind == "#:":
            self.meta.locations.extend(rest.split())
        elif kind == "#,":
            self.meta.flags.extend(flag.strip() for flag in rest.split(",") if flag.strip())
        elif kind == "#.":
            self.meta.notes.append(rest)
        elif kind != "#|":
            self.meta.comments.append(text[1:].strip())

    def keyword(self, text: str, line: int, obsolete: bool) -> None:
        match = _KEYWORD.match(text)
        if not match:
            raise POError(f"line {line}: cannot read {text!r}")
        name, index, rest = match.groups()
        if name in ("msgctxt", "msgid") and (self.fields.get("msgid") is not None):
            self.finish(line)
        self.obsolete = self.obsolete or obsolete
        value = _string(rest, line)
        if index is not None:
            self.plurals[int(index)] = value
            self.current = f"[{index}]"
        else:
            if name in self.fields:
                raise POError(f"line {line}: {name} twice in one entry")
            self.fields[name] = value
            self.current = name

    def continuation(self, text: str, line: int) -> None:
        value = _string(text, line)
        if self.current is None:
            raise POError(f"line {line}: a string outside any entry")
        if self.current.startswith("["):
            self.plurals[int(self.current[1:-1])] += value
        else:
            self.fields[self.current] += value


def parse(text: str) -> list[Entry]:
    """Every entry of a catalog, the header (``msgid ""``) included, in file order."""
    reader = _Reader()
    number = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):
                continue
        if not line:
            if not obsolete:
                reader.finish(number)
        elif line.startswith("#"):
            reader.comment(line, number)
        elif line.startswith('"'):
            reader.continuation(line, number)
        else:
            reader.keyword(line, number, obsolete)
    reader.finish(number + 1)
    keys = [entry.key for entry in reader.entries if not entry.obsolete]
    if len(keys) != len(set(keys)):
        duplicate = next(key for key in keys if keys.count(key) > 1)
        raise POError(f"the message {duplicate[1]!r} appears twice")
    return reader.entries


def header(entries: Iterable[Entry]) -> dict[str, str]:
    """The header fields (``Language``, ``Plural-Forms`` …) of a parsed catalog."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None and not entry.obsolete:
            fields = {}
            for line in entry.msgstr[0].splitlines():
                name, _, value = line.partition(":")
                if name.strip():
                    fields[name.strip()] = value.strip()
            return fields
    return {}


def _escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
            .replace("\r", "\\r").replace("\n", "\\n"))


def _field(name: str, value: str, prefix: str) -> list[str]:
    parts = value.splitlines(keepends=True)
    if len(parts) <= 1:
        return [f'{prefix}{name} "{_escape(value)}"']
    return [f'{prefix}{name} ""'] + [f'{prefix}"{_escape(part)}"' for part in parts]


def dump(entries: Iterable[Entry]) -> str:
    """A catalog as PO text (one string per line, no re-wrapping, so diffs stay small)."""
    blocks = []
    for entry in entries:
        lines = [f"# {comment}".rstrip() for comment in entry.comments]
        prefix = "#~ " if entry.obsolete else ""
        if not entry.obsolete:
            lines += [f"#. {note}" for note in entry.notes]
            lines += [f"#: {location}" for location in entry.locations]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        if entry.msgctxt is not None:
            lines += _field("msgctxt", entry.msgctxt, prefix)
        lines += _field("msgid", entry.msgid, prefix)
        if entry.msgid_plural is None:
            lines += _field("msgstr", entry.msgstr[0], prefix)
        else:
            lines += _field("msgid_plural", entry.msgid_plural, prefix)
            for index, value in enumerate(entry.msgstr):
                lines += _field(f"msgstr[{index}]", value, prefix)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


#: What the game looks a text up by (``gettext``'s keys): the message, with its context before
#: a ``\x04`` (``"button\x04Quit"``); a counted text by its singular and a plural form's index.
Key = str | tuple[str, int]


def _compiled(entries: Iterable[Entry]) -> Iterator[Entry]:
    """The entries a compiled catalog holds: the header and the translated, non-fuzzy,
    non-obsolete ones."""
    return (entry for entry in entries
            if not entry.obsolete and (not entry.msgid or entry.translated))


def _with_context(entry: Entry, text: str) -> str:
    return text if entry.msgctxt is None else f"{entry.msgctxt}\x04{text}"


def lookup_table(entries: Iterable[Entry]) -> tuple[str, dict[Key, str]]:
    """A catalog as the game looks its texts up (what :class:`gettext.GNUTranslations` makes
    of the ``.mo`` image of the same entries, :func:`compile_mo`): its ``Plural-Forms``
    expression, and each text's translation by its :data:`Key`."""
    table: dict[Key, str] = {}
    kept = list(_compiled(entries))
    for entry in kept:
        if entry.msgid_plural is None:
            table[_with_context(entry, entry.msgid)] = entry.msgstr[0]
        else:
            for index, text in enumerate(entry.msgstr):
                table[_with_context(entry, entry.msgid), index] = text
    forms = header(kept).get("Plural-Forms", "")
    return forms.partition("plural=")[2].rstrip(";").strip(), table


def compile_mo(entries: Iterable[Entry]) -> bytes:
    """The GNU ``.mo`` image of the translated, non-fuzzy, non-obsolete entries and the header."""
    messages: dict[bytes, bytes] = {}
    for entry in _compiled(entries):
        source = entry.msgid
        if entry.msgid_plural is not None:
            source += "\0" + entry.msgid_plural
        messages[_with_context(entry, source).encode()] = "\0".join(entry.msgstr).encode()
    keys = sorted(messages)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table: list[int] = []
    value_table: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_table += [id_length, id_offset + key_start]
        value_table += [str_length, str_offset + value_start]
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return head + array("i", key_table).tobytes() + array("i", value_table).tobytes() + ids + strs
