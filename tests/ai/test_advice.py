"""Advice (X8): the computer's Hi player's plan for the side to act, legal and never played."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.ai import make_controller
from ogre.ai.advice import advise
from ogre.ai.base import DEFENSE_SIDE_PHASES
from ogre.rules import Fire, apply, check
from ogre.rules.sides import acting_side
from ogre.rules.state import OGRE_ID, Phase
from tests.rules.random_play import play_random_game


def _positions():
    """A few positions of each phase from seeded random games."""
    out, seen = [], {}

    def keep(before, action, after, events):
        n = seen.get(before.phase, 0)
        if n < 3 and not before.over and before.turn % 2 == 0:
            seen[before.phase] = n + 1
            out.append(before)

    for seed in (4, 5, 6):
        play_random_game(seed, on_step=keep)
    return out


POSITIONS = _positions()


def test_x8_the_positions_cover_every_phase():
    # (the attacking force's GEV Movement is Ogre Defending's: its own test below)
    assert {s.phase for s in POSITIONS} >= set(Phase) - {Phase.OVER, Phase.OGRE_ENTRY,
                                                         Phase.ATTACK_GEV_MOVE}


@pytest.mark.parametrize("key", ["ogre-defending", "mark-iii-on-defense"])
def test_x8_x15_advice_where_the_defense_has_an_ogre_is_legal_in_every_phase(key):
    """9.03: the Advice plays the attacking force (its units entering, aiming at units) and the
    defense with its Ogre; 9.01: the Mark V and the defense with its Mark III; each as the
    computer would, leaving the battle as it was."""
    from ogre.ai.deploy import defended, watched
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned

    field = next(f.field for f in load_predesigned() if f.mark == 3)
    s = new_game(watched(field) if key == "ogre-defending" else defended(field), 3, 4, key)
    players = {side: make_controller(side, "Med", seed=4) for side in ("ogre", "defense")}
    phases, shots = set(), 0
    while not s.over and s.turn <= 4:
        if s.phase not in phases or s.aim is None:
            before = replace(s)
            advice = advise(s, seed=3)
            assert s == before and advice.side == acting_side(s)
            if advice.actions:
                check(s, advice.actions[0])          # legal now; the rest after it
            shots += len(advice.shots)
            phases.add(s.phase)
        s, _ = apply(s, players[acting_side(s)].choose(s))
    assert phases >= {Phase.OGRE_MOVE, Phase.OGRE_FIRE, *DEFENSE_SIDE_PHASES}
    assert (Phase.ATTACK_GEV_MOVE in phases) == (key == "ogre-defending")
    assert shots


@pytest.mark.parametrize("state", POSITIONS, ids=lambda s: f"t{s.turn}-{s.phase.value}")
def test_x8_advice_is_legal_action_after_action_and_leaves_the_battle_as_it_was(state):
    before = replace(state)
    advice = advise(state, seed=3)
    assert state == before                           # nothing was played on the battle
    assert advice.side == acting_side(state)
    s = state
    for i, action in enumerate(advice.actions):
        check(s, action)                             # legal where it comes
        if isinstance(action, Fire):
            assert i == len(advice.actions) - 1      # nothing is advised past a die
            break
        s, _ = apply(s, action)
    for step in advice.moves:
        assert step.start != step.end
        assert step.piece == OGRE_ID or state.piece(step.piece) is not None
    for shot in advice.shots:
        assert 0 <= shot.kill <= 1 and shot.attackers


def test_x8_advice_at_the_entry_names_the_ogres_hex_and_over_a_finished_battle_none():
    state = play_random_game(7).final
    with pytest.raises(ValueError):
        advise(state)
    waiting = replace(state.ogre, hex=0, exited=False)
    start = replace(state, phase=Phase.OGRE_ENTRY, ogres=(waiting,), result="")
    entry = advise(start, seed=1)
    assert [(m.piece, m.start) for m in entry.moves] == [(OGRE_ID, 0)]
