"""The one app driver (issue 29, point 5): the real app driven the way a player does, with
synthetic events at logical canvas positions through App.step.

The UI tests (tests/ui/driver.py), the stress tests (tests/stress/stress_helpers.py) and the
monkey's hands (tools/monkey_app.py) all come here: the events built here are the only ones
they send, so a change in how the app takes input is made once. pygame is imported by the
functions that need it, after the caller has chosen SDL's drivers.
"""

from __future__ import annotations

from typing import Any


def window_pos(app: Any, pos: Any) -> tuple[int, int]:
    """A logical canvas position as the window pixel the player would point at."""
    return app.to_window((int(pos[0]), int(pos[1])))


def mouse_event(app: Any, kind: int, pos: Any, held: bool = False, button: int = 1) -> Any:
    """A motion (with the left button `held` or not), a press or a release at logical `pos`."""
    import pygame
    wpos = window_pos(app, pos)
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=wpos, rel=(0, 0), buttons=(int(held), 0, 0))
    return pygame.event.Event(kind, pos=wpos, button=button)


def key_event(key: int, mod: int = 0, unicode: str = "") -> Any:
    import pygame
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def top_dialog(app: Any) -> Any:
    """The dialog on top: the app's own, else the screen's; None when there is none."""
    if app.dialog is not None:
        return app.dialog
    return getattr(app.screen, "dialog", None)


class Driver:
    """A player's hands on the app: mouse, keys, menus, dialogs, the battle map's hexes."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.held = False           # the left button is down: motions say so, as SDL's do
        app.step([])

    # -- raw events (logical canvas coordinates, converted to window pixels) --
    def send(self, kind: int, pos: Any = None, **extra: Any) -> None:
        """One event through App.step: a mouse event at `pos`, or any event of `extra`."""
        import pygame
        if pos is None:
            event = pygame.event.Event(kind, extra)
        else:
            if kind == pygame.MOUSEBUTTONDOWN:
                self.held = True
            elif kind == pygame.MOUSEBUTTONUP:
                self.held = False
            event = mouse_event(self.app, kind, pos, self.held, extra.get("button", 1))
        self.app.step([event])

    _send = send                    # the name the UI tests grew up with

    def click(self, pos: Any) -> None:
        import pygame
        self.send(pygame.MOUSEMOTION, pos)
        self.send(pygame.MOUSEBUTTONDOWN, pos)
        self.send(pygame.MOUSEBUTTONUP, pos)

    click_at = click

    def drag_between(self, a: Any, b: Any, via: Any = None) -> None:
        import pygame
        self.send(pygame.MOUSEMOTION, a)
        self.send(pygame.MOUSEBUTTONDOWN, a)
        for p in ([via] if via else []) + [b]:
            self.send(pygame.MOUSEMOTION, p)
        self.send(pygame.MOUSEBUTTONUP, b)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.app.step([key_event(key, mod, unicode)])

    def type(self, text: str) -> None:
        for ch in text:
            self.key(0, unicode=ch)

    # -- the map --
    @property
    def battle(self) -> Any:
        return self.app.battle

    def bring_into_view(self, h: int) -> None:
        """Scroll with the corner arrows, as a player would, until hex h shows."""
        m = self.app.screen.map
        for _ in range(30):
            if m.hex_visible(h) and m.rect.inflate(-20, -20).collidepoint(m.layout.center(h)):
                return
            row = h % 100
            arrow = m.arrows["up" if row < m.top_row + 2 else "down"]
            self.click(arrow.center)
        raise AssertionError(f"hex {h:04d} never came into view")

    def hex_pos(self, h: int) -> Any:
        self.bring_into_view(h)
        return self.app.screen.map.layout.center(h)

    def click_hex(self, h: int) -> None:
        self.click(self.hex_pos(h))

    def drag_hex(self, a: int, b: int, via: int | None = None) -> None:
        pa = self.hex_pos(a)
        pb = self.hex_pos(b)
        pv = self.app.screen.map.layout.center(via) if via else None
        self.drag_between(pa, pb, pv)

    # -- the sidebar, the menus and dialogs --
    def button(self, label: str) -> None:
        self.app.step([])
        for b in self.battle.buttons:
            if b.label == label:
                self.click(b.rect.center)
                return
        raise AssertionError(f"no button {label!r}: {[b.label for b in self.battle.buttons]}")

    def menu(self, title: str, label: str) -> None:
        """Open menu `title` and click its command `label`."""
        bar = self.app.menubar
        m = next(m for m in bar.menus if m.title == title)
        i = next(i for i, c in enumerate(m.commands) if c.label == label)
        self.click(m.title_rect.center)
        self.click((m.rect.left + 30, m.rect.top + 4 + i * 26 + 13))

    @property
    def dialog(self) -> Any:
        """The dialog on top: the app's own, else the screen's."""
        return top_dialog(self.app)

    def answer(self, label: str = "OK") -> None:
        d = self.dialog
        assert d is not None, "no dialog open"
        b = next((b for b in d.buttons if b.label == label), None)
        assert b is not None, f"{d.title!r} has no {label!r} button"
        self.click(b.rect.center)

    def hand_over(self) -> bool:
        """Dismiss the hot-seat notice (issue 30) with a click, as the player taking over
        does; whether one was showing."""
        d = self.app.dialog
        if d is None or d.title != "Hand Over":
            return False
        self.click(d.rect.center)
        return True

    def dialog_click(self, rect: Any) -> None:
        self.click(rect.center)

    def pick_row(self, i: int) -> None:
        self.click(self.dialog.row_rect(i).center)
