"""Why one turn is better than another, in the game's terms: one sentence from what the two
turns do and what the search saw after them.

Both turns are played out on the same re-deals of the draw pile (R5.4) up to their end, and
compared on what a player weighs: the VP each takes now (R1.4), the most valuable card each
leaves the opponent to take in its next turn (R3.3, R3.4), the payment each keeps in the hand
for a more valuable card of the Street next turn (R3.4b), a refresh that puts a card the
opponent wanted out of reach (R3.1, until the reshuffle R4.2), and the end of the game by a
double pass (R5.2).  The largest difference in favour of the better turn is the reason; when
none of them speaks for it, the search's play-outs do (they ended further ahead, or won more
often).  A reason is a small value (:class:`Reason`) kept in the analysis; its sentence is a
core-style :class:`~famiglia.rules.Message`, worded in the player's language by the screen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from statistics import mean
from typing import Any

from ..rules import PASS, Brute, CardName, Game, Message, Pass, Refresh, Take, msg, parse_action
from .ending import passing_ends_the_game, passing_wins
from .greedy import best_take

#: How many re-deals both turns are played out on.
DEALS = 8
#: A difference of VP counts as a reason from this much on.
LEAST_VP = 1.0


class ReasonKind(StrEnum):
    """What makes the better turn better."""

    #: R5.2: after the opponent's pass, the better turn passes and wins.
    WINS_BY_PASSING = "wins_by_passing"
    #: R5.2: the other turn passes into a loss while the game could go on.
    PASSES_INTO_LOSS = "passes_into_loss"
    #: R5.2: the other turn passes while behind, so the opponent can end the game with its
    #: own pass and win.
    LETS_THEM_END = "lets_them_end"
    #: the better turn takes a card worth ``vp`` more this turn
    MORE_VP_NOW = "more_vp_now"
    #: R3.1: its refresh puts ``card`` out of the opponent's reach (until the reshuffle)
    DENIES_CARD = "denies_card"
    #: the other turn leaves the opponent ``card`` to take, worth ``vp`` more
    LEAVES_LESS = "leaves_less"
    #: R3.4b: it keeps ``pay`` in the hand, enough for ``card`` next turn
    KEEPS_PAYMENT = "keeps_payment"
    #: the better turn refreshes (R3.1) and the search's play-outs end ``vp`` further ahead
    #: after the cards it may bring
    REFRESH_MAY_BRING = "refresh_may_bring"
    #: the search's play-outs end ``vp`` further ahead after it
    FURTHER_AHEAD = "further_ahead"
    #: the search's play-outs win more often after it
    WINS_MORE_OFTEN = "wins_more_often"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a turn is better: its kind, the card it is about (a code), the payment kept (two
    codes) and a number of VP, as the kind needs them."""

    kind: ReasonKind
    card: str | None = None
    pay: tuple[str, ...] = ()
    vp: int = 0
    after_reshuffle: bool = False

    def message(self) -> Message:
        """The reason as one sentence to the player whose decision it was."""
        kind = self.kind
        card = CardName(self.card) if self.card else None
        if kind is ReasonKind.WINS_BY_PASSING:
            return msg("The other player passed, so your pass ends the game at once, and you "
                       "are ahead.")
        if kind is ReasonKind.PASSES_INTO_LOSS:
            return msg("The other player passed, so a pass ends the game at once, and you are "
                       "behind: playing on can only help.")
        if kind is ReasonKind.LETS_THEM_END:
            return msg("After that pass the other player, who is ahead, can end the game at once "
                       "with a pass of their own.")
        if kind is ReasonKind.MORE_VP_NOW:
            if card is not None:
                return msg("It takes {card} this turn: {n} VP more.",
                           plural="It takes {card} this turn: {n} VP more.", card=card,
                           n=self.vp)
            return msg("It gains {n} VP more this turn.", plural="It gains {n} VP more this "
                       "turn.", n=self.vp)
        if kind is ReasonKind.DENIES_CARD:
            if self.after_reshuffle:
                return msg("The refresh puts {card} under the draw pile, out of the other "
                           "player's reach.", card=card)
            return msg("The refresh puts {card} out of the other player's reach until the "
                       "reshuffle.", card=card)
        if kind is ReasonKind.LEAVES_LESS:
            return msg("Otherwise the other player could take {card} next turn: {n} VP more "
                       "for them.", plural="Otherwise the other player could take {card} next "
                       "turn: {n} VP more for them.", card=card, n=self.vp)
        if kind is ReasonKind.KEEPS_PAYMENT:
            return msg("It keeps {first} and {second} in your hand to take {card} next turn.",
                       first=CardName(self.pay[0]), second=CardName(self.pay[1]), card=card)
        if kind is ReasonKind.REFRESH_MAY_BRING:
            return msg("The refresh is likely to bring a better card: played on many times, it "
                       "ends {n} VP further ahead on average.", plural="The refresh is likely to "
                       "bring a better card: played on many times, it ends {n} VP further ahead "
                       "on average.", n=self.vp)
        if kind is ReasonKind.FURTHER_AHEAD:
            return msg("Played on many times from here, it ends {n} VP further ahead on "
                       "average.", plural="Played on many times from here, it ends {n} VP "
                       "further ahead on average.", n=self.vp)
        return msg("Played on many times from here, it wins more often.")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.card is not None:
            data["card"] = self.card
        if self.pay:
            data["pay"] = list(self.pay)
        if self.vp:
            data["vp"] = self.vp
        if self.after_reshuffle:
            data["after_reshuffle"] = True
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Reason:
        """The reason of :meth:`to_dict`'s JSON, or ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"a reason is a dict, not {data!r}")
        kind = ReasonKind(str(data.get("kind")))
        card, pay, vp = data.get("card"), data.get("pay", []), data.get("vp", 0)
        codes = [card] if card is not None else []
        if (not isinstance(pay, list) or len(pay) not in (0, 2)
                or not all(_is_code(code) for code in (*codes, *pay))):
            raise ValueError(f"a reason names cards by their codes, not {data!r}")
        if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
            raise ValueError(f"a reason's VP are a whole number, not {vp!r}")
        return cls(kind, card, tuple(pay), vp, data.get("after_reshuffle") is True)


def _is_code(value: Any) -> bool:
    return (isinstance(value, str) and len(value) == 2 and value[0] in "FABM"
            and value[1] in "01234")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a turn did on one re-deal: the VP the seat gained, the card it took (a code),
    the cards its refreshes discarded, whether its last step was a pass that ended the game and
    who won then, or a pass that lets the opponent end it and win (R5.2), the most valuable
    card the opponent can take next (its code and VP), and the best card the seat's hand can
    pay for next turn with the payment (R3.4b)."""

    gained: int
    took: str | None
    ended: bool
    won: bool
    lost: bool
    hands_over: bool
    threat: tuple[str, int] | None
    next_take: tuple[str, int, tuple[str, str]] | None
    discarded: tuple[str, ...]


