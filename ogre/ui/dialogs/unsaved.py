"""Nothing lost without asking (G6): a battle that moved on since it was saved, loaded or
started asks Save / Don't Save / Cancel before a command (Quit, Load a Game, Play a Game with a
new Ogre, Load a Field) would lose it, in the manual's words."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from ogre.rules.state import GameState
from ogre.ui.toolkit.widgets import Dialog

# G6: "If a battle is in progress when another game is loaded, the current game will be lost
# unless it is saved first."
LOST = "The current game will be lost unless it is saved first."


class SaveFirst(Enum):
    """What the question's buttons give (the Field Editor's own question about its edits
    too, G5)."""
    SAVE = "save"
    DONT_SAVE = "don't save"
    CANCEL = "cancel"


SAVE_FIRST = (("Save", SaveFirst.SAVE), ("Don't Save", SaveFirst.DONT_SAVE),
           ("Cancel", SaveFirst.CANCEL))


class Unsaved:
    """Asks before a command loses a battle that moved on since it was saved, loaded or
    started (the battle's Match keeps that position)."""

    def __init__(self, app, save: Callable[[Callable[[], None]], None]) -> None:
        self.app = app
        self.save = save            # save(then): the Save a Game flow, then `then` once saved

    def kept(self, state: GameState) -> None:
        """The battle on the screen is safe at `state`: just saved or loaded."""
        b = self.app.battle
        if b is not None:
            b.match.kept(state)

    def at_risk(self) -> bool:
        """A battle in progress that moved on since it was saved, loaded or started. One that
        is over has nothing left to lose; an Undo back to the saved position is not a change."""
        b = self.app.battle
        return b is not None and b.match.at_risk()

    def asking(self) -> bool:
        return isinstance(self.app.dialog, Question)

    def ask_first(self, title: str, go_on: Callable[[], None],
                  on_cancel: Callable[[], None] | None = None) -> None:
        """Go on at once when nothing would be lost; else ask. Save runs the Save a Game flow,
        which goes on once the battle is saved; Don't Save goes on; Cancel stops."""
        a = self.app
        if not self.at_risk():
            go_on()
            return

        def answered(answer: SaveFirst) -> None:
            if answer is SaveFirst.SAVE:
                self.save(go_on)
            elif answer is SaveFirst.DONT_SAVE:
                a.battle.match.give_up()         # let go: asked once, and its Ogre not kept
                go_on()
            elif on_cancel is not None:
                on_cancel()
        a.dialog = Question(title, LOST, SAVE_FIRST, answered)


class Question(Dialog[SaveFirst]):
    """The Save / Don't Save / Cancel question (Enter: Save, Esc: Cancel)."""
