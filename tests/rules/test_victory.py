"""G4: the end of the battle and its six victory levels (plus the engine's `out_of_the_fight`)."""

from __future__ import annotations

from dataclasses import replace

from ogre.rules import VICTORY_LEVELS, OgreAim, Phase, legal_actions, victory_level
from ogre.rules.game import (
    COMPLETE_DEFENSE,
    COMPLETE_OGRE,
    DEFENSE_VICTORY,
    MARGINAL_DEFENSE,
    MARGINAL_OGRE,
    OGRE_VICTORY,
    out_of_the_fight,
)

from .helpers import EMPTY, events_of, message, play, scenario, seed_for

NO_WEAPONS = dict(weapons=(0, 0, 0, 0), missiles_spent=2)


def _finish_ogre(pieces, mark=3, **ogre):
    """A heavy tank (piece 1, at 0809) hits the last 4 treads of a gunless Ogre at 0808."""
    s = scenario([("heavy", 809)] + list(pieces), ogre=808, phase=Phase.DEFENSE_FIRE,
                 seed=seed_for(6), board=EMPTY, mark=mark, treads=4, **NO_WEAPONS, **ogre)
    assert victory_level(s) == ""
    return play(s, "aim 1 treads", "fire")


def test_g4_the_six_levels_in_the_manuals_words():
    assert VICTORY_LEVELS == ("Complete Ogre Victory", "Ogre Victory", "Marginal Ogre Victory",
                              "Complete Defense Victory", "Defense Victory",
                              "Marginal Defense Victory")


def test_g4_complete_ogre_victory_when_every_defender_is_destroyed():
    s = scenario([("cp", 809)], ogre=808, phase=Phase.OGRE_FIRE, board=EMPTY)
    s, ev = play(s, OgreAim(1, (0, 0, 0, 1)), "fire")
    assert s.over and s.result == COMPLETE_OGRE and s.phase is Phase.OVER
    assert ev[-1].kind == "victory" and ev[-1].text == COMPLETE_OGRE


def test_g4_the_cp_lost_alone_does_not_end_the_battle():
    s = scenario([("cp", 809), ("heavy", 101)], ogre=808, phase=Phase.OGRE_FIRE, board=EMPTY)
    s, _ = play(s, OgreAim(1, (0, 0, 0, 1)), "fire")
    assert not s.over and s.command_post is None


def test_g4_ogre_victory_cp_destroyed_and_the_ogre_escapes():
    s = scenario([("heavy", 101)], ogre=1521, phase=Phase.OGRE_MOVE)
    s, _ = play(s, "exit")
    assert s.result == OGRE_VICTORY


def test_g4_marginal_ogre_victory_cp_destroyed_and_the_ogre_destroyed():
    s, ev = _finish_ogre([("gev", 101)])
    assert s.ogre.destroyed and s.result == MARGINAL_OGRE


def test_g4_complete_defense_victory_needs_30_surviving_attack_points():
    # The firing heavy tank (4) + 6 more heavy tanks (24) + a GEV (2) = 30, and the CP.
    more = [("heavy", h) for h in (101, 103, 105, 107, 109, 111)] + [("gev", 113), ("cp", 115)]
    s, _ = _finish_ogre(more)
    assert s.surviving_attack_points() == 30 and s.result == COMPLETE_DEFENSE


def test_g4_defense_victory_below_30_points():
    more = [("heavy", h) for h in (101, 103, 105, 107, 109, 111)] + [("infantry", 113, 1),
                                                                     ("cp", 115)]
    s, _ = _finish_ogre(more)
    assert s.surviving_attack_points() == 29 and s.result == DEFENSE_VICTORY


def test_g4_complete_defense_victory_needs_50_points_against_a_mark_v():
    heavies = [("heavy", h) for h in (101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121)]
    s, _ = _finish_ogre(heavies + [("gev", 301), ("cp", 303)], mark=5)
    assert s.surviving_attack_points() == 50 and s.result == COMPLETE_DEFENSE
    s, _ = _finish_ogre(heavies + [("infantry", 301, 1), ("cp", 303)], mark=5)
    assert s.surviving_attack_points() == 49 and s.result == DEFENSE_VICTORY


