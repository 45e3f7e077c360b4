"""The Duel (pocket edition 9.04, X15): Ogres only, each its own side; their turns in order,
each entering at its own edge; Ogres firing on Ogres (6.11) and ramming them (5.03.4, 5.03.5);
leaving from any edge; the last Ogre in the fight holds the field."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ogre.rules import Phase, apply, check, legal_actions, new_game
from ogre.rules.combat import crt, odds
from ogre.rules.duel import EDGE, NOBODY, entry_edge
from ogre.rules.field import Field
from ogre.rules.hexes import BOTTOM_ROW, distance
from ogre.rules.invariants import first_problem
from ogre.rules.state import Aiming, GameState
from ogre.rules.units import ogre_id

from .helpers import STANDARD, dice_from, events_of, mark_iii_field, message, play, seed_for

O, O2, O3 = ogre_id(1), ogre_id(2), ogre_id(3)  # noqa: E741 (the notation's names)


def duel(places: dict[int, int], phase: Phase = Phase.OGRE_MOVE, whose: int = O, seed: int = 0,
         key: str = "duel", aim: Aiming | None = None, **changes) -> GameState:
    """A Duel mid-battle on the standard map: the Ogres at `places` (id: hex), the phase of
    `whose`, each Ogre's fields changed as `changes[id]` says."""
    s = new_game(Field(STANDARD()), 5, seed, key)
    ogres = []
    for o in s.ogres:
        h = places.get(o.id, 0)
        o = replace(o, hex=h, undo_hex=h, **changes.get(f"o{-o.id + 1}", {}))
        ogres.append(o)
    return replace(s, ogres=tuple(ogres), phase=phase, turn=2, duellist=whose, aim=aim)


# ---------------------------------------------------------------- the battle (9.04)

def test_x15_a_duel_has_ogres_only_whatever_the_field_holds():
    s = new_game(mark_iii_field(), 5, 1, "duel")
    assert s.pieces == () and s.command_post is None
    assert [(o.id, o.mark) for o in s.ogres] == [(O, 5), (O2, 5)]
    three = new_game(mark_iii_field(), 3, 1, "three-way-duel")
    assert [(o.id, o.mark) for o in three.ogres] == [(O, 3), (O2, 3), (O3, 3)]
    assert first_problem(s) is None and first_problem(three) is None


