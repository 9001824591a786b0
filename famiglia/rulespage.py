"""The rules page's content, one text per language: ``famiglia/locale/<lang>/rules.md``.

The rules are written for the players of each language in their edition's words, not
translated sentence by sentence, so they live as whole texts rather than catalog entries.  The
files use a small markdown subset, read here into the blocks the rules scene lays out:

==========================  =====================================================
``# Title {#anchor}``       :class:`Heading` (an index entry; every language has
                            the same anchors in the same order)
``## Title``                :class:`Sub`
plain lines                 :class:`Para` (consecutive lines join into one)
``- text``                  :class:`Item` with a bullet
``1. text``                 :class:`Item` marked ``1.`` (a numbered step)
``| a | b |`` rows          :class:`Table` (the first row is the header; a
                            ``|---|`` row is skipped)
``cards: F2 A2 B2 M2``      :class:`Cards` (card codes, shown as card faces)
``<!-- note -->``           a note for whoever edits the text; not shown
==========================  =====================================================

A bullet or step continues on lines indented by two spaces; a blank line ends any block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import i18n

CODE = re.compile(r"[FABM][0-4]")
_HEADING = re.compile(r"#\s+(.+?)\s+\{#([a-z0-9-]+)\}")
_STEP = re.compile(r"(\d+\.)\s+(.+)")


class RulesPageError(ValueError):
    """A rules text that does not follow the subset; the message names file and line."""


@dataclass(frozen=True)
class Heading:
    """A section: it also gets an entry in the index; ``anchor`` is the same in every language."""

    text: str
    anchor: str


@dataclass(frozen=True)
class Sub:
    """A subheading inside a section."""

    text: str


@dataclass(frozen=True)
class Para:
    """A paragraph, wrapped to the page width."""

    text: str


@dataclass(frozen=True)
class Item:
    """A bullet point (or a numbered step when ``mark`` is given)."""

    text: str
    mark: str = "•"


@dataclass(frozen=True)
class Table:
    """Rows of cells, the first row the header; the last column wraps to fit the page."""

    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Cards:
    """A row of card faces, by code (the first card with that code)."""

    codes: tuple[str, ...]


Block = Heading | Sub | Para | Item | Table | Cards


def rules_path(code: str) -> Path:
    return i18n.LOCALE_DIR / code / "rules.md"


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def parse(text: str, source: str = "rules.md") -> tuple[Block, ...]:
    """The blocks of one rules text; raises :class:`RulesPageError` where it breaks the subset."""
    blocks: list[Block] = []
    lines: list[str] = []
    rows: list[tuple[str, ...]] = []
    item: Item | None = None

    def close() -> None:
        nonlocal item
        if item is not None:
            blocks.append(item)
        if lines:
            blocks.append(Para(" ".join(lines)))
        if rows:
            blocks.append(Table(tuple(rows)))
        item = None
        lines.clear()
        rows.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        where = f"{source}:{number}"
        stripped = line.strip()
        if not stripped or (stripped.startswith("<!--") and stripped.endswith("-->")):
            close()
        elif item is not None and line.startswith("  "):
            item = Item(f"{item.text} {stripped}", item.mark)
        elif stripped.startswith("|"):
            if lines or item is not None:
                close()
            cells = _cells(stripped)
            if all(set(cell) <= set("-: ") and cell for cell in cells):
                continue
            if rows and len(cells) != len(rows[0]):
                raise RulesPageError(f"{where}: this row has {len(cells)} cells, the header "
                                     f"{len(rows[0])}")
            rows.append(cells)
        elif line.startswith("#"):
            close()
            if line.startswith("## "):
                blocks.append(Sub(line[3:].strip()))
                continue
            match = _HEADING.fullmatch(line)
            if not match:
                raise RulesPageError(f"{where}: a heading reads '# Title {{#anchor}}'")
            blocks.append(Heading(match.group(1), match.group(2)))
        elif line.startswith("cards:"):
            close()
            codes = tuple(line[len("cards:"):].split())
            bad = [code for code in codes if not CODE.fullmatch(code)]
            if bad or not codes:
                raise RulesPageError(f"{where}: not card codes: {' '.join(bad) or '(none)'}")
            blocks.append(Cards(codes))
        elif line.startswith("- ") or _STEP.fullmatch(line):
            close()
            step = _STEP.fullmatch(line)
            item = Item(step.group(2), step.group(1)) if step else Item(line[2:].strip())
        elif rows or item is not None:
            raise RulesPageError(f"{where}: put a blank line before a new paragraph")
        else:
            lines.append(stripped)
    close()
    if not blocks or not isinstance(blocks[0], Heading):
        raise RulesPageError(f"{source}: the rules must start with a '# Title {{#anchor}}'")
    return tuple(blocks)


@cache
def _load(code: str) -> tuple[Block, ...]:
    path = rules_path(code)
    return parse(path.read_text(encoding="utf-8"), f"{code}/rules.md")


def rules_page(code: str | None = None) -> tuple[Block, ...]:
    """The rules in ``code`` (default: the current language), read once per language."""
    return _load(code or i18n.current_language())
