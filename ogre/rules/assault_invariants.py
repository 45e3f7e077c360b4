"""Is this a position Ogre Defending (9.03) can be in? rules.invariants asks here, after the
numbers and the Ogre, for such a battle's units, their hexes and the aim. Each finding is one
phrase a player can read after "...: " in a sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .assault import ESCAPED, FIRST_ID, TURN_STARTS, allowance, attacking, watchdog
from .assault_play import assault_level
from .board import Board
from .hexes import DISTANCE, on_map
from .state import (
    ATTACK_GEV_MOVE,
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_FIRE,
    OGRE_MOVE,
    GameState,
    Piece,
)
from .units import CP, HOWITZER, INFANTRY, STATS, WEAPON_STATS, WEAPONS

_MOVES = {OGRE_MOVE: True, ATTACK_GEV_MOVE: True, DEFENSE_MOVE: False, GEV_MOVE: False}
_DEFENSE_TURN = frozenset({DEFENSE_MOVE, DEFENSE_FIRE, GEV_MOVE})


def findings(s: GameState) -> Iterator[str]:
    for stage in (_ids, _units, _hexes, _aim):
        found = list(stage(s))
        yield from found
        if found:
            return
    if not s.over and assault_level(s):
        yield "the battle should already be over"


def _ids(s: GameState) -> Iterator[str]:
    ids = [p.id for p in s.pieces]
    if any(not (1 <= i < s.next_id or FIRST_ID <= i < FIRST_ID - 1 + s.next_id) for i in ids):
        yield "a piece's id is not below the next piece id"
    elif len(set(ids)) != len(ids):
        yield "two pieces share an id"
    elif sum(p.kind is CP for p in s.pieces) > 1:
        yield "there is more than one Command Post"


def _units(s: GameState) -> Iterator[str]:
    for p in s.pieces:
        found = next(_unit(s, p), None)
        if found:
            yield found
            return


def _unit(s: GameState, p: Piece) -> Iterator[str]:
    mine = attacking(p.id)
    if p.kind not in STATS or (mine and p.kind in (CP, HOWITZER)):
        yield f"piece {p.id} is not a kind of piece its side has"
    elif not (_standable(s.board, p.hex) or (mine and p.hex in (0, ESCAPED))):
        yield f"piece {p.id} is not on the map"
    elif not 1 <= p.squads <= (3 if p.kind is INFANTRY else 1):
        yield f"piece {p.id} has more squads than a counter holds"
    elif not 0 <= p.fired <= (0 if p.kind is CP else p.squads):
        yield f"piece {p.id} has fired more than it has"
    elif p.disabled_turn and (p.disabled_turn not in (s.turn, s.turn - 1) or not (
            p.kind in STATS and STATS[p.kind].armor_cost or p.kind is CP)):
        yield f"piece {p.id} is disabled longer than a turn, or cannot be"
    elif p.disabled and p.disabled_turn == s.turn - 1 and not mine and s.phase in _DEFENSE_TURN:
        yield f"piece {p.id} is still disabled in its side's next turn"
    elif p.hex == 0 and (p.moved or p.base_moved or p.fired or p.start or p.disabled_turn):
        yield f"piece {p.id} has moved, fired or been hit before it entered"
    elif p.hex == ESCAPED and (p.fired or p.disabled_turn or not 0 <= p.base_moved <= p.moved
                               <= STATS[p.kind].move):
        yield f"piece {p.id} fired, was hit or moved too far to have escaped"
    elif p.hex > 0:
        yield from _moved(s, p)


def _moved(s: GameState, p: Piece) -> Iterator[str]:
    own = _MOVES.get(s.phase) == attacking(p.id)
    most = allowance(s, p) if own and not s.over else 6
    if not 0 <= p.base_moved <= p.moved <= most:
        yield f"piece {p.id} has moved further than it can"
    elif p.start > 0 and DISTANCE[p.start][p.hex] > p.moved - p.base_moved:
        yield f"piece {p.id} would undo to a hex further than it has moved"
    elif p.start < 0 or (p.start == 0 and not attacking(p.id)):
        yield f"piece {p.id} would undo to a hex that is not on the map"
    elif p.start != p.hex and not own and not s.over:
        yield f"piece {p.id} would undo a move outside its side's movement"


def _standable(board: Board, h: int) -> bool:
    return isinstance(h, int) and on_map(h) and h not in board.craters


def _hexes(s: GameState) -> Iterator[str]:
    dog = watchdog(s).hex
    sides: dict[int, set[bool]] = {}
    per_hex: Counter[int] = Counter()
    for p in s.pieces:
        if p.hex > 0:
            sides.setdefault(p.hex, set()).add(attacking(p.id))
            per_hex[p.hex] += 1
    if any(len(both) > 1 for both in sides.values()):
        yield "units of both sides share a hex"
    elif dog and False in sides.get(dog, set()):
        yield "a unit stands under the defense's own Ogre"
    elif not s.over and any(n > 1 and _MOVES.get(s.phase) != (True in sides[h])
                            for h, n in per_hex.items() if h != dog):
        yield "two pieces share a hex outside their side's movement"
    elif any(n > 1 and not _moved_into(s, h) for h, n in per_hex.items() if h != dog):
        yield "pieces share a hex that none of them moved into"     # M3: one must leave
    elif any(0 < p.start != p.hex and any(attacking(q.id) != attacking(p.id)
                                          for q in s.at(p.start)) for p in s.pieces):
        yield "a unit's way back is taken by the enemy"      # Undo would bring them together


def _moved_into(s: GameState, h: int) -> bool:
    """Can these pieces share h now (M3: one of them moves on, or back, before the phase
    ends)? One of them moved there this phase or can still move, or, in a side's first
    movement, they are infantry that may group."""
    here = s.at(h)
    if any(p.start != h or (not p.disabled and allowance(s, p) > p.moved) for p in here):
        return True
    return s.phase in TURN_STARTS and all(p.kind is INFANTRY for p in here)


def _aim(s: GameState) -> Iterator[str]:
    a = s.aim
    if a is None:
        return
    if s.phase not in (OGRE_FIRE, DEFENSE_FIRE):
        yield "something is aimed outside a fire phase"
        return
    attack = s.phase is OGRE_FIRE
    if not a.attackers:
        yield from _ogre_aim(s, attack)
        return
    shots = Counter(a.attackers)
    firers = [s.piece(pid) for pid in shots]
    if any(p is None or attacking(p.id) != attack or p.hex <= 0 or p.disabled
           or p.kind is CP or p.fired + shots[p.id] > p.squads for p in firers):
        yield "a unit aims that may not fire now"
        return
    o = watchdog(s)
    if a.part is not None:
        there = o.hex if attack and o.on_map and o.intact(a.part) > 0 else 0
    else:
        target = s.piece(a.target)
        there = target.hex if target is not None and attacking(target.id) != attack else 0
    if there <= 0 or any(DISTANCE[p.hex][there] > p.range for p in firers if p is not None):
        yield "the units aim at a target that is not there or out of range"


def _ogre_aim(s: GameState, attack: bool) -> Iterator[str]:
    a, o = s.aim, watchdog(s)
    assert a is not None
    target = s.piece(a.target)
    if (attack or a.part is not None or not o.on_map or target is None
            or not attacking(target.id) or target.hex <= 0):
        yield "the Ogre aims outside its own fire, or at no attacking unit"
    elif any(n < 0 or n > o.available(w) or (n and DISTANCE[o.hex][target.hex]
                                              > WEAPON_STATS[w].range)
             for n, w in zip(a.weapons, WEAPONS)) or not any(a.weapons):
        yield "the Ogre aims with weapons it lacks or out of their range"
