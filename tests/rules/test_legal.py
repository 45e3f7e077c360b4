"""legal_actions: exact counts from fixed positions (like chess perft), and agreement with
`check` both ways (T1, T2, M1-M9, C5-C7)."""

from __future__ import annotations

from collections import Counter

from ogre.rules import (
    Aim,
    Done,
    Enter,
    Exit,
    Group,
    Move,
    OgreAim,
    Phase,
    RuleError,
    Split,
    Undo,
    Weapon,
    check,
    legal_actions,
    new_game,
    parse_action,
)
from ogre.rules.hexes import ALL_HEXES
from ogre.rules.state import OGRE_ID
from ogre.rules.units import WEAPONS

from .helpers import EMPTY, MARK_III_DEPLOYMENT, mark_iii_field, play, scenario, seed_for
from .random_play import play_random_game


def _kinds(actions):
    return dict(Counter(type(a).__name__ for a in actions))


# ---------------------------------------------------------------- perft-style counts

def test_t2_legal_count_at_entry():
    s = new_game(mark_iii_field(), 3, seed=1)
    assert len(legal_actions(s)) == 15                   # every bottom-row hex, none a crater


def test_m1_legal_count_ogre_move_on_an_empty_field():
    # Three hexes every way from 0808: 3 * 3 * 4 = 36 hexes, and Done.
    s = scenario([("cp", 101)], ogre=808, phase=Phase.OGRE_MOVE, board=EMPTY)
    assert len(legal_actions(s)) == 37


def test_m1_legal_count_ogre_move_mid_field():
    s = scenario(MARK_III_DEPLOYMENT, ogre=812, phase=Phase.OGRE_MOVE, turn=3)
    legal = legal_actions(s)
    assert _kinds(legal) == {"Move": 31, "Done": 1}
    contact = sorted((a.to, check(s, a).kind) for a in legal if isinstance(a, Move) and s.at(a.to))
    assert contact == [(709, "overrun"), (810, "overrun"), (1110, "ram")]
    s, _ = play(s, "move O 0811")
    # 18 hexes within 2; 0611 and 0711 are craters; 0809 only by way of infantry at 0810,
    # 0612 only round the craters (3 hexes)
    assert _kinds(legal_actions(s)) == {"Move": 14, "Undo": 1, "Done": 1}


def test_m1_legal_count_defense_move_after_entry():
    s = new_game(mark_iii_field(), 3, seed=1)
    s, _ = play(s, "enter 0822", "move O 0820", "done", "done")
    assert s.phase is Phase.DEFENSE_MOVE
    assert _kinds(legal_actions(s)) == {"Move": 412, "Split": 7, "Done": 1}


def test_c6_legal_count_defense_fire():
    s = scenario(MARK_III_DEPLOYMENT, ogre=808, phase=Phase.DEFENSE_FIRE, turn=3)
    legal = legal_actions(s)
    assert _kinds(legal) == {"Aim": 15, "Done": 1}      # howitzer, GEV, heavy tank x 5 parts
    assert {a.piece for a in legal if isinstance(a, Aim)} == {2, 8, 17}
    s, _ = play(s, "aim 8 treads")
    assert _kinds(legal_actions(s)) == {"Clear": 1, "Fire": 1, "Done": 1}   # no combining
    s, _ = play(s, "clear", "aim 8 secondary")
    assert _kinds(legal_actions(s)) == {"Aim": 2, "Clear": 1, "Fire": 1, "Done": 1}


def test_c5_legal_count_ogre_fire():
    s = scenario(MARK_III_DEPLOYMENT, ogre=808, phase=Phase.OGRE_FIRE, turn=3)
    assert _kinds(legal_actions(s)) == {"OgreAim": 20, "Done": 1}
    s, _ = play(s, "target 17 main=1")
    assert [str(a) for a in legal_actions(s)] == [
        "target 17 missile=1 main=1", "target 17 main=1 secondary=1", "clear", "fire", "done"]


# ---------------------------------------------------------------- legal_actions vs check

def test_m1_every_legal_action_passes_check_in_random_games():
    checked = 0

    def every_legal_passes(before, action, after, events):
        nonlocal checked
        for a in legal_actions(after):
            check(after, a)                               # raises if the two disagree
            checked += 1
        assert action in legal_actions(before)

    for seed in range(12):
        play_random_game(seed, on_step=every_legal_passes)
    assert checked > 100_000


