"""When things go wrong (X12): a crash writes a report and keeps the battle, and Ctrl+C in the
terminal is the window's close button.

A crash is an exception escaping the frame loop (or the window's opening). The player gets one
sentence, on stderr and, while the display still works, in a message box; the traceback goes in
the report, never on the screen or the terminal (house rule 2).
"""

from __future__ import annotations

import signal
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pygame

from ogre.storage.errors import StorageError
from ogre.storage.recovery import RecoverySlot, crash_report_text, write_crash_report
from ogre.ui.drawing.window import HEADLESS_DRIVERS
from ogre.version import game_version, platform_versions

CRASH_STATUS = 1


def versions() -> dict[str, str]:
    """What a crash report names: the game, pygame-ce, SDL, Python and the OS."""
    return {"OGRE": game_version(), "pygame-ce": pygame.version.ver,
            "SDL": ".".join(map(str, pygame.get_sdl_version())), **platform_versions()}


def crashed(app, exc: BaseException) -> int:
    """Write the report, keep the battle, close what runs beside the loop, tell the player in
    one sentence; returns the exit status."""
    text = crash_report_text("".join(traceback.format_exception(exc)), versions())
    report: Path | None = None
    try:
        report = write_crash_report(text)
    except StorageError:
        pass
    kept = keep_battle(app, report) if app is not None else False
    if app is not None:
        _close_quietly(app)
    sentence = crash_sentence(report, kept)
    print(f"ogre: {sentence}", file=sys.stderr)
    _message_box(sentence)
    with suppress(Exception):
        pygame.display.quit()       # the window goes at once; the rest with the process
    return CRASH_STATUS


def crash_sentence(report: Path | None, kept: bool) -> str:
    where = (f"its report is in {report}" if report is not None
             else "its report could not be written")
    battle = ", and your battle will be offered when you start OGRE again" if kept else ""
    return f"OGRE stopped because of an internal error; {where}{battle}."


def keep_battle(app, report: Path | None = None) -> bool:
    """The battle in progress into the recovery slot; False when there is none or it cannot
    be kept (a battle that is over has nothing left to lose; Learn to Play's battle is
    scripted, and its lesson is kept in the preferences already)."""
    b = app.battle
    if b is None or b.state.over:
        return False
    lesson = app.tutorial
    if lesson is not None and lesson.active and lesson.battle is b:
        return False
    try:
        m = b.match
        network = getattr(app, "network", None)     # a network guest's seat is kept beside it
        seat = network.seat() if network is not None else None
        RecoverySlot.default().keep(m.state, app.commands.players(), m.log, m.field_name,
                                    m.start, m.advice_asked, report, dice=m.told, seat=seat)
    except Exception:       # a broken battle or a refusing disk: the report still tells
        return False
    return True


def _close_quietly(app) -> None:
    """Stop what runs beside the loop (the computer's worker, the advice, the network link)."""
    for stop in (app.commands.shutdown, app.advice.shutdown,
                 getattr(app.network, "close", None)):
        if stop is not None:
            with suppress(Exception):
                stop()


def _message_box(sentence: str) -> None:
    """The sentence in a box of the desktop's own, where there is a desktop to show it."""
    with suppress(Exception):
        if pygame.display.get_init() and pygame.display.get_driver() not in HEADLESS_DRIVERS:
            pygame.display.message_box("OGRE stopped", sentence, "error")


# ------------------------------------------------------------------ Ctrl+C

@contextmanager
def ctrl_c_closes(app) -> Iterator[None]:
    """While the loop runs, SIGINT counts as a press of the close button (app.step asks);
    off the main thread signals cannot be caught, and KeyboardInterrupt stays."""
    def pressed(signum, frame) -> None:
        app.interrupts += 1
    try:
        old = signal.signal(signal.SIGINT, pressed)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def interrupted(app) -> None:
    """Ctrl+C: the close button's question (G6); pressed again while it asks, the game stops
    at once and keeps the battle for the next start, so the terminal can always end it."""
    app.interrupts = 0
    if not app.commands.unsaved.asking():
        app.commands.quit()
        return
    if keep_battle(app):
        print("ogre: stopped by Ctrl+C; your battle will be offered when you start OGRE again.",
              file=sys.stderr)
    app.running = False
