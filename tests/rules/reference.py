"""An independent reading of R3 for the property tests: which actions docs/rules.md allows now.

The model follows one turn from its start by watching the actions applied and the events they
return (never the core's private turn state), and lists the legal actions from the public zones
alone.  It is deliberately naive — plain loops over the hand, no caches — so that it can be
checked against docs/rules.md by eye, and the core's ``legal_actions()`` is compared with it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from famiglia.rules import Action, Back, Card, CardMoved, Event, Game, TurnStarted


class TurnModel:
    """R3's turn state, rebuilt from outside: order, once-per-turn limits, fresh cards."""

    def __init__(self, game: Game) -> None:
        self.start_turn(game)

    def start_turn(self, game: Game) -> None:
        self.stage = "refresh"              # R3: refresh → accountant → brute → take/pass
        self.refreshed = False              # R3.1d
        self.fresh: set[int] = set()        # ids drawn into the Street by this turn's refreshes
        self.refreshes_after_reshuffle = 0  # R3.1a/R3.1b
        self.exchanges_left = 0             # R3.2
        self.moved: set[int] = set()        # R3.2 Ruling: each card moves at most once
        self.lowered: tuple[int, int] | None = None  # R3.3: (card id, by)
        self.reshuffled = game.reshuffled   # as the next action starts

    def observe(self, game: Game, action: Action, events: list[Event]) -> None:
        """Update the model after ``action`` was applied to ``game`` with ``events``."""
        kind = action.type
        if kind == "refresh":
            if self.reshuffled:
                self.refreshes_after_reshuffle += 1
            self.refreshed = True
            drawn = [e.card for e in events if isinstance(e, CardMoved)
                     and e.source == "draw_pile" and e.target == "street"]
            self.fresh.update(drawn)
        elif kind == "accountant":
            self.stage = "accountant"
            played = next(e.card for e in events if isinstance(e, CardMoved))
            self.exchanges_left = int(action.card[1])  # type: ignore[attr-defined]
            self.moved = {played}
        elif kind == "exchange":
            self.exchanges_left -= 1
            self.moved.update(e.card for e in events if isinstance(e, CardMoved))
        elif kind == "brute":
            self.stage = "brute"
            self.exchanges_left = 0
            target = game.street[action.street]  # type: ignore[attr-defined]
            self.lowered = (target.id, action.by)  # type: ignore[attr-defined]
        if any(isinstance(e, TurnStarted) for e in events):
            self.start_turn(game)
        self.reshuffled = game.reshuffled

    def rank(self, game: Game, position: int) -> int:
        card = game.street[position]
        if self.lowered and self.lowered[0] == card.id:
            return card.rank - self.lowered[1]
        return card.rank

    def legal(self, game: Game) -> set[str]:
        """R3.1–R3.4 as the notation strings of every legal action."""
        if game.is_terminal():
            return set()
        seat = game.current
        hand = game.hands[seat]
        street = game.street
        actions = {"pass"}                                                  # R3.4d
        if self.can_refresh(game):
            actions |= {f"refresh {i}" for i in range(len(street))}
        hand_codes = sorted({card.code for card in hand})
        if self.stage == "refresh":                                         # R3.2
            actions |= {f"accountant {c}" for c in hand_codes if c[0] == "A" and c[1] != "0"}
        if self.stage == "accountant" and self.exchanges_left > 0:
            takes = movable(game.play_areas[seat], self.moved)
            gives = movable(hand, self.moved)
            actions |= {f"exchange {t} {g}" for t in takes for g in gives}
        if self.stage != "brute":                                           # R3.3
            for code in hand_codes:
                if code[0] == "B" and code[1] != "0":
                    for i, card in enumerate(street):
                        for by in range(1, min(int(code[1]), card.rank) + 1):
                            actions.add(f"brute {code} {i} -{by}")
        counts = Counter(card.code for card in hand)
        pairs_with: dict[str, set[tuple[str, str]]] = {}                   # any two hand cards
        for pair in set(combinations(sorted(counts.elements()), 2)):
            for code in pair:
                pairs_with.setdefault(code, set()).add(pair)
        for i, card in enumerate(street):                                   # R3.4
            if game.fresh_cards_rule and self.refreshed and card.id not in self.fresh:
                continue                                                    # R3.1d
            rank = self.rank(game, i)
            if rank == 0:
                actions.add(f"take {i}")                                    # R3.4a
                continue
            for a, b in pairs_with.get(f"{card.code[0]}{rank - 1}", ()):      # one genuine
                if pays(card.code[0], rank, a, b):                          # R3.4b
                    actions.add(f"take {i} {a}+{b} keep {a}")               # R3.4c
                    actions.add(f"take {i} {a}+{b} keep {b}")
                    for keep, spent in ((a, b), (b, a)):                    # R1.5
                        if spent in both_backs(hand):
                            pay = "+".join(sorted([keep, spent + "*"]))
                            actions.add(f"take {i} {pay} keep {keep}")
        return actions

    def can_refresh(self, game: Game) -> bool:
        """R3.1, R3.1a–c."""
        if self.stage != "refresh" or not game.street:
            return False
        if any(card.rank == 0 for card in game.street):
            return False
        if game.reshuffled:
            return bool(game.draw_pile) and self.refreshes_after_reshuffle == 0
        return True


def both_backs(cards: list[Card], moved: frozenset[int] | set[int] = frozenset()) -> set[str]:
    """R1.5: the codes held with the start-set back and the neutral back at once."""
    backs: dict[str, set[Back]] = {}
    for card in cards:
        if card.id not in moved:
            backs.setdefault(card.code, set()).add(card.back)
    return {code for code, kinds in backs.items() if len(kinds) > 1}


def movable(cards: list[Card], moved: frozenset[int] | set[int]) -> set[str]:
    """R3.2/R1.5: the codes that name a card to move: ``X0*`` for the start-set copy where both
    backs are there."""
    codes = {c.code for c in cards if c.id not in moved}
    return codes | {code + "*" for code in both_backs(cards, moved)}


def pays(family: str, rank: int, a: str, b: str) -> bool:
    """R3.4b: one genuine family-X rank-(k−1) card and a second genuine one or a Mercenary of
    rank ≥ k; two jokers never."""
    genuine = f"{family}{rank - 1}"

    def joker(code: str) -> bool:
        return code[0] == "M" and int(code[1]) >= rank

    return (a == genuine and (b == genuine or joker(b))) or (b == genuine and joker(a))

