"""The lessons of "Learn to play", in the order a new player needs them (docs/rules.md): the
goal and the cards (R1), a free 0 and the start set's backs (R3.4a, R1.5), a pair taking the
next rank (R3.4b/c), the Mercenary standing in (R3.4b), refreshing the Street and the
fresh-cards rule (R3.1, R3.1d), the Accountant (R3.2), the Brute (R3.3), the draw pile running
out, the reshuffle and the final round (R4.2, R3.1a, R3.1b, R5.1), passing twice and the score
with its tie-break (R5.2, R5.3); then two on playing well: pairs as money and keeping a
Mercenary (R3.4b/c), when a refresh helps you or the opponent (R3.1d) and what a Brute buys
(R3.3).

Each is a scripted deal and a few steps (:mod:`.script`); the texts are whole sentences for
the catalogs, naming cards by placeholder so that each language says them its own way.
"""

from __future__ import annotations

from types import MappingProxyType

from ...i18n import N_
from ...rules import DecidedBy, EndReason
from .script import (
    DISCARD,
    DRAW_PILE,
    PASS_BUTTON,
    Deal,
    Do,
    Lesson,
    Reply,
    Say,
    hand,
    play,
    street,
    their_play,
)


def cards(**codes: str) -> MappingProxyType[str, str]:
    return MappingProxyType(codes)


def facts(**values: object) -> MappingProxyType[str, object]:
    return MappingProxyType(values)


GOAL = Lesson(
    "goal", N_("The goal and the cards"),
    N_("Take gangsters from the Street: the most victory points (VP) at the end win."),
    Deal(street="F3 A2 B1 M3 F1 A4"),
    (
        Say(N_("Welcome to Famiglia! Two gangs recruit gangsters from the Street, and whoever "
               "owns the most victory points (VP) at the end wins."),
            points=(street(),)),
        Say(N_("Your hand holds your start set: one 0 of each family. La Famiglia is red, the "
               "Accountants blue, the Brutes yellow and the Mercenaries green."),
            points=(hand(),)),
        Say(N_("The number in the corner is the card's rank, 0 to 4; its VP are at the "
               "bottom. Higher ranks are worth far more: {high} brings {high_vp}, {low} only "
               "{low_vp}."),
            cards(high="F3", low="F1"), points=(street("F3"), street("F1"))),
        Say(N_("La Famiglia brings the most VP. The other families have abilities instead: "
               "Accountants swap cards, Brutes lower ranks, Mercenaries stand in."),
            points=(street("A4"), street("B1"), street("M3"))),
        Say(N_("In your turn you take one Street card into your hand, or pass. Each lesson "
               "shows one rule: just follow the coach."),
            points=(street(),)),
    ),
)

FREE_ZERO = Lesson(
    "free_zero", N_("A free 0"),
    N_("A card of rank 0 is free: take it straight into your hand."),
    Deal(street="F2 B0 A3 F0 M1 A1"),
    (
        Do(N_("A card of rank 0 is free; a “{badge}” badge marks what you can take now. Drag "
              "{zero} into your hand: it is worth {zero_vp}."),
           ("take 3",),
           N_("Take {zero}: it is free and worth {zero_vp}, while {other} is worth "
              "{other_vp}."),
           cards=cards(zero="F0", other="B0"), points=(street("F0"), hand()),
           facts=facts(takeable=("B0", "F0"))),
        Reply("take 1"),
        Say(N_("Taking a card ends your turn. {opponent} took the other 0, so no card in the "
               "Street is free any more."),
            points=(street(),), facts=facts(takeable=())),
        Say(N_("You now hold two {zero}: one with your start set's back, one with the neutral "
               "back. {opponent} sees the backs of your hand: a start-set back can only be one "
               "of your start set's 0s, a neutral back any card you took. So which copy you "
               "spend changes what {opponent} can tell about your hand."),
            cards(zero="F0"), points=(hand("F0"),)),
    ),
)

