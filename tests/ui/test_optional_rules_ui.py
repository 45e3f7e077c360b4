"""X15: Play a Game's Optional Rules row opens the pocket edition's switches (Time Limit, Command
Crawler, Hardened CP); the battle started is played with them, New Battle keeps them, and the
sidebar and the turn line say so."""

from __future__ import annotations

from aftermath_helpers import menu_command, played_app
from test_play_choices import answer_field_questions, option, shot
from test_text_boxes import check_frame

from ogre.rules.options import NO_OPTIONS, Options
from ogre.ui.commands.play import PlayDialog
from ogre.ui.dialogs.optional_rules import OptionalRulesDialog


def _choose_rules(app, d, time: int, crawler: int, hardened: int) -> PlayDialog:
    menu_command(app, d, "Menu", "Play a Game")
    dialog = d.dialog
    assert isinstance(dialog, PlayDialog) and dialog.options == app.battle.state.options
    d.click(dialog.rules_box().center)
    rules = d.dialog
    assert isinstance(rules, OptionalRulesDialog)
    check_frame(app)
    option(d, 0, time)
    option(d, 1, crawler)
    option(d, 2, hardened)
    shot(app, "optional-rules.png")
    d.answer("OK")
    assert d.dialog is dialog
    return dialog


def test_x15_play_a_game_starts_a_battle_with_the_optional_rules_chosen():
    app, d = played_app(["enter 0822"])
    assert app.battle.state.options == NO_OPTIONS
    dialog = _choose_rules(app, d, time=3, crawler=1, hardened=2)      # 20 turns, on, 2
    chosen = Options(time_limit=20, command_crawler=True, hardened_cp=2)
    assert dialog.options == chosen
    shot(app, "play-a-game-rules.png")
    words = {x.words: x.rect for x in check_frame(app)}
    assert dialog.rules_box().contains(words["20 turns, Command Crawler, Hardened CP 2"])
    option(d, 1, 1)                                             # two players
    d.answer("OK")
    d.answer("Don't Save")                                      # the battle going on
    answer_field_questions(d)
    assert app.battle.state.options == chosen and app.battle.state.turn == 1


def test_x15_cancelling_the_optional_rules_keeps_what_was_chosen():
    app, d = played_app(["enter 0822"])
    menu_command(app, d, "Menu", "Play a Game")
    dialog = d.dialog
    d.click(dialog.rules_box().center)
    option(d, 0, 1)
    d.answer("Cancel")
    assert d.dialog is dialog and dialog.options == NO_OPTIONS


def test_x15_new_battle_keeps_the_ended_battles_optional_rules():
    app, d = played_app(["enter 0822"])
    _choose_rules(app, d, time=1, crawler=0, hardened=1)                # 12 turns, off, 1
    option(d, 1, 1)
    d.answer("OK")
    d.answer("Don't Save")
    answer_field_questions(d)
    chosen = app.battle.state.options
    assert chosen == Options(time_limit=12, hardened_cp=1)
    app.commands.play.after_battle()
    d.answer("OK")                                              # the same field, the same sides
    answer_field_questions(d)
    if d.dialog is not None and "will be lost" in d.dialog.message:
        d.answer("Don't Save")
    assert app.battle.state.options == chosen and app.battle.state.turn == 1


def test_x15_the_sidebar_says_the_turns_left_and_what_the_command_post_is():
    from dataclasses import replace

    from ogre.ui.scenes.sidebar import phase_words, piece_lines

    app, d = played_app(["enter 0822"])
    s = replace(app.battle.state, options=Options(time_limit=12, command_crawler=True,
                                                  hardened_cp=2))
    cp = s.command_post
    assert phase_words(s, "Ogre player") == "Turn 1 of 12  -  Ogre player"
    assert phase_words(app.battle.state, "Ogre player") == "Turn 1  -  Ogre player"
    lines = piece_lines(s, cp.id)
    assert lines[0] == f"Command Crawler at {cp.hex:04d}"
    assert lines[2] == "Defense 2   Move 1"
    plain = piece_lines(app.battle.state, cp.id)
    assert plain[0].startswith("Command Post") and plain[2] == "Defense 0   Move 0"


def test_g1_x15_play_a_games_optional_rules_are_offered_again_in_the_next_run():
    from test_play_choices import saved_prefs

    from ogre.ui.app import App

    app, d = played_app(["enter 0822"])
    _choose_rules(app, d, time=2, crawler=1, hardened=0)                # 15 turns, on, off
    option(d, 1, 1)
    d.answer("OK")
    d.answer("Don't Save")
    answer_field_questions(d)
    assert saved_prefs()["play_options"] == {"time_limit": 15, "command_crawler": True,
                                             "hardened_cp": 0}
    again = App()                                               # the next run
    assert again.commands.play.options == Options(time_limit=15, command_crawler=True)


def test_x15_the_command_posts_counter_prints_its_defense_and_move_under_the_options():
    from dataclasses import replace

    from ogre.rules.units import Kind
    from ogre.ui.drawing import art
    from ogre.ui.scenes.battle_draw import cp_figures

    app, _ = played_app(["enter 0822"])
    s = app.battle.state
    cp = s.command_post
    assert cp_figures(s, cp) == (0, 0)
    hard = replace(s, options=Options(command_crawler=True, hardened_cp=2))
    assert cp_figures(hard, cp) == (2, 1)
    assert art._labels(Kind.CP, 1, 3, cp_figures(hard, cp))[1] == "0/0 2 1"
    assert art._labels(Kind.CP, 1, 3)[1] == "0/0 0 0"                # the 1986 CP's
    assert art.counter("cp", 40, cp=(2, 1)) is not art.counter("cp", 40)
