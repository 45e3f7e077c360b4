"""T1: whose turn it is, asked in one place (rules.sides): each phase belongs to the Ogre or the
defense, none once the battle is over, and the whole game uses one Side type."""

from __future__ import annotations

import ast
from pathlib import Path

from ogre.rules import legal_actions
from ogre.rules.sides import PHASES_OF, SIDES, acting_side, ogre_in_play, other, side_of_phase
from ogre.rules.state import OGRE_PHASES, Phase

from .helpers import scenario
from .random_play import play_random_game

OGRE = Path(__file__).resolve().parents[2] / "ogre"


def test_t1_every_phase_belongs_to_exactly_one_side_and_the_end_to_none():
    for phase in Phase:
        owners = [side for side in SIDES if phase in PHASES_OF[side]]
        assert owners == ([] if phase is Phase.OVER else [side_of_phase(phase)])
    # the attacking side's phases: the Ogre's, and an attacking force's GEVs' second move (9.03)
    assert PHASES_OF["ogre"] == OGRE_PHASES | {Phase.ATTACK_GEV_MOVE}
    assert {other(s) for s in SIDES} == set(SIDES)


def test_t1_the_side_to_act_is_the_one_whose_pieces_the_rules_let_act():
    seen = set()
    for seed in range(6):
        def step(state, action, after, events):
            side = acting_side(state)
            assert side is not None and legal_actions(state)
            assert side == ("ogre" if state.phase in OGRE_PHASES else "defense")
            seen.add((side, state.phase))
        final = play_random_game(seed, on_step=step).final
        assert final.over and acting_side(final) is None
    assert {side for side, _ in seen} == set(SIDES)


def test_t1_no_module_but_rules_sides_spells_the_side_type():
    """One Side for rules, match, net and storage: no other Literal of the two sides."""
    spelled = []
    for path in OGRE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
                    and node.value.id == "Literal" and isinstance(node.slice, ast.Tuple)
                    and {getattr(e, "value", None) for e in node.slice.elts} == set(SIDES)):
                spelled.append(path.relative_to(OGRE).as_posix())
    assert spelled == ["rules/sides.py"]


def test_u2_the_ogre_in_play_is_the_battles_one_ogre_in_every_phase():
    for phase in Phase:
        s = scenario([("cp", 801)], ogre=1015, phase=phase)
        assert ogre_in_play(s) is s.ogre and ogre_in_play(s).id == 0


def test_x15_9_04_a_duels_seats_are_the_first_ogre_and_the_others():
    """In a Duel every phase is an Ogre's; the seat that acts is its Ogre's (the first Ogre's
    or the others'), the Ogre in play is that one, and only it acts for the player."""
    from dataclasses import replace

    from ogre.ai.duellist import Duellist
    from ogre.rules import apply, new_game
    from ogre.rules.scenarios import THREE_WAY_DUEL
    from ogre.rules.sides import acts_for, enemies, role, side_of
    from ogre.storage.fields import load_predesigned
    s = new_game(load_predesigned()[0].field, 3, 7, THREE_WAY_DUEL.key)
    player = Duellist("Med", 7)
    seen = set()
    while not s.over and s.turn <= 6:
        seat = acting_side(s)
        assert seat == ("ogre" if s.duellist == 0 else "defense")
        assert ogre_in_play(s).id == s.duellist
        assert [acts_for(s, o.id) for o in s.ogres] == [o.id == s.duellist for o in s.ogres]
        seen.add(seat)
        s, _ = apply(s, player.choose(s))
    assert seen == {"ogre", "defense"}
    o2, o3 = s.ogres[1].id, s.ogres[2].id
    assert side_of(s, o2) == side_of(s, o3) == "defense" and enemies(s, o2, o3)
    assert role(THREE_WAY_DUEL.key, "ogre") == "Ogre 1"
    assert role(THREE_WAY_DUEL.key, "defense") == "Ogres 2 and 3"
    assert role("duel", "defense") == "Ogre 2"
    assert not acts_for(replace(s, phase=Phase.OVER), s.duellist)
