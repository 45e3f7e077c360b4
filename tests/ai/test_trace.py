"""tools/trace.py (X2, issue 32): an arena battle turn by turn, to see where a defence loses."""

from __future__ import annotations

import pytest

from tools import trace


def test_x2_a_trace_follows_one_arena_battle_turn_by_turn():
    rows, result = trace.trace("Med", "Hi", 3, 73, 0)
    assert result and rows
    assert [r.turn for r in rows] == list(range(1, len(rows) + 1))
    for before, after in zip(rows, rows[1:]):
        # nothing grows back: treads, weapons and the defence's attack only fall
        assert after.treads <= before.treads
        assert all(a <= b for a, b in zip(after.weapons, before.weapons))
        assert after.infantry <= before.infantry and after.armor <= before.armor
    assert all(r.steps >= 0 for r in rows)              # the CP stands in every row
    # the Hi defence reads the Ogre's course from its second move on, one mark a turn
    assert rows[0].read == "" and set("".join(r.read for r in rows)) <= set("ox W")
    assert len(rows[-1].read.replace(" W", "")) == max(0, len(rows) - 3)


def test_x2_a_trace_is_the_arenas_battle():
    """The same game of the same run: the trace's result is the arena's for that game."""
    from ogre.ai.match import play
    from ogre.rules import new_game
    from tools.arena import game_seed, load_fields, make_player
    seed = game_seed(73, 1)
    state = new_game(load_fields(3, None)[1], 3, seed)
    rec = play(state, make_player("ogre", "Low", seed), make_player("defense", "Med", seed))
    rows, result = trace.trace("Low", "Med", 3, 73, 1)
    assert result == rec.result
    assert rows[-1].turn <= rec.final.turn


def test_x2_the_trace_command_prints_each_game_and_refuses_bad_numbers(capsys):
    assert trace.main(["--ogre", "Low", "--defense", "Low", "--games", "0"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game 0 (Ogre Low, defence Low, Mark 3, seed 73): ")
    assert "\n  turn  1  steps" in out
    with pytest.raises(SystemExit):
        trace.main(["--games", "one"])