PAIR = Lesson(
    "pair", N_("A pair takes the next rank"),
    N_("Two cards of a family, one rank lower, take a card; one of them is then exhausted in "
       "your play area."),
    Deal(street="A3 F2 M0 B2 A1 B3", hands=("F0 A0 B0 M0 F1 F1", "")),
    (
        Do(N_("A card of rank 1 or more costs two cards of its family, one rank lower. Drag "
              "{card} into your hand: your two {pair} pay for it."),
           ("take 1 F1+F1 keep F1",),
           N_("{zero} is free, but {card} is worth {card_vp}: take it with your two {pair}."),
           cards=cards(card="F2", pair="F1", zero="M0"), points=(street("F2"), hand("F1"))),
        Reply("take 1"),
        Say(N_("One {pair} went to your play area: it is exhausted and cannot pay until an "
               "Accountant brings it back. The other one came back to your hand."),
            cards(pair="F1"), points=(play("F1"), hand("F1"))),
    ),
)

MERCENARY = Lesson(
    "mercenary", N_("The Mercenary stands in"),
    N_("A Mercenary of at least the card's rank can stand in for one of the two paying "
       "cards."),
    Deal(street="F3 B2 A2 M1 F1 A3", hands=("F0 A0 B0 M0 B1 M2", "")),
    (
        Do(N_("A Mercenary of at least the card's rank can stand in for one of the two cards. "
              "Take {card} with {genuine} and {merc}, and keep {merc} in your hand."),
           ("take 1 B1+M2 keep M2",),
           N_("Take {card} with {genuine} and {merc}: it is worth {card_vp}, and with only one "
              "{genuine} you need {merc} to stand in for the second."),
           almost=N_("Keep {merc} in your hand: a Mercenary can stand in again, for any "
                     "family."),
           cards=cards(card="B2", genuine="B1", merc="M2"),
           points=(street("B2"), hand("B1"), hand("M2"))),
        Reply("pass"),
        Say(N_("{merc} is back in your hand, ready to stand in again. But one of the two cards "
               "must always be of the card's own family."),
            cards(merc="M2"), points=(hand("M2"),)),
    ),
)

REFRESH = Lesson(
    "refresh", N_("Refreshing the Street"),
    N_("With no 0 in the Street you may refresh it, again and again until a 0 comes in; after "
       "that you may take only a new card."),
    Deal(street="A3 B1 M3 F3 A1 B2", hands=("F0 A0 B0 M0 F1 F1", ""), draw_pile="M1 F2 A0"),
    (
        Do(N_("There is no 0 in the Street, so you may refresh it, and here it helps: you can "
              "pay for none of these cards. Drag {card} onto the discard pile: as many new "
              "cards as its rank come in on the right."),
           ("refresh 5",),
           N_("Refresh with {card}: its rank 2 brings two new cards."),
           cards=cards(card="B2"), points=(street("B2"), DISCARD),
           facts=facts(takeable=(), refresh_allowed=True)),
        Say(N_("Still no 0 in the Street, so you could refresh once more, and again after that "
               "for as long as no 0 comes in. A 0 in the Street ends the refreshing."),
            points=(street(),), facts=facts(refresh_allowed=True)),
        Do(N_("The fresh-cards rule: after a refresh you may only take one of the new cards, "
              "marked “{fresh}”. Take the new {card} with your two {pair}."),
           ("take 6 F1+F1 keep F1",),
           N_("Take the new {card} with your two {pair}: it is worth {card_vp}. You may "
              "refresh again while there is no 0, but you need not."),
           cards=cards(card="F2", pair="F1"), points=(street("F2"), hand("F1")),
           facts=facts(fresh=("M1", "F2"))),
        Reply("refresh 4"),
        Reply("take 5"),
    ),
)

