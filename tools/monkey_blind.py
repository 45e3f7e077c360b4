"""Blind input: clicks, drags and keys anywhere, odd events, resizes and waits."""

from __future__ import annotations

from tools.app_driver import key_event
from tools.monkey_app import KEYS_COMMON
from tools.monkey_watch import MonkeyWatch


class MonkeyBlind(MonkeyWatch):
    # ------------------------------------------------------------------ gestures
    def random_logical(self, margin: int = 0):
        w, h = 1024, 720
        return (self.rnd.randint(-margin, w - 1 + margin),
                self.rnd.randint(-margin, h - 1 + margin))

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
            self._step([key_event(code, mod, ch)])

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
