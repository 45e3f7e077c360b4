"""X11, X3, G6, X12, X6 (issue 42 points 1, 2, 3, 12, 13): the battle's story tells what happened
and is the same story when told again - an undone move leaves it, every aim stays in it after a
Load, a Resume or Learn to Play picked up again; scrolled all the way back the earliest lines fill
the window; the battle's end leaves no banner behind its dialog; Export the Log sets the replay
command on one line, with Copy."""

from __future__ import annotations

import pygame
from driver import Driver
from test_battle_setup import CP, GEV, HEAVY, INF, P, battle_app, battle_state, drawn_text
from test_status_computer_turn import Clock, clock, computer_app, play_until  # noqa: F401
from test_story import _results_window, _two_players_for

from ogre.rules import Aim, Clear, Done, Fire, Move, OgreAim, apply
from ogre.rules.state import Phase
from ogre.rules.units import Weapon
from ogre.ui.app import App
from ogre.ui.commands import battle_files
from ogre.ui.commands.crash import keep_battle
from ogre.ui.dialogs import exported_log
from ogre.ui.dialogs.exported_log import ExportedLog
from ogre.ui.scenes import sidebar
from ogre.ui.scenes.banner import end_words
from ogre.ui.scenes.story import NOT_RETOLD, Story
from ogre.ui.toolkit import theme

MOVE_LINE = "Heavy Tank from 1015 to 1018"


# ---------------------------------------------------------------- 1: an undone move

def test_x11_an_undone_move_leaves_the_story_told_live_and_told_again():
    app, d = battle_app([P(CP, 1008), P(HEAVY, 1015), P(INF, 1017, 2)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1015, 1018)
    assert b.results[-1] == MOVE_LINE
    d.key(pygame.K_u)                               # Undo: back at 1015
    assert b.state.piece(2).hex == 1015
    assert MOVE_LINE not in b.results and MOVE_LINE not in _results_window(app)
    d.drag_hex(1015, 1018)                          # moved again: said once
    assert b.results.count(MOVE_LINE) == 1
    b.act(Done(), confirmed=True)                   # through the end of the phase
    assert b.results.count(MOVE_LINE) == 1
    told = list(b.results)
    app.start_battle(b.state, log=list(b.log), start=b.start_state, told=list(b.told))
    assert app.battle is not b and app.battle.results == told


def test_x11_an_undo_takes_back_only_the_moves_it_undoes():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017), P(INF, 1119, 2)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    for action in (Move(0, 1019), Done(), Done(), Move(2, 1016), Move(3, 1118), Move(2, 1015)):
        assert b.act(action, confirmed=True), b.message
    tank, foot = "Heavy Tank from 1017 to 1016", "Infantry (2) from 1119 to 1118"
    assert [tank, foot, "Heavy Tank from 1016 to 1015"] == b.results[-3:]
    d.click_hex(1015)
    d.key(pygame.K_u)                               # the tank's two moves, not the infantry's
    assert b.results[-1] == foot and tank not in b.results
    assert "Ogre to 1019" in b.results              # an earlier phase's move stays


# ---------------------------------------------------------------- 2: the same story again

def _fought(app: App, clock: Clock) -> None:  # noqa: F811
    """The computer Ogre aims and fires; the player moves, undoes, moves again, aims, clears,
    aims again and fires."""
    b = app.battle
    d = Driver(app)
    play_until(app, clock, lambda: b.state.phase is Phase.DEFENSE_MOVE)
    assert any(line.startswith("Ogre aims ") for line in b.results)
    d.drag_hex(1015, 1016)
    d.key(pygame.K_u)
    d.drag_hex(1015, 1018)
    for action in (Done(), Aim(2, Weapon.SECONDARY)):
        assert b.act(action, confirmed=True), b.message
    d.button("Clear")
    for action in (Aim(2, Weapon.TREADS), Fire()):
        assert b.act(action, confirmed=True), b.message
    assert "Heavy Tank from 1015 to 1016" not in b.results
    assert "Heavy Tank at 1018 aims at Secondary Battery" not in b.results
    assert "Heavy Tank at 1018 aims at Treads" in b.results


