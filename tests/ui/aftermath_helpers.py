"""Helpers for the X9 tests: a short battle played on the real app, menu commands by name."""

from __future__ import annotations

from driver import Driver

from ogre.resources import standard_board
from ogre.rules import Field, Placement, new_game, parse_action
from ogre.rules.units import Kind
from ogre.ui.app import App

# A short battle on a small field: the Ogre comes on, crosses, rams the Command Post (turn 2).
SHORT = ["enter 0822", "move O 0820", "done", "done", "done", "done", "done", "move O 0819",
         "move O 0818"]


def short_start():
    field = Field(standard_board(), (Placement(Kind.CP, 818),))
    return new_game(field, 3, seed=4)


def played_app(actions=SHORT) -> tuple[App, Driver]:
    app = App(state=short_start())
    d = Driver(app)
    d.answer("OK")                                       # the Ogre Entry dialog
    for text in actions:
        assert app.battle.act(parse_action(text), confirmed=True), app.battle.message
    app.aftermath.settle()                               # the record is written beside the loop
    app.step([])
    d.hand_over()                                        # two players: whose turn it is
    return app, d


def menu_command(app: App, d: Driver, title: str, label: str) -> None:
    menu = next(m for m in app.menubar.menus if m.title == title)
    i = next(i for i, c in enumerate(menu.commands) if c.label == label)
    d.click_at(menu.title_rect.center)
    d.click_at((menu.rect.left + 20, menu.rect.top + 4 + i * 26 + 13))
