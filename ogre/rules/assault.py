"""Ogre Defending (pocket edition 9.03): a force of units attacks a Command Post that a
"watchdog" Ogre and half that force defend. check and apply hand its state here
(legal_actions to rules.assault_legal); the 1986 battles never come.

The attacking units are pieces like the defense's, told apart by their ids: theirs count up
from 1001 (the Ogres' count down from 0, the defense's up from 1). Off the map an attacking unit
stands in hex 0 before it enters and in ESCAPED once it has left by the bottom edge. The
watchdog is the battle's one Ogre; the phases keep their 1986 names by role, the attacker's
being the Ogre's.

The seed says the force enters at the bottom of the map and that any of its units may leave by
the bottom to escape. Our rulings where it is silent (docs/features.md, X15):
- each side's turn is the pocket edition's (4.02): movement, fire, then its GEVs' second
  movement; the attacker's first, then the defense's with its Ogre moving and firing in it;
- a unit enters in any of its side's movements onto a bottom-row hex, which costs its first
  movement point, and may go on; Undo takes it off again;
- a unit on the bottom row with a movement point left may leave the map: it has escaped;
- units fire on enemy units as the defense fires on the Ogre (6.06-6.09): combined on one
  target, an infantry unit a squad at a time; a D disables armor or takes a squad, a D on a
  disabled unit destroys it, an X destroys;
- a unit disabled in the enemy's turn misses its own next turn and recovers as the one after
  begins (4.02's "disabled the previous turn", seen from the side it belongs to);
- the Ogre rams armor and overruns infantry as the 1986 Ogre does (5.03.1, 5.04); armor rams it
  (5.03.6) and infantry may stand in its hex (6.14), but must leave it in its next movement
  (6.14.1); the defense's units never share its hex (9.01's ruling); its guns fire as an attack
  of their own, never combined with the units'; it may move while its units share a hex (M3
  holds the units, which may need it gone to undo); destroyed, its wreck blocks its hex;
- units of the two sides never share a hex, nor pass through each other (5.02.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    Aim,
    AimAt,
    Clear,
    Done,
    Enter,
    Exit,
    Fire,
    Group,
    Move,
    OgreAim,
    Split,
    Undo,
)
from .command_post import defender_allowance
from .contact import check_contact
from .enemy_ogres import check_step
from .errors import RuleError
from .events import Verdict, shared_verdict
from .fire import check_firer
from .hexes import BOTTOM_ROW, DISTANCE, on_map
from .movement import _ogre_bfs
from .state import (
    ATTACK_GEV_MOVE,
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_FIRE,
    OGRE_MOVE,
    GameState,
    Ogre,
    Phase,
    Piece,
)
from .units import CP, GEV, INFANTRY, TREADS, WEAPON_STATS, WEAPONS, Weapon

FIRST_ID = 1001                  # the attacking force's first id
ESCAPED = -1                     # where an attacking unit stands once it has left the map
ATTACK_MOVES = frozenset({OGRE_MOVE, ATTACK_GEV_MOVE})
DEFENSE_MOVES = frozenset({DEFENSE_MOVE, GEV_MOVE})
ATTACK_PHASES = frozenset({OGRE_MOVE, OGRE_FIRE, ATTACK_GEV_MOVE})
TURN_STARTS = frozenset({OGRE_MOVE, DEFENSE_MOVE})   # each side's first movement: infantry
                                                    # groups and splits in it
W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)


def attacking(pid: int) -> bool:
    """Does this piece id name a unit of the attacking force?"""
    return pid >= FIRST_ID


def watchdog(s: GameState) -> Ogre:
    """The defense's Ogre: the battle's only one."""
    return s.ogres[0]


def defenders(s: GameState) -> list[Piece]:
    return [p for p in s.pieces if p.id < FIRST_ID]


def acting_attacker(s: GameState) -> bool:
    """Is it the attacking force's turn (else the defense's)?"""
    return s.phase in ATTACK_PHASES


# ---------------------------------------------------------------- where a unit can go

def allowance(s: GameState, p: Piece) -> int:
    """p's movement points in this phase: its move, a GEV's second move, a Crawler's 1."""
    phase = GEV_MOVE if s.phase is ATTACK_GEV_MOVE else s.phase
    if phase not in DEFENSE_MOVES:
        phase = DEFENSE_MOVE
    if p.kind is not CP and phase is GEV_MOVE and p.kind is not GEV:
        return 0
    return defender_allowance(p, phase, s.options)


