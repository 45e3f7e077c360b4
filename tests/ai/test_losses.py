"""tools/losses.py (issue 32): the defence's attack lost to the Ogre, split by whether the unit
had fired first, adds up to what the battle took."""

from __future__ import annotations

from ogre.ai import make_controller
from ogre.rules import new_game
from ogre.rules.units import Kind
from ogre.storage.fields import load_predesigned
from tools import losses


def test_x1_every_attack_point_the_ogre_destroys_is_counted_once_fired_or_not():
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    start = new_game(field, 3, 5)
    out = losses.Losses()
    end = losses.count_battle(start, make_controller("ogre", "Hi", seed=5),
                              make_controller("defense", "Low", seed=5), out)
    assert out.games == 1 and out.ogre_wins == 1          # the Low defence charges and loses
    # the Low defence fires with everything that reaches: most of what it lost had fired
    assert sum(out.per_game(True).values()) > sum(out.per_game(False).values()) > 0

    def attack(s) -> int:
        return sum(p.attack for p in s.pieces if p.kind is not Kind.CP)
    # grouping and splitting infantry keep the attack: all it lost, the Ogre took
    assert sum(out.lost.values()) == attack(start) - attack(end)
    assert {kind for kind, _ in out.lost} <= {k.value for k in Kind}


def test_x1_the_losses_tool_reports_both_shares(capsys):
    assert losses.main(["--ogre", "Low", "--defense", "Med", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Ogre wins" in out and "lost before firing" in out and "lost after firing" in out
