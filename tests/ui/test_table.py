"""The table scene played as a player would: synthetic mouse drags and clicks on the card
sprites and key presses, through the real ``app.frame`` loop.  Every move goes into the core
(docs/rules.md R3), every refusal comes back as the core's reason, and the hot-seat hand-over keeps
each hand hidden from the other player (R5.4).

Animations are real but fast-forwarded with ``TableScene.finish_animations`` between gestures,
which keeps the suite quick; the gestures themselves take the same path as a mouse.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame
import pytest
from positions import game_at

from famiglia.i18n import translate_message
from famiglia.players.seats import Seat
from famiglia.rules import DECK, Game, Refresh, Take, Zone
from famiglia.rules.rng import Rng
from famiglia.ui.app import App
from famiglia.ui.chooser import ChooserScene
from famiglia.ui.scenes.handover import HandoverScene
from famiglia.ui.scenes.new_game import NewGameScene
from famiglia.ui.scenes.pause import PauseScene
from famiglia.ui.scenes.results import ResultsScene
from famiglia.ui.scenes.rules_help import RulesScene
from famiglia.ui.scenes.table import TableScene
from famiglia.ui.scenes.title import TitleScene
from famiglia.ui.table import tooltips as tooltips_module
from famiglia.ui.table.help import TableHelpScene
from famiglia.ui.table.zoom import CardZoomScene
from famiglia.ui.theme import Theme

if TYPE_CHECKING:
    from ui_driver import Driver

Point = tuple[int, int]
NAMES = ("Vito", "Carla")
#: A computer seat (tests think in-process with a small search: conftest.quick_thinking)
COMPUTER = Seat.computer("easy", 1)


# ---------------------------------------------------------------------- helpers


def table_of(app: App) -> TableScene:
    return next(scene for scene in reversed(app.scenes) if isinstance(scene, TableScene))


def settle(ui: Driver) -> None:
    """Land every card and play every queued event, then let the table react (hand-over,
    computer turns, results)."""
    for scene in ui.app.scenes:
        if isinstance(scene, TableScene):
            scene.finish_animations()
    ui.frames(2)


def centre(table: TableScene, card_id: int) -> Point:
    sprite = table.picture.sprites[card_id]
    return (round(sprite.rect.centerx), round(sprite.rect.centery - sprite.lift))


def street_point(table: TableScene, index: int) -> Point:
    return centre(table, table.picture.zones["street"][index])


def own_card_point(table: TableScene, zone: str, code: str) -> Point:
    """The centre of a card with ``code`` in the bottom player's ``hand`` or ``play`` area."""
    ids = table.picture.zones[f"{zone}:{table.bottom}"]
    return centre(table, next(i for i in ids if DECK[i].code == code))


def empty_hand_point(table: TableScene) -> Point:
    """A spot of the hand zone left of the (centred) fan."""
    return (table.frame.bottom_hand.left + 6, table.frame.bottom_hand.centery)


def empty_play_point(table: TableScene) -> Point:
    """A spot of the play area right of its (left-aligned) cards."""
    return (table.frame.bottom_play.right - 6, table.frame.bottom_play.centery)


def gesture(ui: Driver, method: str, source: Point, target: Point) -> None:
    """Move a card from ``source`` to ``target`` by dragging, or by two clicks."""
    if method == "drag":
        ui.drag(source, target)
    else:
        ui.click(source)
        ui.click(target)


def exchange_by_drag(ui: Driver, table: TableScene, out: int, back: int, method: str) -> None:
    """R3.2: exchange the play-area card ``out`` for the hand card ``back`` by dragging, in
    two ``halves`` (each onto the other zone) or one card ``onto the card``."""
    if method == "halves":
        ui.drag(centre(table, out), empty_hand_point(table))
        settle(ui)
        ui.drag(centre(table, back), empty_play_point(table))
    else:
        ui.drag(centre(table, back), centre(table, out))


