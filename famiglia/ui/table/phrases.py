"""What happens at the table, in words: one wording for the log, the computer's captions, the
hints and the hand-over's story, in the current language.

Each sentence is one whole translatable template (word order differs in German and Dutch),
filled with the card words (:func:`famiglia.i18n.describe_code`), the players' names and
numbers after translating.  Moves are told in the present ("Bob plays Brute 2 on Famiglia 4,
lowering it by 2."), as advice for a hint ("Play Brute 2 on Famiglia 4, lowering it by 2.")
and in the past for the hand-over ("Bob refreshed the Street twice and took Famiglia 3 with
two Famiglia 2.").

A :class:`Line` is a thing to say kept as data (its kind, the names, numbers, card codes, the
action's notation, the core's messages), worded by :meth:`Line.text` each time it is shown, so
the log follows a language switch, old lines included, and a save keeps the lines
language-free (:meth:`Line.encode`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ... import i18n
from ...i18n import _, ngettext
from ...rules import (
    Accountant,
    Action,
    Brute,
    CardName,
    DecidedBy,
    EndReason,
    Exchange,
    Family,
    GameOver,
    Message,
    Pass,
    Refresh,
    Take,
    parse_action,
)
from .. import theme as t
from ..labels import ROLES, RoleName, deal_number
from ..theme import Colour
from ..verdict import verdict_text

#: Each kind of line the table says (worded by :data:`KINDS`).
LineKind = Literal["text", "opening", "resumed", "replay", "action", "undone", "drawn",
                   "discarded", "under", "to_play", "lowered", "reshuffled", "final_round",
                   "passed", "turn", "gangster", "game_over"]


def card(code: str) -> str:
    """A card code (a start-set mark allowed) in words: Söldner 3."""
    return i18n.describe_code(code.rstrip("*"))


# ------------------------------------------------------------------ one action, now


def action_sentence(action: Action, name: str, target: str | None, *,
                    acted: bool = False) -> str:
    """``name`` does ``action``: one sentence; ``target`` is the code of the Street card a
    refresh, Brute or take is about (as the Street stood before it), ``acted``: a pass comes
    after something this turn (it ends the turn rather than passing)."""
    aimed = card(target) if target else _("a card")
    if isinstance(action, Refresh):
        return _("{name} refreshes the Street with {card}.").format(name=name, card=aimed)
    if isinstance(action, Accountant):
        rank = int(action.card.rstrip("*")[1:])
        return ngettext("{name} plays {card}: up to {n} exchange.",
                        "{name} plays {card}: up to {n} exchanges.", rank).format(
            name=name, card=card(action.card), n=rank)
    if isinstance(action, Exchange):
        return _("{name} exchanges {back} (back to the hand) for {out} (to the play area)."
                 ).format(name=name, back=card(action.take), out=card(action.give))
    if isinstance(action, Brute):
        return ngettext("{name} plays {card} on {target}, lowering it by {n}.",
                        "{name} plays {card} on {target}, lowering it by {n}.",
                        action.by).format(name=name, card=card(action.card), target=aimed,
                                          n=action.by)
    if isinstance(action, Take):
        return _take_sentence(action, name, aimed)
    if isinstance(action, Pass):
        if acted:
            return _("{name} ends the turn without taking a card.").format(name=name)
        return _("{name} passes.").format(name=name)
    return str(action)


def _take_sentence(action: Take, name: str, aimed: str) -> str:
    pay = [code.rstrip("*") for code in action.pay]
    if not pay:
        return _("{name} takes {card} for free.").format(name=name, card=aimed)
    if len(pay) == 1:
        return _("{name} takes {card} with {first}.").format(name=name, card=aimed,
                                                             first=card(pay[0]))
    if pay[0] == pay[1]:
        return _("{name} takes {card} with two {first}.").format(name=name, card=aimed,
                                                                 first=card(pay[0]))
    if action.keep is None:
        return _("{name} takes {card} with {first} and {second}.").format(
            name=name, card=aimed, first=card(pay[0]), second=card(pay[1]))
    return _("{name} takes {card} with {first} and {second}, keeping {kept} in the hand."
             ).format(name=name, card=aimed, first=card(pay[0]), second=card(pay[1]),
                      kept=card(action.keep))


def advice(action: Action, target: str | None, *, acted: bool = False) -> str:
    """``action`` as advice to the person at play (a hint): the same words as
    :func:`action_sentence`, said to "you"."""
    aimed = card(target) if target else _("a card")
    if isinstance(action, Refresh):
        return _("Refresh the Street with {card}.").format(card=aimed)
    if isinstance(action, Accountant):
        rank = int(action.card.rstrip("*")[1:])
        return ngettext("Play {card}: up to {n} exchange.", "Play {card}: up to {n} exchanges.",
                        rank).format(card=card(action.card), n=rank)
    if isinstance(action, Exchange):
        return _("Exchange {back} (back to the hand) for {out} (to the play area).").format(
            back=card(action.take), out=card(action.give))
    if isinstance(action, Brute):
        return ngettext("Play {card} on {target}, lowering it by {n}.",
                        "Play {card} on {target}, lowering it by {n}.", action.by).format(
            card=card(action.card), target=aimed, n=action.by)
    if isinstance(action, Take):
        pay = [code.rstrip("*") for code in action.pay]
        if not pay:
            return _("Take {card} for free.").format(card=aimed)
        if len(pay) == 1:
            return _("Take {card} with {first}.").format(card=aimed, first=card(pay[0]))
        if pay[0] == pay[1]:
            return _("Take {card} with two {first}.").format(card=aimed, first=card(pay[0]))
        if action.keep is None:
            return _("Take {card} with {first} and {second}.").format(
                card=aimed, first=card(pay[0]), second=card(pay[1]))
        return _("Take {card} with {first} and {second}, keeping {kept} in the hand.").format(
            card=aimed, first=card(pay[0]), second=card(pay[1]), kept=card(action.keep))
    if isinstance(action, Pass):
        return _("End the turn without taking a card.") if acted else _("Pass.")
    return str(action)


def undone_sentence(action: Action, name: str, target: str | None = None) -> str:
    """What an undo takes back: "Vito takes back Brute 2."; ``target``: the code of the
    Street card a take taken back had taken."""
    if isinstance(action, (Accountant, Brute)):
        return _("{name} takes back {card}.").format(name=name, card=card(action.card))
    if isinstance(action, Exchange):
        return _("{name} takes back the exchange of {back} for {out}.").format(
            name=name, back=card(action.take), out=card(action.give))
    if isinstance(action, Take) and target is not None:
        return _("{name} takes back taking {card}: it is {name}'s turn again.").format(
            name=name, card=card(target))
    if isinstance(action, Pass):
        return _("{name} takes back the pass: it is {name}'s turn again.").format(name=name)
    return _("{name} takes back the last move.").format(name=name)


# ------------------------------------------------------------------ a turn, told afterwards


def joined(phrases: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c" in the current language."""
    if not phrases:
        return ""
    text = phrases[-1]
    if len(phrases) > 1:
        # Translators: the last two parts of a list ("played Brute 2 and took Famiglia 3").
        text = _("{first} and {second}").format(first=phrases[-2], second=text)
    for phrase in reversed(phrases[:-2]):
        # Translators: the parts of a list before its last two.
        text = _("{first}, {rest}").format(first=phrase, rest=text)
    return text


