"""The window on the desktop (X4, X13): is there a display at all, the window's first size and
the canvas it holds, the window's icon, and full screen (F11 or Alt+Enter, remembered in the
preferences)."""

from __future__ import annotations

import os

import pygame

from ogre.ui.drawing import art
from ogre.ui.toolkit import keymap, theme

NO_DISPLAY = "no display found: OGRE needs a desktop to open its window on."
# SDL falls back to these when it finds no display; a test or tool asks for one by name
HEADLESS_DRIVERS = ("offscreen", "dummy")
ICON_SIZE = 256
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)
# One unit a pixel up to a 1080-line window, and as many more as the window is taller: on a
# 4K screen (2160 lines) the interface is twice the size, drawn at every pixel (X4, X13).
ONE_TO_ONE_HEIGHT = 1080
LARGEST_CANVAS = (2048, 2048)   # units: past these a sliver of a window gets bars
# What the first window leaves of the desktop's height for a title bar and a panel (a taskbar,
# a top bar): together 60 to 75 pixels on the usual 1080-line desktops, and more on a larger
# screen, whose bars are drawn larger too. The rest is a window in which a 1080-line screen
# shows the whole map with its numbers (mapview.AUTO_WHOLE_SIZE).
DESKTOP_BARS = 80               # pixels, at least
DESKTOP_BARS_SHARE = 0.07       # of the desktop's height, where that is more


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


def canvas_fit(window: tuple[int, int],
               larger: float = 1.0) -> tuple[tuple[int, int], float]:
    """The canvas for a window: its size in units and the window pixels to a unit.

    The canvas takes the window's own shape, so a 1920 x 1080 screen shows the whole map
    with its numbers; the scale grows with the window's height past 1080 lines, so text and
    counters keep their size on the screen, and `larger` (the Interface Size preference)
    makes it larger still. The canvas is never smaller than 1024 x 720 units: a smaller
    window shows it shrunk (drawn at one pixel a unit, then scaled down)."""
    least_w, least_h = theme.LOGICAL_SIZE
    w, h = window
    if w <= 0 or h <= 0:
        return (least_w, least_h), 1.0
    scale = min(max(1.0, h / ONE_TO_ONE_HEIGHT) * larger, w / least_w, h / least_h)
    size = (min(LARGEST_CANVAS[0], max(least_w, round(w / scale))),
            min(LARGEST_CANVAS[1], max(least_h, round(h / scale))))
    return size, max(1.0, scale)


def default_window_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window's first size when none is given or remembered: the desktop's height less
    room for a title bar and a panel (DESKTOP_BARS), as wide as the canvas's 1024:720 shape
    asks but at most 95% of the desktop's width. On a 1920 x 1080 desktop that is 1422 x 1000,
    which shows the whole map with its numbers. Unknown desktop: the canvas's own 1024 x 720."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return theme.LOGICAL_SIZE
    lw, lh = theme.LOGICAL_SIZE
    h = desktop[1] - max(DESKTOP_BARS, round(desktop[1] * DESKTOP_BARS_SHARE))
    h = max(h, round(desktop[1] / 2))           # a desktop only a few bars tall
    return min(round(h * lw / lh), round(desktop[0] * 0.95)), h


def desktop_size() -> tuple[int, int] | None:
    """The first screen's size, None when SDL cannot tell."""
    try:
        return pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return None


def fit_desktop(size):
    """A window size no bigger than the screen (a hand-edited preferences file may ask for
    20000 x 20000, which would take seconds and gigabytes to open)."""
    if not size:
        return None
    desktop = desktop_size()
    if desktop is None:
        return size
    dw, dh = desktop
    return (min(size[0], dw), min(size[1], dh)) if dw > 0 and dh > 0 else size
