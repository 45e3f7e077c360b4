"""The monkey's hands on the real app: starting it, sending input events, what is showing.

The events are the app driver's (tools/app_driver.py), the one the UI and stress tests use;
the monkey sends them through its own step, which records what a step raised."""

from __future__ import annotations

import os
import random
import traceback
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from tools.app_driver import key_event, mouse_event, top_dialog, window_pos

if TYPE_CHECKING:                  # the app is imported when started, after SDL is set up
    from ogre.rules.state import GameState
    from ogre.ui.app import App
    from ogre.ui.scenes.battle import Battle

COMPUTER_STEPS = 4000        # steps a computer turn may take without changing the battle ...
COMPUTER_SECONDS = 45.0      # ... and seconds: both exceeded is a freeze
DIALOG_PATIENCE = 30         # monkey gestures a dialog may stay open before Esc/Enter are tried

KEYS_COMMON = ("LEFT", "RIGHT", "UP", "DOWN", "SPACE", "z", "RETURN", "ESCAPE", "TAB", "PAGEUP",
               "PAGEDOWN", "HOME", "END", "u", "c", "g", "f", "r", "d", "k", "m", "o",
               "BACKSPACE", "KP_ENTER", "PLUS", "MINUS", "EQUALS", "a", "x", "1", "F1", "DELETE")



class Trouble:
    """Everything the monkey found, by kind, with the first few details of each."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.details: dict[tuple[str, str], list[str]] = {}

    def add(self, kind: str, key: str, detail: str) -> None:
        self.counts[kind] += 1
        self.details.setdefault((kind, key), []).append(detail)

    def total(self, kind: str | None = None) -> int:
        return sum(self.counts.values()) if kind is None else self.counts[kind]


class MonkeyApp:
    def __init__(self, seed: int, home: Path, trace=None, skill_levels=("Low", "Med"),
                 quiet: bool = True) -> None:
        import pygame
        self.pg = pygame
        self.rnd = random.Random(seed)
        self.hurry_rnd = random.Random(seed + 1)
        # its own dice too: the moods come in the same order whatever the game does in between,
        # so a change to the game (a new question, a longer turn) never starves a run of one
        self.mood_rnd = random.Random(seed + 2)
        self.hurries = 0
        self.mood = "chaos"
        self.mood_until = 0
        self.refused = False
        self.seed = seed
        self.home = Path(home)
        os.environ["OGRE_HOME"] = str(self.home)
        self.trace = trace
        self.skill_levels = tuple(skill_levels)
        self.quiet = quiet
        self.trouble = Trouble()
        self.stats: Counter = Counter()
        self.events = 0
        self.gestures = 0
        self.damaged: dict[tuple[str, int], str] = {}       # (games|fields, slot) -> how
        self._app: App | None = None
        self._seen_dialog: object | None = None
        self._dialog_age = 0
        self._last_battle: Battle | None = None
        self._last_state: GameState | None = None
        self.start_app()

    # ------------------------------------------------------------------ the app's life
    def start_app(self, replay: Path | None = None) -> None:
        from ogre.ui.app import App
        if self._app is not None:
            self._stop_app()
        self._app = App(seed=self.rnd.randrange(1 << 30), replay=replay)
        self.stats["app starts"] += 1
        self._seen_dialog = None
        self._last_battle = None
        self._last_state = None
        self._step([])

    def _stop_app(self) -> None:
        try:
            self.app.commands.shutdown()
        except Exception:               # noqa: BLE001 - the app may be half broken
            pass

    def close(self) -> None:
        if self._app is not None:
            self._stop_app()

    @property
    def app(self) -> App:
        """The app being played (there is one from the monkey's first moment)."""
        assert self._app is not None
        return self._app

    def _after_step(self, events: list, before_state: object, dialog_before: object) -> None:
        """What to check after each step: MonkeyWatch's."""

    # ------------------------------------------------------------------ sending events
    def _step(self, events) -> bool:
        """One app.step with these events; exceptions and checks are recorded here."""
        app = self.app
        before_state = app.battle.state if app.battle is not None else None
        dialog_before = self.dialog()
        try:
            app.step(list(events))
        except Exception as exc:        # noqa: BLE001 - that is what we are looking for
            self._exception(exc, events)
            self.start_app()
            return False
        self.events += len(events)
        if self.trace:
            for e in events:
                self.trace.write(f"{self.events} {self.pg.event.event_name(e.type)} "
                                 f"{getattr(e, 'pos', getattr(e, 'key', ''))}\n")
        if not app.running:
            self.stats["quits"] += 1
            self.start_app()
            return False
        self._after_step(events, before_state, dialog_before)
        return True

    def _exception(self, exc: BaseException, events) -> None:
        tb = traceback.extract_tb(exc.__traceback__)
        ours = [f for f in tb if "/ogre/" in f.filename] or tb
        where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-8:])
        last = ", ".join(self.pg.event.event_name(e.type) for e in events)
        self.trouble.add("exception", f"{type(exc).__name__} at {where}",
                         f"event {self.events} ({last}) on {self._where()}:\n{text}")

    def _where(self) -> str:
        app = self.app
        if app.battle is not None and app.screen is app.battle:
            s = app.battle.state
            who = app.commands.computer or "two players"
            return f"battle {s.scenario} turn {s.turn} {s.phase.value} ({who})"
        return "editor" if app.screen is app.editor else type(app.screen).__name__

    def post(self, kind, **data) -> bool:
        return self._step([self.pg.event.Event(kind, data)])

    def window_pos(self, logical) -> tuple[int, int]:
        return window_pos(self.app, logical)

    def move_to(self, logical, held: bool = False) -> bool:
        return self._step([mouse_event(self.app, self.pg.MOUSEMOTION, logical, held)])

    def press(self, logical, button: int = 1) -> bool:
        return self._step([mouse_event(self.app, self.pg.MOUSEBUTTONDOWN, logical, button=button)])

    def release(self, logical, button: int = 1) -> bool:
        return self._step([mouse_event(self.app, self.pg.MOUSEBUTTONUP, logical, button=button)])

    def click(self, logical) -> bool:
        return self.move_to(logical) and self.press(logical) and self.release(logical)

    def drag(self, a, b, steps: int = 2) -> bool:
        if not (self.move_to(a) and self.press(a)):
            return False
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            if not self.move_to(p, held=True):
                return False
        return self.release(b)

    def key(self, name: str, mod: int = 0, unicode: str | None = None) -> bool:
        pg = self.pg
        code = getattr(pg, f"K_{name}")
        if unicode is None:
            unicode = name if len(name) == 1 else {"SPACE": " ", "RETURN": "\r",
                                                   "BACKSPACE": "\b", "TAB": "\t"}.get(name, "")
        return self._step([key_event(code, mod, unicode)])

    # ------------------------------------------------------------------ what is showing
    def dialog(self):
        return top_dialog(self.app)

    @property
    def battle(self):
        app = self.app
        return app.battle if app.battle is not None and app.screen is app.battle else None

    @property
    def editor(self):
        app = self.app
        return app.editor if app.editor is not None and app.screen is app.editor else None
