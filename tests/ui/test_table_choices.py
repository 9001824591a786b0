"""Choices a player can tell apart (R1.5, R3.4b/c, R3.2), played through real gestures: where
two options differ only in which physical copy of a card moves, the table moves the copy that
tells the opponent least and the log says so; Shift held at the drop asks instead, the
options naming the copy and hovering one lighting the very card that moves; a choice that
changes nothing the player can see is not asked; and a dragged card is the card that moves,
even where the core moves a twin."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at
from test_table import centre, empty_hand_point, exchange_by_drag, settle, start_table

from famiglia import i18n
from famiglia.rules import DECK, Accountant, Back, Game
from famiglia.store.settings import MIN_WINDOW
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.table.choosers import beside
from famiglia.ui.table.hints import marks_for

if TYPE_CHECKING:
    from ui_driver import Driver


def copy_of(game: Game, code: str, back: Back, zone: str = "hand") -> int:
    cards = game.hands[0] if zone == "hand" else game.play_areas[0]
    return next(card.id for card in cards if card.code == code and card.back is back)


def mixed_zeros() -> Game:
    """Seat 0 holds its start-set Famiglia 0 and a neutral one: either may pay with the other
    for the Famiglia 1 in the Street (R3.4b); which goes to the play area shows on the backs
    the opponent sees (R1.5)."""
    return game_at(hands=("F0 F0 B2", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F3 B3",
                   fresh_cards_rule=False)


def take_first_street_card(ui: Driver, table: TableScene, *,
                           shift: bool = True) -> ChooserScene[object]:
    """Drag the first Street card onto the hand (``shift``: Shift held at the drop, which
    asks which copy goes, R1.5)."""
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    try:
        ui.drag(centre(table, table.picture.zones["street"][0]), empty_hand_point(table))
    finally:
        pygame.key.set_mods(0)
    chooser = ui.app.top
    assert isinstance(chooser, ChooserScene), "the take asks"
    return chooser


def test_the_table_spends_the_copy_that_tells_the_opponent_least(app: App, ui: Driver) -> None:
    """R1.5, R5.4: with a start-set Famiglia 0 and a neutral one, no chooser asks: the
    start-set copy goes to the play area (the hand keeps the neutral back, which tells
    nothing), as the core's least_telling says, and the log says so."""
    game = mixed_zeros()
    table = start_table(ui, game)
    quiet = game.least_telling(a for a in game.legal_actions() if str(a).startswith("take 0"))
    ui.drag(centre(table, game.street[0].id), empty_hand_point(table))
    assert ui.app.top is table, "no chooser for the back"
    settle(ui)
    assert game.move_stack[-1].action == quiet
    assert game.play_areas[0][-1].back is Back.START_1
    assert {card.back for card in game.hands[0] if card.code == "F0"} == {Back.NEUTRAL}
    line = next(line for line in table.log.lines if line.kind == "to_play")
    assert dict(line.params)["back"] == "start"
    assert "start-set back" in line.text() and "Carla" in line.text()