def play_out(game: Game, line: Sequence[str], deal: Game) -> Outcome:
    """Play ``line`` (notation, legal in ``game``) on ``deal`` (a re-deal of ``game``) and
    say what it did."""
    me = game.current
    before = deal.scores[me]
    took = None
    discarded = []
    ended = won = lost = passed = False
    for notation in line:
        action = parse_action(notation)
        if action not in deal.legal_actions():  # a step after a refresh this deal did not allow
            break
        if isinstance(action, Take):
            took = deal.street[action.street].code
        if isinstance(action, Refresh):
            discarded.append(deal.street[action.street].code)
        if isinstance(action, Pass):
            ended, passed = passing_ends_the_game(deal), True
        deal.push(action)
    result = deal.result
    if ended and result is not None:
        won, lost = result.winner == me, result.winner == 1 - me
    hands_over = passed and result is None and passing_wins(deal)
    threat = None
    after = deal
    if result is None and after.current == me:  # a turn ending at a refresh: as if it ended
        after = deal.copy()
        after.push(PASS)
    if after.result is None and after.current == 1 - me and not after.is_gangster_turn():
        card = best_card(after)
        threat = None if card is None else (card.code, card.vp)
    hand = [card.code for card in deal.hands[me]]
    next_take = None
    for card in sorted(deal.street, key=lambda card: -card.vp):
        payment = payment_for(hand, card.code)
        if payment is not None:
            next_take = (card.code, card.vp, payment)
            break
    return Outcome(deal.scores[me] - before, took, ended, won, lost, hands_over, threat,
                   next_take, tuple(discarded))


def best_card(game: Game) -> Any:
    """The most valuable Street card the seat to move can take this turn without refreshing:
    at once, or after a Brute (R3.3, R3.4); ``None`` when there is none."""
    actions = game.legal_actions()
    best = None
    take = best_take(game, actions)
    if take is not None:
        best = game.street[take.street]
    for action in actions:
        if isinstance(action, Brute):
            target = game.street[action.street]
            if best is not None and target.vp <= best.vp:
                continue
            trial = game.copy()
            trial.push(action)
            if any(isinstance(step, Take) and step.street == action.street
                   for step in trial.legal_actions()):
                best = target
    return best


