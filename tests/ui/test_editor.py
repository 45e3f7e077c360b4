"""The Field Editor screen driven by mouse events in logical canvas coordinates (E1-E8).

Each test builds an Editor on a dummy display and feeds it the events a player's mouse
makes; after every event the whole screen is drawn to a 1024x720 surface, so drawing is
exercised in every state the tests reach.
"""

from __future__ import annotations

import math

import pygame
import pytest

from ogre.resources import standard_board
from ogre.rules.board import EMPTY_BOARD, side
from ogre.rules.field import Field, Placement, armor_units, forward_attack_points, infantry_squads
from ogre.rules.hexes import NEIGHBOURS, col_row
from ogre.rules.units import Kind
from ogre.storage.fields import load_predesigned
from ogre.ui.drawing.mapview import shared_edge
from ogre.ui.scenes import editor_sidebar as bar
from ogre.ui.scenes.editor import ADD_RUBBLE, REMOVE_RUBBLE, Editor
from ogre.ui.toolkit import theme

CP_PRESENT = "COMMAND POST ALREADY PRESENT"
CRATER = "CRATER IN THE WAY!"
OFF_MAP = "PLEASE STAY ON THE MAP"
STANDARD_CRATERS = standard_board().craters


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


class Harness:
    """A player's mouse on the editor: clicks, drags and the scroll arrows."""

    def __init__(self, field: Field) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode(theme.LOGICAL_SIZE)
        self.surface = pygame.Surface(theme.LOGICAL_SIZE)
        self.sounds = Sounds()
        self.changes = 0
        self.ed = Editor(field, sounds=self.sounds, on_change=self._changed)
        self.draw()

    def _changed(self) -> None:
        self.changes += 1

    def draw(self) -> None:
        self.surface.fill(theme.BG)
        self.ed.draw(self.surface)

    def send(self, kind, pos, **extra) -> None:
        pos = (int(round(pos[0])), int(round(pos[1])))
        data = {"pos": pos, "button": 1, **extra}
        if kind == pygame.MOUSEMOTION:
            data = {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)}
        self.ed.handle_event(pygame.event.Event(kind, data))
        self.draw()

    def click_at(self, pos) -> None:
        self.send(pygame.MOUSEMOTION, pos)
        self.send(pygame.MOUSEBUTTONDOWN, pos)
        self.send(pygame.MOUSEBUTTONUP, pos)

    def drag_between(self, a, b) -> None:
        self.send(pygame.MOUSEMOTION, a)
        self.send(pygame.MOUSEBUTTONDOWN, a)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        self.send(pygame.MOUSEMOTION, mid)
        self.send(pygame.MOUSEMOTION, b)
        self.send(pygame.MOUSEBUTTONUP, b)

    # -- the map --
    def bring_into_view(self, h: int) -> None:
        m = self.ed.map
        for _ in range(30):
            if m.hex_visible(h) and m.rect.inflate(-40, -40).collidepoint(m.layout.center(h)):
                return
            row = col_row(h)[1]
            self.click_at(m.arrows["up" if row < m.top_row + 2 else "down"].center)
        raise AssertionError(f"hex {h:04d} never came into view")

    def hex_pos(self, h: int):
        self.bring_into_view(h)
        return self.ed.map.layout.center(h)

    def click_hex(self, h: int) -> None:
        self.click_at(self.hex_pos(h))

    def drag_hex(self, a: int, b: int) -> None:
        self.drag_between(self.hex_pos(a), self.hex_pos(b))

    def side_pos(self, a: int, b: int):
        """The middle of the edge between hexes a and b."""
        self.bring_into_view(a)
        p, q = shared_edge(self.ed.map.layout, a, b)
        return (p[0] + q[0]) / 2, (p[1] + q[1]) / 2

    def click_side(self, a: int, b: int) -> None:
        self.click_at(self.side_pos(a, b))

    # -- the sidebar and dialogs --
    def choose(self, key: str) -> None:
        self.click_at(bar.choice_rect(key).center)

    def mode(self, mode: str) -> None:
        self.click_at(bar.mode_rect(mode).center)

    def answer(self, label: str) -> None:
        d = self.ed.dialog
        assert d is not None, "no dialog open"
        for b in d.buttons:
            if b.label == label:
                self.click_at(b.rect.center)
                return
        raise AssertionError(f"dialog has no {label!r} button")

    @property
    def field(self) -> Field:
        return self.ed.field

    def beeps(self) -> int:
        return self.sounds.played.count("beep")


