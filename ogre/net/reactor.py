"""Twisted's reactor on a thread of its own (X14), started the first time the internet is used.

magic-wormhole is written for Twisted, whose reactor runs one loop for the whole process. It
runs here on one daemon thread, so the frame loop never waits on it: the frame loop hands it
work with `call` (Twisted's `callFromThread`, the one call it makes safe across threads), and
the work leaves what the frame loop needs where the frame loop reads it once a frame.

Twisted and magic-wormhole take a third of a second to import, so they are imported on that
thread too: a game that never plays over the internet never pays for them, and one that does
keeps drawing meanwhile. Twisted's log, which would keep 65,536 entries for an observer that
never comes, is sent nowhere: every failure the game cares about reaches the player as a
sentence through the link.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

_lock = threading.Lock()
_waiting: list[Callable[[], object]] = []     # work posted before the reactor was there
_reactor: Any = None
_thread: threading.Thread | None = None
_broken = ""                                  # why the reactor could not start, in a sentence
STOP_WAIT = 1.0                               # seconds the game waits for it when it quits


def call(work: Callable[..., object], *args: object) -> None:
    """Run `work(*args)` on the reactor's thread, soon; never waits."""
    global _thread
    with _lock:
        if _reactor is None:
            _waiting.append(partial(work, *args))
            if _thread is None:
                _thread = threading.Thread(target=_run, name="ogre-internet", daemon=True)
                _thread.start()
                atexit.register(_stop)
            return
    _reactor.callFromThread(work, *args)


def broken() -> str:
    """Why no internet game can be played in this run ("" while it can)."""
    return _broken


def on_thread() -> bool:
    """Is this the reactor's thread (where the wormhole's objects may be touched)?"""
    return _thread is not None and threading.current_thread() is _thread


def _run() -> None:
    global _reactor, _broken
    try:
        import wormhole  # type: ignore[import-untyped]  # noqa: F401  # the slow import, here
        from twisted.internet import reactor as installed
        from twisted.logger import globalLogBeginner
    except Exception as exc:          # a copy of the game missing a part: said, not a traceback
        _broken = (f"Playing over the internet cannot start in this copy of the game "
                   f"({type(exc).__name__}: {str(exc)[:80]}).")
        return
    reactor: Any = installed                  # zope's interfaces: the type checker sees no run
    nowhere: Any = lambda event: None         # noqa: E731
    globalLogBeginner.beginLoggingTo([nowhere], discardBuffer=True, redirectStandardIO=False)
    with _lock:
        _reactor = reactor
        for work in _waiting:
            reactor.callWhenRunning(work)
        _waiting.clear()
    reactor.run(installSignalHandlers=False)


def _stop() -> None:
    """At exit: the reactor stops, so its thread is not cut off halfway through a write."""
    with _lock:
        running = _reactor
    if running is not None and _thread is not None:
        running.callFromThread(running.stop)
        _thread.join(timeout=STOP_WAIT)
