"""The table in play, through the real ``app.frame`` loop: the log survives Continue, an
ending pass asks first (R5.2), a miss says so, the reshuffled discard box (R4.2, R3.1a), the
hand-over's account of the last turn, the keyboard on long Streets, no rule codes in the
table's words, stale tooltips, resigning, and the idle protocol."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import (
    COMPUTER,
    NAMES,
    centre,
    dismiss_handover,
    empty_hand_point,
    exchange_by_drag,
    gesture,
    settle,
    start_table,
    street_point,
    tooltips_shown,
)

from famiglia.players.seats import Seat, SeatKind
from famiglia.rules import DECK, PASS, Action, Back, Game, Refresh, Zone, parse_action
from famiglia.store.savegame import SaveGameStore
from famiglia.ui import theme as t
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.notices import reading_time
from famiglia.ui.scenes.dialog import ConfirmScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.session import resume_table
from famiglia.ui.session import start_table as start_saved_table
from famiglia.ui.table import state as state_module
from famiglia.ui.table import tooltips as tooltips_module
from famiglia.ui.table.computer import Caption, action_line
from famiglia.ui.table.drag import HAND_CARD_GOES, PLAY_CARD_GOES, STREET_CARD_GOES, Spot, targets
from famiglia.ui.table.gestures import MISSED
from famiglia.ui.table.help import SHORTCUTS
from famiglia.ui.table.phrases import Line
from famiglia.ui.table.places import Place
from famiglia.ui.table.status import hints
from famiglia.ui.table.street_layout import MIN_STRIP
from famiglia.ui.table.tooltips import HOVER_DELAY, spot_tooltip

if TYPE_CHECKING:
    from ui_driver import Driver

RULE_CODE = re.compile(r"\b[RS]\d(\.\d+[a-z]?)?\b")


def test_the_log_survives_continue(app: App, ui: Driver) -> None:
    """Every action saves the game with the log lines it wrote; Continue puts them back
    (and the table goes on logging after them)."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_saved_table(app, game, NAMES, ("human", "human"))
    app.push(table)
    ui.frames(1)
    dismiss_handover(ui)
    settle(ui)
    ui.drag(street_point(table, 0), empty_hand_point(table))
    saved = SaveGameStore().load()
    assert saved is not None
    worded = [Line.decode(line).text() for line in saved.log]
    assert any(line.startswith("Vito takes Brute 0") for line in worded), worded
    assert not any("takes" in line for line in saved.log), "the save keeps data, not words"
    settle(ui)
    shown = [text for text, _ in table.log.entries]

    app.reset(HandoverScene(app, "nobody"))
    resumed = resume_table(app)
    assert resumed is not None
    lines = [text for text, _ in resumed.log.entries]
    assert lines[:len(saved.log)] == worded
    assert lines[-1] == "Resumed: turn 2, Carla to play."
    assert set(worded) <= set(shown)


def test_continue_says_once_that_the_game_was_resumed(app: App, ui: Driver) -> None:
    """The "Resumed" line shows after Continue but is not saved: Continue after Continue shows
    it once, at the turn the game stands at; the lines an older version saved with each
    Continue are left out."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    old = [Line.of("opening", first="Vito", second="Carla", turn=1, name="Vito").encode(),
           Line.of("resumed", turn=1, name="Vito").encode(),
           Line.of("resumed", turn=1, name="Vito").encode()]
    SaveGameStore().save(game, NAMES, (Seat.human(), Seat.human()), log=old)
    for _ in range(3):
        app.reset(HandoverScene(app, "nobody"))
        table = resume_table(app)
        assert table is not None
        lines = [text for text, _ in table.log.entries]
        assert lines == ["Vito and Carla: turn 1, Vito to play.",
                         "Resumed: turn 1, Vito to play."]
        saved = SaveGameStore().load()
        assert saved is not None
        assert [Line.decode(line).kind for line in saved.log] == ["opening"]


def test_a_log_saved_as_words_by_an_older_version_still_shows(app: App) -> None:
    """A save from before the log was kept as data holds finished English lines: Continue
    shows them as they are, and the new lines after them in the current language."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    old = ["Vito and Carla: turn 1, Vito to play.", "Vito passes.", "Turn 2 · Carla"]
    SaveGameStore().save(game, NAMES, (Seat.human(), Seat.human()), log=old)
    resumed = resume_table(app)
    assert resumed is not None
    assert [text for text, _ in resumed.log.entries][:3] == old


