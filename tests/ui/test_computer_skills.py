"""The computer's skill, side by side (issue 30, points 9 and 12; G1, G7, X9): the Ogre and
the defence each have their own skill, the computer plays its side's, and the record of
battles names the one it played at."""

import os

import pygame
from driver import Driver

from ogre.match import Seat
from ogre.ui.app import App
from ogre.ui.theme import LOGICAL_SIZE


def shot(app: App, name: str) -> None:
    """Under OGRE_SHOTS=folder, the canvas as a PNG, to look at (rule 7)."""
    if os.environ.get("OGRE_SHOTS"):
        app.draw()
        pygame.image.save(app.canvas, os.path.join(os.environ["OGRE_SHOTS"], name))


def fits(dialog) -> bool:
    return dialog.rect.top >= 0 and dialog.rect.bottom <= LOGICAL_SIZE[1] \
        and dialog.rect.width <= LOGICAL_SIZE[0]


def test_g7_the_computer_defence_plays_at_its_own_skill_not_the_ogres():
    app = App()
    d = Driver(app)
    app.commands.preferences()
    dialog = app.dialog
    names = [n for n, _ in dialog.OPTIONS]
    assert "defense_skill" in names
    for _ in range(2):                                        # Ogre Skill Level: Low -> Med -> Hi
        d.click_at(dialog.row_rect(names.index("skill")).center)
    shot(app, "preferences.png")
    assert fits(dialog)
    d.answer("OK")
    assert (app.prefs.skill, app.prefs.defense_skill) == ("Hi", "Low")
    app.start_battle(app.battle.state if app.battle else _new_state(app), computer="defense")
    seats = app.battle.match.seats
    assert seats["defense"] == Seat("computer", "Low")        # not the Ogre's Hi
    assert seats["defense"].record_side().skill == "Low"     # the record says the right one
    assert app.battle.match.players().skill == "Low"          # and so does a saved game
    app.commands.shutdown()


def _new_state(app: App):
    from ogre.rules import new_game
    return new_game(app.editor.field, 3, seed=2)
