"""Actions of and at an Ogre name it (X15): the 1986 Ogre goes unnamed, so its logs read as
ever; an action naming an Ogre the battle does not have is refused with the 1986 message; and
in a battle of two Ogres each action moves, fires or is fired at by the one it names."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.rules import Phase, RuleError, check, parse_action
from ogre.rules.actions import Aim, AimAt, Enter, Exit, OgreAim
from ogre.rules.state import Ogre
from ogre.rules.units import OGRE_ID, Weapon, ogre_id

from .helpers import events_of, play, refused, scenario

O2 = ogre_id(2)


@pytest.mark.parametrize("text, action", [
    ("enter 0822", Enter(822)), ("enter O2 0822", Enter(822, O2)),
    ("exit", Exit()), ("exit O3", Exit(ogre_id(3))),
    ("target 12 main=1", OgreAim(12, (0, 1, 0, 0))),
    ("target 12 main=1 by=O2", OgreAim(12, (0, 1, 0, 0), O2)),
    ("aim 7 treads", Aim(7, Weapon.TREADS)), ("aim 7 treads at=O2", Aim(7, Weapon.TREADS, O2)),
    # Ogre Defending's attacking units leave the map too, and aim at units
    ("exit 1003", Exit(1003)), ("aim 1003 unit=7", AimAt(1003, 7)),
])
def test_x15_the_notation_names_every_ogre_but_the_1986_one(text, action):
    assert parse_action(text) == action and str(action) == text


@pytest.mark.parametrize("text", ["enter 7 0822", "aim 7 treads at=12",
                                  "aim 7 treads on=O2", "target 12 main=1 by=7", "enter O1 0822"])
def test_x15_an_ogre_named_where_none_can_be_is_not_an_action(text):
    with pytest.raises(ValueError):
        parse_action(text)


@pytest.mark.parametrize("phase, text, message", [
    (Phase.OGRE_ENTRY, "enter O2 0822", "PLEASE MOVE A PIECE"),
    (Phase.OGRE_MOVE, "move O2 1014", "PLEASE MOVE A PIECE"),
    (Phase.OGRE_MOVE, "undo O2", "PLEASE MOVE A PIECE"),
    (Phase.OGRE_MOVE, "exit O2", "PLEASE STAY ON THE MAP"),
    (Phase.OGRE_FIRE, "target 1 main=1 by=O2", "NO ATTACKER"),
    (Phase.DEFENSE_FIRE, "aim 1 main at=O2", "NO TARGET"),
])
def test_x15_an_action_naming_an_ogre_the_battle_lacks_is_refused(phase, text, message):
    s = scenario([("heavy", 1013)], ogre=0 if phase is Phase.OGRE_ENTRY else 1015, phase=phase)
    assert refused(s, text).message == message


def _checked(s, text: str) -> str:
    """The refusal of a battle of two Ogres: check's message (the engine lists no actions for
    several Ogres yet, so helpers.refused cannot compare its lists)."""
    with pytest.raises(RuleError) as info:
        check(s, parse_action(text))
    return info.value.message


def _two_ogres(phase: Phase, first: int, second: int, **kw):
    s = scenario([("heavy", 1012), ("infantry", 613, 2)], ogre=first, phase=phase, **kw)
    o2 = replace(Ogre.fresh(3, id=O2), hex=second, undo_hex=second)
    return replace(s, ogres=(*s.ogres, o2))


def test_t2_two_ogres_enter_one_after_the_other_and_then_move():
    s = _two_ogres(Phase.OGRE_ENTRY, 0, 0)
    s, ev = play(s, "enter 0822")
    assert s.phase is Phase.OGRE_ENTRY and not events_of(ev, "phase")
    assert _checked(s, "enter 1022") == "PLEASE MOVE A PIECE"      # O is on the map
    assert _checked(s, "enter O2 0822") == "THIS HEX IS FULL"     # O stands there
    s, ev = play(s, "enter O2 1022")
    assert s.phase is Phase.OGRE_MOVE and [e.text for e in ev] == [
        "Ogre 2 enters at 1022", "Ogre Movement"]
    assert s.ogre_unit(O2).hex == 1022 and s.ogre_unit(OGRE_ID).hex == 822


def test_m1_each_ogre_moves_itself_and_never_stops_on_the_other():
    s = _two_ogres(Phase.OGRE_MOVE, 1015, 1016)
    s, ev = play(s, "move O2 1017")
    assert s.ogre_unit(O2).hex == 1017 and s.ogre_unit(O2).moved == 1
    assert s.ogre_unit(OGRE_ID).moved == 0 and events_of(ev, "move")[0].text == "Ogre 2 to 1017"
    assert _checked(s, "move O 1017") == "THIS HEX IS FULL"
    s, _ = play(s, "undo O2")
    assert s.ogre_unit(O2).hex == 1016


def test_c5_an_ogre_fires_its_own_weapons_and_one_ogres_aim_at_a_time():
    s = _two_ogres(Phase.OGRE_FIRE, 1015, 1013)
    s, _ = play(s, "target 1 main=1 by=O2")
    assert _checked(s, "target 1 main=1") == "TARGET ONE UNIT AT A TIME"
    s, ev = play(s, "fire")
    assert s.ogre_unit(O2).fired == (0, 1, 0, 0) and s.ogre_unit(OGRE_ID).fired == (0, 0, 0, 0)
    assert events_of(ev, "fire")[0].text.startswith("Ogre 2 fires 1 Main Battery at Heavy Tank")


def test_c6_the_defense_fires_at_the_part_of_the_ogre_it_names():
    s = _two_ogres(Phase.DEFENSE_FIRE, 1015, 1011)
    assert _checked(s, "aim 1 main") == "TARGET OUT OF ATTACK RANGE"      # O is far
    s, _ = play(s, "aim 1 main at=O2")
    assert _checked(s, "aim 2 main") == "TARGET ONE UNIT AT A TIME"
    s, ev = play(s, "fire")
    e = events_of(ev, "fire")[0]
    assert e.piece == O2 and e.text.startswith("Defense fires at Main Battery of Ogre 2")
    assert s.ogre_unit(OGRE_ID) == _two_ogres(Phase.DEFENSE_FIRE, 1015, 1011).ogres[0]


def _gone(o, how: str):
    if how == "exited":
        return replace(o, hex=0, exited=True)
    if how == "destroyed":
        return replace(o, treads=0, weapons=(0, 0, 0, 0))
    return o


@pytest.mark.parametrize("cp, first, second, level", [
    (False, "exited", "destroyed", "Ogre Victory"),
    (False, "destroyed", "destroyed", "Marginal Ogre Victory"),
    (True, "exited", "destroyed", "Marginal Defense Victory"),
    (True, "destroyed", "destroyed", "Defense Victory"),
    (True, "exited", "fighting", ""),
    (False, "destroyed", "fighting", ""),
])
def test_x15_1_03_by_analogy_the_battle_of_two_ogres_ends_when_neither_fights_on(
        cp, first, second, level):
    from ogre.rules.victory import victory_level

    pieces = [("heavy", 1012), ("infantry", 613, 2)] + ([("cp", 301)] if cp else [])
    s = scenario(pieces, ogre=1015, phase=Phase.OGRE_MOVE)
    o1 = _gone(s.ogres[0], first)
    o2 = _gone(replace(Ogre.fresh(3, id=O2), hex=1016), second)
    assert victory_level(replace(s, ogres=(o1, o2))) == level


# ---------------------------------------------------------------- whole battles of two Ogres

def _advanced_field():
    from ogre.storage.fields import load_predesigned

    return next(f.field for f in load_predesigned() if f.mark == 5)


def test_x15_9_02_a_new_battle_has_two_mark_iiis_waiting_to_enter():
    from ogre.rules import legal_actions, new_game
    from ogre.rules.invariants import first_problem
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING

    s = new_game(_advanced_field(), 5, 1, MARK_IIIS_ATTACKING.key)
    assert [(o.id, o.mark, o.hex) for o in s.ogres] == [(OGRE_ID, 3, 0), (O2, 3, 0)]
    assert first_problem(s) is None
    entries = legal_actions(s)
    assert {a.piece for a in entries} == {OGRE_ID, O2}
    assert len(entries) == 2 * len({a.to for a in entries})


def test_x15_9_02_random_battles_of_two_mark_iiis_end_with_the_invariants_kept():
    from ogre.rules import VICTORY_LEVELS
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING

    from .invariants import check_step
    from .random_play import ACTION_CAP, choose_chaotic, play_random_game

    field, endings, o2_moved = _advanced_field(), set(), 0
    for seed in range(4000, 4016):
        policy = choose_chaotic if seed % 4 == 0 else None
        rec = play_random_game(seed, mark=5, field=field, on_step=check_step, policy=policy,
                               damaged=False, scenario=MARK_IIIS_ATTACKING.key, record=True)
        assert rec.final.over and rec.n < ACTION_CAP, seed
        assert rec.final.result in VICTORY_LEVELS and len(rec.final.ogres) == 2
        endings.add(rec.final.result)
        o2_moved += sum(1 for a in rec.actions if getattr(a, "piece", None) == O2)
    assert o2_moved > 0 and len(endings) >= 2, endings


def _mark_iiis(**changes):
    from ogre.rules import new_game
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING

    s = new_game(_advanced_field(), 5, 1, MARK_IIIS_ATTACKING.key)
    o1, o2 = s.ogres
    return replace(s, phase=Phase.OGRE_MOVE, ogres=(replace(o1, hex=1015, undo_hex=1015),
                                                    replace(o2, hex=1115, undo_hex=1115)),
                   **changes)


@pytest.mark.parametrize("change, problem", [
    (lambda s: s, None),
    (lambda s: replace(s, ogres=(s.ogres[0], replace(s.ogres[1], hex=1015, undo_hex=1015))),
     "two Ogres stand on one hex"),
    (lambda s: replace(s, ogres=(s.ogres[0], replace(Ogre.fresh(5, id=O2), hex=1115,
                                                     undo_hex=1115))),
     "the battle's Ogres are not the Marks its scenario has"),
    (lambda s: replace(s, ogres=s.ogres[:1]),
     "the battle does not have the 2 Ogres its scenario has"),
    (lambda s: replace(s, ogres=(s.ogres[0], replace(s.ogres[1], hex=0))),
     "the Ogre 2 has not entered after the Ogres' entry"),
    (lambda s: replace(s, ogres=(s.ogres[0], replace(s.ogres[1], treads=46))),
     "the Ogre 2 has more treads than a Mark III can"),
])
def test_x15_the_invariants_hold_each_of_several_ogres(change, problem):
    from ogre.rules.invariants import first_problem

    assert first_problem(change(_mark_iiis())) == problem


def test_x15_an_ogre_that_left_or_whose_hex_another_took_has_no_undo():
    from ogre.rules import apply, legal_actions, new_game
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING
    from ogre.storage.fields import load_predesigned
    field = next(r.field for r in load_predesigned() if r.mark == 5)
    s = new_game(field, 5, 1, MARK_IIIS_ATTACKING.key)
    for text in ("enter 0721", "enter O2 0822", "exit O2"):
        s, _ = apply(s, parse_action(text))
    assert _checked(s, "undo O2") == "PLEASE MOVE A PIECE"
    s = new_game(field, 5, 1, MARK_IIIS_ATTACKING.key)
    for text in ("enter 0721", "enter O2 0822", "move O 0720", "move O2 0721"):
        s, _ = apply(s, parse_action(text))
    assert _checked(s, "undo O") == "THIS HEX IS FULL"
    assert "undo O" not in [str(a) for a in legal_actions(s)]
