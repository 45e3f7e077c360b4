"""Learn to Play (X6): the guided first battle played through by synthetic events, lesson by
lesson, with a wrong action refused with a hint, and left and picked up again."""

from __future__ import annotations

import os
import re

import pygame
from aftermath_helpers import menu_command
from driver import Driver
from test_battle_setup import shown_text
from test_one_player import SPACE

from ogre.match.lessons import LESSONS
from ogre.rules.state import OGRE_PHASES, Phase
from ogre.rules.units import Weapon
from ogre.ui.app import App
from ogre.ui.dialogs.attack import PARTS
from ogre.ui.overlays.tutorial import NOT_THIS, lesson_start
from ogre.ui.toolkit import theme

SHOTS = os.environ.get("OGRE_LESSON_SHOTS")      # a folder: each lesson's screen saved there


def _app(tmp_path) -> tuple[App, Driver]:
    app = App(prefs_folder=tmp_path / "prefs")
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    return app, Driver(app)


def _settle(app, limit: int = 4000) -> None:
    """Let the computer finish what it is doing, hurrying its messages."""
    for _ in range(limit):
        if not app.commands.computer_acting() and not app.commands.working():
            return
        app.step([SPACE])
        if app.commands.thinking is not None:
            app.commands.thinking.result(timeout=60)
    raise AssertionError("the computer never finished")


def _lesson_done(app, d: Driver, index: int) -> None:
    """The lesson says what happened; a look at it, then Next."""
    _settle(app)
    t = app.tutorial
    assert t is not None and t.index == index and t.explaining, (index, t and t.index)
    _look(app, f"lesson-{index + 1:02d}")
    next_button = next(b for b in t.buttons if b.label == "Next")
    d.click_at(next_button.rect.center)


def _look(app, name: str) -> None:
    """Every word of the panel inside its boxes; saved for a look when asked."""
    app.dirty = True
    app.step([])
    t = app.tutorial
    r = t.rect()
    assert app.canvas.get_rect().contains(r)
    words = t.words()
    drawn: list[pygame.Rect] = []
    shown: list[str] = []
    real = theme.text

    def spy(surface, words, pos, *args, **kwargs):
        shown.append(" ".join(words.split()))
        drawn.append(real(surface, words, pos, *args, **kwargs))
        return drawn[-1]

    theme.text = spy
    try:
        t.draw(app.canvas)
    finally:
        theme.text = real
    assert drawn and all(any(b.contains(d) for b in t.text_boxes()) for d in drawn), name
    assert "..." not in shown and " ".join(words.split()) in " ".join(shown), name  # whole
    if SHOTS:
        pygame.image.save(app.window, os.path.join(SHOTS, f"{name}.png"))


def _aim(app, d: Driver, src: int, part: Weapon) -> None:
    d.drag_hex(src, app.battle.state.ogre.hex)
    d.dialog_click(app.battle.dialog.row_rect(PARTS.index(part)))
    d.answer("OK")


def _done(app, d: Driver) -> None:
    d.button("Done")
    if d.dialog is not None and d.dialog.title == "Reminder":
        d.answer("OK")


def test_x6_the_guided_battle_from_its_first_lesson_to_the_end(tmp_path):
    app, d = _app(tmp_path)
    menu_command(app, d, "Menu", "Learn to Play")
    assert app.tutorial is not None and app.tutorial.index == 0
    _lesson_done(app, d, 0)                                   # the Ogre comes on
    d.click_hex(1015)
    _lesson_done(app, d, 1)
    d.button("Range")
    _lesson_done(app, d, 2)
    d.click_hex(1015)                                         # a click clears the Range
    # a wrong move: refused with the lesson's hint, and nothing happens
    state = app.battle.state
    d.drag_hex(1015, 1016)
    assert app.battle.state is state
    assert app.battle.message == f"{NOT_THIS} {LESSONS[3].hint}"
    d.drag_hex(1015, 1018)
    _lesson_done(app, d, 3)
    d.button("Undo")
    _lesson_done(app, d, 4)
    d.drag_hex(1015, 1018)
    d.drag_hex(1116, 1118)
    _lesson_done(app, d, 5)
    _done(app, d)
    _lesson_done(app, d, 6)
    _aim(app, d, 1018, Weapon.SECONDARY)
    _lesson_done(app, d, 7)
    d.drag_hex(916, app.battle.state.ogre.hex)               # joins the aim: no dialog
    d.button("Fire")
    _lesson_done(app, d, 8)
    _aim(app, d, 1118, Weapon.TREADS)
    d.button("Fire")
    _lesson_done(app, d, 9)
    _done(app, d)
    d.drag_hex(1118, 1115)
    _lesson_done(app, d, 10)

    # leave, then pick up where it was left: lesson 12, the battle as that lesson finds it
    d.click_at(next(b for b in app.tutorial.buttons if b.label == "Leave").rect.center)
    assert not app.tutorial.active and app.prefs.tutorial_lesson == 11
    menu_command(app, d, "Menu", "Learn to Play")
    if d.dialog is not None:                                 # the battle moved on: ask first
        d.answer("Don't Save")
    assert app.tutorial.active and app.tutorial.index == 11 and app.tutorial.resuming
    _press(app, d, "Go on")
    assert app.battle.state == lesson_start(11)[0]

    _done(app, d)
    _lesson_done(app, d, 11)                                 # the ram and the overrun
    s = app.battle.state
    assert s.turn == 2 and s.phase is Phase.DEFENSE_MOVE and s.piece(2).disabled
    d.click_hex(914)
    d.button("Split")
    _lesson_done(app, d, 12)
    d.button("Group")
    _lesson_done(app, d, 13)
    d.drag_hex(914, 916)                                     # over the rubble (infantry may)
    _lesson_done(app, d, 14)
    next_button = next(b for b in app.tutorial.buttons if b.label == "Next")
    d.click_at(next_button.rect.center)                      # read, then Next
    _lesson_done(app, d, 15)
    for _ in range(400):                                     # play on to the end
        _settle(app)
        if app.battle.state.over:
            break
        _done(app, d)
    assert app.battle.state.over
    if d.dialog is not None and d.dialog.title == "The Battle Is Over":
        d.answer("OK")
    _lesson_done(app, d, 16)
    assert not app.tutorial.active and app.prefs.tutorial_lesson == 0