ACCOUNTANT = Lesson(
    "accountant", N_("The Accountant"),
    N_("An Accountant swaps up to as many cards between your play area and your hand as its "
       "rank."),
    Deal(street="F2 B3 A1 M2 B1 A3", hands=("F0 A0 M0 A2 F1", ""), play_areas=("B0 F1", "")),
    (
        Do(N_("Cards in your play area are exhausted, like this {card}. An Accountant brings "
              "them back: drag {acc} into your play area."),
           ("accountant A2",),
           N_("Play {acc} first: it lets you swap cards between your play area and your "
              "hand."),
           cards=cards(card="F1", acc="A2"), points=(play("F1"), hand("A2"), play())),
        Do(N_("{acc} allows up to 2 swaps. Drag {card} from your play area onto {give} in your "
              "hand: the two change places."),
           ("exchange F1 A0",),
           N_("Bring back {card}: with it you hold two {card} again."),
           cards=cards(acc="A2", card="F1", give="A0"),
           points=(play("F1"), hand("A0"), play("A2")),
           facts=facts(exchanges_left=2)),
        Do(N_("Now take {card} with your two {pair}: taking a card ends the Accountant's "
              "swaps."),
           ("take 0 F1+F1 keep F1",),
           N_("Take {card} with your two {pair}: that is what you brought {pair} back for, "
              "and {card} is worth {card_vp}."),
           cards=cards(pair="F1", card="F2"), points=(street("F2"), hand("F1"))),
        Reply("pass"),
    ),
)

BRUTE = Lesson(
    "brute", N_("The Brute"),
    N_("A Brute lowers a Street card's rank for this turn; play it after the Accountant."),
    Deal(street="F3 A2 M3 B1 F1 A1", hands=("F0 A0 B0 M0 B2 M1", "")),
    (
        Do(N_("A Brute lowers the rank of one Street card for this turn. Drag {brute} onto "
              "{card} and lower it by 2."),
           ("brute B2 0 -2",),
           N_("{card} is worth {card_vp}, but at rank 3 your cards cannot pay for it: drag "
              "{brute} onto it and lower it by 2, then you can take it."),
           almost=N_("Lowered by 1, {card} would still be rank 2, too high for your cards: lower "
                     "it by 2, to rank 1, so that {genuine} and {merc} can take it."),
           cards=cards(brute="B2", card="F3", genuine="F0", merc="M1"),
           points=(hand("B2"), street("F3"))),
        Do(N_("{card} counts as rank 1 now: take it with {genuine}, and {merc} standing in."),
           ("take 0 F0+M1 keep M1", "take 0 F0+M1 keep F0"),
           N_("Take {card} now: it counts as rank 1 only in this turn, so {genuine} and "
              "{merc} can pay for it."),
           cards=cards(card="F3", genuine="F0", merc="M1"),
           points=(street("F3"), hand("F0"), hand("M1")), facts=facts(lowered=("F3", 1))),
        Reply("pass"),
        Say(N_("In your hand {card} keeps its printed rank and its {card_vp}. A turn always "
               "goes: refresh, Accountant, Brute, then take or pass."),
            cards(card="F3"), points=(hand("F3"),)),
    ),
)

RUNNING_OUT = Lesson(
    "running_out", N_("The draw pile runs out"),
    N_("The discard pile refills the empty draw pile once; then one refresh per turn, and when "
       "the pile runs out again, the round ends the game."),
    Deal(street="A3 B2 M3 F1 A1 B1", hands=("F0 A0 B0 M0 F2 F2", ""), draw_pile="F3 M1",
         discard="A2", rest="play_areas"),
    (
        Do(N_("Only two cards are left in the draw pile. Refresh: drag {card} onto the "
              "discard pile. Its two new cards empty the draw pile."),
           ("refresh 1",),
           N_("Refresh with {card}: it draws the last two cards, so you see what happens "
              "when the draw pile runs out."),
           cards=cards(card="B2"), points=(street("B2"), DISCARD),
           facts=facts(draw_pile=2)),
        Say(N_("The draw pile ran out, so the discard pile was shuffled into a new draw pile. "
               "From now on a refreshed card goes under the draw pile, and a turn has room for "
               "only one refresh; since the shuffle came in the middle of this turn, you may "
               "still make that one now."),
            points=(DRAW_PILE,), facts=facts(reshuffled=True, draw_pile=2,
                                              refresh_allowed=True)),
        Do(N_("Make that one refresh: drag {card} onto the draw pile; it goes under it. Its "
              "three new cards are the whole pile, {card} included."),
           ("refresh 0",),
           N_("Refresh with {card}: its three new cards empty the draw pile again, which "
              "starts the final round."),
           cards=cards(card="A3"), points=(street("A3"), DRAW_PILE)),
        Say(N_("The draw pile is empty for the second time: this is the final round. You "
               "started the game, so {opponent} plays once more, then the game ends."),
            points=(DRAW_PILE,), facts=facts(draw_pile=0, final_round=True,
                                              refresh_allowed=False)),
        Do(N_("Take the new {card} with your two {pair}: after a refresh only new cards may be "
              "taken."),
           ("take @F3 F2+F2 keep F2",),
           N_("Take the new {card} with your two {pair}: it is worth {card_vp}."),
           cards=cards(card="F3", pair="F2"), points=(street("F3"), hand("F2"))),
        Reply("pass"),
        Say(N_("Game over: you both had the same number of turns. You have {my_score}, "
               "{opponent} has {their_score}."),
            facts=facts(over=True, reason=EndReason.FINAL_ROUND)),
    ),
)

