"""The Rules window (X7): the rules at hand beside the battle or the editor, opened and closed
by F1 or OSI > Rules.

It pauses nothing and blocks nothing: the battle and the computer's turn go on under it, and a
click outside it reaches the game. A modal dialog comes first: the window steps aside while one
is open. Its pages are rules_pages.py's.
"""

from __future__ import annotations

import pygame

from ogre.ui.dialogs.rules_pages import Page, Table, pages
from ogre.ui.toolkit import ink, keymap, theme

WIDTH = 560
TITLE_H = 30
TAB_H = 26
PAGE_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
             pygame.K_8, pygame.K_9)
SIZES = (17, 16, 15, 14)          # the body's text shrinks to fit a short window


class RulesWindow:
    def __init__(self) -> None:
        self.open = False
        self.page = 0
        self.pages: tuple[Page, ...] = pages()
        self.rect = pygame.Rect(0, 0, WIDTH, 100)
        self.drawn_boxes: list[pygame.Rect] = []     # where the last draw put its words

    def place(self, canvas_size: tuple[int, int]) -> None:
        """At the canvas's right edge, under the menu bar: the sidebar and most of the map
        stay in view."""
        w, h = canvas_size
        self.rect = pygame.Rect(w - WIDTH - 6, theme.MENU_H + 6, WIDTH, h - theme.MENU_H - 12)

    def toggle(self) -> None:
        self.open = not self.open

    # -- geometry
    def close_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.right - 96, self.rect.top + 4, 90, TITLE_H - 6)

    def title_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 10, self.rect.top + 3,
                           self.rect.width - 116, TITLE_H - 4)

    def tab_rects(self) -> list[pygame.Rect]:
        n = len(self.pages)
        width = (self.rect.width - 12) // n
        top = self.rect.top + TITLE_H + 2
        return [pygame.Rect(self.rect.left + 6 + i * width, top, width - 2, TAB_H)
                for i in range(n)]

    def body_rect(self) -> pygame.Rect:
        top = self.rect.top + TITLE_H + TAB_H + 10
        return pygame.Rect(self.rect.left + 10, top, self.rect.width - 20,
                           self.rect.bottom - top - 8)

    # -- input
    def handle_key(self, event: pygame.event.Event) -> bool:
        """F1 opens and closes it; while it is open, 1 to 9 turn its pages."""
        if keymap.command(event) == "rules":
            self.toggle()
            return True
        if self.open and event.key in PAGE_KEYS[:len(self.pages)]:
            self.page = PAGE_KEYS.index(event.key)
            return True
        return False

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        """A click on it is its own (a tab, Close); anything else passes to the game."""
        if not self.open or not self.rect.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.close_rect().collidepoint(event.pos):
                self.open = False
            for i, tab in enumerate(self.tab_rects()):
                if tab.collidepoint(event.pos):
                    self.page = i
        return True

    # -- drawing
    def draw(self, surface: ink.Target) -> None:
        self.drawn_boxes = []
        page = self.pages[self.page]
        ink.rect(surface, theme.PANEL, self.rect, border_radius=8)
        ink.rect(surface, theme.ACCENT, self.rect, 2, border_radius=8)
        self._words(surface, f"Rules: {page.title}", self.title_rect(), 20, theme.ACCENT,
                    bold=True, middle=True)
        close = self.close_rect()
        ink.rect(surface, theme.BUTTON, close, border_radius=5)
        self._words(surface, "Close F1", close.inflate(-8, -2), 16, center=True)
        for i, (tab, p) in enumerate(zip(self.tab_rects(), self.pages)):
            on = i == self.page
            ink.rect(surface, theme.BUTTON_HOT if on else theme.BUTTON_DIM, tab,
                             border_radius=4)
            self._words(surface, f"{i + 1} {p.tab}", tab.inflate(-4, -2), 15,
                        theme.ACCENT if on else theme.TEXT, center=True)
        self._body(surface, page)

    def _words(self, surface: ink.Target, words: str, box: pygame.Rect, size: int,
               colour: tuple[int, int, int] = theme.TEXT, **how: bool) -> None:
        self.drawn_boxes.append(box)
        theme.draw_in_box(surface, words, box, size, colour, smallest=12, **how)

    def _body(self, surface: ink.Target, page: Page) -> None:
        body = self.body_rect()
        size = next((s for s in SIZES if _height(page, body.width, s) <= body.height), SIZES[-1])
        y = body.top
        for block in page.blocks:
            if isinstance(block, Table):
                y = self._table(surface, block, body.left, y, body.width, size)
            else:
                tall = theme.paragraphs_height([theme.Para(block, size)], body.width)
                box = pygame.Rect(body.left, y, body.width, min(tall, body.bottom - y))
                if box.height > 0:
                    self._words(surface, block, box, size)
                y += tall + 6

    def _table(self, surface: ink.Target, table: Table, left: int, y: int, width: int,
               size: int) -> int:
        widths = _columns(table, width)
        for n, row in enumerate((table.header, *table.rows)):
            tall = _row_height(row, widths, size)
            if y + tall > self.body_rect().bottom:
                break                       # no room: the rest would fall outside the window
            if n % 2 == 0:
                ink.rect(surface, theme.BG, (left, y, width, tall))
            x = left
            for cell, w in zip(row, widths):
                box = pygame.Rect(x + 3, y + 2, w - 6, tall - 4)
                self._words(surface, cell, box, size, theme.ACCENT if n == 0 else theme.TEXT,
                            bold=n == 0)
                x += w
            y += tall
        return y + 6


def _columns(table: Table, width: int) -> list[int]:
    """The first column names the row; the others share what is left."""
    n = len(table.header)
    first = int(width * (0.3 if n == 2 else 0.34 if n > 3 else 0.5))
    rest = (width - first) // max(1, n - 1)
    return [first] + [rest] * (n - 1)


def _row_height(row: tuple[str, ...], widths: list[int], size: int) -> int:
    return max(theme.paragraphs_height([theme.Para(cell or " ", size)], w - 6)
               for cell, w in zip(row, widths)) + 4


def _height(page: Page, width: int, size: int) -> int:
    """How tall the page's body is at this text size."""
    total = 0
    for block in page.blocks:
        if isinstance(block, Table):
            widths = _columns(block, width)
            total += sum(_row_height(r, widths, size) for r in (block.header, *block.rows)) + 6
        else:
            total += theme.paragraphs_height([theme.Para(block, size)], width) + 6
    return total