def _one_gun() -> App:
    """The computer Ogre at 1020 with one Secondary Battery, the infantry beside it its only
    target; the player's Heavy Tank out of its reach."""
    return computer_app([P(CP, 1008), P(HEAVY, 1015), P(INF, 1019, 3)], Phase.OGRE_FIRE, 1020,
                        weapons=(0, 0, 1, 0))


def _panel(app: App) -> tuple[list[str], list[str]]:
    """The story and the lines the results window draws."""
    return list(app.battle.story.lines), _results_window(app)


def test_x11_g6_a_loaded_battle_tells_the_story_the_player_saw_line_for_line(clock):  # noqa: F811
    app = _one_gun()
    _fought(app, clock)
    before = _panel(app)
    d = Driver(app)
    d.menu("Menu", "Save a Game")
    d.pick_row(0)
    d.answer("OK")
    assert d.dialog.message == "The battle is saved in game 1."
    d.answer("OK")
    d.menu("Menu", "Load a Game")
    d.pick_row(0)
    d.answer("OK")
    assert d.dialog is None, d.dialog and d.dialog.message
    assert _panel(app) == before
    assert NOT_RETOLD not in app.battle.results


def test_x11_x12_a_resumed_battle_tells_the_story_the_player_saw_line_for_line(clock):  # noqa: F811
    app = _one_gun()
    _fought(app, clock)
    before = _panel(app)
    assert keep_battle(app)                         # what a crash keeps
    again = App()
    d = Driver(again)
    d.answer("Resume")
    assert _panel(again) == before


def test_x11_x6_learn_to_play_picked_up_again_tells_its_aims_and_no_undone_move():
    app = App()
    app.prefs = app.prefs.model_copy(update={"tutorial_lesson": 12})     # "Split"
    app.start_tutorial()
    lines = app.battle.results
    assert lines.count(MOVE_LINE) == 1             # the Undo lesson's move is gone
    assert "Ogre aims 1 Main Battery at Missile Tank at 0916" in lines
    assert lines.index("Ogre aims 1 Main Battery at Missile Tank at 0916") + 1 == next(
        i for i, line in enumerate(lines) if line.startswith("Ogre fires 1 Main Battery"))


def test_x11_every_aim_is_told_and_a_cleared_or_unfired_one_taken_back():
    s0 = battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_FIRE, 1020)
    story = Story()
    aim = OgreAim(2, (0, 1, 0, 0))
    s1, e1 = apply(s0, aim)
    story.tell(s0, s1, e1, action=aim)
    assert story.lines[-1] == "Ogre aims 1 Main Battery at Heavy Tank at 1018"
    s2, e2 = apply(s1, Clear())
    story.tell(s1, s2, e2, action=Clear())
    assert story.lines == ["Turn 1"]
    s3, e3 = apply(s2, aim)
    story.tell(s2, s3, e3, action=aim)
    more = OgreAim(2, (0, 1, 2, 0))                 # the Ogre's new aim replaces the old
    s3, e3 = apply(s3, more)
    story.tell(s2, s3, e3, action=more)
    assert story.lines == ["Turn 1", "Ogre aims 1 Main Battery, 2 Secondary Batteries at Heavy "
                           "Tank at 1018"]
    s4, e4 = apply(s3, Done())                      # never fired: not what happened
    story.tell(s3, s4, e4, action=Done())
    assert story.lines == ["Turn 1", "-- Defense Movement --"]


# ---------------------------------------------------------------- 3: scrolled all the way back

