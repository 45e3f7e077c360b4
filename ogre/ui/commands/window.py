"""What the menus' commands use of the window that holds them (issue 29): a small typed
interface, so that the commands never import the App - the App has all of it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ogre.rules import Field, GameState
    from ogre.storage.preferences import Preferences
    from ogre.ui.commands.aftermath import Aftermath
    from ogre.ui.commands.network_play import NetworkSide
    from ogre.ui.overlays.advice_view import AdviceView
    from ogre.ui.overlays.rules_window import RulesWindow
    from ogre.ui.scenes.battle import Battle
    from ogre.ui.scenes.editor import Editor
    from ogre.ui.toolkit.menus import MenuBar
    from ogre.ui.toolkit.widgets import Dialog


class Window(Protocol):
    dialog: Dialog | None
    prefs: Preferences
    running: bool
    seed: int
    network: NetworkSide | None

    @property
    def battle(self) -> Battle | None: ...
    @property
    def editor(self) -> Editor | None: ...
    @property
    def screen(self) -> object: ...
    @property
    def menubar(self) -> MenuBar: ...
    @property
    def advice(self) -> AdviceView: ...
    @property
    def aftermath(self) -> Aftermath: ...
    @property
    def rules(self) -> RulesWindow: ...
    @property
    def prefs_folder(self) -> Path | None: ...

    def show(self, title: str, message: str) -> None: ...
    def touch(self) -> None: ...
    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]: ...
    def open_editor(self, field: Field, ogre_hex: int = 0, mark: int = 3,
                    scenario: str = "") -> None: ...
    def set_prefs(self, prefs: Preferences) -> None: ...
    def start_tutorial(self) -> None: ...
    def start_battle(self, state: GameState, computer: str | None = None,
                     log: Iterable[str] = (), start: GameState | None = None,
                     advice_asked: int = 0, told: Iterable[int] = ()) -> None: ...