def empty_field() -> Field:
    return Field(standard_board())


@pytest.fixture
def h() -> Harness:
    return Harness(empty_field())


UNITS = [c for c in bar.CHOICES if c.kind is not None]


# ------------------------------------------------------------------ E3 the selection window

def test_e3_ten_pieces_each_selected_by_a_click(h):
    assert [c.name for c in bar.CHOICES] == [
        "Heavy Tank", "Missile Tank", "GEV", "Howitzer", "Infantry 1 squad", "Crater",
        "Infantry 2 squads", "Command Post", "Infantry 3 squads", "Blank"]
    rects = [bar.choice_rect(c.key) for c in bar.CHOICES]
    assert all(bar.SELECTION.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    for c in bar.CHOICES:
        h.choose(c.key)
        assert h.ed.selected == c.key
    assert h.ed.message == "" and h.beeps() == 0


def test_e4_mode_window_switches_drop_and_drag(h):
    assert h.ed.mode == "drop"
    h.mode("drag")
    assert h.ed.mode == "drag"
    h.mode("drop")
    assert h.ed.mode == "drop" and h.ed.message == ""


# ------------------------------------------------------------------ E4 drop mode

def test_e4_drop_places_each_piece(h):
    hexes = [803, 805, 704, 904, 606, 1006, 808, 1010]
    for c, hx in zip(UNITS, hexes):
        h.choose(c.key)
        h.click_hex(hx)
        assert h.field.at(hx) == Placement(c.kind, hx, c.squads), c.name
    assert len(h.field.placements) == len(UNITS) == 8
    h.choose("crater")
    h.click_hex(1008)
    assert 1008 in h.field.board.craters
    assert h.ed.message == "" and h.beeps() == 0


def test_e4_drop_replaces_what_is_there(h):
    h.choose("heavy")
    h.click_hex(805)
    h.choose("gev")
    h.click_hex(805)
    assert h.field.placements == (Placement(Kind.GEV, 805),)
    h.choose("infantry1")
    h.click_hex(805)
    h.choose("infantry3")                       # another squad size replaces, not removes
    h.click_hex(805)
    assert h.field.placements == (Placement(Kind.INFANTRY, 805, 3),)


def test_e4_clicking_the_same_piece_removes_it(h):
    for c in UNITS:
        h.choose(c.key)
        h.click_hex(806)
        assert h.field.at(806) == Placement(c.kind, 806, c.squads)
        h.click_hex(806)
        assert h.field.at(806) is None, c.name
    assert h.field.placements == () and h.beeps() == 0


def test_e4_blank_removes_a_piece_or_a_crater_and_leaves_an_empty_hex_alone(h):
    h.choose("missile")
    h.click_hex(805)
    h.choose("blank")
    h.click_hex(805)
    assert h.field.at(805) is None
    assert 907 in h.field.board.craters
    h.click_hex(907)
    assert 907 not in h.field.board.craters
    before = h.field
    h.click_hex(806)
    assert h.field == before and h.ed.message == "" and h.beeps() == 0


def test_e4_crater_toggles_and_removes_the_piece_beneath(h):
    h.choose("howitzer")
    h.click_hex(805)
    h.choose("crater")
    h.click_hex(805)
    assert 805 in h.field.board.craters and h.field.at(805) is None
    h.click_hex(805)
    assert 805 not in h.field.board.craters
    h.click_hex(907)                            # a crater of the standard map goes too
    assert 907 not in h.field.board.craters


def test_e7_crater_in_the_way(h):
    h.choose("heavy")
    before = h.field
    h.click_hex(907)                            # a standard crater
    assert h.ed.message == CRATER
    assert h.field == before and h.beeps() == 1
    h.click_hex(805)                            # the next good click clears the message
    assert h.ed.message == "" and h.field.at(805) is not None


def test_e7_command_post_already_present(h):
    h.choose("cp")
    h.click_hex(801)
    assert h.field.at(801) == Placement(Kind.CP, 801)
    h.click_hex(1101)
    assert h.ed.message == CP_PRESENT and h.beeps() == 1
    assert h.field.at(1101) is None
    assert [p.hex for p in h.field.placements if p.kind is Kind.CP] == [801]
    h.click_hex(801)                            # clicking the Command Post removes it
    assert h.field.at(801) is None
    h.click_hex(1101)                           # and now it may go elsewhere
    assert h.field.at(1101) == Placement(Kind.CP, 1101) and h.ed.message == ""


def test_e7_please_stay_on_the_map(h):
    h.choose("heavy")
    before = h.field
    left_margin = (h.ed.map.rect.left + 3, h.ed.map.rect.centery)
    assert h.ed.zone_at(left_margin) is None
    h.click_at(left_margin)
    assert h.ed.message == OFF_MAP and h.beeps() == 1
    h.click_at(bar.COUNTS.center)               # the sidebar's counts are no control
    assert h.ed.message == OFF_MAP and h.beeps() == 2
    h.click_at(bar.SELECTION.midtop)            # nor is the window's caption
    assert h.beeps() == 3
    assert h.field == before
    # legal areas: the pieces, the modes and the arrows never complain
    h.choose("gev")
    h.mode("drop")
    h.click_at(h.ed.map.arrows["down"].center)
    assert h.beeps() == 3


# ------------------------------------------------------------------ E4 drag mode

def test_e4_drag_moves_a_piece(h):
    h.choose("heavy")
    h.click_hex(805)
    h.mode("drag")
    h.drag_hex(805, 808)
    assert h.field.placements == (Placement(Kind.HEAVY, 808),)


def test_e4_drag_onto_a_piece_replaces_it(h):
    h.choose("infantry2")
    h.click_hex(805)
    h.choose("gev")
    h.click_hex(806)
    h.mode("drag")
    h.drag_hex(805, 806)
    assert h.field.placements == (Placement(Kind.INFANTRY, 806, 2),)


def test_e4_drag_from_an_empty_hex_removes_the_piece(h):
    h.choose("missile")
    h.click_hex(806)
    h.mode("drag")
    h.drag_hex(805, 806)
    assert h.field.placements == ()
    assert h.beeps() == 0


def test_e4_drag_off_the_map_changes_nothing(h):
    h.choose("heavy")
    h.click_hex(805)
    h.mode("drag")
    before = h.field
    h.drag_between(h.hex_pos(805), (h.ed.map.rect.left + 3, h.ed.map.rect.centery))
    assert h.ed.message == OFF_MAP and h.beeps() == 1
    h.drag_between(h.hex_pos(805), bar.COUNTS.center)
    assert h.beeps() == 2
    assert h.field == before
    h.drag_between((h.ed.map.rect.left + 3, h.ed.map.rect.centery), h.hex_pos(805))
    assert h.ed.message == OFF_MAP and h.field == before


def test_e4_drag_onto_a_crater_is_refused_and_a_crater_can_be_dragged(h):
    h.choose("heavy")
    h.click_hex(806)
    h.mode("drag")
    before = h.field
    h.drag_hex(806, 907)
    assert h.ed.message == CRATER and h.field == before
    h.choose("gev")
    h.mode("drop")
    h.click_hex(905)
    h.mode("drag")
    h.drag_hex(907, 905)                       # the crater moves and takes the GEV's hex
    assert 907 not in h.field.board.craters and 905 in h.field.board.craters
    assert h.field.at(905) is None and h.field.at(806) is not None


def test_e4_drag_mode_click_in_a_hex_middle_changes_nothing(h):
    h.mode("drag")
    before = h.field
    h.click_hex(805)
    h.drag_hex(805, 805)
    assert h.field == before and h.beeps() == 0


# ------------------------------------------------------------------ E2 rubble

def test_e2_clicking_a_dotted_hexside_adds_rubble_and_a_solid_one_removes_it(h):
    s = side(805, 806)
    assert s not in h.field.board.rubble
    h.click_side(805, 806)
    assert s in h.field.board.rubble and h.field.placements == ()
    h.click_side(805, 806)
    assert s not in h.field.board.rubble
    standard = next(iter(sorted(standard_board().rubble)))
    h.click_side(*standard)
    assert standard not in h.field.board.rubble
    h.mode("drag")                               # a hexside click works in Drag mode too
    h.click_side(*standard)
    assert standard in h.field.board.rubble
    assert h.beeps() == 0


def test_e2_rubble_zone_is_a_clear_band_along_each_shared_edge(h):
    """A point's zone depends only on its distance to the nearest edge: within the band it is
    that edge's hexside, beyond it the hex's middle."""
    ed = h.ed
    L = ed.map.layout
    band = ed.band()
    assert band >= 4 and band < L.size * 0.3
    h.bring_into_view(805)
    cx, cy = L.center(805)
    for i in range(6):
        n = None
        for angle_off in range(-25, 26, 5):       # along the edge, not too near its corners
            a = math.radians(60 * i + 30 + angle_off * 0.6)
            apothem = L.size * math.sqrt(3) / 2 / math.cos(math.radians(angle_off * 0.6))
            inside = (cx + (apothem - band + 1.5) * math.cos(a),
                      cy + (apothem - band + 1.5) * math.sin(a))
            outside = (cx + (apothem + band - 1.5) * math.cos(a),
                       cy + (apothem + band - 1.5) * math.sin(a))
            middle = (cx + (apothem - band - 2) * math.cos(a),
                      cy + (apothem - band - 2) * math.sin(a))
            zi, zo, zm = ed.zone_at(inside), ed.zone_at(outside), ed.zone_at(middle)
            assert zi.side is not None and zi.side == zo.side, (i, angle_off)
            assert zm.side is None and zm.hex == 805
            n = n or zi.side
            assert zi.side == n                    # the same edge all along
        assert 805 in n and (n[0] if n[1] == 805 else n[1]) in NEIGHBOURS[805]


def test_e2_hex_middle_clicks_never_touch_rubble(h):
    rubble = h.field.board.rubble
    L = h.ed.map.layout
    h.bring_into_view(805)
    cx, cy = L.center(805)
    r = L.size * math.sqrt(3) / 2 - h.ed.band() - 1
    h.choose("heavy")
    for k in range(12):
        a = math.radians(30 * k)
        h.click_at((cx + r * math.cos(a), cy + r * math.sin(a)))
        assert h.field.board.rubble == rubble
        assert h.field.at(805) is not None if k % 2 == 0 else h.field.at(805) is None
    # near a border edge (no hex beyond) a click places a piece, never rubble
    h.bring_into_view(801)
    x, y = L.center(801)
    h.click_at((x, y - L.size * math.sqrt(3) / 2 + 1))
    assert h.field.at(801) is not None and h.field.board.rubble == rubble


def test_e2_the_pointer_shows_what_a_click_will_do(h):
    ed = h.ed
    h.choose("heavy")
    pos = h.side_pos(805, 806)
    h.send(pygame.MOUSEMOTION, pos)
    zone, plan = ed.preview()
    assert zone.side == side(805, 806) and "Add rubble" in plan.text
    assert "Add rubble between 0805 and 0806" in ed.hint()
    assert h.surface.get_at((int(pos[0]), int(pos[1])))[:3] == ADD_RUBBLE
    h.click_at(pos)
    h.send(pygame.MOUSEMOTION, pos)
    assert "Remove rubble" in ed.hint()
    assert h.surface.get_at((int(pos[0]), int(pos[1])))[:3] == REMOVE_RUBBLE
    centre = h.hex_pos(805)
    h.send(pygame.MOUSEMOTION, centre)
    zone, plan = ed.preview()
    assert zone.side is None and zone.hex == 805
    assert ed.hint() == "Click: Place the Heavy Tank on 0805."
    h.send(pygame.MOUSEMOTION, h.hex_pos(907))
    assert "crater" in ed.hint().lower() and ed.message == ""   # only said, not yet done
    h.mode("drag")
    h.send(pygame.MOUSEMOTION, h.hex_pos(805))
    h.send(pygame.MOUSEBUTTONDOWN, h.hex_pos(805))
    h.send(pygame.MOUSEMOTION, h.hex_pos(808))
    assert ed.hint() == "Nothing to move."
    h.send(pygame.MOUSEBUTTONUP, h.hex_pos(808))


# ------------------------------------------------------------------ the whole map

def test_map_scrolls_to_every_row_and_pieces_go_on_rows_01_to_22(h):
    h.choose("infantry1")
    for hx in (801, 1011, 822, 1521, 222, 121):
        h.click_hex(hx)
        assert h.field.at(hx) is not None, hx
    assert h.ed.map.top_row == h.ed.map.max_top()
    h.click_at(h.ed.map.arrows["top"].center)
    assert h.ed.map.top_row == 1
    h.ed.map.toggle_whole()                         # the whole-map view (Tab in the App)
    h.draw()
    h.choose("gev")
    h.click_at(h.ed.map.layout.center(1520))
    h.click_at(h.ed.map.layout.center(202))
    assert h.field.at(1520) == Placement(Kind.GEV, 1520)
    assert h.field.at(202) == Placement(Kind.GEV, 202)
    s = side(1520, 1521)
    h.click_at(h.side_pos(1520, 1521))
    assert s in h.field.board.rubble


# ------------------------------------------------------------------ E6 counts

def test_e6_counts_and_forward_window(h):
    assert h.ed.counts() == {"infantry": 0, "armor": 0, "forward": 0}
    h.choose("howitzer")
    h.click_hex(803)                 # behind the crater line: 2 armor, no forward points
    h.choose("heavy")
    h.click_hex(806)                 # row 06: behind
    h.click_hex(808)                 # row 08: in front, 4 points
    h.choose("infantry3")
    h.click_hex(1008)                # in front, 3 points
    h.choose("infantry2")
    h.click_hex(1002)
    h.choose("cp")
    h.click_hex(1010)                # a Command Post has no attack points
    assert h.ed.counts() == {"infantry": 5, "armor": 4, "forward": 7}
    assert h.ed.count_lines() == ["Infantry 5 / 20 (Mk III) / 30 (Mk V)",
                                  "Armor 4 / 12 (Mk III) / 20 (Mk V)",
                                  "Forward 7 / 20 (Mk III) / 40 (Mk V)"]


def test_e6_counts_of_a_predesigned_field_are_within_its_allowance():
    rec = load_predesigned()[0]
    h = Harness(rec.field)
    n = h.ed.counts()
    assert n == {"infantry": infantry_squads(rec.field), "armor": armor_units(rec.field),
                 "forward": forward_attack_points(rec.field)}
    assert 0 < n["infantry"] <= 20 and 0 < n["armor"] <= 12 and 0 < n["forward"] <= 20


# ------------------------------------------------------------------ E5 clearing

def full_field() -> Field:
    return Field(standard_board(), (Placement(Kind.CP, 801), Placement(Kind.HEAVY, 805)), "Mine")


def test_e5_clear_field_asks_first_and_cancel_keeps_everything():
    h = Harness(full_field())
    before = h.field
    h.ed.ask_clear_field()
    h.draw()
    assert h.ed.dialog is not None and h.ed.dialog.title == "Clear Field"
    h.click_at(h.ed.map.layout.center(806))       # the dialog is modal: the map takes nothing
    assert h.field == before
    h.answer("Cancel")
    assert h.ed.dialog is None and h.field == before
    h.ed.ask_clear_field()
    h.answer("OK")
    assert h.ed.dialog is None
    # a new field: the old name is not offered for it (Issue 30 (10))
    assert h.field.board == EMPTY_BOARD and h.field.placements == () and h.field.name == ""


def test_e5_clear_pieces_keeps_rubble_and_craters():
    h = Harness(full_field())
    before = h.field
    h.ed.ask_clear_pieces()
    assert h.ed.dialog.title == "Clear Pieces"
    h.answer("Cancel")
    assert h.field == before
    h.ed.ask_clear_pieces()
    h.answer("OK")
    assert h.field.placements == () and h.field.board == standard_board()


def test_set_field_shows_a_loaded_field():
    h = Harness(empty_field())
    h.click_at((h.ed.map.rect.left + 3, h.ed.map.rect.centery))
    assert h.ed.message == OFF_MAP
    f = load_predesigned()[1].field
    h.ed.set_field(f)
    h.draw()
    assert h.field == f and h.ed.message == ""


# ------------------------------------------------------------------ E8 checks before a battle

def cp_field(*extra: Placement, board=None) -> Field:
    return Field(board or standard_board(), (Placement(Kind.CP, 801), *extra))


def legal_hexes(rows, count):
    out = [c * 100 + r for r in rows for c in range(1, 16)
           if c * 100 + r not in STANDARD_CRATERS and c * 100 + r != 801]
    return out[:count]


def check(field: Field, mark: int = 3):
    h = Harness(field)
    played = []
    h.ed.start_checks(mark, lambda: played.append(True))
    h.draw()
    return h, played


def test_e8_a_standard_field_plays_at_once():
    for rec in load_predesigned():
        h, played = check(rec.field, rec.mark)
        assert played == [True] and h.ed.dialog is None, rec.name


@pytest.mark.parametrize("code, field, words", [
    ("infantry", cp_field(*(Placement(Kind.INFANTRY, x, 3) for x in legal_hexes([2, 3], 7))),
     "There are too many infantry on the map."),
    ("armor", cp_field(*(Placement(Kind.HOWITZER, x) for x in legal_hexes([2, 3], 7))),
     "There are too many armor units on the map."),
    ("forward", cp_field(*(Placement(Kind.HEAVY, x) for x in legal_hexes([9], 6))),
     "Too many pieces are below the crater line."),
    ("terrain", cp_field(board=standard_board().with_rubble(805, 806, True)),
     "The craters or rubble have been changed."),
    ("clear_area", cp_field(Placement(Kind.GEV, 818)),
     "There are pieces in the clear area of the map."),
])
def test_e8_each_departure_asks_play_this_game_anyway(code, field, words):
    h, played = check(field)
    d = h.ed.dialog
    assert d is not None and played == []
    assert d.message.startswith("Field does not conform to official Ogre rules.")
    assert words in d.message and d.message.endswith("Play this game anyway?")
    assert [b.label for b in d.buttons] == ["OK", "Cancel"]
    h.answer("OK")
    assert played == [True] and h.ed.dialog is None
    h, played = check(field)
    h.answer("Cancel")
    assert played == [] and h.ed.dialog is None


def test_e8_the_counts_are_told_in_the_question():
    h, played = check(cp_field(*(Placement(Kind.HOWITZER, x) for x in legal_hexes([2, 3], 7))))
    assert "14 armor units; the Mark III scenario allows 12." in h.ed.dialog.message


def test_e8_the_mark_v_allowance_is_larger():
    field = cp_field(*(Placement(Kind.INFANTRY, x, 3) for x in legal_hexes([2, 3], 8)))  # 24
    h, played = check(field, 5)
    assert played == [True] and h.ed.dialog is None
    h, played = check(field, 3)
    assert played == [] and "too many infantry" in h.ed.dialog.message


def test_e8_no_command_post_refuses_the_game():
    h, played = check(Field(standard_board(), (Placement(Kind.HEAVY, 805),)))
    d = h.ed.dialog
    assert d.message == "Please add a Command Post to start the game."
    assert [b.label for b in d.buttons] == ["OK"]
    h.answer("OK")
    assert played == [] and h.ed.dialog is None and h.beeps() == 1


def test_e8_no_way_to_the_command_post_refuses_the_game():
    board = standard_board()
    for n in NEIGHBOURS[801]:
        board = board.with_crater(n, True)
    h, played = check(cp_field(board=board))
    d = h.ed.dialog
    assert d.message == "There is no way to reach the Command Post! Please remove some craters."
    assert [b.label for b in d.buttons] == ["OK"]
    h.answer("OK")
    assert played == [] and h.ed.dialog is None


def test_e8_findings_are_asked_in_turn_and_cancel_stops_the_chain():
    field = cp_field(*(Placement(Kind.INFANTRY, x, 3) for x in legal_hexes([2, 3], 7)),
                     Placement(Kind.GEV, 818), board=standard_board().with_crater(805, True))
    h, played = check(field)
    asked = []
    while h.ed.dialog is not None:
        asked.append(h.ed.dialog.message)
        h.answer("OK")
    assert played == [True]
    assert len(asked) == 3
    assert "too many infantry" in asked[0] and "craters or rubble" in asked[1]
    assert "clear area" in asked[2]
    h, played = check(field)
    h.answer("OK")
    assert "craters or rubble" in h.ed.dialog.message
    h.answer("Cancel")
    assert played == [] and h.ed.dialog is None


def test_e8_dialogs_keys_enter_and_escape():
    field = cp_field(Placement(Kind.GEV, 818))
    h, played = check(field)
    h.ed.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert played == [] and h.ed.dialog is None
    h.ed.start_checks(3, lambda: played.append(True))
    h.ed.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert played == [True]


# ------------------------------------------------------------------ drawing

def test_drawing_every_state_shows_the_sidebar_and_the_map():
    h = Harness(load_predesigned()[0].field)
    surf = h.surface
    # the sidebar panel and the selected piece's highlight are drawn
    sel = bar.choice_rect("heavy")
    assert surf.get_at((sel.left + 1, sel.centery))[:3] == theme.ACCENT
    # the counts' Now column reads the field (drawn text changes with it)
    before = pygame.image.tobytes(surf.subsurface(bar.COUNTS), "RGB")
    x, y = map(int, h.hex_pos(1002))
    hex_box = pygame.Rect(x - 12, y - 12, 24, 24)
    empty_hex = pygame.image.tobytes(surf.subsurface(hex_box), "RGB")
    h.choose("infantry3")
    h.click_hex(1002)
    after = pygame.image.tobytes(surf.subsurface(bar.COUNTS), "RGB")
    assert before != after
    # ... and the map shows the new infantry on 1002
    assert pygame.image.tobytes(surf.subsurface(hex_box), "RGB") != empty_hex
    # a message shows in the message window
    before = pygame.image.tobytes(surf.subsurface(bar.MESSAGES), "RGB")
    h.click_hex(907)
    assert h.ed.message == CRATER
    assert pygame.image.tobytes(surf.subsurface(bar.MESSAGES), "RGB") != before
    # a dialog draws on top
    h.ed.ask_clear_field()
    h.draw()
    d = h.ed.dialog
    assert surf.get_at((d.rect.centerx, d.rect.top + 1))[:3] == theme.ACCENT


# ------------------------------------------------------------------ gestures

def test_e4_a_piece_dragged_from_the_selection_window_drops_where_released(h):
    for mode in ("drop", "drag"):
        h.mode(mode)
        h.drag_between(bar.choice_rect("missile").center, h.hex_pos(805))
        assert h.ed.selected == "missile"
        assert h.field.at(805) == Placement(Kind.MISSILE, 805), mode
        h.mode("drop")
        h.choose("blank")
        h.click_hex(805)
    h.drag_between(bar.choice_rect("heavy").center, h.side_pos(805, 806))   # onto a hexside
    h.drag_between(bar.choice_rect("heavy").center, bar.COUNTS.center)      # onto the sidebar
    assert h.field == empty_field() and h.beeps() == 0
    h.drag_between(bar.choice_rect("heavy").center, h.hex_pos(907))         # onto a crater
    assert h.ed.message == CRATER and h.field == empty_field()


def test_e4_a_press_released_outside_the_editor_is_forgotten(h):
    h.choose("heavy")
    h.click_hex(805)
    h.mode("drag")
    before = h.field
    h.send(pygame.MOUSEBUTTONDOWN, h.hex_pos(805))
    h.ed.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 10), rel=(0, 0),
                                         buttons=(0, 0, 0)))    # the button came up on the menu bar
    assert h.ed.pressed is None
    h.send(pygame.MOUSEBUTTONUP, h.hex_pos(808))
    assert h.field == before and h.beeps() == 0
