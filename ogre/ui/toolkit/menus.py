"""The two pull-down menus of the 1986 game, 'Menu' and 'OSI' (S3).

Press on a title and drag to a command, releasing on it (the manual's way); or
click the title and then click a command (today's way). Commands that cannot be
used now are dimmed and do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ogre.ui.toolkit import ink, theme

ITEM_H = 26


@dataclass
class Command:
    label: str
    run: Callable[[], None]
    enabled: Callable[[], bool] = lambda: True
    key: str = ""          # the keyboard shortcut shown beside it


class Menu:
    def __init__(self, title: str, commands: list[Command], title_rect: pygame.Rect,
                 bar_width: int) -> None:
        self.title = title
        self.commands = commands
        self.title_rect = title_rect
        width = 250
        self.rect = pygame.Rect(0, title_rect.bottom, width, ITEM_H * len(commands) + 8)
        self.rect.right = min(title_rect.left + width, bar_width - 2)

    def item_at(self, pos) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        i = (pos[1] - self.rect.top - 4) // ITEM_H
        return i if 0 <= i < len(self.commands) else -1


class MenuBar:
    def __init__(self, menus: list[tuple[str, list[Command]]],
                 width: int = theme.LOGICAL_SIZE[0]) -> None:
        self.menus: list[Menu] = []
        self.open: Menu | None = None
        self.width = 0
        self.place(width, menus)
        self.hot = -1
        self.pressed = False       # True while the button is held after opening (drag-to-choose)
        self.moved = False

    def place(self, width: int, menus: list[tuple[str, list[Command]]] | None = None) -> None:
        """Lay the titles out at the upper right of a canvas `width` wide (the window's)."""
        if width == self.width and menus is None:
            return
        opened = self.menus.index(self.open) if self.open in self.menus else -1
        menus = menus if menus is not None else [(m.title, m.commands) for m in self.menus]
        self.width, self.menus = width, []
        x = width - 8
        for title, commands in reversed(menus):      # the titles sit at the upper right
            w = theme.font(22, True).size(title)[0] + 24
            x -= w
            self.menus.insert(0, Menu(title, commands, pygame.Rect(x, 0, w, theme.MENU_H),
                                      width))
        if opened >= 0:
            self.open = self.menus[opened]

    @property
    def active(self) -> bool:
        return self.open is not None

    def title_at(self, pos) -> Menu | None:
        for m in self.menus:
            if m.title_rect.collidepoint(pos):
                return m
        return None

    def close(self) -> None:
        self.open, self.hot, self.pressed, self.moved = None, -1, False, False

    def open_menu(self, menu: Menu) -> None:
        self.open, self.hot, self.pressed, self.moved = menu, -1, False, False

    def choose(self, index: int) -> None:
        menu = self.open
        self.close()
        if menu is not None and 0 <= index < len(menu.commands):
            cmd = menu.commands[index]
            if cmd.enabled():
                cmd.run()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event belonged to the menus."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            menu = self.title_at(event.pos)
            if menu is not None:
                if self.open is menu:
                    self.close()
                else:
                    self.open_menu(menu)
                    self.pressed = True
                return True
            if self.open is not None:
                i = self.open.item_at(event.pos)
                if i < 0:
                    self.close()        # a click elsewhere closes the menu and is used up
                else:
                    self.hot, self.pressed = i, True
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self.open is not None:
            other = self.title_at(event.pos)
            if other is not None and other is not self.open and self.pressed:
                self.open = other
            self.hot = self.open.item_at(event.pos)
            if self.hot >= 0:
                self.moved = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.open is not None:
            i = self.open.item_at(event.pos)
            if i >= 0:
                self.choose(i)
            elif self.title_at(event.pos) is None or self.moved:
                self.close()            # released off the menu: nothing is chosen
            self.pressed = False
            return True
        if event.type == pygame.KEYDOWN and self.open is not None:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        menu = self.open
        assert menu is not None                      # keys come here only with a menu open
        n = len(menu.commands)
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_DOWN:
            self.hot = (self.hot + 1) % n
        elif event.key == pygame.K_UP:
            self.hot = (self.hot - 1) % n
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.menus.index(menu) + (1 if event.key == pygame.K_RIGHT else -1)
            self.open_menu(self.menus[i % len(self.menus)])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.hot)
        return True

    def draw(self, surface: ink.Target) -> None:
        ink.rect(surface, theme.PANEL, (0, 0, self.width, theme.MENU_H))
        ink.line(surface, theme.PANEL_EDGE, (0, theme.MENU_H - 1), (self.width, theme.MENU_H - 1))
        for m in self.menus:
            if m is self.open:
                ink.rect(surface, theme.ACCENT, m.title_rect)
            colour = theme.BG if m is self.open else theme.TEXT
            theme.text(surface, m.title, m.title_rect.center, 22, colour, bold=True, center=True)
        if self.open is not None:
            self._draw_items(surface, self.open)

    def _draw_items(self, surface: ink.Target, menu: Menu) -> None:
        ink.rect(surface, theme.PANEL, menu.rect)
        ink.rect(surface, theme.ACCENT, menu.rect, 1)
        for i, cmd in enumerate(menu.commands):
            r = pygame.Rect(menu.rect.left + 2, menu.rect.top + 4 + i * ITEM_H,
                            menu.rect.width - 4, ITEM_H)
            on = cmd.enabled()
            if i == self.hot and on:
                ink.rect(surface, theme.ACCENT, r)
            colour = (theme.BG if i == self.hot else theme.TEXT) if on else theme.TEXT_DIM
            theme.text(surface, cmd.label, (r.left + 12, r.top + 5), 21, colour)
            if cmd.key:
                theme.text(surface, cmd.key, (r.right - 60, r.top + 6), 18, colour)
