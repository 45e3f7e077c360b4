"""Playing on purpose: new battles of every kind, legal moves by click and drag, the editor,
replays."""

from __future__ import annotations

from pathlib import Path

from tools.monkey_menus import MonkeyMenus


class MonkeyPlay(MonkeyMenus):
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
        side = "ogre" if players == 0 else "defense"
        if players != 1 and self.rnd.random() < 0.5:
            self.set_skill(self.rnd.choice(self.skill_levels), side)
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
                self.stats[f"computer skill {self.app.prefs.skill_for(side)}"] += 1
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
            cut = text[: self.rnd.randrange(len(text))]
            path.write_text(cut + self.rnd.choice(("", "warp 0101\n")))
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

    def set_skill(self, level: str, side: str = "ogre") -> None:
        """The computer's skill on `side` through the Preferences dialog (clicking its row
        round): the Ogre Skill Level, or the defence's own (issue 30)."""
        if not self.choose_command("OSI", "Preferences"):
            return
        d = self.dialog()
        if d is None or d.title != "Preferences":
            return
        names = [n for n, _ in d.OPTIONS]
        name = "skill" if side == "ogre" else "defense_skill"
        row = d.row_rect(names.index(name))
        for _ in range(3):
            if d.values[name] == level:
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
                from ogre.ui.dialogs.attack import PARTS
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
        screen = self.app.screen
        assert screen is not None                            # hex_point found both in view
        m = screen.map
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
        from ogre.ui.scenes import editor_sidebar as bar
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