def story_sentence(name: str, actions: Sequence[tuple[Action, str | None]]) -> str | None:
    """A finished turn in one sentence, for the hand-over: the actions with the code of the
    Street card each aimed at; runs of refreshes and of exchanges counted together."""
    told: list[str] = []
    refreshes = exchanges = 0
    lowered: str | None = None

    def flush() -> None:
        nonlocal refreshes, exchanges
        if refreshes == 1:
            told.append(_("refreshed the Street once"))
        elif refreshes == 2:
            told.append(_("refreshed the Street twice"))
        elif refreshes:
            told.append(ngettext("refreshed the Street {n} time", "refreshed the Street {n} times",
                                 refreshes).format(n=refreshes))
        if exchanges == 1:
            told.append(_("exchanged one card between hand and play area"))
        elif exchanges:
            told.append(ngettext("exchanged {n} card between hand and play area",
                                 "exchanged {n} cards between hand and play area",
                                 exchanges).format(n=exchanges))
        refreshes = exchanges = 0

    for action, aimed in actions:
        if isinstance(action, Refresh):
            refreshes += 1
            continue
        if isinstance(action, Exchange):
            exchanges += 1
            continue
        flush()
        if isinstance(action, Accountant):
            told.append(_("played {card}").format(card=card(action.card)))
        elif isinstance(action, Brute) and aimed is not None:
            lowered = aimed
            told.append(_("played {card} on {target}").format(card=card(action.card),
                                                             target=card(aimed)))
        elif isinstance(action, Take) and aimed is not None:
            told.append(_took(action, card(aimed), it=aimed == lowered))
        elif isinstance(action, Pass):
            told.append(_("passed"))
    flush()
    if not told:
        return None
    # Translators: a finished turn for the hand-over screen: a name and what they did
    # ("Bob refreshed the Street twice and took Famiglia 3 with two Famiglia 2").
    return _("{name} {actions}.").format(name=name, actions=joined(told))


