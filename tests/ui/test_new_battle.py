"""Getting to the next battle (issue 30, point 11; G1, G6, X9): Play a Game at any time - from
a battle on its own field, asking first when that battle would be lost - and a New Battle at
the end of one: the same field or another, the same sides or swapped."""

import os

import pygame
from aftermath_helpers import menu_command, played_app
from driver import Driver

from ogre.match import Seat
from ogre.rules.state import Phase
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.commands.kept_ogre import field_from_state
from ogre.ui.toolkit.theme import LOGICAL_SIZE


def shot(app: App, name: str) -> None:
    if os.environ.get("OGRE_SHOTS"):
        app.draw()
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_SHOTS"], name))


def option(d: Driver, group: int, i: int) -> None:
    rects = {(g, k): r for g, k, r in d.dialog.option_rects() if k >= 0}
    d.click_at(rects[(group, i)].center)


def placements(state):
    return sorted(field_from_state(state).placements, key=repr)


def test_g1_play_a_game_from_a_battle_asks_first_and_plays_its_field_again():
    app, d = played_app(["enter 0822", "move O 0820"])          # a battle going on, unsaved
    old = app.battle
    assert next(c for c in app.menubar.menus[0].commands if c.label == "Play a Game").enabled()
    menu_command(app, d, "Menu", "Play a Game")
    assert d.dialog.title == "Play a Game"
    option(d, 1, 1)                                             # two players
    d.answer("OK")
    assert d.dialog.title == "Play a Game" and "will be lost" in d.dialog.message
    d.answer("Don't Save")
    assert app.battle is not old and app.screen is app.battle
    s = app.battle.state
    assert s.phase is Phase.OGRE_ENTRY and s.turn == 1
    assert placements(s) == placements(old.match.start)        # the same field


def test_g1_the_end_of_a_battle_offers_a_new_one_with_sides_swapped():
    app, d = played_app()                                       # the Ogre rams the Command Post
    old = app.battle
    assert old.state.over
    old.match.seats["defense"] = Seat("computer", "Low")        # as if the computer defended
    end = d.dialog
    assert [b.label for b in end.buttons] == ["OK", "Report", "New Battle"]
    shot(app, "battle-over.png")
    d.answer("New Battle")
    assert d.dialog.title == "New Battle"
    option(d, 1, 1)                                             # swap sides
    shot(app, "new-battle.png")
    assert d.dialog.rect.bottom <= LOGICAL_SIZE[1]
    d.answer("OK")
    assert app.battle is not old and not app.battle.state.over
    assert app.commands.computer == "ogre"                      # now the computer is the Ogre
    assert app.battle.match.seats["ogre"].who == "computer"
    assert app.battle.match.seats["defense"].who == "here"
    assert placements(app.battle.state) == placements(old.match.start)
    app.commands.shutdown()


def test_g1_a_new_battle_on_another_field_takes_that_fields_scenario():
    app, d = played_app()
    d.answer("New Battle")
    option(d, 0, 1)                                             # another field
    d.answer("OK")
    assert d.dialog.title == "New Battle"
    first = load_predesigned()[-1]                              # a Mark V field
    rows = [words for words, _ in d.dialog.rows]
    d.pick_row(rows.index(next(w for w in rows if w.startswith(first.name))))
    shot(app, "new-battle-field.png")
    d.answer("OK")
    while d.dialog is not None and d.dialog.title == "Play a Game":
        d.answer("OK")                                          # a field off the standard: asked
    s = app.battle.state
    assert not s.over and s.ogre.mark == first.mark
    assert placements(s) == sorted(first.field.placements, key=repr)
    assert app.commands.field_name == first.name
