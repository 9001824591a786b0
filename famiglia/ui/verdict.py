"""The end of a game in words, shared by the results screen and the table's log: who won, what
decided it (more VP, the tie-break on the most valuable cards, or a draw: docs/rules.md R5.3) and
why the game ended (R5.1, R5.2; a resignation is said in the verdict itself)."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import GameOver

REASONS = {
    "double_pass": "Both players passed in a row.",
    "final_round": "The draw pile ran out: the final round was played.",
}


def ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"


def verdict_text(result: GameOver, names: Sequence[str]) -> tuple[str, str]:
    """The banner and the line that says what decided the game (R5.3)."""
    if result.winner is None:
        return ("A draw!", f"Tie on {result.scores[0]} VP and identical cards: a draw.")
    banner = f"{names[result.winner]} wins!"
    loser = 1 - result.winner
    if result.reason == "resigned":
        return banner, f"{names[loser]} resigned."
    if result.decided_by == "vp":
        return banner, (f"{result.scores[result.winner]} VP to {result.scores[loser]} VP.")
    which = ("the single most valuable card" if result.tie_break_card == 1
             else f"the {ordinal(result.tie_break_card or 1)} most valuable card")
    vp = result.tie_break_vp or (0, 0)
    shown = " vs ".join("no card" if value is None else f"{value} VP" for value in vp)
    return banner, f"Tie on {result.scores[0]} VP — decided by {which}: {shown}."
