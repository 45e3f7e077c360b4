"""The window on the desktop (X13): is there a display at all, the window's icon, and full
screen (F11 or Alt+Enter, remembered in the preferences)."""

from __future__ import annotations

import os

import pygame

from ogre.ui.drawing import art
from ogre.ui.toolkit import keymap

NO_DISPLAY = "no display found: OGRE needs a desktop to open its window on."
# SDL falls back to these when it finds no display; a test or tool asks for one by name
HEADLESS_DRIVERS = ("offscreen", "dummy")
ICON_SIZE = 256
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)


def no_display() -> str | None:
    """One sentence when there is no display to open a window on, else None. SDL would run the
    game invisibly on its off-screen driver; asked for by name (SDL_VIDEODRIVER=dummy, as the
    tests do), that driver is what the caller wants."""
    try:
        pygame.display.init()
    except pygame.error:
        return NO_DISPLAY
    driver = pygame.display.get_driver()
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    if driver in HEADLESS_DRIVERS and driver not in asked.split(","):
        return NO_DISPLAY
    return None


def set_icon() -> None:
    """The Ogre on the title bar and the task bar instead of pygame's snake."""
    pygame.display.set_icon(art.emblem(ICON_SIZE))


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """A resizable window of `size`, or the whole screen; a screen that refuses full screen
    gets the window."""
    if fullscreen:
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            pass
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter (either Enter key)."""
    if event.type != pygame.KEYDOWN:
        return False
    if keymap.command(event) == "fullscreen":
        return True
    return event.key in keymap.keys_of("ok") and bool(getattr(event, "mod", 0) & pygame.KMOD_ALT)


def toggle_fullscreen(app) -> None:
    """Full screen, or back to the window it came from; the choice is kept for the next start.
    The resize events the switch itself makes are dropped, so a window the player never
    resized still fits whatever desktop it opens on next time (X4)."""
    going = not app.fullscreen
    if going:
        app.windowed_size = app.window.get_size()
    app.window = open_window(app.windowed_size, going)
    app.fullscreen = going and bool(app.window.get_flags() & pygame.FULLSCREEN)
    pygame.event.pump()
    pygame.event.clear(RESIZE_EVENTS)
    app.set_prefs(app.prefs.model_copy(update={"fullscreen": app.fullscreen}))
    app.touch()