@contextmanager
def texts_rendered(theme: Theme) -> Iterator[list[tuple[str, int]]]:
    """Every text ``theme`` renders inside the ``with`` block, with its size."""
    seen: list[tuple[str, int]] = []
    render = theme.text

    def spy(text: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        seen.append((text, size))
        return render(text, size, *args, **kwargs)  # type: ignore[arg-type]

    theme.text = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        del theme.text


def tooltips_shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every tooltip the table draws from now on."""
    shown: list[str] = []
    real = tooltips_module.draw_tooltip

    def capture(surface, theme, text, anchor, **options):  # type: ignore[no-untyped-def]
        shown.append(text)
        return real(surface, theme, text, anchor, **options)

    monkeypatch.setattr(tooltips_module, "draw_tooltip", capture)
    return shown


def choose(ui: Driver, label: str) -> None:
    """Click the option of the open chooser whose label contains ``label``."""
    chooser = ui.app.top
    assert isinstance(chooser, ChooserScene), f"no chooser open, {chooser!r} is on top"
    button = next(b for b in chooser.menu.buttons if label in b.text)
    ui.click(button.rect.center)


def dismiss_handover(ui: Driver) -> None:
    assert isinstance(ui.app.top, HandoverScene)
    ui.click((ui.app.size[0] // 2, ui.app.size[1] // 2))


def start_table(ui: Driver, game: Game, **kwargs: object) -> TableScene:
    """Put a table for ``game`` on the app; hot-seat games start behind the hand-over."""
    table = TableScene(ui.app, game, NAMES, **kwargs)  # type: ignore[arg-type]
    ui.app.push(table)
    ui.frames(1)
    if isinstance(ui.app.top, HandoverScene):
        dismiss_handover(ui)
    settle(ui)
    return table


def actions_position() -> Game:
    """Seat 0 can refresh (no rank 0 in the Street, R3.1), play Accountant 2 (R3.2) with an
    exhausted F2 to take back, play Brute 2 (R3.3) on the F3, and pay for it with F1 + F1 or
    F1 + the Mercenary joker M3 (R3.4b).  The fresh-cards rule is off so the F3 may be taken
    after the refresh."""
    return game_at(hands=("A2 B2 F1 F1 M3 F0", "F0 A0 B0 M0"), play_areas=("F2", ""),
                   street="F2 B1 M1 A1 F3 B3", draw_pile="A1 M2", fresh_cards_rule=False)


def codes(cards: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(card.code for card in cards)


# ---------------------------------------------------------------------- every action


@pytest.mark.parametrize("method", ["drag", "click"])
def test_every_action_by_drag_and_by_click(app: App, ui: Driver, method: str) -> None:
    """R3.1 refresh, R3.2 Accountant and one exchange (in two halves), R3.3 Brute with the
    amount chooser defaulting to the useful amount, R3.4b/c take with the payment and keep
    choosers, R3.4d pass: each performed by dragging (or clicking) the card sprites."""
    game = actions_position()
    table = start_table(ui, game)

    # R3.1: a Street card onto the discard pile
    gesture(ui, method, street_point(table, 0), table.frame.discard.center)
    settle(ui)
    assert game.refreshed_this_turn
    assert [card.code for card in game.discard] == ["F2"]
    assert [card.code for card in game.street] == ["B1", "M1", "A1", "F3", "B3", "A1", "M2"]
    assert table.picture.zones["street"] == [card.id for card in game.street]

    # R3.2: the Accountant onto the own play area
    gesture(ui, method, own_card_point(table, "hand", "A2"), empty_play_point(table))
    settle(ui)
    assert game.stage == "accountant" and game.exchanges_left == 2
    assert codes(game.play_areas[0]) == ["A0", "A2", "B0", "F2", "M0"]

    # R3.2: one exchange, a play-area card onto the hand, then a hand card onto the play area
    gesture(ui, method, own_card_point(table, "play", "F2"), empty_hand_point(table))
    settle(ui)
    assert table.gestures.half is not None and table.gestures.half.take == "F2"
    assert game.exchanges_left == 2, "half an exchange changes nothing in the game"
    gesture(ui, method, own_card_point(table, "hand", "F0"), empty_play_point(table))
    settle(ui)
    assert table.gestures.half is None
    assert game.exchanges_left == 1
    assert codes(game.play_areas[0]) == ["A0", "A2", "B0", "F0", "M0"]
    assert "F2" in codes(game.hands[0])

    # R3.3: the Brute onto the F3; lowering by 1 makes it takeable with F1 + F1 or F1 + M3,
    # by 2 would not (no F0 left in the hand), so 1 is offered first
    gesture(ui, method, own_card_point(table, "hand", "B2"), street_point(table, 3))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert "−1" in chooser.menu.buttons[chooser.menu.selected].text
    choose(ui, "−1")
    settle(ui)
    assert game.stage == "brute" and game.effective_rank(3) == 2
    assert table.playback.lowered == {game.street[3].id: 2}

    # R3.4b/c: the F3 onto the hand; pay F1 + M3, keep M3
    f3 = game.street[3].id
    gesture(ui, method, street_point(table, 3), empty_hand_point(table))
    choose(ui, "Famiglia 1 + Mercenary 3")
    choose(ui, "Mercenary 3 stays in your hand")
    settle(ui)
    assert f3 in [card.id for card in game.hands[0]]
    assert "M3" in codes(game.hands[0])
    assert codes(game.play_areas[0]) == ["A0", "A2", "B0", "B2", "F0", "F1", "M0"]
    assert game.current == 1
    assert isinstance(app.top, HandoverScene), "the next player's turn starts covered"

    # R3.4d: the other player passes with the Pass button
    dismiss_handover(ui)
    settle(ui)
    assert table.bottom == 1
    ui.click(table.pass_button.rect.center)
    settle(ui)
    assert game.current == 0 and game.passed_last_turn
    assert table.picture.zones["hand:0"] == [card.id for card in game.hands[0]]
    assert table.picture.zones["play:0"] == [card.id for card in game.play_areas[0]]


@pytest.mark.parametrize("method", ["drag", "click"])
def test_illegal_drop_snaps_back_with_the_core_reason(app: App, ui: Driver, method: str) -> None:
    """A move the core refuses changes nothing: the card flies back to its slot and the
    core's reason shows as a tooltip (R3.4b: the F3 needs two F2, or F2 and a joker; R3.1: no
    refresh while a rank-0 card lies in the Street)."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F3 B0 M1 A1 F2 B3")
    table = start_table(ui, game)
    before = game.to_dict()
    f3 = table.picture.zones["street"][0]
    slot = table.picture.slot_of[f3].copy()

    gesture(ui, method, street_point(table, 0), empty_hand_point(table))
    assert table.gestures.refusal is not None
    reason = game.explain(Take(0))
    assert reason is not None and table.gestures.refusal[0] == translate_message(reason)
    assert "needs two Famiglia 2" in table.gestures.refusal[0]
    settle(ui)
    assert table.picture.sprites[f3].rect == slot
    assert game.to_dict() == before
    assert app.top is table

    table.gestures.refusal = None
    gesture(ui, method, street_point(table, 2), table.frame.discard.center)
    assert table.gestures.refusal is not None
    reason = game.explain(Refresh(2))
    assert reason is not None and table.gestures.refusal[0] == translate_message(reason)
    assert "rank-0" in table.gestures.refusal[0]
    settle(ui)
    assert game.to_dict() == before
    assert table.picture.zones["street"] == [card.id for card in game.street]


