"""The monkey's eyes: after every step, the checks for exceptions, freezes and broken rules."""

from __future__ import annotations

import time

from tools.monkey_app import COMPUTER_SECONDS, COMPUTER_STEPS, DIALOG_PATIENCE, MonkeyApp


class MonkeyWatch(MonkeyApp):
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
                battle = app.battle
                assert battle is not None                    # a game is saved from a battle
                if not left and (saved.state != battle.state or list(saved.log) != battle.log):
                    self.trouble.add("problem", "lost save (game)",
                                     f"event {self.events}: game {slot} reads back different")
            elif d.title == "Save a Field" and msg.startswith("Saved as field"):
                slot = int(msg.split("field ")[1].split(",")[0])
                rec = FieldStore.default().load(slot)
                self.damaged.pop(("fields", slot), None)
                self.stats["fields saved"] += 1
                assert app.editor is not None                # a field is saved from the editor
                mine = app.editor.field
                if (rec.field.board != mine.board
                        or sorted(map(repr, rec.field.placements))
                        != sorted(map(repr, mine.placements))):
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
              and not self._banner() and self.rnd.random() < 0.01):
            self.probe()

    def _banner(self) -> bool:
        """A turning point's banner (X11) takes the next key or click for itself."""
        b = self.app.battle
        return b is not None and self.app.screen is b and bool(b.banner)

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
                else:                                        # the screen's, found by getattr
                    setattr(self.app.screen, "dialog", None)
        self._seen_dialog, self._dialog_age = None, 0
        self.stats["dialog escapes"] += 1

    def computer_turn(self) -> None:
        """Let the computer play its phases, hurrying its messages, within a generous budget."""
        app = self.app
        steps, last_change = 0, time.monotonic()
        assert app.battle is not None                        # the computer plays in a battle
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
