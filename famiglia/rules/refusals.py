"""Reasons several rules give for refusing an action, in a player's words: the game is over, no
such Street card, no such card in the hand or the play area, and R1.5's choice of backs."""

from __future__ import annotations

from .cards import Back, Card, choice_of_backs
from .messages import CardName, Message, msg

GAME_OVER = msg("The game is over.")
GANGSTERS_TURN = msg("It is the Gangster's turn: it plays by its program.")


def no_street_card(street_length: int, position: int) -> Message | None:
    """Why ``position`` names no Street card (``None``: it names one)."""
    if position >= street_length:
        return msg("There is no Street card at position {position}.", position=position)
    return None


def not_in_hand(hand: list[Card], code: str) -> Message | None:
    """Why a card of ``code`` cannot be played from ``hand`` (``None``: it can)."""
    if any(card.code == code for card in hand):
        return None
    return msg("You have no {card} in your hand.", card=CardName(code))


def star_problem(cards: list[Card], code: str, moved: frozenset[int], *,
                 in_hand: bool) -> Message | None:
    """R1.5: a starred code names the start-set copy, and only where there is a choice of backs
    (:func:`~famiglia.rules.cards.choice_of_backs`; ``None``: ``code`` is not starred, or names
    a copy that can be chosen).  The cards in ``moved`` cannot move again (R3.2)."""
    if not code.endswith("*"):
        return None
    plain = code[:-1]
    copies = [card for card in cards if card.code == plain and card.id not in moved]
    starts = sum(card.back is not Back.NEUTRAL for card in copies)
    if not starts:
        if in_hand:
            return msg("There is no {card} in your hand.", card=CardName(code))
        return msg("There is no {card} in your play area.", card=CardName(code))
    if not choice_of_backs(len(copies), starts):
        if in_hand:
            return msg("There is only one kind of {card} in your hand to choose from: name it "
                       "without the star.", card=CardName(plain))
        return msg("There is only one kind of {card} in your play area to choose from: name "
                   "it without the star.", card=CardName(plain))
    return None
