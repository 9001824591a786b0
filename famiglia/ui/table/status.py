"""The status panel at the top of the table's side bar: whose turn it is, the four steps of a
turn (R3) with the current one lit, both scores, the piles, and short hints (a half-made
exchange, the fresh-cards rule, the reshuffle, the final round).

Everything comes from the core's read-only queries and is drawn onto one surface when the
animations rest, never per frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from ... import i18n
from ...i18n import N_, _, ngettext
from ...players.seats import SeatKind
from ...rules import Accountant, Brute, Card, Family, Game, Refresh, Stage, Zone
from .. import theme as t
from ..labels import deal_number
from ..theme import Colour, Theme
from ..widgets import draw_panel
from .drag import Half, pass_ends_game, refresh_pile
from .layout import TableFrame
from .marks import LAST_MOVE
from .places import Place

#: The four steps of a turn (R3), numbered on the panel.
STEPS = (N_("Refresh"), N_("Accountant"), N_("Brute"), N_("Take or pass"))
#: A step of the turn in the status panel: the current one, one still possible, or not.
StepState = Literal["now", "open", "closed"]
DOTS: dict[StepState, tuple[int, int, int]] = {"now": t.GOLD, "open": t.GREEN,
                                               "closed": (90, 90, 84)}


def step_states(game: Game, takeable: int) -> list[tuple[StepState, str]]:
    """Each step of R3 as (state, note); the state is ``now`` (the current step), ``open``
    (still possible) or ``closed``."""
    legal = game.legal_actions()
    stage = game.stage
    states: list[tuple[StepState, str]] = []
    if stage == Stage.REFRESH and game.can_refresh():
        # Translators: the notes beside the steps of a turn in the status panel (short).
        states.append(("now", _("possible")))
    else:
        states.append(("closed", _("done") if game.refreshed_this_turn else _("not possible")))
    if stage == Stage.ACCOUNTANT:
        left = game.exchanges_left
        states.append(("now", ngettext("{n} exchange left", "{n} exchanges left",
                                       left).format(n=left)))
    elif any(isinstance(a, Accountant) for a in legal):
        states.append(("open", _("you hold one")))
    else:
        states.append(("closed", "—"))
    if stage == Stage.BRUTE:
        states.append(("now", _("played")))
    elif any(isinstance(a, Brute) for a in legal):
        states.append(("open", _("you hold one")))
    else:
        states.append(("closed", "—"))
    states.append(("now" if takeable else "open",
                   ngettext("{n} takeable", "{n} takeable", takeable).format(n=takeable)
                   if takeable else _("nothing takeable")))
    return states


def _strongest(hand: list[Card], family: Family) -> str | None:
    """The code of the highest-ranked card of ``family`` in ``hand`` (the one the core is
    asked about), or None."""
    cards = [card for card in hand if card.family is family]
    return max(cards, key=lambda card: card.rank).code if cards else None


def _why(reason: i18n.MessageLike | str | None) -> str:
    """A reason from the core in the current language."""
    return i18n.translate_message(reason) if reason else ""


def step_help(game: Game, step: int, takeable: int) -> str:
    """Hover help for a step of the turn: how to do it, or (from the core) why it is not
    possible now."""
    legal = game.legal_actions()
    hand = game.hands[game.current]
    if step == 0:
        pile = refresh_pile(game)
        if pile is Place.DISCARD:
            return _("Refresh: drag a Street card onto the discard pile to draw as many cards "
                     "as its rank.")
        if pile is not None:
            return _("Refresh: drag a Street card onto the draw pile to draw as many cards "
                     "as its rank.")
        return _("Refresh not possible: {reason}").format(reason=_why(game.explain(Refresh(0))))
    if step == 1:
        if game.stage == Stage.ACCOUNTANT:
            left = game.exchanges_left
            return ngettext("Exchange: {n} left. Drag a play-area card onto your hand and a "
                            "hand card onto your play area.",
                            "Exchange: {n} left. Drag a play-area card onto your hand and a "
                            "hand card onto your play area.", left).format(n=left)
        if any(isinstance(a, Accountant) for a in legal):
            return _("Accountant: drag an Accountant from your hand onto your play area.")
        held = _strongest(hand, Family.ACCOUNTANT)
        if held is None:
            return _("Accountant not possible: {reason}").format(
                reason=_("you hold no Accountant."))
        return _("Accountant not possible: {reason}").format(
            reason=_why(game.explain(Accountant(held))))
    if step == 2:
        if game.stage == Stage.BRUTE:
            return _("Brute: played this turn; the lowered rank lasts until the turn ends.")
        if any(isinstance(a, Brute) for a in legal):
            return _("Brute: drag a Brute from your hand onto a Street card to lower it.")
        brute = _strongest(hand, Family.BRUTE)
        if brute is None:
            return _("Brute not possible: {reason}").format(reason=_("you hold no Brute."))
        reasons = (game.explain(Brute(brute, index, 1)) for index in range(len(game.street)))
        reason = next((reason for reason in reasons if reason), None)
        if reason:
            return _("Brute not possible: {reason}").format(reason=_why(reason))
        return _("Brute not possible now.")
    if pass_ends_game(game):
        if takeable:
            return _("Take: drag a marked Street card onto your hand, or pass, which ends the "
                     "game now.")
        return _("Nothing to take with your hand now: hover a Street card to see why. A pass "
                 "ends the game now.")
    if takeable:
        return _("Take: drag a marked Street card onto your hand, or pass to end the turn.")
    return _("Nothing to take with your hand now: hover a Street card to see why. Pass ends "
             "the turn.")


def hints(game: Game, half: Half | None, fresh: bool,
          last_mover: str | None = None) -> list[tuple[str, Colour, bool]]:
    """Short notes under the scores, each with whether it may be left out where the panel has
    no room for it (what the table or a tooltip shows anyway); ``last_mover``: whose last
    turn the table marks."""
    notes = []
    if half is not None:
        moved = i18n.describe_code(half.card.code)
        if half.take:
            notes.append((_("Exchange: {card} goes to your hand. Now move a hand card onto "
                            "your play area (Esc cancels).").format(card=moved), t.HIGHLIGHT,
                          False))
        else:
            notes.append((_("Exchange: {card} goes to your play area. Now move a play-area "
                            "card onto your hand (Esc cancels).").format(card=moved),
                          t.HIGHLIGHT, False))
    if fresh:
        notes.append((_("Fresh-cards rule: take one of the cards your refreshes drew."),
                      t.GOLD, False))
    if game.last_turn is not None and not game.is_terminal():
        notes.append((_("Final round: the game ends after turn {number}.").format(
            number=game.last_turn + 1), t.RED, False))
    elif game.refresh_zone is Zone.DRAW_PILE and not game.is_terminal():
        notes.append((_("After the reshuffle: one refresh per turn, the card goes under the "
                        "draw pile."), t.INK_DIM, True))
    if last_mover is not None:
        notes.append((_("Outlined in orange: what {name} did last turn.").format(
            name=last_mover), LAST_MOVE, True))
    return notes


#: The space between two steps' rows, and how far a note under its step is indented.
ROW_GAP, NOTE_INDENT = 4, 12


@dataclass(frozen=True)
class StepRow:
    """Where a step of the turn goes in the status panel (panel coordinates): its name's
    line, its note's lines (beside the name, on its line, where it fits; else under the
    name, indented, before the next step) and the whole row."""

    state: StepState
    label: str
    name: pygame.Rect
    note_lines: tuple[str, ...]
    notes: tuple[pygame.Rect, ...]
    rect: pygame.Rect


def step_rows(theme: Theme, frame: TableFrame, states: list[tuple[StepState, str]], x: int,
              y: int, width: int) -> list[StepRow]:
    """The rows of the four steps (R3) from ``y`` down, ``width`` wide from ``x``: each
    step's name keeps its size and its note keeps the small size, so that a note with no
    room beside its step wraps under it, indented, and the rows are spaced apart, each note
    plainly its own step's."""
    normal, small = frame.font(20), frame.font(17)
    name_font, note_font = theme.font(normal), theme.font(small)
    rows = []
    for number, ((state, note), label) in enumerate(zip(states, STEPS, strict=True), start=1):
        text = f"{number} {_(label)}"
        name_width = min(width - 20, theme.font(normal, state == "now").size(text)[0])
        name = pygame.Rect(x + 20, y, name_width, name_font.get_linesize())
        bottom = name.bottom
        note_width = note_font.size(note)[0]
        if note_width <= width - 20 - name_width - 8:
            # beside the name, on the name's baseline
            top = y + name_font.get_ascent() - note_font.get_ascent()
            lines: tuple[str, ...] = (note,)
            notes: tuple[pygame.Rect, ...] = (pygame.Rect(x + width - note_width, top,
                                                          note_width, note_font.get_height()),)
        else:
            left = name.left + NOTE_INDENT
            lines = theme.wrap(note, small, x + width - left)
            notes = tuple(pygame.Rect(left, name.bottom + index * note_font.get_linesize(),
                                      note_font.size(line)[0], note_font.get_height())
                          for index, line in enumerate(lines))
            bottom = notes[-1].bottom
        row = pygame.Rect(x, y, width, bottom - y)
        rows.append(StepRow(state, text, name, lines, notes, row))
        y = row.bottom + ROW_GAP
    return rows


