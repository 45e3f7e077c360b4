"""Issue 13 (4): what is aimed stays named once its dialog closes (C5, C6), the result log names
each defender with its hex (C8), and no selection outline stays on an empty hex (S1)."""

from __future__ import annotations

import pygame
import pytest
from test_battle_setup import CP, HEAVY, INF, P, battle_app, shown_text

from ogre.rules.state import Phase
from ogre.ui.toolkit import theme


def test_c6_after_the_aim_dialog_closes_the_sidebar_names_the_part_aimed_at():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(INF, 1019, 2)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1018, 1020)
    d.dialog_click(d.dialog.row_rect(1))             # Main Battery
    d.answer("OK")
    assert b.dialog is None and b.selected == 2
    words = shown_text(app)
    assert "Heavy Tank at 1018" in words             # the attacker's lines, then the aim
    assert "Aimed at: Main Battery" in words and "Attack strength 4" in words
    d.drag_hex(1019, 1020)                           # a second unit joins the same aim
    assert "Aimed at: Main Battery" in shown_text(app) and "Attack strength 5" in shown_text(app)
    d.button("Clear")
    assert not any(w.startswith("Aimed at") for w in shown_text(app))


def test_c5_after_the_weapons_dialog_closes_the_sidebar_names_target_and_weapons():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017)], Phase.OGRE_FIRE, 1020)
    d.drag_hex(1020, 1017)
    d.dialog_click(d.dialog.arrows(0)[0])            # one missile
    d.dialog_click(d.dialog.arrows(1)[0])            # and the main battery
    d.answer("OK")
    words = shown_text(app)
    assert "Aimed at: Heavy Tank at 1017" in words
    assert "With: 1 Missile, 1 Main Battery" in words


def test_c8_the_log_names_each_defender_with_its_hex():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017), P(INF, 1019, 3), P(INF, 1018, 1)],
                        Phase.OGRE_MOVE, 1020)
    b = app.battle
    b.reminders = lambda: False                      # rams and overruns without asking (G7)
    d.drag_hex(1020, 1019)                           # overrun: the 3 squads lose one
    assert b.results[-1] == "Ogre overruns Infantry (3) at 1019: reduced"
    d.button("Done")
    d.drag_hex(1019, 1017)                           # the main battery at the heavy tank
    d.dialog_click(d.dialog.arrows(1)[0])
    d.answer("OK")
    d.button("Fire")
    assert b.results[-1].startswith("Ogre fires 1 Main Battery at Heavy Tank at 1017: ")
    d.drag_hex(1019, 1018)                           # antipersonnel at the lone squad
    d.dialog_click(d.dialog.arrows(3)[0])
    d.answer("OK")
    d.button("Fire")
    assert b.results[-1].startswith("Ogre fires 1 Antipersonnel at Infantry (1) at 1018: ")


# ---------------------------------------------------------------- S1: no outline on an empty hex

@pytest.fixture
def outlines(monkeypatch):
    """outlines(app) -> the hexes outlined in white (the selection's colour) in one redraw."""
    def redraw(app) -> list[int]:
        drawn: list[int] = []
        m = app.battle.map
        real = m.outline_hex

        def spy(surface, h, colour, width=3):
            if tuple(colour) == theme.SELECT:
                drawn.append(h)
            return real(surface, h, colour, width)
        monkeypatch.setattr(m, "outline_hex", spy)
        app.dirty = True
        app.step([])
        monkeypatch.setattr(m, "outline_hex", real)
        return drawn
    return redraw


def occupied(app, h: int) -> bool:
    s = app.battle.state
    return bool(s.at(h)) or s.ogre.hex == h


def test_s1_m4_after_undo_no_outline_stays_where_the_piece_was(outlines):
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    d.drag_hex(1018, 1017)
    assert outlines(app) and all(h == 1017 for h in outlines(app))
    d.key(pygame.K_u)                                # Undo by key: the pointer stays on 1017
    assert app.battle.state.piece(2).hex == 1018
    assert outlines(app) == [1018]                   # the piece, back where it started


def _seed_where_the_cp_falls() -> int:
    from test_battle_setup import battle_state

    from ogre.rules import Fire, OgreAim, apply
    for seed in range(1, 200):
        s = battle_state([P(CP, 1018), P(HEAVY, 1012)], Phase.OGRE_FIRE, 1020, seed=seed)
        s, _ = apply(s, OgreAim(1, (0, 1, 0, 0)))
        if apply(s, Fire())[0].piece(1) is None:
            return seed
    raise AssertionError("no seed destroys the Command Post")


def test_s1_c3_a_destroyed_target_leaves_no_outline(outlines):
    app, d = battle_app([P(CP, 1018), P(HEAVY, 1012)], Phase.OGRE_FIRE, 1020,
                        seed=_seed_where_the_cp_falls())
    d.drag_hex(1020, 1018)
    d.dialog_click(d.dialog.arrows(1)[0])
    d.answer("OK")
    assert outlines(app) == [1018] or set(outlines(app)) == {1018}
    d.key(pygame.K_f)                                # Fire by key: the pointer stays on 1018
    assert app.battle.state.piece(1) is None
    for h in outlines(app):
        assert occupied(app, h), f"an outline on the empty hex {h:04d}"


def test_s1_m8_an_overrun_squad_leaves_no_outline(outlines):
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 1)], Phase.OGRE_MOVE, 1020)
    app.battle.reminders = lambda: False
    d.click_hex(1019)                                # the squad is selected ...
    d.drag_hex(1020, 1019)                           # ... and overrun: destroyed
    assert app.battle.state.piece(2) is None
    d.drag_hex(1019, 1018)                           # the Ogre moves on
    for h in outlines(app):
        assert occupied(app, h), f"an outline on the empty hex {h:04d}"
