"""How steady the analysis is: analyse each record with two seeds and count the verdicts that
change (README, "Analysing a game").

    python scripts/analysis_stability.py RECORD.json [...] [--seeds 1,2] [--level expert]
        [--seats 0,1] [--jobs N]

Per record: the decisions, the seconds each analysis took, how many verdicts (inaccuracy,
mistake, blunder or none) differ between the seeds, how many differ by more than one step,
and the mean and largest difference of the chances lost.  Nothing is kept in the data folder.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from famiglia.analyse import parse_seats, read_record_file
from famiglia.players.analysis import DEFAULT_LEVEL, THRESHOLDS, Analysis, Decision, analyse

#: A verdict's step: none 0, inaccuracy 1, mistake 2, blunder 3.
STEP = {verdict: len(THRESHOLDS) - index for index, (verdict, _) in enumerate(THRESHOLDS)}


def _step(decision: Decision) -> int:
    return 0 if decision.verdict is None else STEP[decision.verdict]


def compare(first: Analysis, second: Analysis) -> tuple[int, int, float, float]:
    """Verdicts that differ, those that differ by more than one step, and the mean and largest
    difference of the loss (percentage points)."""
    changed = far = 0
    differences = []
    for a, b in zip(first.decisions, second.decisions, strict=True):
        steps = abs(_step(a) - _step(b))
        changed += steps > 0
        far += steps > 1
        differences.append(abs(a.loss - b.loss))
    mean = sum(differences) / len(differences) if differences else 0.0
    return changed, far, mean, max(differences, default=0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path)
    parser.add_argument("--seeds", default="1,2", help="two seeds (default 1,2)")
    parser.add_argument("--level", default=DEFAULT_LEVEL)
    parser.add_argument("--seats", default=None, help="0, 1 or 0,1 (default: the people's)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    seats = None if args.seats is None else parse_seats(args.seats)
    totals = [0, 0, 0]
    for path in args.records:
        record = read_record_file(path)
        results, seconds = [], []
        for seed in seeds:
            start = time.perf_counter()
            results.append(analyse(record, level=args.level, seats=seats, seed=seed,
                                   jobs=args.jobs))
            seconds.append(time.perf_counter() - start)
        changed, far, mean, largest = compare(results[0], results[1])
        decisions = len(results[0].decisions)
        totals = [totals[0] + decisions, totals[1] + changed, totals[2] + far]
        print(json.dumps({"record": path.name, "decisions": decisions,
                          "seconds": [round(s, 1) for s in seconds], "verdicts_changed": changed,
                          "changed_by_more_than_one_step": far,
                          "mean_loss_difference": round(mean, 2),
                          "largest_loss_difference": round(largest, 1)}), flush=True)
    print(f"in all: {totals[1]} of {totals[0]} verdicts changed between seeds {args.seeds} "
          f"({totals[2]} by more than one step)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
