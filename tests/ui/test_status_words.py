"""Issue 13 (4): small words. Counts of the Ogre's parts in the singular or plural (C5, C7,
C8), the Reminder in the words of the side ending its phase (T3), and the editor's hint naming
the hexsides as they are drawn (E2)."""

from __future__ import annotations

import pygame
from test_battle_setup import CP, HEAVY, INF, P, battle_app, shown_text

from ogre.rules.game import Event
from ogre.rules.state import Phase
from ogre.ui.drawing.mapview import shared_edge
from ogre.ui.drawing.status import log_line
from ogre.ui.toolkit import theme


def test_c5_c8_one_missile_is_a_missile_and_two_batteries_are_batteries():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017)], Phase.OGRE_FIRE, 1020, mark=5)
    b = app.battle
    d.drag_hex(1020, 1017)
    d.dialog_click(d.dialog.arrows(0)[0])            # 1 missile
    for _ in range(2):
        d.dialog_click(d.dialog.arrows(1)[0])        # 2 main batteries (a Mark V)
    d.answer("OK")
    assert "With: 1 Missile, 2 Main Batteries" in shown_text(app)
    d.button("Fire")
    assert b.results[-1].startswith("Ogre fires 1 Missile, 2 Main Batteries at Heavy Tank at 1017")


def test_c7_c8_the_logs_counts_read_right_whatever_the_rules_text_says():
    """The rules' event texts (held by the golden transcripts) name a part whatever its count;
    the log mends the words."""
    cases = {
        "Ogre fires 1 Missiles, 2 Secondary Battery at GEV: miss":
            "Ogre fires 1 Missile, 2 Secondary Batteries at GEV at 0812: miss",
        "Ogre fires 2 Missiles at Missile Tank: destroyed":
            "Ogre fires 2 Missiles at Missile Tank at 0812: destroyed",
        "Defense fires at Treads: hit: 1 treads": "Defense fires at Treads: hit: 1 tread",
        "Defense fires at Treads: hit: 4 treads": "Defense fires at Treads: hit: 4 treads",
        "Defense fires at Missiles: hit: Missiles destroyed":
            "Defense fires at Missiles: hit: 1 Missile destroyed",
    }
    for text, shown in cases.items():
        piece = 0 if text.startswith("Defense") else 3
        assert log_line(Event("fire", text, piece, 812)) == shown


def test_t3_the_ogres_reminder_speaks_of_its_weapons():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    b.reminders = lambda: True
    d.button("Done")
    assert b.dialog is not None and b.dialog.title == "Reminder"
    assert "weapon" in b.dialog.message and "piece" not in b.dialog.message
    d.answer("Cancel")
    d.drag_hex(1020, 1018)
    d.dialog_click(d.dialog.arrows(1)[0])
    d.answer("OK")
    d.button("Done")
    assert "aimed weapons have not fired" in b.dialog.message


def test_t3_the_defences_reminder_speaks_of_its_units_and_pieces():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(INF, 1019, 2)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    b.reminders = lambda: True
    d.button("Done")
    assert b.dialog.message == "Not every piece has fired. End this phase anyway?"
    d.answer("Cancel")
    d.drag_hex(1018, 1020)
    d.answer("OK")
    d.button("Done")
    assert "aimed units have not fired" in b.dialog.message


def test_e2_the_editor_hint_names_the_hexsides_as_drawn(tmp_path):
    from ogre.ui.app import App
    app = App(prefs_folder=tmp_path, size=theme.LOGICAL_SIZE)
    app.step([])
    ed = app.editor
    assert ed.mode == "drop"
    ed.how_to_start = ""                # as once a battle has begun: the editing hint shows
    hint = ed.hint()
    assert "dotted" not in hint and "thin hexside" in hint and "thick black" in hint
    # what the words say is drawn: a plain hexside is one thin unbroken line, rubble a thick one
    board = ed.field.board
    a, b = next(iter(sorted(board.rubble)))
    ed.map.scroll_to(max(0, min(a, b) % 100 - 3))
    app.dirty = True
    app.step([])
    L = ed.map.layout
    rubble = _line_pixels(app.canvas, *shared_edge(L, a, b), theme.RUBBLE)
    plain = next(n for n in (a + 1, a - 1) if (min(a, n), max(a, n)) not in board.rubble
                 and shared_edge(L, a, n))
    thin = _line_pixels(app.canvas, *shared_edge(L, a, plain), theme.DOTTED_EDGE)
    assert min(thin) >= 1 and max(thin) <= 2                        # unbroken and thin
    assert min(rubble) >= 3                                         # thick


def _line_pixels(surface: pygame.Surface, p, q, colour) -> list[int]:
    """Along the middle of segment pq, how many pixels of `colour` cross it at each point."""
    (x1, y1), (x2, y2) = p, q
    length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    counts = []
    for i in range(3, 8):
        t = i / 10
        cx, cy = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        n = 0
        for k in range(-6, 7):
            px, py = int(round(cx + nx * k)), int(round(cy + ny * k))
            if tuple(surface.get_at((px, py)))[:3] == tuple(colour):
                n += 1
        counts.append(n)
    return counts
