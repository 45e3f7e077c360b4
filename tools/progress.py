"""A progress line for the long tools (issue 31, point 15): a count, the share done and an
estimate of the time left, redrawn in place - only when the stream is a terminal, so that a log,
a pipe or a test sees the tool's report alone.

    progress = Progress(200, "Ogre Hi vs defense Med", unit="games")
    for result in results:
        progress.tick()
    progress.close()
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

EVERY_S = 0.5            # redraw at most twice a second: a terminal is slow, a tick is not


def clock(seconds: float) -> str:
    """A duration as a player reads it.

    >>> clock(42.4), clock(125), clock(3 * 3600 + 7 * 60)
    ('42 s', '2 min 05 s', '3 h 07 min')
    """
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def line(label: str, done: int, total: int, elapsed: float, unit: str = "") -> str:
    """The progress line: count, share and, once something is done, the time left at the pace
    so far.

    >>> line("Ogre Hi vs defense Med", 50, 200, 30.0, "games")
    'Ogre Hi vs defense Med: 50/200 games (25%), about 1 min 30 s left'
    >>> line("fuzz", 0, 10, 1.0)
    'fuzz: 0/10 (0%)'
    """
    words = f"{label}: {done}/{total}{' ' + unit if unit else ''}"
    words += f" ({100 * done // total if total else 100}%)"
    if 0 < done < total:
        words += f", about {clock(elapsed / done * (total - done))} left"
    return words


class Progress:
    """Counts ticks towards `total` and keeps one line on a terminal up to date."""

    def __init__(self, total: int, label: str, unit: str = "", stream: TextIO | None = None,
                 show: bool | None = None) -> None:
        self.total, self.label, self.unit = total, label, unit
        self.stream = stream if stream is not None else sys.stderr
        self.show = self.stream.isatty() if show is None else show
        self.done = 0
        self.started = time.perf_counter()
        self._drawn_at = -EVERY_S
        self._width = 0

    def tick(self, n: int = 1) -> None:
        self.update(self.done + n)

    def update(self, done: int) -> None:
        """Set the count (a tool that counts events, not steps)."""
        self.done = done
        now = time.perf_counter()
        if self.show and (now - self._drawn_at >= EVERY_S or self.done >= self.total):
            self._drawn_at = now
            self._draw(line(self.label, self.done, self.total, now - self.started, self.unit))

    def close(self) -> None:
        """Wipe the line, so that the tool's report starts on a clean one."""
        if self.show and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    def _draw(self, words: str) -> None:
        pad = max(0, self._width - len(words))
        self.stream.write("\r" + words + " " * pad)
        self.stream.flush()
        self._width = len(words)
