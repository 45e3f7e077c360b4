"""The battle's end (issue 29: a dialog known by its type, whose buttons give values): its
result in words, OK, and what the aftermath offers beside it - the report (X9) and, but over
a network, a new battle at once (issue 30)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum

from ogre.ui.toolkit.widgets import Dialog

NEW_BATTLE = "New Battle"       # the button, and the title of the dialog it opens


class Ended(Enum):
    """What the battle-over dialog's buttons give."""
    OK = "ok"
    REPORT = "report"
    NEW_BATTLE = "new battle"


LABELS = {Ended.OK: "OK", Ended.REPORT: "Report", Ended.NEW_BATTLE: NEW_BATTLE}


class BattleOver(Dialog[Ended]):
    """The battle's end and its result; OK first, then the buttons `offers` adds."""

    TITLE = "The Battle Is Over"

    def __init__(self, message: str, offers: Iterable[Ended] = (),
                 on_close: Callable[[Ended], object] | None = None) -> None:
        buttons = [(LABELS[v], v) for v in (Ended.OK, *offers)]
        super().__init__(self.TITLE, message, buttons, on_close)
