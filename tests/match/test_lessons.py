"""Learn to Play's data and checks are typed and pure (issue 29, X6): actions as the rules'
values, what a lesson waits for as values, checked without a screen."""

from __future__ import annotations

import dataclasses

from ogre.match.lessons import (
    LESSONS,
    BattleOver,
    NextPressed,
    PhaseReached,
    RangeShown,
    Seen,
    Selected,
    met,
)
from ogre.rules import Action, parse_action
from ogre.rules.state import Phase
from ogre.ui.overlays.tutorial import first_position


def test_x6_every_lesson_wants_rules_actions_and_waits_for_a_typed_event():
    events = (Selected, RangeShown, PhaseReached, NextPressed, BattleOver, type(None))
    for lesson in LESSONS:
        assert all(parse_action(str(a)) == a for a in lesson.wants)
        assert all(type(a).__module__ == "ogre.rules.actions" for a in lesson.wants)
        assert isinstance(lesson.until, events)
    assert Action is not None


def test_x6_what_a_lesson_waits_for_is_checked_on_what_the_screen_shows():
    s = first_position()
    assert met(Selected(2), Seen(s, selected=2)) and not met(Selected(2), Seen(s, selected=3))
    assert met(RangeShown(), Seen(s, range_shown=True)) and not met(RangeShown(), Seen(s))
    assert met(PhaseReached(Phase.OGRE_ENTRY, 1), Seen(s))
    assert not met(PhaseReached(Phase.OGRE_ENTRY, 1), Seen(s, computer_acting=True))
    assert not met(NextPressed(), Seen(s)) and not met(BattleOver(), Seen(s)) and met(None, Seen(s))
    assert dataclasses.is_dataclass(LESSONS[0])
