"""T1-T2: the phase sequence, recovery of disabled armor, the Ogre's entry."""

from __future__ import annotations

from ogre.rules import Enter, Phase, check, legal_actions, new_game

from .helpers import EMPTY, events_of, mark_iii_field, message, play, scenario, seed_for

# ---------------------------------------------------------------- T1

def test_t1_phases_walk_in_the_manuals_order():
    s = new_game(mark_iii_field(), 3, seed=1)
    assert (s.phase, s.turn) == (Phase.OGRE_ENTRY, 1)
    s, ev = play(s, "enter 0822")
    assert (s.phase, s.turn) == (Phase.OGRE_MOVE, 1)
    assert [e.text for e in ev] == ["Ogre enters at 0822", "Ogre Movement"]
    walk = []
    for _ in range(5):
        s, ev = play(s, "done")
        walk.append((s.phase, s.turn, events_of(ev, "phase")[0].text))
    assert walk == [
        (Phase.OGRE_FIRE, 1, "Ogre Attack"),
        (Phase.DEFENSE_MOVE, 1, "Defense Movement"),
        (Phase.DEFENSE_FIRE, 1, "Defense Attack"),
        (Phase.GEV_MOVE, 1, "GEV Movement"),
        (Phase.OGRE_MOVE, 2, "Ogre Movement"),
    ]
    # The entry phase happens once: turn 2 starts with the Ogre's movement.
    assert message(s, "enter 0721") == "PLEASE MOVE A PIECE"


def test_t1_armor_disabled_by_ogre_fire_recovers_after_the_ogre_fires_next_turn():
    # Turn 2, Ogre fire: main battery (4) on a heavy tank (3) is 1-1; a 3 is D: disabled.
    s = scenario([("heavy", 810), ("cp", 101)], ogre=808, phase=Phase.OGRE_FIRE, turn=2,
                 seed=seed_for(3))
    s, ev = play(s, "target 1 main=1", "fire")
    assert ev[0].result == "disabled" and s.piece(1).disabled_turn == 2
    s, ev = play(s, "done")                                  # -> defense move, turn 2
    assert s.phase is Phase.DEFENSE_MOVE and not events_of(ev, "recover")
    assert message(s, "move 1 0811") == "DISABLED CAN'T MOVE THIS TURN"
    s, _ = play(s, "done")                                   # -> defense fire
    assert message(s, "aim 1 main") == "DISABLED CAN'T ATTACK THIS TURN"
    s, _ = play(s, "done", "done")                           # GEV move, then turn 3 Ogre move
    assert (s.phase, s.turn, s.piece(1).disabled) == (Phase.OGRE_MOVE, 3, True)
    s, _ = play(s, "done")                                   # Ogre fire, turn 3: still disabled
    assert s.piece(1).disabled
    s, ev = play(s, "done")                                  # after the Ogre fires: recovered
    assert [e.text for e in events_of(ev, "recover")] == ["Heavy Tank recovers"]
    assert not s.piece(1).disabled and s.phase is Phase.DEFENSE_MOVE
    s, _ = play(s, "move 1 0811")
    assert s.piece(1).hex == 811


def test_t1_armor_disabled_by_a_ram_recovers_the_same_way():
    s = scenario([("gev", 809), ("cp", 101)], ogre=810, phase=Phase.OGRE_MOVE, turn=4,
                 seed=seed_for(2), board=EMPTY)
    s, ev = play(s, "move O 0809", "move O 0808")            # die 2: disabled, left behind
    assert events_of(ev, "ram")[0].result == "disabled"
    assert s.piece(1).disabled_turn == 4 and s.piece(1).hex == 809
    s, _ = play(s, "done", "done", "done")                   # Ogre fire, defense move, fire
    assert message(s, "aim 1 ap") == "DISABLED CAN'T ATTACK THIS TURN"
    s, _ = play(s, "done")                                   # GEV move: still disabled
    assert message(s, "move 1 0909") == "DISABLED CAN'T MOVE THIS TURN"
    s, _ = play(s, "done", "done", "done")                   # turn 5: Ogre move, fire
    assert s.phase is Phase.DEFENSE_MOVE and not s.piece(1).disabled


def test_t1_a_disabled_unit_hit_again_before_recovering_is_destroyed():
    s = scenario([("missile", 810, 1, {"disabled_turn": 2}), ("cp", 101)], ogre=808,
                 phase=Phase.OGRE_FIRE, turn=3, seed=seed_for(1))
    # 3 secondary (attack 3) vs defense 2 = 1-1; disabled pieces die on D or X: 67%.
    s, ev = play(s, "target 1 secondary=1", "fire")
    assert ev[0].result == "miss" and s.piece(1).disabled          # a 1 is NE at 1-1
    s = scenario([("missile", 810, 1, {"disabled_turn": 2}), ("cp", 101)], ogre=808,
                 phase=Phase.OGRE_FIRE, turn=3, seed=seed_for(3))
    s, ev = play(s, "target 1 secondary=1", "fire")
    assert ev[0].die == 3 and ev[0].result == "destroyed" and s.piece(1) is None


# ---------------------------------------------------------------- T2

def test_t2_entry_only_on_the_bottom_row():
    s = new_game(mark_iii_field(), 3, seed=1)
    assert message(s, "enter 0720") == "OGRE ENTERS ON BOTTOM ROW ONLY"
    assert message(s, "enter 0821") == "OGRE ENTERS ON BOTTOM ROW ONLY"
    assert message(s, Enter(122)) == "PLEASE STAY ON THE MAP"
    assert message(s, "move O 0821") == "OGRE ENTERS ON BOTTOM ROW ONLY"
    assert message(s, "done") == "OGRE ENTERS ON BOTTOM ROW ONLY"
    assert legal_actions(s) == [Enter(h) for h in (121, 222, 321, 422, 521, 622, 721, 822, 921,
                                                    1022, 1121, 1222, 1321, 1422, 1521)]


def test_t2_entry_never_on_a_crater():
    board = mark_iii_field().board.with_crater(721, True)
    from ogre.rules import Field
    s = new_game(Field(board, mark_iii_field().placements), 3, seed=1)
    assert message(s, "enter 0721") == "OGRE CAN'T ENTER ON A CRATER"
    assert Enter(721) not in legal_actions(s)


def test_t2_entry_hex_is_the_first_hex_of_the_move():
    s = new_game(mark_iii_field(), 3, seed=1)
    assert check(s, Enter(822)).cost == 1
    s, _ = play(s, "enter 0822")
    assert (s.ogre.hex, s.ogre.moved, s.ogre.moves_left) == (822, 1, 2)
    assert message(s, "move O 0819") == "CAN'T MOVE THAT FAR"
    s, _ = play(s, "move O 0821", "move O 0820")
    assert message(s, "move O 0819") == "THIS UNIT HAS MOVED"
    # Undo goes back to the entry hex, not off the map.
    s, _ = play(s, "undo O")
    assert (s.ogre.hex, s.ogre.moves_left) == (822, 2)
