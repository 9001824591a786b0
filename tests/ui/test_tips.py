"""The coach's tips in the first games: each situation is recognised from the core's facts
(legal actions, a Brute tried on a copy, the seat's view, a pass that would end the game), a
tip shows the first time its situation arises for a player and never again for that player
(the progress file remembers it), Settings can switch the tips off, a tip never blocks a move,
and it is drawn beside the table, over no card."""

from __future__ import annotations

import re
from typing import Any

import pytest
from positions import game_at
from test_table import NAMES, empty_hand_point, gesture, settle, street_point
from test_tutorial import street_arrows_hold
from ui_driver import Driver

from famiglia import i18n
from famiglia.players.seats import Seat
from famiglia.rules import Game
from famiglia.store.progress import ProgressStore
from famiglia.ui.app import App
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.phrases import Line
from famiglia.ui.tutorial.coach import card_rects
from famiglia.ui.tutorial.script import hand, street_card
from famiglia.ui.tutorial.tips import CoachTips, situations

START = "F0 A0 B0 M0"


def keys(game: Game) -> list[str]:
    return [tip.key for tip in situations(game, game.current)]


def position(**zones: Any) -> Game:
    zones.setdefault("hands", (START, START))
    return game_at(**zones)


def final_round() -> Game:
    """R5.1: the refresh after the reshuffle draws the whole pile, the second exhaustion;
    the start set can take none of the new cards (R3.1d), so a pass is all that is left."""
    game = position(street="B3 A2 M3 F2 A3 B2", draw_pile="A1 B1", reshuffled=True,
                    rest="play_areas")
    game.apply("refresh 0")
    assert game.last_turn is not None
    return game


SITUATIONS = {
    "zero": lambda: position(street="F1 A2 B0 M3 F2 A3"),
    "pair": lambda: position(hands=(START + " F1 F1", START), street="F2 A2 B0 M3 F3 A3"),
    "joker": lambda: position(hands=(START + " F1 M2", START), street="F2 A2 B0 M3 F3 A3"),
    "accountant": lambda: position(hands=("F0 A0 B0 A2", START), play_areas=("M0 F1", ""),
                                   street="B3 A3 M3 F3 B2 M2"),
    "brute": lambda: position(hands=(START + " B2 M1", START), street="F3 A3 M3 B3 A2 M2"),
    "refresh": lambda: position(street="F3 A3 M3 B3 A2 M2"),
    "reshuffled": lambda: position(street="F3 A3 M3 B3 A2 M2", draw_pile="A1 B1",
                                   reshuffled=True, rest="play_areas"),
    "backs": lambda: position(hands=(START + " B0", START), street="B1 F3 A3 M3 F2 A3"),
    "exhausted": lambda: position(hands=("F0 A0 B0", START), play_areas=("M0", ""),
                                  street="F3 A3 M3 B3 A2 M2"),
    "makes_pair": lambda: position(hands=(START + " A1 M1", START),
                                   street="A1 F3 M3 B3 A2 M2"),
}


def situation(key: str) -> Game:
    if key == "fresh":  # R3.1d: after a refresh
        game = position(street="F3 A3 M3 B3 A2 M2", draw_pile="A1")
        game.apply("refresh 4")
        return game
    if key in ("final_round", "pass"):
        return final_round()
    if key == "opponent_passed":  # R5.2
        game = position(street="F1 A2 B0 M3 F2 A3", current=1)
        game.apply("pass")
        return game
    return SITUATIONS[key]()


@pytest.mark.parametrize("key", [*SITUATIONS, "fresh", "final_round", "pass",
                                 "opponent_passed"])
def test_each_situation_is_read_from_the_core(key: str) -> None:
    """Each position shows its situation first (the most pressing one that holds)."""
    assert keys(situation(key))[0] == key or key in ("pass", "exhausted", "makes_pair")
    assert key in keys(situation(key))


def test_situations_name_the_cards_the_core_would_move() -> None:
    """R3.4b: the pair and the Mercenary standing in are the payments of a legal take;
    R3.3: the Brute's target becomes takeable only after it."""
    pair = next(tip for tip in situations(situation("pair"), 0) if tip.key == "pair")
    assert dict(pair.cards) == {"pair": "F1", "card": "F2"}
    joker = next(tip for tip in situations(situation("joker"), 0) if tip.key == "joker")
    assert dict(joker.cards) == {"merc": "M2", "genuine": "F1", "card": "F2"}
    brute = next(tip for tip in situations(situation("brute"), 0) if tip.key == "brute")
    assert dict(brute.cards) == {"brute": "B2", "card": "F3"}
    backs = next(tip for tip in situations(situation("backs"), 0) if tip.key == "backs")
    assert dict(backs.cards) == {"card": "B0"}
    final = situation("final_round")
    assert keys(final)[0] == "final_round" and final.legal_actions() == [
        action for action in final.legal_actions() if str(action) == "pass"]


