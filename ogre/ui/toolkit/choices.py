"""Dialogs that pick something: a slot from a list, options in groups, a typed name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.widgets import OK_CANCEL, Answer, Dialog

ROW_H = 30
ROW_SMALL = 16          # the size of a row's words too long for one line
LIST_W = 560

C = TypeVar("C")


def picked(answer: Answer, choice: C) -> C | None:
    """What a picking dialog gives its on_close: the choice on OK, None on Cancel."""
    return choice if answer is Answer.OK else None


class ListDialog(Dialog[Answer]):
    """Pick one row (e.g. a save slot); unusable rows are dimmed. on_close(index), or
    on_close(None) when cancelled. A row too long for one line (a field's description, an
    unreadable slot's reason) is as tall as its words need."""

    def __init__(self, title: str, message: str, rows: list[tuple[str, bool]],
                 on_close: Callable[[int | None], object]) -> None:
        self.rows = rows
        self.selected = next((i for i, (_, on) in enumerate(rows) if on), -1)
        self.heights = _row_heights([words for words, _ in rows], LIST_W - 44, message)
        super().__init__(title, message, OK_CANCEL,
                         lambda a: on_close(picked(a, self.selected) if self.selected >= 0
                                            else None), width=LIST_W,
                         body_height=sum(self.heights))

    def _enabled_for(self, value: Answer):
        return (lambda: self.selected >= 0) if value is Answer.OK else (lambda: True)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 16, self.body_top + sum(self.heights[:i]),
                           self.rect.width - 32, self.heights[i] - 3)

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, (_, on) in enumerate(self.rows):
                if on and self.row_rect(i).collidepoint(event.pos):
                    self.selected = i

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.rows:
            step = -1 if event.key == pygame.K_UP else 1
            i = self.selected
            for _ in range(len(self.rows)):
                i = (i + step) % len(self.rows)
                if self.rows[i][1]:          # only a usable row can be chosen (never a dimmed,
                    self.selected = i        # unreadable slot, even when no row is usable)
                    break
            return True
        return super().handle_event(event)

    def draw_body(self, surface: ink.Target) -> None:
        for i, (words, on) in enumerate(self.rows):
            r = self.row_rect(i)
            if i == self.selected:
                ink.rect(surface, theme.BUTTON_HOT, r, border_radius=4)
            size, _ = row_lines(words, r.width - 12)
            theme.draw_in_box(surface, words, pygame.Rect(r.left + 8, r.top + 2, r.width - 12,
                                                         r.height - 4), size,
                              theme.TEXT if on else theme.TEXT_DIM, smallest=11, middle=True)


def row_lines(words: str, width: int) -> tuple[int, list[str]]:
    """A row's text whole: one line at the normal size, else smaller lines, as many as it
    takes (never cut off)."""
    for size in (20, 18):
        lines = theme.wrap(words, size, width)
        if len(lines) == 1:
            return size, lines
    return ROW_SMALL, theme.wrap(words, ROW_SMALL, width)


