"""Hot-seat hand-over (issue 30, point 15; T1, G1): at each change of side in a battle of two
players at this computer, a small box says whose turn it is; a click or a key dismisses it
and does nothing else. Never against the computer or another computer."""

import os

import pygame
from driver import Driver

from ogre.match import Seat
from ogre.resources import standard_board
from ogre.rules import Field, Placement, new_game
from ogre.rules.state import Phase
from ogre.rules.units import Kind
from ogre.ui.app import App
from ogre.ui.toolkit.theme import LOGICAL_SIZE


def hot_seat() -> tuple[App, Driver]:
    field = Field(standard_board(), (Placement(Kind.CP, 816), Placement(Kind.INFANTRY, 916, 1)))
    app = App(state=new_game(field, 3, seed=5))
    d = Driver(app)
    d.answer("OK")                                   # the Ogre Entry dialog
    d.click_hex(822)
    d.button("Done")                                 # the Ogre's move
    return app, d


def ogre_fire_done(d: Driver) -> None:
    d.button("Done")
    if d.dialog is not None and d.dialog.title == "Reminder":
        d.answer("OK")


def test_t1_hot_seat_each_change_of_side_says_whose_turn_and_a_click_only_dismisses_it():
    app, d = hot_seat()
    s = lambda: app.battle.state  # noqa: E731
    assert app.dialog is None                         # the Ogre's move to its fire: no change
    ogre_fire_done(d)
    assert s().phase is Phase.DEFENSE_MOVE
    notice = d.dialog
    assert notice is not None and notice.title == "Hand Over"
    assert "Hand over to the Defense player" in notice.message
    if os.environ.get("OGRE_SHOTS"):
        app.draw()
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_SHOTS"], "hand-over.png"))
    assert notice.rect.width <= LOGICAL_SIZE[0] and notice.rect.height <= LOGICAL_SIZE[1]
    d.button("Done")                                  # the click meant for Done only dismisses
    assert d.dialog is None and s().phase is Phase.DEFENSE_MOVE
    d.button("Done")
    d.answer("OK")                                    # the infantry did not move: asked
    d.button("Done")
    d.button("Done")                                  # the GEV phase: back to the Ogre
    assert s().phase is Phase.OGRE_MOVE
    assert d.dialog is not None and "Hand over to the Ogre player" in d.dialog.message
    d.key(pygame.K_d)                                 # a key dismisses it, and is not Done
    assert d.dialog is None and s().phase is Phase.OGRE_MOVE


def test_t1_no_hand_over_against_another_computer():
    app, d = hot_seat()
    app.battle.match.seats["defense"] = Seat("remote", name="Ann")
    ogre_fire_done(d)
    assert app.battle.state.phase is Phase.DEFENSE_MOVE and app.dialog is None
