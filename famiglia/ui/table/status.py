"""The status panel at the top of the table's side bar: whose turn it is, the four steps of a
turn (R3) with the current one lit, both scores, the piles, and short hints (a half-made
exchange, the fresh-cards rule, the reshuffle, the final round).

Everything comes from the core's read-only queries and is drawn onto one surface when the
animations rest, never per frame.
"""

from __future__ import annotations

import pygame

from ...rules import Accountant, Brute, Card, Family, Game, Refresh
from ...rules.cards import describe_code
from .. import theme as t
from ..theme import Theme
from ..widgets import draw_panel
from .drag import Half, refresh_pile
from .layout import TableFrame

Colour = tuple[int, int, int]
STEPS = ("1 Refresh", "2 Accountant", "3 Brute", "4 Take or pass")
PILE_NAMES = {"discard": "discard pile", "draw_pile": "draw pile"}
DOTS = {"now": t.GOLD, "open": t.GREEN, "closed": (90, 90, 84)}


def step_states(game: Game, takeable: int) -> list[tuple[str, str]]:
    """Each step of R3 as (state, note); the state is ``now`` (the current step), ``open``
    (still possible) or ``closed``."""
    legal = game.legal_actions()
    stage = game.stage
    states = []
    if stage == "refresh" and game.can_refresh():
        states.append(("now", "possible"))
    else:
        states.append(("closed", "done" if game.refreshed_this_turn else "not possible"))
    if stage == "accountant":
        left = game.exchanges_left
        states.append(("now", f"{left} exchange{'s' if left != 1 else ''} left"))
    elif any(isinstance(a, Accountant) for a in legal):
        states.append(("open", "you hold one"))
    else:
        states.append(("closed", "—"))
    if stage == "brute":
        states.append(("now", "played"))
    elif any(isinstance(a, Brute) for a in legal):
        states.append(("open", "you hold one"))
    else:
        states.append(("closed", "—"))
    states.append(("now" if takeable else "open",
                   f"{takeable} takeable" if takeable else "nothing takeable"))
    return states


def _strongest(hand: list[Card], family: Family) -> str | None:
    """The code of the highest-ranked card of ``family`` in ``hand`` (the one the core is
    asked about), or None."""
    cards = [card for card in hand if card.family is family]
    return max(cards, key=lambda card: card.rank).code if cards else None


def step_help(game: Game, step: int, takeable: int) -> str:
    """Hover help for a step of the turn: how to do it, or (from the core) why it is not
    possible now."""
    legal = game.legal_actions()
    hand = game.hands[game.current]
    if step == 0:
        pile = refresh_pile(game)
        if pile is not None:
            return (f"Refresh: drag a Street card onto the {PILE_NAMES[pile]} to draw as many "
                    "cards as its rank.")
        return f"Refresh not possible: {game.explain(Refresh(0))}"
    if step == 1:
        if game.stage == "accountant":
            return (f"Exchange: {game.exchanges_left} left. Drag a play-area card onto "
                    "your hand and a hand card onto your play area.")
        if any(isinstance(a, Accountant) for a in legal):
            return "Accountant: drag an Accountant from your hand onto your play area."
        held = _strongest(hand, Family.ACCOUNTANT)
        if held is None:
            return "Accountant not possible: you hold no Accountant."
        return f"Accountant not possible: {game.explain(Accountant(held))}"
    if step == 2:
        if game.stage == "brute":
            return "Brute: played this turn; the lowered rank lasts until the turn ends."
        if any(isinstance(a, Brute) for a in legal):
            return "Brute: drag a Brute from your hand onto a Street card to lower it."
        brute = _strongest(hand, Family.BRUTE)
        if brute is None:
            return "Brute not possible: you hold no Brute."
        reasons = (game.explain(Brute(brute, index, 1)) for index in range(len(game.street)))
        reason = next((reason for reason in reasons if reason), None)
        return f"Brute not possible: {reason}" if reason else "Brute not possible now."
    if takeable:
        return ("Take: drag a marked Street card onto your hand; or pass to end the "
                "turn.")
    return ("Nothing to take with your hand now: hover a Street card to see why. Pass ends "
            "the turn.")


