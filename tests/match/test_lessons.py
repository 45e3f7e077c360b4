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


def _lesson(title: str) -> int:
    return next(i for i, lesson in enumerate(LESSONS) if lesson.title == title)


def test_x6_the_ram_and_overrun_lesson_says_what_each_cost_as_the_rules_did():
    """Issue 42 (7): lesson 12 said the ram and the overrun "both cost it treads"; an overrun
    costs none, and the treads fell only by the ram's cost."""
    from ogre.match.lessons import ScriptedOgre
    from ogre.rules import apply
    from ogre.rules.command_post import ram_tread_cost
    from ogre.rules.options import NO_OPTIONS
    from ogre.ui.overlays.tutorial import lesson_start

    index = _lesson("Ram and overrun")
    s, _ = lesson_start(index)
    for action in LESSONS[index].wants:
        s, _ = apply(s, action)
    ogre, cost = ScriptedOgre(), {}
    while not (s.phase is Phase.DEFENSE_MOVE and s.turn == 2):
        action = ogre.choose(s)
        before = s
        s, events = apply(s, action)
        for e in events:
            if e.kind in ("ram", "overrun"):
                cost[e.kind] = before.ogre.treads - s.ogre.treads
    heavy = lesson_start(index)[0].piece(2)
    assert cost == {"ram": ram_tread_cost(heavy, NO_OPTIONS), "overrun": 0}
    then = LESSONS[index].then
    assert f"cost it {cost['ram']} treads" in then and "which cost none" in then
    assert "Both cost it treads" not in then
    assert s.piece(3) is None and "destroyed your Missile Tank" in then   # as it tells


def test_x6_a_lesson_shows_craters_and_rubble_as_the_rules_have_them():
    """Issue 42 (6): what crosses craters and rubble, and that fire passes over both."""
    from dataclasses import replace

    from ogre.rules import Aim, GameState, Move, check
    from ogre.rules.board import Board
    from ogre.rules.units import Kind, Weapon
    from ogre.ui.overlays.tutorial import lesson_start

    index = _lesson("Craters and rubble")
    lesson = LESSONS[index]
    s, _ = lesson_start(index)
    (move,) = lesson.wants
    assert isinstance(move, Move) and s.piece(move.piece).kind is Kind.INFANTRY
    assert check(s, move).kind == "move"                          # infantry crosses rubble
    board: Board = s.board
    assert board.is_crater(913) and board.has_rubble(915, 916)
    assert "0913 is a crater" in lesson.ask and "between 0915 and 0916" in lesson.then

    def reach(start: int, crosses: bool, budget: int) -> set[int]:
        seen, edge = {start}, {start}
        for _ in range(budget):
            edge = {n for h in edge for n in board.steps(h, crosses)} - seen
            seen |= edge
        return seen
    assert move.to in reach(914, True, 2) and move.to not in reach(914, False, 2)   # armor can't
    assert 913 not in reach(914, True, 2)                          # nor anything into a crater
    assert "only the Ogre and infantry" in lesson.ask and "Tanks and GEVs" in lesson.then

    # fire passes over both: a Missile Tank at 0914 aims at the Ogre at 0912 over the crater
    # at 0913, and one at 0916 at the Ogre over the rubble between 0915 and 0916
    assert "Fire passes over craters and rubble" in lesson.then
    missile = replace(s.piece(5), kind=Kind.MISSILE, squads=1, moved=0, fired=0)
    for at, ogre_hex in ((914, 912), (916, 914)):
        fire: GameState = replace(s.replace_piece(replace(missile, hex=at), 5),
                                  ogres=(replace(s.ogre, hex=ogre_hex),), phase=Phase.DEFENSE_FIRE)
        assert check(fire, Aim(5, Weapon.MAIN)).kind == "aim"


def test_x6_another_piece_picked_where_a_lesson_waits_for_one_is_astray():
    """Issue 42 (8): in lesson 2 a click on the wrong piece said nothing; Range shown for
    another piece in lesson 3 passed as done."""
    from ogre.match.lessons import astray

    s = first_position()
    assert astray(Selected(2), Seen(s, selected=4)) and not astray(Selected(2), Seen(s))
    assert not astray(Selected(2), Seen(s, selected=2))
    assert astray(RangeShown(2), Seen(s, selected=4, range_shown=True))
    assert not met(RangeShown(2), Seen(s, selected=4, range_shown=True))
    assert met(RangeShown(2), Seen(s, selected=2, range_shown=True))
    assert not astray(RangeShown(2), Seen(s, selected=4))          # picked, Range not shown
    assert LESSONS[_lesson("Range")].until == RangeShown(2)
