"""Sound effects, synthesised in pure Python (S5).

Every clip is made here from sine waves and seeded noise (22050 Hz, mono, 16-bit), and the same
code always makes the same samples. tools/make_assets.py writes them to assets/sounds/ as WAV
files, which ship with the game: `Sounds` loads those (synthesising takes a fifth of a second at
every start) and synthesises only a file that is missing or unreadable; a test keeps the files
equal to the synthesiser. `synthesise(name)` is the pure part; `Sounds` wraps pygame.mixer and
falls silent, with a one-line notice, when there is no sound device.

>>> pcm = synthesise("beep")
>>> len(pcm) % 2, pcm == synthesise("beep")
(0, True)
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import pygame

from ogre.resources import data_dir

RATE = 22050
NAMES: tuple[str, ...] = ("gun", "missile", "explosion", "ram", "overrun", "beep", "phase",
                          "victory")
VOLUME = 0.7
NO_DEVICE = "No sound device found: playing silently."

TAU = 2 * math.pi
Samples = list[float]


# --------------------------------------------------------------------------- building blocks


def _n(seconds: float) -> int:
    return int(RATE * seconds)


def _noise(n: int, seed: int) -> Samples:
    rnd = random.Random(seed)
    r = rnd.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def _lowpass(xs: Samples, cutoff: Callable[[int], float] | float) -> Samples:
    """One-pole low-pass; cutoff in Hz, fixed or a function of the sample index (a sweep,
    evaluated every 64 samples)."""
    out: Samples = []
    append = out.append
    y = 0.0
    for start in range(0, len(xs), 64):
        fc = cutoff(start) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        for x in xs[start:start + 64]:
            y += a * (x - y)
            append(y)
    return out


def _decay(n: int, tau: float, attack: float = 0.002) -> Samples:
    """An envelope: a short linear attack, then exponential decay with time constant tau (s)."""
    na = max(1, _n(attack))
    c = -1.0 / (tau * RATE)
    exp = math.exp
    return [i / na for i in range(min(n, na))] + [exp(c * i) for i in range(n - na)]


def _tone(n: int, f0: float, f1: float | None = None, shape: str = "sine") -> Samples:
    """An oscillator gliding linearly from f0 to f1 Hz (steady when f1 is None)."""
    glide = 0.0 if f1 is None else (f1 - f0) / (2.0 * n)
    k = 1.0 / RATE
    phases = [(f0 * i + glide * i * i) * k for i in range(n)]    # in cycles
    if shape == "sine":
        sin = math.sin
        return [sin(TAU * p) for p in phases]
    if shape == "square":
        return [0.8 if p % 1.0 < 0.5 else -0.8 for p in phases]
    return [4.0 * abs(p % 1.0 - 0.5) - 1.0 for p in phases]      # triangle


def _mul(*tracks: Samples) -> Samples:
    out = tracks[0]
    for t in tracks[1:]:
        out = [a * b for a, b in zip(out, t)]
    return out


def _mix(n: int, parts: Iterable[tuple[int, Samples, float]]) -> Samples:
    """Add parts (start sample, samples, gain) into a track n samples long."""
    out = [0.0] * n
    untouched = True
    for start, xs, gain in parts:
        end = min(n, start + len(xs))
        if end <= start:
            continue
        if untouched:       # the first part lands on silence: no need to add
            out[start:end] = [b * gain for b in xs[: end - start]]
            untouched = False
        else:
            out[start:end] = [a + b * gain for a, b in zip(out[start:end], xs)]
    return out


def _partials(n: int, partials: Iterable[tuple[float, float, float]]) -> Samples:
    """Decaying sines (frequency Hz, gain, decay time constant s) summed: bells and clangs."""
    out = [0.0] * n
    sin, exp = math.sin, math.exp
    for f, g, tau in partials:
        w, c = TAU * f / RATE, -1.0 / (tau * RATE)
        m = min(n, int(9.0 * tau * RATE))      # past 9 time constants it is below 1/8000
        out[:m] = [a + g * exp(c * i) * sin(w * i) for i, a in enumerate(out[:m])]
    return out


def _shape(xs: Samples, attack: float, release: float) -> Samples:
    """Ramp the first `attack` and last `release` seconds in and out (no clicks)."""
    n = len(xs)
    na, nr = min(n, max(1, _n(attack))), min(n, max(1, _n(release)))
    out = list(xs)
    out[:na] = [x * i / na for i, x in enumerate(xs[:na])]
    out[n - nr:] = [x * (nr - i) / nr for i, x in enumerate(out[n - nr:])]
    return out


def _pcm(xs: Samples, peak: float = 0.9) -> bytes:
    """Normalise to `peak`, fade the last 5 ms, and pack as little-endian signed 16-bit."""
    top = max(1e-9, max(xs), -min(xs))
    g = peak * 32767 / top
    fade = min(len(xs), _n(0.005))
    body = len(xs) - fade
    data = array("h", [int(x * g) for x in xs[:body]])
    data.extend(int(x * g * (fade - j) / fade) for j, x in enumerate(xs[body:]))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


# --------------------------------------------------------------------------- the effects


def _gun() -> Samples:
    """A cannon shot: a sharp crack of noise over a falling low thump."""
    n = _n(0.32)
    crack = _mul(_lowpass(_noise(n, 101), 5000.0), _decay(n, 0.025, 0.001))
    thump = _mul(_tone(n, 110.0, 50.0), _decay(n, 0.09, 0.002))
    rumble = _mul(_lowpass(_noise(n, 102), 400.0), _decay(n, 0.12))
    return _mix(n, [(0, crack, 0.9), (0, thump, 0.8), (0, rumble, 2.5)])


def _missile() -> Samples:
    """A whoosh: noise through a sweeping filter, swelling then fading, with a rising hiss."""
    n = _n(0.6)
    noise = _noise(n, 201)
    swept = _lowpass(noise, lambda i: 300.0 + 3500.0 * math.sin(math.pi * i / n) ** 2)
    env = [math.sin(math.pi * min(1.0, i / (0.85 * n))) ** 1.5 for i in range(n)]
    hiss = _mul(_tone(n, 700.0, 1200.0, "triangle"), env)
    return _mix(n, [(0, _mul(swept, env), 3.0), (0, hiss, 0.06)])


def _explosion() -> Samples:
    """A blast: a burst of noise with a long decay, darkening as it fades, over a deep boom."""
    n = _n(0.85)
    noise = _noise(n, 301)
    dark = _lowpass(noise, lambda i: 200.0 + 2800.0 * math.exp(-5.0 * i / n))
    burst = _mul(dark, _decay(n, 0.28, 0.004))
    boom = _mul(_tone(n, 60.0, 35.0), _decay(n, 0.30, 0.005))
    return _mix(n, [(0, burst, 4.0), (0, boom, 0.7)])


def _ram() -> Samples:
    """A metallic crunch: inharmonic clangs over gritty grinding noise."""
    n = _n(0.5)
    clang = _shape(_partials(n, ((237.0, 1.0, 0.18), (419.0, 0.7, 0.14), (761.0, 0.5, 0.10),
                                 (1187.0, 0.35, 0.07), (1733.0, 0.25, 0.05))), 0.001, 0.01)
    rnd = random.Random(401)
    grit_env: Samples = []
    while len(grit_env) < n:                         # crunching: random short bursts
        level = rnd.uniform(0.3, 1.0) * math.exp(-3.0 * len(grit_env) / n)
        grit_env += [level] * _n(rnd.uniform(0.008, 0.03))
        grit_env += [0.0] * _n(rnd.uniform(0.0, 0.02))
    grit = _mul(_lowpass(_noise(n, 402), 2500.0), grit_env[:n])
    return _mix(n, [(0, clang, 0.6), (0, grit, 1.4)])


def _overrun() -> Samples:
    """Overrun: a rattle of rapid shots over rumbling treads."""
    n = _n(0.62)
    shot_n = _n(0.05)
    shot = _mul(_lowpass(_noise(shot_n, 501), 3500.0), _decay(shot_n, 0.012, 0.001))
    pops = [(_n(0.02 + 0.085 * k), shot, 1.0 - 0.07 * k) for k in range(7)]
    treads = _mul(_lowpass(_noise(n, 502), 180.0),
                  [0.6 + 0.4 * math.sin(TAU * 14.0 * i / RATE) for i in range(n)],
                  _decay(n, 0.5, 0.03))
    return _mix(n, pops + [(0, treads, 5.0)])


def _beep() -> Samples:
    """An error beep: a short low square-wave tone, softened by a low-pass."""
    n = _n(0.16)
    env = [min(1.0, i / _n(0.004), (n - i) / _n(0.02)) for i in range(n)]
    return _mul(_lowpass(_tone(n, 440.0, shape="square"), 3000.0), env)


def _bell(n: int, freq: float, tau: float) -> Samples:
    return _shape(_partials(n, ((freq, 1.0, tau), (freq * 2.0, 0.4, tau * 0.7),
                                (freq * 2.76, 0.25, tau * 0.6))), 0.002, 0.01)


def _phase() -> Samples:
    """A phase change: a short two-note chime, rising a fourth."""
    n = _n(0.42)
    a = _bell(_n(0.42), 880.0, 0.12)
    b = _bell(_n(0.31), 1174.7, 0.14)
    return _mix(n, [(0, a, 0.8), (_n(0.11), b, 0.9)])


def _victory() -> Samples:
    """Victory: a bright fanfare arpeggio ending on a held chord."""
    n = _n(1.05)
    parts = []
    for start, f, length in ((0.00, 523.25, 0.16), (0.15, 659.25, 0.16), (0.30, 783.99, 0.16)):
        m = _n(length)
        voice = _mix(m, [(0, _tone(m, f, shape="triangle"), 1.0), (0, _tone(m, f * 2.0), 0.25)])
        parts.append((_n(start), _shape(_mul(voice, _decay(m, 0.12, 0.01)), 0.01, 0.03), 1.0))
    chord_start = _n(0.45)
    m = n - chord_start
    chord = _mix(m, [(0, _tone(m, f, shape="triangle"), g)
                     for f, g in ((1046.5, 1.0), (523.25, 0.45), (659.25, 0.45), (783.99, 0.45))])
    parts.append((chord_start, _shape(_mul(chord, _decay(m, 0.40, 0.02)), 0.02, 0.08), 1.0))
    return _mix(n, parts)


# name -> (synthesiser, peak level): tonal clips sit lower so they sound as loud as the noisy ones
_SYNTHS: dict[str, tuple[Callable[[], Samples], float]] = {
    "gun": (_gun, 0.9), "missile": (_missile, 0.8), "explosion": (_explosion, 0.95),
    "ram": (_ram, 0.85), "overrun": (_overrun, 0.85), "beep": (_beep, 0.35),
    "phase": (_phase, 0.5), "victory": (_victory, 0.6),
}


@cache
def synthesise(name: str) -> bytes:
    """The raw PCM of one effect: 22050 Hz, mono, signed 16-bit little-endian. Pure and seeded."""
    if name not in _SYNTHS:
        raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
    synth, peak = _SYNTHS[name]
    return _pcm(synth(), peak)


def shipped_wav(name: str) -> Path:
    """Where the effect's WAV file ships: assets/sounds/NAME.wav (made by tools/make_assets.py)."""
    return data_dir("assets") / "sounds" / f"{name}.wav"


