"""What the menus and shortcut keys do: the 'Menu' and 'OSI' commands (S3, S4), Play a Game
with one or two players (G1), the game and field slots (G5, G6), and the computer player's
turn (G2): it thinks off the event loop and shows its moves and shots one by one.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from ogre.match import SIDES, Seat
from ogre.match.turns import ComputerTurn, Thought
from ogre.resources import standard_board
from ogre.rules import Done, Field, Undo, legal_actions
from ogre.rules.options import Options
from ogre.rules.scenarios import ASSAULTS, DUELS, mark_played
from ogre.rules.sides import Side, acting_side, players_named, role, side_of
from ogre.rules.state import GameState, Phase
from ogre.storage.errors import StorageError
from ogre.storage.fields import FieldStore, battle_label, load_predesigned
from ogre.storage.games import Players
from ogre.ui.commands import battle_files, network
from ogre.ui.commands.battle_files import slot_line
from ogre.ui.commands.kept_ogre import field_from_state
from ogre.ui.commands.play import PlayGame, ai_available
from ogre.ui.commands.play_fields import battle_field_words, predesigned_fields
from ogre.ui.dialogs.network_boxes import MailboxDialog
from ogre.ui.dialogs.options import ABOUT, KeysDialog, PreferencesDialog
from ogre.ui.dialogs.unsaved import SAVE_FIRST, SaveFirst, Unsaved
from ogre.ui.drawing import status
from ogre.ui.overlays.thinker import Mind, WorkerGone
from ogre.ui.toolkit import keymap, theme
from ogre.ui.toolkit.choices import ListDialog, NameDialog
from ogre.ui.toolkit.menus import Command
from ogre.ui.toolkit.widgets import OK_CANCEL, OK_ONLY, Dialog, when_ok
from ogre.version import game_version

if TYPE_CHECKING:
    from collections.abc import Callable

    from ogre.ai.protocol import Controller
    from ogre.storage.preferences import Preferences
    from ogre.ui.commands.window import Window

LOAD_A_FIELD = "1986's five predesigned fields, one for each other battle, then yours."
# The sidebar's buttons in their order, and what the map's keys do (S4: keymap.py binds them)
BUTTONS = ("undo", "group", "range", "done")
MAP_KEYS = {
    "whole_map": lambda m: m.toggle_whole(),
    "row_up": lambda m: m.scroll_to(m.top_row - 1),
    "row_down": lambda m: m.scroll_to(m.top_row + 1),
    "top_half": lambda m: m.jump_half(bottom=False),
    "bottom_half": lambda m: m.jump_half(bottom=True),
}


def about() -> str:
    """OSI > About Ogre: the words, then which version of the game this is (X13)."""
    return f"{ABOUT}\n\nVersion {game_version()}"


def _attacker_shown(s: GameState) -> int:
    """Where Edit the Field shows the attacking Ogre (E10): the battle's one attacker while it
    fights; none in a Duel, where the Ogres are not on the field's side, nor among several."""
    ogres = [o for o in s.ogres if side_of(s, o.id) == "ogre"]
    if s.over or s.scenario in DUELS or len(ogres) != 1:
        return 0
    return ogres[0].hex


def _side(side: str) -> Side:
    return "ogre" if side == "ogre" else "defense"