def unit_ways(s: GameState, p: Piece, budget: int) -> dict[int, int]:
    """Every hex p can reach within `budget` with its cost: through its friends, never through
    an enemy or its own Ogre, up to the enemy Ogre (to ram it, or for infantry to stand with
    it). A unit waiting to enter starts from the bottom row at a cost of one."""
    mine = attacking(p.id)
    blocked = {q.hex for q in s.pieces if attacking(q.id) != mine and q.hex > 0}
    o = watchdog(s)
    dog = o.hex
    stops: set[int] = set()
    if dog:                                # a wreck is no one's way nor stop
        (stops if mine and not o.destroyed else blocked).add(dog)
    board = s.board
    if p.hex > 0:
        seen = {p.hex: 0}
        frontier = [p.hex]
    else:
        seen = {h: 1 for h in BOTTOM_ROW if h not in blocked and not board.is_crater(h)}
        frontier = [h for h in seen if h not in stops]
    crosses = p.kind is INFANTRY
    for step in range(min(seen.values(), default=0) + 1, budget + 1):
        nxt = []
        for h in frontier:
            for n in board.steps(h, crosses):
                if n in seen or n in blocked:
                    continue
                seen[n] = step
                if n not in stops:
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    seen.pop(p.hex, None)
    return {h: c for h, c in seen.items() if c <= budget}


def landing(s: GameState, p: Piece, to: int) -> str:
    """What p moving onto `to` does: "move", "ram_ogre" or "join" at the enemy Ogre, or "" when
    it may not stop there."""
    o = watchdog(s)
    if to == o.hex:
        if not attacking(p.id) or o.destroyed:
            return ""
        if any(q.id != p.id for q in s.at(to)):
            return "ram_ogre" if p.kind is not INFANTRY else ""
        return "join" if p.kind is INFANTRY else "ram_ogre"
    others = [q for q in s.at(to) if q.id != p.id]
    return "" if len(others) >= 2 else "move"


def crowded(s: GameState, attack: bool) -> frozenset[int] | None:
    """The ids of one side's units that share a hex on the map (M3: they move first), or
    None when none do."""
    seen: dict[int, list[int]] = {}
    for p in s.pieces:
        if p.hex > 0 and attacking(p.id) == attack:
            seen.setdefault(p.hex, []).append(p.id)
    ids = [i for ids in seen.values() if len(ids) > 1 for i in ids]
    return frozenset(ids) if ids else None


def under_the_ogre(s: GameState) -> Piece | None:
    """An attacking unit in the Ogre's hex that must leave it now and can (6.14.1)."""
    dog = watchdog(s).hex
    if s.phase is not OGRE_MOVE or not dog:
        return None
    for p in s.at(dog):
        full = allowance(s, p)             # stepping off and back again does not leave it
        if (attacking(p.id) and not p.disabled and full > 0 and p.start == dog
                and any(landing(s, p, h) == "move" for h in unit_ways(s, p, full))):
            return p
    return None


def ogre_ways(s: GameState, o: Ogre) -> dict[int, int]:
    """The hexes the Ogre can move onto: through its own units (never stopping on one), up to
    an attacking unit's hex, which it rams or overruns."""
    stops = {p.hex for p in s.pieces if p.id >= FIRST_ID and p.hex > 0}
    found = _ogre_bfs(s.board, o.hex, o.moves_left, stops)
    own = {p.hex for p in s.pieces if p.id < FIRST_ID}
    return {h: c for h, c in found.items() if h not in own}


# ---------------------------------------------------------------- check

def _err(code: str, detail: str = "") -> RuleError:
    return RuleError(code, detail)


def check(s: GameState, action: Action) -> Verdict:
    """What `action` would do in Ogre Defending, or RuleError."""
    handler = _CHECKS.get(type(action))
    if handler is None:
        raise _err("bad_action", repr(action))
    verdict: Verdict = handler(s, action)
    return verdict


def _own_unit(s: GameState, pid: Any, phases: frozenset[Phase] | None = None) -> Piece:
    """The unit an action names, if it is its side's movement: else the 1986 refusal."""
    attack = acting_attacker(s)
    moves = phases or (ATTACK_MOVES if attack else DEFENSE_MOVES)
    if s.phase not in moves:
        raise _err("cannot_move")
    p = s.piece(pid)
    if p is None or attacking(p.id) != attack or p.hex == ESCAPED:
        raise _err("move_a_piece")
    return p