def test_a_lone_free_card_is_named_and_several_are_pointed_at_alike() -> None:
    """R3.4a: one free card is named; with Accountant 0 and Famiglia 0 both free, the tip
    points at both and names neither (which serves best is the player's judgement)."""
    game = position(street="F1 A2 B0 M3 F2 A3")
    zero = next(tip for tip in situations(game, 0) if tip.key == "zero")
    assert dict(zero.cards) == {"card": "B0"} and zero.points == (street_card(2),)
    for street, free in (("A0 F0 B3 M3 F2 A3", (0, 1)), ("A0 B3 M3 F2 A3 F0", (0, 5))):
        game = position(street=street)
        zero = next(tip for tip in situations(game, 0) if tip.key == "zero")
        assert not zero.cards and zero.points == tuple(street_card(i) for i in free), street


def test_a_tip_about_refreshing_needs_a_refresh_the_core_offers() -> None:
    """R4.2, R3.1: after the reshuffle with a 0 in the Street no refresh is legal, so neither
    the reshuffle's tip ("you may refresh once per turn") nor the refresh tip shows."""
    game = position(street="F3 A3 M3 B0 A2 M2", draw_pile="A1 B1", reshuffled=True,
                    rest="play_areas")
    assert not any(str(action).startswith("refresh") for action in game.legal_actions())
    assert "reshuffled" not in keys(game) and "refresh" not in keys(game)


def test_the_backs_tip_shows_where_a_move_may_spend_either_copy() -> None:
    """R1.5: with the start set's Brute 0 and a neutral one, the pair taking Brute 1 may
    spend either: the tip says so; with one copy only, it does not show."""
    assert keys(situation("backs"))[0] == "backs"
    assert "backs" not in keys(situation("pair"))


@pytest.mark.parametrize(("language", "shift"), [("en", "Shift"), ("de", "Umschalt"),
                                               ("nl", "Shift")])
def test_the_backs_tip_says_the_table_moves_a_copy_and_shift_chooses(language: str,
                                                                    shift: str) -> None:
    """R1.5: the table moves the copy that tells the opponent least without asking
    (test_table_choices.py), so the tip says that a copy is spent and how to choose it, and
    never that the table asks."""
    i18n.set_language(language)
    try:
        game = situation("backs")
        tip = next(tip for tip in situations(game, game.current) if tip.key == "backs")
        words = tip.words("Carla")
    finally:
        i18n.set_language("en")
    assert shift in words and "Carla" in words
    assert not re.search(r"\b(asks|fragt|vraagt)\b", words), words


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_tip_states_facts_and_never_tells_the_best_move(language: str) -> None:
    """A tip says what the core allows and how to do it (in brackets), never as a command
    that reads as the coach's advice ("take it", "drag it into your hand")."""
    commands = {"en": r"take|drag|drop|pass|refresh|play|lower|bring|keep",
                "de": r"nimm|ziehe?|lege?|passe|spiele?|bestücke|senke|hole|behalte",
                "nl": r"neem|sleep|leg|pas|speel|vul|verlaag|haal|houd"}[language]
    i18n.set_language(language)
    try:
        for key in [*SITUATIONS, "fresh", "final_round", "pass", "opponent_passed"]:
            tip = next(tip for tip in situations(situation(key), situation(key).current)
                       if tip.key == key)
            words = re.sub(r"\([^)]*\)", "", tip.words("Carla"))
            assert not re.search(rf"(^|[:.;!]\s+)({commands})\b", words, re.IGNORECASE), (
                f"{key}: {words}")
    finally:
        i18n.set_language("en")


def test_a_card_that_makes_a_pair_is_pointed_out_once_a_take_makes_it() -> None:
    """Playing well (R3.4b): Accountant 1 taken with Accountant 0 and Mercenary 1 standing in
    joins the Accountant 1 in the hand, a pair for the Accountant 2 later; the tip comes after
    the rule's own (the Mercenary standing in), and not where the hand holds no copy or a pair
    already, nor for a free 0 (which pairs with the start set's at every turn)."""
    tips = situations(situation("makes_pair"), 0)
    assert [tip.key for tip in tips][:2] == ["joker", "makes_pair"]
    pair = tips[1]
    assert dict(pair.cards) == {"card": "A1"}
    assert pair.points == (street_card(0), hand("A1"))
    assert "makes_pair" not in keys(position(hands=(START + " M1", START),
                                             street="A1 F3 M3 B3 A2 M2"))
    assert "makes_pair" not in keys(position(hands=(START + " A1 A1 M1", START),
                                             street="A1 F3 M3 B3 A2 M2"))
    assert "makes_pair" not in keys(position(street="A0 F3 M3 B3 A2 M2"))


def test_quiet_positions_have_no_tip() -> None:
    """Nothing new to say when a take is all there is and it is an ordinary one."""
    game = position(hands=(START, START), play_areas=("", ""), street="F0 A2 B3 M3 F2 A3")
    assert keys(game) == ["zero"]


# ---------------------------------------------------------------------- at the table


def tips_of(table: TableScene) -> CoachTips:
    return next(overlay for overlay in table.renderer.overlays
                if isinstance(overlay, CoachTips))


