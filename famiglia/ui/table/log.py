"""The game log: every action and event of the core in words, in a scrollable panel.

The words are built from the events alone (and the Street as the table shows it when the
event plays), so the log tells exactly what the animations show.  The panel is drawn onto its
own surface only when a line arrives or it scrolls; a frame just blits it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ...rules import (
    DECK,
    Accountant,
    Action,
    ActionPlayed,
    Brute,
    CardMoved,
    Event,
    Exchange,
    FinalRound,
    GameOver,
    GangsterStep,
    Passed,
    RankLowered,
    Refresh,
    Reshuffled,
    Take,
    TurnStarted,
)
from ...rules.cards import describe_code
from .. import theme as t
from ..theme import Theme
from ..widgets import draw_panel

Colour = tuple[int, int, int]

_REASONS = {"double_pass": "both players passed in a row",
            "final_round": "the final round is over"}


def card_words(card_id: int) -> str:
    """A card in words, e.g. ``Brute 3``."""
    return describe_code(DECK[card_id].code)


def describe_action(action: Action, who: str, street: Sequence[int]) -> str | None:
    """One line for an accepted action; ``street`` holds the Street's card ids before it."""
    if isinstance(action, Refresh):
        return f"{who} refreshes the Street."
    if isinstance(action, Accountant):
        rank = int(action.card[1])
        return (f"{who} plays {describe_code(action.card)}: up to {rank} "
                f"exchange{'s' if rank > 1 else ''}.")
    if isinstance(action, Exchange):
        return (f"{who} exchanges {describe_code(action.take)} (back to the hand) for "
                f"{describe_code(action.give)} (to the play area).")
    if isinstance(action, Brute):
        target = card_words(street[action.street]) if action.street < len(street) else "a card"
        return f"{who} plays {describe_code(action.card)} on {target} (−{action.by})."
    if isinstance(action, Take):
        card = card_words(street[action.street]) if action.street < len(street) else "a card"
        if not action.pay:
            return f"{who} takes {card} for free."
        return (f"{who} takes {card}, paying "
                f"{' + '.join(describe_code(code) for code in action.pay)}.")
    return None


def describe_event(event: Event, names: Sequence[str], street: Sequence[int],
                   action: Action | None = None) -> tuple[str, Colour] | None:
    """The log line for ``event`` and its colour, or None when the action's own line already
    says it (cards moving between hand, play area and Street as part of an action); ``action``
    is the action whose events these are.  An action's line ends with its notation in
    brackets (``[take 4 F2+M3 keep M3]``), the same text ``Game.apply`` accepts."""
    if isinstance(event, ActionPlayed):
        text = describe_action(event.action, names[event.seat], street)
        return (f"{text}  [{event.action}]", t.INK) if text else None
    if isinstance(event, CardMoved):
        card = card_words(event.card)
        if event.source == "draw_pile" and event.target == "street":
            return f"  + {card} is drawn into the Street.", t.INK_DIM
        if event.source == "street" and event.target == "discard":
            return f"  {card} goes to the discard pile.", t.INK_DIM
        if event.source == "street" and event.target == "draw_pile":
            return f"  {card} goes under the draw pile.", t.INK_DIM
        if (isinstance(action, Take) and event.source.startswith("hand:")
                and event.target.startswith("play:")):
            return f"  {card} goes to the play area.", t.INK_DIM
        return None
    if isinstance(event, RankLowered):
        return f"  {card_words(event.card)} counts as rank {event.rank} this turn.", t.INK_DIM
    if isinstance(event, Reshuffled):
        return (f"The draw pile is empty: the discard pile ({event.count} cards) is shuffled "
                f"into a new draw pile.", t.GOLD)
    if isinstance(event, FinalRound):
        return (f"Final round: the draw pile is used up; the game ends after "
                f"{names[event.last_seat]}'s turn.", t.RED)
    if isinstance(event, Passed):
        return f"{names[event.seat]} passes.", t.INK
    if isinstance(event, TurnStarted):
        return f"Turn {event.turn + 1} · {names[event.seat]}", t.GOLD
    if isinstance(event, GangsterStep):
        return f"  Gangster: {event.text}", t.INK_DIM
    if isinstance(event, GameOver):
        return describe_game_over(event, names), t.GOLD
    return None


