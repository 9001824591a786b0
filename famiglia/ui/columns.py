"""The columns of a list (past games, highscores) as wide as what they show: each column gets
the width of its heading and its widest cell where the row has room, the room left over shared
out evenly; where the row is short, the widest columns give way first, and only a column whose
texts may be cut with "…" (a name, a mode) gives way below its widest cell.  A heading is never
shrunk: it keeps its column's width, or (where a list allows it) wraps onto a second line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .theme import Theme


def shorten(theme: Theme, text: str, size: int, width: int, *, tail: bool = False,
            bold: bool = False) -> str:
    """``text`` cut with "…" to fit ``width`` pixels (its end kept when ``tail``: paths)."""
    font = theme.font(size, bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(f"…{text}" if tail else f"{text}…")[0] > width:
        text = text[1:] if tail else text[:-1]
    return f"…{text}" if tail else f"{text}…"


def shorten_lines(theme: Theme, text: str, size: int, width: int, lines: int, *,
              bold: bool = False) -> tuple[str, ...]:
    """``text`` wrapped into at most ``lines`` lines of ``width`` pixels (a long file name
    broken after its folders), the last cut with "…" when the text says more."""
    wrapped = theme.wrap(text, size, width, bold=bold, break_words=True)
    if len(wrapped) <= lines:
        return wrapped
    rest = " ".join(wrapped[lines - 1:])
    return (*wrapped[:lines - 1], shorten(theme, f"{rest}…", size, width, bold=bold))


@dataclass(frozen=True)
class Column:
    """A column's heading and the texts of its cells; ``cut``: a cell may be cut with "…"
    where the row is short (names, modes), else the column is never narrower than its widest
    cell (dates, scores)."""

    heading: str
    cells: Sequence[str]
    cut: bool = False


def share_widths(needs: Sequence[int], least: Sequence[int], room: int) -> list[int]:
    """Widths for columns that need ``needs`` pixels and take no less than ``least``, summing
    to ``room`` where that can be: each its need and an even share of what is left over; in a
    short row the widest columns give way first, down to their least."""
    count = len(needs)
    if sum(needs) <= room:
        extra = room - sum(needs)
        return [need + extra // count + (1 if index < extra % count else 0)
                for index, need in enumerate(needs)]

    def total(cap: int) -> int:
        return sum(max(low, min(need, cap)) for need, low in zip(needs, least, strict=True))

    low_cap, high_cap = 0, max(needs)
    while low_cap < high_cap:
        middle = (low_cap + high_cap + 1) // 2
        if total(middle) <= room:
            low_cap = middle
        else:
            high_cap = middle - 1
    widths = [max(low, min(need, low_cap)) for need, low in zip(needs, least, strict=True)]
    left = room - sum(widths)
    for index, (width, need) in enumerate(zip(widths, needs, strict=True)):
        if left > 0 and width < need:
            widths[index] += 1
            left -= 1
    return widths


def column_widths(theme: Theme, columns: Sequence[Column], *, heading_size: int,
                  cell_size: int, padding: int, heading_lines: int = 1,
                  bold_cells: bool = False) -> tuple[list[int], list[int]]:
    """What each column needs (its heading on one line and its widest cell) and the least it
    takes (its heading on ``heading_lines`` lines, its widest cell unless it may be cut), each
    with ``padding``: what :func:`share_widths` shares a row by."""
    heading_font = theme.font(heading_size, True)
    cell_font = theme.font(cell_size, bold_cells)
    needs, least = [], []
    for column in columns:
        heading = heading_font.size(column.heading)[0]
        shortest = narrowest(theme, column.heading, heading_size, heading_lines)
        widest = max((cell_font.size(cell)[0] for cell in column.cells), default=0)
        needs.append(max(heading, widest) + padding)
        least.append((shortest if column.cut else max(shortest, widest)) + padding)
    return needs, least


def lay_out(theme: Theme, columns: Sequence[Column], room: int, *, heading_size: int,
            cell_size: int, padding: int, heading_lines: int = 1,
            bold_cells: bool = False) -> list[int]:
    """The width of each column's text (``padding`` more between columns) in a row ``room``
    wide: headings in bold at ``heading_size`` on at most ``heading_lines`` lines (a heading
    wraps between its words, never shrinks), cells at ``cell_size``."""
    needs, least = column_widths(theme, columns, heading_size=heading_size,
                                 cell_size=cell_size, padding=padding,
                                 heading_lines=heading_lines, bold_cells=bold_cells)
    return [width - padding for width in share_widths(needs, least, room)]


def narrowest(theme: Theme, heading: str, size: int, lines: int, *, bold: bool = True) -> int:
    """The least width at which ``heading`` (at ``size``, bold unless told) wraps onto at
    most ``lines`` lines, broken between its words as :meth:`Theme.wrap` breaks it (each line
    as long as the width allows)."""
    font = theme.font(size, bold)
    words = heading.split()
    runs = sorted({font.size(" ".join(words[start:end]))[0]
                   for start in range(len(words)) for end in range(start + 1, len(words) + 1)})
    for width in runs:
        count, line = 0, ""
        for word in words:
            longer = f"{line} {word}".strip()
            if line and font.size(longer)[0] > width:
                count, line = count + 1, word
            else:
                line = longer
        if font.size(line)[0] <= width and count + 1 <= lines and all(
                font.size(word)[0] <= width for word in words):
            return width
    return font.size(heading)[0]