class Commands:
    def __init__(self, app: Window, players: dict[str, str] | None = None) -> None:
        self.app = app
        self.named_players = dict(players or {})   # side -> skill or "module:Class" (X5)
        self.computer: str | None = None      # the side the computer plays: "ogre", "defense"
        self.absent: str | None = None        # X10: the side whose network player is gone
        self.mind = Mind()                    # a worker process, or a thread (issue 17)
        self.turn = ComputerTurn(time.monotonic)      # G2: think, play, hold (ogre/match)
        self.pointer_on_menus = False
        self.games_played = 0
        self.field_name = ""
        # asks before a changed battle is lost (G6); its Save button runs Save a Game
        self.unsaved = Unsaved(app, save=lambda then: battle_files.save_game(self, then=then))
        self.play = PlayGame(self)            # Play a Game (G1), and a new battle at the end

    @property
    def next_options(self) -> Options:
        """The optional rules Play a Game last chose (X15): a hosted new battle offers them."""
        return self.play.options

    # ------------------------------------------------------------ the menus
    def menus(self):
        a = self.app
        editing = lambda: a.screen is not None and a.screen is a.editor  # noqa: E731
        # T2: "most player options are locked out" until the Ogre has picked its entry hex
        battling = lambda: (a.battle is not None and a.screen is a.battle  # noqa: E731
                            and a.battle.state.phase is not Phase.OGRE_ENTRY)
        return [
            ("Menu", [
                Command("Load a Field", self.load_field, editing),
                Command("Save a Field", self.save_field, editing),
                Command("Load a Game", lambda: battle_files.load_game(self)),
                Command("Save a Game", lambda: battle_files.save_game(self),
                        lambda: battling() and not a.battle.state.over),
                # issue 30: at any time (from a battle, on its field), but not over a network
                Command("Play a Game", self.play.open, lambda: a.network is None, key="P"),
                Command("Learn to Play", lambda: self.unsaved.ask_first(           # X6
                    "Learn to Play", a.start_tutorial)),
                Command("Host a Network Game", lambda: network.ask_host(a),        # X10
                        lambda: a.network is None),
                Command("Join a Network Game", lambda: self.unsaved.ask_first(
                    "Join a Network Game", lambda: network.ask_join(a)), lambda: a.network is None),
                Command("Edit the Field", self.edit_field, battling),
                Command("Clear Field", lambda: a.editor.ask_clear_field(), editing),
                Command("Clear Pieces", lambda: a.editor.ask_clear_pieces(), editing),
                Command("Design for a Battle", lambda: a.editor.ask_battle(), editing),  # X15
                Command("Export the Log", lambda: battle_files.export_log(self),
                        lambda: battling() and a.battle.start_state is not None),
                Command("Battle Report", lambda: a.aftermath.choose_report()),     # X9
                Command("Advice", lambda: a.advice.ask(), lambda: a.advice.available(),
                        key="A"),                                            # X8
                Command("Quit", self.quit, key="Ctrl+Q"),
            ]),
            ("OSI", [
                Command("About Ogre", lambda: a.show("About Ogre", about())),
                Command("Preferences", self.preferences),
                Command("Keyboard", lambda: setattr(a, "dialog", KeysDialog()), key="K"),
                Command("Record", lambda: a.aftermath.show_record()),      # X9
                Command("Rules", lambda: a.rules.toggle(), key="F1"),      # X7
            ]),
        ]

    def shortcut(self, event) -> None:
        """Keys for the sidebar buttons, the map and the menus (S4)."""
        a = self.app
        command = keymap.command(event)
        if command == "quit":
            self.quit()
        elif command in ("menu", "osi"):
            a.menubar.open_menu(a.menubar.menus[0 if command == "menu" else 1])
            a.menubar.hot = 0
        elif command == "keys":
            a.dialog = KeysDialog()
        elif command == "advice":            # X8: advice, or hide the advice shown
            a.advice.toggle()
        elif command == "play":
            self._run_command("Play a Game")
        elif a.screen is not None and command in MAP_KEYS:
            MAP_KEYS[command](getattr(a.screen, "map"))
        elif (b := a.battle) is not None and a.screen is b and command in BUTTONS \
                and not self.computer_acting():
            button = b.buttons[BUTTONS.index(command)]
            b.refresh_labels()
            if button.enabled():
                button.on_click()

    def _run_command(self, label: str) -> None:
        """A menu command by its key: only where the menu would let it run."""
        for menu in self.app.menubar.menus:
            for c in menu.commands:
                if c.label == label and c.enabled():
                    c.run()

    def quit(self) -> None:
        """Quit (the menu, Ctrl+Q or the window's close button), asking first (G6)."""
        a = self.app
        if self.unsaved.asking():
            return                  # the close button again while asking
        # a dialog the close button came over stays beneath the question: Cancel shows it again
        self.unsaved.ask_first("Quit", lambda: setattr(a, "running", False))

    def preferences(self) -> None:
        a = self.app
        one_player = a.battle is not None and self.computer is not None

        def done(prefs: Preferences | None) -> None:
            if prefs is not None:
                a.set_prefs(prefs)
                if self.controller is not None and self.computer is not None:
                    self._make_controller(self.skill_for(self.computer))
        a.dialog = PreferencesDialog(a.prefs, one_player or a.battle is None, done,
                                     computer=self.computer if a.battle else None,
                                     ask_mailbox=self._ask_mailbox)

    def _ask_mailbox(self, now: str, then: Callable[[str], None]) -> None:
        """X14: the mailbox typed over the Preferences, which come back when it closes."""
        def typed(url: str | None) -> None:
            if url is not None:
                then(url)
        self.app.dialog = MailboxDialog(now, typed)

    # ------------------------------------------------------------ fields (G5, E10)
    def first_field(self) -> Field:
        """The field the editor opens with (E1): the first predesigned Mark III field."""
        try:
            for rec in load_predesigned():
                if rec.mark == 3:
                    self.field_name = rec.name
                    return rec.field
        except StorageError:
            pass
        return Field(standard_board())

    def load_field(self, asked: bool = False) -> None:
        a = self.app
        if not asked and a.editor is not None and a.editor.edited():
            from ogre.ui.scenes.editor import FIELD_LOST

            def answered(answer: SaveFirst) -> None:   # G5: the edits are not lost unasked
                if answer is SaveFirst.SAVE:
                    self.save_field(then=lambda: self.load_field(asked=True))
                elif answer is SaveFirst.DONT_SAVE:
                    self.load_field(asked=True)
            a.dialog = Dialog("Load a Field", FIELD_LOST, SAVE_FIRST, answered)
            return
        nineteen_86, battles, trouble = predesigned_fields()
        if trouble:
            a.show("Load a Field", trouble)
        predesigned = nineteen_86 + battles
        slots = FieldStore.default().list_slots()
        rows = [(f"{r.name} ({'Mark III' if r.mark == 3 else 'Mark V'}) - {r.description}", True)
                for r in nineteen_86]
        rows += [(battle_field_words(r), True) for r in battles]
        rows += [(slot_line(s), s.status.name == "OK")
                 for s in slots]

        def chosen(i: int | None) -> None:
            if i is None:
                return
            try:
                rec = predesigned[i] if i < len(predesigned) else \
                    FieldStore.default().load(slots[i - len(predesigned)].slot)
            except StorageError as exc:
                a.show("Load a Field", exc.message)
                return

            def load():
                self.field_name = rec.name
                a.editor.set_field(rec.field, rec.scenario)
            # a battle behind the editor goes on with the editor's field: loading loses it (G6)
            self.unsaved.ask_first("Load a Field", load)
        a.dialog = ListDialog("Load a Field", LOAD_A_FIELD if battles else
                              "Five predesigned fields, then your five.", rows, chosen)

    def save_field(self, then: Callable[[], None] | None = None) -> None:
        """Save a Field; `then` runs once it is saved (after its notice)."""
        a = self.app
        store = FieldStore.default()
        slots = store.list_slots()

        def named(slot, name):
            if name is None:
                return
            battle = a.editor.battle_key
            try:
                store.save(slot, a.editor.field, name, battle)
            except StorageError as exc:
                a.show("Save a Field", exc.message)
                return
            self.field_name = name
            a.editor.kept(name)
            a.dialog = Dialog("Save a Field", f"Saved as field {slot}, \"{name}\" "
                              f"({battle_label(a.editor.field, battle)}).", OK_ONLY,
                              lambda _: then() if then else None)
            a.touch()

        def ask_name(slot):
            # the field's own name: a cleared field has none (Issue 30 (10))
            a.dialog = NameDialog("Save a Field", f"A name for field {slot}:",
                                  a.editor.field.name or f"Field {slot}",
                                  lambda name: named(slot, name))

        self.pick_slot_to_write("Save a Field", "Save this field under which number?", slots,
                                 "Replace what is in field {}?", ask_name)

    def pick_slot_to_write(self, title: str, question: str, slots, replace_words: str,
                            then) -> None:
        """List the five slots; an occupied one is replaced only after a confirmation."""
        a = self.app

        def chosen(i: int | None) -> None:
            if i is None:
                return
            slot = slots[i].slot
            if slots[i].status.name != "EMPTY":
                a.dialog = Dialog(title, replace_words.format(slot), OK_CANCEL,
                                  when_ok(lambda: then(slot)))
                return
            then(slot)
        a.dialog = ListDialog(title, question, [(slot_line(s), True) for s in slots], chosen)

    # ------------------------------------------------------------ games (G1, G6)
    def edit_field(self) -> None:
        a = self.app
        if a.battle is None:
            return                          # the menu offers it only in a battle
        s = a.battle.state
        a.open_editor(field_from_state(s), _attacker_shown(s), mark_played(s), s.scenario)

    def players(self) -> Players:
        """Who plays, as a saved game records it (the match's seats)."""
        b = self.app.battle
        if b is None:
            return Players(skill=self.app.prefs.skill)
        return b.match.players(self.app.prefs.skill)

    # ------------------------------------------------------------ the computer player (G2)
    @property
    def controller(self) -> Controller | None:
        """What decides for the computer's side (or the network's) in the battle shown."""
        b = self.app.battle
        if b is None or self.computer is None:
            return None
        return b.match.controllers.get(_side(self.computer))

    def set_computer(self, side: str | None, controller: Controller | None = None) -> None:
        """The computer (or, X10, the other computer through `controller`) plays `side`."""
        b = self.app.battle
        assert b is not None                    # who plays is the battle's, once it is shown
        self.cancel_thinking()
        self.computer = side if side and (controller or ai_available()) else None
        self.absent = None
        for s in SIDES:
            b.match.control(s, controller if self.computer == s else None)
        if self.computer and controller is None:
            seat = b.match.seats[_side(self.computer)]
            self._make_controller(seat.skill if seat.who == "computer" and seat.skill
                                  else self.skill_for(self.computer))
        elif self.computer is None:             # two players here now (a plugin that failed)
            for s in SIDES:
                if b.match.seats[s].who == "computer":
                    b.match.seat(s, Seat())
        b.computer_turn = self.computer_acting  # G2: its buttons and prompts are not the player's
        b.sides = players_named(b.state.scenario)
        if self.computer:
            b.sides[self.computer] = "Computer " + role(b.state.scenario, self.computer)
            if self.computer == acting_side(b.state) and (
                    b.state.phase is Phase.OGRE_ENTRY or b.state.scenario in ASSAULTS
                    and not b.log):
                b.dialog = None              # no entry dialog for the computer's Ogre or force

    def skill_for(self, side: str) -> str:
        """Who the computer is on `side`: a player named on the command line (X5), else that
        side's own skill from the Preferences (issue 30: the defence's is not the Ogre's)."""
        return self.named_players.get(side) or self.app.prefs.skill_for(side)

    def _make_controller(self, spec: str) -> None:
        from ogre.ai import controller_from_arg
        side = self.computer
        if side is None:
            return
        b = self.app.battle
        assert b is not None                    # set_computer's: the battle shown
        try:
            controller = controller_from_arg(side, spec, seed=self.app.seed)
            self.mind.use(controller, None if ":" in spec else (side, spec, self.app.seed))
            b.match.control(_side(side), controller)
            b.match.seat(_side(side), Seat("computer", spec))        # saved and recorded
        except Exception as exc:        # a plugin that will not load: say so, play on
            b.match.control(_side(side), None)
            self.computer = None
            self.app.show("Computer player", f"The computer player {spec!r} could not be "
                          f"started ({exc}); the battle is a two-player game.")

    def computer_acting(self) -> bool:
        """The other side's turn: the computer's, or (X10) a player gone from the network."""
        b = self.app.battle
        side = self.computer if self.controller is not None else self.absent
        if side is None or b is None or b.state.over or self.app.screen is not b:
            return False
        return acting_side(b.state) == side

    def wait_for_absent(self) -> None:
        """X10: the other computer's player is gone; their turns wait (no one plays them
        here), and the battle can be saved and hosted again."""
        self.cancel_thinking()
        self.absent = self.computer
        if self.app.battle is not None and self.computer is not None:
            self.app.battle.match.control(_side(self.computer), None)

    def working(self) -> bool:
        """The computer acts now: its turn, and no dialog, open menu or turning point's banner
        (X11: held like a computer message until a click or a key) has paused it."""
        a, b = self.app, self.app.battle
        return (b is not None and self.computer_acting() and a.dialog is None
                and b.dialog is None and not a.menubar.active and not b.banner)

    def busy(self, event) -> bool:
        """While the computer acts, a click or key only hurries its messages along (G2); the
        menus stay the player's, so Save, Load and Quit need not wait for the turn to end."""
        if not self.working():
            return False
        if event.type == pygame.MOUSEMOTION:
            self.pointer_on_menus = self.app.to_logical(event.pos)[1] < theme.MENU_H
        if self._for_the_menus(event):
            return False
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.turn.hurry()
        return True

    def _for_the_menus(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            return keymap.command(event) in ("menu", "osi", "quit")
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.app.to_logical(event.pos)[1] < theme.MENU_H
        return False

    def tick(self) -> None:
        """Called every frame: the computer's next action, or skipping an empty phase (T4)."""
        if self.working():
            # hidden but over the menus (G2); a gone network player's turn hides nothing
            pygame.mouse.set_visible(self.pointer_on_menus or self.controller is None)
            self._computer_step()
            return
        pygame.mouse.set_visible(True)
        self._skip_empty()

    # The turn's parts, as the screen and the tests name them
    @property
    def thinking(self) -> Thought | None:
        return self.turn.thinking

    @property
    def hold_until(self) -> float:
        return self.turn.hold_until

    @hold_until.setter
    def hold_until(self, when: float) -> None:
        self.turn.hold_until = when

    @property
    def clock(self) -> Callable[[], float]:
        return self.turn.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:     # tests pace the turn by hand
        self.turn.clock = clock

    def _computer_step(self) -> None:
        """The match plays the computer's next step; the screen draws it and holds it up."""
        b = self.app.battle
        assert b is not None                # working(): a battle on the screen
        step = b.match.computer_step(self.turn, self.mind.think)
        if step is None:
            return
        if isinstance(step.error, WorkerGone):
            self.mind.fall_back()           # think again, on the thread
            return
        if step.error is not None or step.action is None:
            # a broken plugin must not take the game down
            self.app.show("Computer player", f"The computer player failed ({step.error}); "
                          "the battle goes on as a two-player game.")
            self.set_computer(None)
            return
        action = step.action
        if step.refused:
            b.refuse(step.refused)
            self.app.show("Computer player", f"The computer player tried an illegal action "
                          f"({action}): {step.refused}. The battle goes on as a two-player game.")
            self.set_computer(None)
            return
        assert step.before is not None
        b.played(action, step.before, step.events)
        shown = b.shown
        if isinstance(action, status.AIMS):
            b.announce_aim(action)          # the target and weapons, before the shot (G2)
            shown += 1
        self.turn.hold(self.app.prefs.message_speed, action, shown)
        self.app.touch()

    def _skip_empty(self) -> None:
        """T4: with Skip Empty Turns on, a phase with nothing to do passes by itself."""
        a = self.app
        b = a.battle
        # An open menu pauses the computer; its empty phase waits too (its thinking is kept).
        if (not a.prefs.skip_empty or b is None or a.screen is not b or b.state.over
                or b.dialog is not None or a.dialog is not None or a.menubar.active
                or self.computer_acting() or b.state.phase is Phase.OGRE_ENTRY):
            return
        useful = [x for x in legal_actions(b.state) if not isinstance(x, (Done, Undo))]
        if not useful and not status.side_has_acted(b.state):
            b.act(Done())

    def cancel_thinking(self) -> None:
        self.turn.cancel()

    def shutdown(self) -> None:
        self.cancel_thinking()
        self.mind.shutdown()