def test_x15_each_ogre_enters_at_its_own_edge_in_its_own_turn():
    s = new_game(Field(STANDARD()), 3, 1, "three-way-duel")
    assert s.phase is Phase.OGRE_ENTRY and s.duellist == O
    assert {a.to for a in legal_actions(s)} <= BOTTOM_ROW
    assert message(s, "enter 0801") == "OGRE ENTERS ON ITS OWN EDGE ONLY"
    assert message(s, "enter O2 0801") == "PLEASE MOVE A PIECE"
    s, ev = play(s, "enter 0822", "done", "done")
    assert s.duellist == O2 and s.phase is Phase.OGRE_ENTRY
    assert all(distance(a.to, 801) < 22 and a.to % 100 == 1 for a in legal_actions(s))
    s, _ = play(s, "enter O2 0801", "done", "done")
    assert s.duellist == O3 and entry_edge(O3) == {a.to for a in legal_actions(s)} | {
        h for h in entry_edge(O3) if s.board.is_crater(h)}
    assert all(a.to // 100 == 1 for a in legal_actions(s))
    s, ev = play(s, "enter O3 0111", "done")
    assert s.phase is Phase.OGRE_FIRE and s.duellist == O3
    s, ev = play(s, "done")
    assert (s.turn, s.duellist, s.phase) == (2, O, Phase.OGRE_MOVE)
    assert [e.text for e in events_of(ev, "phase")] == ["Ogre 1 Movement"]
    assert all(o.moved == 0 and o.undo_hex == o.hex for o in s.ogres)


def test_x15_only_the_ogre_whose_turn_it_is_moves_or_fires():
    s = duel({O: 1015, O2: 1013})
    assert message(s, "move O2 1012") == "PLEASE MOVE A PIECE"
    s, _ = play(s, "done")
    assert message(s, "target O main=1 part=main by=O2") == "NO ATTACKER"


def test_x15_an_enemy_ogres_hex_is_never_a_way_through():
    # 0821's neighbours on the map are 0721, 0821 and 0921: two enemies close two of them
    s = duel({O: 822, O2: 821, O3: 921}, key="three-way-duel")
    moves = {a.to for a in legal_actions(s) if hasattr(a, "to")}
    assert moves >= {821, 921, 721}                       # rams, and the one way out
    assert not moves & {819, 919, 920, 1020, 1021, 1022}  # within 3, but only past an enemy
    assert message(s, "move O 1021") == "NO CLEAR PATH"


# ---------------------------------------------------------------- fire (6.11, 6.11.2)

@pytest.mark.parametrize("die", [1, 4, 5, 6])
def test_x15_an_ogre_fires_combined_weapons_at_an_enemy_weapon(die):
    s = duel({O: 1015, O2: 1013}, phase=Phase.OGRE_FIRE, seed=seed_for(die))
    s, ev = play(s, "target O2 missile=1 part=main", "target O2 missile=1 main=1 part=main",
                 "fire")
    column = odds(6 + 4, 4)                              # 10 at 4 is 2-1
    hit = crt(column, die) == "X"
    o, o2 = s.ogres
    assert o2.weapons[1] == (1 if hit else 2) and o.weapons[0] == 5 and o.missiles_spent == 1
    assert o.fired == (1, 1, 0, 0) and s.aim is None
    (fire,) = events_of(ev, "fire")
    assert fire.odds == column and fire.die == die
    assert fire.text.startswith("Ogre 1 fires 1 Missiles, 1 Main Battery at Main Battery of Ogre 2")


@pytest.mark.parametrize("die", [4, 5])
def test_x15_an_attack_on_treads_is_one_weapon_at_1_1_and_costs_its_strength(die):
    s = duel({O: 1015, O2: 1013}, phase=Phase.OGRE_FIRE, seed=seed_for(die))
    assert message(play(s, "target O2 main=1 part=treads")[0],
                   "target O2 main=2 part=treads") == "NO COMBINED ATTACKS ON TREADS"
    s, ev = play(s, "target O2 main=1 part=treads", "fire")
    assert s.ogres[1].treads == 60 - (4 if die == 5 else 0)
    assert events_of(ev, "fire")[0].odds == "1-1"


@pytest.mark.parametrize("text, words", [
    ("target O2 ap=1 part=main", "NO TARGET"),                     # antipersonnel hurt no Ogre
    ("target O2 secondary=1 part=main", "TARGET OUT OF ATTACK RANGE"),   # 3 hexes, range 2
    ("target O part=main main=1", "NO TARGET"),                    # not at itself
    ("target O2 main=3 part=main", "UNIT ALREADY FIRED THIS TURN"),
])
def test_x15_an_ogre_fires_at_ogres_only_as_its_weapons_allow(text, words):
    s = duel({O: 1015, O2: 1012}, phase=Phase.OGRE_FIRE)
    assert message(s, text) == words


def test_x15_one_target_at_a_time():
    s, _ = play(duel({O: 1015, O2: 1013}, phase=Phase.OGRE_FIRE), "target O2 main=1 part=main")
    assert message(s, "target O2 main=2 part=secondary") == "TARGET ONE UNIT AT A TIME"


# ---------------------------------------------------------------- rams (5.03.4, 5.03.5)

def test_x15_a_ram_stops_the_rammer_beside_its_enemy_and_costs_both_treads():
    seed = 3
    s = duel({O: 1015, O2: 1013}, seed=seed, o2={"mark": 3, "treads": 45,
                                                 "weapons": (2, 1, 4, 8)})
    s, ev = play(s, "move O 1013")
    o, o2 = s.ogres
    assert distance(o.hex, 1013) == 1 and distance(o.hex, 1015) == 1
    assert o.treads == 60 - 3                        # a Mark V ramming a smaller Ogre
    assert o2.treads == 45 - sum(dice_from(seed, 4))   # four dice when a Mark V rams
    assert o.moves_left == 0 and o2.hex == 1013
    assert message(s, "move O 1014") == "THIS UNIT HAS MOVED"
    assert events_of(ev, "ram_ogre")[0].treads_lost == sum(dice_from(seed, 4))


def test_x15_a_smaller_ogre_ramming_a_larger_loses_five_and_throws_two_dice():
    s = duel({O: 1015, O2: 1014}, o1={"mark": 3, "treads": 45, "weapons": (2, 1, 4, 8)})
    s, _ = play(s, "move O 1014")
    assert s.ogres[0].treads == 40 and s.ogres[1].treads == 60 - sum(dice_from(0, 2))
    assert s.ogres[0].hex == 1015


def test_x15_no_ram_without_the_treads_to_pay_for_it():
    s = duel({O: 1015, O2: 1014}, o1={"treads": 2})
    assert message(s, "move O 1014") == "NOT ENOUGH TREADS TO RAM"


# ---------------------------------------------------------------- leaving and the end

def test_x15_an_ogre_leaves_from_any_edge_and_the_other_holds_the_field():
    s = duel({O: 101, O2: 1013})
    assert 101 in EDGE and "exit" in [str(a) for a in legal_actions(s)]
    s, ev = play(s, "exit")
    assert s.over and s.result == "Ogre 2 Holds the Field"
    assert events_of(ev, "victory")[0].text == "Ogre 2 Holds the Field"


def test_x15_in_a_three_way_duel_the_turn_passes_on_when_an_ogre_leaves():
    s = duel({O: 101, O2: 1013, O3: 1010}, key="three-way-duel")
    s, _ = play(s, "exit")
    assert not s.over and s.duellist == O2 and s.phase is Phase.OGRE_MOVE


def test_x15_the_last_ogre_in_the_fight_holds_the_field():
    s = duel({O: 1015, O2: 1013}, phase=Phase.OGRE_FIRE, seed=seed_for(6),
             o1={"treads": 0, "weapons": (0, 1, 0, 0)},
             o2={"treads": 1, "weapons": (0, 0, 0, 0)})
    s, ev = play(s, "target O2 main=1 part=treads", "fire")
    assert s.over and s.result == "Ogre 1 Holds the Field"


def test_x15_when_no_ogre_left_can_harm_another_no_ogre_holds_the_field():
    from ogre.rules.victory import victory_level
    far = {O: 1015, O2: 101}
    guns = {"treads": 0, "weapons": (0, 1, 0, 0)}
    assert victory_level(duel(far, o1=guns, o2={**guns, "treads": 1})) == ""   # O2 can move
    assert victory_level(duel(far, o1=guns, o2=guns)) == NOBODY       # out of each other's guns
    near = {O: 1015, O2: 1013}
    assert victory_level(duel(near, o1=guns, o2=guns)) == ""          # main batteries reach
    # no guns, and treads too few to ram: neither can harm the other
    worn = {"treads": 2, "weapons": (0, 0, 0, 4)}
    assert victory_level(duel(far, o1=worn, o2=worn)) == NOBODY
    assert victory_level(duel(far, o1={**worn, "treads": 3}, o2=worn)) == ""   # a ram left


# ---------------------------------------------------------------- every position sound

@pytest.mark.parametrize("key", ["duel", "three-way-duel"])
def test_x15_random_duels_keep_every_invariant_and_list_only_what_check_accepts(key):
    for seed in range(12):
        s = new_game(mark_iii_field(), 5, seed, key)
        rnd = random.Random(seed)
        while not s.over and s.turn < 40:
            acts = legal_actions(s)
            for a in acts:
                check(s, a)
            # exits are rare at a table: keep most Ogres in the fight
            keep = [a for a in acts if type(a).__name__ != "Exit"] or acts
            s, _ = apply(s, rnd.choice(keep))
            assert first_problem(s) is None, (seed, first_problem(s))


def test_x15_a_malformed_action_in_a_duel_is_refused_like_any_other():
    from ogre.rules import Enter, Move, RuleError
    s = duel({O: 1015, O2: 1013})
    for bad in (Move(O, None), Enter("x", O)):
        with pytest.raises(RuleError):
            check(s, bad)


def test_x15_7_02_a_duel_going_on_after_its_last_turn_is_held_by_no_ogre():
    from ogre.rules.options import Options
    s = replace(duel({O: 101, O2: 1013}, phase=Phase.OGRE_FIRE, whose=O2),
                options=Options(time_limit=12), turn=12)
    s, ev = play(s, "done")
    assert s.over and s.result == NOBODY and events_of(ev, "time_up")
    assert first_problem(s) is None


def test_x15_a_ram_on_an_ogre_with_few_treads_takes_only_those():
    s = duel({O: 1015, O2: 1014}, o2={"treads": 2})
    s, ev = play(s, "move O 1014")
    assert s.ogres[1].treads == 0 and events_of(ev, "ram_ogre")[0].treads_lost == 2
    assert "loses 2 treads" in events_of(ev, "ram_ogre")[0].text


def test_x15_9_04_a_file_with_the_entering_ogre_on_the_map_is_refused():
    """A hostile save: the Ogre whose entry it is stands on the map already; entering again
    would move it anywhere on its edge."""
    from ogre.rules.scenarios import DUEL
    s = new_game(Field(STANDARD()), 5, 1, DUEL.key)
    o = s.ogres[0]
    placed = replace(s, ogres=(replace(o, hex=422, undo_hex=422), *s.ogres[1:]))
    assert first_problem(placed) == "the Ogre to enter is on the map already"


def test_x15_9_04_the_messages_name_each_duelling_ogre_by_its_place_as_its_seat_does():
    """The story, the summary and the result all say "Ogre 1" in a Duel, never "Ogre"; a
    battle of one Ogre, or 9.02's attackers, keep the log's "Ogre" and "Ogre 2"."""
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING, ogre_called

    s = new_game(mark_iii_field(), 5, 1, "duel")
    first, second = s.ogres
    assert ogre_called(s.scenario, first) == "Ogre 1"
    assert ogre_called(s.scenario, second) == "Ogre 2"
    assert ogre_called(MARK_IIIS_ATTACKING.key, first) == "Ogre"
    assert ogre_called(MARK_IIIS_ATTACKING.key, second) == "Ogre 2"
    entry = next(a for a in legal_actions(s) if str(a).startswith("enter"))
    s, ev = play(s, str(entry))
    assert [e.text for e in events_of(ev, "enter")] == [f"Ogre 1 enters at {entry.to:04d}"]
