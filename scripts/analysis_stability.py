"""How steady the analysis is: analyse each record with several seeds and measure how much a
decision's loss and a verdict change with the seed alone (README, "How steady").  The
threshold under which two moves count as about equal (``report.EQUAL``) is set above this
noise.

    python scripts/analysis_stability.py RECORD.json [...] [--seeds 1,2,3] [--level expert]
        [--jobs N]

Per record: the decisions (both seats), the seconds each analysis took, how many verdicts
(about equal or none, inaccuracy, mistake, blunder) differ between the seeds and how many by
more than one step, and the spread of the losses.  In all: the root mean square of each
decision's standard deviation of the loss over the seeds, its 95th percentile, and the share
of decisions whose loss crossed the about-equal threshold with one seed and not another.
Nothing is kept in the data folder.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

from famiglia.analyse import read_record_file
from famiglia.players.analysis import EQUAL, THRESHOLDS, Analysis, Decision, analyse

#: A verdict's step: none 0, inaccuracy 1, mistake 2, blunder 3.
STEP = {verdict: len(THRESHOLDS) - index for index, (verdict, _) in enumerate(THRESHOLDS)}


def _step(decision: Decision) -> int:
    return 0 if decision.verdict is None else STEP[decision.verdict]


def spreads(results: list[Analysis]) -> list[tuple[float, bool, int]]:
    """Per decision: the standard deviation of its loss over the analyses, whether it was
    about equal (or best) with one seed and cost something with another, and how many steps
    its verdicts lie apart."""
    found = []
    for decisions in zip(*(result.everything() for result in results), strict=True):
        losses = [decision.loss for decision in decisions]
        crossed = len({decision.cost > 0 for decision in decisions}) > 1
        steps = [_step(decision) for decision in decisions]
        found.append((statistics.pstdev(losses), crossed, max(steps) - min(steps)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("records", nargs="+", type=Path)
    parser.add_argument("--seeds", default="1,2,3", help="the seeds (default 1,2,3)")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = [int(seed) for seed in args.seeds.split(",")]
    everything: list[tuple[float, bool, int]] = []
    for path in args.records:
        record = read_record_file(path)
        results, seconds = [], []
        for seed in seeds:
            start = time.perf_counter()
            results.append(analyse(record, level=args.level, seed=seed, jobs=args.jobs))
            seconds.append(time.perf_counter() - start)
        found = spreads(results)
        everything += found
        print(json.dumps({"record": path.name, "decisions": len(found),
                          "seconds": [round(s, 1) for s in seconds],
                          "verdicts_changed": sum(steps > 0 for _, _, steps in found),
                          "changed_by_more_than_one_step": sum(steps > 1 for _, _, steps in found),
                          "crossed_about_equal": sum(crossed for _, crossed, _ in found),
                          "largest_spread": round(max(s for s, _, _ in found), 1)}),
              flush=True)
    deviations = sorted(spread for spread, _, _ in everything)
    rms = math.sqrt(sum(d * d for d in deviations) / len(deviations))
    p95 = deviations[min(len(deviations) - 1, round(0.95 * len(deviations)))]
    print(f"in all: {len(everything)} decisions, seeds {args.seeds}; the loss's standard "
          f"deviation over the seeds: root mean square {rms:.2f} points, 95th percentile "
          f"{p95:.2f}; about equal (under {EQUAL} points) with one seed and costly with "
          f"another: {sum(c for _, c, _ in everything)}; verdicts changed: "
          f"{sum(s > 0 for _, _, s in everything)} ({sum(s > 1 for _, _, s in everything)} by "
          "more than one step)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
