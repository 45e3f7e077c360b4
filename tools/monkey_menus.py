"""Menus and dialogs used on purpose: every command, dialog buttons, rows and keys."""

from __future__ import annotations

from tools.app_driver import key_event
from tools.monkey_blind import MonkeyBlind


class MonkeyMenus(MonkeyBlind):
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
                self._step([key_event(ord(ch) if ord(ch) < 128 else 0, 0, ch)])
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