def _took(action: Take, aimed: str, *, it: bool) -> str:
    """A take in the past; ``it``: the card this turn's Brute lowered."""
    pay = [code.rstrip("*") for code in action.pay]
    if it:
        # Translators: "it" is the card the same turn's Brute lowered (a card: die Karte).
        if not pay:
            return _("took it for free")
        if len(pay) == 2 and pay[0] == pay[1]:
            return _("took it with two {first}").format(first=card(pay[0]))
        if len(pay) == 2:
            return _("took it with {first} and {second}").format(first=card(pay[0]),
                                                                second=card(pay[1]))
    if not pay:
        return _("took {card} for free").format(card=aimed)
    if len(pay) == 1:
        return _("took {card} with {first}").format(card=aimed, first=card(pay[0]))
    if pay[0] == pay[1]:
        return _("took {card} with two {first}").format(card=aimed, first=card(pay[0]))
    return _("took {card} with {first} and {second}").format(card=aimed, first=card(pay[0]),
                                                            second=card(pay[1]))


# ------------------------------------------------------------------ the end


def verdict_words(result: GameOver, names: Sequence[str]) -> str:
    """The game-over banner's verdict (R5.3): the winner and the score, or the tie-break."""
    if result.winner is None:
        return _("a draw")
    winner, loser = names[result.winner], names[1 - result.winner]
    if result.reason == EndReason.RESIGNED:
        return _("{loser} resigned, {winner} wins").format(loser=loser, winner=winner)
    high, low = max(result.scores), min(result.scores)
    if result.decided_by == DecidedBy.TIE_BREAK:
        return _("{winner} wins the tie-break at {high} : {low} VP").format(
            winner=winner, high=high, low=low)
    return _("{winner} wins, {high} : {low} VP").format(winner=winner, high=high, low=low)


def game_over_sentence(result: GameOver, names: Sequence[str]) -> str:
    """R5.2/R5.1 and R5.3: why the game ended, the winner and what decided it (in the words
    of the results screen)."""
    banner, detail = verdict_text(result, names)
    if result.reason == EndReason.DOUBLE_PASS:
        return _("Game over, both players passed in a row: {banner} {detail}").format(
            banner=banner, detail=detail)
    if result.reason == EndReason.FINAL_ROUND:
        return _("Game over, the final round is over: {banner} {detail}").format(
            banner=banner, detail=detail)
    return _("Game over: {banner} {detail}").format(banner=banner, detail=detail)


# ------------------------------------------------------------------ lines kept as data


@dataclass(frozen=True)
class Line:
    """One thing the table says, as data: a ``kind`` (see :data:`KINDS`) and its parameters
    (names, numbers, card codes, an action's notation, a core message); :meth:`text` words it
    in the current language."""

    kind: LineKind
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, kind: LineKind, **params: Any) -> Line:
        return cls(kind, tuple(params.items()))

    def text(self) -> str:
        """The line in the current language (an indented line starts with spaces)."""
        return KINDS[self.kind][0](dict(self.params))

    @property
    def colour(self) -> Colour:
        return t.INK_DIM if self.undone else KINDS[self.kind][1]

    @property
    def undone(self) -> bool:
        """An undo took the line's action back: the log strikes it through."""
        return bool(dict(self.params).get("undone"))

    def struck(self) -> Line:
        """The same line, marked as taken back by an undo."""
        return Line(self.kind, (*self.params, ("undone", True)))

    def encode(self) -> str:
        """The line as one JSON text, the way a save keeps it: names, numbers, card codes
        and notation, no words of any language (a core message keeps its template, which is
        the catalogs' key; the Gangster's name its role)."""
        params = {key: _encode(value) for key, value in self.params}
        return json.dumps({"kind": self.kind, **params}, ensure_ascii=False,
                          separators=(",", ":"))

    @classmethod
    def decode(cls, text: str) -> Line:
        """A line a save kept; a line of an older save (its words, in English) is shown as
        it is."""
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            return cls.of("text", text=text)
        kind = data.pop("kind")
        return cls(kind, tuple((key, _decode(value)) for key, value in data.items()))