def describe_game_over(result: GameOver, names: Sequence[str]) -> str:
    """R5.2/R5.1 and R5.3: why the game ended, the winner and what decided it (in the words of
    the results screen)."""
    from ..scenes.results import verdict_text

    banner, detail = verdict_text(result, names)
    if result.reason == "resigned" and result.winner is not None:
        reason = f"{names[1 - result.winner]} resigned"
    else:
        reason = _REASONS.get(result.reason, result.reason)
    return f"Game over, {reason}: {banner} {detail}"


def line_colour(text: str) -> Colour:
    """The colour :func:`describe_event` gives a line of this shape (for lines restored from
    a save, which keeps the words only)."""
    if text.startswith(" "):
        return t.INK_DIM
    if text.startswith("Final round"):
        return t.RED
    if text.startswith(("Turn ", "Game over", "The draw pile is empty")) or text.endswith(
            " to play."):
        return t.GOLD
    return t.INK


class LogPanel:
    """A scrollable list of log lines (newest at the bottom) in a panel of the side bar."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.entries: list[tuple[str, Colour]] = []
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.font_size = 18
        self.scroll = 0
        self._lines: list[tuple[str, Colour]] = []
        self._surface: pygame.Surface | None = None
        #: bumped whenever the panel's picture changes
        self.version = 0

    def add(self, text: str, colour: Colour = t.INK) -> None:
        self.entries.append((text, colour))
        lines = self._wrap(text)
        self._lines.extend((line, colour) for line in lines)
        if self.scroll:
            self.scroll += len(lines)  # the lines in view stay in view
        self._changed()

    def _changed(self) -> None:
        self._surface = None
        self.version += 1

    def place(self, rect: pygame.Rect, font_size: int) -> None:
        """New panel geometry (resize): re-wrap every line."""
        self.rect = rect.copy()
        self.font_size = font_size
        self._lines = [(line, colour) for text, colour in self.entries
                       for line in self._wrap(text)]
        self.scroll = min(self.scroll, self._max_scroll())
        self._changed()

    def _wrap(self, text: str) -> list[str]:
        indent = len(text) - len(text.lstrip(" "))
        lines = self.theme.wrap(text.strip(), self.font_size, self.rect.width - 28 - indent * 4)
        return [" " * indent + line for line in lines]

    def _line_height(self) -> int:
        return self.theme.font(self.font_size).get_linesize() + 1

    def _visible(self) -> int:
        return max(1, (self.rect.height - 40) // self._line_height())

    def _max_scroll(self) -> int:
        return max(0, len(self._lines) - self._visible())

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        """Mouse wheel over the panel scrolls it (up = older lines); True when consumed."""
        if not self.rect.collidepoint(pos):
            return False
        self.scroll = max(0, min(self._max_scroll(), self.scroll + dy * 3))
        self._changed()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self._surface is None:
            self._surface = self._render()
        surface.blit(self._surface, self.rect)

    def _render(self) -> pygame.Surface:
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=215)
        title = self.theme.text("Game log", self.font_size + 2, t.GOLD, bold=True)
        panel.blit(title, (12, 8))
        if self.scroll:
            more = self.theme.text(f"{self.scroll} newer lines below", self.font_size - 2,
                                   t.INK_DIM)
            panel.blit(more, (self.rect.width - more.get_width() - 12, 10))
        height = self._line_height()
        end = len(self._lines) - self.scroll
        lines = self._lines[max(0, end - self._visible()):end]
        y = self.rect.height - 10 - height * len(lines)
        for line, colour in lines:
            panel.blit(self.theme.text(line, self.font_size, colour), (14, y))
            y += height
        return panel
