"""Issue 29 (3): each dialog, closed with its real buttons (a click, Enter, Esc), gives its
on_close a typed value - an Enum member, or what it picked (None when cancelled) - never the
words on the button."""

from __future__ import annotations

import pygame
import pytest
from test_battle_setup import CP, INF, P, battle_app

from ogre.rules.state import Phase
from ogre.rules.units import Weapon
from ogre.storage.preferences import Preferences
from ogre.ui.commands.play import PlayChoice, PlayDialog
from ogre.ui.commands.recovery import BUTTONS as RESUME_BUTTONS
from ogre.ui.commands.recovery import Resume, ResumeDialog
from ogre.ui.dialogs.attack import PartDialog, WeaponDialog
from ogre.ui.dialogs.battle_over import BattleOver, Ended
from ogre.ui.dialogs.handover import HandOverNotice
from ogre.ui.dialogs.options import PreferencesDialog
from ogre.ui.dialogs.unsaved import LOST, SAVE_FIRST, Question, SaveFirst
from ogre.ui.toolkit.choices import ListDialog, NameDialog, OptionsDialog
from ogre.ui.toolkit.widgets import OK_CANCEL, Answer, Dialog


class Opener:
    """A battle on the screen, a dialog opened over it; `open` returns what its on_close
    was given (a list, filled as the real buttons close it)."""

    def __init__(self) -> None:
        self.app, self.d = battle_app([P(CP, 1418), P(INF, 1020, 3)], Phase.OGRE_FIRE, 1021,
                                      mark=5)

    def open(self, make) -> list:
        got: list = []
        self.app.dialog = make(got.append)
        self.app.step([])
        return got

    @property
    def state(self):
        return self.app.battle.state


@pytest.fixture
def o() -> Opener:
    return Opener()


def test_a_plain_question_gives_answer_ok_or_cancel_by_click_enter_or_esc(o):
    for label, value in (("OK", Answer.OK), ("Cancel", Answer.CANCEL)):
        got = o.open(lambda close: Dialog("Reminder", "End the phase?", OK_CANCEL, close))
        o.d.answer(label)
        assert got == [value] and o.d.dialog is None
    for key, value in ((pygame.K_RETURN, Answer.OK), (pygame.K_ESCAPE, Answer.CANCEL)):
        got = o.open(lambda close: Dialog("Reminder", "End the phase?", OK_CANCEL, close))
        o.d.key(key)
        assert got == [value]


def test_g6_the_save_question_gives_save_dont_save_or_cancel(o):
    for label, value in zip(("Save", "Don't Save", "Cancel"), SaveFirst, strict=True):
        got = o.open(lambda close: Question("Quit", LOST, SAVE_FIRST, close))
        o.d.answer(label)
        assert got == [value]


def test_x9_the_battle_over_dialog_gives_ended(o):
    for label, value in (("OK", Ended.OK), ("Report", Ended.REPORT),
                         ("New Battle", Ended.NEW_BATTLE)):
        got = o.open(lambda close: BattleOver("Ogre Victory.", (Ended.REPORT, Ended.NEW_BATTLE),
                                              close))
        assert [b.label for b in o.d.dialog.buttons] == ["OK", "Report", "New Battle"]
        o.d.answer(label)
        assert got == [value]


def test_x12_the_recovery_offer_gives_resume_discard_or_later(o):
    for label, value in (("Resume", Resume.RESUME), ("Discard", Resume.DISCARD)):
        got = o.open(lambda close: ResumeDialog("Resume the Battle?", "", RESUME_BUTTONS, close))
        o.d.answer(label)
        assert got == [value]
    got = o.open(lambda close: ResumeDialog("Resume the Battle?", "", RESUME_BUTTONS, close))
    o.d.key(pygame.K_ESCAPE)
    assert got == [Resume.LATER]


def test_hand_over_notice_gives_ok_on_any_click(o):
    got = o.open(lambda close: _noticed(HandOverNotice("ogre"), close))
    o.d.click((5, 5))
    assert got == [Answer.OK]


def _noticed(dialog: Dialog, close) -> Dialog:
    dialog.on_close = close
    return dialog


def test_g5_a_list_gives_the_row_picked_or_none(o):
    rows = [("unreadable", False), ("field 2", True), ("field 3", True)]
    got = o.open(lambda close: ListDialog("Load a Field", "Which?", rows, close))
    o.d.pick_row(2)
    o.d.answer("OK")
    assert got == [2]
    got = o.open(lambda close: ListDialog("Load a Field", "Which?", rows, close))
    o.d.answer("Cancel")
    assert got == [None]


def test_options_give_the_choices_or_none(o):
    groups = [("You play", [("The Ogre", True), ("The Defense", True)])]
    got = o.open(lambda close: OptionsDialog("Host a Network Game", "", groups, close))
    o.d.click(next(r for _, i, r in o.d.dialog.option_rects() if i == 1).center)
    o.d.answer("OK")
    assert got == [[1]]
    got = o.open(lambda close: OptionsDialog("Host a Network Game", "", groups, close))
    o.d.key(pygame.K_ESCAPE)
    assert got == [None]


def test_g5_a_name_gives_the_words_typed_or_none(o):
    got = o.open(lambda close: NameDialog("Save a Field", "A name:", "", close))
    o.d.type("Ridge ")
    o.d.answer("OK")
    assert got == ["Ridge"]
    got = o.open(lambda close: NameDialog("Your name", "", "", close, optional=True))
    o.d.key(pygame.K_RETURN)
    assert got == [""]                      # an empty name is a name: OK, not Cancel
    got = o.open(lambda close: NameDialog("Save a Field", "A name:", "Ridge", close))
    o.d.answer("Cancel")
    assert got == [None]


def test_g7_preferences_give_the_preferences_or_none(o):
    got = o.open(lambda close: PreferencesDialog(Preferences(), True, close))
    o.d.click(o.d.dialog.row_rect(0).center)           # Sound Effects: changed
    o.d.answer("OK")
    assert len(got) == 1 and isinstance(got[0], Preferences)
    assert got[0].sound != Preferences().sound
    got = o.open(lambda close: PreferencesDialog(Preferences(), True, close))
    o.d.answer("Cancel")
    assert got == [None]


def test_g1_play_a_game_gives_a_play_choice_or_none(o):
    got = o.open(lambda close: PlayDialog(Preferences(), True, close))
    o.d.answer("OK")
    assert len(got) == 1 and isinstance(got[0], PlayChoice)
    assert got[0].mark in (3, 5) and got[0].computer in ("ogre", "defense", None)
    got = o.open(lambda close: PlayDialog(Preferences(), True, close))
    o.d.answer("Cancel")
    assert got == [None]


def test_c5_the_ogre_attack_gives_the_weapons_or_none(o):
    got = o.open(lambda close: WeaponDialog(o.state, 2, close))
    o.d.click(o.d.dialog.arrows(o.d.dialog.selected)[0].center)   # one more of that weapon
    o.d.answer("OK")
    assert len(got) == 1 and got[0] is not None and sum(got[0]) == 1
    got = o.open(lambda close: WeaponDialog(o.state, 2, close))
    o.d.answer("Cancel")
    assert got == [None]


def test_c6_the_defence_attack_gives_the_part_or_none(o):
    got = o.open(lambda close: PartDialog(o.state, 2, close))
    o.d.answer("OK")
    assert len(got) == 1 and isinstance(got[0], Weapon)
    got = o.open(lambda close: PartDialog(o.state, 2, close))
    o.d.answer("Cancel")
    assert got == [None]
