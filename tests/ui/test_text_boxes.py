"""Every text readable and inside its box (S1, C8, E3, E6; issue 13).

Each test draws real screens through the App and keeps every string the frame put on the
canvas with the rect it took (a spy on theme.text, which all prose goes through). Two
checks hold for every frame: each string lies wholly inside one of the screen's boxes
(panels, buttons, dialog rows...), and a string that starts inside a box ends inside it.
Where a text must be read whole (a 1986 message, a hint, a dialog's words), all its words
are found, in order, among the strings drawn inside its box.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
import pytest
from test_battle_setup import CP, GEV, HEAVY, INF, MISSILE, P, battle_app, with_piece

from ogre.rules.errors import MESSAGES
from ogre.rules.game import VICTORY_LEVELS
from ogre.rules.hexes import label
from ogre.rules.state import OGRE_ID, Phase
from ogre.ui.drawing import status
from ogre.ui.scenes import editor_sidebar as bar
from ogre.ui.scenes import sidebar
from ogre.ui.toolkit import theme

W, H = theme.LOGICAL_SIZE
MENU_BAR = pygame.Rect(0, 0, W, theme.MENU_H)


@dataclass
class Drawn:
    words: str
    rect: pygame.Rect
    layer: str          # "screen" or "dialog"


def draw_frame(app) -> list[Drawn]:
    """Every string one full redraw put on the canvas, tagged with the layer it belongs to."""
    drawn: list[Drawn] = []
    layer = ["screen"]
    real = theme.text

    def spy(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        if surface is app.canvas:
            drawn.append(Drawn(words, pygame.Rect(rect), layer[0]))
        return rect

    dialogs = [d for d in (app.dialog, getattr(app.screen, "dialog", None)) if d is not None]
    for d in dialogs:
        def wrapped(surface, _draw=type(d).draw, _d=d):
            layer[0] = "dialog"
            try:
                _draw(_d, surface)
            finally:
                layer[0] = "screen"
        d.draw = wrapped
    theme.text = spy
    try:
        app.dirty = True
        app.step([])
    finally:
        theme.text = real
        for d in dialogs:
            del d.draw
    return drawn


# ---------------------------------------------------------------- the boxes of each screen

def sidebar_boxes() -> dict[str, pygame.Rect]:
    return {
        "menu bar": MENU_BAR,
        "title": pygame.Rect(0, theme.MENU_H, theme.SIDEBAR_W, sidebar.PHASE_Y - 6 - theme.MENU_H),
    }


def battle_boxes(app) -> dict[str, pygame.Rect]:
    boxes = sidebar_boxes()
    boxes["phase"] = pygame.Rect(10, sidebar.PHASE_Y - 6, theme.SIDEBAR_W - 20, 50)
    boxes["tactical"] = sidebar.TACTICAL
    boxes["results"] = results_box()
    for i, b in enumerate(app.battle.buttons):
        boxes[f"button {i}"] = b.rect
    return boxes


def results_box() -> pygame.Rect:
    r = sidebar.RESULT
    return pygame.Rect(r.left, r.top, r.width, H - r.top - 10)


def editor_boxes(watchdog: bool = False) -> dict[str, pygame.Rect]:
    """The editor's sidebar boxes: the 1986 editor's, or with the defense's Ogre (X15)."""
    boxes = sidebar_boxes()
    boxes["title"] = pygame.Rect(0, theme.MENU_H, theme.SIDEBAR_W, bar.SELECTION.top - theme.MENU_H)
    panels = bar.panels(watchdog)
    boxes.update(SELECTION=panels.selection, MODE=panels.mode, MESSAGES=panels.messages,
                 COUNTS=panels.counts)
    for c in bar.choices(watchdog):
        boxes[c.key] = bar.choice_rect(c.key)
    for m in ("drop", "drag"):
        boxes[m] = bar.mode_rect(m, watchdog)
    return boxes


def dialog_boxes(d) -> dict[str, pygame.Rect]:
    boxes = {"dialog": d.rect.inflate(-4, -4)}
    for i, b in enumerate(d.buttons):
        boxes[f"dialog button {i}"] = b.rect
    rows = getattr(d, "rows", None) or getattr(d, "OPTIONS", None) or ()
    if hasattr(d, "row_rect"):       # list, preferences, and the attack dialogs' five rows
        for i in range(len(rows) or 5):
            boxes[f"row {i}"] = d.row_rect(i)
    if hasattr(d, "option_rects"):
        for g, i, r in d.option_rects():
            boxes[f"option {g} {i}"] = r
    return boxes


