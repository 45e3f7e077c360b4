"""After the battle (X9): the record of battles kept, the report offered, and the menu
commands Battle Report (this battle, a saved game or an exported log) and OSI > Record.

The App tells `battle_changed` after every action applied in a battle; the one that ends it
adds exactly one entry to the record (loading a finished save, or looking at the report again,
applies nothing and adds nothing), and the battle-over dialog gains a Report button and (issue
30) a New Battle one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

from ogre.report import battle_report
from ogre.rules.actions import Action
from ogre.rules.errors import RuleError
from ogre.rules.state import GameState
from ogre.storage.battlelog import log_advice, log_dice, read_log
from ogre.storage.errors import StorageError
from ogre.storage.games import GameStore
from ogre.storage.record import Entry, add_battle, load_record
from ogre.ui.commands.battle_files import (
    logs_folder,  # where Export the Log writes: the pictures go beside
)
from ogre.ui.dialogs.battle_over import BattleOver, Ended
from ogre.ui.dialogs.record_window import RecordWindow
from ogre.ui.dialogs.report_window import ReportWindow
from ogre.ui.toolkit.choices import ListDialog

TITLE = "After-Action Report"
RECENT_LOGS = 4          # the newest exported logs Battle Report offers


class Aftermath:
    def __init__(self, app, record_folder: Path | None = None) -> None:
        self.app = app
        self.record_folder = record_folder      # None: the user data folder (tests: tmp)
        self.recorded = None                    # the battle last added to the record
        self._adding: threading.Thread | None = None
        self._notice: str | None = None

    # ------------------------------------------------------------ a battle ends
    def battle_changed(self, battle) -> None:
        """After an action: if it ended the battle, record it and offer the report."""
        if not battle.state.over or battle is self.recorded:
            return
        self.recorded = battle
        d = battle.dialog
        if isinstance(d, BattleOver) and Ended.REPORT not in d.answers:
            # issue 30: another battle at once (never over a network: that one is hosted anew)
            again = (Ended.NEW_BATTLE,) if self.app.network is None else ()
            battle.dialog = BattleOver(d.message, (Ended.REPORT, *again), self._over_closed)
        try:
            entry = battle.match.entry()
        except ValueError as exc:      # an entry the record refuses: said, and play goes on
            self.app.show("Record of Battles", f"This battle could not be added to the record "
                                               f"of battles ({exc}).")
            return
        # Rewriting a record of 10,000 battles takes a good part of a second (issue 28): it is
        # done beside the frame loop, and its notice, if any, shown when it is done.
        self.settle()
        self._adding = threading.Thread(target=self._add, args=(entry,), name="ogre-record",
                                        daemon=True)
        self._adding.start()

    def _add(self, entry: Entry) -> None:
        self._notice = add_battle(entry, self.record_folder)      # never raises

    def tick(self) -> None:
        """Every frame: a battle added to the record says so if something went wrong."""
        if self._adding is not None and not self._adding.is_alive():
            self.settle()

    def settle(self) -> None:
        """Wait for the battle being added to the record, and show its notice."""
        if self._adding is None:
            return
        self._adding.join()
        self._adding = None
        notice, self._notice = self._notice, None
        if notice:
            self.app.show("Record of Battles", notice)

    def _over_closed(self, ended: Ended) -> None:
        if ended is Ended.REPORT:
            self.report_battle()
        elif ended is Ended.NEW_BATTLE:
            self.app.commands.play.after_battle()

    # ------------------------------------------------------------ reports
    def report_battle(self) -> None:
        """The report of the battle on the screen (from its start, as its log holds it)."""
        b = self.app.battle
        if b is None:
            return
        m = b.match
        self.show_report(m.start, m.log, self._titled(m.field_name),
                         advice_asked=m.advice_asked, dice=m.told)

    def show_report(self, start: GameState, actions: Iterable[Action | str], title: str,
                    name: str = "report", advice_asked: int | None = None,
                    dice: Sequence[int] = ()) -> None:
        try:
            report = battle_report(start, actions, advice_asked, dice)
        except (RuleError, ValueError):
            self.app.show(TITLE, "This battle's log does not replay, so no report can be made "
                          "of it.")
            return
        self.app.dialog = ReportWindow(report, title, logs_folder, name)
        self.app.touch()

    def choose_report(self) -> None:
        """Menu > Battle Report: this battle, the one being replayed, a saved game, or one of
        the newest exported logs."""
        a = self.app
        rows: list[tuple[str, bool]] = []
        actions: list[Callable[[], None]] = []
        b = a.battle
        if b is not None and a.screen is b:
            s = b.state
            rows.append((f"This battle ({s.result or f'turn {s.turn}, going on'})", True))
            actions.append(self.report_battle)
        replay = a.screen if hasattr(a.screen, "steps") else None
        if replay is not None:
            rows.append((f"The battle being replayed ({replay.name})", True))
            actions.append(lambda: self.show_report(
                replay.start, [step.text for step in replay.steps], self._titled(replay.name),
                Path(replay.name).stem + "-report"))
        store = GameStore.default()
        for slot in store.list_slots():
            words = f"{slot.slot}. {slot.reason}" if slot.reason else slot.summary
            rows.append((f"Saved game {words}", slot.status.name == "OK"))
            actions.append(partial(self.report_game, store, slot.slot))
        for path in recent_logs():
            rows.append((f"Exported log {path.name}", True))
            actions.append(partial(self.report_log, path))

        def chosen(i: int | None) -> None:
            if i is not None and 0 <= i < len(actions):
                actions[i]()
        a.dialog = ListDialog("Battle Report", "A report of which battle?", rows, chosen)

    def report_game(self, store: GameStore, slot: int) -> None:
        try:
            saved = store.load(slot)
        except StorageError as exc:
            self.app.show(TITLE, exc.message)
            return
        if saved.start is None:
            self.app.show(TITLE, f"Saved game {slot} has no log from the battle's start, so no "
                          "report can be made of it.")
            return
        self.show_report(saved.start, list(saved.log), self._titled(saved.field_name),
                         f"game{slot}-report", saved.advice_asked, saved.dice)

    def report_log(self, path: Path) -> None:
        try:
            start, steps = read_log(path)
        except StorageError as exc:
            self.app.show(TITLE, exc.message)
            return
        self.show_report(start, [s.text for s in steps], self._titled(path.name),
                         path.stem + "-report", log_advice(path), log_dice(path))

    # ------------------------------------------------------------ the record
    def show_record(self) -> None:
        entries, notice = load_record(self.record_folder)
        self.app.dialog = RecordWindow(entries, notice)
        self.app.touch()

    @staticmethod
    def _titled(name: str) -> str:
        return f"{TITLE}: {name}" if name else TITLE


def recent_logs(folder: Path | None = None) -> list[Path]:
    """The newest exported battle logs, newest first; none when the folder cannot be read."""
    folder = logs_folder() if folder is None else folder
    try:
        logs = [(p.stat().st_mtime, p) for p in folder.glob("*.txt") if p.is_file()]
    except OSError:
        return []
    return [p for _, p in sorted(logs, reverse=True)[:RECENT_LOGS]]