# ---------------------------------------------------------------------- an ending pass


def test_a_pass_that_ends_the_game_shows_and_asks_first(app: App, ui: Driver) -> None:
    """R5.2: after the other player's pass, the Pass button is red and says the game ends
    before it is clicked, and the click asks; "Keep playing" changes nothing, the other
    answer ends the game."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   passed_last_turn=True, turn=2)
    table = start_table(ui, game)
    button = table.pass_button
    assert button.danger and button.text == "Pass: game ends"
    assert "game ends" in (button.tooltip or "")
    ui.click(button.rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert "Carla passed last turn" in question.text
    ui.press(pygame.K_RETURN)
    assert app.top is question, "Enter does not answer a question that ends the game"
    ui.press(pygame.K_ESCAPE)
    settle(ui)
    assert not game.is_terminal() and app.top is table
    ui.press(pygame.K_SPACE, " ")
    assert isinstance(app.top, ConfirmScene)
    ui.press(pygame.K_p, "p")
    settle(ui)
    assert game.is_terminal() and game.result is not None and game.result.reason == "double_pass"


def test_an_ordinary_pass_is_not_asked(app: App, ui: Driver) -> None:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    assert not table.pass_button.danger and table.pass_button.text == "Pass"
    ui.click(table.pass_button.rect.center)
    settle(ui)
    assert game.passed_last_turn and game.current == 1


def test_the_pass_button_keeps_its_plain_word_while_the_computer_refreshes(
        app: App, ui: Driver) -> None:
    """R3.1: the computer's refresh is a step of its turn, not of the person's: the greyed
    Pass button says "Pass" until the person has acted in their own turn."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   draw_pile="F0 B2 M2 F3 A3 B1", current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    table.flow.computer_wait = 1e9  # the seat's own moves are made by hand here
    for action in (Refresh(0), parse_action("take 5")):
        line = action_line(game, action, "Carla", computer=True)
        table.after_apply([Caption("Carla", line, "easy", refresh=action == Refresh(0)),
                           *game.apply(action)])
        settle(ui)
        if action == Refresh(0):
            assert game.current == 1 and game.refreshed_this_turn
            assert not table.pass_button.enabled and table.pass_button.text == "Pass"
    assert game.current == 0 and table.pass_button.text == "Pass"
    table.apply(Refresh(0))
    settle(ui)
    assert table.pass_button.enabled and table.pass_button.text == "End turn: pass"


# ---------------------------------------------------------------------- clicks and piles


