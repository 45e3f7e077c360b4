"""Learn to Play (X6), issue 42 (8): the lesson refuses first, with its hint, every time - Done
in a lesson that waits for something else is refused before the game's "End this phase
anyway?", and a click on another piece where a lesson waits for one says so at once."""

from __future__ import annotations

import os

import pygame
from test_tutorial import _press, _resume_at

from ogre.match.lessons import LESSONS
from ogre.ui.overlays.tutorial import NOT_THAT, NOT_THIS

SHOTS = os.environ.get("OGRE_LESSON_SHOTS")


def _index(title: str) -> int:
    return next(i for i, lesson in enumerate(LESSONS) if lesson.title == title)


def test_x6_done_in_the_range_lesson_is_refused_before_any_reminder(tmp_path):
    index = _index("Range")
    app, d = _resume_at(tmp_path, index)
    _press(app, d, "Go on")
    d.click_hex(1015)
    state = app.battle.state
    d.button("Done")                                     # pieces unmoved: it would ask first
    assert d.dialog is None and app.battle.dialog is None
    assert app.battle.state is state
    assert app.battle.message == f"{NOT_THIS} {LESSONS[index].hint}"
    d.key(pygame.K_d)                                    # the key, as the button
    assert d.dialog is None and app.battle.message == f"{NOT_THIS} {LESSONS[index].hint}"
    # where the lesson wants Done, the reminder still comes, as the lesson says it will
    app, d = _resume_at(tmp_path / "done", _index("Done"))
    _press(app, d, "Go on")
    d.button("Done")
    assert d.dialog is not None and d.dialog.title == "Reminder"
    d.answer("OK")
    assert app.battle.message == "" and len(app.battle.log) > 0


def test_x6_another_piece_clicked_in_the_select_lesson_gets_the_hint(tmp_path):
    index = _index("Select a piece")
    app, d = _resume_at(tmp_path, index)
    _press(app, d, "Go on")
    d.click_hex(1116)                                    # the GEV, not the Heavy Tank
    assert app.battle.message == f"{NOT_THAT} {LESSONS[index].hint}"
    assert not app.tutorial.explaining
    if SHOTS:
        pygame.image.save(app.canvas.surface, os.path.join(SHOTS, "wrong-piece.png"))
    d.click_hex(1015)
    app.step([])
    assert app.tutorial.explaining and app.battle.message == ""


def test_x6_range_of_another_piece_in_the_range_lesson_gets_the_hint(tmp_path):
    index = _index("Range")
    app, d = _resume_at(tmp_path, index)
    _press(app, d, "Go on")
    d.click_hex(1116)
    d.button("Range")                                    # the GEV's range, not the tank's
    app.step([])
    assert app.battle.umbrella is not None and not app.tutorial.explaining
    assert app.battle.message == f"{NOT_THAT} {LESSONS[index].hint}"
    d.click_hex(1015)                                    # a click clears the Range
    d.click_hex(1015)
    d.button("Range")
    app.step([])
    assert app.tutorial.explaining and app.battle.message == ""


def test_x6_the_wrong_unit_dragged_onto_the_ogre_in_the_aim_lesson_is_refused_before_the_part(
        tmp_path):
    index = _index("Aim")
    app, d = _resume_at(tmp_path, index)
    _press(app, d, "Go on")
    s = app.battle.state
    gev = next(p for p in s.pieces if p.kind.name == "GEV")
    d.drag_hex(gev.hex, s.ogre.hex)                      # the GEV, not the Heavy Tank
    assert d.dialog is None and app.battle.dialog is None          # no "which part?" first
    assert app.battle.message == f"{NOT_THIS} {LESSONS[index].hint}"
    assert app.battle.state.aim is None
    tank = next(p for p in s.pieces if p.id == 2)
    d.drag_hex(tank.hex, s.ogre.hex)                     # the lesson's unit: the part is asked
    assert app.battle.dialog is not None or d.dialog is not None