def test_drag_lights_the_legal_targets(app: App, ui: Driver) -> None:
    """While a card is dragged its legal targets glow: a takeable Street card lights the hand
    (R3.4a), an Accountant lights the play area (R3.2) and nothing else."""
    game = game_at(hands=("A2 F0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = start_table(ui, game)
    start = street_point(table, 0)
    app.frame([ui.mouse_move(start), ui.mouse_down(start)], 1 / 60)
    app.frame([ui.mouse_move((start[0], start[1] + 40), held=True)], 1 / 60)
    assert {spot.zone for spot in table.gestures.lit} == {"hand"}
    app.frame([ui.mouse_up((start[0], start[1] + 40))], 1 / 60)
    settle(ui)

    start = own_card_point(table, "hand", "A2")
    app.frame([ui.mouse_move(start), ui.mouse_down(start)], 1 / 60)
    app.frame([ui.mouse_move((start[0], start[1] - 60), held=True)], 1 / 60)
    assert [spot.zone for spot in table.gestures.lit] == ["play"]
    assert table.renderer.drawn_faces, "the table keeps drawing while a card is dragged"


def test_street_cards_that_can_be_taken_are_marked(app: App, ui: Driver) -> None:
    """R3.4a/b: the Street cards the player could take now are the marked ones, and hovering
    one that cannot be taken explains why."""
    game = game_at(hands=("F1 F1 A0", "F0 A0 B0 M0"), street="B0 F2 M1 A1 F3 B3")
    table = start_table(ui, game)
    assert table.takeable == {0, 1}
    ui.hover(street_point(table, 4))
    ui.frames(40)
    assert table.gestures.hover_text is not None
    assert "Not takeable now" in table.gestures.hover_text
    reason = game.explain(Take(4))
    assert reason is not None and translate_message(reason) in table.gestures.hover_text


# ---------------------------------------------------------------------- hot-seat


def test_hand_over_hides_the_hands(app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """R5.4 in hot-seat: before each turn the hand-over covers the table, and the table is
    not drawn at all while it is up; afterwards only the player to move sees their own hand,
    the other hand is drawn as backs."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="B0 F1 M1 A1 F2 B3")
    table = TableScene(app, game, NAMES)
    draws: list[int] = []
    real_draw = table.draw
    monkeypatch.setattr(table, "draw", lambda surface: (draws.append(1), real_draw(surface)))
    app.push(table)
    ui.frames(5)
    assert isinstance(app.top, HandoverScene)
    assert draws == [], "the table is never drawn under the hand-over"

    dismiss_handover(ui)
    settle(ui)
    hands = [set(table.picture.zones["hand:0"]), set(table.picture.zones["hand:1"])]
    assert hands[0] <= table.renderer.drawn_faces
    assert not hands[1] & table.renderer.drawn_faces

    # seat 0 takes the B0; while the cards fly the other hand stays hidden
    ui.drag(street_point(table, 0), empty_hand_point(table))
    for _ in range(40):
        if isinstance(app.top, HandoverScene):
            break
        ui.frames(1)
        assert not set(table.picture.zones["hand:1"]) & table.renderer.drawn_faces
    assert isinstance(app.top, HandoverScene)
    count = len(draws)
    ui.frames(5)
    assert len(draws) == count

    dismiss_handover(ui)
    settle(ui)
    assert table.bottom == 1
    assert set(table.picture.zones["hand:1"]) <= table.renderer.drawn_faces
    assert not set(table.picture.zones["hand:0"]) & table.renderer.drawn_faces


def test_complete_hot_seat_game_from_title_to_results(
        app: App, ui: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole hot-seat game played through the title, the new-game dialog, hand-overs, drags
    and clicks only: refreshes (R3.1), takes with their payment choosers (R3.4), passes, the
    reshuffle (R4.2) and the final round (R5.1), ending on the results screen (R5.3).  The
    deal is fixed so that the game runs its full course."""
    monkeypatch.setattr(Rng, "fresh_seed", staticmethod(lambda: 11))
    random.seed(11)
    app.push(TitleScene(app))
    ui.frames(1)
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(title.menu.buttons[1].rect.center)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    ui.click(dialog.start.rect.center)
    assert isinstance(app.top, HandoverScene)
    table = table_of(app)
    game = table.game
    gestures = 0
    refreshes: list[int] = []
    for _ in range(3000):
        settle(ui)
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoverScene):
            dismiss_handover(ui)
            continue
        if isinstance(top, ChooserScene):
            ui.click(top.menu.buttons[0].rect.center)
            continue
        assert top is table
        method = "drag" if gestures % 2 else "click"
        gestures += 1
        if table.takeable:
            gesture(ui, method, street_point(table, min(table.takeable)),
                    empty_hand_point(table) if len(game.hands[game.current]) < 7
                    else table.frame.bottom_hand.midtop)
        elif game.can_refresh() and refreshes.count(game.turn) < 2:
            refreshes.append(game.turn)
            pile = table.frame.draw_pile if game.reshuffled else table.frame.discard
            gesture(ui, method, street_point(table, 0), pile.center)
        else:
            ui.click(table.pass_button.rect.center)
    assert isinstance(app.top, ResultsScene)
    assert game.result is not None and game.result.reason == "final_round"
    assert game.reshuffled and game.turn >= 20
    assert app.top.game is game
    assert table.picture.scores() == game.scores


# ---------------------------------------------------------------------- layout


def test_resize_lays_the_table_out_again(app: App, ui: Driver) -> None:
    """Every resize recomputes the layout: at the minimum size everything fits inside the
    window and outside the side panel, and cards grow with the window."""
    game = game_at(hands=("F0 A0 B0 M0 F1 A1 B1 M1", "F0 A0 B0 M0"),
                   play_areas=("F2 A2 B2 M2 F3 A3", "M3 B3"), street="B0 F1 M1 A1 F2 B3 M2")
    table = start_table(ui, game)
    street_height = table.frame.street_card[1]
    for size in ((1024, 640), (1600, 1000), (1280, 800)):
        ui.resize(size)
        settle(ui)
        assert table.frame.size == size
        window = pygame.Rect(0, 0, *size)
        for zone in ("street", "hand:0", "hand:1", "play:0", "play:1"):
            for card_id in table.picture.zones[zone]:
                rect = pygame.Rect(table.picture.sprites[card_id].rect)
                assert window.contains(rect), (size, zone, rect)
                assert not rect.colliderect(table.frame.side), (size, zone, rect)
                assert rect == table.picture.slot_of[card_id]
        if size == (1024, 640):
            assert table.frame.street_card[1] < street_height
        if size == (1600, 1000):
            assert table.frame.street_card[1] > street_height
        assert app.screen.get_size() == size


# ---------------------------------------------------------------------- keys and overlays


def test_keyboard_shortcuts(app: App, ui: Driver) -> None:
    """Digits select Street cards, T takes the selected card (R3.4a), Space passes (R3.4d),
    H opens the help and Esc first drops a selection, then opens the pause menu."""
    game = game_at(hands=("F0 A0 B0 M0", "F0 A0 B0 M0"), street="F1 B0 M1 A1 F2 B3")
    table = start_table(ui, game, seats=("human", COMPUTER))
    b0 = table.picture.zones["street"][1]
    ui.press(pygame.K_2, "2")
    assert table.gestures.selected is not None and table.gestures.selected.index == 1
    ui.press(pygame.K_ESCAPE)
    assert table.gestures.selected is None and app.top is table
    ui.press(pygame.K_2, "2")
    ui.press(pygame.K_t, "t")
    settle(ui)
    assert b0 in [card.id for card in game.hands[0]]

    for _ in range(20):
        if game.current == 0 and not table.busy:
            break
        settle(ui)
        ui.app.frame([], 1.0)
    assert game.current == 0
    turn = game.turn
    ui.press(pygame.K_SPACE, " ")
    settle(ui)
    assert game.turn > turn

    ui.press(pygame.K_h, "h")
    assert isinstance(app.top, TableHelpScene)
    ui.press(pygame.K_h, "h")
    assert app.top is table
    ui.press(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_solo_table_plays_the_gangster(app: App, ui: Driver) -> None:
    """S2/S4: in a solo game the Gangster's turns play by themselves after the human's pass;
    its play area is shown in its own (rank) order and it has no hand."""
    game = Game.new(7, opponent="gangster")
    table = start_table(ui, game, seats=("human", "gangster"))
    assert table.bottom == 0
    ui.click(table.pass_button.rect.center)
    turn_cards = len(game.play_areas[1])
    for _ in range(10):
        settle(ui)
        ui.app.frame([], 1.0)
        if game.current == 0:
            break
    settle(ui)
    assert game.current == 0
    assert len(game.play_areas[1]) == turn_cards + 1
    assert table.picture.display_order(Zone.PLAY_1) == [card.id for card in game.play_areas[1]]
    assert table.picture.zones["hand:1"] == []


@pytest.mark.parametrize("seats", [("human", "gangster"), (COMPUTER, Seat.computer("hard", 2))])
def test_play_again_deals_a_new_game_with_the_same_seats(
        app: App, ui: Driver, seats: tuple[Seat | str, Seat | str]) -> None:
    """The results screen's Play again starts a fresh game (R2) with the same players."""
    opponent = "gangster" if "gangster" in seats else None
    table = TableScene(app, Game.new(3, opponent=opponent), NAMES, seats=seats)
    app.push(table)
    table.play_again()
    assert isinstance(app.top, TableScene) and app.top is not table
    assert app.top.seats == table.seats and app.top.game.turn == 0
    assert table.seats == tuple(Seat.from_dict(seat) if isinstance(seat, str) else seat
                                for seat in seats)
    assert app.top.game.opponent == opponent


def test_a_refused_key_move_is_explained_at_the_selected_card(app: App, ui: Driver) -> None:
    """R3.1: D with a Street card selected while a 0 lies in the Street is refused, and the
    reason shows on that card, wherever the mouse pointer rests."""
    game = Game.new(2)
    assert any(card.rank == 0 for card in game.street)
    table = start_table(ui, game)
    ui.hover((2, 2))
    ui.press(pygame.K_1, "1")
    ui.press(pygame.K_d, "d")
    settle(ui)
    assert not game.refreshed_this_turn
    refusal = table.gestures.refusal
    assert refusal is not None
    assert table.picture.sprites[game.street[0].id].rect.collidepoint(refusal[1])


def test_keyboard_alone_plays_every_step(app: App, ui: Driver) -> None:
    """Without the mouse: D refreshes with the selected Street card (R3.1), Tab and Enter play
    the Accountant (R3.2), Shift+Tab, Enter, Tab, Enter make an exchange, a digit aims the
    selected Brute (R3.3) and Enter on a Street card takes it with the choosers (R3.4)."""
    game = actions_position()
    table = start_table(ui, game)
    ui.press(pygame.K_1, "1")
    ui.press(pygame.K_d, "d")
    settle(ui)
    assert game.refreshed_this_turn

    def select_in_hand(code: str) -> None:
        for _ in range(len(game.hands[0]) + 1):
            selected = table.gestures.selected
            if selected is not None and selected.card is not None \
                    and selected.card.code == code and selected.zone == "hand":
                return
            ui.press(pygame.K_TAB)
        raise AssertionError(f"Tab never selected {code}")

    select_in_hand("A2")
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert game.stage == "accountant"

    ui.press(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.gestures.selected is not None and table.gestures.selected.zone == "play"
    while table.gestures.selected.card is not None and table.gestures.selected.card.code != "F2":
        ui.press(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    ui.press(pygame.K_RETURN)
    assert table.gestures.half is not None and table.gestures.half.take == "F2"
    select_in_hand("F0")
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert game.exchanges_left == 1 and "F0" in codes(game.play_areas[0])

    select_in_hand("B2")
    ui.press(pygame.K_4, "4")
    assert isinstance(app.top, ChooserScene)
    ui.press(pygame.K_RETURN)
    settle(ui)
    assert game.stage == "brute" and game.effective_rank(3) == 2

    ui.press(pygame.K_4, "4")
    ui.press(pygame.K_RETURN)
    assert isinstance(app.top, ChooserScene)
    ui.press(pygame.K_1, "1")
    ui.press(pygame.K_1, "1")
    settle(ui)
    assert game.current == 1 and "F3" in codes(game.hands[0])


def test_cancelling_a_selection_or_a_drag_changes_nothing(app: App, ui: Driver) -> None:
    """A right click beside the cards drops a selection, Esc drops a half-made exchange
    (R3.2) and a drag cancelled with Esc puts the card back: the game is untouched."""
    game = actions_position()
    table = start_table(ui, game)
    before = game.to_dict()
    ui.click(street_point(table, 0))
    assert table.gestures.selected is not None
    ui.click(empty_play_point(table), button=3)
    assert table.gestures.selected is None and table.gestures.lit == []

    start = street_point(table, 2)
    app.frame([ui.mouse_move(start), ui.mouse_down(start)], 1 / 60)
    app.frame([ui.mouse_move((start[0], start[1] + 80), held=True)], 1 / 60)
    card = table.picture.zones["street"][2]
    assert table.picture.sprites[card].rect != table.picture.slot_of[card]
    ui.press(pygame.K_ESCAPE)
    app.frame([ui.mouse_up((start[0], start[1] + 80))], 1 / 60)
    settle(ui)
    assert table.picture.sprites[card].rect == table.picture.slot_of[card]
    assert app.top is table and game.to_dict() == before

    gesture(ui, "drag", own_card_point(table, "hand", "A2"), empty_play_point(table))
    settle(ui)
    gesture(ui, "click", own_card_point(table, "play", "F2"), empty_hand_point(table))
    assert table.gestures.half is not None
    ui.press(pygame.K_ESCAPE)
    assert table.gestures.half is None and app.top is table
    assert game.exchanges_left == 2


def picture_matches_core(table: TableScene) -> bool:
    """The table's zones (changed only by card_moved events) equal the core's layout."""
    return table.picture.zones == {zone: list(table.game.zone_ids(zone))
                                   for zone in table.picture.zones}


@pytest.mark.parametrize("seats", [("human", "human"), ("human", "gangster")])
def test_random_gestures_never_break_the_table(
        app: App, ui: Driver, seats: tuple[str, str]) -> None:
    """A monkey on the table: random presses, drags, clicks and keys aimed mostly at cards,
    with hand-overs and choosers answered at random, and Play again after each game.  Nothing
    raises, and whenever the animations rest the table's picture is exactly the core's layout
    (the events reproduce it, R3-R5)."""
    rng = random.Random(5)
    opponent = "gangster" if "gangster" in seats else None
    game = Game.new(21, opponent=opponent)
    table = start_table(ui, game, seats=seats)
    keys = [pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_r,
            pygame.K_d, pygame.K_t, pygame.K_1, pygame.K_3, pygame.K_5, pygame.K_9]
    turns = 0
    for step in range(600):
        top = app.top
        if isinstance(top, ResultsScene):
            turns += game.turn
            ui.press(pygame.K_p, "p")
            table = table_of(app)
            game = table.game
            assert game.turn == 0 and tuple(seat.kind for seat in table.seats) == seats
            continue
        if isinstance(top, HandoverScene):
            dismiss_handover(ui)
            continue
        if isinstance(top, (PauseScene, TableHelpScene, RulesScene, CardZoomScene)):
            ui.press(pygame.K_ESCAPE)
            continue
        if isinstance(top, ChooserScene):
            ui.click(rng.choice(top.menu.buttons).rect.center)
            continue
        ids = [i for zone in ("street", f"hand:{table.bottom}", f"play:{table.bottom}")
               for i in table.picture.zones[zone]]
        spots = [centre(table, i) for i in ids] + [
            table.frame.discard.center, table.frame.draw_pile.center,
            empty_hand_point(table), empty_play_point(table), table.pass_button.rect.center]
        roll = rng.random()
        if roll < 0.45:
            ui.drag(rng.choice(spots), rng.choice(spots), steps=3)
        elif roll < 0.85:
            ui.click(rng.choice(spots), button=1 if rng.random() < 0.9 else 3)
        else:
            ui.press(rng.choice(keys))
        if step % 7 == 0:
            settle(ui)
            if not table.busy:
                assert picture_matches_core(table)
    settle(ui)
    assert picture_matches_core(table)
    assert turns + game.turn > 3


def test_a_game_resumed_mid_turn_keeps_its_turn_state(app: App, ui: Driver) -> None:
    """A game saved after a Brute (R3.3) comes back behind the hand-over, with the lowered
    rank's badge and the take it makes possible marked."""
    game = actions_position()
    game.apply("brute B2 4 -1")
    resumed = Game.from_json(game.to_json())
    table = TableScene(app, resumed, NAMES)
    app.push(table)
    ui.frames(1)
    assert isinstance(app.top, HandoverScene)
    dismiss_handover(ui)
    settle(ui)
    assert table.playback.lowered == {resumed.street[4].id: 2}
    assert 4 in table.takeable
    assert picture_matches_core(table)
