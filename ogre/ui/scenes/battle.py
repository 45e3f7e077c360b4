"""The battle screen: turns clicks and drags into rules actions and shows what happened.

A click or drag becomes an action value; `check` refuses it with the 1986 message
(shown in the Tactical Display, with a beep) or says what it would do; rams,
overruns and leaving the map are confirmed first; `apply` gives the next state
and the events shown at the bottom of the sidebar.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ogre.match.match import Match
from ogre.rules import (
    Aim,
    Clear,
    Done,
    Enter,
    Exit,
    Fire,
    Group,
    Move,
    OgreAim,
    RuleError,
    Split,
    Undo,
    check,
    legal_actions,
)
from ogre.rules.actions import AimAt
from ogre.rules.duel import EDGE_NAMES
from ogre.rules.errors import MESSAGES
from ogre.rules.movement import range_umbrella
from ogre.rules.scenarios import ASSAULTS, DUELS
from ogre.rules.sides import (
    acts_for,
    ogre_in_play,
    players_named,
    side_of,
    side_of_phase,
)
from ogre.rules.state import FIRE_PHASES, MOVE_PHASES, GameState, Ogre, Phase, Piece
from ogre.rules.units import OGRE_ID, STATS, WEAPON_STATS, WEAPONS, Kind
from ogre.ui.dialogs.battle_over import BattleOver
from ogre.ui.drawing import status
from ogre.ui.drawing.framing import hexes_that_matter
from ogre.ui.drawing.mapview import MapView, map_rect
from ogre.ui.drawing.sound import sound_for
from ogre.ui.scenes import aims, battle_draw, battle_fire, force_entry, sidebar
from ogre.ui.scenes.banner import end_words, turning_points
from ogre.ui.scenes.eyes import Eyes
from ogre.ui.scenes.note import RefusalNote
from ogre.ui.scenes.story import Story, story_event
from ogre.ui.toolkit import ink, keymap, theme
from ogre.ui.toolkit.widgets import OK_CANCEL, OK_ONLY, Button, Dialog, route_to_dialog, when_ok

OFF_MAP = MESSAGES["off_map"]
MOVING = MOVE_PHASES | {Phase.ATTACK_GEV_MOVE}     # a drag moves a piece: Ogre Defending's too


class Battle:
    def __init__(self, state: GameState, *, reminders: Callable[[], bool] = lambda: True,
                 sounds=None, on_change: Callable[[], None] = lambda: None,
                 match: Match | None = None) -> None:
        self.match = match or Match.begin(state)     # the battle in progress: its state, log...
        self.map = MapView(map_rect(theme.LOGICAL_SIZE))   # the App fits it to its canvas
        self.reminders = reminders
        self.sounds = sounds
        self.on_change = on_change
        self.sides = players_named(state.scenario)            # who plays each side
        self.computer_turn: Callable[[], bool] = lambda: False   # the Commands' computer_acting
        self.eyes = Eyes(self.match)           # who sits here, and what they may see
        self.selected: int | None = None
        self.top: dict[int, int] = {}          # stacked hex -> the piece shown on top
        self.message = ""
        self.note = RefusalNote()              # M1: the refusal beside the piece, for a moment
        self.story = Story()                   # X11: every message of the battle, scrollable
        self.banner: list[str] = []            # X11: the turning points shown over the map
        self.banner_click = False              # the press took the banner away: not its release
        self.shown = 0                         # result lines the last action added (G2's pacing)
        self.top_inset = 0                     # X6: room at the map's top for the lesson panel
        self.other = "computer"                # who plays the other side: "host", "guest"
        self.umbrella: tuple[set[int], set[int]] | None = None
        self.dialog: Dialog | None = None
        self.drag_from = 0
        self.drag_left_hex = False
        self.swallow_release = False          # the press only removed the Range umbrella
        self.drag_pos: tuple[int, int] | None = None
        self.every_squad = False               # Shift held as the drag ended (issue 30 (4))
        self.hover = 0
        self.buttons = self._make_buttons()
        if self.match.log:                     # X11: a loaded battle tells its story again
            self.story.retell(self.match.start, self.match.log, self.match.told)
        if self.match.seats["ogre"].who == "here":
            if state.phase is Phase.OGRE_ENTRY:
                self.open(Dialog("Ogre Entry", f"{entry_words(state)} Click OK, then click the "
                                 "hex where it comes on.", OK_ONLY))
            elif state.scenario in ASSAULTS and not self.match.log:
                self.open(Dialog(force_entry.TITLE, force_entry.WELCOME, OK_ONLY))

    # The match's parts, as the screen and its callers name them
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def seen(self) -> GameState:
        """The battle as the player at the screen may see it (8.03, 8.04): what the screen
        draws and says. The rules judge the whole state."""
        return self.eyes.seen(self.match.state)

    @property
    def results(self) -> list[str]:
        """The result window's lines, the whole battle's (X11)."""
        return self.story.lines

    @results.setter
    def results(self, lines: list[str]) -> None:     # the replay shows one step's
        self.story.lines, self.story.back = list(lines), 0

    @property
    def log(self) -> list[str]:
        return self.match.log

    @property
    def start_state(self) -> GameState:
        return self.match.start

    @property
    def told(self) -> list[int]:
        return self.match.told

    @property
    def advice_asked(self) -> int:
        return self.match.advice_asked

    # ------------------------------------------------------------ buttons
    def _make_buttons(self) -> list[Button]:
        r = sidebar.button_rects()

        def unless_dialog(enabled):
            # a dialog is modal: its buttons are the only ones (shortcut keys included); in the
            # computer's turn none is the player's (G2)
            return lambda: self.dialog is None and not self.computer_turn() and enabled()

        return [
            Button(r["top_left"], "Undo", self.press_top_left,
                   unless_dialog(self._top_left_enabled), keymap.letter("undo")),
            Button(r["top_right"], "Group", self.press_top_right,
                   unless_dialog(self._top_right_enabled), keymap.letter("group")),
            Button(r["range"], "Range", self.press_range,
                   unless_dialog(lambda: self.selected is not None), keymap.letter("range")),
            Button(r["done"], "Done", self.press_done, unless_dialog(self._done_enabled),
                   keymap.letter("done")),
        ]

    def key_controls(self) -> list[pygame.Rect]:
        """The sidebar's buttons, for the arrow keys (S4)."""
        return [b.rect for b in self.buttons]

    def refresh_labels(self) -> None:
        fire = self.state.phase in FIRE_PHASES
        self.buttons[0].label = "Clear" if fire else "Undo"
        self.buttons[1].label = "Fire" if fire else ("Split" if self._splittable() else "Group")

    def _splittable(self) -> bool:
        """M5: a 2- or 3-squad unit alone in its hex shows Split (dimmed when refused now)."""
        p = self.state.piece(self.selected) if self.selected is not None else None
        if p is None or len(self.ids_at(p.hex)) != 1:
            return False
        return p.kind is Kind.INFANTRY and p.squads >= 2

    def _can(self, kind) -> bool:
        if self.selected is None:
            return False
        try:
            check(self.state, kind(self.selected))
            return True
        except RuleError:
            return False

    def _top_left_enabled(self) -> bool:
        if self.state.phase in FIRE_PHASES:
            return self.state.aim is not None
        return self._can(Undo)

    def _top_right_enabled(self) -> bool:
        if self.state.phase in FIRE_PHASES:
            return self.state.aim is not None
        return self._can(Group) or self._can(Split)

    def _done_enabled(self) -> bool:
        return not self.state.over and self.state.phase is not Phase.OGRE_ENTRY

    def press_top_left(self) -> None:
        if self.state.phase in FIRE_PHASES:
            self.act(Clear())
        elif self.selected is not None:
            self.act(Undo(self.selected))

    def press_top_right(self) -> None:
        if self.state.phase in FIRE_PHASES:
            self.act(Fire())
        elif self.selected is not None:
            self.act(Split(self.selected) if self._can(Split) else Group(self.selected))

    def press_range(self) -> None:
        """S2: move reach in green, attack reach in blue."""
        h, move, reach = self._range_of(self.selected)
        if h > 0:
            self.umbrella = range_umbrella(self.state.board, h, move, reach)

    def _range_of(self, pid: int | None) -> tuple[int, int, int]:
        """Where the piece stands, its move and its reach, as the player here may know them
        (a marker's are nothing, 8.04)."""
        o = self.seen.ogre_unit(pid) if pid is not None else None
        if o is not None:
            reach = max((WEAPON_STATS[w].range for i, w in enumerate(WEAPONS) if o.weapons[i]),
                        default=0)
            return o.hex, o.move_value, reach
        p = self.seen.piece(pid) if pid is not None else None
        if p is None:
            return 0, 0, 0
        st = STATS[p.kind]
        move = st.second_move if st.second_move and self.state.phase is Phase.GEV_MOVE else st.move
        return p.hex, move, p.range      # S2: a GEV's second move is its 3, not its 4

    def press_done(self) -> None:
        try:                              # refused first (a stacked hex, M3): no reminder
            check(self.state, Done())
            asks = not self.match.refusal(Done())     # X6: nor when a lesson refuses
        except RuleError:
            asks = False
        if asks and self.reminders() and self._unused_pieces():
            self.open(Dialog("Reminder", status.reminder_words(self.state), OK_CANCEL,
                             when_ok(lambda: self.act(Done()))))
            return
        self.act(Done())                  # refused with the lesson's words or the rules', or taken

    def _unused_pieces(self) -> bool:
        """T3: is there a piece that has not moved (or fired) and still could? Weapons aimed
        but not fired count: Done would drop the aim."""
        s = self.state
        if s.aim is not None:
            return True
        for a in legal_actions(s):
            if isinstance(a, Move):
                mover = s.ogre_unit(a.piece) or s.known(a.piece)
                if mover.moved == 0:
                    return True
            elif isinstance(a, status.AIMS) and s.aim is None:
                return True
        return False

    # ------------------------------------------------------------ acting
    def act(self, action, confirmed: bool = False) -> bool:
        """Check an action; refuse it with its message, confirm it where the manual asks, or
        apply it."""
        refusal = self.match.refusal(action)     # X6: the lessons
        if refusal:
            self.refuse(refusal)
            return False
        try:
            verdict = check(self.state, action)
        except RuleError as err:
            self.refuse(err.message)
            return False
        # G7: rams and overruns ask only with Reminders on; leaving the map always asks, as a
        # click off the map means nothing else
        asks = self.reminders() or verdict.kind not in ("ram", "overrun", "ram_ogre")
        if verdict.confirm and not confirmed and asks:
            self.open(Dialog(*status.confirm_words(self.state, verdict), OK_CANCEL,
                             when_ok(lambda: self.act(action, confirmed=True))))
            return False
        before = self.state
        self.played(action, before, self.match.act(action))
        return True

    def played(self, action, before: GameState, events) -> None:
        """Draw an action the match has played from `before`: its story, sounds and turning
        points; events None: it went to the host, whose dice decide (X10), or to the guest,
        whose sheet says what it shows (X16)."""
        if events is None:                   # it comes back, played
            self.message = ("Sent to the guest: its sheet says what this shows."
                            if self.other == "guest" else "Sent to the host: its dice decide.")
            return
        self.message = ""
        self.shown = self._show(before, events, action)
        self.banner += turning_points(before, self.state)     # X11: held until a click or key
        self._after(action)
        self.on_change()

    def announce_aim(self, action) -> None:
        """G2: before the computer fires, its target is selected, so the Tactical Display shows
        what is about to be hit (the story has said the aim, as it says every aim)."""
        if isinstance(action, OgreAim):
            self.selected = action.target
        elif isinstance(action, Aim):
            self.selected = ogre_in_play(self.state).id
        elif isinstance(action, AimAt):
            self.selected = action.target

    def refuse(self, message: str) -> None:
        self.message = message
        self.note.show(message, battle_draw.note_hex(self))     # by the piece too, for a moment
        self.play("beep")

    def play(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    def _show(self, before: GameState, events, action) -> int:
        """Tell the action in the result window (X11), with its sounds; how many lines
        worth holding the computer for that was (G2)."""
        aim = before.aim
        missiles = bool(aim and aim.weapons and aim.weapons[0])
        return self.story.tell(before, self.state, events, lambda e: self.play(
            "phase" if e.kind == "phase" else sound_for(e, missiles)), action,
            self.eyes.seen(before))

    def look(self, event: pygame.event.Event, modal: bool) -> bool:
        """X11: a click or a key takes the banner away (a dialog's own come first); the
        wheel over the result window and Shift+PgUp, PgDn, End scroll the battle's story."""
        if self.banner and not modal and not self._for_others(event) and (
                event.type == pygame.KEYDOWN
                or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.banner = []
            self.banner_click = event.type == pygame.MOUSEBUTTONDOWN   # its release too
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.banner_click:
            self.banner_click = False
            return True
        return story_event(self, event, sidebar.results_rect(self.map.rect.bottom))

    def _for_others(self, event: pygame.event.Event) -> bool:
        """What a banner leaves alone: the menus' keys, and clicks off the map and sidebar
        (the menu bar, a lesson's panel)."""
        if event.type == pygame.KEYDOWN:
            return event.key in (pygame.K_m, pygame.K_o) or (
                event.key == pygame.K_q and bool(event.mod & pygame.KMOD_CTRL))
        pos = getattr(event, "pos", (0, 0))
        in_sidebar = pos[0] < theme.SIDEBAR_W and pos[1] >= theme.MENU_H
        return not (in_sidebar or self.map.rect.collidepoint(pos))

    def _after(self, action) -> None:
        s = self.state
        self.umbrella = None
        self.hover = 0            # the pointer's outline waits for the pointer to move again
        if isinstance(action, (Done, Enter)):
            o = ogre_in_play(s)
            self.selected = (o.id if s.phase in (Phase.OGRE_MOVE, Phase.OGRE_FIRE)
                             and side_of_phase(s.phase) == "ogre" and acts_for(s, o.id)
                             else None)
            self.top.clear()
        chosen = None if self.selected is None else (s.piece(self.selected)
                                                     or s.ogre_unit(self.selected))
        if chosen is None or (isinstance(chosen, Piece) and chosen.hex <= 0):
            self.selected = None                     # gone, or off the map (9.03's units)
        if isinstance(action, Move) and s.piece(action.piece):
            self.top[action.to] = action.piece
            self.selected = action.piece
        self._keep_in_view(action)
        if s.over:
            self.play("victory")
            # the end dialog says the last turning points: no banner hides behind it
            turned, self.banner = self.banner, []
            self.open(BattleOver(end_words(s.result, status.victory_words(s), turned)))

    def _keep_in_view(self, action) -> None:
        """The map follows the Ogre, and each phase opens on the pieces that matter in it, so
        no one hunts for the action with the arrows (B4)."""
        if isinstance(action, (Done, Enter)):
            self.frame_phase()
        elif isinstance(action, Move):
            o = self.state.ogre_unit(action.piece)
            if o is not None and o.on_map:
                self.map.frame(o.hex)

    def frame_phase(self) -> None:
        """Show the Ogre and the pieces that matter in this phase fully, the nearest first when
        they do not all fit; before the Ogre enters, the bottom row where it comes on."""
        hexes = hexes_that_matter(self.state)
        if hexes:
            self.map.frame(hexes[0], hexes[1:])
        elif self.state.phase is Phase.OGRE_ENTRY and self.state.scenario in DUELS:
            edge = sorted(status.entry_edge(self.state))
            self.map.frame(edge[len(edge) // 2], [])     # the entering Ogre's own edge (9.04)
        elif self.state.phase is Phase.OGRE_ENTRY:
            self.map.jump_half(bottom=True)

    def map_area(self, canvas_size: tuple[int, int]) -> pygame.Rect:
        """What is below the menu bar, less the lesson panel's stripe at its top (X6)."""
        r = map_rect(canvas_size)
        return pygame.Rect(r.left, r.top + self.top_inset, r.width, r.height - self.top_inset)

    def resize(self, canvas_size: tuple[int, int]) -> None:
        """The canvas follows the window's height: the map takes what is below the menu bar."""
        self.map.resize(self.map_area(canvas_size))

    def open(self, dialog: Dialog) -> None:
        self.dialog = dialog

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Logical-canvas events. True when something may have changed."""
        if self.dialog is not None:
            route_to_dialog(self, event)
            return True
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.handle_event(event)
            self.hover = self.map.hex_at(event.pos)
            if self.drag_from and not getattr(event, "buttons", (1,))[0]:
                # the button came up where this screen never heard it (over the menu bar,
                # outside the window): the drag is over, nothing happens
                self.drag_from, self.drag_pos, self.drag_left_hex = 0, None, False
            if self.drag_from:
                self.drag_pos = event.pos
                if self.hover != self.drag_from:
                    self.drag_left_hex = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.every_squad = aims.shift_held()
            return self._release(event.pos)
        return False

    def _press(self, pos) -> bool:
        if self.umbrella is not None:
            # S2: any click removes the umbrella and does nothing else; a drag also moves
            self.umbrella, self.swallow_release = None, True
            h = self.map.hex_at(pos)
            self.drag_from, self.drag_left_hex, self.drag_pos = h, False, pos
            return True
        self.swallow_release = False
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.handle_event(_ev(pygame.MOUSEBUTTONDOWN, pos))
        if self.map.click_arrow(pos):
            return True
        h = self.map.hex_at(pos)
        self.drag_from, self.drag_left_hex, self.drag_pos = h, False, pos
        return True

    def _release(self, pos) -> bool:
        src, left = self.drag_from, self.drag_left_hex
        self.drag_from, self.drag_pos, self.drag_left_hex = 0, None, False
        if self.swallow_release:
            self.swallow_release = False
            dst = self.map.hex_at(pos)
            if src and dst and dst != src:
                self.drag(src, dst)           # the press cleared Range; the drag moves
            return True
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                self.refresh_labels()
                b.handle_event(_ev(pygame.MOUSEBUTTONUP, pos))
                return True
        if any(r.collidepoint(pos) for r in self.map.arrows.values()):
            return True
        dst = self.map.hex_at(pos)
        if not dst:
            self._off_map(src, pos)
        elif src and (dst != src or left):
            self.drag(src, dst)
        elif dst:
            self.click(dst)
        return True

    def _off_map(self, src: int, pos) -> None:
        """M9: a click anywhere off the map but in a command area (buttons, menu bar, map
        arrows: those never reach here) may take the Ogre off the map."""
        leaving = self._leaving(src)
        if leaving is not None:
            try:
                check(self.state, leaving)
            except RuleError:
                pass
            else:
                self.act(leaving)
                return
        self.refuse(OFF_MAP)

    def _leaving(self, src: int) -> Exit | None:
        """Who a click off the map takes off it: the Ogre meant; in Ogre Defending the
        attacking unit dragged off, or the one selected."""
        s = self.state
        if s.scenario in ASSAULTS:
            pid = self.top_at(src, "ogre") if src else self.selected
            return Exit(pid) if pid is not None and side_of(s, pid) == "ogre" else None
        return Exit(self._ogre_meant().id) if s.phase is Phase.OGRE_MOVE and not src else None

    def _ogre_meant(self) -> Ogre:
        """The Ogre a command without a hex means: the selected one, else the one in play."""
        s = self.state
        chosen = s.ogre_unit(self.selected) if self.selected is not None else None
        return chosen or ogre_in_play(s)

    def _entering(self) -> int:
        """T2: the Ogre a click on the bottom row brings on, the first yet to enter."""
        return next((o.id for o in self.state.ogres if not o.hex and not o.exited), OGRE_ID)

    def click(self, h: int) -> None:
        s = self.state
        if s.phase is Phase.OGRE_ENTRY:
            self.act(Enter(h, self._entering()))
            return
        if force_entry.may_enter(s, h):
            self.open(force_entry.chooser(s, h, self.act))
            return
        ids = self.ids_at(h)
        if not ids:
            self.selected = None
            return
        shown = self.top.get(h)
        if shown is None or shown not in ids:
            shown = ids[0]
        if len(ids) > 1:
            # a click on a stacked hex brings the bottom piece to the top (M3), whatever
            # was selected before
            self.selected = ids[(ids.index(shown) + 1) % len(ids)]
        else:
            self.selected = shown
        self.top[h] = self.selected
        self.message = ""

    def ids_at(self, h: int) -> list[int]:
        ids = [p.id for p in self.state.at(h)]
        o = self.state.ogre_at(h)
        return ids if o is None else [o.id, *ids]

    def top_at(self, h: int, side: str | None = None) -> int | None:
        """The piece a drag from h picks up: the one on top, of `side` when given."""
        if side is None:
            return self.top_where(h, lambda _: True)
        return self.top_where(h, lambda i: side_of(self.state, i) == side)

    def top_where(self, h: int, keep: Callable[[int], bool]) -> int | None:
        """The piece on top at h of those `keep` takes (a Duel's Ogre whose turn it is, an
        enemy of the firer...)."""
        ids = [i for i in self.ids_at(h) if keep(i)]
        if not ids:
            return None
        t = self.top.get(h)
        return t if t in ids else ids[0]

    def drag(self, src: int, dst: int) -> None:
        s = self.state
        if s.phase is Phase.OGRE_ENTRY:
            self.act(Enter(dst, self._entering()))
        elif s.phase in MOVING:
            pid = self.top_where(src, lambda i: acts_for(s, i))
            if pid is None:
                self.refuse(MESSAGES["move_a_piece"])
                return
            self.selected = pid
            self.act(Move(pid, dst))
        elif s.phase in FIRE_PHASES:
            battle_fire.attack(self, src, dst)

    # ------------------------------------------------------------ drawing (battle_draw.py)
    def draw(self, surface: ink.Target) -> None:
        battle_draw.draw(self, surface)

    def tactical_lines(self) -> list[str]:
        return battle_draw.tactical_lines(self)


def _ev(kind: int, pos) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1)



def entry_words(state: GameState) -> str:
    """Where the Ogre enters (T2); in a Duel each at an edge of its own (9.04)."""
    if state.scenario not in DUELS:
        return "The Ogre enters on the bottom row of the map."
    edges = [f"Ogre {n} on the {edge}"
             for n, edge in enumerate(EDGE_NAMES[:len(state.ogres)], 1)]
    return f"Each Ogre enters at its own edge of the map: {', '.join(edges[:-1])} and " \
           f"{edges[-1]}."