def test_a_click_beside_every_target_keeps_the_selection_and_says_so(app: App,
                                                                    ui: Driver) -> None:
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    ui.click(street_point(table, 0))
    selected = table.gestures.selected
    assert selected is not None
    frame = table.frame
    gap = (frame.street.centerx, (frame.street.bottom + frame.bottom_play.top) // 2 - 4)
    assert table.gestures.hit(gap) is None, "a spot just outside every zone"
    ui.click(gap)
    assert table.gestures.selected == selected
    assert table.gestures.refusal is not None and table.gestures.refusal[0] == MISSED


def test_after_the_reshuffle_the_discard_box_is_no_refresh_target(app: App,
                                                                   ui: Driver) -> None:
    """R4.2, R3.1a: after the reshuffle a refreshed card goes under the draw pile; only the
    draw pile takes the drop, the discard box refuses it in words and reads as unused."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   draw_pile="A2 M2 B2 F3 A3 M3 B4", reshuffled=True, rest="play_areas")
    table = start_table(ui, game)
    before = game.to_dict()
    ui.drag(street_point(table, 0), table.frame.discard.center)
    settle(ui)
    assert game.to_dict() == before
    assert table.gestures.refusal is not None
    assert "under the draw pile" in table.gestures.refusal[0]
    assert "discard" not in {spot.zone for spot in targets_of(table, 0)}
    assert "draw_pile" in {spot.zone for spot in targets_of(table, 0)}
    assert "nothing is discarded" in (spot_tooltip(table, table.picture, Spot(Place.DISCARD)) or "")
    ui.drag(street_point(table, 0), table.frame.draw_pile.center)
    settle(ui)
    assert game.refreshed_this_turn
    assert game.to_dict()["ids"]["draw_pile"][-1] == before["ids"]["street"][0]


def own_card(table: TableScene, zone: str, code: str) -> int:
    return next(i for i in table.picture.zones[f"{zone}:0"] if DECK[i].code == code)


@pytest.mark.parametrize(("source", "target", "words"), [
    ("street", "play", STREET_CARD_GOES[Place.DISCARD]),
    ("street", "their_play", STREET_CARD_GOES[Place.DISCARD]),
    ("hand", "discard", HAND_CARD_GOES),
    ("hand", "their_hand", HAND_CARD_GOES),
    ("play", "discard", PLAY_CARD_GOES),
    ("play", "their_hand", PLAY_CARD_GOES),
])
@pytest.mark.parametrize("method", ["drag", "click"])
def test_a_card_dropped_where_none_of_its_moves_goes_says_where_it_can_go(
        app: App, ui: Driver, source: str, target: str, words: str, method: str) -> None:
    """A takeable Street card dropped on the own play area, a hand card on a pile or on the
    other side's hand, a play-area card on a pile: the card goes back and a sentence
    says where such a card can be dropped."""
    game = game_at(hands=("F0 F0 A0 B0", "F0 A0 B0 M0"), play_areas=("M2", "A1"),
                   street="F1 B1 M1 A1 F2 B3")
    table = start_table(ui, game)
    card = {"street": game.street[0].id, "hand": own_card(table, "hand", "A0"),
            "play": own_card(table, "play", "M2")}[source]
    frame = table.frame
    point = {"play": (frame.bottom_play.right - 6, frame.bottom_play.centery),
             "their_play": centre(table, game.play_areas[1][0].id),
             "discard": frame.discard.center, "draw_pile": frame.draw_pile.center,
             "their_hand": frame.top_hand.center}[target]
    before = game.to_dict()
    gesture(ui, method, centre(table, card), point)
    refusal = table.gestures.refusal
    assert refusal is not None and refusal[0] == words
    settle(ui)
    assert game.to_dict() == before
    assert pygame.Rect(table.picture.sprites[card].rect) == table.picture.slot_of[card]


def test_a_card_put_back_among_its_own_says_nothing(app: App, ui: Driver) -> None:
    """A Street card dropped onto the Street is put back, not refused."""
    game = game_at(hands=("F0 F0 A0 B0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3")
    table = start_table(ui, game)
    ui.drag(street_point(table, 0), street_point(table, 3))
    assert table.gestures.refusal is None


def test_a_refusal_stays_to_be_read_clear_of_the_cards_it_names(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """R3.1a: the refresh card dropped on the discard pile after the reshuffle: the reason
    stays as long as a notice of its length, covers neither the Street card, the discard pile
    nor the draw pile it names, and the next press takes it away."""
    drawn: list[pygame.Rect] = []
    real = tooltips_module.draw_tooltip

    def capture(surface, theme, text, anchor, **options):  # type: ignore[no-untyped-def]
        drawn.append(real(surface, theme, text, anchor, **options))
        return drawn[-1]

    monkeypatch.setattr(tooltips_module, "draw_tooltip", capture)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   draw_pile="A2 M2 B2 F3 A3 M3 B4", reshuffled=True, rest="play_areas")
    table = start_table(ui, game)
    card = game.street[0].id
    ui.drag(street_point(table, 0), table.frame.discard.center)
    refusal = table.gestures.refusal
    assert refusal is not None and "under the draw pile" in refusal[0]
    text = refusal[0]
    settle(ui)
    waited = 0.0
    while waited + 0.5 < reading_time(text):
        app.frame([], 0.5)
        waited += 0.5
        assert table.gestures.refusal is not None and table.gestures.refusal[0] == text
    app.draw()
    note = drawn[-1]
    for rect in (table.picture.slot_of[card], table.frame.discard, table.frame.draw_pile):
        assert not note.colliderect(rect)
    ui.click((table.frame.bottom_play.right - 6, table.frame.bottom_play.centery))
    assert table.gestures.refusal is None


def test_resting_on_another_card_puts_the_refusal_away_for_its_tooltip(
        app: App, ui: Driver) -> None:
    """A refusal waits to be read, but the pointer resting on another card shows that
    card's tooltip instead."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    ui.drag(street_point(table, 4), empty_hand_point(table))
    assert table.gestures.refusal is not None
    ui.frames(40)
    assert table.gestures.refusal is not None, "the pointer has not moved on"
    ui.hover(street_point(table, 2))
    ui.frames(40)
    assert table.gestures.refusal is None
    assert table.gestures.hover == Spot(Place.STREET, game.street[2], 2)
    assert table.gestures.hover_text and game.street[2].name in table.gestures.hover_text


def targets_of(table: TableScene, index: int) -> list[Spot]:
    card_id = table.picture.zones["street"][index]
    return targets(table.game, Spot(Place.STREET, DECK[card_id], index))


# ---------------------------------------------------------------------- long Streets


def long_street(count: int) -> str:
    pool = [f"{family}{rank}" for rank in (1, 2, 3, 4, 1, 2, 3, 1, 2, 1) for family in "FABM"]
    return " ".join(pool[:count])


def test_a_long_street_keeps_every_card_identifiable_and_grabbable(app: App,
                                                                    ui: Driver) -> None:
    """At the smallest window a Street of 10 to 24 cards keeps each card's corner (rank and
    family) uncovered and wide enough to grab, the badges apart, the Street apart from the
    piles, and a drag on a card's strip takes that card, not its neighbour."""
    ui.resize((1024, 640))
    for count in (10, 16, 24):
        game = game_at(hands=("F0 F0 A0 B0 M0 M0 A0", "A0 B0 B0 F0"), street=long_street(count),
                       fresh_cards_rule=False)
        table = start_table(ui, game, seats=("human", COMPUTER))
        slots = table.picture.street_slots
        assert len(slots) == count
        piles = table.frame.draw_pile.union(table.frame.discard)
        for index, slot in enumerate(slots):
            corner = pygame.Rect(slot.rect.left, slot.rect.top, round(slot.rect.width * 0.3),
                                 round(slot.rect.height * 0.3))
            assert slot.visible.contains(corner) or slot.visible.width >= corner.width
            assert slot.visible.width >= 36, (count, index, slot.visible)
            assert slot.rect.height >= 60
            assert not slot.rect.colliderect(piles)
            for other in slots[index + 1:]:
                assert not slot.visible.colliderect(other.visible)
                assert not slot.take.colliderect(other.take)
                assert not slot.fresh.colliderect(other.fresh)
            assert not slot.take.colliderect(slot.fresh)
            assert table.gestures.hit(slot.visible.center) == Spot(
                "street", DECK[table.picture.zones["street"][index]], index)
        ui.press(pygame.K_RIGHT)
        for _ in range(count - 1):
            ui.press(pygame.K_RIGHT)
        selected = table.gestures.selected
        assert selected is not None and selected.index == count - 1, "arrows reach the end"
        ui.press(pygame.K_ESCAPE)
        ui.press(pygame.K_0, "0")
        selected = table.gestures.selected
        assert selected is not None and selected.index == 9
        app.reset(HandoverScene(app, "next"))


def test_a_full_gangster_play_area_shows_every_card(app: App, ui: Driver) -> None:
    """S2: the Gangster's 30–40 cards, in rank order, lie on a stack per code and back, each
    stack's top card keeping a strip wide enough for its rank chip and name, the strips
    apart, and the stacks' counts adding up to every card."""
    ui.resize((1024, 640))
    pool = long_street(36).split()  # with its start set (R1.5), 40 cards
    game = game_at(opponent="gangster", hands=("F0 A0 B0 M0", ""),
                   play_areas=("", " ".join(sorted(pool, key=lambda code: code[1]))),
                   street="F0 A0 B0 M0 F0 A0")
    table = start_table(ui, game, seats=("human", "gangster"))
    picture = table.picture
    assert len(picture.display_order(Zone.PLAY_1)) == 40
    tops = picture.pickable(Zone.PLAY_1)
    ranks = [DECK[card_id].rank for card_id in tops]
    assert ranks == sorted(ranks), "in rank order (S2)"
    counts = picture.stack_counts[Zone.PLAY_1]
    assert sum(counts.get(card_id, 1) for card_id in tops) == 40
    strips = [picture.visible[card_id] for card_id in tops]
    assert min(strip.width for strip in strips) >= MIN_STRIP
    for index, strip in enumerate(strips):
        assert all(not strip.colliderect(other) for other in strips[index + 1:])


def test_choosers_never_cover_the_card_they_ask_about(app: App, ui: Driver) -> None:
    """R3.4b: the payment chooser opens beside the Street card it is about."""
    game = game_at(hands=("F1 F1 M3 A0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    f2 = table.picture.zones["street"][4]
    ui.drag(street_point(table, 4), empty_hand_point(table))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert not chooser.panel.colliderect(pygame.Rect(table.picture.sprites[f2].rect))


# ---------------------------------------------------------------------- words and tooltips


def test_no_rule_codes_in_what_the_table_says(app: App, ui: Driver,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Status, step help, tooltips, help, log and captions speak plain words; the hand's
    label shows the hand's VP, the play area's label the play area's."""
    shown = tooltips_shown(monkeypatch)
    game = game_at(hands=("F1 F1 A2 B2 M3 F0", "F0 A0 B0 M0"), play_areas=("F2 F3", ""),
                   street="F2 B1 M1 A1 F3 B3", draw_pile="A2 M2 B2 A3 M3 B4",
                   reshuffled=True, rest="play_areas")
    table = start_table(ui, game)
    spots = [*table.step_rects, table.pass_button.rect, table.frame.discard,
             table.frame.draw_pile, table.frame.top_hand]
    points = [rect.center for rect in spots] + [
        street_point(table, index) for index in range(6)]
    for point in points:
        ui.hover(point)
        ui.frames(40)
    shown += [text for _, text in SHORTCUTS] + [text for text, _ in table.log.entries]
    shown += [text for text, *_ in hints(game, None, True, NAMES[1])]
    for _ in range(6):
        table.apply(game.legal_actions()[0])
        table.finish_animations()
        ui.frames(2)
        if isinstance(app.top, HandoverScene):
            dismiss_handover(ui)
    shown += [text for text, _ in table.log.entries]
    assert len(shown) > 20
    for text in shown:
        assert not RULE_CODE.search(text), text

    name = NAMES[table.bottom]
    hand = sum(DECK[i].vp for i in table.picture.zones[f"hand:{table.bottom}"])
    play = sum(DECK[i].vp for i in table.picture.zones[f"play:{table.bottom}"])
    assert hand and play
    assert table.renderer.labels["hand"] == (
        f"{name}'s hand  ·  {hand} VP in hand  ·  {hand + play} VP in all")
    assert table.renderer.labels["play"] == f"{name}'s play area  ·  {play} VP"


def test_no_stale_tooltip_after_a_resize_or_at_a_new_turn(app: App, ui: Driver) -> None:
    # the computer is behind, so it answers the pass with a move rather than ending the game
    game = game_at(hands=("F0 A0 B0 M0", "A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.hover(street_point(table, 2))
    ui.frames(40)
    assert table.gestures.hover_text
    ui.resize((1024, 640))
    ui.frames(40)
    assert table.gestures.hover is None and not table.gestures.hover_text

    point = street_point(table, 2)
    ui.hover(point)
    ui.click(table.pass_button.rect.center)
    for _ in range(20):
        settle(ui)
        app.frame([], 1.0)
        if game.current == 0:
            break
    settle(ui)
    ui.frames(40)
    assert game.current == 0
    assert table.gestures.hover is None, "no tooltip pops up under a pointer that did not move"


@pytest.mark.parametrize("drop", ["refused take", "put back"])
def test_after_a_drop_the_tooltip_is_of_the_card_under_the_pointer(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, drop: str) -> None:
    """A Street card taking what it cannot pay for, or a hand card put back onto another:
    the pointer rests on a hand card, and once the refusal is read the tooltip shown is that
    card's, never the dragged card's."""
    shown = tooltips_shown(monkeypatch)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    under = next(card for card in game.hands[0] if card.code == "A0")
    dragged = game.street[4] if drop == "refused take" else next(
        card for card in game.hands[0] if card.code == "M0")
    sprite = table.picture.sprites[under.id]
    point = (round(sprite.rect.centerx), round(sprite.rect.bottom) - 20)
    ui.drag((round(table.picture.sprites[dragged.id].rect.centerx),
             round(table.picture.sprites[dragged.id].rect.bottom) - 20), point)
    assert (table.gestures.refusal is not None) == (drop == "refused take")
    for _ in range(20):
        settle(ui)
        app.frame([], 1.0)
    ui.frames(40)
    assert table.gestures.refusal is None
    assert table.gestures.hover == Spot(Place.HAND, under)
    assert shown and shown[-1].startswith(under.name), shown
    assert not any(text.startswith(dragged.name) for text in shown), shown


# ---------------------------------------------------------------------- the hand-over


def legal(game: Game, notation: str) -> Action:
    return next(action for action in game.legal_actions() if str(action) == notation)


def test_the_hand_over_tells_what_the_other_player_did(app: App, ui: Driver) -> None:
    """R5.4 keeps the hands hidden, but the actions were public: the hand-over screen says
    in plain words what the player before did (R3.1–R3.4), with no notation or rule codes."""
    game = game_at(hands=("A2 B2 F1 F1 M3 F0", "F0 A0 B0 M0"), play_areas=("F2", ""),
                   street="F2 B1 M1 A1 F3 B3", draw_pile="A1 M2", fresh_cards_rule=False)
    table = start_table(ui, game)
    for notation in ("refresh 0", "accountant A2", "exchange F2 F0", "brute B2 3 -1",
                     "take 3 F1+M3 keep M3"):
        assert table.apply(legal(game, notation))
    settle(ui)
    handover = app.top
    assert isinstance(handover, HandoverScene)
    assert handover.last_turn == (
        "Vito refreshed the Street once, played Accountant 2, exchanged one card between "
        "hand and play area, played Brute 2 on Famiglia 3 and took it with Famiglia 1 and "
        "Mercenary 3.")
    dismiss_handover(ui)
    settle(ui)
    ui.click(table.pass_button.rect.center)
    settle(ui)
    handover = app.top
    assert isinstance(handover, HandoverScene)
    assert handover.last_turn == "Carla passed."


# ---------------------------------------------------------------------- resign and idle


def test_resign_ends_the_game_for_the_person_to_move(app: App, ui: Driver) -> None:
    """The pause menu's Resign: the person to move gives up, the other side wins, the results
    follow and the log says who resigned."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    table.resign()
    settle(ui)
    assert game.result is not None and game.result.reason == "resigned"
    assert game.result.winner == 1
    assert isinstance(app.top, ResultsScene)
    assert any("Vito resigned" in text for text, _ in table.log.entries)


def test_the_table_rests_when_nothing_moves(app: App, ui: Driver) -> None:
    """The idle protocol: at rest on a person's turn the table needs no frames; a move, a
    computer seat's coming turn, a hover's tooltip delay each say so."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.frames(2)
    assert not table.animating()
    ui.hover(street_point(table, 1))
    wait = table.next_change()
    assert wait is not None and 0 < wait <= HOVER_DELAY
    ui.frames(40)
    assert table.next_change() is None and not table.animating()
    ui.drag(street_point(table, 0), empty_hand_point(table))
    assert table.animating(), "the take plays, then the computer seat moves"
    settle(ui)
    assert table.animating() == (game.current == 1)


def test_a_saved_game_against_the_computer_resumes(app: App, ui: Driver) -> None:
    """A computer seat saved as such comes back as the same computer seat (kind, level and
    the seed the table settled), with the log."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    SaveGameStore().save(game, NAMES, (Seat.human(), Seat.computer("easy")),
                         log=["Vito and Carla: turn 1, Vito to play."])
    table = resume_table(app)
    assert table is not None and table.seats[0] == Seat.human()
    assert table.seats[1].kind is SeatKind.COMPUTER and table.seats[1].level == "easy"
    assert isinstance(table.seats[1].seed, int)
    assert table.log.entries[0][0] == "Vito and Carla: turn 1, Vito to play."


def play_the_other_side(ui: Driver, table: TableScene, game: Game) -> None:
    """Let the other side play until the person at seat 0 is to move (hand-overs passed)."""
    for _ in range(100):
        settle(ui)
        if isinstance(ui.app.top, HandoverScene):
            dismiss_handover(ui)
        if game.current == 0 and ui.app.top is table:
            break
    settle(ui)
    assert game.current == 0 and table.bottom == 0


@pytest.mark.parametrize("other", ["computer", "gangster", "person"])
def test_continue_marks_the_other_sides_last_move_as_before(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, other: str) -> None:
    """The process dies after the other side's turn (the computer's, the Gangster's, or the
    other person's in hot-seat); Continue marks that turn's cards as the table did, and the
    status panel says whose move they show."""
    movers: list[str | None] = []
    real = state_module.render_status

    def capture(*args, **kwargs):  # type: ignore[no-untyped-def]
        movers.append(kwargs["last_mover"])
        return real(*args, **kwargs)

    monkeypatch.setattr(state_module, "render_status", capture)
    names: tuple[str | None, str | None] = NAMES
    if other == "gangster":
        game = Game.new(11, opponent="gangster", gangster_level=1, first_player=1)
        seats = (Seat.human(), Seat.gangster())
        names = (NAMES[0], None)
    else:
        game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                       current=1, turn=1, first_player=0)
        seats = (Seat.human(), COMPUTER if other == "computer" else Seat.human())
    table = start_saved_table(app, game, names, seats)
    app.push(table)
    if other == "person":
        ui.frames(1)
        dismiss_handover(ui)
        settle(ui)
        assert table.apply(legal(game, "take 0"))
    play_the_other_side(ui, table, game)
    marks = table.last_move_marks
    assert marks
    resumed = resume_table(app)
    assert resumed is not None and resumed.bottom == 0
    assert resumed.last_move_marks == marks
    app.replace(resumed)
    ui.frames(2)
    if isinstance(app.top, HandoverScene):
        dismiss_handover(ui)
    settle(ui)
    assert resumed.last_move_marks == marks
    assert movers[-1] == resumed.names[1]
    app.draw()
    assert marks <= set(resumed.renderer.card_marks.outlines)


def test_continue_marks_nothing_once_the_person_has_acted(app: App, ui: Driver) -> None:
    """The person's own move this turn took the marks off: Continue does not put them back,
    and the turn they are playing is marked whole once it ends."""
    game = game_at(hands=("B2 F0 A0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0, fresh_cards_rule=False)
    table = start_saved_table(app, game, NAMES, (Seat.human(), COMPUTER))
    app.push(table)
    play_the_other_side(ui, table, game)
    assert table.last_move_marks
    brute = next(action for action in game.legal_actions() if str(action).startswith("brute"))
    assert table.apply(brute)
    settle(ui)
    assert not table.last_move_marks
    resumed = resume_table(app)
    assert resumed is not None and not resumed.last_move_marks
    played = next(card for card in resumed.game.play_areas[0] if card.code == "B2")
    app.replace(resumed)
    settle(ui)
    assert resumed.apply(PASS)
    resumed.finish_animations()
    last = resumed.playback.last_move
    assert last is not None and last[0] == 0
    assert played.id in last[1], "the Brute played before Continue belongs to the turn"


def test_the_selection_outline_shows_on_a_takeable_card(app: App, ui: Driver) -> None:
    """A Street card that glows as takeable (R3.4a) still shows, once selected by key, the
    selection's outline around it, drawn over the glow."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    assert 0 in table.takeable
    ui.press(pygame.K_1, "1")
    ui.frames(1)
    outline = table.renderer.card_marks.outlines[table.picture.zones[Zone.STREET][0]]
    above = min((piece for piece in outline if piece.width > piece.height),
                key=lambda piece: piece.top)
    assert above.bottom <= table.picture.street_slots[0].visible.top
    assert tuple(app.screen.get_at(above.center))[:3] == t.HIGHLIGHT


def test_the_table_plays_its_sounds(app: App, ui: Driver,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A refresh slides its card away and deals the new ones (R3.1); a take slides; a
    person's turn coming round chimes."""
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", played.append)
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F2 B3",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    assert table.apply(legal(game, "refresh 0"))
    table.finish_animations()
    assert played == ["slide", "deal"]
    take = next(action for action in game.legal_actions() if str(action).startswith("take"))
    assert table.apply(take)
    table.finish_animations()
    assert played[2] == "slide" and played[-1] == "turn"


def test_an_undo_plays_back_on_the_table(app: App, ui: Driver) -> None:
    """The core's undo plays on the table like any move: the cards fly home, the
    lowered rank goes (R3.3), the log says what was taken back and the hand-over's story
    leaves it out."""
    game = game_at(hands=("A2 B2 F1 F1 M3 F0", "F0 A0 B0 M0"), play_areas=("F2", ""),
                   street="F2 B1 M1 A1 F3 B3", draw_pile="A1 M2", fresh_cards_rule=False)
    table = start_table(ui, game)
    assert table.apply(legal(game, "brute B2 4 -1"))
    table.finish_animations()
    assert table.playback.lowered
    table.after_apply(game.undo())
    table.finish_animations()
    ui.frames(2)
    assert not table.playback.lowered
    assert table.picture.zones == {zone: list(game.zone_ids(zone)) for zone in table.picture.zones}
    assert table.log.entries[-1][0] == "Vito takes back Brute 2."
    ui.click(table.pass_button.rect.center)
    settle(ui)
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.last_turn == "Vito passed."


def test_a_covered_table_needs_no_frames(app: App, ui: Driver) -> None:
    """Under the pause menu nothing on the table moves, even with a computer seat to move."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3",
                   current=1, turn=1, first_player=0)
    table = start_table(ui, game, seats=("human", COMPUTER))
    ui.press(pygame.K_ESCAPE)
    assert app.top is not table
    assert not table.animating() and table.next_change() is None


# ---------------------------------------------------------------------- R1.5


@pytest.mark.parametrize("back", [Back.START_1, Back.NEUTRAL])
@pytest.mark.parametrize("method", ["halves", "onto the card"])
def test_the_card_the_player_moves_is_the_card_that_moves(app: App, ui: Driver, back: Back,
                                                          method: str) -> None:
    """R1.5: with a start-set and a neutral Brute 0 in the hand, the exchange gives the very
    Brute 0 the player dragged, whichever back it has."""
    game = game_at(hands=("A2 B0 B0", "F0 A0 B0 M0"), play_areas=("M2 F3", ""),
                   street="F2 A1 B2 M3 F1 A3", draw_pile="B1 M1")
    table = start_table(ui, game)
    assert table.apply(legal(game, "accountant A2"))
    settle(ui)
    dragged = next(card.id for card in game.hands[0] if card.code == "B0" and card.back is back)
    m2 = next(card.id for card in game.play_areas[0] if card.code == "M2")
    exchange_by_drag(ui, table, m2, dragged, method)
    settle(ui)
    assert dragged in [card.id for card in game.play_areas[0]]
    assert m2 in [card.id for card in game.hands[0]]
