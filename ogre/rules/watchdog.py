"""The defense's own Ogre (9.01 Mark III on Defense; 9.03's watchdog): an Ogre on the defending
side. check, legal_actions and apply ask here in a battle that has one; the others never come.

It moves in the Defense Movement (not the GEVs' second) and fires in the Defense Attack, its
guns at the attacking Ogre's weapons and treads as an Ogre fires on an Ogre (rules.enemy_ogres),
and it rams the attacker by moving onto it. The attacking Ogre fires on it and rams it in turn.
Our rulings where 9.01 is silent (docs/features.md):
- it passes through its own side's units but never stops on one, and they never cross or stop
  on its hex (no unit passes through an Ogre, in the 1986 game either);
- its guns fire as an attack of their own, not combined with the units' (6.07 would allow it;
  the game aims one or the other at a time);
- it never leaves the map; destroyed (6.13) it is out of the battle, its wreck where it stood.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, Move, OgreAim, Undo
from .enemy_ogres import (
    aims_at,
    check_aim_at_ogre,
    check_ram,
    check_step,
    may_ram,
    ram_origin,
    reach_past,
)
from .errors import RuleError
from .events import Verdict, shared_verdict
from .scenarios import WATCHDOGS
from .state import DEFENSE_FIRE, DEFENSE_MOVE, OGRE_FIRE, GameState, Ogre, Piece

_NONE: frozenset[int] = frozenset()


def watchdog_ids(s: GameState) -> frozenset[int]:
    """The ids of the defense's own Ogres in this battle (none in most)."""
    return WATCHDOGS.get(s.scenario, _NONE)


def watchdogs(s: GameState) -> list[Ogre]:
    ids = watchdog_ids(s)
    return [o for o in s.ogres if o.id in ids]


def attackers(s: GameState) -> list[Ogre]:
    ids = watchdog_ids(s)
    return [o for o in s.ogres if o.id not in ids]


def attacker_reach(s: GameState, o: Ogre) -> dict[int, int]:
    """An attacking Ogre's reach: a defender's hex or the defense's Ogre's ends a way."""
    stops = set(s._occupancy()) | {w.hex for w in watchdogs(s) if w.hex}
    return reach_past(s, o, stops)


def watchdog_ways(s: GameState, o: Ogre) -> dict[int, int]:
    """Every hex the defense's Ogre can pass through or stop on: through its own units, up to
    the attacker's hex."""
    return reach_past(s, o, {a.hex for a in attackers(s) if a.hex})


def watchdog_reach(s: GameState, o: Ogre) -> dict[int, int]:
    """The hexes the defense's Ogre can move onto: empty ones, and the attacker's to ram it
    from a free hex beside it."""
    ways = watchdog_ways(s, o)
    out = {}
    for h, c in ways.items():
        at = s.ogre_at(h)
        if at is not None and at.id not in watchdog_ids(s):
            if ram_origin(s, o, h, c, ways) is not None:
                out[h] = c
        elif not (s.at(h) or at):
            out[h] = c
    return out


# ---------------------------------------------------------------- check

def check_move(s: GameState, o: Ogre, to: int) -> Verdict:
    """The defense's Ogre moving (or ramming the attacker) in the Defense Movement."""
    if s.phase is not DEFENSE_MOVE:
        raise RuleError("move_a_piece" if s.phase is not OGRE_FIRE else "cannot_move")
    if (s._index or s.index()).movers is not None:
        raise RuleError("stack")                # M3: the stacked units move first
    check_step(s, o, to)
    cost = watchdog_reach(s, o).get(to)
    if cost is None:
        raise RuleError("hex_full" if s.at(to) or s.ogre_at(to) else "no_path")
    rammed = s.ogre_at(to)
    return shared_verdict("move", cost) if rammed is None else check_ram(o, rammed, cost)


