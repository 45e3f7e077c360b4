"""The record of battles in the game (X9): a finished battle adds exactly one entry, whoever
finished it; a damaged record is said in one sentence and never stops play; OSI > Record
shows the totals per opponent and skill and the last battles."""

from __future__ import annotations

import json
import threading

import pygame
from aftermath_helpers import SHORT, menu_command, played_app, short_start
from driver import Driver

from ogre.match import Seat
from ogre.rules import parse_action
from ogre.storage.games import GameStore
from ogre.storage.paths import user_data_folder
from ogre.storage.record import Side, add_battle, load_record, new_entry, record_path
from ogre.ui.app import App
from ogre.ui.commands import battle_files
from ogre.ui.dialogs.record_window import RecordWindow, battle_cells, total_cells
from ogre.ui.dialogs.report_window import ReportWindow
from ogre.ui.toolkit import theme


def entries():
    for thread in threading.enumerate():              # a battle being added, beside the loop
        if thread.name == "ogre-record":
            thread.join()
    return load_record(user_data_folder())[0]


def test_x9_a_finished_battle_adds_exactly_one_entry():
    app, d = played_app()
    assert app.battle.state.over
    [e] = entries()
    assert (e.scenario, e.mark, e.result, e.turns) == ("basic", 3, "Complete Ogre Victory", 2)
    assert e.ogre == Side(who="player") and e.defense == Side(who="player")
    d.answer("Report")                                   # the report, again and again
    assert isinstance(app.dialog, ReportWindow)
    d.answer("OK")
    app.aftermath.report_battle()
    d.answer("OK")
    menu_command(app, d, "Menu", "Battle Report")
    d.answer("OK")                                       # "This battle" is the first row
    d.answer("OK")
    app.battle.act(parse_action("done"))                 # refused: the battle is over
    for _ in range(3):
        app.step([])
    assert len(entries()) == 1


def test_x9_loading_a_finished_save_adds_nothing_and_finishing_a_loaded_one_adds_one():
    app, d = played_app(SHORT[:8])                       # one move short of the end
    b = app.battle
    GameStore.default().save(2, b.state, app.commands.players(), b.log, "Tiny",
                             start=b.start_state)
    assert app.battle.act(parse_action(SHORT[8]), confirmed=True)
    assert len(entries()) == 1
    GameStore.default().save(4, app.battle.state, app.commands.players(), app.battle.log,
                             "Tiny", start=app.battle.start_state)
    for slot, expected in ((4, 1), (2, 1)):              # a finished save, then the one before
        app.commands.unsaved.kept(app.battle.state)
        battle_files.load_game(app.commands)
        d.click_at(app.dialog.row_rect(slot - 1).center)
        d.answer("OK")
        assert app.dialog is None and len(entries()) == expected
    assert app.battle.act(parse_action(SHORT[8]), confirmed=True)
    assert [e.field for e in entries()] == ["", "Tiny"]


def test_x9_the_entry_names_the_computer_and_its_skill():
    app, _ = played_app()
    seats = app.battle.match.seats                       # who plays each side (issue 29)
    seats["ogre"] = Seat("computer", "Hi")
    e = app.battle.match.entry()
    assert e.ogre == Side(who="computer", skill="Hi") and e.defense == Side(who="player")
    seats["ogre"], seats["defense"] = Seat(), Seat("computer", "mybots:Careful")
    e = app.battle.match.entry()
    assert e.ogre.who == "player" and e.defense == Side(who="computer", name="mybots:Careful")


def test_x9_a_damaged_record_is_said_once_and_the_battle_ends_as_ever():
    path = record_path(user_data_folder())
    path.parent.mkdir(parents=True)
    path.write_text("{damaged")
    app, d = played_app()
    assert app.battle.state.over and app.battle.dialog.title == "The Battle Is Over"
    notice = app.dialog
    assert notice is not None and notice.title == "Record of Battles"
    words = notice.message
    assert words.endswith(".") and "kept as record-damaged-" in words and "\n" not in words
    d.answer("OK")
    assert app.dialog is None and app.battle.dialog.title == "The Battle Is Over"
    assert len(entries()) == 1


