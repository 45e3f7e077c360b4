"""The Field Editor inside the real App: window clicks reach it, its dialogs are modal (E1, E4,
E5, E8)."""

from __future__ import annotations

import pygame

from ogre.resources import standard_board
from ogre.rules.field import Field, Placement
from ogre.rules.units import Kind
from ogre.ui.app import App
from ogre.ui.scenes import editor_sidebar as bar
from ogre.ui.scenes.editor import Editor


class Sounds:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


class AppMouse:
    def __init__(self, app: App) -> None:
        self.app = app
        app.step([])

    def send(self, kind, pos) -> None:
        wpos = self.app.to_window((int(pos[0]), int(pos[1])))
        data = {"pos": wpos, "button": 1}
        if kind == pygame.MOUSEMOTION:
            data = {"pos": wpos, "rel": (0, 0), "buttons": (0, 0, 0)}
        self.app.step([pygame.event.Event(kind, data)])

    def click(self, pos) -> None:
        self.send(pygame.MOUSEMOTION, pos)
        self.send(pygame.MOUSEBUTTONDOWN, pos)
        self.send(pygame.MOUSEBUTTONUP, pos)

    def answer(self, label: str) -> None:
        d = self.app.editor.dialog
        assert d is not None
        self.click(next(b for b in d.buttons if b.label == label).rect.center)


def make_app() -> tuple[App, AppMouse, Sounds]:
    sounds = Sounds()
    field = Field(standard_board(), (Placement(Kind.CP, 801),))
    app = App(field=field, sounds=sounds)
    return app, AppMouse(app), sounds


def test_e1_the_app_opens_in_the_field_editor_and_clicks_reach_it():
    app, mouse, sounds = make_app()
    ed = app.editor
    assert isinstance(ed, Editor) and app.screen is ed
    assert ed.field.at(801) == Placement(Kind.CP, 801)
    mouse.click(bar.choice_rect("gev").center)
    assert ed.selected == "gev"
    mouse.click(ed.map.layout.center(805))
    assert ed.field.at(805) == Placement(Kind.GEV, 805)
    mouse.click(ed.map.layout.center(907))
    assert ed.message == "CRATER IN THE WAY!" and sounds.played.count("beep") == 1
    assert app.frames > 0


def test_e5_clear_pieces_dialog_is_answered_through_the_app():
    app, mouse, _ = make_app()
    ed = app.editor
    ed.ask_clear_pieces()
    app.touch()
    mouse.click(ed.map.layout.center(806))          # modal: the map takes nothing
    assert ed.field.at(806) is None and ed.dialog is not None
    mouse.answer("OK")
    assert ed.dialog is None and ed.field.placements == ()


def test_e8_checks_chain_through_the_app_and_play():
    app, mouse, _ = make_app()
    ed = app.editor
    ed.set_field(Field(standard_board().with_crater(805, True),
                       (Placement(Kind.CP, 801), Placement(Kind.GEV, 818))))
    played = []
    ed.start_checks(3, lambda: played.append(True))
    assert "craters or rubble" in ed.dialog.message
    mouse.answer("OK")
    assert "clear area" in ed.dialog.message and played == []
    mouse.answer("OK")
    assert played == [True] and ed.dialog is None