def _encode(value: Any) -> Any:
    if isinstance(value, RoleName):
        return {"role": value.role}
    if isinstance(value, Message):
        return {"message": value.template, "plural": value.plural,
                "params": {key: _encode(item) for key, item in value.params}}
    code = getattr(value, "code", None)
    if isinstance(code, str) and not isinstance(value, str):
        return {"card": code}
    if isinstance(value, Family):
        return {"family": value.value}
    if isinstance(value, tuple | list):
        return [_encode(item) for item in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if value.get("role") in ROLES:
            return RoleName(value["role"])
        if "card" in value:
            return CardName(str(value["card"]))
        if "family" in value:
            return Family(value["family"])
        if "message" in value:
            params = value.get("params") or {}
            return Message(str(value["message"]),
                            tuple((key, _decode(item)) for key, item in params.items()),
                            value.get("plural"))
    if isinstance(value, list):
        return tuple(_decode(item) for item in value)
    return value


def _action_line(p: dict[str, Any]) -> str:
    name = _("The computer") if p.get("computer") else p["name"]
    return action_sentence(parse_action(p["action"]), name, p.get("target"),
                           acted=bool(p.get("acted")))


def _game_over(p: dict[str, Any]) -> str:
    result = GameOver(scores=(int(p["scores"][0]), int(p["scores"][1])), winner=p["winner"],
                      decided_by=DecidedBy(p["decided_by"]), reason=EndReason(p["reason"]),
                      tie_break_card=p.get("tie_break_card"),
                      tie_break_vp=p.get("tie_break_vp"))
    return game_over_sentence(result, p["names"])


def _replay(p: dict[str, Any]) -> str:
    if p.get("deal") is not None:
        return _("Replay: {first} and {second}, deal {deal}.").format(
            first=p["first"], second=p["second"], deal=deal_number(p["deal"]))
    return _("Replay: {first} and {second}.").format(first=p["first"], second=p["second"])


def _to_play(p: dict[str, Any]) -> str:
    """The paying card that goes to the play area (R3.4c); ``back``: the table chose this
    copy of two (R1.5), the one that tells the other side (``name``) least."""
    if p.get("back") == "start":
        return _("{card} goes to the play area: of the two, the copy with the start-set back, "
                 "so the hand's backs tell {name} less (hold Shift when dropping to choose)."
                 ).format(card=card(p["card"]), name=p["name"])
    if p.get("back") == "neutral":
        return _("{card} goes to the play area: of the two, the copy with the neutral back "
                 "(hold Shift when dropping to choose).").format(card=card(p["card"]))
    return _("{card} goes to the play area.").format(card=card(p["card"]))


#: Each kind of line: how it is worded and its colour.
KINDS: dict[LineKind, tuple[Callable[[dict[str, Any]], str], Colour]] = {
    "text": (lambda p: str(p["text"]), t.INK),
    "opening": (lambda p: _("{first} and {second}: turn {turn}, {name} to play.").format(**p),
                t.GOLD),
    "resumed": (lambda p: _("Resumed: turn {turn}, {name} to play.").format(**p), t.GOLD),
    "replay": (_replay, t.GOLD),
    "action": (_action_line, t.INK),
    "undone": (lambda p: undone_sentence(parse_action(p["action"]), p["name"],
                                         p.get("target")), t.INK),
    "drawn": (lambda p: "  + " + _("{card} is drawn into the Street.").format(
        card=card(p["card"])), t.INK_DIM),
    "discarded": (lambda p: "  " + _("{card} goes to the discard pile.").format(
        card=card(p["card"])), t.INK_DIM),
    "under": (lambda p: "  " + _("{card} goes under the draw pile.").format(
        card=card(p["card"])), t.INK_DIM),
    "to_play": (lambda p: "  " + _to_play(p), t.INK_DIM),
    "lowered": (lambda p: "  " + _("{card} counts as rank {rank} this turn.").format(
        card=card(p["card"]), rank=p["rank"]), t.INK_DIM),
    "reshuffled": (lambda p: ngettext(
        "The draw pile is empty: the discard pile ({n} card) is shuffled into a new draw pile.",
        "The draw pile is empty: the discard pile ({n} cards) is shuffled into a new draw "
        "pile.", p["n"]).format(n=p["n"]), t.GOLD),
    "final_round": (lambda p: _("Final round: the draw pile is used up; the game ends after "
                                "{name}'s turn.").format(name=p["name"]), t.RED),
    "passed": (lambda p: _("{name} passes.").format(name=p["name"]), t.INK),
    "turn": (lambda p: _("Turn {number} · {name}").format(**p), t.GOLD),
    "gangster": (lambda p: "  " + _("Gangster: {step}").format(
        step=i18n.translate_message(p["step"])), t.INK_DIM),
    "game_over": (_game_over, t.GOLD),
}
