"""``famiglia analyse FILE``: where a recorded game was won and where it was lost.

A thin wrapper over :mod:`famiglia.players.analysis`: it reads the record, analyses the
decisions of the chosen seats on every core (a progress line on stderr), keeps the analysis
(:mod:`famiglia.store.analyses`) and prints one row per decision and a summary per seat, or
with ``--json`` one JSON list of the decisions.  Texts follow the player's language; the move
notation and the JSON stay language-free.  The verdicts' words live here
(:func:`verdict_word`) for every screen that shows them.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from . import i18n
from .i18n import _, lazy_pgettext, ngettext, pgettext
from .players.analysis import (
    DEFAULT_LEVEL,
    DEFAULT_SEED,
    EFFORTS,
    Analysis,
    AnalysisJob,
    SeatSummary,
    Verdict,
    check_seats,
    default_seats,
)
from .players.seats import ComputerLevel
from .rules import DamagedRecord, read_record
from .rules.jsontext import loads
from .rules.messages import Message, msg
from .store.analyses import AnalysisFile
from .store.records import damaged_record, refused
from .store.settings import SettingsStore

# Translators: a verdict on a decision of a finished game, as chess programs give them.
_VERDICTS = {Verdict.INACCURACY: lazy_pgettext("verdict", "inaccuracy"),
             Verdict.MISTAKE: lazy_pgettext("verdict", "mistake"),
             Verdict.BLUNDER: lazy_pgettext("verdict", "blunder")}


def verdict_word(verdict: Verdict | None) -> str:
    """A verdict in the current language ("" for none)."""
    return "" if verdict is None else str(_VERDICTS[verdict])


def parse_seats(text: str) -> tuple[int, ...]:
    """``"0"``, ``"1"`` or ``"0,1"`` as seats; ``ValueError`` in the player's words."""
    parts = [part.strip() for part in text.split(",")]
    if not parts or not all(part in ("0", "1") for part in parts):
        raise ValueError(_("--seats is 0, 1 or 0,1, not {seats}").format(seats=text))
    return tuple(sorted({int(part) for part in parts}))


def read_record_file(path: Path) -> dict[str, Any]:
    """A record file's content, or ``ValueError`` with a message in plain words."""
    try:
        data = loads(path.read_bytes())
    except OSError as error:
        raise ValueError(msg("{path} cannot be read: {reason}", path=str(path),
                             reason=error.strerror or str(error))) from None
    except ValueError:
        raise ValueError(msg("{path} cannot be opened as a game record: {problem}",
                             path=str(path), problem=msg("it was damaged"))) from None
    if not isinstance(data, dict):
        raise ValueError(msg("{path} is not a Famiglia game record", path=str(path)))
    return data


def _say(text: str) -> None:
    print(_("famiglia analyse: {problem}").format(problem=text), file=sys.stderr)


def _problem(error: ValueError) -> str:
    """A refusal's reason in the player's language."""
    reason = error.args[0] if error.args else str(error)
    return i18n.translate_message(reason) if isinstance(reason, Message) else str(reason)


def run_analyse(path: Path, *, as_json: bool = False, level: str | None = None,
                seats: str | None = None, seed: int = DEFAULT_SEED, jobs: int | None = None,
                keep: bool = True) -> int:
    """Analyse the record at ``path`` and print the result; the exit status (2 for a bad
    option, 1 for a file that is not a sound record, with one line on stderr naming why)."""
    i18n.set_language(i18n.startup_language(SettingsStore().load().language))
    if level is not None and level not in set(ComputerLevel):
        _say(_("--level is one of {levels}, not {level}").format(
            levels=", ".join(ComputerLevel), level=level))
        return 2
    chosen_level = DEFAULT_LEVEL if level is None else ComputerLevel(level)
    if jobs is not None and jobs < 0:
        _say(_("--jobs is 0 (no extra processes) or more"))
        return 2
    try:
        chosen = None if seats is None else parse_seats(seats)
    except ValueError as problem:
        _say(str(problem))
        return 2
    try:
        record = read_record_file(path)
    except ValueError as problem:
        _say(_problem(problem))
        return 1
    try:
        final = read_record(record)
    except DamagedRecord as damage:
        refused(path, damage)
        _say(i18n.translate_message(damaged_record(path, damage)))
        return 1
    try:
        chosen = check_seats(final, default_seats(record) if chosen is None else chosen)
    except ValueError as problem:
        _say(_problem(problem))
        return 2
    kept = AnalysisFile(record)
    analysis = kept.load(level=chosen_level, seats=chosen, seed=seed) if keep else None
    if analysis is None:
        analysis = _analyse(record, chosen_level, chosen, seed,
                            (os.cpu_count() or 1) if jobs is None else jobs)
        if keep:
            kept.save(analysis)
    notice = kept.take_notice()
    if notice is not None:
        _say(i18n.translate_message(notice))
    if as_json:
        print(json.dumps([decision.to_dict() for decision in analysis.decisions], indent=1))
    else:
        print_analysis(analysis, record["players"]["names"])
    return 0


