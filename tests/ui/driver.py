"""Drive the real app the way a player does: mouse events at screen positions."""

from __future__ import annotations

import pygame


class Driver:
    def __init__(self, app) -> None:
        self.app = app
        app.step([])

    # -- raw events (logical canvas coordinates, converted to window pixels) --
    def _send(self, kind, pos, **extra) -> None:
        wpos = self.app.to_window((int(pos[0]), int(pos[1])))
        data = {"pos": wpos, "button": 1, **extra}
        if kind == pygame.MOUSEMOTION:
            data = {"pos": wpos, "rel": (0, 0), "buttons": (1, 0, 0)}
        self.app.step([pygame.event.Event(kind, data)])

    def click_at(self, pos) -> None:
        self._send(pygame.MOUSEMOTION, pos)
        self._send(pygame.MOUSEBUTTONDOWN, pos)
        self._send(pygame.MOUSEBUTTONUP, pos)

    def drag_between(self, a, b, via=None) -> None:
        self._send(pygame.MOUSEMOTION, a)
        self._send(pygame.MOUSEBUTTONDOWN, a)
        for p in ([via] if via else []) + [b]:
            self._send(pygame.MOUSEMOTION, p)
        self._send(pygame.MOUSEBUTTONUP, b)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                          scancode=0)])

    # -- the map --
    @property
    def battle(self):
        return self.app.battle

    def bring_into_view(self, h: int) -> None:
        """Scroll with the corner arrows, as a player would, until hex h shows."""
        m = self.app.screen.map
        for _ in range(30):
            if m.hex_visible(h) and m.rect.inflate(-20, -20).collidepoint(m.layout.center(h)):
                return
            row = h % 100
            arrow = m.arrows["up" if row < m.top_row + 2 else "down"]
            self.click_at(arrow.center)
        raise AssertionError(f"hex {h:04d} never came into view")

    def hex_pos(self, h: int):
        self.bring_into_view(h)
        return self.app.screen.map.layout.center(h)

    def click_hex(self, h: int) -> None:
        self.click_at(self.hex_pos(h))

    def drag_hex(self, a: int, b: int, via: int | None = None) -> None:
        pa = self.hex_pos(a)
        pb = self.hex_pos(b)
        pv = self.app.screen.map.layout.center(via) if via else None
        self.drag_between(pa, pb, pv)

    # -- the sidebar and dialogs --
    def button(self, label: str) -> None:
        self.app.step([])
        for b in self.battle.buttons:
            if b.label == label:
                self.click_at(b.rect.center)
                return
        raise AssertionError(f"no button {label!r}: {[b.label for b in self.battle.buttons]}")

    @property
    def dialog(self):
        """The dialog on top: the app's own, else the screen's."""
        if self.app.dialog is not None:
            return self.app.dialog
        screen = self.app.screen
        return getattr(screen, "dialog", None)

    def answer(self, label: str = "OK") -> None:
        assert self.dialog is not None, "no dialog open"
        for b in self.dialog.buttons:
            if b.label == label:
                self.click_at(b.rect.center)
                return
        raise AssertionError(f"dialog has no {label!r} button")

    def dialog_click(self, rect) -> None:
        self.click_at(rect.center)



