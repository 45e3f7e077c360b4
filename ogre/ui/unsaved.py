"""Nothing lost without asking (G6): a battle that moved on since it was saved, loaded or
started asks Save / Don't Save / Cancel before a command (Quit, Load a Game, Play a Game with a
new Ogre, Load a Field) would lose it, in the manual's words."""

from __future__ import annotations

from collections.abc import Callable

from ogre.rules.state import GameState

from .widgets import Dialog

# G6: "If a battle is in progress when another game is loaded, the current game will be lost
# unless it is saved first."
LOST = "The current game will be lost unless it is saved first."
BUTTONS = ("Save", "Don't Save", "Cancel")


class Unsaved:
    """Remembers the battle state at its last save or load (or its start) and asks before a
    command loses a battle that moved on from it."""

    def __init__(self, app, save: Callable[[Callable[[], None]], None]) -> None:
        self.app = app
        self.save = save            # save(then): the Save a Game flow, then `then` once saved
        # None: the battle's own start_state (a battle the app was opened on)
        self.safe_state: GameState | None = None

    def kept(self, state: GameState) -> None:
        """The battle is safe at `state`: just saved, loaded or started, or let go."""
        self.safe_state = state

    def at_risk(self) -> bool:
        """A battle in progress that moved on since it was saved, loaded or started. One that
        is over has nothing left to lose; an Undo back to the saved position is not a change."""
        b = self.app.battle
        if b is None or b.state.over:
            return False
        return b.state != (self.safe_state if self.safe_state is not None else b.start_state)

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

        def answered(button: str) -> None:
            if button == "Save":
                self.save(go_on)
            elif button == "Don't Save":
                self.kept(a.battle.state)        # the player let it go: asked once, not again
                go_on()
            elif on_cancel is not None:
                on_cancel()
        a.dialog = Question(title, LOST, BUTTONS, answered)


class Question(Dialog):
    """The Save / Don't Save / Cancel question (Enter: Save, Esc: Cancel)."""