def hints(game: Game, half: Half | None, fresh: bool) -> list[tuple[str, Colour]]:
    """Short notes under the scores."""
    notes = []
    if half is not None:
        moved = describe_code(half.card.code)
        if half.take:
            notes.append((f"Exchange: {moved} goes to your hand. Now move a hand card onto "
                          "your play area (Esc cancels).", t.HIGHLIGHT))
        else:
            notes.append((f"Exchange: {moved} goes to your play area. Now move a play-area "
                          "card onto your hand (Esc cancels).", t.HIGHLIGHT))
    if fresh:
        notes.append(("Fresh-cards rule: take one of the cards your refreshes drew.",
                      t.GOLD))
    if game.last_turn is not None and not game.over:
        notes.append((f"Final round: the game ends after turn {game.last_turn + 1}.",
                      t.RED))
    elif game.reshuffled:
        notes.append(("After the reshuffle: one refresh per turn, the card goes under the "
                      "draw pile.", t.INK_DIM))
    return notes


def render_status(frame: TableFrame, theme: Theme, game: Game, *, names: tuple[str, str],
                  seats: tuple[str, str], bottom: int, scores: tuple[int, int],
                  piles: tuple[int, int], takeable: int, half: Half | None,
                  fresh: bool) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """The panel for ``frame.status`` and where its step lines are (window coordinates, for
    their hover help); ``scores`` and ``piles`` (draw, discard counts) as the table shows
    them, ``bottom`` the seat at the bottom of the table."""
    rect = frame.status
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw_panel(panel, panel.get_rect(), alpha=225)
    x, y = 14, 10
    big, normal, small = frame.font(26), frame.font(20), frame.font(17)
    small_line = theme.font(small).get_linesize()
    normal_line = theme.font(normal).get_linesize()
    heading = f"Turn {game.turn + 1}"
    if game.last_turn is not None and not game.over:
        heading += "  ·  final round"
    panel.blit(theme.text(heading, small, t.INK_DIM), (x, y))
    y += small_line + 2
    who = names[game.current]
    if game.over:
        line, colour = "Game over", t.GOLD
    elif seats[game.current] == "human":
        line, colour = f"{who} to play", t.GOLD
    else:
        line, colour = f"{who} is playing", t.INK
    panel.blit(theme.text(line, big, colour, bold=True), (x, y))
    y += theme.font(big).get_linesize() + 6
    step_rects = []
    if seats[game.current] == "human" and not game.over:
        for (state, note), label in zip(step_states(game, takeable), STEPS, strict=True):
            ink = t.INK if state != "closed" else t.INK_DIM
            pygame.draw.circle(panel, DOTS[state], (x + 7, y + normal // 2), max(4, normal // 4))
            panel.blit(theme.text(label, normal, ink, bold=state == "now"), (x + 20, y))
            note_image = theme.text(note, small, t.INK_DIM)
            panel.blit(note_image, (rect.width - note_image.get_width() - 12, y + 2))
            step_rects.append(pygame.Rect(rect.x + x, rect.y + y, rect.width - 2 * x,
                                          normal_line + 3))
            y += normal_line + 3
    y += 6
    pygame.draw.line(panel, t.PANEL_EDGE, (x, y), (rect.width - x, y))
    y += 8
    for seat in (bottom, 1 - bottom):
        panel.blit(theme.text(names[seat], normal, t.INK, bold=seat == game.current), (x, y))
        vp = theme.text(f"{scores[seat]} VP", normal, t.GOLD, bold=True)
        panel.blit(vp, (rect.width - vp.get_width() - 12, y))
        y += normal_line + 2
    y += 4
    pile = f"Draw pile {piles[0]}"
    pile += "  ·  reshuffled" if game.reshuffled else f"  ·  discard {piles[1]}"
    panel.blit(theme.text(pile, small, t.INK_DIM), (x, y))
    y += small_line + 2
    for hint, colour in hints(game, half, fresh):
        for text in theme.wrap(hint, small, rect.width - 2 * x):
            if y + small_line > rect.height - 6:
                return panel, step_rects
            panel.blit(theme.text(text, small, colour), (x, y))
            y += small_line
    return panel, step_rects
