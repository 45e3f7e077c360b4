"""Every action check accepts in Ogre Defending (9.03) now: legal_actions hands such a battle
here. The moves are worked out from where each unit can go; the rest are the candidates that
rules.assault's check accepts.
"""

from __future__ import annotations

from .actions import Action, Aim, AimAt, Clear, Done, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .assault import (
    ATTACK_MOVES,
    DEFENSE_MOVES,
    ESCAPED,
    acting_attacker,
    allowance,
    attacking,
    check,
    crowded,
    landing,
    ogre_ways,
    unit_ways,
    watchdog,
)
from .enemy_ogres import PARTS
from .errors import RuleError
from .hexes import BOTTOM_ROW, DISTANCE
from .state import DEFENSE_FIRE, DEFENSE_MOVE, OGRE_MOVE, GameState, Piece
from .units import CP, INFANTRY, counts


def legal_actions(s: GameState) -> list[Action]:
    """Every action check accepts now (moves along their shortest paths, one per hex)."""
    out: list[Action] = []
    if s.phase in ATTACK_MOVES or s.phase in DEFENSE_MOVES:
        _moves(s, out)
    else:
        _aims(s, out)
    return [a for a in out if _accepted(s, a)] if out else out


def _accepted(s: GameState, a: Action) -> bool:
    if type(a) is Move:
        return True                        # worked out from where the unit can go
    try:
        check(s, a)
    except RuleError:
        return False
    return True


def _moves(s: GameState, out: list[Action]) -> None:
    attack = acting_attacker(s)
    movers = crowded(s, attack)
    for p in s.pieces:
        if attacking(p.id) != attack or p.hex == ESCAPED:
            continue
        if p.can_undo:
            out.append(Undo(p.id))
        if movers is not None and p.id not in movers:
            continue
        _unit_moves(s, p, out)
        if p.kind is INFANTRY and s.phase in (OGRE_MOVE, DEFENSE_MOVE) and p.hex > 0:
            out += [Group(p.id), Split(p.id)]
    if s.phase is DEFENSE_MOVE:
        _ogre_moves(s, out)
    out.append(Done())


def _unit_moves(s: GameState, p: Piece, out: list[Action]) -> None:
    left = allowance(s, p) - p.moved
    if p.disabled or left <= 0:
        return
    for h in unit_ways(s, p, left):
        kind = landing(s, p, h)
        if kind and not (kind == "ram_ogre" and p.kind is CP):
            out.append(Move(p.id, h))
    if p.hex in BOTTOM_ROW and s.phase in ATTACK_MOVES:
        out.append(Exit(p.id))


def _ogre_moves(s: GameState, out: list[Action]) -> None:
    o = watchdog(s)
    if not o.hex:
        return
    if o.treads > 0 and o.moves_left > 0:
        out += [Move(o.id, h) for h in ogre_ways(s, o) if not s.at(h)]
        out += [Move(o.id, h) for h in ogre_ways(s, o) if s.at(h) and _contact_ok(s, o.id, h)]
        if any(attacking(p.id) for p in s.at(o.hex)) and _contact_ok(s, o.id, o.hex):
            out.append(Move(o.id, o.hex))      # stay and ram or overrun again
    if o.hex != o.undo_hex or o.moved != o.undo_moved:
        out.append(Undo(o.id))


def _contact_ok(s: GameState, oid: int, h: int) -> bool:
    try:
        check(s, Move(oid, h))
    except RuleError:
        return False
    return True


def _aims(s: GameState, out: list[Action]) -> None:
    attack = acting_attacker(s)
    o = watchdog(s)
    for p in s.pieces:
        if attacking(p.id) != attack or p.hex <= 0 or p.disabled or p.kind is CP:
            continue
        for t in s.pieces:
            if (attacking(t.id) != attack and t.hex > 0
                    and DISTANCE[p.hex][t.hex] <= p.range):
                out.append(AimAt(p.id, t.id))
        if attack and o.hex and DISTANCE[p.hex][o.hex] <= p.range:
            out += [Aim(p.id, part, o.id) for part in PARTS]
    if s.phase is DEFENSE_FIRE and o.hex:
        _ogre_aims(s, out)
    if s.aim is not None:
        out += [Clear(), Fire()]
    out.append(Done())


def _ogre_aims(s: GameState, out: list[Action]) -> None:
    """The Ogre's aims at attacking units, one weapon more than is aimed."""
    o = watchdog(s)
    aim = s.aim
    current = aim.weapons if aim is not None and not aim.attackers else (0, 0, 0, 0)
    for t in s.pieces:
        if not attacking(t.id) or t.hex <= 0 or (aim is not None and aim.target != t.id):
            continue
        for i in range(4):
            if o.weapons[i] - (0 if i == 0 else o.fired[i]) > current[i]:
                out.append(OgreAim(t.id, counts(n + (j == i) for j, n in enumerate(current)),
                                   o.id))
