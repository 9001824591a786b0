"""What the table says in words outside the status panel and the log: the hover tooltips of
cards, piles and the opponent's hand, and the Pass button's label, tooltip and question.

Every reason a move is not possible comes from the core (``game.explain``, shown through
``i18n.translate_message``); these functions only put the core's answers and the picture's
counts into sentences, so no rule is restated here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ...rules import PASS, Card, EndReason, Game, Pass, Stage, Take, Zone
from .phrases import verdict_words
from .picture import TablePicture
from .places import Place


def card_tooltip(card: Card) -> str:
    """A card's name, family, rank, VP and ability."""
    rank_zero = _("Rank 0: no ability.")
    ability = i18n.translate_message(card.family.ability) if card.rank else rank_zero
    # Translators: the second line of a card's tooltip: family · rank · VP.
    facts = _("{family} · rank {rank} · {vp}").format(
        family=i18n.family_name(card.family), rank=card.rank, vp=i18n.vp_text(card.vp))
    return f"{card.name}\n{facts}\n{ability}"


def street_card_tooltip(game: Game, card: Card, index: int, takeable: bool) -> str:
    """A Street card while the player may act: whether it can be taken now, else the core's
    reason."""
    text = card_tooltip(card)
    if takeable:
        return text + "\n" + _("You can take it now: drag it onto your hand.")
    reason = game.explain(Take(index))
    return text + "\n" + _("Not takeable now: {reason}").format(
        reason=i18n.translate_message(reason) if reason else "")


def pile_tooltip(game: Game, picture: TablePicture, pile: Place) -> str:
    """The draw pile (a count, face down) or the discard pile."""
    if pile is Place.DRAW_PILE:
        count = len(picture.zones[Zone.DRAW_PILE])
        text = ngettext("Draw pile: {n} card, face down.", "Draw pile: {n} cards, face down.",
                        count).format(n=count)
        if game.refresh_zone is Zone.DRAW_PILE:
            text += " " + _("A refreshed card now goes under it: drop it here to refresh.")
        return text
    count = len(picture.zones[Zone.DISCARD])
    text = ngettext("Discard pile: {n} card.", "Discard pile: {n} cards.", count).format(n=count)
    if game.refresh_zone is Zone.DRAW_PILE:
        text += " " + _("It was shuffled into the draw pile: nothing is discarded any more, "
                        "and a refresh puts its card under the draw pile.")
    return text


def opponent_hand_tooltip(picture: TablePicture, names: Sequence[str]) -> str:
    top = 1 - picture.bottom
    count = len(picture.zones[Zone.hand(top)])
    return ngettext("{name}'s hand: {n} card, hidden.", "{name}'s hand: {n} cards, hidden.",
                    count).format(name=names[top], n=count)


def pass_label(game: Game, ends_game: bool, human_to_move: bool) -> str:
    """"Pass" before anything happened this turn, "End turn: pass" after a refresh or an
    ability; "Pass: game ends" when a pass would end the game.  While the other side (the
    computer, the Gangster) plays, the greyed button keeps its plain "Pass": the other
    side's refresh is no step of the player's turn."""
    if ends_game:
        return pgettext("button", "Pass: game ends")
    acted = human_to_move and (game.refreshed_this_turn or game.stage != Stage.REFRESH)
    return pgettext("button", "End turn: pass") if acted else pgettext("button", "Pass")


def pass_tooltip(game: Game, names: Sequence[str], human_to_move: bool,
                 ends_game: bool) -> str:
    if game.is_terminal():
        return _("The game is over.")
    if not human_to_move:
        return _("It is {name}'s turn.").format(name=names[game.current])
    if ends_game:
        return _("{name} passed last turn: if you pass too, the game ends now and the cards "
                 "are counted. You will be asked to confirm.").format(
            name=names[1 - game.current])
    return _("End your turn without taking a card. Space does the same.")


def end_by_pass_question(game: Game, names: Sequence[str]) -> str:
    """The question asked before a pass that ends the game."""
    return _("{name} passed last turn. If you pass too, the game ends now and the cards are "
             "counted.").format(name=names[1 - game.current])


def first_pass_note(game: Game, bottom: int, names: Sequence[str]) -> str | None:
    """R5.2: the person at the bottom passed, and the other side may now end the game with a
    pass of its own: in how the game would end then (the core tries the pass on a copy);
    None otherwise, and while the Gangster is to move (its program decides, S4)."""
    last = game.peek()
    if (game.is_terminal() or game.current == bottom or last is None or last.seat != bottom
            or not isinstance(last.action, Pass) or PASS not in game.legal_actions()):
        return None
    trial = game.copy()
    trial.apply(PASS)
    result = trial.result
    if result is None or result.reason != EndReason.DOUBLE_PASS:
        return None
    return _("You passed. If {name} passes too, the game ends at once: {verdict}.").format(
        name=names[game.current], verdict=verdict_words(result, names))
