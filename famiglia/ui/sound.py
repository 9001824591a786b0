"""The game's sound effects, synthesised in code at start like the card art is drawn: card
sounds (deal, slide, shuffle), a soft chime when a turn comes round, and a short tune for a
won or lost game.

``app.sound.play(name)`` never fails: without an audio device (``SDL_AUDIODRIVER=dummy``, or
the mixer refusing to start) or when muted, it plays nothing.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable, Iterator

import pygame

RATE = 22050
NAMES = ("deal", "slide", "shuffle", "turn", "win", "lose")
#: Every effect's loudness at full volume (the tunes and chimes softer than the card noises).
PEAK = 0.55


def _envelope(count: int, attack: float, decay: float) -> Iterator[float]:
    """A quick rise over ``attack`` seconds, then an exponential fall (``decay`` s to 1/e)."""
    rise = max(1, int(attack * RATE))
    for index in range(count):
        if index < rise:
            yield index / rise
        else:
            yield math.exp(-(index - rise) / (decay * RATE))


def _noise(seconds: float, *, attack: float, decay: float, smooth: float,
           rng: random.Random) -> list[float]:
    """Filtered noise: the rustle of a card; ``smooth`` (0 to 1) darkens it."""
    count = int(seconds * RATE)
    value = 0.0
    samples = []
    for gain in _envelope(count, attack, decay):
        value = value * smooth + rng.uniform(-1.0, 1.0) * (1.0 - smooth)
        samples.append(value * gain)
    return samples


def _tone(frequency: float, seconds: float, *, decay: float) -> list[float]:
    """A bell-like note: a sine with a touch of its octave, struck and fading."""
    count = int(seconds * RATE)
    step = 2 * math.pi * frequency / RATE
    return [gain * (math.sin(step * index) + 0.3 * math.sin(2 * step * index)) / 1.3
            for index, gain in enumerate(_envelope(count, 0.004, decay))]


def _mix(parts: list[tuple[float, list[float]]]) -> list[float]:
    """Lay each part in at its start time (seconds)."""
    length = max(int(start * RATE) + len(part) for start, part in parts)
    out = [0.0] * length
    for start, part in parts:
        offset = int(start * RATE)
        for index, value in enumerate(part):
            out[offset + index] += value
    return out


def deal(rng: random.Random) -> list[float]:
    return _noise(0.09, attack=0.003, decay=0.018, smooth=0.35, rng=rng)


def slide(rng: random.Random) -> list[float]:
    return _noise(0.22, attack=0.06, decay=0.05, smooth=0.6, rng=rng)


def shuffle(rng: random.Random) -> list[float]:
    flicks = [(index * 0.045 + rng.uniform(0.0, 0.012),
               _noise(0.05, attack=0.002, decay=0.01, smooth=0.4, rng=rng))
              for index in range(14)]
    return _mix(flicks)


def turn(rng: random.Random) -> list[float]:
    return _mix([(0.0, _tone(659.3, 0.25, decay=0.08)), (0.09, _tone(880.0, 0.35, decay=0.12))])


def win(rng: random.Random) -> list[float]:
    notes = (523.3, 659.3, 784.0, 1046.5)
    return _mix([(index * 0.11, _tone(note, 0.5 if index == 3 else 0.25, decay=0.15))
                 for index, note in enumerate(notes)])


def lose(rng: random.Random) -> list[float]:
    notes = (392.0, 311.1, 261.6)
    return _mix([(index * 0.16, _tone(note, 0.5 if index == 2 else 0.3, decay=0.18))
                 for index, note in enumerate(notes)])


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "deal": deal, "slide": slide, "shuffle": shuffle, "turn": turn, "win": win, "lose": lose,
}


def pcm(samples: list[float], channels: int) -> bytes:
    """16-bit signed samples at :data:`PEAK`, scaled so the loudest reaches it, one copy per
    channel."""
    loudest = max((abs(value) for value in samples), default=0.0) or 1.0
    scale = PEAK * 32767 / loudest
    data = array("h")
    for value in samples:
        data.extend([round(value * scale)] * channels)
    return data.tobytes()


class Sound:
    """The effects by name at the chosen volume; silent without a mixer or when muted.

    Each effect is synthesised the first time it is played (a few milliseconds for a card's
    sound, a few dozen for a tune), not when the window opens: the title is drawn sooner, and
    an effect never heard costs nothing.  Each has its own random numbers, so it sounds the
    same whatever was played before it."""

    def __init__(self, *, volume: float = 1.0, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.effects: dict[str, pygame.mixer.Sound] = {}
        #: the mixer's channels; 0 without a mixer (or before :meth:`start`)
        self.channels = 0
        self._started = False

    def start(self) -> None:
        """Open the sound device, once: the app does so as soon as its first frame is on
        screen, since opening it takes a few milliseconds of CPU, and a tenth of a second
        where the system looks for a device that is not there.  An effect asked for before
        opens it too."""
        if self._started:
            return
        self._started = True
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512,
                              allowedchanges=0)
            settings = pygame.mixer.get_init()
        except pygame.error:
            settings = None
        if settings:
            self.channels = settings[2]

    @property
    def available(self) -> bool:
        """Whether a sound device is there to play on."""
        self.start()
        return self.channels > 0

    def set_volume(self, volume: float, *, muted: bool) -> None:
        self.volume = volume
        self.muted = muted
        for effect in self.effects.values():
            effect.set_volume(0.0 if muted else volume)

    def effect(self, name: str) -> pygame.mixer.Sound | None:
        """Effect ``name`` (one of :data:`NAMES`), synthesised the first time; None without a
        mixer."""
        if name not in EFFECTS:
            raise ValueError(f"no sound called {name!r}; the sounds are {', '.join(NAMES)}")
        if not self.available:
            return None
        effect = self.effects.get(name)
        if effect is None:
            samples = EFFECTS[name](random.Random(f"famiglia sound {name}"))
            effect = self.effects[name] = pygame.mixer.Sound(buffer=pcm(samples,
                                                                        self.channels))
            effect.set_volume(0.0 if self.muted else self.volume)
        return effect

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of :data:`NAMES`); nothing when muted or without sound."""
        effect = self.effect(name)
        if effect is not None and not self.muted and self.volume > 0:
            effect.play()

    def quit(self) -> None:
        if self.channels:
            self.effects.clear()
            self.channels = 0
            pygame.mixer.quit()