THE_END = Lesson(
    "the_end", N_("Passing and the score"),
    N_("Two passes in a row end the game; the most VP win, and on equal VP the most valuable "
       "single card."),
    Deal(street="B2 M1 A2 F1 B3", hands=("F0 A0 B0 M0 F4 M2 A1", "F0 A0 B0 M0 B1"),
         play_areas=("F3 M4 F2 F2 A2 A2 B2 F1 M2 A1 A1 B1 F0 F0 M1 A0 A0 A0 B0 B0 B0 M0 M0 M0",
                     "A4 B4 F3 A3 B3 F2 M3 B2 F1 F1 M2 A1 B1 F0 M1 M1"),
         draw_pile="A3 M3 B1", reshuffled=True, current=1),
    (
        Reply("pass"),
        Say(N_("Hand and play area count together: you have {my_score}, {opponent} has "
               "{their_score}."),
            points=(hand(), play()), facts=facts(scores=(73, 73))),
        Say(N_("On equal VP the single most valuable card decides: your {mine} with {mine_vp} "
               "beats {opponent}'s best cards, like {theirs} with {theirs_vp}."),
            cards(mine="F4", theirs="A4"), points=(hand("F4"), their_play("A4"))),
        Do(N_("{opponent} passed. If you pass too, the game ends at once; the Pass button turns "
              "red and asks first. Pass now."),
           ("pass",),
           N_("Taking a card is allowed, but pass now: the game ends, and you win on the "
              "tie-break."),
           points=(PASS_BUTTON,)),
        Say(N_("Two passes in a row: game over. You both have {my_score}, and your {mine} "
               "decides: you win!"),
            cards(mine="F4"), points=(hand("F4"),),
            facts=facts(over=True, reason=EndReason.DOUBLE_PASS, winner=0,
                        decided_by=DecidedBy.TIE_BREAK)),
    ),
)

# ------------------------------------------------------------------ playing well

