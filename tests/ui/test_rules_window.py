"""The rules at hand (X7): the Rules window, opened and closed by F1 or OSI > Rules, every page
readable inside its boxes, its figures the rules core's, and pausing and blocking nothing."""

from __future__ import annotations

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, GEV, HEAVY, P, battle_app
from test_one_player import one_player, run_until

from ogre.rules import combat
from ogre.rules.state import Phase
from ogre.rules.units import MARKS, STATS, Kind
from ogre.ui.dialogs.rules_pages import Table, pages
from ogre.ui.toolkit import theme


def _key(app, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def _drawn_words(app) -> list[tuple[str, pygame.Rect]]:
    """Every string the Rules window put on the canvas, with its rect."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = theme.text

    def spy(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        drawn.append((words, pygame.Rect(rect)))
        return rect

    theme.text = spy
    try:
        app.rules.draw(app.canvas)
    finally:
        theme.text = real
    return drawn


def test_x7_f1_opens_and_closes_the_rules_and_1_to_7_turn_its_pages():
    app, _ = battle_app([P(CP, 1418), P(GEV, 1018)], Phase.DEFENSE_MOVE, 1021)
    assert not app.rules.open
    _key(app, pygame.K_F1)
    assert app.rules.open and app.rules.page == 0
    _key(app, pygame.K_3)
    assert app.rules.page == 2 and pages()[2].tab == "Turn"
    Driver(app).click_at(app.rules.tab_rects()[5].center)
    assert app.rules.page == 5
    Driver(app).click_at(app.rules.close_rect().center)
    assert not app.rules.open
    _key(app, pygame.K_F1)
    assert app.rules.open and app.rules.page == 5           # it opens where it was left
    _key(app, pygame.K_F1)
    assert not app.rules.open


def test_x7_osi_rules_opens_the_window():
    app, _ = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1021)
    osi = app.menubar.menus[1]
    command = next(c for c in osi.commands if c.label == "Rules")
    command.run()
    assert app.rules.open


@pytest.mark.parametrize("page", range(len(pages())))
def test_x7_every_page_is_drawn_with_its_words_inside_the_window_and_their_boxes(page):
    app, _ = battle_app([P(CP, 1418), P(GEV, 1018)], Phase.DEFENSE_MOVE, 1021)
    _key(app, pygame.K_F1)
    _key(app, pygame.K_1 + page)
    app.rules.place(app.canvas.get_size())
    drawn = _drawn_words(app)
    assert drawn
    window = app.rules.rect
    for words, rect in drawn:
        assert window.contains(rect), (words, rect)
        assert any(box.contains(rect) for box in app.rules.drawn_boxes), (words, rect)
    # every paragraph and every cell is drawn whole, its lines in order: nothing cut off
    shown = " ".join(" ".join(words.split()) for words, _ in drawn)
    for block in pages()[page].blocks:
        cells = ((*block.header, *(c for row in block.rows for c in row))
                 if isinstance(block, Table) else (block,))
        for cell in cells:
            assert " ".join(cell.split()) in shown, cell


def test_x7_the_figures_are_the_rules_cores():
    units, crt = pages()[0], pages()[1]
    defenders = units.blocks[0]
    assert isinstance(defenders, Table)
    heavy = STATS[Kind.HEAVY]
    assert ("Heavy Tank", str(heavy.attack), str(heavy.range), str(heavy.defense),
            str(heavy.move)) in defenders.rows
    marks = units.blocks[3]
    assert isinstance(marks, Table) and ("Treads", "45", "60") in marks.rows
    assert MARKS[5].treads == 60
    table = crt.blocks[1]
    assert isinstance(table, Table)
    kill = dict(zip(table.header[1:], next(r for r in table.rows if r[0] == "Kill: active")[1:]))
    assert kill["2-1"] == f"{combat.percent(combat.kill_probability('2-1'))}%" == "50%"


def test_x7_the_window_pauses_nothing_the_computer_plays_on_under_it():
    app = one_player("ogre")
    _key(app, pygame.K_F1)
    assert app.rules.open
    run_until(app, lambda: app.battle.state.phase is Phase.DEFENSE_MOVE)
    assert app.rules.open and app.battle.state.ogre.on_map   # it entered, moved and fired


def test_x7_clicks_on_the_window_stay_on_it_and_clicks_beside_it_reach_the_map():
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 218)], Phase.DEFENSE_MOVE, 1021)
    d = Driver(app)
    _key(app, pygame.K_F1)
    covered = d.hex_pos(1018)
    assert app.rules.rect.collidepoint(covered)
    d.click_at(covered)
    assert app.battle.selected is None                       # the window took the click
    beside = d.hex_pos(218)
    assert not app.rules.rect.collidepoint(beside)
    d.click_at(beside)
    assert app.battle.selected is not None                   # the GEV beside it is selected