def _analyse(record: dict[str, Any], level: ComputerLevel, seats: tuple[int, ...], seed: int,
             jobs: int) -> Analysis:
    """The analysis, with a progress line on stderr that ends with the time it took."""
    start = time.perf_counter()
    job = AnalysisJob(record, level=level, seats=seats, seed=seed, jobs=jobs)
    shown = ""
    try:
        while (analysis := job.poll(timeout=None)) is None:
            shown = _("Analysing: {done} of {total} decisions, {seconds} s").format(
                done=job.done, total=job.total, seconds=round(time.perf_counter() - start))
            print("\r" + shown, end="", file=sys.stderr, flush=True)
    finally:
        job.cancel()
    processes = min(jobs, job.total) if jobs else 0
    done = ngettext(
        "Analysed {n} decision in {seconds} s (processes: {processes}, iterations per move "
        "compared: {iterations}).",
        "Analysed {n} decisions in {seconds} s (processes: {processes}, iterations per move "
        "compared: {iterations}).", job.total).format(
        n=job.total, seconds=i18n.decimal(time.perf_counter() - start), processes=processes,
        iterations=EFFORTS[level].compare)
    print("\r" + done.ljust(len(shown)), file=sys.stderr, flush=True)
    return analysis


def print_analysis(analysis: Analysis, names: list[str], out: TextIO | None = None) -> None:
    """The analysis as a table, one row per decision, then a summary per seat (on
    ``out``, by default the standard output)."""
    out = out or sys.stdout
    header = (pgettext("column", "move"), pgettext("column", "player"),
              pgettext("column", "played"), pgettext("column", "best"),
              pgettext("column", "chances"), pgettext("column", "loss"),
              pgettext("column", "verdict"))
    rows = [(str(d.ply + 1), names[d.seat], d.played, "=" if d.best == d.played else d.best,
             f"{i18n.decimal(d.chances_played)} %", i18n.decimal(d.loss), verdict_word(d.verdict))
            for d in analysis.decisions]
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    right = {0, 4, 5}
    print(_("{first} against {second}, analysed at the {level} level (seed {seed}).").format(
        first=names[0], second=names[1], level=analysis.level, seed=analysis.seed), file=out)
    print(file=out)
    for row in (header, *rows):
        cells = [cell.rjust(width) if column in right else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip(), file=out)
    print(file=out)
    for seat in analysis.seats:
        summary = analysis.summary(seat)
        lost, counts = summary_sentences(summary, names[seat])
        print(lost, file=out)
        print("  " + counts, file=out)
        if summary.costliest:
            costly = ", ".join(_("move {number} ({loss})").format(
                number=d.ply + 1, loss=i18n.decimal(d.loss)) for d in summary.costliest)
            print("  " + _("Costliest: {moves}").format(moves=costly), file=out)


def summary_sentences(summary: SeatSummary, name: str) -> tuple[str, str]:
    """A seat's summary in two sentences: its decisions and its mean loss per decision, then
    how many decisions earned each verdict."""
    lost = ngettext("{name}: {n} decision, {loss} points of the chances lost per decision "
                    "on average.",
                    "{name}: {n} decisions, {loss} points of the chances lost per decision "
                    "on average.", summary.decisions).format(
        name=name, n=summary.decisions, loss=i18n.decimal(summary.accuracy))
    counts = _("Inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: "
               "{blunders}.").format(inaccuracies=summary.inaccuracies,
                                     mistakes=summary.mistakes, blunders=summary.blunders)
    return lost, counts