def screen_boxes(app) -> dict[str, pygame.Rect]:
    boxes = editor_boxes(app.editor.watchdog) if app.screen is app.editor else battle_boxes(app)
    if app.menubar.open is not None:
        boxes["menu"] = app.menubar.open.rect
    return boxes


def check_frame(app) -> list[Drawn]:
    """Draw a frame and assert that every string lies inside its box; return the strings."""
    drawn = draw_frame(app)
    layers = {"screen": screen_boxes(app)}
    d = app.dialog or getattr(app.screen, "dialog", None)
    if d is not None:
        layers["dialog"] = dialog_boxes(d)
    for item in drawn:
        boxes = layers[item.layer]
        assert any(b.contains(item.rect) for b in boxes.values()), \
            f"{item.words!r} at {item.rect} lies in no box of the {item.layer}"
        for name, b in boxes.items():
            if b.collidepoint(item.rect.topleft):
                assert b.contains(item.rect), \
                    f"{item.words!r} at {item.rect} runs out of the {name} {b}"
    return drawn


def squashed(words: str) -> str:
    return "".join(words.split())


def shown_in(drawn: list[Drawn], box: pygame.Rect) -> str:
    """The strings drawn inside a box, read in drawing order, without spaces."""
    return "".join(squashed(d.words) for d in drawn if box.contains(d.rect))


def assert_whole(words: str, drawn: list[Drawn], box: pygame.Rect) -> None:
    assert squashed(words) in shown_in(drawn, box), \
        f"{words!r} is not whole in {box}: {[d.words for d in drawn if box.contains(d.rect)]}"


# ---------------------------------------------------------------- the Tactical Display (S1)

RULE_MESSAGES = sorted(set(MESSAGES.values()))
REPLAY_MESSAGE = ("REPLAY 118/240: ogre fire main 2+secondary 3 at 7 (Infantry (3) at 0809, "
                  "no_spaces_in_a_very_long_step_description_to_break)")


def _busy_battle():
    """A battle whose Tactical Display is as full as it gets: a Mark V Ogre that has lost and
    fired weapons, a disabled infantry that moved and fired."""
    app, d = battle_app([P(CP, 1418), P(INF, 1018, 3), P(HEAVY, 1119)], Phase.DEFENSE_FIRE, 1021,
                        mark=5, weapons=(1, 1, 4, 10), fired=(0, 1, 2, 3), missiles_spent=1)
    s = with_piece(app.battle.state, 2, disabled_turn=1, moved=2, fired=2)
    app.battle.match.state = s
    return app


@pytest.mark.parametrize("selected", [None, 2, OGRE_ID], ids=["nothing", "infantry", "ogre"])
def test_s1_every_rule_message_fits_the_tactical_display(selected):
    app = _busy_battle()
    app.battle.selected = selected
    for message in RULE_MESSAGES + [REPLAY_MESSAGE]:
        app.battle.message = message
        drawn = check_frame(app)
        assert_whole(message, drawn, sidebar.TACTICAL)
        if selected == 2:        # the piece's lines stay readable above the message
            assert_whole("DISABLED", drawn, sidebar.TACTICAL)


def test_s1_the_ogre_summary_shows_whole_with_a_message():
    app = _busy_battle()
    app.battle.selected = OGRE_ID
    app.battle.message = MESSAGES["disabled_move"]
    drawn = check_frame(app)
    for line in sidebar.ogre_summary(app.battle.state, app.battle.state.ogre):
        assert_whole(line, drawn, sidebar.TACTICAL)


@pytest.mark.parametrize("phase", [Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE,
                                   Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE])
def test_s1_every_hint_fits_the_tactical_display(phase):
    app, _ = battle_app([P(CP, 1418), P(GEV, 1018)], phase, 1021)
    app.battle.match.state = replace(app.battle.state, phase=phase)
    app.battle.selected = None
    hint = status.phase_hint(app.battle.state)
    assert hint
    drawn = check_frame(app)
    assert_whole(hint, drawn, sidebar.TACTICAL)


