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
from .i18n import _, lazy_pgettext, level_name, ngettext, pgettext
from .players.analysis import (
    DEFAULT_LEVEL,
    DEFAULT_SEED,
    EFFORTS,
    Analysis,
    AnalysisJob,
    Decision,
    SeatSummary,
    Verdict,
    check_seats,
    default_seats,
)
from .players.report import level_like
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
        print(json.dumps(analysis_json(analysis), indent=1))
    else:
        print_analysis(analysis, record["players"]["names"])
    return 0


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The ``--json`` output: the analysed seats' decisions, every group of cards drawn with
    its luck, and a summary per analysed seat."""
    lucks = [{"ply": luck.ply, "seat": luck.draws[-1].seat,
              "draws": [draw.to_dict() for draw in luck.draws], "luck": luck.points}
             for luck in analysis.lucks()]
    summaries = {str(seat): {"decisions": s.decisions, "cost": s.cost,
                             "performance": s.performance, "luck": s.luck,
                             "inaccuracies": s.inaccuracies, "mistakes": s.mistakes,
                             "blunders": s.blunders, "about_equal": s.equal}
                 for seat, s in ((seat, analysis.summary(seat)) for seat in analysis.seats)}
    return {"level": analysis.level, "seed": analysis.seed, "seats": list(analysis.seats),
            "decisions": [decision.to_dict() for decision in analysis.decisions],
            "luck": lucks, "summaries": summaries}


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
        iterations=EFFORTS[level].iterations)
    print("\r" + done.ljust(len(shown)), file=sys.stderr, flush=True)
    return analysis


def print_analysis(analysis: Analysis, names: list[str], out: TextIO | None = None) -> None:
    """The analysis as a table, one row per decision of the analysed seats and one per group
    of cards drawn (with its luck), the reason under each costly decision, then a summary per
    seat (on ``out``, by default the standard output)."""
    out = out or sys.stdout
    header = (pgettext("column", "move"), pgettext("column", "player"),
              pgettext("column", "played"), pgettext("column", "better turn"),
              pgettext("column", "chances"), pgettext("column", "loss"),
              pgettext("column", "verdict"))
    rows: list[tuple[str, ...]] = []
    notes: dict[int, str] = {}
    seen = analysis.seats[0] if len(analysis.seats) == 1 else 0
    for point in analysis.chain():
        decision, luck = point.decision, point.luck
        if decision is not None and decision.seat in analysis.seats:
            better = ("=" if decision.best_played else
                      ("≈ " if decision.about_equal else "") + "; ".join(decision.better))
            rows.append((str(decision.ply + 1), names[decision.seat], decision.played, better,
                         f"{i18n.decimal(decision.chances_played)} %",
                         i18n.decimal(decision.loss), decision_word(decision)))
            if decision.reason is not None and decision.cost > 0:
                notes[len(rows) - 1] = i18n.translate_message(decision.reason.message())
        elif luck is not None:
            drawn = luck.draws[-1]
            cards = " ".join(code for draw in luck.draws for code in draw.cards)
            rows.append((str(drawn.ply + 1), names[drawn.seat],
                         _("drew {cards}").format(cards=cards), "", "",
                         "", _("luck for {name}: {points}").format(
                             name=names[seen], points=i18n.decimal(luck.for_seat(seen),
                                                                   sign=True))))
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]
    right = {0, 4, 5}
    print(_("{first} against {second}, analysed at the {level} level (seed {seed}).").format(
        first=names[0], second=names[1], level=analysis.level, seed=analysis.seed), file=out)
    print(file=out)
    for index, row in enumerate((header, *rows)):
        cells = [cell.rjust(width) if column in right else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip(), file=out)
        if index - 1 in notes:
            print(" " * (widths[0] + 2) + notes[index - 1], file=out)
    print(file=out)
    for seat in analysis.seats:
        summary = analysis.summary(seat)
        for line in summary_sentences(summary, names[seat]):
            print(line, file=out)
        if summary.costliest:
            costly = ", ".join(_("move {number} ({loss})").format(
                number=d.ply + 1, loss=i18n.decimal(d.loss)) for d in summary.costliest)
            print("  " + _("Costliest: {moves}").format(moves=costly), file=out)


def decision_word(decision: Decision) -> str:
    """A decision's verdict, or that it was about as good as the best ("" when it was the
    best or lost little)."""
    if decision.about_equal:
        return pgettext("verdict", "about equal")
    return verdict_word(decision.verdict)


def summary_sentences(summary: SeatSummary, name: str) -> tuple[str, str, str, str]:
    """A seat's summary in four sentences: what its decisions cost and what the draws gave
    or took, how that and the opponent's decisions add up to the change in its chances, its
    performance, and how many decisions earned each verdict."""
    if summary.luck >= 0:
        lost = ngettext("{name}: {n} decision; lost {cost} points of the winning chances to "
                        "decisions, won {luck} from the draws.",
                        "{name}: {n} decisions; lost {cost} points of the winning chances to "
                        "decisions, won {luck} from the draws.", summary.decisions)
    else:
        lost = ngettext("{name}: {n} decision; lost {cost} points of the winning chances to "
                        "decisions, {luck} to the draws.",
                        "{name}: {n} decisions; lost {cost} points of the winning chances to "
                        "decisions, {luck} to the draws.", summary.decisions)
    lost = lost.format(name=name, n=summary.decisions, cost=i18n.decimal(summary.cost),
                       luck=i18n.decimal(abs(summary.luck)))
    # Translators: how a player's chances changed over the game, and why; the numbers are
    # percentage points with their signs.
    change = "  " + _("Chances {start} % at the first decision, {end} % at the end: {own} from "
                      "own decisions, {other} from the opponent's, {luck} from the draws.").format(
        start=i18n.decimal(summary.start), end=i18n.decimal(summary.end),
        own=i18n.decimal(-summary.cost, sign=True), other=i18n.decimal(summary.gained,
                                                                        sign=True),
        luck=i18n.decimal(summary.luck, sign=True))
    performance = "  " + performance_words(summary.performance)
    counts = "  " + _("Inaccuracies: {inaccuracies}, mistakes: {mistakes}, blunders: "
                      "{blunders}; about equal to the best: {equal}.").format(
        inaccuracies=summary.inaccuracies, mistakes=summary.mistakes,
        blunders=summary.blunders, equal=summary.equal)
    return lost, change, performance, counts


def performance_words(performance: float) -> str:
    """The performance figure and what it means against the computer's levels."""
    like = level_like(performance)
    figure = i18n.decimal(performance)
    if like is None:
        return _("Performance: {points} points lost per decision, below the Easy "
                 "level.").format(points=figure)
    return _("Performance: {points} points lost per decision, like the {first} and {second} "
             "levels.").format(points=figure, first=level_name(like[0]),
                               second=level_name(like[1]))