def wav_bytes(name: str) -> bytes:
    """The effect as a complete WAV file in memory."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(synthesise(name))
    return buf.getvalue()


# --------------------------------------------------------------------------- playing


class Sounds:
    """The game's sound effects, switchable in Preferences (S5).

    `Sounds.create(enabled)` opens the mixer (only once sound is enabled) and builds every
    effect. With no sound device it plays silently: `play` does nothing and `notice` holds one
    sentence for the user. `play` with a name not in NAMES raises ValueError in every mode, so a
    typo shows up in tests rather than as a silent game.
    """

    def __init__(self, enabled: bool = True) -> None:
        self._enabled = enabled
        self._clips: dict[str, pygame.mixer.Sound] = {}
        self._tried = False
        self.notice = ""

    @classmethod
    def create(cls, enabled: bool = True) -> Sounds:
        sounds = cls(enabled)
        if enabled:
            sounds._open()
        return sounds

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if self._enabled:
            self._open()
        else:
            self._stop()

    @property
    def available(self) -> bool:
        """True when a sound device is open and the effects are loaded."""
        return bool(self._clips)

    def play(self, name: str) -> None:
        if name not in _SYNTHS:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
        if not self._enabled:
            return
        clip = self._clips.get(name)
        if clip is None:
            return
        try:
            clip.play()
        except pygame.error:
            pass       # a device lost mid-game: stay silent rather than stop the game

    def _open(self) -> None:
        """Open the mixer and load the effects, once; on any failure fall silent with a notice."""
        if self._tried:
            return
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            clips = {}
            for name in NAMES:
                clip = _load(name)
                clip.set_volume(VOLUME)
                clips[name] = clip
        except (pygame.error, NotImplementedError, OSError):
            self._clips = {}
            self.notice = NO_DEVICE
            return
        self._clips = clips

    def _stop(self) -> None:
        if self._clips:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass


def _load(name: str) -> pygame.mixer.Sound:
    """The shipped WAV, else the effect synthesised (a file missing or damaged). SDL converts
    either to whatever format the device opened with."""
    try:
        return pygame.mixer.Sound(file=str(shipped_wav(name)))
    except (pygame.error, OSError):
        return pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))


# What each battle event sounds like (S5).
_SOUND = {"fire": "gun", "ram": "ram", "overrun": "overrun", "ram_ogre": "ram",
          "recover": "phase", "exit": "phase", "shown": "phase"}


def sound_for(e, missiles: bool) -> str:
    """S5: a kill explodes, whoever made it; otherwise the sound of what was done."""
    if e.result.endswith("destroyed") or (e.kind == "mine" and e.result != "no effect"):
        return "explosion"
    if e.kind == "fire" and missiles:
        return "missile"
    return _SOUND.get(e.kind, "gun")
