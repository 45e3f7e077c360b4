"""Small hand-written widgets: each has handle_event(event) -> bool and draw(surface)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from functools import partial
from typing import Generic, TypeVar

import pygame

from ogre.ui.toolkit import ink, keymap, theme


class Button:
    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], object],
                 enabled: Callable[[], bool] = lambda: True, key: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.key = key            # shortcut letter shown in the corner
        self.hot = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hot = self.rect.collidepoint(event.pos)
            return False
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.rect.collidepoint(event.pos)):
            if self.enabled():
                self.on_click()
            return True   # a dimmed button swallows the click quietly
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.rect.collidepoint(event.pos)):
            return True
        return False

    def draw(self, surface: ink.Target) -> None:
        on = self.enabled()
        colour = (theme.BUTTON_HOT if self.hot else theme.BUTTON) if on else theme.BUTTON_DIM
        ink.rect(surface, colour, self.rect, border_radius=6)
        ink.rect(surface, theme.PANEL_EDGE if on else theme.BUTTON_DIM, self.rect, 1,
                         border_radius=6)
        theme.draw_in_box(surface, self.label, self.rect.inflate(-10, -4), 22,
                          theme.TEXT if on else theme.TEXT_DIM, bold=on, center=True)
        if self.key and on:
            theme.text(surface, self.key, (self.rect.right - 12, self.rect.top + 3), 15,
                       theme.TEXT_DIM)


class Answer(Enum):
    """What the plain dialogs' buttons give (issue 29: a dialog's result is a value, never the
    words on its button)."""
    OK = "ok"
    CANCEL = "cancel"


# (label, value): the words the player reads, and what the button gives
OK_ONLY: tuple[tuple[str, Answer], ...] = (("OK", Answer.OK),)
OK_CANCEL: tuple[tuple[str, Answer], ...] = (("OK", Answer.OK), ("Cancel", Answer.CANCEL))

V = TypeVar("V")


def when_ok(then: Callable[[], object]) -> Callable[[Answer], None]:
    """A dialog's on_close that does `then` when the player pressed OK."""
    def on_close(answer: Answer) -> None:
        if answer is Answer.OK:
            then()
    return on_close


class Dialog(Generic[V]):
    """A modal box: a title, wrapped text, optional body widgets, and buttons along the bottom.

    `buttons` are (label, value) pairs: the label is what the player reads, the value (an
    Enum member: `Answer`, or the dialog's own) is what pressing it gives. `result` is the
    value of the button that closed it; `on_close(value)` is called once. Enter presses the
    first button, Esc the last (Cancel) one. A dialog that picks something (a row, options,
    a name, weapons) gives the thing picked to its own on_close, None when cancelled.
    """

    WIDTH = 460

    def __init__(self, title: str, message: str,
                 buttons: Sequence[tuple[str, V]] = OK_ONLY,     # type: ignore[assignment]
                 on_close: Callable[[V], object] | None = None, width: int = WIDTH,
                 body_height: int = 0) -> None:
        self.title = title
        self.message = message
        self.on_close = on_close
        self.result: V | None = None
        self.answers = [value for _, value in buttons]     # what self.buttons give, in order
        self.lines = _message_lines(message, width - 40, body_height)
        height = 70 + 22 * len(self.lines) + body_height + 56
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = dialog_centre(theme.LOGICAL_SIZE)   # the App centres it on its canvas
        self.body_top = self.rect.top + 50 + 22 * len(self.lines)
        bw, gap = 110, 14
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = self.rect.centerx - total // 2
        self.buttons = []
        for label, value in buttons:
            r = pygame.Rect(x, self.rect.bottom - 46, bw, 34)
            self.buttons.append(Button(r, label, partial(self.close, value),
                                       self._enabled_for(value)))
            x += bw + gap

    def centre_on(self, canvas_size: tuple[int, int]) -> None:
        """Sit over the middle of the map area of a canvas this size (it follows the window's
        height); the body's widgets are placed from rect and body_top, so they move along."""
        x, y = dialog_centre(canvas_size)
        dx, dy = x - self.rect.centerx, y - self.rect.centery
        if dx or dy:
            self.rect.move_ip(dx, dy)
            self.body_top += dy
            for b in self.buttons:
                b.rect.move_ip(dx, dy)

    def _enabled_for(self, value: V) -> Callable[[], bool]:
        return lambda: True

    def close(self, value: V) -> None:
        if self.result is None:
            self.result = value
            if self.on_close:
                self.on_close(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every mouse event is the dialog's while it is open; keys it does not use are
        not."""
        if event.type == pygame.KEYDOWN:
            if keymap.command(event) == "ok":
                if self.buttons[0].enabled():
                    self.close(self.answers[0])
                return True
            if keymap.command(event) == "cancel":
                self.close(self.answers[-1])
                return True
            return False     # other keys may move the keyboard pointer
        for b in self.buttons:
            if b.handle_event(event):
                return True
        self.handle_body(event)
        return True

    def handle_body(self, event: pygame.event.Event) -> None:
        pass

    def draw(self, surface: ink.Target) -> None:
        shade(surface)
        ink.rect(surface, theme.PANEL, self.rect, border_radius=10)
        ink.rect(surface, theme.ACCENT, self.rect, 2, border_radius=10)
        title = pygame.Rect(self.rect.left + 12, self.rect.top + 8, self.rect.width - 24, 30)
        theme.draw_in_box(surface, self.title, title, 26, theme.ACCENT, bold=True, center=True,
                          smallest=18)
        y = self.rect.top + 46
        for line in self.lines:
            theme.text(surface, line, (self.rect.left + 20, y), 22)
            y += 22
        self.draw_body(surface)
        for b in self.buttons:
            b.draw(surface)

    def draw_body(self, surface: ink.Target) -> None:
        pass


def _message_lines(message: str, width: int, body_height: int) -> list[str]:
    """The message wrapped to the dialog's width (a path breaks inside itself). The box
    grows with its lines up to the canvas' height; a message longer than that shows what
    fits, its last line ending in an ellipsis."""
    if not message:
        return []
    lines = theme.wrap(message, 22, width)
    room = max(1, (theme.LOGICAL_SIZE[1] - 16 - 126 - body_height) // 22)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = theme.clip(lines[-1] + theme.ELLIPSIS, 22, width)
    return lines


def dialog_centre(canvas_size: tuple[int, int]) -> tuple[int, int]:
    """Where dialogs centre: the middle of the map area, half way down the canvas."""
    w, h = canvas_size
    return theme.SIDEBAR_W + (w - theme.SIDEBAR_W) // 2, h // 2


def route_to_dialog(owner, event: pygame.event.Event) -> bool:
    """Give `owner.dialog` the event; forget the dialog once it closes (its callback may have
    opened the next one). Returns what the dialog's handle_event returned."""
    d = owner.dialog
    used = d.handle_event(event)
    if d.result is not None and owner.dialog is d:
        owner.dialog = None
    return used


def shade(surface: ink.Target) -> None:
    """The screen behind a dialog dimmed, as under a black veil of alpha 110: multiplied in
    place, which costs a fraction of blending a veil the size of a 4K screen."""
    keep = 255 - 110
    ink.fill(surface, (keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
