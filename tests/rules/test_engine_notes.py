"""The faster engine's shortcuts give the answers the long way gives (issue 16, X3, M1-M3).

legal_actions leaves notes on a state (the reach of each piece it listed moves for) that check
and apply then trust; reach, Move values and the Ogre's reach are kept per board; distances come
from a table; states, pieces and events are built by quick_init. Each is compared here with the
answer worked out from nothing, on states from seeded random games.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import FrozenInstanceError, replace

import pytest

from ogre.rules import (
    Move,
    Phase,
    Piece,
    RuleError,
    apply,
    check,
    legal_actions,
    new_game,
    parse_action,
)
from ogre.rules.events import Event
from ogre.rules.hexes import ALL_HEXES, DISTANCE, distance, to_cube
from ogre.rules.state import GameState, Kind, PieceIndex

from .game_digest import predesigned_fields
from .helpers import mark_iii_field
from .random_play import choose_chaotic, play_random_game


def _fresh(s: GameState) -> GameState:
    """The same state with nothing remembered: no piece index, no notes."""
    return replace(s, _index=None)


def _verdict_or_code(s: GameState, action):
    try:
        return check(s, action)
    except RuleError as exc:
        return exc.code


def _states(seeds, mark: int = 3, field=None, policy=None, damaged=None):
    """Every state of some seeded random games, with the action played from it."""
    out = []

    def keep(before, action, after, events):
        out.append((before, action))

    for seed in seeds:
        play_random_game(seed, mark=mark, field=field, on_step=keep, policy=policy,
                         damaged=damaged)
    return out


def test_x3_check_on_a_listed_state_agrees_with_check_from_nothing():
    rnd = random.Random(5)
    compared = 0
    for s, played in _states(range(6)):
        legal = legal_actions(s)            # leaves the notes check trusts
        fresh = _fresh(s)
        tried = list(legal) + [played]
        if s.phase in (Phase.DEFENSE_MOVE, Phase.GEV_MOVE):
            # moves legal_actions did not list: other pieces, other hexes, the Ogre's hex
            for p in rnd.sample(s.pieces, min(3, len(s.pieces))):
                tried += [Move(p.id, h) for h in rnd.sample(ALL_HEXES, 4)]
                tried.append(Move(p.id, s.ogre.hex or 101))
        for action in tried:
            assert _verdict_or_code(s, action) == _verdict_or_code(fresh, action), (s, action)
            compared += 1
    assert compared > 5000


def test_m1_m3_legal_actions_spliced_after_a_move_are_the_list_from_nothing():
    # After a plain defender move, legal_actions makes only the mover's actions again and puts
    # them in its place in the list before (legal._splice): same actions, same order.
    spliced = 0
    # Chaotic games undo often (an undo is spliced as a move); in seed 3011's turn 37 a squad is
    # undone back under the Ogre, which changes what every piece may do.
    chaotic = _states([3000, 3001, 3011], policy=choose_chaotic, damaged=True)
    for s, _ in _states(range(10, 16)) + chaotic:
        spliced += s._after is not None
        assert legal_actions(s) == legal_actions(_fresh(s)), s
        if s._after is not None:
            assert s._moves is not None and s._moves[3] == tuple(legal_actions(_fresh(s)))
    assert spliced > 200


def test_m1_m3_no_splice_when_the_move_made_a_stack_or_left_the_ogre():
    # Moving onto a friend (M3 stack) or out from under the Ogre changes other pieces' actions:
    # the next list is made anew, and is the list from nothing.
    changed = 0
    for before, action in _states(range(16, 20)):
        if type(action) is not Move or action.piece == 0 or before._moves is None:
            continue
        after, _ = apply(before, action)
        if len(after.at(action.to)) > 1 or before.known(action.piece).hex == before.ogre.hex:
            changed += 1
            assert after._after is None
            assert legal_actions(after) == legal_actions(_fresh(after))
    assert changed > 20


def test_m3_the_patched_piece_index_is_the_index_from_nothing():
    # A move patches the index of the state before (PieceIndex.moved), stacks included: who is
    # where (in the tuple's order), the crowded hex M3 names first and the pieces that must move.
    stacked = 0
    for s, _ in _states(range(20, 26)):
        idx, fresh = s.index(), PieceIndex(s.pieces)
        assert idx.occupancy == fresh.occupancy and idx.position == fresh.position
        assert (idx.crowded, idx.movers) == (fresh.crowded, fresh.movers)
        stacked += idx.movers is not None
    assert stacked > 100


def test_x3_apply_of_a_listed_move_is_apply_from_nothing():
    for s, played in _states(range(6, 10)):
        legal_actions(s)
        after, events = apply(s, played)
        again, events_again = apply(_fresh(s), played)
        assert after == again and events == events_again


def test_m1_m3_legal_actions_are_the_same_with_warm_caches_and_cold():
    # The board caches (reach, Move values, the Ogre's reach) are shared by every state on a
    # board; a state rebuilt on a new, equal board starts them all again.
    for field, mark in predesigned_fields()[:2]:
        for s, _ in _states(range(20, 23), mark=mark, field=field)[::7]:
            cold_board = replace(s.board.with_crater(101, True), craters=s.board.craters)
            cold = replace(s, board=cold_board, _index=None)
            assert cold_board == s.board and cold_board._moves_cache == {}
            assert legal_actions(cold) == legal_actions(s)


def test_x3_a_state_remembers_nothing_across_dataclasses_replace():
    s = new_game(mark_iii_field(), 3, 4)
    s, _ = apply(s, parse_action("enter 0822"))
    for text in ("done", "done"):                      # Ogre move, Ogre fire
        s, _ = apply(s, parse_action(text))
    assert s.phase is Phase.DEFENSE_MOVE
    legal_actions(s)
    assert s._moves is not None
    moved = replace(s, ogres=(replace(s.ogre, hex=s.ogre.hex - 1, undo_hex=s.ogre.hex - 1),))
    assert moved._moves is None                                  # notes belong to one state


def test_b1_distance_table_is_the_cube_distance_and_refuses_hexes_off_the_map():
    for a in ALL_HEXES[::7]:
        aq, ar, as_ = to_cube(a)
        for b in ALL_HEXES:
            bq, br, bs = to_cube(b)
            assert DISTANCE[a][b] == distance(a, b) == max(abs(aq - bq), abs(ar - br),
                                                           abs(as_ - bs))
    for a, b in ((0, 101), (101, 0), (1600, 101), (101, 123)):
        with pytest.raises(KeyError):
            distance(a, b)


def test_x3_quick_init_values_are_the_same_frozen_dataclasses():
    p = Piece(3, Kind.INFANTRY, 1010, 2, start=1010)
    assert p == Piece(id=3, kind=Kind.INFANTRY, hex=1010, squads=2, disabled_turn=0, moved=0,
                      start=1010, base_moved=0, fired=0)
    assert replace(p, hex=1011).hex == 1011 and p.hex == 1010
    with pytest.raises(FrozenInstanceError):
        p.hex = 1011
    assert list(inspect.signature(Piece).parameters)[:4] == ["id", "kind", "hex", "squads"]
    e = Event("fire", "Ogre fires", die=4, result="miss")
    assert (e.piece, e.hex, e.die, e.odds, e.result, e.treads_lost) == (0, 0, 4, "", "miss", 0)
    assert repr(e).startswith("Event(kind='fire', text='Ogre fires', piece=0")
    with pytest.raises(TypeError):
        Piece(1)                                     # the required fields are still required
