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
    # --why: every unfired point lost has its unit's last turn; missiles and the first turns
    # took a part of it, never more
    unfired = {kind: n for (kind, f), n in out.lost.items() if not f}
    for kind, n in unfired.items():
        assert sum(v for (k, _, _), v in out.unfired.items() if k == kind) == n
        assert 0 <= out.to_missiles[kind] <= n and 0 <= out.early[kind] <= n


def test_x1_a_unit_in_range_or_with_a_firing_hex_in_reach_could_fire():
    """--why's "could fire": a hex in the unit's reach is in its range of the Ogre (rule M:
    a defender fires after it moves), never the Ogre's own hex."""
    from dataclasses import replace

    from ogre.rules.hexes import ALL_HEXES, distance
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    s = new_game(field, 3, 5)
    gev = next(p for p in s.pieces if p.kind is Kind.GEV)
    howitzer = next(p for p in s.pieces if p.kind is Kind.HOWITZER)
    far = next(h for h in sorted(ALL_HEXES) if distance(h, gev.hex) == 12
               and distance(h, howitzer.hex) > 8)
    s = replace(s, ogres=(replace(s.ogre, hex=far),))
    assert not losses.could_fire(s, gev) and not losses.could_fire(s, howitzer)
    near = next(h for h in sorted(ALL_HEXES) if distance(h, gev.hex) == 3
                and not s.board.is_crater(h))
    s = replace(s, ogres=(replace(s.ogre, hex=near),))
    assert distance(gev.hex, near) > gev.range and losses.could_fire(s, gev)  # moves, then fires


def test_x1_the_losses_tool_reports_both_shares(capsys):
    assert losses.main(["--ogre", "Low", "--defense", "Med", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Ogre wins" in out and "lost before firing" in out and "lost after firing" in out
    assert "by the unit's last turn" not in out
    assert losses.main(["--ogre", "Hi", "--defense", "Low", "--games", "1", "--seed", "5",
                        "--why"]) == 0
    out = capsys.readouterr().out
    assert "by the unit's last turn" in out and "    infantry  fired " in out