def test_x9_a_newer_record_is_left_alone_and_said_in_one_sentence():
    path = record_path(user_data_folder())
    path.parent.mkdir(parents=True)
    newer = json.dumps({"format": "ogre-record", "version": 7, "entries": []})
    path.write_text(newer)
    app, d = played_app()
    assert "newer version of OGRE" in app.dialog.message and "not added" in app.dialog.message
    d.answer("OK")
    d.answer("OK")                                       # the battle-over dialog
    menu_command(app, d, "OSI", "Record")
    assert isinstance(app.dialog, RecordWindow) and "newer version" in app.dialog.message
    assert path.read_text() == newer


def add(result, ogre, defense, turns=9, field="Howitzer Umbrella"):
    assert add_battle(new_entry("basic", field, ogre, defense, result, turns),
                      user_data_folder()) is None


def test_x9_record_window_shows_totals_per_opponent_and_skill_and_the_last_battles():
    me, low, hi = Side(who="player"), Side(who="computer", skill="Low"), \
        Side(who="computer", skill="Hi")
    add("Defense Victory", hi, me)
    add("Ogre Victory", hi, me)
    add("Complete Defense Victory", low, me)
    add("Marginal Ogre Victory", me, hi, field="A field with a very long name indeed, really")
    for n in range(9):
        add("Ogre Victory", me, me, turns=10 + n)
    app = App(state=short_start())
    d = Driver(app)
    d.answer("OK")
    menu_command(app, d, "OSI", "Record")
    w = app.dialog
    assert isinstance(w, RecordWindow) and w.message == ""
    rows = [total_cells(t)[:4] for t in w.totals]
    assert rows == [["Computer Ogre", "Low", "1", "1"], ["Computer Ogre", "Hi", "2", "1"],
                    ["Computer Defense", "Hi", "1", "1"], ["Two players", "-", "9", "-"]]
    assert total_cells(w.totals[1])[4:] == ["", "1", "", "", "1", ""]
    assert len(w.last) == 8 and battle_cells(w.last[0])[-1] == "18"      # newest first
    assert app.canvas.get_rect().contains(w.rect)
    assert_words_inside(app, w)
    d.answer("OK")
    assert app.dialog is None


def test_x9_an_empty_record_says_so():
    app = App(state=short_start())
    d = Driver(app)
    d.answer("OK")
    menu_command(app, d, "OSI", "Record")
    assert app.dialog.totals == []
    assert_words_inside(app, app.dialog)


def assert_words_inside(app: App, w) -> None:
    """Every word drawn by the window is inside the window (drawn once, watched)."""
    drawn = []
    real = theme.draw_paragraphs

    def watch(surface, paras, box, **kw):
        rects = real(surface, paras, box, **kw)
        drawn.extend(rects)
        assert all(box.contains(r) for r in rects)
        return rects
    theme.draw_paragraphs = watch
    try:
        surface = pygame.Surface(app.canvas.get_size())
        w.draw(surface)
    finally:
        theme.draw_paragraphs = real
    assert drawn and all(w.rect.contains(r) for r in drawn)


def test_x9_a_battle_is_added_to_the_record_beside_the_frame_loop(monkeypatch):
    """Issue 28: rewriting a record of 10,000 battles took 1.5 s inside the frame loop."""
    from ogre.ui.commands import aftermath
    where = []
    real = aftermath.add_battle
    monkeypatch.setattr(aftermath, "add_battle",
                        lambda entry, folder: where.append(threading.current_thread().name)
                        or real(entry, folder))
    played_app()
    assert where == ["ogre-record"] and len(entries()) == 1


def test_x9_x15_a_duels_line_in_the_record_says_it_was_a_duel_and_of_which_ogres():
    for key, words in [("duel", "Duel, 2 Mark Vs"), ("three-way-duel", "Duel, 3 Mark IIIs"),
                       ("mark-iiis-attacking", "2 Mark IIIs"), ("advanced", "Mark V")]:
        e = new_entry(key, "Deep Reserve", Side(who="player"), Side(who="computer", skill="Hi"),
                      "Ogre 1 Holds the Field" if "duel" in key else "Ogre Victory", 12)
        assert battle_cells(e)[1] == words
