"""Play a Game (G1), at any time: the scenario, who plays, and (issue 30) the computer's skill
and message speed in the same dialog; the battle started on the Field Editor's field, or, from
a battle, on that battle's own field; the choices kept for next time. And when a battle ends,
another offered at once: the same field or another, the same sides or swapped (issue 30).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ogre.match import SIDES
from ogre.rules import Field, new_game
from ogre.rules.invariants import first_problem
from ogre.storage.errors import StorageError
from ogre.storage.fields import FieldStore, load_predesigned
from ogre.storage.preferences import Level, save_preferences
from ogre.ui.commands.kept_ogre import field_from_state, keep_old_ogre
from ogre.ui.dialogs.battle_over import NEW_BATTLE
from ogre.ui.toolkit.choices import ListDialog, OptionsDialog

if TYPE_CHECKING:
    from ogre.storage.preferences import Preferences

# Play a Game's "Players" rows, by the side the computer plays ("none": two players)
PLAYERS = ("ogre", "none", "defense")
LEVELS: tuple[Level, ...] = ("Low", "Med", "Hi")
SCENARIO, WHO, SKILL, SPEED = range(4)        # the dialog's groups
KEEP_OLD = 1                                  # "Keep old Ogre", the second option (G1)
SKILL_NAMES = {"ogre": "The computer Ogre's skill", "defense": "The computer defence's skill",
               "none": "The computer's skill"}


def ai_available() -> bool:
    try:
        from ogre.ai import make_controller  # noqa: F401
        return True
    except ImportError:
        return False


@dataclass(frozen=True)
class PlayChoice:
    """What Play a Game's dialog gives on OK (issue 29: a typed result)."""
    mark: int                        # 3 or 5
    side: str                        # the side the computer plays: PLAYERS ("none": two players)
    skills: dict[str, Level]         # each side's computer skill, both kept (issue 30)
    speed: Level                     # the message speed

    @property
    def computer(self) -> str | None:
        return None if self.side == "none" else self.side


class PlayDialog(OptionsDialog):
    """Play a Game's choices. The skill row shows, and sets, the skill of the side the
    computer is chosen to play (each side keeps its own); with two players it and the message
    speed are dimmed. on_close(PlayChoice), or None when cancelled."""

    def __init__(self, prefs: Preferences, ai: bool,
                 on_close: Callable[[PlayChoice | None], object]) -> None:
        self.skills: dict[str, Level] = {s: prefs.skill_for(s) for s in SIDES}
        side = prefs.play_computer if ai else "none"
        groups: list[tuple[str, list[tuple[str, bool]]]] = [
            ("Scenario", [("Mark III", True), ("Mark V", True)]),
            ("Players", [("One player: the computer plays the Ogre", ai),
                         ("Two players, taking turns at this computer", True),
                         ("One player: you are the Ogre, the computer defends", ai)]),
            (SKILL_NAMES[side], [(level, True) for level in LEVELS]),
            ("Its message speed", [(level, True) for level in LEVELS]),
        ]
        chosen = [0 if prefs.play_scenario == 3 else 1, PLAYERS.index(side),
                  LEVELS.index(self.skills.get(side, "Low")), LEVELS.index(prefs.message_speed)]
        super().__init__("Play a Game", "Choose the battle.", groups,
                         lambda c: on_close(None if c is None else self.choice()), chosen,
                         inline=2)

    def choice(self) -> PlayChoice:
        return PlayChoice(self.mark, self.side, dict(self.skills), self.speed)

    @property
    def side(self) -> str:
        return PLAYERS[self.chosen[WHO]]

    @property
    def mark(self) -> int:
        return 3 if self.chosen[SCENARIO] == 0 else 5

    @property
    def speed(self) -> Level:
        return LEVELS[self.chosen[SPEED]]

    def usable(self, g: int, i: int) -> bool:
        if g in (SKILL, SPEED) and self.side == "none":
            return False
        return super().usable(g, i)

    def choose(self, g: int, i: int) -> None:
        super().choose(g, i)
        if g == WHO:                       # the row now speaks of the other side's computer
            self.groups[SKILL] = (SKILL_NAMES[self.side], self.groups[SKILL][1])
            if self.side != "none":
                self.chosen[SKILL] = LEVELS.index(self.skills[self.side])
        elif g == SKILL and self.side != "none":
            self.skills[self.side] = LEVELS[i]


