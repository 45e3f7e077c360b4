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
