"""The end of a game in words, shared by the results screen and the table's log: who won, what
decided it (more VP, the tie-break on the most valuable cards, or a draw: docs/rules.md R5.3) and
why the game ended (R5.1, R5.2; a resignation is said in the verdict itself).  Every text is in
the current language."""

from __future__ import annotations

from collections.abc import Sequence

from .. import i18n
from ..i18n import N_, _, pgettext
from ..rules import DecidedBy, EndReason, GameOver

REASONS = {
    EndReason.DOUBLE_PASS: N_("Both players passed in a row."),
    EndReason.FINAL_ROUND: N_("The draw pile ran out: the final round was played."),
}


def reason_text(reason: EndReason) -> str:
    """Why the game ended (R5.1, R5.2), or "" when the verdict says it (a resignation)."""
    return _(REASONS[reason]) if reason in REASONS else ""


def ordinal(number: int) -> str:
    """2nd, 2., 2e: a place in the order of the most valuable cards."""
    if i18n.current_language() != "en":
        # Translators: an ordinal number, as in "the {ordinal} most valuable card" (2., 2e).
        return pgettext("ordinal", "{n}th").format(n=number)
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"


def verdict_text(result: GameOver, names: Sequence[str]) -> tuple[str, str]:
    """The banner and the line that says what decided the game (R5.3)."""
    if result.winner is None:
        return (_("A draw!"),
                _("Tie on {vp} VP and identical cards: a draw.").format(vp=result.scores[0]))
    banner = _("{name} wins!").format(name=names[result.winner])
    loser = 1 - result.winner
    if result.reason == EndReason.RESIGNED:
        return banner, _("{name} resigned.").format(name=names[loser])
    if result.decided_by == DecidedBy.VP:
        return banner, _("{winner} VP to {loser} VP.").format(winner=result.scores[result.winner],
                                                              loser=result.scores[loser])
    first, second = (_("no card") if value is None else i18n.vp_text(value)
                     for value in (result.tie_break_vp or (0, 0)))
    # Translators: the VP of the two cards the tie-break compared ("10 VP vs 15 VP").
    shown = _("{first} vs {second}").format(first=first, second=second)
    if result.tie_break_card in (None, 1):
        return banner, _("Tie on {vp} VP — decided by the single most valuable card: "
                         "{shown}.").format(vp=result.scores[0], shown=shown)
    return banner, _("Tie on {vp} VP — decided by the {ordinal} most valuable card: "
                     "{shown}.").format(vp=result.scores[0], shown=shown,
                                        ordinal=ordinal(result.tie_break_card or 1))