@pytest.mark.parametrize("level", VICTORY_LEVELS)
def test_s1_every_victory_level_fits_the_tactical_display(level):
    app, _ = battle_app([P(CP, 1418), P(GEV, 1018)], Phase.DEFENSE_MOVE, 1021)
    app.battle.match.state = replace(app.battle.state, phase=Phase.OVER, result=level)
    app.battle.selected = None
    drawn = check_frame(app)
    assert_whole(level, drawn, sidebar.TACTICAL)


def test_s1_every_weapon_page_fits_the_tactical_display():
    from ogre.ui.dialogs.attack import PARTS
    app = _busy_battle()
    for part in PARTS:
        lines = sidebar.weapon_lines(app.battle.state, app.battle.state.ogre, part)
        app.battle.message = MESSAGES["treads_combined"]
        app.battle.tactical_lines = lambda lines=lines: lines
        drawn = check_frame(app)
        for line in lines:
            assert_whole(line, drawn, sidebar.TACTICAL)


# ---------------------------------------------------------------- the result window (C8)

def test_c8_results_stay_inside_their_window_newest_whole():
    app = _busy_battle()
    long_lines = [f"Ogre fires Main Battery and 3 Secondary Batteries at Infantry (3) at "
                  f"08{n:02d}: destroyed (die {n % 6 + 1}, 2-1)" for n in range(1, 23)]
    long_lines.append("Replay_of_a_file_named_without_any_spaces_at_all_battle-20240101-120000.txt")
    app.battle.results = long_lines
    app.battle.match.state = replace(app.battle.state, aim=None)
    drawn = check_frame(app)
    assert_whole(long_lines[-1], drawn, results_box())
    assert_whole(long_lines[-2], drawn, results_box())


# ---------------------------------------------------------------- the Field Editor (E3, E6)

def _editor_app():
    from driver import Driver

    from ogre.ui.app import App
    app = App()
    Driver(app)
    return app


def _centre(ed, h):
    x, y = ed.map.layout.center(h)
    return int(x), int(y)