def test_without_shift_a_joker_payment_asks_only_what_the_player_can_see(app: App,
                                                                       ui: Driver) -> None:
    """R3.4b/c: the pair and which card returns are still asked; which copy of Famiglia 0
    goes is not (R1.5)."""
    game = game_at(hands=("F0 F0 M3", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F3 B3",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    chooser = take_first_street_card(ui, table, shift=False)
    ui.click(chooser.menu.buttons[1].rect.center)
    keep = app.top
    assert isinstance(keep, ChooserScene) and keep is not chooser
    labels = [button.text for button in keep.menu.buttons]
    assert len(labels) == 2 and not any("back" in label for label in labels)
    ui.click(next(b for b in keep.menu.buttons if "Mercenary 3 stays" in b.text).rect.center)
    settle(ui)
    assert game.play_areas[0][-1].back is Back.START_1


def lit_cards(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """Every call of the renderer's chooser light from now on, with the card ids it lit."""
    calls: list[tuple[int, ...]] = []
    real = table.renderer.draw_lit_cards

    def record(surface: pygame.Surface, ids: tuple[int, ...]) -> None:
        calls.append(tuple(ids))
        real(surface, ids)

    monkeypatch.setattr(table.renderer, "draw_lit_cards", record)
    return calls


def test_a_payment_of_a_start_set_zero_and_a_neutral_one_names_each_copy(
        app: App, ui: Driver) -> None:
    """R1.5, R3.4c: Famiglia 0 + Famiglia 0 with different backs is one payment with two
    outcomes, and the two options say which copy goes to the play area."""
    game = mixed_zeros()
    table = start_table(ui, game)
    chooser = take_first_street_card(ui, table)
    labels = [button.text for button in chooser.menu.buttons]
    assert len(labels) == 2 and len(set(labels)) == 2
    assert any("start-set back goes to your play area" in label for label in labels)
    assert any("neutral back goes to your play area" in label for label in labels)
    assert all("The other Famiglia 0 stays in your hand" in label for label in labels)


@pytest.mark.parametrize("back", [Back.START_1, Back.NEUTRAL])
def test_hovering_an_option_lights_the_copy_it_moves_and_choosing_it_moves_that_copy(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, back: Back) -> None:
    """R1.5: the option in focus lights the very Famiglia 0 that goes to the play area, the
    chooser covers neither that card nor the Street card, and choosing it moves that copy."""
    game = mixed_zeros()
    table = start_table(ui, game)
    chooser = take_first_street_card(ui, table)
    wanted = copy_of(game, "F0", back)
    word = "start-set" if back is Back.START_1 else "neutral"
    button = next(b for b in chooser.menu.buttons if word in b.text)
    calls = lit_cards(table, monkeypatch)
    ui.hover(button.rect.center)
    assert calls and calls[-1] == (wanted,)
    for card_id in (wanted, game.street[0].id):
        assert not chooser.panel.colliderect(pygame.Rect(table.picture.sprites[card_id].rect))
    before = [card.id for card in game.play_areas[0]]
    ui.click(button.rect.center)
    settle(ui)
    assert [card.id for card in game.play_areas[0]] == [*before, wanted]
    assert DECK[wanted].back is back


def test_the_keyboard_focus_lights_the_card_too(app: App, ui: Driver,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The arrows move the focus and the light with it; Enter chooses the lit copy."""
    game = mixed_zeros()
    table = start_table(ui, game)
    chooser = take_first_street_card(ui, table)
    calls = lit_cards(table, monkeypatch)
    ui.press(pygame.K_DOWN)
    second = chooser.options[1][1]
    lit = calls[-1]
    before = [card.id for card in game.play_areas[0]]
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert [card.id for card in game.play_areas[0]] == [*before, *lit]
    assert game.move_stack[-1].action == second


def test_a_choice_that_changes_nothing_visible_is_not_asked(app: App, ui: Driver) -> None:
    """R1.5: two neutral Famiglia 0 pay alike, so the take happens at once."""
    game = game_at(hands=("F0 F0 F0 A1", "F0 A0 B0 M0"), play_areas=("A3", ""),
                   street="F1 B1 M1 A1 F3 B3", fresh_cards_rule=False)
    table = start_table(ui, game)
    for notation in ("accountant A1", "exchange A3 F0*"):
        assert table.apply(next(a for a in game.legal_actions() if str(a) == notation))
        settle(ui)
    assert {card.back for card in game.hands[0] if card.code == "F0"} == {Back.NEUTRAL}
    ui.drag(centre(table, game.street[0].id), empty_hand_point(table))
    assert ui.app.top is table, "nothing to choose"
    settle(ui)
    assert game.current == 1 and [c.code for c in game.hands[0]].count("F1") == 1


def test_a_joker_payment_asks_the_pair_first_then_the_copy(app: App, ui: Driver,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """R3.4b: Famiglia 0 + Famiglia 0 and Famiglia 0 + Mercenary 3 are two payments; the
    second has three outcomes the player can tell apart (which card returns, and which copy
    of Famiglia 0 goes), each named."""
    game = game_at(hands=("F0 F0 M3", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F3 B3",
                   fresh_cards_rule=False)
    table = start_table(ui, game)
    chooser = take_first_street_card(ui, table)
    pairs = [button.text for button in chooser.menu.buttons]
    assert pairs == ["1  Famiglia 0 + Famiglia 0", "2  Famiglia 0 + Mercenary 3"]
    calls = lit_cards(table, monkeypatch)
    ui.hover(chooser.menu.buttons[1].rect.center)
    zeros = {card.id for card in game.hands[0] if card.code == "F0"}
    m3 = copy_of(game, "M3", Back.NEUTRAL)
    assert set(calls[-1]) == zeros | {m3}, "the cards the pair may spend"
    ui.click(chooser.menu.buttons[1].rect.center)
    keep = app.top
    assert isinstance(keep, ChooserScene) and keep is not chooser
    labels = [button.text for button in keep.menu.buttons]
    assert len(labels) == len(set(labels)) == 3
    assert labels[2].endswith("Mercenary 3 goes to your play area. Famiglia 0 stays in your "
                              "hand.")
    start = copy_of(game, "F0", Back.START_1)
    choice = next(b for b in keep.menu.buttons if "start-set" in b.text)
    assert "Mercenary 3 stays in your hand" in choice.text
    before = [card.id for card in game.play_areas[0]]
    ui.click(choice.rect.center)
    settle(ui)
    assert [card.id for card in game.play_areas[0]] == [*before, start]
    assert "M3" in [card.code for card in game.hands[0]]


def test_a_chooser_keeps_clear_of_the_cards_it_lights_and_of_the_hand() -> None:
    """The chooser's place: never over the card asked about nor the lit cards, and over the
    hand only when nothing else fits."""
    screen = pygame.Rect(0, 0, 1280, 800)
    panel = pygame.Rect(0, 0, 500, 200)
    card = pygame.Rect(600, 300, 100, 140)
    hand = pygame.Rect(0, 560, 960, 240)
    lit = pygame.Rect(100, 600, 100, 140)
    spot = panel.copy()
    spot.center = beside(panel, card, screen, avoid=[lit], keep_clear=[hand])
    assert not spot.colliderect(card) and not spot.colliderect(lit)
    assert not spot.colliderect(hand)


@pytest.mark.parametrize("method", ["halves", "onto the card"])
def test_the_dragged_twin_is_the_card_that_flies(app: App, ui: Driver, method: str) -> None:
    """R1.3, R3.2: with two Accountant 1 on a stack of the play area the core moves one of
    them by its code; the one the player dragged (the stack's top) is the one that flies to
    the hand (its twin takes its place on screen), and the picture ends as the core's."""
    game = game_at(hands=("A2 B2 F0", "F0 A0 B0 M0"), play_areas=("A1 A1", ""),
                   street="F1 B1 M1 A1 F3 B3", fresh_cards_rule=False)
    table = start_table(ui, game)
    assert table.apply(Accountant("A2"))
    settle(ui)
    twins = [card.id for card in game.play_areas[0] if card.code == "A1"]
    b2 = copy_of(game, "B2", Back.NEUTRAL)
    moved = next(event.card for event in game.copy().apply(
        next(a for a in game.legal_actions() if str(a) == "exchange A1 B2"))
        if getattr(event, "target", "") == "hand:0")
    dragged = next(card_id for card_id in twins if card_id != moved)
    places = {card_id: pygame.Rect(table.picture.sprites[card_id].rect) for card_id in twins}
    exchange_by_drag(ui, table, dragged, b2, method)
    for _ in range(120):
        if table.picture.sprites[moved].flying:
            break
        ui.frames(1)
    flying = table.picture.sprites[moved]
    assert flying.flying
    start = pygame.Vector2(flying.rect.center)
    assert start.distance_to(places[dragged].center) < start.distance_to(places[moved].center)
    # the twin took the moved card's place on the stack, whence it settles as its top card
    twin = pygame.Vector2(table.picture.sprites[dragged].rect.center)
    assert twin.distance_to(places[moved].center) < twin.distance_to(places[dragged].center)
    settle(ui)
    assert moved in [card.id for card in game.hands[0]]
    for zone in ("hand:0", "play:0"):
        assert sorted(table.picture.zones[zone]) == sorted(game.zone_ids(zone))


def test_a_hint_lights_the_copy_its_take_spends(app: App, ui: Driver) -> None:
    """R1.5: a hinted take that spends the start-set Famiglia 0 lights that copy (and the one
    it keeps), not just any card of the code."""
    game = mixed_zeros()
    table = start_table(ui, game)
    take = next(a for a in game.legal_actions() if str(a) == "take 0 F0+F0* keep F0")
    cards, zones, pass_meant = marks_for(table.game, table.picture, take)
    assert cards == {game.street[0].id, copy_of(game, "F0", Back.START_1),
                     copy_of(game, "F0", Back.NEUTRAL)}
    assert zones == {"hand"} and not pass_meant
    exchange_game = game_at(hands=("A2 F0 F0", "F0 A0 B0 M0"), play_areas=("M2", ""),
                            street="F1 B1 M1 A1 F3 B3", fresh_cards_rule=False)
    table = start_table(ui, exchange_game)
    assert table.apply(Accountant("A2"))
    settle(ui)
    exchange = next(a for a in exchange_game.legal_actions() if str(a) == "exchange M2 F0*")
    cards, _, _ = marks_for(table.game, table.picture, exchange)
    assert cards == {copy_of(exchange_game, "M2", Back.NEUTRAL, "play"),
                     copy_of(exchange_game, "F0", Back.START_1)}


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_the_copy_chooser_fits_the_smallest_window_in_every_language(
        app: App, ui: Driver, language: str) -> None:
    """The options naming the copies wrap rather than shrink at 1024×640, in every language,
    and the chooser stays inside the window, clear of the cards it lights."""
    i18n.set_language(language)
    try:
        ui.resize(MIN_WINDOW)
        game = game_at(hands=("F0 F0 M3", "F0 A0 B0 M0"), street="F1 B1 M1 A1 F3 B3",
                       fresh_cards_rule=False)
        table = start_table(ui, game)
        chooser = take_first_street_card(ui, table)
        ui.click(chooser.menu.buttons[1].rect.center)
        keep = app.top
        assert isinstance(keep, ChooserScene) and len(keep.options) == 3
        app.theme.overflows.clear()
        for button in keep.menu.buttons:
            ui.hover(button.rect.center)
            table.draw(app.screen)
            keep.draw(app.screen)
        assert app.theme.overflows == []
        assert app.screen.get_rect().contains(keep.panel)
        zeros = [card.id for card in game.hands[0] if card.code == "F0"]
        for card_id in zeros:
            assert not keep.panel.colliderect(pygame.Rect(table.picture.sprites[card_id].rect))
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------------- what a chooser is about


def brute_position() -> Game:
    """Seat 0's Brute 2 may lower the Famiglia 3 at the Street's end by 1 or by 2."""
    return game_at(hands=("B2 F0 A0 M0 M1", "F0 A0 B0 M0"), street="B3 A2 M3 B1 F1 A1 F3",
                   fresh_cards_rule=False)


def payment_position() -> Game:
    """Seat 0 takes the Brute 2 in the Street with its Brute 1 and Mercenary 2: which of them
    goes to the play area is asked (R3.4c)."""
    return game_at(hands=("B1 M2 F0 A0 M0 F1", "F0 A0 B0 M0"), street="F3 B2 A2 M1 F1 A3",
                   fresh_cards_rule=False)


def open_by(ui: Driver, table: TableScene, method: str, card: int, target: int | None,
            key_target: int) -> None:
    """Move ``card`` onto the card ``target`` (None: the hand) by ``method``: a drag, a click
    on each, or the keys (Tab through the hand, or the Street card's digit, then the
    target's key: its digit, or T for the hand)."""
    start = centre(table, card)
    end = empty_hand_point(table) if target is None else centre(table, target)
    if method == "drag":
        ui.drag(start, end)
    elif method == "click":
        ui.click(start)
        ui.click(end)
    else:
        street = table.picture.zones["street"]
        if card in street:
            ui.press(pygame.K_1 + street.index(card), str(street.index(card) + 1))
        else:
            for _ in range(len(table.picture.zones["hand:0"])):
                ui.press(pygame.K_TAB)
                selected = table.gestures.selected
                if selected is not None and selected.card is not None and selected.card.id == card:
                    break
        ui.press(key_target, pygame.key.name(key_target))


def rests_in_view(table: TableScene, chooser: ChooserScene[object], card_id: int) -> None:
    sprite = table.picture.sprites[card_id]
    assert pygame.Rect(sprite.rect) == table.picture.slot_of[card_id] and not sprite.lift
    assert not chooser.panel.colliderect(pygame.Rect(sprite.rect))


def asked_cards(table: TableScene, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every card the chooser's light draws as the one it asks about, from now on."""
    calls: list[int] = []
    real = table.renderer.draw_asked_card

    def record(surface: pygame.Surface, card_id: int) -> None:
        calls.append(card_id)
        real(surface, card_id)

    monkeypatch.setattr(table.renderer, "draw_asked_card", record)
    return calls


@pytest.mark.parametrize("method", ["drag", "click", "keys"])
def test_the_brute_waits_in_the_hand_while_its_target_shows_lit(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """R3.3: while "Lower Famiglia 3 by…" is open, the Brute is back in its own place in the
    hand and lit, the Famiglia 3 rests in its place, uncovered and lit as the card asked
    about; Esc leaves everything as it was, and a choice plays the Brute from the hand."""
    game = brute_position()
    table = start_table(ui, game)
    brute = copy_of(game, "B2", Back.NEUTRAL)
    target = game.street[6].id
    before = game.to_dict()
    open_by(ui, table, method, brute, target, pygame.K_7)
    chooser = app.top
    assert isinstance(chooser, ChooserScene) and chooser.title == "Lower Famiglia 3 by…"
    rests_in_view(table, chooser, brute)
    rests_in_view(table, chooser, target)
    assert brute in table.picture.zones["hand:0"]
    assert not pygame.Rect(table.picture.sprites[brute].rect).colliderect(
        pygame.Rect(table.picture.sprites[target].rect))
    asked, lit = asked_cards(table, monkeypatch), lit_cards(table, monkeypatch)
    app.draw()
    assert asked[-1] == target and lit[-1] == (brute,)
    ui.press(pygame.K_ESCAPE)
    settle(ui)
    assert app.top is table and game.to_dict() == before
    for card_id in (brute, target):
        assert pygame.Rect(table.picture.sprites[card_id].rect) == table.picture.slot_of[card_id]
    open_by(ui, table, method, brute, target, pygame.K_7)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    hand = pygame.Rect(table.picture.sprites[brute].rect)
    ui.press(pygame.K_2, "2")
    ui.frames(1)
    assert hand.collidepoint(table.picture.sprites[brute].rect.center), "it sets off from there"
    settle(ui)
    assert brute in [card.id for card in game.play_areas[0]]
    assert game.effective_rank(6) == 1


@pytest.mark.parametrize("method", ["drag", "click", "keys"])
def test_the_street_card_paid_for_stays_in_the_street_while_its_payment_is_asked(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """R3.4c: while "Pay for Brute 2…" is open, the Brute 2 rests lit in its place in the
    Street, never under the hand's cards; Esc leaves everything as it was, and a choice takes
    it from there."""
    game = payment_position()
    table = start_table(ui, game)
    taken = game.street[1].id
    before = game.to_dict()
    open_by(ui, table, method, taken, None, pygame.K_t)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.title == "Pay for Brute 2: which card goes to your play area?"
    rests_in_view(table, chooser, taken)
    assert taken in table.picture.zones["street"]
    street_card = pygame.Rect(table.picture.sprites[taken].rect)
    assert not any(pygame.Rect(table.picture.sprites[card_id].rect).colliderect(street_card)
                   for card_id in table.picture.zones["hand:0"]), "no hand card covers it"
    asked = asked_cards(table, monkeypatch)
    app.draw()
    assert asked[-1] == taken
    ui.press(pygame.K_ESCAPE)
    settle(ui)
    assert app.top is table and game.to_dict() == before
    assert pygame.Rect(table.picture.sprites[taken].rect) == table.picture.slot_of[taken]
    open_by(ui, table, method, taken, None, pygame.K_t)
    assert isinstance(app.top, ChooserScene)
    ui.press(pygame.K_1, "1")
    settle(ui)
    assert taken in [card.id for card in game.hands[0]]


def test_a_payment_for_a_lowered_card_names_its_rank_this_turn(app: App, ui: Driver) -> None:
    """R3.3, R3.4b: Famiglia 3 lowered to rank 1 by the Brute is paid with rank-0 cards; the
    chooser says so ("Famiglia 3 (lowered to rank 1)"), so a pair of zeros does not look
    wrong for a card printed 3."""
    game = game_at(hands=("F0 A0 B0 M0 B2 F0 M1", "F0 A0 B0 M0"),
                   street="F1 A1 B3 M3 F3 A2", play_areas=("", ""))
    game.apply("brute B2 4 -2")
    assert game.effective_rank(4) == 1
    table = start_table(ui, game)
    open_by(ui, table, "drag", game.street[4].id, None, pygame.K_t)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert chooser.title.startswith("Pay for Famiglia 3 (lowered to rank 1)"), chooser.title
