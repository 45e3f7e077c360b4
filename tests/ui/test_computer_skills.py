"""The computer's skill, side by side (issue 30, points 9 and 12; G1, G7, X9): the Ogre and
the defence each have their own skill, the computer plays its side's, and the record of
battles names the one it played at."""

import os

import pygame
from driver import Driver

from ogre.match import Seat
from ogre.ui.app import App
from ogre.ui.toolkit.theme import LOGICAL_SIZE


def shot(app: App, name: str) -> None:
    """Under OGRE_SHOTS=folder, the canvas as a PNG, to look at (rule 7)."""
    if os.environ.get("OGRE_SHOTS"):
        app.draw()
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_SHOTS"], name))


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


def option(d: Driver, group: int, i: int) -> None:
    rects = {(g, k): r for g, k, r in d.dialog.option_rects() if k >= 0}
    d.click_at(rects[(group, i)].center)


def test_g1_play_a_game_shows_and_sets_the_computers_skill_and_message_speed():
    app = App()
    app.prefs = app.prefs.model_copy(update={"skill": "Hi", "play_computer": "ogre"})
    d = Driver(app)
    d.menu("Menu", "Play a Game")
    dialog = d.dialog
    assert [name for name, _ in dialog.groups][2:] == ["The computer Ogre's skill",
                                                      "Its message speed"]
    assert dialog.chosen[2:] == [2, 0]                        # the Ogre's Hi, the speed's Low
    option(d, 1, 1)                                           # two players: nothing to set
    assert not dialog.usable(2, 0) and not dialog.usable(3, 2)
    option(d, 1, 2)                                           # the computer defends
    assert dialog.groups[2][0] == "The computer Defense's skill"
    assert dialog.chosen[2] == 0                              # the defence's own: Low
    option(d, 2, 1)                                           # Med
    option(d, 3, 2)                                           # its messages Hi
    shot(app, "play-a-game.png")
    assert fits(dialog)
    d.answer("OK")
    p = app.prefs
    assert (p.skill, p.defense_skill, p.message_speed) == ("Hi", "Med", "Hi")
    assert app.battle.match.seats["defense"] == Seat("computer", "Med")
    assert app.commands.computer == "defense"
    app.commands.shutdown()
