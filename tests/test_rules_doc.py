"""docs/rules.md is the project's own rules reference: every section the code and the tests cite
(R1–R5 with their subsections, S1–S5) is defined there, in order, and every gap the program
decides is marked as its decision."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"
CITATION = re.compile(r"\b(R[1-5](?:\.[0-9][a-z]?)?|S[1-5])\b")


def defined() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    sections = set(re.findall(r"^## (R[1-5]|S)\b", text, flags=re.MULTILINE))
    sections |= set(re.findall(r"^\s*- \*\*(R[1-5]\.[0-9][a-z]?|S[1-5])\b", text,
                               flags=re.MULTILINE))
    return sections


def test_every_cited_section_is_defined_in_docs_rules() -> None:
    cited: dict[str, str] = {}
    for folder in ("famiglia", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for match in CITATION.finditer(path.read_text(encoding="utf-8")):
                cited.setdefault(match.group(1), str(path.relative_to(ROOT)))
    known = defined()
    missing = {code: where for code, where in cited.items()
               if code not in known and code.split(".")[0] not in known}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_the_sections_run_in_order_without_gaps() -> None:
    known = defined()
    assert {"R1", "R2", "R3", "R4", "R5", "S"} <= known
    assert {f"S{n}" for n in range(1, 6)} <= known
    for family in ("R1.", "R2.", "R3.", "R4.", "R5."):
        numbers = sorted({int(code[3]) for code in known if code.startswith(family)})
        assert numbers == list(range(1, len(numbers) + 1)), family
    assert {"R3.1a", "R3.1b", "R3.1c", "R3.1d", "R3.4a", "R3.4b", "R3.4c", "R3.4d"} <= known


def test_the_decisions_are_marked() -> None:
    """The rulebooks leave gaps; every gap the program fills is marked as its decision."""
    text = DOC.read_text(encoding="utf-8")
    for section in ("R3.1b", "R3.1c", "R3.2", "R3.3", "R4.3", "R5.1", "R5.3", "R5.4", "S4"):
        start = text.index(f"**{section}")
        end = text.find("\n- **", start + 1)
        assert "**Decision:**" in text[start:end if end > 0 else None], section
