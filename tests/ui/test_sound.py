"""Sound effects synthesised in code, and silent play without a device (S5)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import io  # noqa: E402
import wave  # noqa: E402
from array import array  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from ogre.ui.drawing import sound  # noqa: E402
from ogre.ui.drawing.sound import Sounds  # noqa: E402


@pytest.fixture
def fresh_mixer():
    """Each test starts and ends with the mixer closed, so none leaks into another."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def no_device(monkeypatch, fresh_mixer):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", fail)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)


class FakeClip:
    def __init__(self) -> None:
        self.plays = 0

    def play(self) -> None:
        self.plays += 1


def samples(pcm: bytes) -> array:
    a = array("h")
    a.frombytes(pcm)
    return a


def test_s5_the_brief_names_every_effect():
    assert set(sound.NAMES) == {"gun", "missile", "explosion", "ram", "overrun", "beep",
                                "phase", "victory"}


@pytest.mark.parametrize("name", sound.NAMES)
def test_s5_every_effect_synthesises_audible_deterministic_pcm(name):
    pcm = sound.synthesise(name)
    sound.synthesise.cache_clear()
    again = sound.synthesise(name)
    assert pcm == again and pcm is not again        # recomputed, not just cached
    assert len(pcm) % 2 == 0
    a = samples(pcm)
    assert 0.1 <= len(a) / sound.RATE <= 1.5        # a short clip
    peak = max(abs(x) for x in a)
    assert 8000 < peak < 32767                      # audible, never clipped
    assert abs(a[-1]) < 200                         # faded out: no click at the end


def test_s5_effects_differ_from_each_other():
    pcms = {name: sound.synthesise(name) for name in sound.NAMES}
    assert len(set(pcms.values())) == len(pcms)


def test_s5_wav_is_22050_hz_mono_16_bit():
    with wave.open(io.BytesIO(sound.wav_bytes("gun"))) as w:
        assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (22050, 1, 2)
        assert w.readframes(w.getnframes()) == sound.synthesise("gun")


def test_unknown_effect_is_refused():
    with pytest.raises(ValueError):
        sound.synthesise("kazoo")
    with pytest.raises(ValueError):
        Sounds(enabled=False).play("kazoo")


def test_s5_create_with_the_dummy_driver_plays(fresh_mixer):
    sounds = Sounds.create(True)
    assert sounds.available and sounds.enabled
    assert sounds.notice == ""
    sounds.play("gun")
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_s5_no_sound_device_plays_silently(no_device):
    sounds = Sounds.create(True)
    assert not sounds.available
    assert sounds.notice == "No sound device found: playing silently."
    for name in sound.NAMES:
        sounds.play(name)                           # no exception, nothing happens
    sounds.enabled = False
    sounds.enabled = True                           # re-enabling tries nothing new, still quiet
    sounds.play("beep")
    assert sounds.notice == sound.NO_DEVICE


def test_s5_a_sound_that_cannot_load_falls_silent(fresh_mixer, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("Unable to open audio")

    monkeypatch.setattr(pygame.mixer, "Sound", broken)
    sounds = Sounds.create(True)
    assert not sounds.available and sounds.notice == sound.NO_DEVICE
    sounds.play("explosion")


def test_s5_disabling_sound_makes_play_a_no_op():
    sounds = Sounds(enabled=True)
    clips = {name: FakeClip() for name in sound.NAMES}
    sounds._clips = clips          # stand-ins that count plays
    sounds._tried = True
    sounds.play("ram")
    assert clips["ram"].plays == 1
    sounds.enabled = False
    sounds.play("ram")
    sounds.play("victory")
    assert clips["ram"].plays == 1 and clips["victory"].plays == 0
    sounds.enabled = True
    sounds.play("victory")
    assert clips["victory"].plays == 1


def test_s5_disabled_at_start_opens_no_device_until_enabled(fresh_mixer, monkeypatch):
    calls = []
    real_init = pygame.mixer.init

    def counting_init(*args, **kwargs):
        calls.append(args or kwargs)
        return real_init(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "init", counting_init)
    sounds = Sounds.create(False)
    sounds.play("gun")
    assert calls == [] and not sounds.available and not pygame.mixer.get_busy()
    sounds.enabled = True
    assert len(calls) == 1 and sounds.available
    sounds.play("phase")
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_s5_loads_into_a_mixer_opened_in_another_format(fresh_mixer):
    """The app may open the mixer itself (44.1 kHz stereo); the effects still load and play."""
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    sounds = Sounds.create(True)
    assert sounds.available
    length = sounds._clips["gun"].get_length()
    assert abs(length - len(sound.synthesise("gun")) / 2 / sound.RATE) < 0.01
    sounds.play("gun")
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_s5_each_shot_sounds_like_what_was_fired_and_what_it_did():
    from ogre.rules.game import Event
    from ogre.ui.drawing.sound import sound_for as _sound_for
    assert _sound_for(Event("fire", "", result="miss"), missiles=True) == "missile"
    assert _sound_for(Event("fire", "", result="disabled"), missiles=False) == "gun"
    assert _sound_for(Event("fire", "", result="destroyed"), missiles=True) == "explosion"
    assert _sound_for(Event("fire", "", result="hit: Main Battery destroyed"), False) == "explosion"
    assert _sound_for(Event("fire", "", result="hit: 3 treads"), False) == "gun"
    assert _sound_for(Event("ram", "", result="disabled"), False) == "ram"
