"""The table: the game itself, played with drag-and-drop (or clicks) on animated card sprites.

The table keeps its own picture of the zones (card ids per zone) and changes it **only** from
the core's ``card_moved`` events, which reproduce the core's layout exactly; every other event
becomes an animation or a log line.  Input goes into the core as actions (see
:mod:`famiglia.ui.table.drag`); the core alone decides what is legal.

Seats are ``"human"`` (hot-seat when both are), ``"random"`` (uniformly random legal actions:
the demo) or ``"gangster"`` (the solo program, S4).  In hot-seat the player to move sits at the
bottom and a hand-over screen covers the table before every turn, so a hand is never shown to
the other player (R5.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...rules import (
    DECK,
    PASS,
    Action,
    Brute,
    CardMoved,
    Event,
    Family,
    FinalRound,
    Game,
    GameOver,
    GangsterStep,
    IllegalAction,
    Passed,
    RankLowered,
    Reshuffled,
    Take,
    TurnStarted,
)
from ...rules.cards import describe_code
from .. import theme as t
from ..scene import Scene
from ..table.animator import Animator
from ..table.drag import (
    SOURCE_ZONES,
    Half,
    Intent,
    Spot,
    brute_choices,
    intent,
    keeps,
    payments,
    targets,
)
from ..table.layout import TableFrame, slots, table_frame
from ..table.log import LogPanel, card_words, describe_event
from ..table.sprites import CardArt, CardSprite
from ..table.status import render_status, step_help
from ..widgets import Button, ChooserScene, draw_panel, draw_tooltip

if TYPE_CHECKING:
    from ..app import App

SEAT_KINDS = ("human", "random", "gangster")
#: Seconds at animation speed 1.
FLIGHT = 0.42
SLIDE = 0.22
THINK = 0.6
HOVER_DELAY = 0.45
REFUSAL_SECONDS = 4.0
#: How long each kind of event holds the queue before the next one plays.
HOLD_DRAW = 0.14
HOLD_RESHUFFLE_CARD = 0.035
HOLD_MOVE = 0.3
HOLD_LOWERED = 0.5
HOLD_RESHUFFLED = 0.6
HOLD_FINAL_ROUND = 1.0
HOLD_PASSED = 0.7
HOLD_TURN = 0.25
#: S4 captions stay long enough to read (at speed 1; Space or a click hurries them)
HOLD_GANGSTER_STEP = 1.6
HOLD_GAME_OVER = 2.2
#: A press that moves further than this (pixels) is a drag, not a click.
DRAG_THRESHOLD = 6
FAMILY_ORDER = {family: index for index, family in enumerate(Family)}


def _sort_key(card_id: int) -> tuple[int, int, int]:
    card = DECK[card_id]
    return (FAMILY_ORDER[card.family], card.rank, card_id)


class _Press:
    """A left-button press on a card that may become a drag."""

    __slots__ = ("dragging", "grab", "origin", "spot")

    def __init__(self, spot: Spot, origin: tuple[int, int], grab: tuple[float, float]) -> None:
        self.spot = spot
        self.origin = origin
        self.grab = grab
        self.dragging = False


class TableScene(Scene):
    """The table for one game; see the module docstring."""

    def __init__(self, app: App, game: Game, names: tuple[str, str], *,
                 seats: tuple[str, str] = ("human", "human"),
                 on_action: Callable[[Game], None] | None = None) -> None:
        super().__init__(app)
        if any(kind not in SEAT_KINDS for kind in seats):
            raise ValueError(f"seats are {', '.join(SEAT_KINDS)}, not {seats!r}")
        if (seats[1] == "gangster") != (game.opponent == "gangster") or seats[0] == "gangster":
            raise ValueError("a Gangster seat (seat 1) goes with a solo game, and only there")
        self.game = game
        self.names = (names[0], names[1])
        self.seats = (seats[0], seats[1])
        self.on_action = on_action
        self.hot_seat = self.seats == ("human", "human")
        self.rng = random.Random()
        humans = [seat for seat in (0, 1) if self.seats[seat] == "human"]
        self.bottom = game.current if self.hot_seat else (humans[0] if humans else 0)
        #: hot-seat: the turn whose player has passed the hand-over screen
        self.revealed_turn: int | None = None
        self.awaiting_handover = False
        self.results_shown = False

        ids = game.to_dict()["ids"]
        self.zones: dict[str, list[int]] = {
            "draw_pile": list(ids["draw_pile"]), "discard": list(ids["discard"]),
            "street": list(ids["street"]),
            "hand:0": list(ids["hands"][0]), "hand:1": list(ids["hands"][1]),
            "play:0": list(ids["play_areas"][0]), "play:1": list(ids["play_areas"][1]),
        }
        self.sprites = {card.id: CardSprite(card) for card in DECK}
        self.slot_of: dict[int, pygame.Rect] = {}
        self.lowered = {s.card.id: s.rank for s in game.view(self.bottom).street
                        if s.rank != s.card.rank}
        self.animator = Animator(self._play)
        self.flight_order = 0
        self.computer_wait = THINK
        self.log = LogPanel(app.theme)
        self.log.add(f"{self.names[0]} and {self.names[1]}: turn {game.turn + 1}, "
                     f"{self.names[game.current]} to play.", t.GOLD)
        self.art = CardArt(app.cards)

        # input state
        self.mouse = (-1, -1)
        self.press: _Press | None = None
        self.selected: Spot | None = None
        self.half: Half | None = None
        self.lit: list[Spot] = []
        self.dropped: int | None = None
        #: what dropping the dragged card on each spot would mean (filled while dragging)
        self._drop_meanings: dict[Spot, Intent] = {}
        self.space_held = False
        self.hover: Spot | None = None
        self.hover_time = 0.0
        self.hover_text: str | None = None
        self.refusal: tuple[str, tuple[int, int], float] | None = None
        self.banner: tuple[pygame.Surface, float] | None = None
        #: S4: what the Gangster's program is doing, shown while its turn plays out
        self.caption: pygame.Surface | None = None
        #: the ids of the card faces the last frame drew (the hand-over test checks it)
        self.drawn_faces: set[int] = set()

        # what the status panel shows, rebuilt when the animations rest
        self.takeable: set[int] = set()
        self.fresh: set[int] = set()
        self.status_dirty = True
        self._status: pygame.Surface | None = None
        #: the status panel's step lines, for their hover help
        self.step_rects: list[pygame.Rect] = []
        #: their help texts, asked of the core once per status rebuild, not every frame
        self._step_help: dict[int, str] = {}
        self._background: pygame.Surface | None = None
        self._zone_fill: dict[tuple[int, int], pygame.Surface] = {}
        self._layer: pygame.Surface | None = None
        self._layer_signature: tuple[object, ...] = ()
        self._layer_faces: set[int] = set()
        #: bumped whenever a card changes zone or the perspective flips
        self.zones_version = 0

        self.pass_button = Button("Pass", self.pass_turn, hotkey=None, size=28)
        self.menu_button = Button("Menu  Esc", self.open_pause, size=20)
        self.help_button = Button("Help  H", self.open_help, size=20)
        self.frame: TableFrame = table_frame(app.size)
        self.resize(app.size)
        self._preload()
        self._layout_all("snap")

    def _preload(self) -> None:
        """Load every face and back now, so that no frame of the game reads from disk."""
        for card in DECK:
            self.art.image(card, True, self.frame.street_card)
            self.art.image(card, False, self.frame.street_card)

    # ------------------------------------------------------------------ perspective and zones

    @property
    def human_to_move(self) -> bool:
        return not self.game.over and self.seats[self.game.current] == "human"

    @property
    def busy(self) -> bool:
        """Events still playing or cards still flying: input waits."""
        return self.animator.pending or any(s.flying for s in self.sprites.values())

    @property
    def can_act(self) -> bool:
        """The player at the bottom may make a move now."""
        return (self.human_to_move and not self.busy and self.app.top is self
                and self.game.current == self.bottom and not self.awaiting_handover)

    def screen_zone(self, zone: str) -> str:
        if ":" not in zone:
            return zone
        kind, seat = zone.split(":")
        side = "bottom" if int(seat) == self.bottom else "top"
        return f"{side}_{'hand' if kind == 'hand' else 'play'}"

    def face_up(self, zone: str) -> bool:
        """Which side a card shows in ``zone``: the draw pile and the opponent's hand are
        backs (R5.4)."""
        if zone == "draw_pile":
            return False
        if zone.startswith("hand:"):
            return int(zone[-1]) == self.bottom
        return True

    def display_order(self, zone: str) -> list[int]:
        """The zone's card ids left to right: the own hand and the players' play areas sorted
        by family and rank; the Gangster's play area as the core keeps it (by rank, S2)."""
        ids = self.zones[zone]
        if zone == f"hand:{self.bottom}" or (
                zone.startswith("play:") and self.seats[int(zone[-1])] != "gangster"):
            return sorted(ids, key=_sort_key)
        return ids

    def _zone_rects(self, zone: str, count: int) -> list[pygame.Rect]:
        if zone == "discard":
            return [self.frame.discard.move((card_id * 37) % 7 - 3, (card_id * 53) % 5 - 2)
                    for card_id in self.zones["discard"]]
        handless = self.seats[1 - self.bottom] == "gangster"
        return slots(self.frame, self.screen_zone(zone), count, handless=handless)

    def _layout_zone(self, zone: str, mode: str = "animate", moved: int | None = None) -> None:
        """Send every card of ``zone`` to its slot: ``snap`` at once, ``retarget`` after a
        resize, ``animate`` with the moved card flying and the others sliding."""
        ids = self.display_order(zone)
        face = self.face_up(zone)
        for card_id, rect in zip(ids, self._zone_rects(zone, len(ids)), strict=True):
            sprite = self.sprites[card_id]
            self.slot_of[card_id] = rect
            if mode == "snap":
                sprite.place(rect, face)
            elif mode == "retarget":
                sprite.retarget(rect)
            elif card_id == moved:
                self.flight_order += 1
                sprite.fly(rect, face, FLIGHT, order=self.flight_order)
            else:
                sprite.fly(rect, face, SLIDE)

    def _layout_all(self, mode: str) -> None:
        for zone in self.zones:
            self._layout_zone(zone, mode)

    # ------------------------------------------------------------------ scene hooks

    def enter(self) -> None:
        self.space_held = False
        if self.awaiting_handover:
            self.awaiting_handover = False
            self.revealed_turn = self.game.turn
            if self.bottom != self.game.current:
                self.bottom = self.game.current
                self.zones_version += 1
                self._background = None
                self._layout_all("snap")
            self.status_dirty = True
        self._maybe_handover()

    def leave(self) -> None:
        if self.press is not None and self.press.dragging:
            self._snap_back(self.press.spot)
        self.press = None
        self.hover = None
        self.hover_text = None

    def resize(self, size: tuple[int, int]) -> None:
        self.frame = frame = table_frame(size)
        self.art.set_sizes({frame.top_card, frame.street_card, frame.play_card,
                            frame.hand_card})
        self._background = None
        self._zone_fill.clear()
        self.status_dirty = True
        self.pass_button.rect = frame.pass_button
        self.menu_button.rect = frame.menu_button
        self.help_button.rect = frame.help_button
        self.pass_button.size = frame.font(28)
        self.menu_button.size = self.help_button.size = frame.font(20)
        self.log.place(frame.log, frame.font(17))
        if self.slot_of:
            self._layout_all("retarget")

    # ------------------------------------------------------------------ the flow of the game

    def _maybe_handover(self) -> None:
        """Hot-seat: cover the table before a human's turn is shown (R5.4)."""
        if (self.hot_seat and not self.game.over and not self.busy
                and self.revealed_turn != self.game.turn and self.app.top is self):
            from .handover import HandoverScene

            self.awaiting_handover = True
            self.app.push(HandoverScene(self.app, self.names[self.game.current]))

    def _after_apply(self, events: list[Event]) -> None:
        self.half = None
        self.selected = None
        self.lit = []
        self._update_lifts()
        self.animator.push(events)
        self.status_dirty = True
        if self.on_action is not None:
            self.on_action(self.game)

    def apply(self, action: Action) -> bool:
        """Hand ``action`` to the core; a refusal becomes a tooltip and nothing changes."""
        try:
            events = self.game.apply(action)
        except IllegalAction as error:
            self._refuse(str(error), self.mouse)
            self._layout_all("animate")
            return False
        self._after_apply(events)
        return True

    def pass_turn(self) -> None:
        """R3.4d: end the turn without taking a card."""
        if self.can_act:
            self.dropped = None
            self.apply(PASS)

    def _computer_turn(self) -> None:
        """One move of a computer seat (a whole turn for the Gangster), after a pause that
        lets the player follow."""
        self.computer_wait = THINK
        if self.seats[self.game.current] == "gangster":
            events = self.game.play_gangster_turn()
        else:
            events = self.game.apply(self.random_action())
        self._after_apply(events)

    def random_action(self) -> Action:
        """A ``"random"`` seat's move: a random kind of legal action (refresh, Accountant,
        exchange, Brute, take), then a random action of that kind; it passes only when nothing
        else is legal, so that demo games run their course instead of ending in a double pass
        (R5.2) after a few turns."""
        kinds: dict[type, list[Action]] = {}
        for action in self.game.legal_actions():
            if action is not PASS:
                kinds.setdefault(type(action), []).append(action)
        if not kinds:
            return PASS
        return self.rng.choice(kinds[self.rng.choice(list(kinds))])

    def finish_animations(self) -> None:
        """Play every queued event and land every card at once."""
        self.animator.finish()
        for sprite in self.sprites.values():
            sprite.finish()
        self.banner = None

    def _show_results(self) -> None:
        self.results_shown = True
        self.app.replace(self.results_scene())

    def results_scene(self) -> Scene:
        """The scene that follows the game-over sequence."""
        from .results import ResultsScene

        return ResultsScene(self.app, self.game, self.names, play_again=self.play_again)

    def play_again(self) -> None:
        """A new game with the same players and options (the results scene's button)."""
        game = self.game
        first = game.first_player if game.opponent else random.randrange(2)
        new = Game.new(first_player=first, fresh_cards_rule=game.fresh_cards_rule,
                       opponent=game.opponent, gangster_level=game.gangster_level or 3)
        if self.on_action is not None:
            self.on_action(new)  # the save hook keeps the new game from its first moment
        self.app.replace(type(self)(self.app, new, self.names, seats=self.seats,
                                    on_action=self.on_action))

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.app.push(PauseScene(self.app))

    def open_help(self) -> None:
        from ..table.help import TableHelpScene

        self.app.push(TableHelpScene(self.app))

    # ------------------------------------------------------------------ events → animations

    def _play(self, event: Event) -> float:
        """Start the animation of one event; return how long it holds the queue."""
        line = describe_event(event, self.names, self.zones["street"])
        if line is not None:
            self.log.add(*line)
        if isinstance(event, CardMoved):
            return self._card_moved(event)
        if isinstance(event, RankLowered):
            self.lowered[event.card] = event.rank
            return HOLD_LOWERED
        if isinstance(event, Reshuffled):
            self._show_banner("Reshuffle: the discard pile becomes the draw pile", t.GOLD)
            return HOLD_RESHUFFLED
        if isinstance(event, FinalRound):
            self._show_banner(f"Final round: {self.names[event.last_seat]} has the last turn",
                              t.RED)
            return HOLD_FINAL_ROUND
        if isinstance(event, Passed):
            self._show_banner(f"{self.names[event.seat]} passes", t.INK)
            return HOLD_PASSED
        if isinstance(event, GangsterStep):
            self._show_caption(event)
            return HOLD_GANGSTER_STEP
        if isinstance(event, TurnStarted):
            if self.seats[event.seat] != "gangster":
                self.caption = None
            self.lowered.clear()
            self.status_dirty = True
            self.computer_wait = THINK
            return HOLD_TURN
        if isinstance(event, GameOver):
            self.caption = None
            self._show_banner(f"Game over: {self._winner_words(event)}", t.GOLD)
            return HOLD_GAME_OVER
        return 0.0

    def _winner_words(self, result: GameOver) -> str:
        """The banner's verdict (R5.3): the winner and the score, or the tie-break."""
        if result.winner is None:
            return "a draw"
        score = f"{max(result.scores)} : {min(result.scores)}"
        if result.decided_by == "tie_break":
            return f"{self.names[result.winner]} wins the tie-break at {score}"
        return f"{self.names[result.winner]} wins, {score}"

    def _card_moved(self, event: CardMoved) -> float:
        source, target = self.zones[event.source], self.zones[event.target]
        if source[event.from_index] != event.card:
            raise RuntimeError(f"the table's picture drifted from the core at {event}")
        source.pop(event.from_index)
        target.insert(event.to_index, event.card)
        self.zones_version += 1
        self._match_dropped(event)
        self._layout_zone(event.source)
        self._layout_zone(event.target, moved=event.card)
        if event.source == "draw_pile" and event.target == "street":
            return HOLD_DRAW
        if event.source == "discard":
            return HOLD_RESHUFFLE_CARD
        return HOLD_MOVE

    def _match_dropped(self, event: CardMoved) -> None:
        """Cards of one code are alike (R1.3): the core may move a twin of the card the
        player dropped; the twin then takes the dropped card's place on screen, so the flight
        starts where the player let go."""
        dropped, self.dropped = self.dropped, None
        if dropped is None or dropped == event.card or DECK[dropped].code != event.code:
            return
        mine, twin = self.sprites[dropped], self.sprites[event.card]
        where, there = pygame.FRect(mine.rect), pygame.FRect(twin.rect)
        mine.place(there, mine.face_up)
        twin.place(where, twin.face_up)

    def _show_banner(self, text: str, colour: tuple[int, int, int]) -> None:
        theme = self.app.theme
        label = theme.text(text, self.frame.font(30), colour, bold=True)
        panel = pygame.Surface((label.get_width() + 48, label.get_height() + 26), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=230, edge=colour)
        panel.blit(label, (24, 13))
        self.banner = (panel, 2.0)

    def _show_caption(self, step: GangsterStep) -> None:
        """S4: the step's words in a caption over the player's play area (the Gangster never
        touches it), held long enough to read before the step's cards move."""
        theme = self.app.theme
        area = self.frame.bottom_play
        size = self.frame.font(24)
        heading = theme.text("The Gangster's program", self.frame.font(20), t.GOLD, bold=True)
        lines = [theme.text(line, size, t.INK, bold=True)
                 for line in theme.wrap(step.text, size, area.width - 80, bold=True)]
        width = max(image.get_width() for image in [heading, *lines]) + 48
        height = heading.get_height() + sum(image.get_height() + 2 for image in lines) + 30
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), alpha=235, edge=t.GOLD)
        panel.blit(heading, (24, 10))
        y = 14 + heading.get_height()
        for image in lines:
            panel.blit(image, (24, y))
            y += image.get_height() + 2
        self.caption = panel

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        factor = self.animator.factor(self.app.settings.animation_speed)
        scaled = dt * factor
        self.animator.update(scaled)
        for sprite in self.sprites.values():
            sprite.update(scaled)
        if self.banner is not None:
            surface, left = self.banner
            self.banner = (surface, left - scaled) if left > scaled else None
        if self.refusal is not None:
            text, pos, left = self.refusal
            self.refusal = (text, pos, left - dt) if left > dt else None
        self.hover_time += dt
        self.pass_button.enabled = self.can_act
        if self.busy:
            return
        self.animator.hurry = False
        if self.status_dirty:
            self._rebuild_status()
        if self.game.over:
            if not self.results_shown and self.banner is None and self.app.top is self:
                self._show_results()
            return
        if self.seats[self.game.current] != "human":
            self.computer_wait -= scaled
            if self.computer_wait <= 0:
                self._computer_turn()
            return
        self._maybe_handover()

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_held = False
            return
        if event.type == pygame.MOUSEWHEEL:
            self.log.handle_wheel(self.mouse, event.y)
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        for button in (self.pass_button, self.menu_button, self.help_button):
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self.busy:
                self.animator.hurry = True
            elif event.button == 1:
                self._mouse_down(event.pos)
            elif event.button == 3:
                self._clear_selection()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self._mouse_up(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.press is not None and self.press.dragging:
                self._snap_back(self.press.spot)
                self.press = None
            elif self.selected is not None or self.half is not None:
                self._clear_selection()
            else:
                self.open_pause()
            return
        if key in (pygame.K_h, pygame.K_F1):
            self.open_help()
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log.handle_wheel(self.log.rect.center, 1 if key == pygame.K_PAGEUP else -1)
            return
        if key == pygame.K_SPACE:
            if self.busy:
                self.animator.hurry = True
                self.space_held = True
            elif not self.space_held:
                self.pass_turn()
            return
        if not self.can_act:
            return
        street = self.zones["street"]
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(street):
            index = key - pygame.K_1
            self._click(Spot("street", DECK[street[index]], index), self._centre_of(street[index]))
        elif key == pygame.K_TAB:
            zone = f"play:{self.bottom}" if event.mod & pygame.KMOD_SHIFT else f"hand:{self.bottom}"
            self._cycle(zone)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            other = "play" if self.selected.zone == "hand" else "hand"
            self._click(Spot(other), self.mouse)
        elif key == pygame.K_r and self.selected is not None and self.selected.zone == "street":
            self._click(Spot("draw_pile" if self.game.reshuffled else "discard"), self.mouse)
        elif key == pygame.K_t:
            if self.selected is not None and self.selected.zone == "street":
                self._click(Spot("hand"), self.mouse)
            elif self.takeable:
                index = min(self.takeable)
                self._select(Spot("street", DECK[street[index]], index))

    def _cycle(self, zone: str) -> None:
        """Tab: select the next card of the own hand (or play area, with Shift)."""
        ids = self.display_order(zone)
        if not ids:
            return
        kind = zone.split(":")[0]
        current = self.selected.card.id if self.selected and self.selected.card else None
        index = ids.index(current) + 1 if current in ids else 0
        self._select(Spot(kind, DECK[ids[index % len(ids)]]))

    def _centre_of(self, card_id: int) -> tuple[int, int]:
        rect = self.sprites[card_id].rect
        return (round(rect.centerx), round(rect.centery))

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        press = self.press
        if press is not None:
            if not press.dragging and (abs(pos[0] - press.origin[0]) > DRAG_THRESHOLD
                                       or abs(pos[1] - press.origin[1]) > DRAG_THRESHOLD):
                press.dragging = True
                self.selected = None
                self.lit = targets(self.game, press.spot, self.half)
                self._drop_meanings.clear()
                self.refusal = None
                sprite = self.sprites[press.spot.card.id]
                sprite.lift = sprite.lift_target = 0.0
            if press.dragging:
                sprite = self.sprites[press.spot.card.id]
                rect = pygame.FRect(sprite.rect)
                rect.topleft = (pos[0] - press.grab[0], pos[1] - press.grab[1])
                sprite.place(rect, sprite.face_up)
                return
        spot = self._hit(pos)
        if spot != self.hover:
            self.hover = spot
            self.hover_time = 0.0
            self.hover_text = None
        self._update_lifts()

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if not self.can_act:
            return
        spot = self._hit(pos)
        if spot is not None and spot.card is not None and spot.zone in SOURCE_ZONES:
            sprite = self.sprites[spot.card.id]
            self.press = _Press(spot, pos, (pos[0] - sprite.rect.x,
                                            pos[1] - sprite.rect.y + sprite.lift))

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if not self.can_act:
            return
        if press is not None and press.dragging:
            self._drop(press.spot, self._hit(pos, exclude=press.spot.card.id), pos)
            return
        self._click(press.spot if press is not None else self._hit(pos), pos)

    def _drop(self, source: Spot, target: Spot | None, pos: tuple[int, int]) -> None:
        """A drag ended over ``target``: act, or snap back (with the core's reason)."""
        self.lit = []
        meaning = intent(self.game, source, target, self.half) if target else None
        if meaning is None or not meaning.legal:
            self._snap_back(source)
            if meaning is not None and meaning.reason:
                self._refuse(meaning.reason, pos)
            return
        self._perform(source, meaning, pos)

    def _click(self, spot: Spot | None, pos: tuple[int, int]) -> None:
        """Click-to-select: a first click picks a card, a second its target."""
        selected = self.selected
        if selected is not None:
            if spot is not None and spot.card is not None and spot.card == selected.card:
                self._clear_selection(keep_half=True)
                return
            meaning = intent(self.game, selected, spot, self.half) if spot else None
            if meaning is not None and meaning.legal:
                self._clear_selection(keep_half=True)
                self._perform(selected, meaning, pos)
                return
            if spot is not None and spot.card is not None and spot.zone in SOURCE_ZONES:
                self._select(spot)
                return
            if meaning is not None and meaning.reason:
                self._refuse(meaning.reason, pos)
                return
            self._clear_selection(keep_half=True)
            return
        if spot is not None and spot.card is not None and spot.zone in SOURCE_ZONES:
            self._select(spot)

    def _select(self, spot: Spot) -> None:
        self.selected = spot
        self.refusal = None
        self.lit = targets(self.game, spot, self.half)
        self._update_lifts()

    def _clear_selection(self, *, keep_half: bool = False) -> None:
        self.selected = None
        self.lit = []
        if not keep_half and self.half is not None:
            self.half = None
            self.status_dirty = True
        self._update_lifts()

    def _update_lifts(self) -> None:
        """The hovered and the selected own cards rise a little."""
        lift = self.frame.lift
        chosen = {spot.card.id for spot in (self.selected, self.hover)
                  if spot is not None and spot.card is not None
                  and spot.zone in ("hand", "play")}
        if self.half is not None:
            chosen.add(self.half.card.id)
        for zone in (f"hand:{self.bottom}", f"play:{self.bottom}"):
            for card_id in self.zones[zone]:
                self.sprites[card_id].lift_target = lift if card_id in chosen else 0.0

    def _perform(self, source: Spot, meaning: Intent, pos: tuple[int, int]) -> None:
        """Carry out a legal gesture: record an exchange half, ask which payment, keep or
        amount where there is a choice, or apply the one action."""
        if meaning.half is not None:
            self.half = meaning.half
            self._snap_back(source)
            self.lit = []
            self.status_dirty = True
            self._update_lifts()
            return
        actions = meaning.actions
        self.dropped = source.card.id if source.card else None
        first = actions[0]
        if isinstance(first, Take) and len(actions) > 1:
            self._choose_payment(source, actions, pos)
        elif isinstance(first, Brute) and len(actions) > 1:
            self._choose_amount(actions, pos)
        else:
            self.apply(first)

    def _choose_payment(self, source: Spot, actions: tuple[Action, ...],
                        pos: tuple[int, int]) -> None:
        """R3.4b/c: which two cards pay, then which of them returns to the hand."""
        pays = payments(actions)
        card = card_words(source.card.id) if source.card else "the card"

        def keep_for(pay: tuple[str, ...]) -> None:
            options = keeps(actions, pay)
            if len(options) == 1:
                self.apply(options[0])
                return
            labels = [(f"Keep {describe_code(o.keep or '')} in hand, "
                       f"{describe_code(next(c for c in pay if c != o.keep))} to play area", o)
                      for o in options]
            self.app.push(ChooserScene(self.app, "Which card returns to your hand?", labels,
                                       self.apply, on_cancel=self._cancel_choice, anchor=pos))

        if len(pays) == 1:
            keep_for(pays[0])
            return
        labels = [(" + ".join(describe_code(code) for code in pay), pay) for pay in pays]
        self.app.push(ChooserScene(self.app, f"Pay for {card} with…", labels, keep_for,
                                   on_cancel=self._cancel_choice, anchor=pos))

    def _choose_amount(self, actions: tuple[Action, ...], pos: tuple[int, int]) -> None:
        """R3.3: by how much the Brute lowers its target; the most useful amount is the
        default."""
        choices, default = brute_choices(self.game, actions)
        target = card_words(self.zones["street"][choices[0][0].street])
        labels = [(f"−{brute.by}: rank {DECK[self.zones['street'][brute.street]].rank - brute.by}"
                   + ("  (you can take it then)" if takeable else ""), brute)
                  for brute, takeable in choices]
        self.app.push(ChooserScene(self.app, f"Lower {target} by…", labels, self.apply,
                                   on_cancel=self._cancel_choice, default=default, anchor=pos))

    def _cancel_choice(self) -> None:
        self.dropped = None
        self._layout_all("animate")

    def _snap_back(self, source: Spot) -> None:
        if source.card is not None and source.card.id in self.slot_of:
            sprite = self.sprites[source.card.id]
            sprite.fly(self.slot_of[source.card.id], sprite.face_up, SLIDE)

    def _refuse(self, reason: str, pos: tuple[int, int]) -> None:
        self.refusal = (reason, pos, REFUSAL_SECONDS)

    # ------------------------------------------------------------------ hit testing

    def _hit(self, pos: tuple[int, int], exclude: int | None = None) -> Spot | None:
        """The most specific spot under ``pos``: a card (topmost first), else a zone."""
        frame = self.frame
        bottom_hand = f"hand:{self.bottom}"
        for card_id in reversed(self.display_order(bottom_hand)):
            rect = self.sprites[card_id].rect
            hit = pygame.Rect(round(rect.x), round(rect.y - self.sprites[card_id].lift),
                              round(rect.w), round(rect.h + self.sprites[card_id].lift))
            if card_id != exclude and hit.collidepoint(pos):
                return Spot("hand", DECK[card_id])
        for card_id in reversed(self.display_order(f"play:{self.bottom}")):
            if card_id != exclude and self.sprites[card_id].rect.collidepoint(pos):
                return Spot("play", DECK[card_id])
        street = self.zones["street"]
        for index in range(len(street) - 1, -1, -1):
            if street[index] != exclude and self.sprites[street[index]].rect.collidepoint(pos):
                return Spot("street", DECK[street[index]], index)
        for card_id in reversed(self.zones[f"play:{1 - self.bottom}"]):
            if self.sprites[card_id].rect.collidepoint(pos):
                return Spot("opponent_play", DECK[card_id])
        if frame.top_hand.collidepoint(pos) and self.seats[1 - self.bottom] != "gangster":
            return Spot("opponent_hand")
        for zone in ("draw_pile", "discard"):
            if frame.region(zone).inflate(frame.gap * 2, frame.gap * 2).collidepoint(pos):
                return Spot(zone)
        if frame.bottom_hand.collidepoint(pos):
            return Spot("hand")
        if frame.bottom_play.collidepoint(pos):
            return Spot("play")
        return None

    # ------------------------------------------------------------------ status and tooltips

    def _rebuild_status(self) -> None:
        """What the status panel, the Street markers and the Pass button show, taken from the
        core once the animations rest."""
        game = self.game
        self.status_dirty = False
        mine = self.human_to_move and game.current == self.bottom
        self.takeable = set(game.takeable_positions()) if mine else set()
        self.fresh = ({card.id for card in game.street if game.is_fresh(card)}
                      if game.fresh_cards_rule and game.refreshed_this_turn else set())
        acted = game.refreshed_this_turn or game.stage != "refresh"
        self.pass_button.text = "End turn: pass" if acted else "Pass"
        self.pass_button.tooltip = self._pass_tooltip()
        self._status = self._render_status()
        # the card under the pointer may have changed: its tooltip must follow
        self.hover = self._hit(self.mouse)
        self.hover_text = None
        self._step_help.clear()

    def _render_status(self) -> pygame.Surface:
        panel, self.step_rects = render_status(
            self.frame, self.app.theme, self.game, names=self.names, seats=self.seats,
            bottom=self.bottom, scores=self.picture_scores(),
            piles=(len(self.zones["draw_pile"]), len(self.zones["discard"])),
            takeable=len(self.takeable), half=self.half, fresh=bool(self.fresh))
        return panel

    def _pass_tooltip(self) -> str:
        game = self.game
        if game.over:
            return "The game is over."
        if self.seats[game.current] != "human":
            return f"It is {self.names[game.current]}'s turn."
        text = "End your turn without taking a card (R3.4d). Space does the same."
        if game.passed_last_turn:
            text += (f" {self.names[1 - game.current]} passed last turn: if you pass too, the "
                     "game ends now (R5.2).")
        return text

    def picture_scores(self) -> tuple[int, int]:
        """Each seat's VP as the table shows it now (hand and play area, R5.3)."""
        return (sum(DECK[i].vp for i in self.zones["hand:0"] + self.zones["play:0"]),
                sum(DECK[i].vp for i in self.zones["hand:1"] + self.zones["play:1"]))

    def _tooltip(self, spot: Spot) -> str | None:
        """What hovering ``spot`` explains: a card's name, family, rank, VP and ability; for a
        Street card whether it can be taken now and, if not, the core's reason."""
        game = self.game
        if spot.zone == "opponent_hand":
            count = len(self.zones[f"hand:{1 - self.bottom}"])
            return f"{self.names[1 - self.bottom]}'s hand: {count} cards, hidden (R5.4)."
        if spot.zone == "draw_pile":
            text = f"Draw pile: {len(self.zones['draw_pile'])} cards, face down."
            if game.reshuffled:
                text += " After the reshuffle a refreshed card goes under it (R3.1a)."
            return text
        if spot.zone == "discard":
            count = len(self.zones["discard"])
            text = f"Discard pile: {count} card{'s' if count != 1 else ''}."
            if game.reshuffled:
                text += " It was shuffled into the draw pile; nothing is discarded now (R4.2)."
            return text
        card = spot.card
        if card is None:
            return None
        ability = card.family.ability if card.rank else "Rank 0: no ability."
        text = (f"{card.name}\n{card.family.display_name} · rank {card.rank} · {card.vp} VP\n"
                f"{ability}")
        if spot.zone == "street" and spot.index is not None and self.can_act:
            if spot.index in self.takeable:
                text += "\nYou can take it now: drag it onto your hand."
            else:
                text += "\nNot takeable now: " + (game.explain(Take(spot.index)) or "")
        return text

    # ------------------------------------------------------------------ drawing

    def _render_background(self, size: tuple[int, int]) -> pygame.Surface:
        frame = self.frame
        background = pygame.Surface(size).convert()
        height = size[1]
        for y in range(height):
            p = abs(y / height - 0.45) * 1.6
            colour = tuple(round(a + (b - a) * min(1.0, p))
                           for a, b in zip(t.FELT_LIGHT, t.FELT_DARK, strict=True))
            pygame.draw.line(background, colour, (0, y), (size[0], y))
        bands = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(6, frame.gap)
        for rect in (frame.top_hand.union(frame.top_play).inflate(frame.gap, frame.gap),
                     frame.street.union(frame.draw_pile).inflate(frame.gap * 2, frame.gap),
                     frame.bottom_play.inflate(frame.gap, frame.gap),
                     frame.bottom_hand.inflate(frame.gap, frame.gap)):
            pygame.draw.rect(bands, (0, 0, 0, 38), rect, border_radius=radius)
        for zone in ("draw_pile", "discard"):
            rect = frame.region(zone)
            pygame.draw.rect(bands, (0, 0, 0, 60), rect, border_radius=radius)
            pygame.draw.rect(bands, (*t.GOLD_DARK, 160), rect, width=2, border_radius=radius)
            word = "Draw pile" if zone == "draw_pile" else "Discard"
            label = self.app.theme.text(word, frame.font(17), t.INK_DIM)
            bands.blit(label, label.get_rect(center=rect.center))
        background.blit(bands, (0, 0))
        return background

    def _fill(self, size: tuple[int, int]) -> pygame.Surface:
        """A translucent glow fill for a lit zone (cached per size)."""
        fill = self._zone_fill.get(size)
        if fill is None:
            fill = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(fill, (*t.DROP_OK, 40), fill.get_rect(), border_radius=10)
            pygame.draw.rect(fill, (*t.DROP_OK, 220), fill.get_rect(), width=3,
                             border_radius=10)
            self._zone_fill[size] = fill
        return fill

    def _marks(self) -> dict[int, tuple[int, int, int]]:
        """The glow of each marked card: legal targets, the selection, a pending exchange."""
        marks = {}
        if self.half is not None:
            marks[self.half.card.id] = t.GOLD
        if self.selected is not None and self.selected.card is not None:
            marks[self.selected.card.id] = t.HIGHLIGHT
        for spot in self.lit:
            if spot.card is not None:
                marks[spot.card.id] = t.DROP_OK
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        """The resting table (background, resting cards, marks, labels, side panel) is one
        layer, drawn again only when something on it changed; cards in motion, the dragged
        card, the buttons, the banner and the tooltips go over it every frame."""
        size = surface.get_size()
        if self._background is None or self._background.get_size() != size:
            self._background = self._render_background(size)
            self._layer = None
        dragged = self.press.spot.card.id if self.press and self.press.dragging else None
        marks = self._marks()
        moving: list[CardSprite] = []
        resting: list[tuple[object, ...]] = []
        for card_id, sprite in self.sprites.items():
            if sprite.flying or sprite.lift or sprite.lift_target or card_id == dragged:
                if card_id != dragged:
                    moving.append(sprite)
            else:
                rect = sprite.rect
                resting.append((card_id, rect.x, rect.y, rect.w, sprite.face_up))
        signature = (tuple(resting), self.zones_version, id(self._status), self.log.version,
                     tuple(marks.items()), tuple(self.lit), tuple(sorted(self.takeable)),
                     tuple(sorted(self.fresh)), tuple(sorted(self.lowered.items())),
                     self.busy, self.bottom)
        if self._layer is None or signature != self._layer_signature:
            self._render_layer(size, {s.card.id for s in moving} | {dragged}, marks)
            self._layer_signature = signature
        assert self._layer is not None
        surface.blit(self._layer, (0, 0))
        self.drawn_faces = set(self._layer_faces)
        for sprite in sorted(moving, key=lambda s: (s.order, s.rect.x)):
            # a card an event sent flying casts a shadow; one sliding aside stays on the felt
            self._draw_sprite(surface, sprite, shadow=sprite.order > 0)
            if sprite.card.id in marks and not sprite.flying:
                self._draw_glow(surface, sprite, marks[sprite.card.id])
        if dragged is not None and self.press is not None:
            self._draw_drop_feedback(surface, self.press.spot)
            self._draw_sprite(surface, self.sprites[dragged], shadow=True)
        if self.half is not None:
            pending = self.sprites[self.half.card.id]
            self._pill(surface, "to your hand" if self.half.take else "to your play area",
                       (round(pending.rect.centerx), round(pending.rect.top - pending.lift)),
                       t.PANEL, t.GOLD)
        for button in (self.pass_button, self.menu_button, self.help_button):
            button.draw(surface, self.app.theme)
        if self.caption is not None:
            surface.blit(self.caption, self.caption.get_rect(center=self.frame.bottom_play.center))
        if self.banner is not None:
            banner = self.banner[0]
            centre = self.frame.street.union(self.frame.draw_pile).center
            surface.blit(banner, banner.get_rect(center=centre))
        self._draw_tooltips(surface)

    def _render_layer(self, size: tuple[int, int], moving: set[int | None],
                      marks: dict[int, tuple[int, int, int]]) -> None:
        if self._layer is None or self._layer.get_size() != size:
            self._layer = pygame.Surface(size).convert()
        layer = self._layer
        assert self._background is not None
        layer.blit(self._background, (0, 0))
        self.drawn_faces = set()
        self._draw_piles(layer)
        for zone in ("discard", f"play:{1 - self.bottom}", f"hand:{1 - self.bottom}", "street",
                     f"play:{self.bottom}", f"hand:{self.bottom}"):
            ids = self.display_order(zone)
            for card_id in ids[-3:] if zone == "discard" else ids:
                if card_id in moving:
                    continue
                sprite = self.sprites[card_id]
                self._draw_sprite(layer, sprite)
                if card_id in marks:
                    self._draw_glow(layer, sprite, marks[card_id])
        self._draw_street_marks(layer)
        self._draw_lit_zones(layer)
        self._draw_labels(layer)
        if self._status is None:
            self._status = self._render_status()
        layer.blit(self._status, self.frame.status)
        self.log.draw(layer)
        self._layer_faces = self.drawn_faces

    def _draw_sprite(self, surface: pygame.Surface, sprite: CardSprite, *,
                     shadow: bool = False) -> None:
        drawn = self.art.sprite_image(sprite)
        if drawn is None:
            return
        image, where = drawn
        if sprite.showing_face():
            self.drawn_faces.add(sprite.card.id)
        if shadow or sprite.lift:
            shade = self.art.shadow(where.size)
            offset = max(3, where.height // 24) + round(sprite.lift * 0.3)
            surface.blit(shade, shade.get_rect(center=(where.centerx + offset,
                                                       where.centery + offset * 2)))
        surface.blit(image, where)

    def _draw_glow(self, surface: pygame.Surface, sprite: CardSprite,
                   colour: tuple[int, int, int]) -> None:
        size = (round(sprite.rect.w), round(sprite.rect.h))
        glow = self.art.glow(size, colour)
        centre = (round(sprite.rect.centerx), round(sprite.rect.centery - sprite.lift))
        surface.blit(glow, glow.get_rect(center=centre))

    def _draw_piles(self, surface: pygame.Surface) -> None:
        """The draw pile as a stack of backs with its count (R5.4: face down)."""
        frame = self.frame
        count = len(self.zones["draw_pile"])
        rect = frame.draw_pile
        if count:
            back = self.art.image(DECK[self.zones["draw_pile"][0]], False, rect.size)
            layers = min(4, 1 + count // 12)
            for layer in range(layers - 1, -1, -1):
                surface.blit(back, (rect.x - layer * 2, rect.y - layer * 2))
        self._pill(surface, str(count), (rect.centerx, rect.bottom + frame.gap))
        discard = len(self.zones["discard"])
        if discard:
            self._pill(surface, str(discard), (frame.discard.centerx,
                                               frame.discard.bottom + frame.gap))

    def _pill(self, surface: pygame.Surface, text: str, centre: tuple[int, int],
              colour: tuple[int, int, int] = t.INK, fill: tuple[int, int, int] = t.PANEL) -> None:
        label = self.app.theme.text(text, self.frame.font(18), colour, bold=True)
        rect = label.get_rect(center=centre).inflate(14, 4)
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, t.GOLD_DARK, rect, width=1, border_radius=rect.height // 2)
        surface.blit(label, label.get_rect(center=rect.center))

    def _draw_street_marks(self, surface: pygame.Surface) -> None:
        """Street cards takeable now (a green tag), fresh cards (R3.1d) and lowered ranks
        (R3.3, a badge until the turn ends)."""
        frame = self.frame
        theme = self.app.theme
        resting = not self.busy
        dragged = self.press.spot.card if self.press and self.press.dragging else None
        for index, card_id in enumerate(self.zones["street"]):
            sprite = self.sprites[card_id]
            if sprite.flying or (dragged is not None and dragged.id == card_id):
                continue
            rect = sprite.rect
            if resting and index in self.takeable:
                self._draw_glow(surface, sprite, t.GREEN)
                self._pill(surface, "take", (round(rect.centerx), round(rect.bottom)
                                             + frame.gap + 2), t.PANEL, t.GREEN)
            if resting and card_id in self.fresh:
                self._pill(surface, "fresh", (round(rect.centerx), round(rect.top) + 2),
                           t.PANEL, t.GOLD)
            if card_id in self.lowered:
                # over the printed rank in the card's corner
                radius = max(11, round(rect.w * 0.13))
                centre = (round(rect.x + rect.w * 0.1), round(rect.y + rect.h * 0.085))
                pygame.draw.circle(surface, t.RED, centre, radius)
                pygame.draw.circle(surface, t.INK, centre, radius, width=2)
                number = theme.text(str(self.lowered[card_id]), round(radius * 1.5), t.INK,
                                    bold=True)
                surface.blit(number, number.get_rect(center=centre))

    def _zone_rect(self, zone: str) -> pygame.Rect | None:
        """The outline of a drop zone (own hand, own play area, a pile)."""
        frame = self.frame
        if zone == "hand":
            return frame.bottom_hand.inflate(frame.gap, frame.gap)
        if zone == "play":
            return frame.bottom_play.inflate(frame.gap, frame.gap)
        if zone in ("discard", "draw_pile"):
            return frame.region(zone).inflate(frame.gap * 2, frame.gap * 2)
        return None

    def _draw_lit_zones(self, surface: pygame.Surface) -> None:
        for spot in self.lit:
            rect = self._zone_rect(spot.zone) if spot.card is None else None
            if rect is not None:
                surface.blit(self._fill(rect.size), rect)

    def _draw_drop_feedback(self, surface: pygame.Surface, source: Spot) -> None:
        """Under the dragged card: its target lights up when the drop would be legal and
        turns red when the core would refuse it."""
        target = self._hit(self.mouse, exclude=source.card.id if source.card else None)
        if target is None:
            return
        meaning = self._drop_meanings.get(target)
        if meaning is None:
            meaning = self._drop_meanings[target] = intent(self.game, source, target, self.half)
        if not meaning.legal and not meaning.reason:
            return
        colour = t.HIGHLIGHT if meaning.legal else t.DROP_BAD
        # a Street card (a Brute's target) or a card lit on its own is meant; else its zone
        if target.card is not None and (target.zone == "street" or target in self.lit):
            self._draw_glow(surface, self.sprites[target.card.id], colour)
            return
        rect = self._zone_rect(target.zone)
        if rect is not None:
            pygame.draw.rect(surface, colour, rect, width=3, border_radius=10)

    def _draw_labels(self, surface: pygame.Surface) -> None:
        frame, theme = self.frame, self.app.theme
        size = frame.font(18)
        scores = self.picture_scores()
        top = 1 - self.bottom
        top_hand = len(self.zones[f"hand:{top}"])
        text = f"{self.names[top]}  ·  {scores[top]} VP"
        if self.seats[top] != "gangster":
            text += f"  ·  {top_hand} in hand"
        surface.blit(theme.text(text, size, t.INK, bold=True), frame.top_label)
        if self.seats[top] != "gangster" and top_hand:
            first = self.sprites[self.zones[f"hand:{top}"][-1]].rect
            self._pill(surface, str(top_hand), (round(first.right) + 16, round(first.centery)))
        surface.blit(theme.text(f"{self.names[self.bottom]}'s play area", size, t.INK_DIM),
                     frame.bottom_label)
        text = f"{self.names[self.bottom]}'s hand  ·  {scores[self.bottom]} VP"
        surface.blit(theme.text(text, size, t.INK, bold=True), frame.hand_label)

    def _draw_tooltips(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self.refusal is not None:
            text, pos, _ = self.refusal
            draw_tooltip(surface, theme, text, pos)
            return
        for button in (self.pass_button, self.menu_button, self.help_button):
            if button.hovered and button.tooltip:
                button.draw_tooltip(surface, theme)
                return
        step = next((i for i, rect in enumerate(self.step_rects)
                     if rect.collidepoint(self.mouse)), None)
        if step is not None and not self.busy:
            text = self._step_help.get(step)
            if text is None:
                text = self._step_help[step] = step_help(self.game, step, len(self.takeable))
            draw_tooltip(surface, theme, text, self.mouse)
            return
        if (self.hover is None or self.hover_time < HOVER_DELAY or self.press is not None
                or self.busy or self.hover == self.selected):
            return
        if self.hover_text is None:
            self.hover_text = self._tooltip(self.hover) or ""
        if self.hover_text:
            draw_tooltip(surface, theme, self.hover_text, self.mouse)


