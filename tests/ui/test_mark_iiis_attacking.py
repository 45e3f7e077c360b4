"""9.02 Mark IIIs Attacking from Play a Game (X15): the player defends against two computer
Ogres at Hi, saves mid-battle, loads, finishes the battle and reads the report."""

from __future__ import annotations

import os

import pygame
from aftermath_helpers import menu_command
from driver import Driver
from test_one_player import _menu, run_until
from test_play_choices import answer_field_questions, option

from ogre.rules.scenarios import MARK_IIIS_ATTACKING, OFFERED
from ogre.rules.sides import acting_side
from ogre.rules.state import Phase
from ogre.rules.units import OGRE_ID, ogre_id
from ogre.ui.app import App
from ogre.ui.commands.play import PlayDialog
from ogre.ui.dialogs.report_window import ReportWindow, report_paragraphs


def _shot(app: App, name: str) -> None:
    if os.environ.get("OGRE_SHOTS"):
        app.dirty = True
        app.step([])
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_SHOTS"], name))


def test_x15_9_02_play_a_game_against_two_computer_ogres_at_hi_saves_loads_and_reports():
    app = App()
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi"})
    d = Driver(app)
    menu_command(app, d, "Menu", "Play a Game")
    dialog = d.dialog
    assert isinstance(dialog, PlayDialog)
    option(d, 0, OFFERED.index(MARK_IIIS_ATTACKING))          # the scenario
    option(d, 1, 0)                                           # the computer plays the Ogres
    option(d, 2, 2)                                           # at Hi
    _shot(app, "play-a-game-mark-iiis.png")
    d.answer("OK")
    answer_field_questions(d)
    s = app.battle.state
    assert s.scenario == MARK_IIIS_ATTACKING.key and [o.mark for o in s.ogres] == [3, 3]
    assert app.commands.computer == "ogre"
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)
    s = app.battle.state
    assert all(o.on_map for o in s.ogres) and s.ogre_unit(OGRE_ID).hex != s.ogre_unit(
        ogre_id(2)).hex
    _shot(app, "mark-iiis-turn-1.png")
    _menu(app, "Menu", "Save a Game")
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    d.answer("OK")
    saved = app.battle.state
    d.button("Done")                                          # the defense's move, unused
    if d.dialog is not None:
        d.answer("OK")                                        # Reminders: end it anyway
    _menu(app, "Menu", "Load a Game")
    assert app.dialog.rows[0][0].startswith("1. Mark IIIs Attacking, turn 1, ")
    d.click_at(app.dialog.row_rect(0).center)
    d.answer("OK")
    if d.dialog is not None and any(b.label == "Don't Save" for b in d.dialog.buttons):
        d.answer("Don't Save")
    assert app.battle.state == saved and app.commands.computer == "ogre"
    _defend_passively_to_the_end(app, d)
    assert app.battle.state.over
    d.answer("Report")                                        # the battle-over box's
    window = app.dialog
    assert isinstance(window, ReportWindow) and window.report.marks == (3, 3)
    words = [p.words for p in report_paragraphs(window.report)]
    assert words[0] == app.battle.state.result and words[1].startswith("Two Mark III Ogres, ")
    assert "The Ogres lost" in words and any(w.startswith("Ogres: ") for w in words)
    _shot(app, "mark-iiis-report.png")


def _defend_passively_to_the_end(app: App, d: Driver) -> None:
    """The player ends each of the defense's phases at once; the computer Ogres play on."""
    for _ in range(400):
        run_until(app, lambda: app.battle.state.over
                  or acting_side(app.battle.state) == "defense")
        if app.battle.state.over:
            return
        d.button("Done")
        while d.dialog is not None and not app.battle.state.over:
            d.answer("OK")                                    # Reminders: end it anyway
