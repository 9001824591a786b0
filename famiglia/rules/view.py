"""What one seat may see (R5.4): a read-only view for players, the UI and tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Back, Card
from .setup import Opponent
from .state import Stage

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class StreetCard:
    """A Street card as a player sees it, with its rank after a Brute (R3.3)."""

    position: int
    card: Card
    rank: int
    fresh: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may see (R5.4): its own hand, the open zones, counts for the hidden ones."""

    seat: int
    current: int
    first_player: int
    turn: int
    hand: tuple[Card, ...]
    opponent_hand_backs: tuple[Back, ...]
    play_areas: tuple[tuple[Card, ...], tuple[Card, ...]]
    street: tuple[StreetCard, ...]
    draw_pile_count: int
    discard: tuple[Card, ...]
    reshuffled: bool
    fresh_cards_rule: bool
    stage: Stage
    exchanges_left: int
    can_refresh: bool
    last_turn: int | None
    scores: tuple[int, int]
    over: bool
    winner: int | None
    opponent: Opponent | None

    @property
    def opponent_hand_count(self) -> int:
        return len(self.opponent_hand_backs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "current": self.current,
            "first_player": self.first_player,
            "turn": self.turn,
            "hand": [c.code for c in self.hand],
            "opponent_hand_count": self.opponent_hand_count,
            "play_areas": [[c.code for c in area] for area in self.play_areas],
            "street": [{"code": s.card.code, "rank": s.rank, "fresh": s.fresh}
                       for s in self.street],
            "draw_pile_count": self.draw_pile_count,
            "discard": [c.code for c in self.discard],
            "reshuffled": self.reshuffled,
            "fresh_cards_rule": self.fresh_cards_rule,
            "stage": self.stage,
            "exchanges_left": self.exchanges_left,
            "can_refresh": self.can_refresh,
            "last_turn": self.last_turn,
            "scores": list(self.scores),
            "over": self.over,
            "winner": self.winner,
        }


def seat_view(game: Game, seat: int) -> SeatView:
    """R5.4: the opponent's hand and the draw pile as counts (and backs) only."""
    street = tuple(
        StreetCard(i, card, game.effective_rank(i), card.id in game.turn_state.fresh)
        for i, card in enumerate(game.street)
    )
    return SeatView(
        seat=seat,
        current=game.current,
        first_player=game.first_player,
        turn=game.turn,
        hand=tuple(game.hands[seat]),
        opponent_hand_backs=tuple(card.back for card in game.hands[1 - seat]),
        play_areas=(tuple(game.play_areas[0]), tuple(game.play_areas[1])),
        street=street,
        draw_pile_count=len(game.draw_pile),
        discard=tuple(game.discard),
        reshuffled=game.reshuffled,
        fresh_cards_rule=game.fresh_cards_rule,
        stage=game.stage,
        exchanges_left=game.exchanges_left,
        can_refresh=game.can_refresh(),
        last_turn=game.last_turn,
        scores=game.scores,
        over=game.is_terminal(),
        winner=game.winner,
        opponent=game.opponent,
    )
