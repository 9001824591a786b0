"""What the table says in words outside the status panel and the log: the hover tooltips of
cards, piles and the opponent's hand, the Pass button's label and tooltip, and the verdict of
the game-over banner.

Every reason a move is not possible comes from the core (``game.explain``); these functions
only put the core's answers and the picture's counts into sentences, so no rule is restated
here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import i18n
from ...rules import Card, Game, GameOver, Take
from .picture import TablePicture


def card_tooltip(card: Card) -> str:
    """A card's name, family, rank, VP and ability."""
    ability = card.family.ability if card.rank else "Rank 0: no ability."
    return f"{card.name}\n{card.family.display_name} · rank {card.rank} · {card.vp} VP\n{ability}"


def street_card_tooltip(game: Game, card: Card, index: int, takeable: bool) -> str:
    """A Street card while the player may act: whether it can be taken now, else the core's
    reason."""
    text = card_tooltip(card)
    if takeable:
        return text + "\nYou can take it now: drag it onto your hand."
    reason = game.explain(Take(index))
    return text + "\nNot takeable now: " + (i18n.translate_message(reason) if reason else "")


def pile_tooltip(game: Game, picture: TablePicture, zone: str) -> str:
    """The draw pile (a count, face down) or the discard pile."""
    if zone == "draw_pile":
        text = f"Draw pile: {len(picture.zones['draw_pile'])} cards, face down."
        if game.reshuffled:
            text += " A refreshed card now goes under it: drop it here to refresh."
        return text
    count = len(picture.zones["discard"])
    text = f"Discard pile: {count} card{'s' if count != 1 else ''}."
    if game.reshuffled:
        text += (" It was shuffled into the draw pile: nothing is discarded any more, and a "
                 "refresh puts its card under the draw pile.")
    return text


def opponent_hand_tooltip(picture: TablePicture, names: Sequence[str]) -> str:
    top = 1 - picture.bottom
    count = len(picture.zones[f"hand:{top}"])
    return f"{names[top]}'s hand: {count} cards, hidden."


def pass_label(game: Game, ends_game: bool) -> str:
    """"Pass" before anything happened this turn, "End turn: pass" after a refresh or an
    ability; "Pass: game ends" when a pass would end the game."""
    if ends_game:
        return "Pass: game ends"
    acted = game.refreshed_this_turn or game.stage != "refresh"
    return "End turn: pass" if acted else "Pass"


def pass_tooltip(game: Game, names: Sequence[str], human_to_move: bool,
                 ends_game: bool) -> str:
    if game.over:
        return "The game is over."
    if not human_to_move:
        return f"It is {names[game.current]}'s turn."
    if ends_game:
        return (f"{names[1 - game.current]} passed last turn: if you pass too, the game ends "
                "now and the cards are counted. You will be asked to confirm.")
    return "End your turn without taking a card. Space does the same."


def end_by_pass_question(game: Game, names: Sequence[str]) -> str:
    """The question asked before a pass that ends the game."""
    return (f"{names[1 - game.current]} passed last turn. If you pass too, the game ends now "
            "and the cards are counted.")


def winner_words(result: GameOver, names: Sequence[str]) -> str:
    """The game-over banner's verdict (R5.3): the winner and the score, or the tie-break."""
    if result.winner is None:
        return "a draw"
    if result.reason == "resigned":
        return f"{names[1 - result.winner]} resigned, {names[result.winner]} wins"
    score = f"{max(result.scores)} : {min(result.scores)}"
    if result.decided_by == "tie_break":
        return f"{names[result.winner]} wins the tie-break at {score}"
    return f"{names[result.winner]} wins, {score}"