def render_status(frame: TableFrame, theme: Theme, game: Game, *, names: tuple[str, str],
                  seats: tuple[SeatKind, SeatKind], bottom: int, scores: tuple[int, int],
                  piles: tuple[int, int], takeable: int, half: Half | None,
                  fresh: bool, last_mover: str | None = None,
                  titles: tuple[str, str] | None = None, pass_note: str | None = None
                  ) -> tuple[pygame.Surface, list[pygame.Rect]]:
    """The panel for ``frame.status`` and where its step lines are (window coordinates, for
    their hover help); ``scores`` and ``piles`` (draw, discard counts) as the table shows
    them, ``bottom`` the seat at the bottom of the table, ``titles`` the seats' names as the
    scores show them (a computer's with its level); ``pass_note``: after the person's pass,
    how the other side's pass would end the game (R5.2), at the panel's foot, just above the
    Pass button."""
    rect = frame.status
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw_panel(panel, panel.get_rect(), alpha=225)
    x, y = 14, 10
    big, normal, small = frame.font(26), frame.font(20), frame.font(17)
    small_line = theme.font(small).get_linesize()
    normal_line = theme.font(normal).get_linesize()
    width = rect.width - 2 * x
    heading = _("Turn {number}").format(number=game.turn + 1)
    if game.last_turn is not None and not game.is_terminal():
        heading = _("Turn {number} · final round").format(number=game.turn + 1)
    setup = game.setup
    deal_width = 0
    if setup.dealt_by_seed:
        assert setup.seed is not None
        deal = theme.fit(_("Deal {seed}").format(seed=deal_number(setup.seed)), small,
                         width // 2, t.INK_DIM)  # to play it again
        panel.blit(deal, (rect.width - deal.get_width() - 12, y))
        deal_width = deal.get_width() + 10
    panel.blit(theme.fit(heading, small, width - deal_width, t.INK_DIM), (x, y))
    y += small_line + 2
    who = names[game.current]
    if game.is_terminal():
        line, colour = _("Game over"), t.GOLD
    elif seats[game.current] == SeatKind.HUMAN:
        line, colour = _("{name} to play").format(name=who), t.GOLD
    else:
        line, colour = _("{name} is playing").format(name=who), t.INK
    panel.blit(theme.fit(line, big, width, colour, bold=True), (x, y))
    y += theme.font(big).get_linesize() + 6
    step_rects = []
    if seats[game.current] == SeatKind.HUMAN and not game.is_terminal():
        rows = step_rows(theme, frame, step_states(game, takeable), x, y, width)
        for row in rows:
            ink = t.INK if row.state != "closed" else t.INK_DIM
            pygame.draw.circle(panel, DOTS[row.state], (x + 7, row.name.centery),
                               max(4, normal // 4))
            panel.blit(theme.fit(row.label, normal, row.name.width, ink,
                                 bold=row.state == "now"), row.name)
            for line, where in zip(row.note_lines, row.notes, strict=True):
                panel.blit(theme.text(line, small, t.INK_DIM), where)
            step_rects.append(row.rect.move(rect.topleft))
        y = rows[-1].rect.bottom if rows else y
    y += 6
    pygame.draw.line(panel, t.PANEL_EDGE, (x, y), (rect.width - x, y))
    y += 8
    for seat in (bottom, 1 - bottom):
        vp = theme.fit(i18n.vp_text(scores[seat]), normal, width // 3, t.GOLD, bold=True)
        panel.blit(vp, (rect.width - vp.get_width() - 12, y))
        panel.blit(theme.fit(str((titles or names)[seat]), normal, width - vp.get_width() - 10,
                             t.INK, bold=seat == game.current), (x, y))
        y += normal_line + 2
    y += 4
    if game.refresh_zone is Zone.DRAW_PILE:
        pile = _("Draw pile {draw}  ·  reshuffled").format(draw=piles[0])
    else:
        pile = _("Draw pile {draw}  ·  discard {discard}").format(draw=piles[0],
                                                                 discard=piles[1])
    panel.blit(theme.fit(pile, small, width, t.INK_DIM), (x, y))
    y += small_line + 2
    bottom_edge = rect.height - 6
    if pass_note:
        lines = theme.wrap(pass_note, small, width, bold=True)
        bottom_edge -= small_line * len(lines) + 8
        pygame.draw.line(panel, t.RED, (x, bottom_edge), (rect.width - x, bottom_edge), 2)
        for index, text in enumerate(lines):
            panel.blit(theme.text(text, small, t.HIGHLIGHT, bold=True),
                       (x, bottom_edge + 6 + index * small_line))
    notes = hints(game, half, fresh, last_mover)
    needed = sum(len(theme.wrap(hint, small, width)) for hint, _colour, optional in notes
                 if not optional)
    for hint, colour, optional in notes:
        room = max(0, (bottom_edge - y) // small_line)
        lines = theme.wrap(hint, small, width, max_lines=None if optional else room)
        if optional:
            if len(lines) > room - needed:
                continue  # an optional note never takes the room of one that must show
        else:
            needed -= len(lines)
        for text in lines[:room]:
            panel.blit(theme.text(text, small, colour), (x, y))
            y += small_line
    return panel, step_rects
