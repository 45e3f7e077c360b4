"""Battles kept and looked back on (G6, X3): Save a Game and Load a Game in the five slots,
Export the Log, and the replay of an exported log."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from ogre.storage.atomic import write_text_atomic
from ogre.storage.battlelog import read_log
from ogre.storage.errors import StorageError
from ogre.storage.games import GameStore
from ogre.storage.paths import user_data_folder
from ogre.ui.commands.recovery import continue_game
from ogre.ui.dialogs.exported_log import ExportedLog
from ogre.ui.dialogs.unsaved import Unsaved
from ogre.ui.toolkit.choices import ListDialog


class Commands(Protocol):
    """What the battle files use of the menus' commands (issue 29: a small typed interface,
    so this module and the menus do not name each other)."""

    @property
    def app(self) -> Any: ...
    @property
    def unsaved(self) -> Unsaved: ...
    def pick_slot_to_write(self, title: str, question: str, slots: Any, replace_words: str,
                           then: Callable[[int], None]) -> None: ...


def slot_line(slot) -> str:
    """A slot as the dialogs list it; an unreadable one says why."""
    return f"{slot.slot}. {slot.reason}" if slot.reason else slot.summary


def logs_folder():
    return user_data_folder() / "logs"


def save_game(commands: Commands, then=None) -> None:
    """Save a Game (G6); `then` runs once the battle is saved (a command that asked first)."""
    a = commands.app
    store = GameStore.default()
    slots = store.list_slots()

    def write(slot):
        state, asking = a.battle.state, a.dialog       # asking: the dialog closing now
        try:
            a.battle.match.save_to(store, slot, a.prefs.skill)
        except StorageError as exc:
            a.show("Save a Game", exc.message)
            return
        commands.unsaved.kept(state)
        if then is None:
            a.show("Save a Game", f"The battle is saved in game {slot}.")
            return
        then()
        if a.running and a.dialog is asking:    # not quitting, and no dialog of its own
            # past tense: the battle on the screen now may be another one
            a.show("Save a Game", f"The battle you left was saved in game {slot}.")

    commands.pick_slot_to_write("Save a Game", "Save this battle in which game?", slots,
                             "Replace saved game {}?", write)


def load_game(commands: Commands) -> None:
    a = commands.app
    store = GameStore.default()
    slots = store.list_slots()
    rows = [(slot_line(s), s.status.name == "OK")
            for s in slots]

    def read(slot):
        try:
            saved = store.load(slot)
        except StorageError as exc:
            a.show("Load a Game", exc.message)
            return
        continue_game(a, saved)
        commands.unsaved.kept(saved.state)    # loaded: safe as it stands

    def chosen(i: int | None) -> None:
        if i is None:
            return
        commands.unsaved.ask_first("Load a Game", lambda: read(slots[i].slot))
    a.dialog = ListDialog("Load a Game", "Load which saved game?", rows, chosen)


def export_log(commands: Commands) -> None:
    a = commands.app
    b = a.battle
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = logs_folder() / f"battle-{stamp}.txt"
    try:
        write_text_atomic(path, b.match.log_text())
    except StorageError as exc:
        a.show("Export the Log", exc.message)
        return
    a.dialog = ExportedLog(path)     # the replay command on a line of its own, and Copy
    a.touch()


def open_replay(commands: Commands, path) -> None:
    a = commands.app
    try:
        start, steps = read_log(path)
    except StorageError as exc:
        a.show("Replay", exc.message)
        return
    from ogre.ui.scenes.replay import ReplayScreen
    a.screen = ReplayScreen(start, steps, path.name)
    a.touch()