class PlayGame:
    """Menu > Play a Game, and the new battle the end of one offers."""

    def __init__(self, commands: Any) -> None:         # the Commands it belongs to
        self.commands = commands
        self.app = commands.app

    # ------------------------------------------------------------ Menu > Play a Game
    def open(self) -> None:
        a = self.app

        def picked(choice: PlayChoice | None) -> None:
            if choice is None:
                return
            self._remember(choice)
            mark, computer = choice.mark, choice.computer
            b = a.battle
            if b is not None and a.screen is b:          # from a battle: on its own field
                self.ask_then_new(mark, computer, field_from_state(b.match.start),
                                  b.match.field_name, played=b.state.ogre.mark)
            elif b is not None and a.screen is a.editor and b.match.may_keep_ogre():

                def new_or_kept(c: list[int] | None) -> None:
                    if c is not None:
                        self.check_and_start(mark, computer, keep=c[0] == KEEP_OLD)
                a.dialog = OptionsDialog(
                    "Play a Game", "A battle is in progress.",
                    [("The Ogre", [("Start new Ogre", True), ("Keep old Ogre", True)])],
                    new_or_kept)
            else:
                self.check_and_start(mark, computer, keep=False)
        a.dialog = PlayDialog(a.prefs, ai_available(), picked)

    def _remember(self, choice: PlayChoice) -> None:
        """G1: the choices offered again next time, in this run and the next, with the
        computer's skills and message speed (issue 30: the Preferences' own). Written quietly:
        a config folder that refuses it costs only the next run's default."""
        a = self.app
        a.prefs = a.prefs.model_copy(update={
            "play_scenario": choice.mark, "play_computer": choice.side,
            "skill": choice.skills["ogre"], "defense_skill": choice.skills["defense"],
            "message_speed": choice.speed})
        try:
            save_preferences(a.prefs_folder, a.prefs)
        except (StorageError, OSError):
            pass

    # ------------------------------------------------------------ starting
    def ask_then_new(self, mark: int, computer: str | None, field: Field, name: str,
                     played: int = 0) -> None:
        """A new battle on `field` in place of the one on the screen: asked first when that
        one would be lost (G6); the editor then holds the field played. A field already
        played in this scenario (`played`: its Mark) is not asked about again (E8)."""
        def go_on() -> None:
            a = self.app
            if a.editor is None:             # a battle started without the editor (a save)
                screen = a.screen
                a.open_editor(field)
                a.screen = screen
            else:
                a.editor.set_field(field)
            self.commands.field_name = name
            if mark == played:
                self.start(mark, computer, keep=False)
            else:
                self.check_and_start(mark, computer, keep=False, asked=True)
        self.commands.unsaved.ask_first("Play a Game", go_on)

    def check_and_start(self, mark: int, computer: str | None, keep: bool,
                        asked: bool = False) -> None:
        """E8's questions about the editor's field, then the battle. A question shows over
        the editor (from a battle or a replay it comes forward)."""
        a = self.app
        assert a.editor is not None
        # a kept Ogre keeps its Mark (G1), so the field is checked against that scenario
        checked = a.battle.state.ogre.mark if keep and a.battle is not None else mark

        def start() -> None:
            self.start(mark, computer, keep)

        def play() -> None:
            if keep or asked:
                start()         # Keep old Ogre goes on with the battle: nothing is lost
            else:
                self.commands.unsaved.ask_first("Play a Game", start)   # a new Ogre (G6)
        a.editor.start_checks(checked, play)
        if a.editor.dialog is not None and a.screen is not a.editor:
            a.screen = a.editor

    def start(self, mark: int, computer: str | None, keep: bool) -> None:
        a, c = self.app, self.commands
        assert a.editor is not None
        field = a.editor.field
        log: list[str] = []
        start = None
        if keep and a.battle is not None:
            state = keep_old_ogre(a.battle.state, field, a.editor.ogre_hex)
            problem = first_problem(state)
            if problem:                          # the edit made a position no battle can be in
                a.show("Play a Game", f"The battle cannot go on with the old Ogre: {problem}.")
                return
            if state is a.battle.state:          # nothing edited: the log still replays
                log, start = a.battle.log, a.battle.start_state
            safe = a.battle.match.safe           # what was at risk still is
        else:
            seed = random.Random(a.seed * 1000 + c.games_played).randrange(1 << 31)
            state = new_game(field, mark, seed)
        c.games_played += 1
        if not keep:
            c.unsaved.kept(state)            # a new battle: nothing to lose until it moves
        a.editor.how_to_start = ""           # a battle has started: the editor stops saying how
        a.start_battle(state, computer=computer, log=log, start=start)
        if keep:
            a.battle.match.safe = safe

    # ------------------------------------------------------------ when a battle ends
    def after_battle(self) -> None:
        """The end dialog's New Battle: the same field or another, the same sides or swapped
        (swapping needs the computer on one side)."""
        a = self.app
        b = a.battle
        if b is None:
            return
        seats = b.match.seats
        computer = next((s for s in SIDES if seats[s].who in ("computer", "lesson")), None)
        name = b.match.field_name
        groups = [("Field", [(f"The same field{f' ({name})' if name else ''}", True),
                             ("Another field", True)]),
                  ("Sides", [("The same sides", True),
                             ("Swap sides" if computer else "Swap sides (with the computer)",
                              computer is not None)])]
        mark = b.state.ogre.mark

        def chosen(c: list[int] | None) -> None:
            if c is None:
                return
            side = computer if c[1] == 0 or computer is None else \
                ("defense" if computer == "ogre" else "ogre")
            if c[0] == 0:
                self.ask_then_new(mark, side, field_from_state(b.match.start), name, mark)
            else:
                self.another_field(side)
        a.dialog = OptionsDialog(NEW_BATTLE, "Another battle, at once.", groups, chosen)

    def another_field(self, computer: str | None) -> None:
        """Pick the field: the five predesigned, then the player's own; its Mark is the one
        it was designed against."""
        a = self.app
        try:
            records = load_predesigned()
        except StorageError:
            records = []
        store = FieldStore.default()
        slots = [s for s in store.list_slots() if s.status.name == "OK"]
        rows = [(f"{r.name} ({'Mark III' if r.mark == 3 else 'Mark V'})", True) for r in records]
        rows += [(s.summary, True) for s in slots]

        def picked(i: int | None) -> None:
            if i is None:
                return
            try:
                rec = records[i] if i < len(records) else store.load(slots[i - len(records)].slot)
            except StorageError as exc:
                a.show(NEW_BATTLE, exc.message)
                return
            self.ask_then_new(rec.mark, computer, rec.field, rec.name)
        a.dialog = ListDialog(NEW_BATTLE, "On which field?", rows, picked)