def editor_hints(ed) -> list[str]:
    """The editor's words for what the pointer would do, from the real planner: every
    choice dropped on every kind of hex, every drag between them, rubble, the Ogre."""
    from ogre.ui.scenes.editor import Zone
    f = ed.field
    visible = [h for h in (p.hex for p in f.placements) if ed.map.hex_visible(h)]
    sample = {}
    for p in f.placements:
        if p.hex in visible:
            sample.setdefault((p.kind, p.squads), p.hex)
    crater = next(h for h in f.board.craters if ed.map.fully_visible(h))
    empty = next(h for h in range(1502, 102, -100) if f.at(h) is None
                 and not f.board.is_crater(h))
    ogre = next(h for h in range(1503, 103, -100) if f.at(h) is None
                and not f.board.is_crater(h) and h != empty)
    ed.show_ogre(ogre, 5)
    hexes = [*sample.values(), crater, empty, ogre]
    hints = set()

    def hint(pointer, pressed=None, start=None):
        ed.pointer, ed.pressed = pointer, pressed
        ed.press_zone, ed.left_press_hex = (Zone(start) if start else None), bool(start)
        hints.add(ed.hint())

    for c in bar.CHOICES:
        ed.select(c.key)
        for mode in ("drop", "drag"):
            ed.set_mode(mode)
            hint(None)
            for h in hexes:
                hint(_centre(ed, h))
                hint(_centre(ed, h), "choice")
    ed.set_mode("drag")
    for a in hexes:
        hint((theme.SIDEBAR_W // 2, 300), "map", a)          # dragged off the map
        for b in hexes:
            hint(_centre(ed, b), "map", a)
    a = empty
    for b in (a + 1, a + 100):
        for present in (False, True):
            ed.field = replace(f, board=f.board.with_rubble(a, b, present))
            p, q = (ed.map.layout.corners(a), ed.map.layout.corners(b))
            mid = min(((x1 + x2) / 2, (y1 + y2) / 2) for x1, y1 in p for x2, y2 in q
                      if abs(x1 - x2) < 1 and abs(y1 - y2) < 1)
            hint((int(mid[0]), int(mid[1])))
    ed.field = f
    ed.pointer, ed.pressed, ed.press_zone = None, None, None
    assert any("Command Post" in h for h in hints)
    return sorted(h for h in hints if h)


EDITOR_REFUSALS = ["", MESSAGES["cp_present"], MESSAGES["crater_in_way"], MESSAGES["off_map"],
                   "THE OGRE IS IN THE WAY"]


def test_e3_every_editor_message_with_every_hint_fits_the_messages_window(monkeypatch):
    app = _editor_app()
    ed = app.editor
    hints = editor_hints(ed)
    assert len(hints) > 40
    longest = sorted(hints, key=len)[-3:]
    cases = [(m, h) for m in EDITOR_REFUSALS for h in longest] + \
            [(MESSAGES["cp_present"], h) for h in hints]
    for message, hint in cases:
        ed.message = message
        monkeypatch.setattr(ed, "hint", lambda hint=hint: hint)
        drawn = check_frame(app)
        assert_whole(message, drawn, bar.MESSAGES)
        assert_whole(hint, drawn, bar.MESSAGES)


def test_e3_a_second_command_post_is_refused_readably_by_clicks():
    """The case the issue names: 'Not here: the Command Post is ...' cut under the message."""
    app = _editor_app()
    ed = app.editor
    from driver import Driver
    d = Driver(app)
    d.click_at(bar.choice_rect("cp").center)
    h = next(p.hex for p in ed.field.placements
             if p.kind is not CP and ed.map.fully_visible(p.hex))
    d.click_at(_centre(ed, h))
    assert ed.message == MESSAGES["cp_present"]
    drawn = check_frame(app)
    cp = next(p.hex for p in ed.field.placements if p.kind is CP)
    assert_whole(MESSAGES["cp_present"], drawn, bar.MESSAGES)
    assert_whole(f"Not here: the Command Post is on {label(cp)}, and a field has one.", drawn,
                 bar.MESSAGES)


def test_e6_the_counts_and_the_selection_window_keep_inside():
    app = _editor_app()
    for key in ("infantry3", "cp", "howitzer"):
        app.editor.select(key)
        check_frame(app)


# ---------------------------------------------------------------- buttons and menus

def test_s1_button_labels_fit_in_every_phase():
    app, _ = battle_app([P(CP, 1418), P(MISSILE, 1018), P(INF, 1118, 3)], Phase.DEFENSE_MOVE, 1021)
    for phase in (Phase.OGRE_MOVE, Phase.OGRE_FIRE, Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE,
                  Phase.GEV_MOVE):
        app.battle.match.state = replace(app.battle.state, phase=phase)
        app.battle.selected = 3
        check_frame(app)


@pytest.mark.parametrize("title", ["Menu", "OSI"])
def test_s3_menu_items_fit_their_menu(title):
    app, _ = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1021)
    app.menubar.open_menu(next(m for m in app.menubar.menus if m.title == title))
    drawn = check_frame(app)
    for cmd in app.menubar.open.commands:
        assert_whole(cmd.label, drawn, app.menubar.open.rect)


# ---------------------------------------------------------------- the routine itself

def test_x3_wrap_breaks_a_long_path_after_its_slashes_and_measures_bold():
    pygame.font.init()
    path = "/home/someone/.local/share/ogre-rebuilt/logs/battle-20240101-120000.txt"
    lines = theme.wrap(f"The battle log is in {path}. Replay it.", 20, 150)
    assert all(theme.font(20).size(line)[0] <= 150 for line in lines)
    assert "".join(squashed(line) for line in lines) == squashed(
        f"The battle log is in {path}. Replay it.")
    assert any(line.endswith("/") for line in lines)          # broken after a slash
    bold = theme.wrap("DISABLED CAN'T MOVE THIS TURN", 22, 228, bold=True)
    assert all(theme.font(22, True).size(line)[0] <= 228 for line in bold)


def test_s1_a_box_too_small_shows_what_fits_and_never_draws_outside():
    pygame.font.init()
    surface = pygame.Surface((300, 300))
    box = pygame.Rect(10, 10, 120, 40)
    rects = theme.draw_in_box(surface, "word " * 60, box, 22, smallest=16)
    assert rects and all(box.contains(r) for r in rects)
    newest = theme.draw_paragraphs(surface, [theme.Para(f"line {n}", 19) for n in range(30)],
                                   box, smallest=19, newest=True)
    assert newest and all(box.contains(r) for r in newest)