def _probe_positions():
    """Move-phase and fire-phase positions from random games, and a few hand-made ones."""
    out = []
    for seed in (1, 4, 9):
        taken = set()

        def take(before, action, after, events, taken=taken):
            key = (after.phase, after.turn)
            if not after.over and key not in taken and after.turn in (1, 3, 6, 9):
                taken.add(key)
                out.append(after)
        play_random_game(seed, on_step=take)
    out += [
        scenario([("heavy", 808, 1, {"disabled_turn": 2}), ("cp", 101), ("gev", 806)],
                 ogre=808, phase=Phase.OGRE_MOVE, rams=1, moved=1),
        scenario([("gev", 809), ("missile", 807), ("infantry", 806, 2), ("cp", 101)],
                 ogre=808, phase=Phase.OGRE_MOVE, rams=2),
        scenario([("heavy", 809), ("cp", 101)], ogre=821, phase=Phase.OGRE_MOVE, treads=1),
    ]
    s = scenario([("heavy", 808), ("infantry", 807, 1), ("infantry", 810, 3), ("gev", 1010)],
                 ogre=812, phase=Phase.DEFENSE_MOVE, board=EMPTY)
    out += [s, play(s, "move 1 0807")[0], play(s, "split 3")[0]]
    out.append(scenario([("gev", 808, 1, {"moved": 0}), ("heavy", 806)], ogre=812,
                        phase=Phase.GEV_MOVE))
    out.append(_two_stacks())
    out.append(scenario([("infantry", 809, 3), ("heavy", 810), ("cp", 101)], ogre=808,
                        phase=Phase.DEFENSE_FIRE, seed=seed_for(1)))
    out.append(play(out[-1], "aim 1 treads")[0])
    return out


def _two_stacks():
    """Issue 15: two crowded hexes at once, 0814 (heavy tank and GEV) and 0811 (two squads)."""
    s = scenario([("heavy", 813), ("gev", 814), ("infantry", 811, 2), ("cp", 101)], ogre=120,
                 phase=Phase.DEFENSE_MOVE, board=EMPTY)
    return play(s, "split 3", "move 5 0812", "move 1 0814", "undo 5")[0]


def test_m3_either_of_two_stacks_may_be_resolved_and_check_agrees_with_legal_actions():
    s = _two_stacks()
    assert len(s.at(814)) == 2 and len(s.at(811)) == 2
    legal = set(legal_actions(s))
    for text in ("group 3", "move 3 0810", "move 5 0810", "move 1 0815", "move 2 0815"):
        a = parse_action(text)
        assert a in legal and check(s, a).kind in ("group", "move"), text
    assert Done() not in legal and not _accepted(s, Done())
    assert not _accepted(s, Move(4, 102))               # the CP, alone, stays put (M3)
    # resolving one stack leaves the other to resolve before Done
    after, _ = play(s, "group 3")
    assert Done() not in legal_actions(after) and Move(1, 815) in legal_actions(after)
    after, _ = play(after, "move 1 0815")
    assert Done() in legal_actions(after)


def _accepted(state, action) -> bool:
    try:
        check(state, action)
    except RuleError:
        return False
    return True


def test_m1_check_accepts_no_move_that_legal_actions_leaves_out():
    positions = _probe_positions()
    assert {p.phase for p in positions} >= {Phase.OGRE_MOVE, Phase.DEFENSE_MOVE,
                                            Phase.GEV_MOVE, Phase.OGRE_FIRE,
                                            Phase.DEFENSE_FIRE}
    probed = 0
    for s in positions:
        legal = set(legal_actions(s))
        ids = [OGRE_ID] + [p.id for p in s.pieces] + [s.next_id]
        candidates = [Move(pid, h) for pid in ids for h in ALL_HEXES]
        candidates += [Enter(h) for h in ALL_HEXES]
        candidates += [a(pid) for pid in ids for a in (Undo, Split)]
        candidates += [Aim(pid, w) for pid in ids for w in Weapon]
        candidates += [Exit(), Done()]
        current = s.aim.weapons if s.aim and s.aim.part is None else (0, 0, 0, 0)
        for pid in ids:
            for i in range(len(WEAPONS)):
                counts = list(current)
                counts[i] += 1
                candidates.append(OgreAim(pid, tuple(counts)))
        for a in candidates:
            probed += 1
            assert _accepted(s, a) == (a in legal), (s.phase, a)
        # Group: legal_actions names each pair once, by its lower id; check takes either.
        for pid in ids:
            if _accepted(s, Group(pid)):
                other = [q.id for q in s.at(s.piece(pid).hex) if q.id != pid][0]
                assert Group(min(pid, other)) in legal
    assert probed > 100_000
