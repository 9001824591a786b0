"""How hard each Gangster level is (docs/rules.md S3), measured: what the solo setup screen shows.

``MEASURED_WIN_RATES[challenge][policy]`` is how often a scripted player beats the Gangster in
that challenge ("1a" … "4b"), measured with ``famiglia simulate --games 2000 --seed 1``
(fresh-cards rule on; the README has the whole table).  ``EXPERT_WIN_RATES[challenge]`` is
how often the strongest computer level beats it, measured with ``famiglia arena mcts:expert
gangster:<challenge> --games N --jobs 2 --seed S`` over :data:`EXPERT_GAMES` games each.
"""

from __future__ import annotations

MEASURED_WIN_RATES: dict[str, dict[str, float]] = {
    "1a": {"random": 0.0, "no-pass random": 0.001, "greedy": 0.359},
    "1b": {"random": 0.0, "no-pass random": 0.001, "greedy": 0.337},
    "2a": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.135},
    "2b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.141},
    "3a": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.055},
    "3b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.049},
    "4a": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.016},
    "4b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.015},
}

#: Games per challenge behind :data:`EXPERT_WIN_RATES` (seeds 1–50; no search reached its time
#: cap).
EXPERT_GAMES = 50

EXPERT_WIN_RATES: dict[str, float] = {
    "1a": 0.94, "1b": 0.86, "2a": 0.80, "2b": 0.90,
    "3a": 0.68, "3b": 0.58, "4a": 0.42, "4b": 0.32,
}