def test_x6_every_lesson_starts_from_a_battle_the_script_reaches():
    state, log = lesson_start(0)
    assert state.phase is Phase.OGRE_ENTRY and log == []     # the first lesson watches it come
    for index in range(1, len(LESSONS)):
        state, log = lesson_start(index)
        assert not state.over and state.phase not in OGRE_PHASES, index
        assert len(log) >= 5                                  # the Ogre's first turn at least


def test_x6_every_lessons_words_fit_its_panel_whole(tmp_path):
    app, d = _app(tmp_path)
    app.start_tutorial()
    t = app.tutorial
    for index in range(len(LESSONS)):
        for explaining in (False, True):
            t.index, t.explaining = index, explaining
            _look(app, f"panel-{index + 1:02d}-{'then' if explaining else 'ask'}")


def _press(app, d: Driver, label: str) -> None:
    app.step([])
    d.click_at(next(b for b in app.tutorial.buttons if b.label == label).rect.center)


def _resume_at(tmp_path, index: int) -> tuple[App, Driver]:
    app, d = _app(tmp_path)
    app.remember_lesson(index)
    menu_command(app, d, "Menu", "Learn to Play")
    return app, d


def test_x6_learn_to_play_picked_up_offers_go_on_and_start_again(tmp_path):
    """Issue 30 (13): a player who stopped at a later lesson may go on or start again."""
    app, d = _resume_at(tmp_path, 11)
    t = app.tutorial
    assert t.index == 11 and t.resuming
    assert {b.label for b in t.buttons} == {"Go on", "Start again", "Leave"}
    _look(app, "resume")
    state = app.battle.state
    d.button("Done")                                         # first the choice
    assert app.battle.state is state
    _press(app, d, "Start again")
    t = app.tutorial
    assert t.index == 0 and not t.resuming and app.prefs.tutorial_lesson == 0
    _settle(app)
    assert app.battle.state.turn == 1 and t.explaining       # lesson 1: the Ogre came on
    app, d = _resume_at(tmp_path / "again", 11)
    _press(app, d, "Go on")
    assert app.tutorial.index == 11 and not app.tutorial.resuming
    assert app.battle.state == lesson_start(11)[0] and app.battle.message == ""


def test_x6_the_red_hint_goes_once_complied_and_never_carries_on(tmp_path):
    """Issue 30 (13): the "Not in this lesson" hint stayed after the player complied (lesson
    3: Range) and carried into the next lesson."""
    app, d = _resume_at(tmp_path, 2)
    _press(app, d, "Go on")
    d.click_hex(1015)
    d.drag_hex(1015, 1016)
    assert app.battle.message == f"{NOT_THIS} {LESSONS[2].hint}"
    d.click_hex(1015)
    d.button("Range")                                        # complied
    _settle(app)
    assert app.tutorial.explaining and app.battle.message == ""
    d.click_hex(1015)                                        # a click clears the Range
    _done(app, d)                                            # not now: Next first
    assert app.battle.message == f"{NOT_THIS} Press Next."
    _press(app, d, "Next")
    assert app.tutorial.index == 3 and app.battle.message == ""


def test_x6_lessons_name_hexes_as_the_map_does_and_say_what_the_sidebar_shows(tmp_path):
    """Issue 30 (13): "infantry at 914" (the map says 0914); lesson 8 said the sidebar shows
    the odds column, which it does not: it shows the kill probability."""
    for lesson in LESSONS:
        for words in (lesson.ask, lesson.hint, lesson.then):
            assert not re.search(r"(?<![0-9-])[0-9]{3}(?![0-9%-])", words), words
    app, d = _resume_at(tmp_path, 7)
    _press(app, d, "Go on")
    _aim(app, d, 1018, Weapon.SECONDARY)
    _settle(app)
    assert app.tutorial.index == 7 and app.tutorial.explaining
    then = LESSONS[7].then
    assert "33%" in then and "both" not in then
    assert "Probability of kill: 33%" in shown_text(app)
    _look(app, "lesson-08-then")