def table_for(ui: Driver, game: Game, names: tuple[str, str] = NAMES) -> TableScene:
    table = TableScene(ui.app, game, names, seats=(Seat.human(), Seat.computer("easy", 3)))
    ui.app.push(table)
    settle(ui)
    return table


def test_a_tip_shows_once_per_player_and_situation(app: App, ui: Driver) -> None:
    table = table_for(ui, situation("zero"))
    tips = tips_of(table)
    assert tips.tip is not None and tips.tip.key == "zero"
    assert tips.tip.words("Carla") == "Brute 0 has rank 0: you can take it for free."
    assert ProgressStore().load().tips_seen("Vito") == {"zero"}
    app.pop()
    again = table_for(ui, situation("zero"))
    assert tips_of(again).tip is None
    app.pop()
    other = table_for(ui, situation("zero"), ("Anna", "Carla"))
    assert tips_of(other).tip is not None and tips_of(other).tip.key == "zero"  # type: ignore[union-attr]


def test_the_next_situation_gets_its_own_tip(app: App, ui: Driver) -> None:
    """Tips already seen give way to the first one not seen yet, most pressing first."""
    store = ProgressStore()
    store.see_tip("Vito", "pair")
    table = table_for(ui, situation("pair"))
    assert tips_of(table).tip is not None and tips_of(table).tip.key == "zero"  # type: ignore[union-attr]


def test_a_tip_never_blocks_a_move_and_covers_no_card(app: App, ui: Driver) -> None:
    table = table_for(ui, situation("zero"))
    tips = tips_of(table)
    assert tips.tip is not None
    assert table.frame.side.contains(tips.rect)
    assert tips.rect.collidelist(card_rects(table.picture)) < 0
    for arrow in tips.pointers.arrows:
        assert arrow.collidelist(card_rects(table.picture)) < 0
    gesture(ui, "drag", street_point(table, 2), empty_hand_point(table))
    settle(ui)
    assert "B0" in [card.code for card in table.game.hands[0]][-1:]
    assert tips.tip is None  # the opponent's turn: no tip


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_tips_street_card_gets_an_arrow(app: App, ui: Driver, size: tuple[int, int]) -> None:
    """R3.4a: the free card the tip names is ringed and pointed at from outside the Street's
    row, clear of the Street's heading, nothing but its own badges in between."""
    ui.resize(size)
    table = table_for(ui, situation("zero"))
    tips = tips_of(table)
    assert tips.tip is not None and tips.tip.key == "zero"
    street_arrows_hold(table, tips.pointers, tips.tip.points)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_log_gives_the_tip_room(app: App, ui: Driver, size: tuple[int, int]) -> None:
    """While a tip shows over the top of the log, the log draws itself below it, its newest
    lines in view, nothing of it under the tip; when the tip goes, the log has its room
    back."""
    ui.resize(size)
    table = table_for(ui, situation("zero"))
    for turn in range(40):
        table.log.add(Line.of("resumed", turn=turn, name="Vito"))
    ui.frames(1)
    tips, log = tips_of(table), table.log
    assert tips.tip is not None
    assert not log.shown.colliderect(tips.rect) and log.shown.bottom == log.rect.bottom
    assert log.scroll == 0 and log._visible() >= 3
    gesture(ui, "drag", street_point(table, 2), empty_hand_point(table))
    settle(ui)
    assert tips.tip is None and log.shown == log.rect


def test_a_tip_goes_with_the_players_next_move(app: App, ui: Driver) -> None:
    """R3.1: the refresh tip shows while no 0 lies in the Street; after the player refreshes,
    a refresh is still possible (no 0 came in), but the tip has been acted on and goes."""
    store = ProgressStore()
    store.see_tip("Vito", "fresh")
    game = position(street="F3 A3 M3 B3 A2 M2", draw_pile="A1 F2")
    table = table_for(ui, game)
    tips = tips_of(table)
    assert tips.tip is not None and tips.tip.key == "refresh"
    gesture(ui, "drag", street_point(table, 4), table.frame.discard.center)
    settle(ui)
    assert len(game.move_stack) == 1 and game.current == 0
    assert any(str(action).startswith("refresh") for action in game.legal_actions())
    assert "refresh" in keys(game) and tips.tip is None


def test_tips_can_be_switched_off(app: App, ui: Driver) -> None:
    app.save_settings(app.settings.with_changes(tips=False))
    table = table_for(ui, situation("zero"))
    assert tips_of(table).tip is None and tips_of(table).rect.width == 0
    assert ProgressStore().load().tips_seen("Vito") == frozenset()


def test_the_tips_switch_is_in_the_settings(app: App, ui: Driver) -> None:
    from famiglia.ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    ui.frames(1)
    ui.click(scene.tips.segments()[1].center)
    assert app.settings.tips is False
    assert app.settings_store.load().tips is False


def test_lessons_have_no_tips(app: App, ui: Driver) -> None:
    from famiglia.ui.tutorial.table import LessonTable

    table = LessonTable(app, 1)
    app.push(table)
    settle(ui)
    assert not any(isinstance(overlay, CoachTips) for overlay in table.renderer.overlays)