PAIRS = Lesson(
    "pairs", N_("Pairs are your money"),
    N_("Ask what a card will pay for: a pair buys the next rank, a Mercenary you keep stands "
       "in for any family."),
    Deal(street="F0 A1 A2 B3 F3 M3", hands=("A0 B0 M0 A1 M1", ""), play_areas=("F0", "")),
    (
        Say(N_("Now a few lessons on playing well. Every card in your hand is also money: two "
               "cards of one family and rank pay for the next rank up. Cards on their own pay "
               "for nothing."),
            points=(hand(),)),
        Do(N_("{other} is free, but it would stay on its own. Take {card} with {genuine} and "
              "{merc} instead, and keep {merc}: with the {card} you hold, that makes a pair."),
           ("take 1 A0+M1 keep M1",),
           N_("{other} brings {other_vp} and pays for nothing later; {card} brings as much and "
              "makes a pair that pays for {target} in your next turn."),
           almost=N_("Keep {merc}: a Mercenary can stand in for a card of any family, {genuine} "
                     "only for the Accountants."),
           cards=cards(card="A1", other="F0", genuine="A0", merc="M1", target="A2"),
           points=(street("F0"), street("A1"), hand("A0"), hand("M1"), hand("A1"))),
        Reply("take 0"),
        Do(N_("Your pair of {pair} pays for {card}: take it."),
           ("take @A2 A1+A1 keep A1",),
           N_("{card} is worth {card_vp}, and your pair of {pair} was saved up for it."),
           cards=cards(pair="A1", card="A2"), points=(street("A2"), hand("A1"))),
        Reply("pass"),
        Say(N_("Your pair paid for {card}, one {pair} is back in your hand, and {merc} waits "
               "there to stand in again. Pairs and Mercenaries can always buy something; a hand "
               "of single cards buys nothing."),
            cards(card="A2", pair="A1", merc="M1"),
            points=(hand("A2"), hand("A1"), hand("M1"))),
    ),
)

TIMING = Lesson(
    "timing", N_("When to refresh, what a Brute buys"),
    N_("Refresh when nothing in the Street is worth your cards; spend a Brute on the most "
       "valuable card it brings within reach."),
    Deal(street="F2 A2 B1 M2 F3 A3", hands=("F0 A0 B0 M0 F1 F1 B2 M1", ""),
         draw_pile="B0 A1 M3"),
    (
        Say(N_("Before you refresh, look at what you can take: after a refresh you may take "
               "only its new cards, and what you leave in the Street is there for {opponent}."),
            points=(street(),), facts=facts(refresh_allowed=True)),
        Do(N_("{brute} can lower a Street card by up to 2. Aim it at the most valuable card you "
              "can then pay for: drag {brute} onto {card} and lower it by 2."),
           ("brute B2 4 -2",),
           N_("{card} is worth {card_vp}, the most {brute} can bring within your reach: at "
              "rank 1 it costs only {genuine} and {merc}."),
           almost=N_("Lowered by 1, {card} would still be rank 2, too high for your cards: at "
                     "rank 1 {genuine} and {merc} can pay for it."),
           cards=cards(brute="B2", card="F3", genuine="F0", merc="M1"),
           points=(hand("B2"), street("F3"))),
        Do(N_("Take {card} with {genuine} and {merc}. {brute} bought it for you, and even goes "
              "on counting: it lies in your play area."),
           ("take 4 F0+M1 keep M1", "take 4 F0+M1 keep F0"),
           N_("{card} counts as rank 1 only in this turn, so this is the moment to pay for "
              "it."),
           cards=cards(card="F3", genuine="F0", merc="M1", brute="B2"),
           points=(street("F3"), hand("F0"), hand("M1"), play("B2"))),
        Reply("refresh @A3"),
        Reply("take @B0"),
        Say(N_("{opponent} could pay for nothing in the Street, so a refresh was right for "
               "them: it brought a free 0."),
            points=(street(),)),
        Do(N_("You can pay for {card} with your two {pair}: take it. A refresh now would forbid "
              "it to you and leave it to {opponent}."),
           ("take @F2 F1+F1 keep F1",),
           N_("{card} is worth {card_vp}, the most you can take; after a refresh only new "
              "cards could be yours, and {card} would wait for {opponent}."),
           cards=cards(card="F2", pair="F1"), points=(street("F2"), hand("F1")),
           facts=facts(refresh_allowed=True)),
        Reply("pass"),
        Say(N_("So: refresh when nothing in the Street is worth your cards, and take what is "
               "worth it while you can. Keep a Brute for the most valuable card it can bring "
               "within reach."),
            points=(street(),)),
    ),
)

#: Every lesson, in the order the lesson list offers them: the rules, then playing well.
LESSONS: tuple[Lesson, ...] = (GOAL, FREE_ZERO, PAIR, MERCENARY, REFRESH, ACCOUNTANT, BRUTE,
                               RUNNING_OUT, THE_END, PAIRS, TIMING)
