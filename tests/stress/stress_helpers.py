"""Shared by the stress tests: import a tool from tools/, drive the app's menus and dialogs."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def load_tool(name: str):
    """Import tools/<name>.py as a module (tools/ is not a package)."""
    key = f"ogre_tool_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def one_sentence(text: str) -> bool:
    """One sentence for the player: ends with a full stop, no second sentence inside."""
    text = text.strip()
    return bool(text) and text[-1] in ".!?" and not re.search(r"[.!?]\s+[A-Z]", text[:-1])


class Player:
    """Mouse and keys at logical canvas positions, through App.step like a real player."""

    def __init__(self, app) -> None:
        self.app = app
        app.step([])

    def send(self, kind, pos=None, **extra) -> None:
        data = dict(extra)
        if pos is not None:
            data["pos"] = self.app.to_window((int(pos[0]), int(pos[1])))
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            data.setdefault("button", 1)
        if kind == pygame.MOUSEMOTION:
            data.setdefault("rel", (0, 0))
            data.setdefault("buttons", (0, 0, 0))
        self.app.step([pygame.event.Event(kind, data)])

    def click(self, pos) -> None:
        self.send(pygame.MOUSEMOTION, pos)
        self.send(pygame.MOUSEBUTTONDOWN, pos)
        self.send(pygame.MOUSEBUTTONUP, pos)

    def key(self, k: int, unicode: str = "", mod: int = 0) -> None:
        self.app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                          scancode=0)])

    @property
    def dialog(self):
        if self.app.dialog is not None:
            return self.app.dialog
        return getattr(self.app.screen, "dialog", None)

    def menu(self, title: str, label: str) -> None:
        bar = self.app.menubar
        m = next(m for m in bar.menus if m.title == title)
        i = next(i for i, c in enumerate(m.commands) if c.label == label)
        self.click(m.title_rect.center)
        self.click((m.rect.left + 30, m.rect.top + 4 + i * 26 + 13))

    def answer(self, label: str = "OK") -> None:
        d = self.dialog
        assert d is not None, "no dialog open"
        b = next((b for b in d.buttons if b.label == label), None)
        assert b is not None, f"{d.title!r} has no {label!r} button"
        self.click(b.rect.center)

    def pick_row(self, i: int) -> None:
        self.click(self.dialog.row_rect(i).center)

    def type(self, text: str) -> None:
        for ch in text:
            self.key(0, unicode=ch)