def check_onto_watchdog(s: GameState, o: Ogre, to: int) -> Verdict:
    """An attacking Ogre moving onto the defense's Ogre: a ram (5.03.4) along a way that
    crosses neither it nor the defenders."""
    cost = attacker_reach(s, o).get(to)
    if cost is None:
        raise RuleError("no_path")
    rammed = s.ogre_at(to)
    assert rammed is not None
    return check_ram(o, rammed, cost)


def check_aim(s: GameState, a: OgreAim) -> Verdict:
    """An Ogre's aim at a part of an enemy Ogre: the attacker's at the defense's Ogre in the
    Ogre Attack, the defense's Ogre's at the attacker in the Defense Attack."""
    ids = watchdog_ids(s)
    firer = s.ogre_unit(a.ogre)
    own = DEFENSE_FIRE if firer is not None and firer.id in ids else OGRE_FIRE
    if firer is None or not firer.on_map or s.phase is not own:
        raise RuleError("no_attacker")
    if s.aim is not None and s.aim.attackers:
        raise RuleError("one_target")                # the units have aimed already
    target = s.ogre_unit(a.target) if type(a.target) is int else None
    if target is not None and (target.id in ids) == (firer.id in ids):
        target = None                                # a friend is no target
    return check_aim_at_ogre(s, a, firer, target)


# ---------------------------------------------------------------- legal_actions

def attacker_moves(s: GameState, o: Ogre, out: list[Action],
                   contact: Callable[[Ogre, GameState, tuple[Piece, ...]], bool]) -> None:
    """An attacking Ogre's moves where the defense has an Ogre: as ever onto defenders
    (`contact` says which rams and overruns are allowed), and a ram on the defense's Ogre."""
    dogs = {w.hex: w for w in watchdogs(s) if w.hex}
    friends = {x.hex for x in attackers(s) if x is not o and x.hex}
    for h in attacker_reach(s, o):
        if h in friends:
            continue
        if h in dogs:
            if may_ram(o, dogs[h]):
                out.append(Move(o.id, h))
            continue
        here = s.at(h)
        if not here or contact(o, s, here):
            out.append(Move(o.id, h))


def watchdog_moves(s: GameState, out: list[Action]) -> None:
    """The defense's Ogres' moves and undos in the Defense Movement."""
    if s.phase is not DEFENSE_MOVE or (s._index or s.index()).movers is not None:
        return                          # M3: while units share a hex, only they may move
    for w in watchdogs(s):
        if not w.hex:
            continue
        if w.treads > 0 and w.moves_left > 0:
            for h in watchdog_reach(s, w):
                rammed = s.ogre_at(h)
                if rammed is None or may_ram(w, rammed):
                    out.append(Move(w.id, h))
        if (w.hex != w.undo_hex or w.moved != w.undo_moved) and undo_is_free(s, w.undo_hex, w):
            out.append(Undo(w.id))


def undo_is_free(s: GameState, to: int, mover: Ogre | Piece) -> bool:
    """Where the defense's Ogre is, none of its units may come back by Undo, nor it where one
    of them is now: the two never share a hex."""
    if isinstance(mover, Ogre):
        return not s.at(to) and s.ogre_at(to) in (None, mover)
    return to not in watchdog_hexes(s)


def watchdog_hexes(s: GameState) -> set[int]:
    return {w.hex for w in watchdogs(s) if w.hex}


def aims_at_watchdogs(s: GameState, o: Ogre) -> list[OgreAim]:
    """An attacking Ogre's aims at the defense's Ogres' parts."""
    if s.aim is not None and (s.aim.part is None or s.aim.ogre != o.id):
        return []
    return aims_at(s, o, [w for w in watchdogs(s) if w.on_map])


def watchdog_aims(s: GameState) -> list[OgreAim]:
    """The defense's Ogres' aims at the attackers' parts, when nothing else is aimed."""
    aim = s.aim
    out: list[OgreAim] = []
    for w in watchdogs(s):
        if w.on_map and (aim is None or (not aim.attackers and aim.ogre == w.id)):
            out += aims_at(s, w, [a for a in attackers(s) if a.on_map])
    return out
