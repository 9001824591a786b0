"""How hard each Gangster level is (docs/rules.md S3), measured: what the solo setup screen shows.

``MEASURED_WIN_RATES[challenge][policy]`` is how often a scripted player beats the Gangster in
that challenge ("1a" … "4b"), measured with ``famiglia simulate --games 2000 --seed 1``
(fresh-cards rule on; the README has the whole table).
"""

from __future__ import annotations

MEASURED_WIN_RATES: dict[str, dict[str, float]] = {
    "1a": {"random": 0.0, "no-pass random": 0.001, "greedy": 0.359},
    "1b": {"random": 0.0, "no-pass random": 0.002, "greedy": 0.337},
    "2a": {"random": 0.0, "no-pass random": 0.001, "greedy": 0.135},
    "2b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.141},
    "3a": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.055},
    "3b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.049},
    "4a": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.016},
    "4b": {"random": 0.0, "no-pass random": 0.0, "greedy": 0.015},
}
