"""Monkey: the real app under SDL's dummy drivers, fed random events, watched for trouble.

    python tools/monkey.py --events 20000 --seed 1
    python tools/monkey.py --events 5000 --seed 7 --trace /tmp/trace.txt     # every gesture

The app runs exactly as a player's would (App.step, the real menus, dialogs, screens, saving and
loading into OGRE_HOME, which is a fresh temporary folder unless --home is given). The monkey mixes
blind input - clicks, drags and keys anywhere (inside and outside the window), wheel and foreign
events, window resizes (pygame.display.set_mode to a random size plus VIDEORESIZE and
WINDOWRESIZED) - with purposeful gestures: every menu command, dialog buttons, rows and keys, the
Field Editor's tools (selection window, Drop/Drag, hexsides for rubble, drags), legal battle moves
made by clicking and dragging, new battles of every kind (two players; one player against the
computer Ogre or the computer defence), saving and loading games and fields, slots it damages on
purpose (garbage, cut off, foreign, future, invalid, a folder, well-shaped files holding an
impossible battle or field, a named pipe or a device in a file's place), a damaged preferences
file (a pipe too) and restarts.

It reports:
  exceptions     a step that raised (the app is restarted and the monkey goes on)
  freezes        a dialog that Esc and Enter cannot close, a menu Esc cannot close, a computer
                 turn that makes no progress within the step and time budget
  problems       a battle state breaking the rules invariants or not replaying from its log, a
                 save that reads back different (a lost save), a damaged slot offered for loading,
                 a failed load that changed the battle, a key acting behind a modal dialog
The exit status is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

# Before pygame is imported anywhere: no window, no sound device, no banner.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

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


class Monkey:
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
        self.app = None
        self._seen_dialog = None
        self._dialog_age = 0
        self._last_battle = None
        self._last_state = None
        self.start_app()

    # ------------------------------------------------------------------ the app's life
    def start_app(self, replay: Path | None = None) -> None:
        from ogre.ui.app import App
        if self.app is not None:
            self._stop_app()
        self.app = App(seed=self.rnd.randrange(1 << 30), replay=replay)
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
        if self.app is not None:
            self._stop_app()

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
            return f"battle Mark {s.scenario} turn {s.turn} {s.phase.value} ({who})"
        return "editor" if app.screen is app.editor else type(app.screen).__name__

    def post(self, kind, **data) -> bool:
        return self._step([self.pg.event.Event(kind, data)])

    def window_pos(self, logical) -> tuple[int, int]:
        return self.app.to_window((int(logical[0]), int(logical[1])))

    def move_to(self, logical, held: bool = False) -> bool:
        return self.post(self.pg.MOUSEMOTION, pos=self.window_pos(logical), rel=(0, 0),
                         buttons=(1 if held else 0, 0, 0))

    def press(self, logical, button: int = 1) -> bool:
        return self.post(self.pg.MOUSEBUTTONDOWN, pos=self.window_pos(logical), button=button)

    def release(self, logical, button: int = 1) -> bool:
        return self.post(self.pg.MOUSEBUTTONUP, pos=self.window_pos(logical), button=button)

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
        return self.post(pg.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)

    # ------------------------------------------------------------------ what is showing
    def dialog(self):
        app = self.app
        if app.dialog is not None:
            return app.dialog
        return getattr(app.screen, "dialog", None)

    @property
    def battle(self):
        app = self.app
        return app.battle if app.battle is not None and app.screen is app.battle else None

    @property
    def editor(self):
        app = self.app
        return app.editor if app.editor is not None and app.screen is app.editor else None

    # ------------------------------------------------------------------ checks after a step
    def _after_step(self, events, before_state, dialog_before) -> None:
        app = self.app
        b = app.battle
        if b is not None and b.state is not self._last_state:
            self._last_state = b.state
            try:
                from tests.rules.invariants import check_state
                check_state(b.state)
            except AssertionError as exc:
                self.trouble.add("problem", "invariant", f"event {self.events} on "
                                 f"{self._where()}: {str(exc)[:300]}")
            if b is not self._last_battle:
                self._last_battle = b
                self.stats["battles shown"] += 1
        d = self.dialog()
        if d is not None and d is not dialog_before:
            self._new_dialog(d, before_state)
        # a key other than the dialog keys must not act behind a modal dialog
        if (dialog_before is not None and self.dialog() is dialog_before and b is not None
                and before_state is not None and b.state is not before_state
                and not app.commands.computer_acting()
                and all(e.type == self.pg.KEYDOWN and e.key not in self._dialog_keys()
                        for e in events)):
            names = ", ".join(self.pg.key.name(e.key) for e in events)
            self.trouble.add("problem", f"key acted behind a dialog ({names})",
                             f"event {self.events}: with {dialog_before.title!r} open, "
                             f"{names} changed the battle ({b.log[-1] if b.log else ''})")

    def _dialog_keys(self):
        pg = self.pg
        return {pg.K_RETURN, pg.K_KP_ENTER, pg.K_ESCAPE, pg.K_SPACE, pg.K_z}

    def _new_dialog(self, d, before_state) -> None:
        """Saves read back equal; damaged slots are refused; failed loads change nothing."""
        from ogre.storage.errors import StorageError
        from ogre.storage.fields import FieldStore
        from ogre.storage.games import GameStore
        self.stats[f"dialog {d.title}"] += 1
        app = self.app
        msg = d.message or ""
        try:
            if d.title == "Save a Game" and " saved in game " in msg:
                slot = int(msg.split("game ")[1].split(".")[0])
                saved = GameStore.default().load(slot)
                self.damaged.pop(("games", slot), None)
                self.stats["games saved"] += 1
                # "The battle you left was saved": Save, then a load or a new battle went on
                left = msg.startswith("The battle you left")
                if not left and (saved.state != app.battle.state
                                 or list(saved.log) != app.battle.log):
                    self.trouble.add("problem", "lost save (game)",
                                     f"event {self.events}: game {slot} reads back different")
            elif d.title == "Save a Field" and msg.startswith("Saved as field"):
                slot = int(msg.split("field ")[1].split(",")[0])
                rec = FieldStore.default().load(slot)
                self.damaged.pop(("fields", slot), None)
                self.stats["fields saved"] += 1
                mine = app.editor.field
                if (rec.field.board != mine.board
                        or sorted(map(repr, rec.field.placements)) != sorted(map(repr, mine.placements))):
                    self.trouble.add("problem", "lost save (field)",
                                     f"event {self.events}: field {slot} reads back different")
            elif d.title in ("Save a Game", "Save a Field") and len(d.buttons) == 1:
                self.stats["saves refused"] += 1
            elif d.title in ("Load a Game", "Load a Field") and hasattr(d, "rows"):
                self._check_load_rows(d)
            elif d.title in ("Load a Game", "Load a Field") and not d.buttons[1:]:
                # an error after choosing a slot: the battle must be untouched
                self.stats["loads refused"] += 1
                if (d.title == "Load a Game" and before_state is not None and app.battle is not None
                        and app.battle.state is not before_state):
                    self.trouble.add("problem", "failed load changed the battle",
                                     f"event {self.events}: {msg}")
        except StorageError as exc:
            self.trouble.add("problem", "lost save (unreadable after saving)",
                             f"event {self.events}: {d.title}: {msg} -> {exc.message}")

    def _check_load_rows(self, d) -> None:
        folder = "games" if d.title == "Load a Game" else "fields"
        offset = 0 if folder == "games" else len(d.rows) - 5
        for (kind, slot), how in self.damaged.items():
            if kind != folder:
                continue
            words, enabled = d.rows[offset + slot - 1]
            if enabled or "(empty)" in words:
                self.trouble.add("problem", f"damaged {folder} slot offered ({how})",
                                 f"event {self.events}: slot {slot} shows {words!r}, "
                                 f"{'enabled' if enabled else 'disabled'}")
            else:
                self.stats["damaged slots listed as unreadable"] += 1

    # ------------------------------------------------------------------ freezes
    def watch(self) -> None:
        """Between gestures: is a dialog stuck, a menu stuck, a computer turn endless?"""
        d = self.dialog()
        if d is None:
            self._seen_dialog, self._dialog_age = None, 0
        elif d is self._seen_dialog:
            self._dialog_age += 1
            if self._dialog_age > DIALOG_PATIENCE:
                self.escape_dialogs()
        else:
            self._seen_dialog, self._dialog_age = d, 0
        if (self.app.menubar.open is not None and self.rnd.random() < 0.05
                and not self.app.commands.working()):
            self.key("ESCAPE")
            if self.app.menubar.open is not None and self.dialog() is None:
                self.trouble.add("freeze", "menu stays open after Esc",
                                 f"event {self.events} on {self._where()}, computer acting: "
                                 f"{self.app.commands.working()}")
                self.app.menubar.close()
        if self.app.commands.working():
            self.computer_turn()
        elif (self.dialog() is None and self.app.menubar.open is None
              and self.rnd.random() < 0.01):
            self.probe()

    def probe(self) -> None:
        """Does the app still react? K must open the keyboard list and Esc close it."""
        self.stats["liveness probes"] += 1
        if not self.key("k"):
            return
        d = self.dialog()
        if d is None or d.title != "Keyboard":
            self.trouble.add("freeze", "the app does not react to K",
                             f"event {self.events} on {self._where()}")
            return
        self.key("ESCAPE")
        if self.dialog() is d:
            self.trouble.add("freeze", "the keyboard list ignores Esc", f"event {self.events}")

    def escape_dialogs(self) -> None:
        """Close every open dialog with Esc (then Enter); one that stays is a freeze."""
        for _ in range(12):
            d = self.dialog()
            if d is None:
                break
            self.key("ESCAPE")
            if self.dialog() is d:
                self.key("RETURN")
            if self.dialog() is d:
                self.trouble.add("freeze", f"dialog {d.title!r} ignores Esc and Enter",
                                 f"event {self.events}: {d.message[:120]!r} on {self._where()}")
                if self.app.dialog is d:
                    self.app.dialog = None
                else:
                    self.app.screen.dialog = None
        self._seen_dialog, self._dialog_age = None, 0
        self.stats["dialog escapes"] += 1

    def computer_turn(self) -> None:
        """Let the computer play its phases, hurrying its messages, within a generous budget."""
        app = self.app
        steps, last_change = 0, time.monotonic()
        state = app.battle.state
        self.stats["computer turns"] += 1
        while app.commands.working():
            hurry = []
            r = self.hurry_rnd.random()     # its own dice: how long the computer takes must
            #                                  not change what the monkey does next
            if r < 0.5:
                hurry = [self.pg.event.Event(self.pg.KEYDOWN, key=self.pg.K_SPACE, mod=0,
                                             unicode=" ", scancode=0)]
            elif r < 0.6:
                hurry = [self.pg.event.Event(self.pg.MOUSEBUTTONUP, button=1, pos=(
                    self.hurry_rnd.randrange(1024), self.hurry_rnd.randrange(720)))]
            counted = self.events
            if r > 0.998:                   # the window changes while the computer plays
                size = (self.hurry_rnd.randint(300, 1600), self.hurry_rnd.randint(200, 1000))
                self.pg.display.set_mode(size, self.pg.RESIZABLE)
                hurry = [self.pg.event.Event(self.pg.VIDEORESIZE, size=size, w=size[0], h=size[1])]
                self.stats["resizes while the computer plays"] += 1
            if not self._step(hurry):
                return
            self.events = counted           # hurrying is counted apart from the gestures
            self.hurries += len(hurry)
            app = self.app
            if app.battle is None:
                return
            steps += 1
            if app.battle.state is not state:
                state, steps, last_change = app.battle.state, 0, time.monotonic()
            elif steps > COMPUTER_STEPS and time.monotonic() - last_change > COMPUTER_SECONDS:
                self.trouble.add("freeze", "computer turn never ends",
                                 f"event {self.events}: {self._where()}, {steps} steps")
                app.commands.set_computer(None)
                return
            if app.commands.thinking is not None:
                time.sleep(0.0005)

    # ------------------------------------------------------------------ gestures
    def random_logical(self, margin: int = 0):
        w, h = 1024, 720
        return (self.rnd.randint(-margin, w - 1 + margin), self.rnd.randint(-margin, h - 1 + margin))

    def gesture(self) -> None:
        self.gestures += 1
        rnd = self.rnd
        if self.gestures >= self.mood_until:        # a new mood now and then
            self.mood = self.mood_rnd.choices(("player", "chaos", "files"), (5, 3, 2))[0]
            self.stats[f"mood {self.mood}"] += 1
            self.mood_until = self.gestures + (400 if self.mood == "player" else 120)
        if self.dialog() is not None:
            choices = [(self.g_dialog_button, 30), (self.g_dialog_body, 30),
                       (self.g_dialog_key, 20), (self.g_blind_click, 6), (self.g_blind_key, 6),
                       (self.g_resize, 2), (self.g_menu, 3), (self.g_odd_event, 3)]
        elif self.app.menubar.open is not None:
            choices = [(self.g_menu_item, 60), (self.g_blind_click, 15), (self.g_blind_key, 15),
                       (self.g_dialog_key, 10)]
        elif self.mood == "player":       # plays battles through, with a little noise
            choices = [(self.g_menu, 1), (self.g_blind_click, 2), (self.g_blind_key, 2),
                       (self.g_storage, 1), (self.g_wait, 1), (self.g_resize, 0.3)]
            if self.editor is not None:
                choices += [(self.g_editor, 10), (self.g_new_battle, 20)]
            elif self.battle is not None:
                over = self.battle.state.over
                choices += [(self.g_battle, 0 if over else 90), (self.g_battle_button, 2),
                            (self.g_new_battle, 30 if over else 0), (self.g_replay, 2 if over else 0)]
            else:
                choices += [(self.g_replay_keys, 20), (self.g_storage, 3), (self.g_restart, 2)]
        else:                               # "chaos" and "files"
            files = self.mood == "files"
            choices = [(self.g_menu, 10), (self.g_blind_click, 10), (self.g_blind_drag, 5),
                       (self.g_blind_key, 10), (self.g_resize, 2), (self.g_odd_event, 2),
                       (self.g_damage, 12 if files else 1), (self.g_storage, 30 if files else 4),
                       (self.g_new_battle, 2), (self.g_restart, 2 if files else 0.3),
                       (self.g_wait, 2)]
            if self.editor is not None:
                choices += [(self.g_editor, 45), (self.g_new_battle, 6)]
            elif self.battle is not None:
                over = self.battle.state.over
                choices += [(self.g_battle, 0 if over else 45), (self.g_battle_button, 8),
                            (self.g_new_battle, 25 if over else 1), (self.g_replay, 1.5)]
            else:                           # the replay viewer
                choices += [(self.g_replay_keys, 40), (self.g_new_battle, 3)]
        funcs, weights = zip(*choices)
        rnd.choices(funcs, weights)[0]()
        self.watch()

    # -- blind input
    def g_blind_click(self) -> None:
        if self.rnd.random() < 0.15:        # raw window pixels, possibly outside the window
            w, h = self.app.window.get_size()
            pos = (self.rnd.randint(-50, w + 50), self.rnd.randint(-50, h + 50))
            button = self.rnd.choice((1, 1, 1, 2, 3, 4, 5))
            for kind in (self.pg.MOUSEBUTTONDOWN, self.pg.MOUSEBUTTONUP):
                if not self._step([self.pg.event.Event(kind, pos=pos, button=button)]):
                    return
            return
        self.click(self.random_logical(margin=20))

    def g_blind_drag(self) -> None:
        self.drag(self.random_logical(), self.random_logical(margin=30),
                  steps=self.rnd.randint(1, 4))

    def g_blind_key(self) -> None:
        rnd = self.rnd
        pg = self.pg
        mod = rnd.choice((0, 0, 0, pg.KMOD_SHIFT, pg.KMOD_CTRL, pg.KMOD_ALT))
        if rnd.random() < 0.8:
            name = rnd.choice(KEYS_COMMON)
            self.key(name, mod)
        else:
            ch = rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789 -_.!?/\\éß€")
            code = ord(ch) if ord(ch) < 128 else rnd.randint(0x40000000, 0x40000100)
            self.post(pg.KEYDOWN, key=code, mod=mod, unicode=ch, scancode=0)

    def g_odd_event(self) -> None:
        pg = self.pg
        rnd = self.rnd
        kind = rnd.choice(("wheel", "keyup", "text", "focus", "exposed", "motion_far", "user"))
        if kind == "wheel":
            self.post(pg.MOUSEWHEEL, x=0, y=rnd.choice((-3, -1, 1, 3)), flipped=False,
                      precise_x=0.0, precise_y=1.0, touch=False, which=0)
        elif kind == "keyup":
            self.post(pg.KEYUP, key=pg.K_SPACE, mod=0, unicode="", scancode=0)
        elif kind == "text":
            self.post(pg.TEXTINPUT, text=rnd.choice(("a", "Z", "é", "  ")))
        elif kind == "focus":
            self.post(rnd.choice((pg.WINDOWFOCUSLOST, pg.WINDOWFOCUSGAINED, pg.WINDOWLEAVE,
                                  pg.WINDOWENTER, pg.ACTIVEEVENT)))
        elif kind == "exposed":
            self.post(pg.WINDOWEXPOSED)
        elif kind == "motion_far":
            self.post(pg.MOUSEMOTION, pos=(rnd.randint(-5000, 5000), rnd.randint(-5000, 5000)),
                      rel=(0, 0), buttons=(rnd.randint(0, 1), 0, 0))
        else:
            self.post(pg.USEREVENT, code=rnd.randint(0, 9))

    def g_resize(self) -> None:
        rnd = self.rnd
        pg = self.pg
        r = rnd.random()
        if r < 0.1:
            size = rnd.choice(((1, 1), (1, 700), (1500, 1), (100, 70), (2400, 1600), (64, 2000)))
        elif r < 0.25:
            size = (1024, 720)
        else:
            size = (rnd.randint(200, 1900), rnd.randint(150, 1200))
        pg.display.set_mode(size, pg.RESIZABLE)
        self.stats["resizes"] += 1
        self._step([pg.event.Event(pg.VIDEORESIZE, size=size, w=size[0], h=size[1]),
                    pg.event.Event(pg.WINDOWRESIZED, x=size[0], y=size[1])])

    def g_wait(self) -> None:
        for _ in range(self.rnd.randint(1, 5)):
            if not self._step([]):
                return

    def g_restart(self) -> None:
        """Quit through the window's close button, maybe damage the preferences, start again
        (_step starts the app again when it stops running)."""
        if self.rnd.random() < 0.4:
            self.damage_preferences()
        if self.post(self.pg.QUIT):
            # G6: a battle that moved on asks first; mostly let it go, now and then stay
            self.answer("Don't Save" if self.rnd.random() < 0.8 else "Cancel")

    # -- menus and dialogs
    def g_menu(self) -> None:
        """Open a menu by click or drag and choose any command (dimmed ones included)."""
        bar = self.app.menubar
        menu = self.rnd.choice(bar.menus)
        i = self.rnd.randrange(len(menu.commands))
        item = (menu.rect.left + 20 + self.rnd.randint(0, 150), menu.rect.top + 4 + i * 26 + 13)
        self.stats[f"menu {menu.commands[i].label}"] += 1
        if self.rnd.random() < 0.5:
            self.move_to(menu.title_rect.center) and self.press(menu.title_rect.center) and \
                self.move_to(item, held=True) and self.release(item)
        elif self.rnd.random() < 0.7:
            self.click(menu.title_rect.center) and self.click(item)
        else:
            self.key("m" if menu is bar.menus[0] else "o")
            for _ in range(i + 1):
                self.key("DOWN")
            self.key(self.rnd.choice(("RETURN", "SPACE", "ESCAPE", "RETURN")))

    def g_menu_item(self) -> None:
        menu = self.app.menubar.open
        if menu is None:
            return
        i = self.rnd.randrange(len(menu.commands))
        self.click((menu.rect.left + 30, menu.rect.top + 4 + i * 26 + 13))

    def g_dialog_button(self) -> None:
        d = self.dialog()
        b = self.rnd.choice(d.buttons)
        self.click(self._inside(b.rect))

    def g_dialog_body(self) -> None:
        d = self.dialog()
        rects = []
        if hasattr(d, "row_rect") and hasattr(d, "rows"):
            rects = [d.row_rect(i) for i in range(len(d.rows))]
        elif hasattr(d, "option_rects"):
            rects = [r for _, _, r in d.option_rects()]
        elif hasattr(d, "arrows") and hasattr(d, "limits"):          # the Ogre's weapons
            rects = [r for i in range(4) for r in d.arrows(i)] + [d.row_rect(i) for i in range(4)]
        elif hasattr(d, "row_rect"):
            rects = [d.row_rect(i) for i in range(5)]
        if rects and self.rnd.random() < 0.85:
            self.click(self._inside(self.rnd.choice(rects)))
        else:
            r = d.rect.inflate(40, 40)
            self.click((self.rnd.randint(r.left, r.right), self.rnd.randint(r.top, r.bottom)))

    def g_dialog_key(self) -> None:
        rnd = self.rnd
        r = rnd.random()
        if r < 0.3:
            self.key(rnd.choice(("UP", "DOWN", "LEFT", "RIGHT", "PLUS", "MINUS")))
        elif r < 0.45:
            self.key(rnd.choice(("RETURN", "KP_ENTER")))
        elif r < 0.55:
            self.key("ESCAPE")
        elif r < 0.75:
            for ch in rnd.choice(("My field", "x", "Ω", "a b", "1234567890" * 4, "")):
                self.post(self.pg.KEYDOWN, key=ord(ch) if ord(ch) < 128 else 0, mod=0,
                          unicode=ch, scancode=0)
        elif r < 0.85:
            for _ in range(rnd.randint(1, 40)):
                if not self.key("BACKSPACE"):
                    return
        else:
            self.g_blind_key()

    def _inside(self, rect):
        return (self.rnd.randint(rect.left + 1, max(rect.left + 1, rect.right - 2)),
                self.rnd.randint(rect.top + 1, max(rect.top + 1, rect.bottom - 2)))

    def choose_command(self, title: str, label: str) -> bool:
        bar = self.app.menubar
        menu = next(m for m in bar.menus if m.title == title)
        i = next(i for i, c in enumerate(menu.commands) if c.label == label)
        item = (menu.rect.left + 30, menu.rect.top + 4 + i * 26 + 13)
        return self.click(menu.title_rect.center) and self.click(item)

    def answer(self, label: str) -> bool:
        d = self.dialog()
        if d is None:
            return False
        if label == "OK" and [b.label for b in d.buttons] == ["Save", "Don't Save", "Cancel"]:
            # G6: a command that would lose the battle asks first; any answer will do
            label = self.rnd.choices(("Don't Save", "Save", "Cancel"), (6, 2, 2))[0]
            self.stats[f"asked first: {label}"] += 1
        for b in d.buttons:
            if b.label == label:
                return self.click(b.rect.center)
        return False

    # -- battles of every kind
    def g_new_battle(self) -> None:
        """Play a Game: a scenario and who plays, through the real menus and dialogs."""
        if self.battle is not None:
            if not self.choose_command("Menu", "Edit the Field"):
                return
            if not self.battle_over_before() and self.rnd.random() < 0.4:
                for _ in range(self.rnd.randint(1, 6)):     # edit, then maybe keep the Ogre
                    self.g_editor()
                self.stats["fields edited mid-battle"] += 1
        elif self.editor is None:                       # the replay viewer: back to a field
            self.start_app()
            return
        if self.editor is None or self.dialog() is not None:
            return
        if self.refused or self.rnd.random() < 0.3:
            self.load_predesigned_field()
        players = self.rnd.randrange(3)      # computer Ogre, two players, computer defence
        scenario = self.rnd.randrange(2)
        if players != 1 and self.rnd.random() < 0.5:
            self.set_skill(self.rnd.choice(self.skill_levels))
        if not self.choose_command("Menu", "Play a Game"):
            return
        d = self.dialog()
        if d is None or not hasattr(d, "option_rects"):
            return
        rects = {(g, i): r for g, i, r in d.option_rects() if i >= 0}
        self.click(rects[(0, scenario)].center)
        self.click(rects[(1, players)].center)
        self.answer("OK")
        for _ in range(6):                               # keep the Ogre? not standard? OK
            d = self.dialog()
            if d is None or d.title not in ("Play a Game",):
                break
            if d.title == "Play a Game" and hasattr(d, "option_rects"):
                rects = {(g, i): r for g, i, r in d.option_rects() if i >= 0}
                self.click(rects[(0, self.rnd.randrange(2))].center)
            self.answer("OK" if self.rnd.random() < 0.9 else "Cancel")
        d = self.dialog()
        self.refused = d is not None and d.title == "Play a Game" and len(d.buttons) == 1
        if self.battle is not None:
            kind = ("computer Ogre", "two players", "computer defence")[players]
            self.stats[f"battles started: {kind}"] += 1
            if players != 1:
                self.stats[f"computer skill {self.app.prefs.skill}"] += 1
            if self.dialog() is not None and self.dialog().title == "Ogre Entry":
                self.answer("OK")

    def battle_over_before(self) -> bool:
        b = self.app.battle
        return b is None or b.state.over

    def g_replay(self) -> None:
        """Export the battle's log, then start the game again on it: ogre --replay FILE."""
        if not self.choose_command("Menu", "Export the Log"):
            return
        d = self.dialog()
        if d is None or d.title != "Export the Log" or " is in " not in d.message:
            return
        path = Path(d.message.split(" is in ", 1)[1].split(". Replay it", 1)[0])
        self.answer("OK")
        if self.rnd.random() < 0.2:                     # a log damaged after export
            text = path.read_text()
            path.write_text(text[: self.rnd.randrange(len(text))] + self.rnd.choice(("", "warp 0101\n")))
            self.stats["replays of a damaged log"] += 1
        self.stats["replays"] += 1
        self.start_app(replay=path)
        d = self.dialog()
        if d is not None and d.title == "Replay":
            self.stats["replays refused"] += 1

    def g_replay_keys(self) -> None:
        pg = self.pg
        rnd = self.rnd
        r = rnd.random()
        if r < 0.75:
            name = rnd.choice(("RIGHT", "RIGHT", "RIGHT", "SPACE", "PERIOD", "LEFT", "BACKSPACE",
                               "COMMA", "HOME", "END", "TAB", "PAGEUP", "PAGEDOWN"))
            mod = pg.KMOD_SHIFT if name in ("HOME", "END") and rnd.random() < 0.7 else 0
            for _ in range(rnd.randint(1, 8)):
                if not self.key(name, mod):
                    return
        elif r < 0.9:
            m = getattr(self.app.screen, "map", None)
            if m is not None:
                self.click(self._inside(rnd.choice(list(m.arrows.values()))))
        else:
            self.g_blind_click()

    def load_predesigned_field(self) -> None:
        """Load a Field: one of the five predesigned fields (a battle may have left no CP)."""
        if not self.choose_command("Menu", "Load a Field"):
            return
        d = self.dialog()
        if d is None or not hasattr(d, "rows"):
            return
        self.click(d.row_rect(self.rnd.randrange(5)).center)
        self.answer("OK")
        self.stats["predesigned fields loaded"] += 1

    def set_skill(self, level: str) -> None:
        """The Ogre Skill Level through the Preferences dialog (clicking its row round)."""
        if not self.choose_command("OSI", "Preferences"):
            return
        d = self.dialog()
        if d is None or d.title != "Preferences":
            return
        names = [n for n, _ in d.OPTIONS]
        row = d.row_rect(names.index("skill"))
        for _ in range(3):
            if d.values["skill"] == level:
                break
            self.click(row.center)
        self.answer("OK")

    def g_battle_button(self) -> None:
        b = self.battle
        if b is None:
            return
        button = self.rnd.choice(b.buttons)
        self.click(self._inside(button.rect))

    def g_battle(self) -> None:
        """One legal action of the side to play, made as a player makes it."""
        from ogre.rules import (
            Aim,
            Clear,
            Done,
            Enter,
            Exit,
            Fire,
            Group,
            Move,
            OgreAim,
            Split,
            Undo,
            legal_actions,
        )
        from ogre.rules.state import OGRE_ID
        b = self.battle
        s = b.state
        if s.over or self.app.commands.computer_acting():
            self.g_wait()
            return
        legal = legal_actions(s)
        if not legal:
            return
        rnd = self.rnd
        if rnd.random() < 0.8:
            # the random-play policy of the rules tests: Ogre to the Command Post, defenders to
            # the Ogre, fire when aimed - so battles end
            from tests.rules.random_play import choose
            action = choose(s, legal, rnd)
        else:
            action = rnd.choice(legal)
        self.stats[f"battle gesture {type(action).__name__}"] += 1
        m = b.map
        if isinstance(action, Enter):
            self.click(self.hex_point(action.to))
        elif isinstance(action, Move):
            src = s.ogre.hex if action.piece == OGRE_ID else s.piece(action.piece).hex
            if action.piece != OGRE_ID and b.top_at(src) != action.piece:
                p = self.hex_point(src)
                if p is None or not self.click(p):              # bring it to the top
                    return
            self.drag_hexes(src, action.to)
            self.confirm()
        elif isinstance(action, OgreAim):
            self.drag_hexes(s.ogre.hex, s.piece(action.target).hex)
            d = self.dialog()
            if d is not None and hasattr(d, "limits") and rnd.random() < 0.8:
                for i, n in enumerate(action.weapons):
                    up, _ = d.arrows(i)
                    for _ in range(n):
                        self.click(up.center)
                self.answer("OK")
        elif isinstance(action, Aim):
            self.drag_hexes(s.piece(action.piece).hex, s.ogre.hex)
            d = self.dialog()
            if d is not None and hasattr(d, "row_rect") and d.title == "Defense Attack":
                from ogre.ui.dialogs import PARTS
                self.click(d.row_rect(PARTS.index(action.part)).center)
                self.answer("OK" if rnd.random() < 0.9 else "Cancel")
        elif isinstance(action, (Fire, Clear)):
            self.click(b.buttons[1 if isinstance(action, Fire) else 0].rect.center)
        elif isinstance(action, (Undo, Group, Split)):
            p = s.ogre if action.piece == OGRE_ID else s.piece(action.piece)
            if b.selected != action.piece:
                self.click(self.hex_point(p.hex))
            self.click(b.buttons[0 if isinstance(action, Undo) else 1].rect.center)
        elif isinstance(action, Exit):
            self.click((m.rect.right - 3, m.rect.bottom - 40))
            self.confirm()
        elif isinstance(action, Done):
            self.click(b.buttons[3].rect.center)
            d = self.dialog()
            if d is not None and d.title == "Reminder":
                self.answer("OK" if rnd.random() < 0.9 else "Cancel")

    def confirm(self) -> None:
        d = self.dialog()
        if d is not None and d.title in ("Ram", "Overrun", "Ram the Ogre", "Leave the Map"):
            self.answer("OK" if self.rnd.random() < 0.85 else "Cancel")

    def drag_hexes(self, src: int, dst: int) -> bool:
        """Drag from hex src to hex dst, both in view (the whole map when they are far apart)."""
        if self.hex_point(src) is None or self.hex_point(dst, keep=src) is None:
            return False
        m = self.app.screen.map
        a, b = m.layout.center(src), m.layout.center(dst)
        j = lambda p: (p[0] + self.rnd.randint(-5, 5), p[1] + self.rnd.randint(-5, 5))  # noqa: E731
        return self.drag(j(a), j(b), steps=self.rnd.randint(1, 3))

    def hex_point(self, h: int, keep: int | None = None):
        """Where hex h is on the canvas, scrolling (corner arrows, Tab) until it shows."""
        screen = self.app.screen
        m = getattr(screen, "map", None)
        if m is None or not h:
            return None
        for _ in range(25):
            inner = m.rect if m.whole else m.rect.inflate(-24, -24)
            if m.hex_visible(h) and inner.collidepoint(m.layout.center(h)):
                c = m.layout.center(h)
                if keep is None or m.hex_visible(keep):
                    return (c[0] + self.rnd.randint(-6, 6), c[1] + self.rnd.randint(-6, 6))
            if not m.whole and (keep is not None or self.rnd.random() < 0.15):
                self.key("TAB")                     # the whole map shows both ends of a drag
                continue
            if m.whole and keep is None and self.rnd.random() < 0.5:
                self.key("TAB")
                continue
            row = h % 100
            arrow = m.arrows["up" if row < m.top_row + 2 else "down"]
            if not self.click(arrow.center):
                return None
            m = getattr(self.app.screen, "map", None)
            if m is None:
                return None
        c = m.layout.center(h)
        return c

    # -- the Field Editor
    def g_editor(self) -> None:
        from ogre.rules.hexes import ALL_HEXES, neighbours
        from ogre.ui import editor_sidebar as bar
        ed = self.editor
        if ed is None:
            return
        rnd = self.rnd
        r = rnd.random()
        m = ed.map
        if r < 0.2:
            self.click(self._inside(bar.choice_rect(rnd.choice(bar.CHOICES).key)))
        elif r < 0.28:
            self.click(self._inside(bar.mode_rect(rnd.choice(("drop", "drag")))))
        elif r < 0.55:
            h = rnd.choice(ALL_HEXES)
            p = self.hex_point(h)
            if p is not None:
                self.click(p)
        elif r < 0.7:                                   # a hexside: rubble on or off
            h = rnd.choice(ALL_HEXES)
            n = rnd.choice(neighbours(h)) if neighbours(h) else h
            a = self.hex_point(h)
            if a is None or not m.hex_visible(n):
                return
            c1, c2 = m.layout.center(h), m.layout.center(n)
            self.click(((c1[0] + c2[0]) / 2, (c1[1] + c2[1]) / 2))
        elif r < 0.82:                                  # a piece from the selection window
            key = rnd.choice(bar.CHOICES).key
            h = rnd.choice(ALL_HEXES)
            p = self.hex_point(h)
            if p is not None:
                self.drag(bar.choice_rect(key).center, p, steps=rnd.randint(1, 3))
        elif r < 0.95:                                  # a drag across the map
            pieces = ed.field.placements
            src = rnd.choice(pieces).hex if pieces and rnd.random() < 0.8 else rnd.choice(ALL_HEXES)
            self.drag_hexes(src, rnd.choice(ALL_HEXES))
        else:
            self.key(rnd.choice(("TAB", "PAGEUP", "PAGEDOWN", "HOME", "END")))

    # -- saving, loading and damaged files
    def g_storage(self) -> None:
        rnd = self.rnd
        if self.battle is not None and not self.battle.state.over:
            label = rnd.choice(("Save a Game", "Save a Game", "Load a Game", "Export the Log"))
        elif self.editor is not None:
            label = rnd.choice(("Save a Field", "Load a Field", "Load a Game"))
        else:
            label = "Load a Game"
        self.stats[f"storage {label}"] += 1
        if not self.choose_command("Menu", label):
            return
        for _ in range(4):                   # choose a row, OK, replace?, a name, OK
            d = self.dialog()
            if d is None or d.title != label:
                return
            if hasattr(d, "rows"):
                self.click(d.row_rect(rnd.randrange(len(d.rows))).center)
            if hasattr(d, "name") and rnd.random() < 0.5:
                for ch in rnd.choice(("Monkey", "é", "x" * 40)):
                    self.post(self.pg.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0)
            self.answer("OK" if rnd.random() < 0.9 else "Cancel")

    def g_damage(self, how: str | None = None) -> None:
        """Damage a game or field slot on disk (the app reads it next time it lists slots)."""
        from ogre.storage.paths import fields_folder, games_folder
        rnd = self.rnd
        folder_kind = rnd.choice(("games", "fields"))
        folder = games_folder() if folder_kind == "games" else fields_folder()
        slot = rnd.randint(1, 5)
        path = folder / f"slot{slot}.json"
        how = how or rnd.choice(("garbage", "binary", "truncated", "empty", "foreign", "future",
                                 "invalid", "folder", "not an object", "impossible",
                                 "impossible", "pipe", "device"))
        folder.mkdir(parents=True, exist_ok=True)
        good = self._good_text(folder_kind)
        _clear_special(path)
        if how in ("pipe", "device"):
            _special_file(path, how)
        elif how == "folder":
            path.unlink(missing_ok=True)
            path.mkdir()
            (path / "inside.txt").write_text("a folder where a slot file should be")
        else:
            data = {
                "garbage": b"this is not json {{{",
                "binary": bytes(rnd.randrange(256) for _ in range(300)) + b"\xff\xfe",
                "truncated": good[: max(1, len(good) * rnd.randint(1, 9) // 10)],
                "empty": b"",
                "foreign": json.dumps({"format": "something-else", "version": 1}).encode(),
                "future": good.replace(b'"version": 1', b'"version": 99', 1),
                "invalid": good.replace(b'"format"', b'"extra": true, "format"', 1),
                "not an object": b"[1, 2, 3]",
                "impossible": _impossible(folder_kind, good, rnd),
            }[how]
            if how == "foreign" and rnd.random() < 0.5:
                data = self._good_text("fields" if folder_kind == "games" else "games")
            path.write_bytes(data)
        self.damaged[(folder_kind, slot)] = how
        self.stats[f"damaged {folder_kind} slot: {how}"] += 1

    def _good_text(self, kind: str) -> bytes:
        from ogre.rules import new_game
        from ogre.storage.fields import field_to_text, load_predesigned
        from ogre.storage.games import Players, game_to_text
        rec = load_predesigned()[self.rnd.randrange(5)]
        if kind == "fields":
            return field_to_text(rec.field, rec.name, rec.mark).encode()
        state = self.app.battle.state if self.app.battle is not None else new_game(rec.field, rec.mark, 1)
        return game_to_text(state, Players(count=2, computer=None)).encode()

    def damage_preferences(self) -> None:
        from ogre.storage.paths import preferences_folder
        folder = preferences_folder()
        folder.mkdir(parents=True, exist_ok=True)
        how = self.rnd.choice(("garbage", "future", "bad values", "folder", "pipe"))
        path = folder / "preferences.json"
        _clear_special(path)
        if how == "pipe":
            _special_file(path, how)
        elif how == "folder":
            path.unlink(missing_ok=True)
            path.mkdir()
        else:
            path.write_text({
                "garbage": "{{{ nope",
                "future": json.dumps({"format": "ogre-preferences", "version": 7,
                                      "preferences": {}}),
                "bad values": json.dumps({"format": "ogre-preferences", "version": 1,
                                          "preferences": {"sound": "loud", "skill": "God",
                                                          "window_size": [5, 99999],
                                                          "reminders": False}}),
            }[how])
        self.stats[f"damaged preferences: {how}"] += 1

    # ------------------------------------------------------------------ the run
    def run(self, events: int, log_every: int = 0) -> None:
        next_log = log_every
        while self.events < events:
            self.gesture()
            if log_every and self.events >= next_log:
                next_log += log_every
                print(f"  {self.events} events, {self.gestures} gestures, "
                      f"{self.trouble.total()} found, {resident_mb()} MB resident, "
                      f"on {self._where()}", flush=True)
        self.final_checks()

    def final_checks(self) -> None:
        """The battle on show replays from its first position through its log."""
        from ogre.rules import apply, parse_action
        b = self.app.battle
        if b is None or b.start_state is None:
            return
        s = b.start_state
        try:
            for text in b.log:
                s, _ = apply(s, parse_action(text))
        except Exception as exc:         # noqa: BLE001
            self.trouble.add("problem", "log does not replay", f"{type(exc).__name__}: {exc}")
            return
        if s != b.state:
            self.trouble.add("problem", "log does not replay", "the log ends in another state")

    def report(self, seconds: float) -> str:
        t = self.trouble
        lines = [f"events: {self.events} (and {self.hurries} hurrying the computer)  "
                 f"gestures: {self.gestures}  time: {seconds:.1f} s",
                 f"exceptions: {t.total('exception')}  freezes: {t.total('freeze')}  "
                 f"problems: {t.total('problem')}"]
        interesting = sorted((k, v) for k, v in self.stats.items())
        lines.append("coverage: " + ", ".join(f"{k} {v}" for k, v in interesting))
        for (kind, key), details in t.details.items():
            lines.append(f"{kind.upper()} x{len(details)}: {key}\n    " +
                         details[0].replace("\n", "\n    "))
        return "\n".join(lines)


def _clear_special(path: Path) -> None:
    """Whatever damage is in a file's place goes (writing into a pipe would wait for ever)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.is_symlink() or path.exists():
        path.unlink()


def _special_file(path: Path, how: str) -> None:
    """A named pipe, or a device (a link to /dev/zero, which never ends), in a file's place."""
    if how == "pipe" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero" if os.path.exists("/dev/zero") else os.devnull)


def _impossible(kind: str, good: bytes, rnd: random.Random) -> bytes:
    """Well-shaped JSON describing what no battle or field can hold (issue 15)."""
    doc = json.loads(good)
    if kind == "fields":
        doc["craters"] = doc.get("craters") or ["0107"]
        doc["pieces"] = doc["pieces"][:1] * 2 or [{"kind": "cp", "hex": "0107"}]
        doc["pieces"][0] = dict(doc["pieces"][0], hex=rnd.choice(doc["craters"]))
        return json.dumps(doc).encode()
    s = doc["state"]
    edit = rnd.randrange(6)
    if edit == 0:
        s["ogre"]["missiles_spent"] = 50
    elif edit == 1:
        s["ogre"]["rams"] = 7
    elif edit == 2:
        s["ogre"]["moved"] = 10 ** 9
    elif edit == 3:
        s["turn"] = doc["label"]["turn"] = 10 ** 4299
    elif edit == 4 and s["pieces"] and s["board"]["craters"]:
        s["pieces"][0]["hex"] = s["pieces"][0]["start"] = s["board"]["craters"][0]
    else:
        s["aim"] = {"part": "treads", "attackers": [s["pieces"][0]["id"] if s["pieces"] else 1] * 20}
    return json.dumps(doc).encode()


def resident_mb() -> str:
    """This process's resident size (Linux), so a long run shows whether memory climbs."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return str(int(line.split()[1]) // 1024)
    except (OSError, ValueError):
        pass
    return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--home", default=None, help="OGRE_HOME to use (default: a temporary folder)")
    ap.add_argument("--levels", default="Low,Med", help="computer skill levels the monkey picks")
    ap.add_argument("--trace", default=None, help="write every event to this file")
    ap.add_argument("--log-every", type=int, default=0, help="print progress every N events")
    args = ap.parse_args(argv)
    tmp = None
    home = Path(args.home) if args.home else Path(tmp := tempfile.mkdtemp(prefix="ogre-monkey-"))
    trace = open(args.trace, "w") if args.trace else None
    t0 = time.perf_counter()
    monkey = Monkey(args.seed, home, trace,
                    skill_levels=tuple(x.strip() for x in args.levels.split(",") if x.strip()))
    try:
        monkey.run(args.events, args.log_every)
    finally:
        monkey.close()
        if trace:
            trace.close()
    print(f"monkey: seed {args.seed}, OGRE_HOME {home}")
    print(monkey.report(time.perf_counter() - t0))
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if monkey.trouble.total() else 0


if __name__ == "__main__":
    raise SystemExit(main())
