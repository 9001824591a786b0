"""The window, the clock and the scene stack: the main loop hands input, update and draw to
the top scene (overlays draw over the scenes below them).

Idle costs nothing: while no visible scene is animating, the loop sleeps until input arrives
or the next timer is due (a notice that closes, a blinking cursor), and a frame is drawn only
when something changed.

One press never does two things across a change of screen: the new top scene does not get the
repeats of a key that was already held, the release of a mouse button pressed before it
appeared, nor any press in the first :data:`INPUT_GRACE` seconds.

Work that goes on whatever scene is on top (a networked game's connection) is a *task*
(:meth:`App.add_task`), run at the start of every frame; another thread that has news for it
calls :meth:`App.wake`, which wakes the loop without drawing anything by itself, and the loop
wakes every :data:`TASK_PERIOD` ms while there are tasks.

An unexpected exception in a frame does not close the game (:meth:`App.guarded_frame`): it is
logged with its traceback, the running game is saved, and the player is back on the title,
told in plain words where the log is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from .. import i18n
from ..desktop import WINDOW_CLASS, icon_name
from ..lazy import lazy_module
from ..logs import details, logger, start_logging, starts_later
from ..rules.messages import msg
from ..shipped import asset_folder
from ..store.glance import MIN_WINDOW, StartSettings, start_settings
from .assets import CardImages
from .bare_window import plain_framebuffer
from .kept_images import KeptImages
from .notices import Notices
from .scene import Scene
from .theme import Theme
from .window_fit import keep_on_desktop, open_window
from .window_size import Probe, SdlWord, drawable, probe_for

if TYPE_CHECKING:
    from ..players.seats import ComputerLevel
    from ..store import settings as stored_settings
    from ..store.settings import Settings, SettingsStore
    from . import navigation, sound
    from . import screens as routes
    from .screens import Screens
    from .sound import Sound
else:
    # loaded once the first frame is on screen (:meth:`App.settle`), or when first used
    stored_settings = lazy_module("famiglia.store.settings")
    navigation = lazy_module("famiglia.ui.navigation")
    routes = lazy_module("famiglia.ui.screens")
    sound = lazy_module("famiglia.ui.sound")

FPS = 60
#: Presses this soon after the top scene changed are taken as carried over and ignored.
INPUT_GRACE = 0.3
#: The most an animation advances in one frame (after a rest or a stall it does not jump).
MAX_STEP = 0.1
#: A pointer position off every screen: where a covered scene is told the pointer is.
NOWHERE = (-10_000, -10_000)
#: At rest, how often (ms) the loop looks for input: well under a frame, yet idle.
IDLE_POLL = 15
#: The window's icon (the desktop's, at the size window managers like best).
ICON_SIZE = 64
#: The event that wakes the loop for its tasks (:meth:`App.wake`): no input, nothing drawn.
WAKE = pygame.event.custom_type()
#: While there are tasks, the loop wakes at least this often (ms) for them.
TASK_PERIOD = 1000
log = logger(__name__)
PRESSES = (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
           pygame.MOUSEWHEEL)


class App:
    """Owns the pygame window and the scene stack (push, pop, replace).

    ``title_first``: the game's start (:mod:`.launch`), which shows the title's first frame
    before it loads what that frame does not need: the window opens with the few settings
    the frame is drawn with (:mod:`famiglia.store.glance`), and :meth:`settle`, right after
    the first frame, loads the settings' store (a damaged file is reported and set aside
    then), makes the sound and runs what the scenes left for then (:meth:`when_settled`).
    Otherwise (the tests, the other commands) the app is settled as it opens."""

    def __init__(self, *, size: tuple[int, int] | None = None,
                 settings_store: SettingsStore | None = None, title_first: bool = False
                 ) -> None:
        # the desktop knows the window by its launcher's name (pygame names it after the
        # script that started it, "__main__.py" for ``python -m famiglia``)
        for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
            os.environ[variable] = WINDOW_CLASS
        pygame.display.init()
        plain_framebuffer()
        pygame.font.init()
        self.settled = False
        self._when_settled: list[Callable[[], None]] = []
        self._given_store = settings_store
        #: the settings the window opens with and the first frame is drawn with
        self.start: StartSettings | Settings
        if title_first:
            self.start = start_settings(None if settings_store is None else settings_store.path)
        else:
            self._load_settings()
            self.start = self.settings
        i18n.set_language(i18n.startup_language(self.start.language))
        # a size given (tests, the benchmark) is taken as it is; the remembered one is fitted
        # to the desktop, and a desktop too small for a window is used in full screen
        desktop_too_small = False
        if size is None:
            self.window, desktop_too_small = open_window("Famiglia", self.start.window_size)
        else:
            self.window = pygame.Window("Famiglia", size, resizable=True)
            self.window.minimum_size = MIN_WINDOW
        #: the window's size as it opened (remembered in the settings, unless one was given)
        self._opened_size = None if size is not None else self.window.size
        self.fullscreen = False
        if size is None and (self.start.fullscreen or desktop_too_small):
            self.window.set_fullscreen(desktop=True)
            self.fullscreen = True
        #: asks for the size the window really has (see :mod:`.window_size`); a window that
        #: did not ask for full screen has the size SDL says, so at the game's start it is
        #: asked once the app is settled (on X11 the probe loads ``ctypes`` and libX11)
        self._probe_later = title_first and not self.fullscreen
        self.window_probe: Probe = SdlWord() if self._probe_later else probe_for(self.window)
        self.screen = drawable(self.window.get_surface(), self.window_probe())
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self.theme = Theme()
        #: what the scenes draw at every start, kept for the next (the title's fans and
        #: backdrop): at the game's start written once the first frame is on screen
        self.kept = KeptImages(later=title_first)
        self.cards = CardImages(kept=self.kept)
        self.scenes: list[Scene] = []
        self.running = True
        self.input_grace = INPUT_GRACE
        self.notices = Notices(self.theme)
        self._dirty = True
        self._time = 0.0
        #: when a scene said it changes by itself next (app time), and whether it animates
        self._wake_at: float | None = None
        self._moving = False
        self._seen_top: Scene | None = None
        self._top_since = 0.0
        self._keys_down: set[int] = set()
        self._buttons_down: set[int] = set()
        self._stale_keys: set[int] = set()
        self._stale_buttons: set[int] = set()
        #: the last frame failed and the app went back to the title
        self._recovered = False
        #: run at the start of every frame, whatever scene is on top (:meth:`add_task`)
        self.tasks: list[Callable[[], None]] = []
        self._unsubscribe = i18n.on_language_change(self._language_changed)
        if not title_first:
            self.settle()

    def _load_settings(self) -> None:
        self.settings_store: SettingsStore = (self._given_store
                                              or stored_settings.SettingsStore())
        self.settings: Settings = stored_settings.follow_language(self.settings_store.load())

    def settle(self) -> None:
        """What the first frame need not wait for, done once, right after it: the log file
        (when the command line left it for now, :func:`famiglia.logs.start_logging_later`),
        the images drawn for the first frame kept for the next start (:mod:`.kept_images`),
        the settings loaded by their store, whose notice (a damaged file set aside, a setting
        gone back to its default) is shown now; the window's size as the X server tells it
        (:mod:`.window_size`) and its icon (not drawn in the window); the sound; then what the
        scenes left for this moment (:meth:`when_settled`).  Should the settings differ from
        those the frame was drawn with (the file changed meanwhile), the scenes lay themselves
        out again."""
        if self.settled:
            return
        self.settled = True
        if starts_later():
            start_logging()
        self.kept.write_waiting()
        if isinstance(self.start, StartSettings):
            self._load_settings()
            i18n.set_language(i18n.startup_language(self.settings.language))
            if self.settings.computer_level != self.start.computer_level:
                self._language_changed(i18n.current_language())
        if self._opened_size is not None:
            self.settings = self.settings.with_changes(window_size=self._opened_size)
        if self._probe_later:
            self.window_probe = probe_for(self.window)
            self._follow_window()
        self.window.set_icon(self._icon())
        self.sound: Sound = sound.Sound(volume=self.settings.volume, muted=self.settings.mute)
        if self.settings_store.notice:
            self.toast(self.settings_store.notice)
        actions, self._when_settled = self._when_settled, []
        for action in actions:
            action()

    def when_settled(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the app is settled (:meth:`settle`): at once when it is."""
        if self.settled:
            action()
        else:
            self._when_settled.append(action)

    @property
    def computer_level(self) -> ComputerLevel:
        """The computer's level for Play against the computer (the settings', or before they
        are loaded the one the first frame is drawn with)."""
        return self.settings.computer_level if self.settled else self.start.computer_level

    @cached_property
    def screens(self) -> Screens:
        """Every screen a route opens (:mod:`.navigation` asks it)."""
        return routes.Screens(self)

    @staticmethod
    def _icon() -> pygame.Surface:
        """The window's icon: the desktop's (one of our own cards, :mod:`famiglia.desktop`)."""
        with asset_folder("icons").joinpath(icon_name(ICON_SIZE)).open("rb") as handle:
            return pygame.image.load(handle, icon_name(ICON_SIZE))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    # ------------------------------------------------------------------ the stack

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].leave()
            self._point(self.scenes[-1], NOWHERE)
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
            self._point(self.scenes[-1], self.notices.pointer)
        self._dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        self._dirty = True

    @staticmethod
    def _point(scene: Scene, pos: tuple[int, int]) -> None:
        """Tell ``scene`` where the pointer is: away from it while another scene covers it
        (nothing of it stays hovered, so no tooltip of it shows under a dialog), where it is
        when the scene is on top again (its hover follows the pointer it missed)."""
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0)))

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to ``scene`` (back to the title)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def request_redraw(self) -> None:
        """Something on screen changed outside input and animation: draw the next frame."""
        self._dirty = True

    # ------------------------------------------------------------------ tasks

    def add_task(self, task: Callable[[], None]) -> None:
        """Run ``task`` at the start of every frame until :meth:`remove_task`; the loop wakes
        at least every :data:`TASK_PERIOD` ms meanwhile."""
        if not self.tasks:
            pygame.time.set_timer(WAKE, TASK_PERIOD)
        self.tasks.append(task)

    def remove_task(self, task: Callable[[], None]) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
            if not self.tasks:
                pygame.time.set_timer(WAKE, 0)

    @staticmethod
    def wake() -> None:
        """Wake the loop for its tasks (any thread may call it: something arrived).  After
        the window closed there is no loop to wake: a late arrival is dropped."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            log.debug("nothing to wake: the window is closed")

    # ------------------------------------------------------------------ settings and notices

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.settings_store.save(settings)
        notice = self.settings_store.take_notice()
        if notice:
            self.toast(notice)
        self.sound.set_volume(settings.volume, muted=settings.mute)

    def toast(self, message: i18n.MessageLike | str, *, seconds: float | None = None) -> None:
        """A notice in the bottom right corner (a text, or a core or store message shown in
        the current language) that closes by itself after ``seconds``, by default after the
        time it takes to read (:mod:`.notices`)."""
        self.notices.add(message, seconds)
        self._dirty = True

    def set_language(self, code: str | None) -> None:
        """The player chose a language (None: the system's): switch now and remember it."""
        self.save_settings(self.settings.with_changes(language=code))
        i18n.set_language(code or i18n.detect_language())

    def _language_changed(self, _value: str) -> None:
        """Every scene on the stack, not only the top one, lays its texts out again: the
        title or a paused table shows the new language when the player comes back.  Names
        the player never chose follow the language too ("Spieler 1")."""
        if self.settled:
            self.settings = stored_settings.follow_language(self.settings)
        for scene in self.scenes:
            scene.language_changed()
        self._dirty = True

    def toggle_fullscreen(self) -> None:
        """F11 and the setting: full screen, or back to a window on the desktop."""
        if self.fullscreen:
            self.window.set_windowed()
            keep_on_desktop(self.window)
        else:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = not self.fullscreen
        self.save_settings(self.settings.with_changes(fullscreen=self.fullscreen))
        self._resized()

    def _resized(self) -> None:
        self.screen = drawable(self.window.get_surface(), self.window_probe())
        size = self.size
        if not self.fullscreen and self.settled:
            self.settings = self.settings.with_changes(window_size=size)
        elif not self.fullscreen and self._opened_size is not None:
            self._opened_size = size
        self.cards.forget_sizes()
        for scene in self.scenes:
            scene.resize(size)
        self._dirty = True

    def _follow_window(self) -> None:
        """The window was shown again: when it is not the size drawn for (a window manager
        that granted full screen after SDL announced it), lay everything out again."""
        if drawable(self.window.get_surface(), self.window_probe()).get_size() != self.size:
            self._resized()

    # ------------------------------------------------------------------ input

    def _note_top(self) -> None:
        """A new top scene: what is held down now belongs to the screen before it."""
        if self.top is self._seen_top:
            return
        self._seen_top = self.top
        self._top_since = self._time
        pressed = pygame.key.get_pressed()
        held = {key for key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                pygame.K_ESCAPE) if pressed[key]}
        self._stale_keys = self._keys_down | held
        self._stale_buttons = set(self._buttons_down)

    def _carried_over(self, event: pygame.event.Event) -> bool:
        """Input the new top scene must not act on (see the module's docstring)."""
        if event.type == pygame.KEYUP:
            self._stale_keys.discard(event.key)
            return False
        if event.type == pygame.KEYDOWN and event.key in self._stale_keys:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in self._stale_buttons:
            self._stale_buttons.discard(event.button)
            return True
        return event.type in PRESSES and self._time - self._top_since < self.input_grace

    def _track(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._buttons_down.add(event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._buttons_down.discard(event.button)
        if event.type == pygame.MOUSEMOTION:
            self.notices.pointer = event.pos

    @property
    def time(self) -> float:
        """Seconds on the app's clock: real time as the frames count it (a rest included),
        already current while a frame's input is handled."""
        return self._time

    # ------------------------------------------------------------------ the loop

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One iteration: input to the top scene, update, draw (when anything changed), flip.
        ``dt``: the seconds since the last frame, a long rest included (timers, the grace
        period and the notices count real time; a running animation advances at most
        :data:`MAX_STEP`, so that a stall does not make it jump).  Tests call this directly
        with synthetic events."""
        self._time += dt
        due = self._wake_at is not None and self._time >= self._wake_at
        self._note_top()
        for task in list(self.tasks):
            task()
        self._note_top()
        first_top = self.top
        for event in events:
            if event.type == WAKE:
                continue  # the tasks ran: what they changed asks for its own frame
            self._dirty = True
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.WINDOWSIZECHANGED:
                self._resized()
                continue
            if event.type == pygame.WINDOWEXPOSED:
                self._follow_window()
            self._track(event)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.notices.click(event):
                continue
            top = self.top
            if top is None:
                break
            if self._carried_over(event) or (event.type == pygame.TEXTINPUT
                                              and top is not first_top):
                continue  # (the text of the key that opened a scene does not type into it)
            top.handle_event(event)
            self._note_top()
        if not self.scenes:
            self.running = False
            return
        self.scenes[-1].update(self._step(dt))
        self._note_top()
        if self.notices.expire(dt):
            self._dirty = True
        was_moving, self._moving = self._moving, self.animating()
        # the frame in which a scene comes to rest is drawn too: its last update may have
        # changed what it shows (a status rebuilt once the cards have landed)
        if self._dirty or due or self._moving or was_moving:
            self._dirty = False
            self.draw()
        wakeup = self.next_wakeup()
        self._wake_at = None if wakeup is None else self._time + wakeup

    def _step(self, dt: float) -> float:
        """How far the top scene advances: real time at rest (its timers), at most
        :data:`MAX_STEP` while it animates, one frame when an animation starts after a rest."""
        if self._moving:
            return min(dt, MAX_STEP)
        if self.animating():
            return min(dt, 1 / FPS)
        return dt

    def _visible(self) -> list[Scene]:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        return self.scenes[first:]

    def animating(self) -> bool:
        """Whether a scene on screen needs frames now (see :meth:`Scene.wants_frames`)."""
        return any(scene.wants_frames() for scene in self._visible())

    def next_wakeup(self) -> float | None:
        """Seconds until something on screen changes by itself (a scene's timer, a notice
        that closes), or None when only input can change it."""
        times = [scene.next_change() for scene in self._visible()]
        times.append(self.notices.next_change())
        due = [time for time in times if time is not None]
        return min(due) if due else None

    def draw(self) -> None:
        for scene in self._visible():
            scene.draw(self.screen)
        self.notices.draw(self.screen)
        self.window.flip()

    def run(self) -> None:
        """The main loop: the first frame at once, then :meth:`settle` and the sound device
        (slow to open, slower still where there is none); then up to 60 frames a second
        while something moves, otherwise asleep until input or the next timer."""
        self.clock.tick()
        self.guarded_frame([], 0.0)
        self.settle()
        self.sound.start()
        while self.running:
            if self.animating():
                dt = self.clock.tick(FPS) / 1000.0
                events = pygame.event.get()
            else:
                events = self._wait()
                dt = self.clock.tick() / 1000.0
            self.guarded_frame(events, dt)
        self.save_settings(self.settings)
        self.sound.quit()
        self._unsubscribe()
        self.window_probe.close()
        pygame.quit()

    def guarded_frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """:meth:`frame` as the main loop runs it: after an unexpected exception the app
        recovers (:meth:`recover`) instead of closing the game; one in the very next frame
        too (the title itself failing) is raised."""
        try:
            self.frame(events, dt)
        except Exception:
            if self._recovered:
                raise
            self._recovered = True
            self.recover()
        else:
            self._recovered = False

    def recover(self) -> None:
        """After an unexpected exception: log it with its traceback, save the running game
        (each table's ``on_action`` hook saves its game), go back to the title and tell the
        player in plain words, with the log file's place."""
        log.exception("An unexpected error in a frame; the game goes back to the title")
        saved = False
        for scene in self.scenes:
            save = getattr(scene, "on_action", None)
            if not callable(save):
                continue
            try:
                save(scene)
            except Exception:
                log.exception("The running game could not be saved after the error")
                continue
            game = getattr(scene, "game", None)
            saved = saved or (game is not None and not game.is_terminal())
        try:
            navigation.to_title(self)
        except Exception:
            log.exception("The screens could not be closed one by one; they are dropped")
            self.scenes.clear()
            navigation.to_title(self)
        if saved:
            self.toast(msg("Something went wrong, so Famiglia went back to the title screen. "
                           "Your game was saved: Continue plays on where you were. {details}",
                           details=details()))
        else:
            self.toast(msg("Something went wrong, so Famiglia went back to the title screen. "
                           "{details}", details=details()))

    def _wait(self) -> list[pygame.event.Event]:
        """Sleep until input arrives or the next timer is due, looking for input every
        :data:`IDLE_POLL` ms.  (``pygame.event.wait`` looks every millisecond, which alone
        costs more than the whole game should at rest.)"""
        wakeup = self.next_wakeup()
        soonest = 1000 // FPS
        due = None if wakeup is None else pygame.time.get_ticks() + max(soonest,
                                                                          round(wakeup * 1000))
        while True:
            events = pygame.event.get()
            if events:
                return events
            now = pygame.time.get_ticks()
            if due is not None and now >= due:
                return []
            pygame.time.wait(IDLE_POLL if due is None else max(1, min(IDLE_POLL, due - now)))

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Close the window without running the loop to its end (tests, the benchmark): the
        app no longer hears of language changes."""
        self._unsubscribe()
        self.window_probe.close()
        self.window.destroy()