def test_g4_the_scenario_not_the_ogre_sets_the_threshold():
    # A Mark V kept from an earlier battle on a Mark III field: 30 points are enough.
    more = [("heavy", h) for h in (101, 103, 105, 107, 109, 111)] + [("gev", 113), ("cp", 115)]
    s = scenario([("heavy", 809)] + more, ogre=808, phase=Phase.DEFENSE_FIRE, seed=seed_for(6),
                 board=EMPTY, mark=5, treads=4, weapons=(0, 0, 0, 0), missiles_spent=6)
    s = replace(s, scenario="basic")
    s, _ = play(s, "aim 1 treads", "fire")
    assert s.result == COMPLETE_DEFENSE


def test_g4_marginal_defense_victory_cp_survives_and_the_ogre_escapes():
    s = scenario([("cp", 101)], ogre=1521, phase=Phase.OGRE_MOVE)
    s, _ = play(s, "exit")
    assert s.result == MARGINAL_DEFENSE


def test_g4_an_ogre_with_a_weapon_or_a_tread_left_is_not_destroyed():
    s = scenario([("heavy", 809), ("cp", 101)], ogre=808, phase=Phase.DEFENSE_FIRE,
                 seed=seed_for(6), board=EMPTY, treads=4, weapons=(0, 0, 0, 1), missiles_spent=2)
    s, _ = play(s, "aim 1 treads", "fire")
    assert s.ogre.treads == 0 and not s.over


def test_g4_the_battle_over_takes_no_more_orders():
    s = scenario([("cp", 101)], ogre=1521, phase=Phase.OGRE_MOVE)
    s, _ = play(s, "exit")
    assert legal_actions(s) == []
    assert message(s, "done") == "THE BATTLE IS OVER"
    assert message(s, "move 1 0102") == "THE BATTLE IS OVER"
    assert victory_level(s) == MARGINAL_DEFENSE


# ---------------------------------------------------------------- the engine's ruling

def test_g4_out_of_the_fight_a_stranded_ogre_is_scored_as_destroyed():
    # No treads; its main battery reaches nothing; the defense has only a CP and a howitzer,
    # neither of which can move, and the howitzer is out of range: the battle cannot change.
    s = scenario([("cp", 101), ("howitzer", 102)], ogre=1520, phase=Phase.DEFENSE_FIRE,
                 treads=0, weapons=(0, 1, 0, 0), missiles_spent=2)
    assert out_of_the_fight(s)
    s, ev = play(s, "done")
    assert s.result == DEFENSE_VICTORY and events_of(ev, "victory")


def test_g4_out_of_the_fight_with_the_cp_gone_is_marginal_ogre():
    s = scenario([("howitzer", 102)], ogre=1520, phase=Phase.DEFENSE_FIRE, treads=0,
                 weapons=(0, 1, 0, 0), missiles_spent=2)
    s, _ = play(s, "done")
    assert s.result == MARGINAL_OGRE


def test_g4_not_out_of_the_fight_while_anything_can_still_happen():
    base = dict(ogre=1520, phase=Phase.DEFENSE_FIRE, treads=0, weapons=(0, 1, 0, 0),
                missiles_spent=2)
    assert not out_of_the_fight(scenario([("cp", 101), ("infantry", 102, 1)], **base))  # moves
    assert not out_of_the_fight(scenario([("cp", 101), ("howitzer", 1513)], **base))    # in range
    assert not out_of_the_fight(scenario([("cp", 1517)], **base))          # the main reaches it
    assert not out_of_the_fight(scenario([("cp", 101)], ogre=1520, phase=Phase.DEFENSE_FIRE,
                                         treads=1))                        # it can still move
    s = scenario([("cp", 101), ("howitzer", 1513)], **base)
    s, _ = play(s, "done")
    assert not s.over and s.phase is Phase.GEV_MOVE