def test_x11_scrolled_all_the_way_back_the_earliest_lines_fill_the_window():
    app, d = _two_players_for(3)
    b = app.battle
    for _ in range(60):
        d.key(pygame.K_PAGEUP, pygame.KMOD_SHIFT)
    shown = b.story.shown()
    assert shown[0] == "Turn 1" and b.story.back > 0
    drawn = sorted(((pos[1], t) for t, pos in drawn_text(app)
                    if pos[1] >= sidebar.RESULT.top and pos[0] < theme.SIDEBAR_W))
    mark = next(y for y, t in drawn if t == sidebar.NEWER_BELOW)
    story = [(y, t) for y, t in drawn if t != sidebar.NEWER_BELOW]
    assert story[0][1] == "Turn 1"                 # the earliest line, whole
    assert mark - story[-1][0] < 3 * theme.line_height(19)   # full down to the mark
    before = b.story.back
    d.key(pygame.K_PAGEUP, pygame.KMOD_SHIFT)
    panel = sidebar.results_rect(app.canvas.get_height()).center
    d.send(pygame.MOUSEBUTTONDOWN, panel, button=4)
    assert b.story.back == before                  # no further back
    d.key(pygame.K_PAGEDOWN, pygame.KMOD_SHIFT)
    assert b.story.back == before - 6


# ---------------------------------------------------------------- 12: the battle's end

def test_x11_the_end_dialog_says_the_last_turning_points_that_its_words_do_not():
    words = end_words("Ogre Victory", "The Command Post is destroyed. The Ogre is still in "
                      "the field.", ["The Command Post is destroyed!",
                                     "The Ogre is immobilized: its treads are gone."])
    assert words.split("\n") == ["Ogre Victory.", "The Ogre is immobilized: its treads are gone.",
                                 "The Command Post is destroyed. The Ogre is still in the field."]


def test_x11_the_last_shot_ends_the_battle_with_one_dialog_and_no_banner():
    app, d = battle_app([P(CP, 1019)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    for action in (OgreAim(1, (0, 1, 0, 0)), Fire()):     # the Command Post: defense 0
        assert b.act(action, confirmed=True), b.message
    assert b.state.over and b.state.command_post is None
    assert b.banner == [] and b.dialog.title == "The Battle Is Over"
    assert "The Command Post is destroyed." in b.dialog.message
    assert "The Command Post is destroyed!" not in [t for t, _ in drawn_text(app)]
    d.answer("OK")
    assert b.dialog is None and b.banner == []


# ---------------------------------------------------------------- 13: Export the Log

def test_x3_export_the_log_sets_the_replay_command_on_one_line_and_copies_it():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017)], Phase.DEFENSE_MOVE, 1020)
    d.menu("Menu", "Export the Log")
    dialog = d.dialog
    assert isinstance(dialog, ExportedLog)
    [path] = list(battle_files.logs_folder().glob("battle-*.txt"))
    assert dialog.command == f"ogre --replay {path}"
    drawn = [t for t, _ in drawn_text(app)]
    assert dialog.command in drawn                  # one line, whole
    assert [b.label for b in dialog.buttons] == ["OK", "Copy"]
    d.answer("Copy")
    assert d.dialog is dialog                        # Copy leaves it open, and says so
    assert dialog.note in (exported_log.COPIED, exported_log.NO_CLIPBOARD)
    if dialog.note == exported_log.COPIED:
        assert pygame.scrap.get_text() == dialog.command
    assert dialog.note in [t for t, _ in drawn_text(app)]
    d.key(pygame.K_ESCAPE)
    assert d.dialog is None


def test_x3_copy_without_a_clipboard_says_so_and_nothing_fails(tmp_path, monkeypatch):
    def no_clipboard(text):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    app, d = battle_app([P(CP, 1418), P(GEV, 1017)], Phase.DEFENSE_MOVE, 1020)
    d.menu("Menu", "Export the Log")
    d.answer("Copy")
    assert d.dialog.note == exported_log.NO_CLIPBOARD
    assert exported_log.NO_CLIPBOARD in [t for t, _ in drawn_text(app)]
    d.answer("OK")
    assert d.dialog is None


def test_x3_the_replay_command_quotes_a_path_with_spaces(tmp_path):
    path = tmp_path / "my logs" / "battle-1.txt"
    command = exported_log.replay_command(path)
    assert command.startswith("ogre --replay ") and str(path) in command
    assert command != f"ogre --replay {path}"       # quoted: the shell keeps it one word
