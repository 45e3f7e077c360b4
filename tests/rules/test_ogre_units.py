"""Ogres are units with ids (U2): a battle holds its Ogres as a tuple, each with its own id,
treads and weapons, so a battle of several Ogres can be written down. The 1986 battles have one,
with the id the 1986 notation calls O; `state.ogre` is that one and refuses to guess in a
battle of several."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.rules import OGRE_ID, Move, Ogre, SeveralOgres, is_ogre_id, parse_action
from ogre.rules.invariants import first_problem
from ogre.rules.state import evolve
from ogre.rules.units import ogre_id

from .helpers import scenario


def _two_ogres():
    s = scenario([("cp", 801)], ogre=1015)
    second = replace(Ogre.fresh(5, id=ogre_id(2)), hex=1213)
    return replace(s, ogres=(s.ogre, second))


def test_u2_a_1986_battle_has_one_ogre_with_the_id_o():
    s = scenario([("cp", 801)], ogre=1015)
    assert len(s.ogres) == 1 and s.ogre is s.ogres[0]
    assert s.ogre.id == OGRE_ID == 0 and s.ogre_unit(OGRE_ID) is s.ogre
    assert str(Move(OGRE_ID, 1014)) == "move O 1014"


def test_u2_several_ogres_each_keep_their_own_id_treads_and_weapons():
    s = _two_ogres()
    first, second = s.ogres
    assert (first.id, second.id) == (0, -1)
    assert (first.mark, second.mark) == (3, 5)
    assert s.ogre_unit(-1) is second and s.ogre_unit(-2) is None
    assert s.ogre_at(1213) is second and s.ogre_at(1015) is first and s.ogre_at(1016) is None


def test_u2_the_one_ogre_is_refused_in_a_battle_of_several():
    with pytest.raises(SeveralOgres):
        _ = _two_ogres().ogre


def test_u2_replacing_an_ogre_changes_that_ogre_alone():
    s = _two_ogres()
    hurt = replace(s.ogre_unit(-1), treads=10)
    for after in (s.with_ogre(hurt), evolve(s, ogre=hurt)):
        assert after.ogre_unit(-1).treads == 10
        assert after.ogre_unit(0) is s.ogre_unit(0)
    moved = s.with_ogre(replace(s.ogre_unit(0), hex=1014), turn=3)
    assert moved.ogre_unit(0).hex == 1014 and moved.turn == 3 and moved.ogre_unit(-1) is s.ogres[1]
    with pytest.raises(KeyError):
        s.with_ogre(Ogre.fresh(3, id=-5))


def test_u2_the_notation_names_each_ogre_and_reads_it_back():
    assert [is_ogre_id(i) for i in (0, -1, -2, 1, 7)] == [True, True, True, False, False]
    for text, piece in (("move O 1014", 0), ("move O2 1014", -1), ("move O3 1014", -2)):
        action = parse_action(text)
        assert action == Move(piece, 1014) and str(action) == text
    for bad in ("move O1 1014", "move O10 1014", "move Ox 1014", "move O-1 1014"):
        with pytest.raises(ValueError):
            parse_action(bad)


def test_u2_a_position_with_two_ogres_is_not_one_the_1986_scenarios_can_play():
    assert first_problem(_two_ogres()) == "the battle does not have the one Ogre its scenario has"
    s = scenario([("cp", 801)], ogre=1015)
    assert first_problem(replace(s, ogres=(replace(s.ogre, id=-1),))) is not None