def payment_for(hand: Sequence[str], code: str) -> tuple[str, str] | None:
    """Two cards of ``hand`` (codes) that pay for the card ``code`` (R3.4b): a card of its
    family one rank below, and another one or a Mercenary of at least its rank (the joker);
    ``None`` for a card of rank 0 (free, R3.4a) or one the hand cannot pay for."""
    family, rank = code[0], int(code[1])
    if rank == 0:
        return None
    below = f"{family}{rank - 1}"
    if hand.count(below) >= 2:
        return below, below
    if below not in hand:
        return None
    left = list(hand)
    left.remove(below)
    jokers = sorted(c for c in left if c[0] == "M" and int(c[1]) >= rank)
    return (below, jokers[0]) if jokers else None


def reason_for(game: Game, better: Sequence[str], worse: Sequence[str],
               seed: int) -> Reason | None:
    """Why the turn ``better`` is better than ``worse`` in ``game`` (see the module
    docstring), or ``None`` when the two turns are the same."""
    if list(better) == list(worse):
        return None
    rng = random.Random(f"{seed}|reason|{game.public_fingerprint()}")
    deals = [game.resample(rng.getrandbits(63)) for _ in range(DEALS)]
    good = [play_out(game, better, deal.copy()) for deal in deals]
    bad = [play_out(game, worse, deal.copy()) for deal in deals]
    if all(outcome.won for outcome in good):
        return Reason(ReasonKind.WINS_BY_PASSING)
    if all(outcome.lost for outcome in bad) and not any(outcome.lost for outcome in good):
        return Reason(ReasonKind.PASSES_INTO_LOSS)
    if all(o.hands_over for o in bad) and not any(o.hands_over for o in good):
        return Reason(ReasonKind.LETS_THEM_END)
    found: list[tuple[float, Reason]] = []
    gained = mean(o.gained for o in good) - mean(o.gained for o in bad)
    if gained >= LEAST_VP:
        took = _same(o.took for o in good)
        found.append((gained, Reason(ReasonKind.MORE_VP_NOW, took, vp=round(gained))))
    threats = [_threat_vp(o) for o in bad], [_threat_vp(o) for o in good]
    spared = mean(threats[0]) - mean(threats[1])
    threat = _same(o.threat[0] if o.threat else None for o in bad)
    if spared >= LEAST_VP and threat is not None:
        denied = all(threat in o.discarded for o in good)
        kind = ReasonKind.DENIES_CARD if denied else ReasonKind.LEAVES_LESS
        found.append((spared, Reason(kind, threat, vp=round(spared),
                                     after_reshuffle=game.reshuffled)))
    kept = _same(o.next_take for o in good)
    if kept is not None:
        without = mean(_worth(o.next_take) for o in bad)
        extra = (_worth(kept) - without) / 2  # the opponent may take it first
        if extra >= LEAST_VP:
            found.append((extra, Reason(ReasonKind.KEEPS_PAYMENT, kept[0], kept[2])))
    if found:
        return max(found, key=lambda item: item[0])[1]
    return None


#: A card taken next turn is worth its VP and, in the hand, this many VP per rank point: it
#: will pay for a bigger card in turn (R3.4b).
RANK_WORTH = 2


def _worth(take: tuple[str, int, tuple[str, str]] | None) -> int:
    """What taking a card next turn is worth: its VP and its rank in the hand."""
    return 0 if take is None else take[1] + RANK_WORTH * int(take[0][1])


def _threat_vp(outcome: Outcome) -> int:
    return outcome.threat[1] if outcome.threat else 0


def _same(values: Any) -> Any:
    """The value when every one of ``values`` is the same, else ``None``."""
    values = list(values)
    return values[0] if values and all(value == values[0] for value in values) else None


def playout_reason(better: Sequence[str], margin: float) -> Reason:
    """The fallback reason: what the search's play-outs saw after the turn ``better``
    (``margin``: how many VP further ahead they ended than after the other turn)."""
    if margin >= LEAST_VP:
        refreshes = isinstance(parse_action(better[-1]), Refresh)
        return Reason(ReasonKind.REFRESH_MAY_BRING if refreshes else ReasonKind.FURTHER_AHEAD,
                      vp=round(margin))
    return Reason(ReasonKind.WINS_MORE_OFTEN)
