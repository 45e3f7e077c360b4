"""The dialogs on the screen, as a stack (issue 29): one opened over another leaves it beneath,
and when it closes the one beneath comes back by itself. A dialog that has closed (its result
set) is taken off when the next opens, so a dialog whose button opens the next one hands over
its place rather than waiting beneath it.

>>> class D:
...     result = None
>>> stack, a, b = DialogStack(), D(), D()
>>> stack.open(a); stack.open(b); stack.top is b
True
>>> stack.close(b); stack.top is a
True
>>> a.result = object(); stack.open(b); stack.items == [b]
True
"""

from __future__ import annotations

from typing import Any


class DialogStack:
    def __init__(self) -> None:
        self.items: list[Any] = []

    @property
    def top(self) -> Any:
        return self.items[-1] if self.items else None

    def open(self, dialog: Any) -> None:
        """Show `dialog` on top; one already in the stack is brought up, not shown twice."""
        while self.items and self.items[-1].result is not None:
            self.items.pop()                 # closed: its place goes to what it opened
        if dialog in self.items:
            self.items.remove(dialog)
        self.items.append(dialog)

    def close(self, dialog: Any = None) -> None:
        """Take `dialog` (the top one by default) off the stack."""
        if dialog is None:
            if self.items:
                self.items.pop()
        elif dialog in self.items:
            self.items.remove(dialog)
