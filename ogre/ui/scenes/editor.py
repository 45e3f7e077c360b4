"""The Field Editor screen (E1-E8): deploy the defenders and alter the battlefield.

Every click is planned before it happens: `plan_click` and `plan_drag` say in words what the
gesture would do and give the field it would leave (or the 1986 message refusing it). The
map highlights that plan while the pointer moves (a bright line on the hexside a click would
turn to rubble or clear, the hex and a faint piece where a drop would land), the sidebar says
it, and the click carries out exactly that plan.

A point is in the *hexside zone* when it lies within `band` pixels of an edge shared by two
map hexes; everywhere else on a hex (its middle, or an edge on the map's border) is that
hex's zone. So a click in a hex's middle always places a piece and a click on an edge always
toggles rubble.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from ogre.resources import standard_board
from ogre.rules.board import EMPTY_BOARD, side
from ogre.rules.field import (
    ANYWAY,
    NOT_OFFICIAL,
    Field,
    armor_units,
    forward_attack_points,
    infantry_squads,
    validate,
)
from ogre.rules.hexes import NEIGHBOURS
from ogre.rules.scenarios import SCENARIOS, Scenario, for_mark
from ogre.rules.units import MARKS
from ogre.storage.fields import designed_for
from ogre.ui.drawing.mapview import MapView, map_rect, shared_edge
from ogre.ui.scenes import editor_plans as plans
from ogre.ui.scenes import editor_sidebar as bar
from ogre.ui.scenes.editor_plans import OFF_MAP, Plan
from ogre.ui.scenes.field_edits import defenders_only
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.choices import ListDialog
from ogre.ui.toolkit.widgets import OK_CANCEL, OK_ONLY, Dialog, route_to_dialog, when_ok

FIELD_LOST = "The changes to this field will be lost unless it is saved first."   # G5
# The first screen's messages box: the 1986 start in the Field Editor, and how to leave it
HOW_TO_START = ("To start a battle:\nMenu > Play a Game, or press P.\nNew to OGRE? "
                "Menu > Learn to Play.")

BATTLE_ROWS = {
    "": "Basic or Advanced (1986): a Mark III or a Mark V, as the counts fit",
    "mark-iiis-attacking": "Mark IIIs Attacking: two Mark IIIs, and 22 armor units",
    "mark-iii-on-defense": "Mark III on Defense: a Mark V, and the defense's own Mark III",
    "ogre-defending": "Ogre Defending: units attack; half of them and a Mark III defend",
}

ADD_RUBBLE = (255, 232, 40)     # the hexside a click would turn to rubble
REMOVE_RUBBLE = (255, 70, 50)   # the rubble a click would clear
FADED = 90                      # the see-through piece being dragged away


@dataclass(frozen=True)
class Zone:
    """What lies under the pointer: a hex's middle (`side` None) or the hexside `side`."""

    hex: int
    side: tuple[int, int] | None = None


