"""Play a Game (G1), at any time: the field, the scenario, who plays, and (issue 30) the
computer's skill and message speed in the same dialog; the battle started on the field on the
screen (the Field Editor's, or from a battle that battle's own), a predesigned one or one of the
player's; the choices kept for next time. And when a battle ends, another offered at
once: the same field or another, the same sides or swapped (issue 30).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ogre.match import SIDES
from ogre.rules import Field
from ogre.rules.invariants import first_problem
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.scenarios import (
    ASSAULTS,
    DUELS,
    OF_1986,
    OFFERED,
    SCENARIOS,
    for_mark,
    mark_played,
)
from ogre.rules.sides import role
from ogre.rules.units import MARKS
from ogre.storage.errors import StorageError
from ogre.storage.preferences import Level, save_preferences
from ogre.storage.state_data import OptionsData
from ogre.ui.commands.kept_ogre import field_from_state, keep_old_ogre
from ogre.ui.commands.play_fields import (
    FieldOption,
    battle_on,
    field_options,
    on_screen,
    played_as,
)
from ogre.ui.dialogs.battle_over import NEW_BATTLE
from ogre.ui.dialogs.optional_rules import OptionalRulesDialog
from ogre.ui.dialogs.optional_rules import words as optional_words
from ogre.ui.dialogs.unsaved import SAVE_FIRST, SaveFirst
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.choices import ROW_H, ListDialog, OptionsDialog
from ogre.ui.toolkit.widgets import Dialog

if TYPE_CHECKING:
    from ogre.storage.preferences import Preferences

# Play a Game's "Players" rows, by the side the computer plays ("none": two players)
PLAYERS = ("ogre", "none", "defense")
LEVELS: tuple[Level, ...] = ("Low", "Med", "Hi")
SCENARIO, WHO, SKILL, SPEED = range(4)        # the dialog's groups


def _offered(mark: int, key: str = "") -> int:
    """Where the scenario of this key, else the one deployed against this Mark, is in Play a
    Game's list (the first when none is)."""
    return next((i for i, s in enumerate(OFFERED) if s.key == key),
                next((i for i, s in enumerate(OFFERED) if s.against == mark), 0))
KEEP_OLD = 1                                  # "Keep old Ogre", the second option (G1)
SKILL_NAMES = {"ogre": "The computer Ogre's skill", "defense": "The computer Defense's skill",
               "none": "The computer's skill"}
# Ogre Defending (9.03): the computer's sides are the attacking force and the Ogre's defense
ASSAULT_SKILL_NAMES = {**SKILL_NAMES, "ogre": "The computer attacker's skill"}


def players_rows(scenario: str) -> tuple[str, str, str]:
    """The Players group's rows, by PLAYERS: who the computer plays, in the scenario's words."""
    if scenario in DUELS:
        first, others = role(scenario, "ogre"), role(scenario, "defense")
        return (f"One player: the computer is {first}, you are {others}",
                "Players taking turns at this computer, one for each Ogre"
                if len(SCENARIOS[scenario].attackers) > 2 else
                "Two players, taking turns at this computer",
                f"One player: you are {first}, the computer is {others}")
    if scenario in ASSAULTS:
        return ("One player: the computer attacks, you defend with the Ogre",
                "Two players, taking turns at this computer",
                "One player: you attack, the computer defends with the Ogre")
    return ("One player: the computer plays the Ogre",
            "Two players, taking turns at this computer",
            "One player: you are the Ogre, the computer defends")


def skill_name(scenario: str, side: str) -> str:
    if scenario in DUELS and side in SIDES:
        return f"The computer {role(scenario, side)}'s skill"
    return (ASSAULT_SKILL_NAMES if scenario in ASSAULTS else SKILL_NAMES)[side]
FIELD_H = 36                # the Field row, above the groups
LEVEL_LABEL_W = 260         # a level's name beside its options: the longest at full size
CHOOSE = "Choose..."


def ai_available() -> bool:
    try:
        from ogre.ai import make_controller  # noqa: F401
        return True
    except ImportError:
        return False