def _check_move(s: GameState, a: Move) -> Verdict:
    if type(a.to) is not int:
        raise _err("bad_action", repr(a))
    if type(a.piece) is int and a.piece <= 0:
        return _check_ogre_move(s, a)
    p = _own_unit(s, a.piece)
    movers = crowded(s, attacking(p.id))
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if p.disabled:
        raise _err("disabled_move")
    left = allowance(s, p) - p.moved
    if left <= 0:
        raise _err("cannot_move" if not allowance(s, p) else "has_moved")
    if not on_map(a.to):
        raise _err("off_map")
    if a.to == p.hex:
        raise _err("move_a_piece", "the piece is already there")
    if s.board.is_crater(a.to):
        raise _err("crater")
    nearest = (DISTANCE[p.hex][a.to] if p.hex > 0
               else 1 + min(DISTANCE[h][a.to] for h in BOTTOM_ROW))   # entering: the river
    if nearest > left:
        raise _err("too_far")
    cost = unit_ways(s, p, left).get(a.to)
    if cost is None:
        taken = a.to == watchdog(s).hex or any(attacking(q.id) != attacking(p.id)
                                               for q in s.at(a.to))
        raise _err("hex_full" if taken else "no_path")
    kind = landing(s, p, a.to)
    if not kind or (kind == "ram_ogre" and p.kind is CP):
        raise _err("hex_full")
    return shared_verdict(kind, cost, 0, kind == "ram_ogre")


def _check_ogre_move(s: GameState, a: Move) -> Verdict:
    o = watchdog(s)
    if a.piece != o.id:
        raise _err("move_a_piece")
    if s.phase is not DEFENSE_MOVE:
        raise _err("move_a_piece" if s.phase is not DEFENSE_FIRE else "cannot_move")
    if a.to == o.hex and o.moves_left > 0 and o.treads > 0:
        under = [p for p in s.at(o.hex) if attacking(p.id)]
        if under:
            return check_contact(s, o, under, 1)   # stay and ram or overrun again
    check_step(s, o, a.to)
    cost = ogre_ways(s, o).get(a.to)
    if cost is None:
        raise _err("hex_full" if s.at(a.to) else "no_path")
    there = s.at(a.to)
    return check_contact(s, o, there, cost) if there else shared_verdict("move", cost)


def _check_undo(s: GameState, a: Undo) -> Verdict:
    if type(a.piece) is int and a.piece <= 0:
        o = watchdog(s)
        if s.phase is not DEFENSE_MOVE or a.piece != o.id:
            raise _err("move_a_piece")
        if o.hex == o.undo_hex and o.moved == o.undo_moved:
            raise _err("move_a_piece", "nothing to undo")
        if any(p.hex == o.undo_hex and not attacking(p.id) for p in s.pieces):
            raise _err("hex_full")            # one of its units stands there now
        return shared_verdict("undo")
    p = _own_unit(s, a.piece)
    if not p.can_undo:
        raise _err("move_a_piece", "nothing to undo")
    if p.start and p.start == watchdog(s).hex and not attacking(p.id):
        raise _err("hex_full")                # its own Ogre stands there now
    return shared_verdict("undo")


def _check_group(s: GameState, a: Group) -> Verdict:
    p = _own_unit(s, a.piece, TURN_STARTS)
    others = [q for q in s.at(p.hex) if q.id != p.id] if p.hex > 0 else []
    if p.kind is not INFANTRY or len(others) != 1 or others[0].kind is not INFANTRY:
        raise _err("move_a_piece", "no infantry to group with")
    if attacking(others[0].id) != attacking(p.id) or p.squads + others[0].squads > 3:
        raise _err("hex_full")
    return shared_verdict("group", 0, others[0].id)


def _check_split(s: GameState, a: Split) -> Verdict:
    p = _own_unit(s, a.piece, TURN_STARTS)
    if p.kind is not INFANTRY or p.hex <= 0:
        raise _err("move_a_piece")
    movers = crowded(s, attacking(p.id))
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if p.squads < 2:
        raise _err("move_a_piece", "a single squad cannot split")
    if s.next_id >= FIRST_ID:                 # the defense's new ids stay below the force's
        raise _err("move_a_piece", "no new id is left for a squad")
    if len(s.at(p.hex)) > 1 or p.hex == watchdog(s).hex:
        raise _err("hex_full")
    return shared_verdict("split")


def _check_exit(s: GameState, a: Exit) -> Verdict:
    p = s.piece(a.piece) if type(a.piece) is int and attacking(a.piece) else None
    if s.phase not in ATTACK_MOVES or p is None or p.hex not in BOTTOM_ROW or p.disabled:
        raise _err("off_map")
    movers = crowded(s, True)
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if allowance(s, p) - p.moved < 1:
        raise _err("off_map")
    return shared_verdict("exit", 1, p.id, True)          # the unit that escapes