def _row_heights(rows: list[str], width: int, message: str) -> list[int]:
    """Each row as tall as its lines; when the rows would not fit the canvas, the one-line
    rows keep the plain height and the taller ones share what is left, their words shrinking
    inside them."""
    heights = []
    for words in rows:
        size, lines = row_lines(words, width)
        heights.append(ROW_H if len(lines) == 1 else max(ROW_H, size * len(lines) + 7))
    message_lines = len(theme.wrap(message, 22, LIST_W - 40)) if message else 0
    room = theme.LOGICAL_SIZE[1] - 16 - 126 - 22 * message_lines
    if sum(heights) <= room:
        return heights
    tall = sum(1 for h in heights if h > ROW_H)
    share = max(ROW_H, (room - ROW_H * (len(rows) - tall)) // max(tall, 1))
    return [min(h, share) for h in heights]


class OptionsDialog(Dialog[Answer]):
    """Groups of mutually exclusive options (radio buttons). on_close(choices): the option
    chosen in each group, or None when cancelled.
    The last `inline` groups (a level: Low, Med, Hi) lay their options along one row beside
    their name."""

    def __init__(self, title: str, message: str,
                 groups: list[tuple[str, list[tuple[str, bool]]]],
                 on_close: Callable[[list[int] | None], object],
                 chosen: list[int] | None = None, inline: int = 0, width: int = 540) -> None:
        self.groups = groups
        self.inline = inline
        self.chosen = chosen or [next(i for i, (_, on) in enumerate(opts) if on)
                                 for _, opts in groups]
        rows = sum(1 if self._inline(g) else 1 + len(opts) for g, (_, opts) in enumerate(groups))
        super().__init__(title, message, OK_CANCEL,
                         lambda a: on_close(picked(a, list(self.chosen))), width=width,
                         body_height=rows * ROW_H)

    def _inline(self, g: int) -> bool:
        return g >= len(self.groups) - self.inline

    def usable(self, g: int, i: int) -> bool:
        """Can option i of group g be chosen now (a subclass may dim it by the other choices)?"""
        return self.groups[g][1][i][1]

    def choose(self, g: int, i: int) -> None:
        self.chosen[g] = i

    def option_rects(self):
        y = self.body_top
        for g, (_, opts) in enumerate(self.groups):
            if self._inline(g):
                yield g, -1, pygame.Rect(self.rect.left + 20, y, 220, ROW_H)
                w = (self.rect.width - 260) // len(opts)
                for i in range(len(opts)):
                    yield g, i, pygame.Rect(self.rect.left + 240 + i * w, y + 2, w - 4, ROW_H - 4)
                y += ROW_H
                continue
            yield g, -1, pygame.Rect(self.rect.left + 20, y, 300, ROW_H)
            y += ROW_H
            for i in range(len(opts)):
                yield g, i, pygame.Rect(self.rect.left + 40, y, self.rect.width - 60, ROW_H - 4)
                y += ROW_H

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for g, i, r in self.option_rects():
                if i >= 0 and r.collidepoint(event.pos) and self.usable(g, i):
                    self.choose(g, i)

    def draw_body(self, surface: ink.Target) -> None:
        for g, i, r in self.option_rects():
            name, opts = self.groups[g]
            if i < 0:
                theme.draw_in_box(surface, name, r, 21, theme.TEXT_DIM, bold=True, middle=True,
                                  smallest=15)
                continue
            words, on = opts[i][0], self.usable(g, i)
            mark = (r.left + 10, r.centery)
            ink.circle(surface, theme.TEXT if on else theme.TEXT_DIM, mark, 8, 2)
            if self.chosen[g] == i:
                ink.circle(surface, theme.ACCENT if on else theme.TEXT_DIM, mark, 5)
            theme.draw_in_box(surface, words, pygame.Rect(r.left + 28, r.top, r.width - 28,
                                                         r.height), 22,
                              theme.TEXT if on else theme.TEXT_DIM, smallest=15, middle=True)


class NameDialog(Dialog[Answer]):
    """Type a short name (a saved field's). on_close(name), stripped, or None when
    cancelled."""

    LIMIT = 32

    def __init__(self, title: str, message: str, initial: str,
                 on_close: Callable[[str | None], object], optional: bool = False) -> None:
        self.name = initial[: self.LIMIT]
        self.optional = optional            # OK with nothing typed (a name one may leave out)
        super().__init__(title, message, OK_CANCEL,
                         lambda a: on_close(picked(a, self.name.strip())), body_height=40)

    def _enabled_for(self, value: Answer):
        if value is not Answer.OK or self.optional:
            return lambda: True
        return lambda: bool(self.name.strip())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.name = self.name[:-1]
            return True
        if (event.type == pygame.KEYDOWN and bool(getattr(event, "unicode", ""))
                and event.unicode.isprintable()
                and event.key not in (pygame.K_RETURN, pygame.K_ESCAPE)):
            if len(self.name) < self.LIMIT:
                self.name += event.unicode
            return True
        return super().handle_event(event)

    def draw_body(self, surface: ink.Target) -> None:
        r = pygame.Rect(self.rect.left + 20, self.body_top, self.rect.width - 40, 32)
        ink.rect(surface, theme.BG, r, border_radius=4)
        ink.rect(surface, theme.ACCENT, r, 1, border_radius=4)
        theme.text(surface, typed_tail(self.name + "_", 22, r.width - 16), (r.left + 8, r.top + 7),
                   22)


def typed_tail(words: str, size: int, width: int) -> str:
    """What a one-line field shows of what was typed: the end, where the caret is, led by
    an ellipsis when the start has scrolled out."""
    f = theme.font(size)
    if f.size(words)[0] <= width:
        return words
    while len(words) > 1 and f.size(theme.ELLIPSIS + words)[0] > width:
        words = words[1:]
    return theme.ELLIPSIS + words
