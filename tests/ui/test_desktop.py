"""A desktop citizen (X13, issue 31 points 8, 9, 10, 13): the window's icon and the shipped
desktop entry, full screen on F11 and Alt+Enter (remembered), the shipped sounds, and no sound
device said once, quietly."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pygame
import pytest
from driver import Driver

from ogre import desktop
from ogre.storage.preferences import load_preferences
from ogre.ui.app import App
from ogre.ui.dialogs.options import KEYS, KeysDialog
from ogre.ui.drawing import art, sound
from ogre.ui.drawing.sound import Sounds


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


# ------------------------------------------------------------------ the icon and the entry (9)

def test_x13_the_shipped_icon_is_the_ogre_art_drawn_now():
    """tools/make_assets.py writes it; this keeps the file and the art from drifting apart."""
    shipped = pygame.image.load(str(desktop.shipped(desktop.ICON)))
    drawn = art.emblem(desktop.ICON_SIZE)
    assert shipped.get_size() == drawn.get_size() == (256, 256)
    worst = max(abs(a - b) for a, b in zip(pixels(shipped), pixels(drawn)))
    assert worst <= 2, "run tools/make_assets.py to redraw desktop/'s icon"


def test_x13_the_window_wears_the_ogre_icon(monkeypatch):
    worn = []
    monkeypatch.setattr(pygame.display, "set_icon", worn.append)
    App()
    assert len(worn) == 1 and pixels(worn[0]) == pixels(art.emblem(256))


def test_x13_the_desktop_entry_names_the_command_the_icon_and_the_games_category():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(desktop.shipped(desktop.ENTRY), encoding="utf-8")
    e = entry["Desktop Entry"]
    assert (e["Type"], e["Name"], e["Exec"], e["Icon"]) == ("Application", "OGRE", "ogre",
                                                           desktop.APP_ID)
    assert "Game" in e["Categories"].split(";")
    info = ET.parse(desktop.shipped(desktop.METAINFO)).getroot()
    assert info.findtext("id") == desktop.APP_ID
    assert info.findtext("launchable") == desktop.ENTRY
    assert info.find("provides/binary").text == "ogre"


@pytest.mark.parametrize("tool, args, name", [
    ("desktop-file-validate", [], desktop.ENTRY),
    ("appstreamcli", ["validate", "--no-net"], desktop.METAINFO),
])
def test_x13_the_desktop_files_pass_the_freedesktop_validators(tool, args, name):
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed (apt-get install desktop-file-utils appstream)")
    done = subprocess.run([tool, *args, str(desktop.shipped(name))], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries are Linux's")
def test_x13_install_desktop_puts_the_entry_where_a_desktop_looks(tmp_path, capsys):
    assert desktop.install_desktop_entry(tmp_path) == 0
    entry = (tmp_path / "applications" / desktop.ENTRY).read_text(encoding="utf-8")
    exec_line = next(ln for ln in entry.splitlines() if ln.startswith("Exec="))
    assert exec_line == f"Exec={desktop.desktop_exec(desktop.this_command())}"
    icon = tmp_path / "icons" / "hicolor" / "256x256" / "apps" / desktop.ICON
    assert icon.read_bytes() == desktop.shipped(desktop.ICON).read_bytes()
    assert (tmp_path / "metainfo" / desktop.METAINFO).is_file()
    out = capsys.readouterr().out.strip()
    assert len(out.splitlines()) == 1 and str(tmp_path) in out


# ------------------------------------------------------------------ full screen (10)

def f11(d: Driver, mod: int = 0, key: int = pygame.K_F11) -> None:
    d.key(key, mod)


def test_x13_f11_and_alt_enter_toggle_full_screen_and_it_is_remembered():
    app = App(size=(900, 700))
    d = Driver(app)
    assert not app.fullscreen
    f11(d)
    assert app.fullscreen and app.window.get_flags() & pygame.FULLSCREEN
    assert app.canvas.get_width() == 1024 and load_preferences()[0].fullscreen
    f11(d, pygame.KMOD_LALT, pygame.K_RETURN)
    assert not app.fullscreen and app.window.get_size() == (900, 700)
    assert not load_preferences()[0].fullscreen
    f11(d, pygame.KMOD_RALT, pygame.K_KP_ENTER)
    assert app.fullscreen
    again = App()                                   # the next start: full screen again
    assert again.fullscreen and again.window.get_flags() & pygame.FULLSCREEN


def test_x13_alt_enter_behind_a_dialog_does_not_press_its_button():
    app = App(size=(900, 700))
    d = Driver(app)
    app.show("Notice", "Something to read.")
    dialog = app.dialog
    f11(d, pygame.KMOD_ALT, pygame.K_RETURN)
    assert app.fullscreen and app.dialog is dialog and dialog.result is None
    d.key(pygame.K_RETURN)                         # plain Enter still answers it
    assert app.dialog is None


def test_x13_full_screen_leaves_the_remembered_window_size_alone():
    app = App(size=(900, 700))
    d = Driver(app)
    f11(d)
    f11(d)
    app.remember_window()
    assert load_preferences()[0].window_size is None     # never resized by the player


def test_x13_the_keys_list_names_f11_and_alt_enter(tmp_path):
    assert ("F11  Alt+Enter", "full screen, or back to the window") in KEYS
    app = App(size=(1024, 720))
    app.dialog = KeysDialog()
    app.draw()
    pygame.image.save(app.window, str(tmp_path / "keys.png"))


# ------------------------------------------------------------------ the sounds (8, 13)

@pytest.mark.parametrize("name", sound.NAMES)
def test_s5_the_shipped_wavs_are_what_the_synthesiser_makes(name):
    """The game plays the shipped files; they must not drift from the code that makes them
    (tools/make_assets.py writes them)."""
    assert sound.shipped_wav(name).read_bytes() == sound.wav_bytes(name)


def test_s5_sounds_load_the_shipped_files_without_synthesising(monkeypatch):
    pygame.mixer.quit()

    def never(name):
        raise AssertionError("synthesised at start")
    monkeypatch.setattr(sound, "wav_bytes", never)
    sounds = Sounds.create(True)
    assert sounds.available and sounds.notice == ""
    pygame.mixer.quit()


def test_s5_a_missing_shipped_file_is_synthesised_instead(monkeypatch, tmp_path):
    pygame.mixer.quit()
    monkeypatch.setattr(sound, "shipped_wav", lambda name: tmp_path / f"{name}.wav")
    (tmp_path / "gun.wav").write_bytes(b"not a wav")
    sounds = Sounds.create(True)
    assert sounds.available and set(sounds._clips) == set(sound.NAMES)
    pygame.mixer.quit()


def test_x13_no_sound_device_is_said_once_quietly(monkeypatch, capsys):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")
    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", fail)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    app = App()
    d = Driver(app)
    assert d.dialog is None                                   # no box to dismiss
    assert capsys.readouterr().err.count("no sound device found") == 1
    assert sound.NO_DEVICE in app.editor.hint()               # the first screen's messages