@dataclass(frozen=True)
class PlayChoice:
    """What Play a Game's dialog gives on OK (issue 29: a typed result). Only what the player
    chose is in it: a skill or speed left alone is None or missing, and stays as the
    Preferences have it (a loaded battle's skill must not be written back as a choice)."""
    mark: int                        # 3 or 5
    side: str                        # the side the computer plays: PLAYERS ("none": two players)
    skills: dict[str, Level]         # the skills picked, by side (each side keeps its own)
    speed: Level | None              # the message speed, when picked
    field: FieldOption | None = None     # another field than the one on the screen
    options: Options = NO_OPTIONS        # the optional rules (X15)
    scenario: str = ""                   # its key (X15)

    @property
    def computer(self) -> str | None:
        return None if self.side == "none" else self.side


class PlayDialog(OptionsDialog):
    """Play a Game's choices. Above them, with `fields`, the field: the first of them (the one
    on the screen) until the player picks another from their list, which `show` opens over the
    dialog. The skill row shows, and sets, the skill of the side the computer is chosen to play
    (`levels`, each side its own: by default the Preferences'); with two players it and the
    message speed are dimmed. on_close(PlayChoice), or None when cancelled."""

    def __init__(self, prefs: Preferences, ai: bool,
                 on_close: Callable[[PlayChoice | None], object], *,
                 levels: Mapping[str, Level] | None = None, fields: Sequence[FieldOption] = (),
                 show: Callable[[Dialog[Any]], object] | None = None,
                 options: Options = NO_OPTIONS) -> None:
        self.skills: dict[str, Level] = {s: (levels or {}).get(s, prefs.skill_for(s))
                                         for s in SIDES}
        self.picked: dict[str, Level] = {}    # the skills the player clicked
        self.speed_picked = False
        self.fields = list(fields)
        self.field = 0
        self.show = show
        self.options = options
        # the Field row (when there are fields to choose) and the Optional Rules row
        self.field_h = FIELD_H * (2 if self.fields else 1)
        side = prefs.play_computer if ai else "none"
        scenario = _offered(prefs.play_scenario, prefs.play_battle)
        key = OFFERED[scenario].key
        self.ai = ai
        groups: list[tuple[str, list[tuple[str, bool]]]] = [
            ("Scenario", [(s.named, True) for s in OFFERED]),
            ("Players", [(words, ai or i == 1) for i, words in enumerate(players_rows(key))]),
            (skill_name(key, side), [(level, True) for level in LEVELS]),
            ("Its message speed", [(level, True) for level in LEVELS]),
        ]
        chosen = [scenario, PLAYERS.index(side),
                  LEVELS.index(self.skills.get(side, "Low")), LEVELS.index(prefs.message_speed)]
        super().__init__("Play a Game", "Choose the battle.", groups,
                         lambda c: on_close(None if c is None else self.choice()), chosen,
                         inline=2)
        self.rect.height += self.field_h          # the Field row pushes the buttons down
        for b in self.buttons:
            b.rect.move_ip(0, self.field_h)

    def choice(self) -> PlayChoice:
        field = self.fields[self.field] if self.fields else None
        return PlayChoice(self.mark, self.side, dict(self.picked),
                          self.speed if self.speed_picked else None,
                          None if field is None or field.on_screen else field, self.options,
                          OFFERED[self.chosen[SCENARIO]].key)

    @property
    def side(self) -> str:
        return PLAYERS[self.chosen[WHO]]

    @property
    def mark(self) -> int:
        return OFFERED[self.chosen[SCENARIO]].against

    @property
    def speed(self) -> Level:
        return LEVELS[self.chosen[SPEED]]

    def usable(self, g: int, i: int) -> bool:
        if g in (SKILL, SPEED) and self.side == "none":
            return False
        return super().usable(g, i)

    def choose(self, g: int, i: int) -> None:
        super().choose(g, i)
        if g in (SCENARIO, WHO):
            self._name_sides()
        if g == WHO:
            if self.side != "none":
                self.chosen[SKILL] = LEVELS.index(self.skills[self.side])
        elif g == SKILL and self.side != "none":
            self.skills[self.side] = self.picked[self.side] = LEVELS[i]
        elif g == SPEED:
            self.speed_picked = True

    def _name_sides(self) -> None:
        """The Players rows in the scenario's words, and the skill row of the side the
        computer plays."""
        key = OFFERED[self.chosen[SCENARIO]].key
        self.groups[WHO] = (self.groups[WHO][0], [
            (words, self.ai or n == 1) for n, words in enumerate(players_rows(key))])
        self.groups[SKILL] = (skill_name(key, self.side), self.groups[SKILL][1])

    # -- the Field row
    def field_rect(self) -> pygame.Rect:
        """The Field row: its name, and the box that opens the list."""
        return pygame.Rect(self.rect.left + 20, self.body_top, self.rect.width - 40,
                           FIELD_H - 6)

    def field_box(self) -> pygame.Rect:
        r = self.field_rect()
        return pygame.Rect(r.left + 80, r.top, r.width - 80, r.height)

    def choose_field(self) -> None:
        """The fields' list over the dialog; the one picked is shown, and its Mark chosen."""
        if self.show is None:
            return

        def picked(i: int | None) -> None:
            if i is None:
                return
            self.field = i
            option = self.fields[i]
            if option.mark in MARKS:        # a field is played in the battle it was designed for
                self.chosen[SCENARIO] = _offered(option.mark, option.scenario)
                self._name_sides()
        rows = [(f.words, f.usable) for f in self.fields]
        chooser = ListDialog("Play a Game", "On which field?", rows, picked)
        chooser.selected = self.field
        self.show(chooser)

    # -- the Optional Rules row, below the Field row
    def rules_rect(self) -> pygame.Rect:
        top = self.body_top + (FIELD_H if self.fields else 0)
        return pygame.Rect(self.rect.left + 20, top, self.rect.width - 40, FIELD_H - 6)

    def rules_box(self) -> pygame.Rect:
        r = self.rules_rect()
        return pygame.Rect(r.left + 80, r.top, r.width - 80, r.height)

    def choose_rules(self) -> None:
        if self.show is None:
            return

        def chosen(options: Options | None) -> None:
            if options is not None:
                self.options = options
        self.show(OptionalRulesDialog(self.options, chosen))

    # -- the groups, below the Field row; a level's name has room for the longest at full size
    def option_rects(self):
        left, y = self.rect.left, self.body_top + self.field_h
        for g, (_, opts) in enumerate(self.groups):
            if self._inline(g):
                yield g, -1, pygame.Rect(left + 20, y, LEVEL_LABEL_W, ROW_H)
                x0 = left + 30 + LEVEL_LABEL_W
                w = (self.rect.right - 20 - x0) // len(opts)
                for i in range(len(opts)):
                    yield g, i, pygame.Rect(x0 + i * w, y + 2, w - 4, ROW_H - 4)
                y += ROW_H
                continue
            yield g, -1, pygame.Rect(left + 20, y, 300, ROW_H)
            y += ROW_H
            for i in range(len(opts)):
                yield g, i, pygame.Rect(left + 40, y, self.rect.width - 60, ROW_H - 4)
                y += ROW_H

    def handle_body(self, event: pygame.event.Event) -> None:
        if (self.fields and event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.field_box().collidepoint(event.pos)):
            self.choose_field()
            return
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and self.rules_box().collidepoint(event.pos)):
            self.choose_rules()
            return
        super().handle_body(event)

    def draw_body(self, surface: ink.Target) -> None:
        if self.fields:
            _draw_row(surface, "Field", self.field_rect(), self.field_box(),
                      self.fields[self.field].short)
        _draw_row(surface, "Rules", self.rules_rect(), self.rules_box(),
                  optional_words(self.options))
        super().draw_body(surface)