def _firer(s: GameState, pid: Any) -> Piece:
    """A unit of the side whose fire phase this is that may fire a squad more."""
    if s.phase not in (OGRE_FIRE, DEFENSE_FIRE):
        raise _err("no_attacker")
    p = s.piece(pid)
    if p is None or p.hex <= 0 or attacking(p.id) != acting_attacker(s):
        raise _err("no_attacker")
    check_firer(s, p)
    return p


def _check_aim_at(s: GameState, a: AimAt) -> Verdict:
    """A unit at an enemy unit (6.06-6.08), with the others aimed at it."""
    p = _firer(s, a.piece)
    target = s.piece(a.target)
    if target is None or target.hex <= 0 or attacking(target.id) == attacking(p.id):
        raise _err("no_target")
    aim = s.aim
    if aim is not None and (aim.part is not None or aim.target != target.id
                            or not aim.attackers):
        raise _err("one_target")
    if DISTANCE[p.hex][target.hex] > p.range:
        raise _err("out_of_range")
    return shared_verdict("aim", 0, target.id)


def _check_aim(s: GameState, a: Aim) -> Verdict:
    """An attacking unit at a part of the Ogre (6.11), as the 1986 defense aims."""
    p = _firer(s, a.piece)
    o = watchdog(s)
    if not attacking(p.id):
        raise _err("no_target")                   # the defense's own Ogre
    if (a.ogre != o.id or not isinstance(a.part, Weapon) or not o.on_map
            or o.intact(a.part) <= 0):
        raise _err("no_target")
    if s.aim is not None and (s.aim.part is not a.part or not s.aim.attackers):
        raise _err("one_target")
    if DISTANCE[p.hex][o.hex] > p.range:
        raise _err("out_of_range")
    if a.part is TREADS and s.aim is not None:
        if not (p.kind is INFANTRY and all(s.known(q).kind is INFANTRY
                                           for q in s.aim.attackers)):
            raise _err("treads_combined")
    return shared_verdict("aim")


def _check_ogre_aim(s: GameState, a: OgreAim) -> Verdict:
    """The Ogre's weapons at one attacking unit in the Defense Attack (C5), never combined with
    the units' fire."""
    o = watchdog(s)
    if s.phase is not DEFENSE_FIRE or a.ogre != o.id or not o.on_map or a.part is not None:
        raise _err("no_attacker")
    if s.aim is not None and (s.aim.attackers or s.aim.target != a.target):
        raise _err("one_target")
    target = s.piece(a.target) if type(a.target) is int else None
    if target is None or not attacking(target.id) or target.hex <= 0:
        raise _err("no_target")
    w = a.weapons
    if len(w) != 4 or any(type(n) is not int for n in w) or min(w) < 0 or not any(w):
        raise _err("no_attacker")
    d = DISTANCE[o.hex][target.hex]
    for i, n in enumerate(w):
        if not n:
            continue
        if n > o.weapons[i] - (0 if i == 0 else o.fired[i]):
            raise _err("already_fired", WEAPONS[i].value)
        if i == 3 and (target.kind is not INFANTRY or target.id in s.ap_hit):
            raise _err("no_target", "antipersonnel")
        if d > W_RANGE[i]:
            raise _err("out_of_range")
    return shared_verdict("aim", 0, target.id)


def _check_clear_or_fire(s: GameState, a: Clear | Fire) -> Verdict:
    if s.phase not in (OGRE_FIRE, DEFENSE_FIRE) or s.aim is None:
        raise _err("no_attacker")
    return shared_verdict("clear" if isinstance(a, Clear) else "fire")


def _check_done(s: GameState, a: Done) -> Verdict:
    moves = ATTACK_MOVES | DEFENSE_MOVES
    if s.phase in moves and crowded(s, acting_attacker(s)) is not None:
        raise _err("stack")
    if under_the_ogre(s) is not None:
        raise _err("stack", "a unit under the Ogre must leave its hex")
    return shared_verdict("done")


def _refuse_enter(s: GameState, a: Enter) -> Verdict:
    raise _err("move_a_piece", "units enter by moving onto the bottom row")


_CHECKS: dict[type, Callable[[GameState, Any], Verdict]] = {
    Enter: _refuse_enter, Move: _check_move, Undo: _check_undo, Group: _check_group,
    Split: _check_split, Exit: _check_exit, AimAt: _check_aim_at, Aim: _check_aim,
    OgreAim: _check_ogre_aim, Clear: _check_clear_or_fire, Fire: _check_clear_or_fire,
    Done: _check_done,
}