class Editor:
    def __init__(self, field: Field, *, sounds=None,
                 on_change: Callable[[], None] = lambda: None) -> None:
        self.field = defenders_only(field)
        self.kept_field = self.field        # as last loaded or saved: edits since are at risk
        # the pocket edition's battle the field is designed for (X15); "" for the 1986 two,
        # told apart by the field's counts (E9)
        self.scenario = ""
        self.kept_scenario = ""
        self.checked = self.field           # the field the last start_checks checked (E8)
        self.sounds = sounds
        self.on_change = on_change
        self.dialog: Dialog | None = None
        self.message = ""
        self.map = MapView(map_rect(theme.LOGICAL_SIZE))   # the App fits it to its canvas
        self.map.scroll_to(1)         # the defenders' end of the field first
        self.selected = "heavy"       # a key of editor_sidebar.CHOICES
        self.mode = "drop"            # "drop" or "drag"
        self.pointer: tuple[int, int] | None = None
        # while the button is held: "map" (pressed on the map), "choice" (on a piece of the
        # selection window: releasing it on a hex drops it there) or "control"
        self.pressed: str | None = None
        self.press_zone: Zone | None = None
        self.left_press_hex = False
        # E7, E10: entered from a battle, the Ogre stands on the map; it can be dragged (never
        # onto a crater) and is no part of the field
        self.ogre_hex = 0
        self.ogre_mark = 3
        # said while the pointer is off the map until a battle starts (the app clears it)
        self.how_to_start = HOW_TO_START

    def resize(self, canvas_size: tuple[int, int]) -> None:
        """The canvas follows the window's height: the map takes what is below the menu bar."""
        self.map.resize(map_rect(canvas_size))

    def show_ogre(self, h: int, mark: int = 3) -> None:
        self.ogre_hex, self.ogre_mark = h, mark
        self.on_change()

    # ------------------------------------------------------------ the App's contract
    def set_field(self, field: Field, scenario: str = "") -> None:
        """A field to edit, designed for a battle (a scenario's key; the 1986 two are told by
        the field's counts)."""
        self.scenario = self.kept_scenario = _designed(scenario)
        self.field = self.kept_field = defenders_only(self._fitted(field))
        self.message = ""
        self.pressed, self.press_zone = None, None
        if self.selected not in {c.key for c in bar.choices(self.watchdog)}:
            self.selected = "heavy"
        self.on_change()

    def edited(self) -> bool:
        """G5: changed since it was loaded or saved (Load a Field asks before losing it)."""
        return self.field != self.kept_field or self.scenario != self.kept_scenario

    def kept(self, name: str) -> None:
        """Saved under `name`: the field takes the name, and nothing is at risk."""
        self.field = self.kept_field = replace(self.field, name=name)
        self.kept_scenario = self.scenario

    # ------------------------------------------------------------ the battle it is for (X15)
    @property
    def battle(self) -> Scenario | None:
        """The pocket edition's battle the field is designed for; None for the 1986 two."""
        return SCENARIOS[self.scenario] if self.scenario else None

    @property
    def watchdog(self) -> bool:
        """Whether the battle gives the defense an Ogre of its own to place."""
        return self.battle is not None and bool(self.battle.watchdogs)

    @property
    def battle_key(self) -> str:
        """What a saved field is designed for: the battle's key, or the 1986 one its counts
        fit (E9)."""
        return self.scenario or for_mark(designed_for(self.field)).key

    def _fitted(self, field: Field) -> Field:
        """A battle without an Ogre of the defense's keeps none on its field."""
        return field if self.watchdog or not field.ogres else replace(field, ogres=())

    def design_for(self, scenario: str) -> None:
        """Design the field for another battle ("" for the 1986 two)."""
        self.scenario = _designed(scenario)
        self.field = self._fitted(self.field)
        if self.selected == bar.WATCHDOG.key and not self.watchdog:
            self.selected = "heavy"
        self.message = ""
        self.on_change()

    def ask_battle(self) -> None:
        """Menu > Design for a Battle: the battles a field can be designed for."""
        keys = list(BATTLE_ROWS)
        rows = [(BATTLE_ROWS[k], True) for k in keys]

        def chosen(i: int | None) -> None:
            if i is not None:
                self.design_for(keys[i])
        self.dialog = ListDialog("Design for a Battle", "Which battle is this field for?", rows,
                                 chosen)
        self.dialog.selected = keys.index(self.scenario) if self.scenario in keys else 0

    def ask_clear_field(self) -> None:
        """E5: all rubble, craters and pieces, once confirmed: a new field, with no name yet
        (Save a Field must not offer the old one's)."""
        self.dialog = Dialog("Clear Field", "Remove all rubble, craters and pieces from the field?",
                             OK_CANCEL,
                             when_ok(lambda: self._change(Field(EMPTY_BOARD, ()))))

    def ask_clear_pieces(self) -> None:
        """E5: the pieces only (the defense's own Ogre among them); rubble and craters stay."""
        self.dialog = Dialog("Clear Pieces", "Remove all pieces from the field? Rubble and craters "
                             "stay.", OK_CANCEL,
                             when_ok(lambda: self._change(replace(self.field, placements=(),
                                                                  ogres=()))))

    def start_checks(self, battle: int | Scenario, on_play: Callable[[], None],
                     deployed: Field | None = None) -> None:
        """E8: refuse a field without a Command Post or a way to it; ask about every other
        departure from the battle's standard deployment in turn (a scenario, or the 1986 one
        of a Mark); play when all are accepted. `deployed`: the field as the battle will be
        played on it, where the computer deploys what the editor's field lacks (the
        defense's Ogre): that is the field checked, after saying so."""
        battle = for_mark(battle) if isinstance(battle, int) else battle
        board = standard_board()
        self.checked = deployed or self.field
        findings = validate(self.checked, battle, board)
        if self.checked != self.field:
            findings = [f for f in validate(self.field, battle, board)
                        if f.code == "no_watchdog"] + findings
        fatal = [f for f in findings if f.fatal]
        if fatal:
            self.play("beep")
            self.dialog = Dialog("Play a Game", fatal[0].message, OK_ONLY)
            return
        self._ask(battle, [f for f in findings if not f.fatal], on_play)

    def _ask(self, battle: Scenario, findings, on_play: Callable[[], None]) -> None:
        if not findings:
            self.dialog = None
            on_play()
            return
        first, rest = findings[0], findings[1:]
        words = first.message.replace(f"{NOT_OFFICIAL} ", f"{NOT_OFFICIAL}\n")
        words = words.replace(f" {ANYWAY}", f"{self._detail(first.code, battle)}\n{ANYWAY}")
        self.dialog = Dialog("Play a Game", words, OK_CANCEL,
                             when_ok(lambda: self._ask(battle, rest, on_play)))

    def _detail(self, code: str, battle: Scenario) -> str:
        allowed = battle.allowance
        n = counts_of(self.checked)
        detail = {
            "infantry": f"{n['infantry']} squads; the {battle.named} scenario allows "
                        f"{allowed.infantry_squads}.",
            "armor": f"{n['armor']} armor units; the {battle.named} scenario allows "
                     f"{allowed.armor_units}.",
            "forward": f"{n['forward']} attack points in front of the crater line; the "
                       f"{battle.named} scenario allows {allowed.forward_points}.",
        }.get(code)
        return f" ({detail})" if detail else ""

    # ------------------------------------------------------------ counts (E6)
    def counts(self) -> dict[str, int]:
        return counts_of(self.field)

    def count_lines(self) -> list[str]:
        """The counts as words: 'Armor 11 / 12 (Mk III) / 20 (Mk V)'."""
        n = self.counts()
        out = []
        for key, name, allowance in (("infantry", "Infantry", "infantry_squads"),
                                     ("armor", "Armor", "armor_units"),
                                     ("forward", "Forward", "forward_points")):
            out.append(f"{name} {n[key]} / {getattr(MARKS[3], allowance)} (Mk III) / "
                       f"{getattr(MARKS[5], allowance)} (Mk V)")
        return out

    # ------------------------------------------------------------ zones
    def band(self) -> float:
        """How near an edge (in pixels, either side) a point is in the hexside zone."""
        return max(4.0, self.map.layout.size * 0.17)

    def zone_at(self, pos) -> Zone | None:
        """The hex or hexside a click at pos would act on; None off the map."""
        if pos is None or self._on_arrow(pos):
            return None
        h = self.map.hex_at(pos)
        if not h:
            return None
        L = self.map.layout
        corners = L.corners(h)
        d, i = min((_segment_distance(pos, corners[i], corners[(i + 1) % 6]), i) for i in range(6))
        if d > self.band():
            return Zone(h)
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
        cx, cy = L.center(h)
        across = (x1 + x2 - cx, y1 + y2 - cy)       # the centre of the hex beyond that edge
        for n in NEIGHBOURS[h]:
            nx, ny = L.center(n)
            if abs(nx - across[0]) < 1.0 and abs(ny - across[1]) < 1.0:
                return Zone(h, side(h, n))
        return Zone(h)                              # an edge on the map's border

    def _on_arrow(self, pos) -> bool:
        return any(r.collidepoint(pos) for r in self.map.arrows.values())

    # ------------------------------------------------------------ plans
    def plan_click(self, zone: Zone | None) -> Plan:
        if zone is None:
            return Plan("Off the map.", refusal=OFF_MAP)
        if zone.side is not None:
            return plans.plan_rubble(self.field, *zone.side)
        if self.mode == "drag":
            return Plan("")
        return self.plan_drop(zone.hex)

    def plan_drop(self, h: int) -> Plan:
        """E4 Drop mode: the selected piece onto hex h."""
        return plans.plan_drop(self.field, bar.BY_KEY[self.selected], h, self.ogre_hex)

    def plan_drag(self, src: int, dst: int) -> Plan:
        """E4 Drag mode: from hex src to hex dst (0 when the drag ends off the map)."""
        return plans.plan_drag(self.field, src, dst, self.ogre_hex)

    def carry_out(self, plan: Plan) -> None:
        if plan.refusal:
            self.refuse(plan.refusal)
        elif plan.ogre_to:
            self.ogre_hex = plan.ogre_to
            self.message = ""
            self.on_change()
        elif plan.field is not None:
            self._change(plan.field)

    # ------------------------------------------------------------ actions
    def select(self, key: str) -> None:
        if key not in {c.key for c in bar.choices(self.watchdog)}:
            raise KeyError(key)
        self.selected = key
        self.on_change()

    def set_mode(self, mode: str) -> None:
        if mode not in ("drop", "drag"):
            raise ValueError(mode)
        self.mode = mode
        self.on_change()

    def drop(self, h: int) -> None:
        self.carry_out(self.plan_drop(h))

    def drag(self, src: int, dst: int) -> None:
        self.carry_out(self.plan_drag(src, dst))

    def toggle_rubble(self, a: int, b: int) -> None:
        self.carry_out(self.plan_click(Zone(a, side(a, b))))

    def _change(self, field: Field) -> None:
        self.field = field
        self.message = ""
        self.on_change()

    def refuse(self, message: str) -> None:
        self.message = message
        self.play("beep")
        self.on_change()

    def play(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # ------------------------------------------------------------ input
    def key_controls(self) -> list[pygame.Rect]:
        """The piece window's choices and the Drop/Drag modes, for the arrow keys (S4)."""
        return [bar.choice_rect(c.key) for c in bar.choices(self.watchdog)] + [
            bar.mode_rect(m, self.watchdog) for m in ("drop", "drag")]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Logical-canvas events. True when something may have changed."""
        if self.dialog is not None:
            route_to_dialog(self, event)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.pressed is not None and not getattr(event, "buttons", (1,))[0]:
                self.pressed, self.press_zone = None, None    # released somewhere else
            if self.pressed == "map" and self.press_zone is not None:
                if self.map.hex_at(event.pos) != self.press_zone.hex:
                    self.left_press_hex = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer = event.pos
            return self._release(event.pos)
        return False

    def _press(self, pos) -> bool:
        self.pressed, self.press_zone, self.left_press_hex = "control", None, False
        key = bar.choice_at(pos, self.watchdog)
        if key is not None:
            self.select(key)
            self.pressed = "choice"
            return True
        mode = bar.mode_at(pos, self.watchdog)
        if mode is not None:
            self.set_mode(mode)
            return True
        if self.map.click_arrow(pos):
            return True
        self.pressed = "map"
        self.press_zone = self.zone_at(pos)
        return True

    def _release(self, pos) -> bool:
        pressed, start = self.pressed, self.press_zone
        left = self.left_press_hex
        self.pressed, self.press_zone, self.left_press_hex = None, None, False
        if pressed == "choice":
            zone = self.zone_at(pos)
            if zone is not None and zone.side is None:     # a piece dragged onto the map
                self.drop(zone.hex)
            return True
        if pressed != "map":
            return pressed is not None
        if self._on_arrow(pos):
            return True                     # a legal area: nothing happens
        zone = self.zone_at(pos)
        if self.mode == "drag":
            if start is None:
                self.refuse(OFF_MAP)
            elif zone is None:
                self.carry_out(self.plan_drag(start.hex, 0))
            elif zone.hex != start.hex or left:
                self.carry_out(self.plan_drag(start.hex, zone.hex))
            else:
                self.carry_out(self.plan_click(zone))
            return True
        self.carry_out(self.plan_click(zone))
        return True

    # ------------------------------------------------------------ what the pointer would do
    def preview(self) -> tuple[Zone | None, Plan | None]:
        """The zone under the pointer and the plan a click (or the drag in hand) would carry out."""
        pos = self.pointer
        if pos is None or self.dialog is not None:
            return None, None
        zone = self.zone_at(pos)
        if self.pressed == "map" and self.mode == "drag" and self.press_zone is not None:
            start = self.press_zone
            if zone is not None and (zone.hex != start.hex or self.left_press_hex):
                return Zone(zone.hex), self.plan_drag(start.hex, zone.hex)
            if zone is None and not self._on_arrow(pos):
                return None, self.plan_drag(start.hex, 0)
        if zone is None:
            return None, None
        if self.pressed == "choice":
            return (zone, self.plan_drop(zone.hex)) if zone.side is None else (None, None)
        if self.mode == "drag" and zone.side is None:
            f = self.field
            if zone.hex == self.ogre_hex:
                return zone, Plan("Drag the Ogre to another hex to move it.")
            here = plans.what_is_on(f, zone.hex)
            if here:
                return zone, Plan(f"Drag the {here} to another hex to move it.")
            if f.board.is_crater(zone.hex):
                return zone, Plan("Drag the crater to another hex to move it.")
            return zone, Plan("Drag from here onto a piece to remove it.")
        return zone, self.plan_click(zone)

    def hint(self) -> str:
        zone, plan = self.preview()
        if plan is not None and plan.text:
            verb = "Release" if self.pressed == "choice" or (
                self.pressed == "map" and self.mode == "drag") else "Click"
            if plan.refusal or (plan.field is None and not plan.ogre_to):
                return plan.text
            return f"{verb}: {plan.text}"
        if self.how_to_start and (self.pointer is None
                                  or not self.map.rect.collidepoint(self.pointer)):
            edit = (f"Or click a hex to drop the {bar.BY_KEY[self.selected].name}."
                    if self.mode == "drop" else "Or drag a piece to move it.")
            return f"{self.how_to_start}\n{edit}"
        if self.mode == "drop":
            # the hexsides are drawn as thin lines and rubble as thick black ones (E2)
            return (f"Click a hex to drop the {bar.BY_KEY[self.selected].name}; click a thin "
                    "hexside to add rubble, a thick black one to remove it.")
        return "Drag a piece to another hex to move it; click a hexside for rubble."

    # ------------------------------------------------------------ drawing
    def draw(self, surface: ink.Target) -> None:
        f = self.field
        surface.fill(theme.BG, pygame.Rect(0, theme.MENU_H, surface.get_width(),
                                           surface.get_height() - theme.MENU_H))
        ink.blit(surface, self.map.terrain(f.board, surface, dotted_hexsides=True),
                 self.map.rect.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.map.rect)
        zone, plan = self.preview()
        pressed = self.press_zone.hex if self.press_zone is not None else 0
        dragging = self.pressed == "map" and self.mode == "drag" and self.press_zone is not None
        for p in f.placements:
            if not self.map.hex_visible(p.hex):
                continue
            faded = dragging and p.hex == pressed and plan is not None and \
                plan.field is not None
            self.map.draw_counter(surface, p.hex, p.kind.value, FADED if faded else None,
                                  squads=p.squads)
        for h in f.mines:                 # 8.03: the designer sees the mines, over the pieces
            if self.map.hex_visible(h):
                self.map.draw_mine(surface, h, False, corner=f.at(h) is not None)
        for h in f.ogres:                 # the defense's own Ogre (9.01, 9.03)
            if self.map.hex_visible(h):
                faded = dragging and h == pressed and plan is not None and plan.field is not None
                self.map.draw_counter(surface, h, "ogre", FADED if faded else None, mark=3,
                                      side="defense")
        if self.ogre_hex and self.map.hex_visible(self.ogre_hex):
            faded = dragging and pressed == self.ogre_hex and plan is not None \
                and bool(plan.ogre_to)
            self.map.draw_counter(surface, self.ogre_hex, "ogre", FADED if faded else None,
                                  mark=self.ogre_mark)
        if dragging and self.pointer is not None:
            a = self.map.layout.center(pressed)
            ink.line(surface, theme.ACCENT, a, self.pointer, 3)
        self._draw_preview(surface, zone, plan)
        surface.set_clip(clip)
        self.map.draw_arrows(surface)
        hot_choice = bar.choice_at(self.pointer, self.watchdog) if self.pointer else None
        hot_mode = bar.mode_at(self.pointer, self.watchdog) if self.pointer else None
        bar.draw(surface, selected=self.selected, hot=hot_choice, mode=self.mode, mode_hot=hot_mode,
                 message=self.message, hint=self.hint() if self.dialog is None else "",
                 counts=self.counts(), battle=self.battle)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _draw_preview(self, surface: ink.Target, zone: Zone | None, plan: Plan | None) -> None:
        if zone is None:
            return
        L = self.map.layout
        if zone.side is not None:
            a, b = zone.side
            p, q = shared_edge(L, a, b)
            present = self.field.board.has_rubble(a, b)
            width = max(4, int(L.size / 5))
            ink.line(surface, (0, 0, 0), p, q, width + 4)
            ink.line(surface, REMOVE_RUBBLE if present else ADD_RUBBLE, p, q, width)
            for end in (p, q):
                ink.circle(surface, (0, 0, 0), end, width // 2 + 2)
            return
        h = zone.hex
        colour = theme.ERROR if plan is not None and plan.refusal else theme.SELECT
        self.map.outline_hex(surface, h, colour, 3)
        if plan is not None and plan.ogre_to:
            self.map.draw_counter(surface, h, "ogre", 150, mark=self.ogre_mark)
            return
        if plan is None or plan.field is None:
            return
        before, after = self.field, plan.field
        piece = after.at(h)
        centre = L.center(h)
        if after.board.is_crater(h) and not before.board.is_crater(h):
            bar.draw_choice_image(surface, bar.BY_KEY["crater"], centre, L.size, alpha=150)
        elif h in after.ogres and h not in before.ogres:
            bar.draw_choice_image(surface, bar.WATCHDOG, centre, L.size, alpha=150)
        elif piece is not None and piece != before.at(h):
            bar.draw_choice_image(surface, bar.choice_for(piece.kind, piece.squads), centre, L.size,
                                  alpha=150)
        elif (before.at(h) is not None and piece is None) or \
                (h in before.ogres and h not in after.ogres) or \
                (before.board.is_crater(h) and not after.board.is_crater(h)):
            r = L.size * 0.45
            x, y = centre
            for s in (1, -1):
                ink.line(surface, (0, 0, 0), (x - r, y - s * r), (x + r, y + s * r), 8)
                ink.line(surface, theme.ERROR, (x - r, y - s * r), (x + r, y + s * r), 4)


# ------------------------------------------------------------------ helpers

def counts_of(field: Field) -> dict[str, int]:
    """E6's counts: squads, armor units and the attack points in front of the crater line."""
    return {"infantry": infantry_squads(field), "armor": armor_units(field),
            "forward": forward_attack_points(field)}


def _designed(scenario: str) -> str:
    """The editor's name for a battle: "" for the 1986 two (the counts tell which) and for a
    battle no field is designed for (a Duel has no defense)."""
    return scenario if scenario in BATTLE_ROWS else ""


def _segment_distance(pt, a, b) -> float:
    px, py = pt
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))