def _draw_row(surface: ink.Target, name: str, r: pygame.Rect, box: pygame.Rect,
              words: str) -> None:
    """A row above the groups: its name, and a box with what is chosen and Choose..."""
    theme.draw_in_box(surface, name, pygame.Rect(r.left, r.top, 76, r.height), 21,
                      theme.TEXT_DIM, bold=True, middle=True, smallest=15)
    ink.rect(surface, theme.BUTTON, box, border_radius=4)
    choose_w = theme.font(18).size(CHOOSE)[0] + 16
    theme.draw_in_box(surface, words, pygame.Rect(box.left + 8, box.top,
                                                  box.width - choose_w - 12, box.height),
                      20, smallest=14, middle=True)
    theme.draw_in_box(surface, CHOOSE, pygame.Rect(box.right - choose_w, box.top,
                                                   choose_w - 8, box.height),
                      18, theme.ACCENT, middle=True, smallest=14)


class PlayGame:
    """Menu > Play a Game, and the new battle the end of one offers."""

    def __init__(self, commands: Any) -> None:         # the Commands it belongs to
        self.commands = commands
        self.app = commands.app
        # the optional rules the next new battle is played with (X15): Play a Game's last
        # choice (kept in the Preferences for the next run), or the ended battle's own for
        # New Battle
        self.options: Options = self.app.prefs.play_options.options()
        self.scenario = self.app.prefs.play_battle     # a key; "" for the Mark's 1986 battle

    # ------------------------------------------------------------ Menu > Play a Game
    def open(self) -> None:
        a = self.app
        b = a.battle
        from_battle = b is not None and a.screen is b
        name = b.match.field_name if from_battle else self.commands.field_name
        fields, trouble = field_options(on_screen(from_battle, name))

        def picked(choice: PlayChoice | None) -> None:
            if choice is None:
                return
            self._remember(choice)
            self.options, self.scenario = choice.options, choice.scenario
            mark, computer = choice.mark, choice.computer
            b = a.battle
            if choice.field is not None:                 # a field picked from the list
                self.on_field(choice.field, mark, computer)
            elif b is not None and a.screen is b:          # from a battle: on its own field
                self.ask_then_new(mark, computer, field_from_state(b.match.start),
                                  b.match.field_name, b.state.scenario)
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
        prefs = a.prefs
        if not from_battle and a.editor is not None and a.editor.scenario:
            # a field designed for a battle offers that battle first
            prefs = prefs.model_copy(update={"play_battle": a.editor.scenario})
        a.dialog = PlayDialog(prefs, ai_available(), picked, fields=fields,
                              levels={s: self._level(s) for s in SIDES},
                              show=lambda d: setattr(a, "dialog", d),
                              options=b.state.options if from_battle else self.options)
        if trouble:
            a.show("Play a Game", trouble)

    def _level(self, side: str) -> Level:
        """The skill a new battle's computer would play `side` at: a level the command line
        named (X5), else the Preferences'."""
        named = self.commands.named_players.get(side)
        return next((level for level in LEVELS if level == named), self.app.prefs.skill_for(side))

    def _remember(self, choice: PlayChoice) -> None:
        """G1: the choices offered again next time, in this run and the next, with the
        skills and message speed the player picked (issue 30: the Preferences' own; issue 42:
        never one left alone). A skill picked here wins over the command line's for the rest
        of the run. Written quietly: a config folder that refuses it costs only the next run's
        default."""
        a = self.app
        prefs = a.prefs.model_copy(update={
            "play_scenario": choice.mark, "play_computer": choice.side,
            "play_battle": "" if choice.scenario == for_mark(choice.mark).key else choice.scenario,
            "play_options": OptionsData.model_validate(OptionsData.of(choice.options))})
        for side, level in choice.skills.items():
            prefs = prefs.with_skill(side, level)
            self.commands.named_players.pop(side, None)
        if choice.speed is not None:
            prefs = prefs.model_copy(update={"message_speed": choice.speed})
        a.prefs = prefs
        try:
            save_preferences(a.prefs_folder, a.prefs)
        except (StorageError, OSError):
            pass

    def on_field(self, option: FieldOption, mark: int, computer: str | None) -> None:
        """A battle on a field picked from the list: its edits in the Field Editor and a
        battle that would be lost are asked about first (G5, G6), then E8's questions."""
        a = self.app
        if option.read is None:
            return
        try:
            record = option.read()
        except StorageError as exc:
            a.show("Play a Game", exc.message)
            return

        def go_on() -> None:
            self.ask_then_new(mark, computer, record.field, record.name)
        editor = a.editor
        if editor is None or a.screen is not editor or not editor.edited():
            go_on()
            return
        from ogre.ui.scenes.editor import FIELD_LOST

        def answered(answer: SaveFirst) -> None:
            if answer is SaveFirst.SAVE:
                self.commands.save_field(then=go_on)
            elif answer is SaveFirst.DONT_SAVE:
                go_on()
        a.dialog = Dialog("Play a Game", FIELD_LOST, SAVE_FIRST, answered)

    # ------------------------------------------------------------ starting
    def battle_key(self, mark: int) -> str:
        """The battle a new Ogre of this Mark plays: the scenario chosen, if it is deployed
        against that Mark or is a Duel, else the Mark's 1986 one."""
        wanted = SCENARIOS.get(self.scenario)
        if wanted is not None and (wanted.duel or wanted.against == mark):
            return wanted.key            # a Duel is fought on any field's terrain, its own Ogres
        return for_mark(mark).key

    def ask_then_new(self, mark: int, computer: str | None, field: Field, name: str,
                     played: str = "") -> None:
        """A new battle on `field` in place of the one on the screen: asked first when that
        one would be lost (G6); the editor then holds the field played, designed for the
        battle played. A field already played in this battle (`played`: its key) is not
        asked about again (E8)."""
        def go_on() -> None:
            a = self.app
            key = self.battle_key(mark)
            if a.editor is None:             # a battle started without the editor (a save)
                screen = a.screen
                a.open_editor(field, scenario=key)
                a.screen = screen
            else:
                a.editor.set_field(field, key)
            self.commands.field_name = name
            if key == played:
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
        # a kept Ogre goes on with its 1986 battle (G1), so the field is checked against that
        kept = keep and a.battle is not None

        def start() -> None:
            self.start(mark, computer, keep)

        def play() -> None:
            if keep or asked:
                start()         # Keep old Ogre goes on with the battle: nothing is lost
            else:
                self.commands.unsaved.ask_first("Play a Game", start)   # a new Ogre (G6)
        if kept:
            a.editor.start_checks(mark_played(a.battle.state), play)
        else:
            key = self.battle_key(mark)
            a.editor.start_checks(SCENARIOS[key], play, played_as(a.editor.field, key))
        if a.editor.dialog is not None and a.screen is not a.editor:
            a.screen = a.editor

    def start(self, mark: int, computer: str | None, keep: bool) -> None:
        a, c = self.app, self.commands
        assert a.editor is not None
        field = a.editor.field
        log: list[str] = []
        start = None
        more = 0                             # mines the computer laid for the player's defense
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
            key = self.battle_key(mark)
            state, more = battle_on(field, mark, seed, key, self.options)
        c.games_played += 1
        if not keep:
            c.unsaved.kept(state)            # a new battle: nothing to lose until it moves
        a.editor.how_to_start = ""           # a battle has started: the editor stops saying how
        a.start_battle(state, computer=computer, log=log, start=start)
        if keep:
            a.battle.match.kept(safe)
        elif more and computer != "defense":       # the player's defense: say who laid them
            a.show("Mines", f"The computer laid {more} of the defense's "
                            f"{len(state.secrets.mines)} mines across the Ogre's likely ways. "
                            "The Field Editor's Mine piece lays your own.")

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
        mark = mark_played(b.state)

        def chosen(c: list[int] | None) -> None:
            if c is None:
                return
            self.options = b.state.options           # the same optional rules and battle
            self.scenario = b.state.scenario
            side = computer if c[1] == 0 or computer is None else \
                ("defense" if computer == "ogre" else "ogre")
            if c[0] == 0:
                self.ask_then_new(mark, side, field_from_state(b.match.start), name,
                                  b.state.scenario)
            else:
                self.another_field(side)
        a.dialog = OptionsDialog(NEW_BATTLE, "Another battle, at once.", groups, chosen)

    def another_field(self, computer: str | None) -> None:
        """Pick the field: the five predesigned, then the player's own; its Mark is the one
        it was designed against."""
        a = self.app
        options, trouble = field_options(None)

        def picked(i: int | None) -> None:
            read = options[i].read if i is not None else None
            if read is None:
                return
            try:
                rec = read()
            except StorageError as exc:
                a.show(NEW_BATTLE, exc.message)
                return
            if rec.scenario not in OF_1986:     # a field of another battle plays that battle
                self.scenario = rec.scenario
            self.ask_then_new(rec.mark, computer, rec.field, rec.name)
        a.dialog = ListDialog(NEW_BATTLE, "On which field?",
                              [(o.words, o.usable) for o in options], picked)
        if trouble:
            a.show(NEW_BATTLE, trouble)
