"""legal_actions(state): every action `check` accepts now, and the M3 helpers both share.

The list's order is part of the game (a seeded random player picks by position), so it stays
the order it has always had: per phase, the pieces in state order, each piece's moves in the
order its reach was found. Computer players and the random games call this every step, so the
work is kept small: reach and the Move values made from it are cached per board, distances
come from hexes.DISTANCE, and the per-piece loop asks the state's PieceIndex, not the pieces.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from operator import attrgetter

from . import assault_legal, duel, watchdog
from .actions import Action, Aim, Clear, Done, Enter, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .board import Board, MovesAndReach, Reach, ReachKey
from .command_post import allowances, ram_tread_cost
from .hexes import BOTTOM_ROW, DISTANCE
from .movement import _reach, defender_reach, ogre_reach
from .scenarios import ASSAULTS, DUELS, WATCHDOGS
from .state import (
    ATTACK_GEV_MOVE,
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_ENTRY,
    OGRE_FIRE,
    OGRE_ID,
    OGRE_MOVE,
    OVER,
    FoundMoves,
    GameState,
    Ogre,
    Piece,
)
from .units import (
    AP,
    CP,
    HOWITZER,
    INFANTRY,
    STATS,
    TREADS,
    WEAPON_STATS,
    WEAPONS,
    Counts,
    Weapon,
    counts,
)

SOFT = frozenset({INFANTRY, CP})          # what antipersonnel can hurt (C5)
W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)
MAX_RANGE = max(W_RANGE)
RANGE = {k: s.range for k, s in STATS.items()}
NEAR_MOVES_SIZE = 4096


def ogre_weapon_reaches(o: Ogre, w: Weapon, target: Piece) -> bool:
    """Range, and C5's rule that antipersonnel hurt only infantry and the Command Post."""
    if w is AP and target.kind not in SOFT:
        return False
    return DISTANCE[o.hex][target.hex] <= WEAPON_STATS[w].range


def stack_movers(s: GameState) -> frozenset[int] | None:
    """M3: while defenders share a hex, only the pieces in such a hex may move, split or group,
    and any of those stacks may be resolved first. Their ids; None when no hex is crowded.
    check and legal_actions both ask this, so they agree however many hexes are crowded."""
    return (s._index or s.index()).movers


def full_hexes(s: GameState) -> set[int]:
    """Hexes no defender may stop on: two pieces already, or the Ogre with a defender (M3)."""
    idx = s._index or s.index()
    occupancy, movers, position, pieces = idx.occupancy, idx.movers, idx.position, s.pieces
    if movers is None:
        full = set()
    elif len(position) == len(pieces):              # the stacks' hexes, from the few in them
        full = {pieces[position[pid]].hex for pid in movers}
    else:                                           # a repeated id: by the hexes themselves
        full = {h for h, ps in occupancy.items() if len(ps) >= 2}
    for o in s.ogres:
        if o.hex in occupancy:
            full.add(o.hex)
    return full


def must_leave(s: GameState) -> Piece | None:
    """Armor under the Ogre at the defence's move (rammed, disabled, since recovered) must leave
    the Ogre's hex if it can (pocket rules 6.14.1; the manual is silent). Infantry may stay."""
    if s.phase is not DEFENSE_MOVE:
        return None
    occupancy = (s._index or s.index()).occupancy
    for o in s.ogres:
        under = occupancy.get(o.hex) if o.hex else None
        if not under:
            continue
        for p in under:
            if p.kind in (INFANTRY, CP, HOWITZER) or p.disabled_turn:
                continue
            left = allowances(s.phase, s.options)[p.kind] - p.moved
            if left > 0 and defender_moves(s, p, left, full_hexes(s)):
                return p
    return None


# ---------------------------------------------------------------- the list

def legal_actions(state: GameState) -> list[Action]:
    """Every action `check` accepts now (moves along their shortest paths, one per hex)."""
    if state.phase is OVER:
        return []
    if state.scenario in ASSAULTS:
        return assault_legal.legal_actions(state)
    return _LEGAL[state.phase](state)      # a Duel has only the Ogre's phases: they ask


def _legal_entry(s: GameState) -> list[Action]:
    if s.scenario in DUELS:
        return duel.legal_actions(s)
    ogres = s.ogres
    if len(ogres) == 1:
        return [Enter(h) for h in sorted(BOTTOM_ROW) if not s.board.is_crater(h) and not s.at(h)]
    taken = {o.hex for o in ogres if o.hex}          # T2: each Ogre enters on a hex of its own
    free = [h for h in sorted(BOTTOM_ROW)
            if not s.board.is_crater(h) and not s.at(h) and h not in taken]
    return [Enter(h, o.id) for o in ogres if not o.hex and not o.exited for h in free]


def _legal_ogre_move(s: GameState) -> list[Action]:
    if s.scenario in DUELS:
        return duel.legal_actions(s)
    out: list[Action] = []
    dogs = WATCHDOGS.get(s.scenario, ()) if len(s.ogres) > 1 else ()
    for o in s.ogres:
        if o.hex and o.id not in dogs:
            _one_ogres_moves(s, o, out, bool(dogs))
    out.append(DONE)
    return out


def _one_ogres_moves(s: GameState, o: Ogre, out: list[Action], watched: bool = False) -> None:
    oid = o.id
    left = o.moves_left
    if o.treads > 0 and left > 0:
        occupancy = (s._index or s.index()).occupancy
        if watched:                                   # the defense has an Ogre of its own
            watchdog.attacker_moves(s, o, out, _contact_allowed)
        else:
            _moves_of_reach(s, o, ogre_reach(s, left, o.hex), occupancy, out)
        under = occupancy.get(o.hex)
        if under and _contact_allowed(o, s, under):
            out.append(_move(oid, o.hex))
        if o.hex in BOTTOM_ROW:
            out.append(EXIT if oid == OGRE_ID else Exit(oid))
    if (o.hex != o.undo_hex or o.moved != o.undo_moved) and (
            len(s.ogres) == 1 or s.ogre_at(o.undo_hex) in (None, o)):
        out.append(_UNDOS.get(oid) or _undo(oid))


def _moves_of_reach(s: GameState, o: Ogre, reach: Reach, occupancy: dict[int, tuple[Piece, ...]],
                    out: list[Action]) -> None:
    """An attacking Ogre's moves within its reach: onto empty hexes, and the rams and overruns
    allowed (never onto a friend)."""
    oid = o.id
    key = id(reach) if oid == OGRE_ID else (id(reach), oid)
    known = _OGRE_MOVES.get(key)                  # the Move values, per (shared) reach
    if known is None or known[0] is not reach:
        if len(_OGRE_MOVES) > 4096:
            _OGRE_MOVES.clear()
        known = _OGRE_MOVES[key] = (reach, tuple([_move(oid, h) for h in reach]))
    friends = ([x.hex for x in s.ogres if x is not o and x.hex]   # never stopped on (M1)
               if len(s.ogres) > 1 else ())
    if occupancy.keys().isdisjoint(reach) and not friends:
        out.extend(known[1])
    else:
        for m in known[1]:
            occupants = occupancy.get(m.to)
            if m.to not in friends and (not occupants or _contact_allowed(o, s, occupants)):
                out.append(m)


def _contact_allowed(o: Ogre, s: GameState, occupants: tuple[Piece, ...]) -> bool:
    armor = [p for p in occupants if p.kind is not INFANTRY]
    if not armor:
        return True
    return o.rams < 2 and ram_tread_cost(armor[0], s.options) <= o.treads


def _legal_defender_move(s: GameState) -> list[Action]:
    if len(s.ogres) > 1:
        return _defender_moves_among_ogres(s)
    after = s._after
    if after is not None:
        spliced = _splice(s, after[0], after[1])
        if spliced is not None:
            return spliced
    idx = s._index or s.index()
    movers, occupancy = idx.movers, idx.occupancy
    ogre_hex = s.ogre.hex
    if movers is None:                                           # full_hexes, inlined
        full = {ogre_hex} if ogre_hex in occupancy else set()
    else:
        full = full_hexes(s)
    phase = s.phase
    gev_phase = phase is GEV_MOVE
    allowance = allowances(phase, s.options)    # 0 for what cannot move now (howitzers, ...)
    far_moves = s.board._moves_cache
    ogre_row = DISTANCE[ogre_hex] if ogre_hex else None
    undos = _UNDOS
    reaches: dict[int, MovesAndReach] = {}       # what check needs to pass these moves (game.py)
    out: list[Action] = []
    append, extend = out.append, out.extend
    for p in s.pieces:
        pid = p.id
        if p.hex != p.start or p.moved != p.base_moved:          # p.can_undo
            append(undos.get(pid) or _undo(pid))
        if movers is not None and pid not in movers:
            continue
        kind = p.kind
        if kind is INFANTRY and not gev_phase:
            here = occupancy[p.hex]
            if len(here) == 1:
                if p.squads >= 2 and p.hex != ogre_hex:
                    append(_SPLITS.get(pid) or _split(pid))
            elif len(here) == 2:                                 # M5: group with the other
                other = here[0] if here[1].id == pid else here[1]
                if other.kind is INFANTRY and p.squads + other.squads <= 3 and pid < other.id:
                    append(_GROUPS.get(pid) or _group(pid))
        left = allowance[kind] - p.moved
        if left <= 0 or p.disabled_turn:
            continue
        if ogre_row is None or ogre_row[p.hex] >= left:      # _moves_and_reach, inlined
            found = (far_moves.get((pid, p.hex, left, kind is INFANTRY))
                     or _moves_and_reach(s, p, left))
        else:
            found = _moves_and_reach(s, p, left)
        reaches[pid] = found
        if kind is CP:
            extend(_crawler_moves(found, full, ogre_hex))
        elif full and not found[1].isdisjoint(full):
            extend([m for m in found[0] if m.to not in full])
        else:
            extend(found[0])
    if movers is None and (not ogre_hex or ogre_hex not in occupancy or must_leave(s) is None):
        append(DONE)
    # The list is kept for the next state's splice, which never follows a crowded state.
    object.__setattr__(s, "_moves", (full, ogre_hex, reaches, () if movers else tuple(out)))
    return out


def _defender_moves_among_ogres(s: GameState) -> list[Action]:
    """The defense's move among several Ogres, made plainly: every Ogre's hex a place to ram or
    join, never a way through; M3 and M5 as with one Ogre."""
    idx = s._index or s.index()
    movers, occupancy = idx.movers, idx.occupancy
    dog_hexes = watchdog.watchdog_hexes(s)
    full = full_hexes(s) | dog_hexes                  # never onto the defense's own Ogre
    under_ogres = {o.hex for o in s.ogres if o.hex}
    gev_phase = s.phase is GEV_MOVE
    allowance = allowances(s.phase, s.options)
    out: list[Action] = []
    for p in s.pieces:
        pid = p.id
        if p.can_undo and p.start not in dog_hexes:
            out.append(_UNDOS.get(pid) or _undo(pid))
        if movers is not None and pid not in movers:
            continue
        here = occupancy[p.hex]
        if p.kind is INFANTRY and not gev_phase:
            if len(here) == 1 and p.squads >= 2 and p.hex not in under_ogres:
                out.append(_SPLITS.get(pid) or _split(pid))
            elif len(here) == 2 and all(q.kind is INFANTRY for q in here) and pid == min(
                    q.id for q in here) and sum(q.squads for q in here) <= 3:
                out.append(_GROUPS.get(pid) or _group(pid))
        left = allowance[p.kind] - p.moved
        if left > 0 and not p.disabled_turn:
            out += [_move(pid, h) for h in defender_reach(s, p, left)
                    if h not in full and not (p.kind is CP and h in under_ogres)]
    watchdog.watchdog_moves(s, out)
    if movers is None and must_leave(s) is None:
        out.append(DONE)
    return out


def note_move(before: GameState, after: GameState, p: Piece, to: int) -> GameState:
    """`after`, noted for legal_actions, when apply has just moved defender p to `to` (or undone
    its move). When that changed no other piece's actions - no stack before or after, p alone
    where it was and where it went, the Ogre's hex in neither - the next list is this one with
    p's actions made again (_splice)."""
    found = before._moves
    if found is not None:                # never among several Ogres: their list is not kept
        idx = before._index
        ogre_hex = before.ogres[0].hex
        if (idx is not None and idx.movers is None and to not in idx.occupancy
                and p.hex != ogre_hex and to != ogre_hex):
            object.__setattr__(after, "_after", (found, p.id))
    return after


def _splice(s: GameState, found: FoundMoves, pid: int) -> list[Action] | None:
    """The list of the state before (`found`) with piece pid's actions made again, in place;
    None when its actions cannot be found as one run (pieces not in id order)."""
    full, ogre_hex, reaches, listed = found
    end = len(listed) - (type(listed[-1]) is Done)
    start = bisect_left(listed, pid, 0, end, key=_PIECE)
    stop = bisect_right(listed, pid, start, end, key=_PIECE)
    if (start == stop or (start and _PIECE(listed[start - 1]) == pid)
            or _PIECE(listed[start]) != pid or _PIECE(listed[stop - 1]) != pid
            or (stop < end and _PIECE(listed[stop]) == pid)):
        return None
    p = s.known(pid)
    mine: list[Action] = []
    if p.hex != p.start or p.moved != p.base_moved:              # p.can_undo
        mine.append(_UNDOS.get(pid) or _undo(pid))
    phase = s.phase
    kind = p.kind
    if kind is INFANTRY and phase is not GEV_MOVE and p.squads >= 2:    # alone in its hex
        mine.append(_SPLITS.get(pid) or _split(pid))
    reaches = dict(reaches)
    left = allowances(phase, s.options)[kind] - p.moved
    if left > 0 and not p.disabled_turn:
        moves = reaches[pid] = _moves_and_reach(s, p, left)
        if kind is CP:
            mine.extend(_crawler_moves(moves, full, ogre_hex))
        else:
            mine.extend(moves[0] if not full or moves[1].isdisjoint(full)
                        else [m for m in moves[0] if m.to not in full])
    else:
        reaches.pop(pid, None)
    out = list(listed)
    out[start:stop] = mine
    object.__setattr__(s, "_moves", (full, ogre_hex, reaches, tuple(out)))
    return out


def _crawler_moves(found: MovesAndReach, full: set[int], ogre_hex: int) -> list[Move]:
    """A Command Crawler's moves (8.02): like armor's, but never onto the Ogre, which only armor
    may ram."""
    return [m for m in found[0] if m.to not in full and m.to != ogre_hex]


_PIECE = attrgetter("piece")     # every action of a defender move phase but Done names a piece


def defender_moves(s: GameState, p: Piece, left: int,
                   full: set[int]) -> Sequence[Move]:
    """Move(p, h) for every hex p can stop on, in reach order."""
    if len(s.ogres) > 1:
        return [_move(p.id, h) for h in defender_reach(s, p, left) if h not in full]
    moves, reach_hexes, _ = _moves_and_reach(s, p, left)
    if reach_hexes.isdisjoint(full):
        return moves
    return [m for m in moves if m.to not in full]


def _moves_and_reach(s: GameState, p: Piece, left: int) -> MovesAndReach:
    """(Move values, reach.keys(), reach) for p with `left` move points, kept on the board:
    far from the Ogre the terrain alone decides; beside it its hex is part of the key."""
    board = s.board
    ogre_hex = s.ogre.hex
    crosses = p.kind is INFANTRY
    key: ReachKey
    if not ogre_hex or DISTANCE[p.hex][ogre_hex] >= left:
        cache = board._moves_cache
        key = (p.id, p.hex, left, crosses)
        ogre_hex = 0
    else:
        cache = board._near_moves_cache
        key = (p.id, p.hex, left, crosses, ogre_hex)
        if len(cache) > NEAR_MOVES_SIZE:
            cache.clear()
    found = cache.get(key)
    if found is None:
        reach = _shared_reach(board, p.hex, left, crosses, ogre_hex)
        pid = p.id
        found = cache[key] = (tuple([_move(pid, h) for h in reach]), reach.keys(), reach)
    return found


def _shared_reach(board: Board, start: int, budget: int, crosses: bool, ogre_hex: int) -> Reach:
    """movement.defender_reach's cached answer, found by its key."""
    key: ReachKey
    if ogre_hex:
        cache, key = board._near_cache, (start, budget, crosses, ogre_hex)
    else:
        cache, key = board._reach_cache, (start, budget, crosses)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _reach(board, start, budget, crosses, (ogre_hex,))
    return found


# Actions are immutable values: legal_actions hands out shared ones, made once.
_MOVES: dict[tuple[int, int], Move] = {}
_AIMS: dict[tuple[int, Weapon] | tuple[int, Weapon, int], Aim] = {}
_OGRE_AIMS: dict[tuple[int, Counts] | tuple[int, Counts, int], OgreAim] = {}
_UNDOS: dict[int, Undo] = {}
_SPLITS: dict[int, Split] = {}
_GROUPS: dict[int, Group] = {}
_OGRE_MOVES: dict[int | tuple[int, int], tuple[Reach, tuple[Move, ...]]] = {}


def _move(pid: int, h: int) -> Move:
    """Move values are immutable, so legal_actions hands out shared ones (it makes many)."""
    m = _MOVES.get((pid, h))
    if m is None:
        m = _MOVES[(pid, h)] = Move(pid, h)
    return m


def _undo(pid: int) -> Undo:
    u = _UNDOS.get(pid)
    if u is None:
        u = _UNDOS[pid] = Undo(pid)
    return u


def _split(pid: int) -> Split:
    u = _SPLITS.get(pid)
    if u is None:
        u = _SPLITS[pid] = Split(pid)
    return u


def _group(pid: int) -> Group:
    u = _GROUPS.get(pid)
    if u is None:
        u = _GROUPS[pid] = Group(pid)
    return u


DONE, EXIT, CLEAR_FIRE = Done(), Exit(), (Clear(), Fire())


def _free(weapons: Counts, fired: Counts, current: Counts) -> tuple[tuple[int, int, Counts], ...]:
    """Weapons that may still fire beside what is aimed (missiles are spent, not "fired"):
    (index, range, the counts an OgreAim adding one of them would carry), kept per counts."""
    free = tuple([(i, W_RANGE[i], counts(n + (j == i) for j, n in enumerate(current)))
                  for i in range(4)
                  if weapons[i] - (0 if i == 0 else fired[i]) > current[i]])
    if len(_FREE) > 20_000:
        _FREE.clear()
    _FREE[(weapons, fired, current)] = free
    return free


def _parts(o: Ogre) -> tuple[Weapon, ...]:
    """The Ogre's parts the defence may aim at: intact weapons, and the treads while any."""
    parts = tuple([w for w in (*WEAPONS, TREADS) if o.intact(w) > 0])
    _PARTS[(o.weapons, o.treads > 0)] = parts
    return parts


_FREE: dict[tuple[Counts, Counts, Counts], tuple[tuple[int, int, Counts], ...]] = {}
_PARTS: dict[tuple[Counts, bool], tuple[Weapon, ...]] = {}     # a few hundred at most


def _legal_ogre_fire(s: GameState) -> list[Action]:
    if s.scenario in DUELS:
        return duel.legal_actions(s)
    if len(s.ogres) > 1 and s.scenario in WATCHDOGS:
        return _fire_with_watchdogs(s, _one_ogres_aims, watchdog.aims_at_watchdogs)
    return _fire_phase(s, _one_ogres_aims)


def _legal_defense_fire(s: GameState) -> list[Action]:
    if len(s.ogres) > 1 and s.scenario in WATCHDOGS:
        return _fire_with_watchdogs(s, _aims_at_one_ogre, None)
    return _fire_phase(s, _aims_at_one_ogre)


def _fire_with_watchdogs(s: GameState, aims: Callable[[GameState, Ogre, list[Action]], None],
                         at_dogs: Callable[[GameState, Ogre], list[OgreAim]] | None
                         ) -> list[Action]:
    """A fire phase where the defense has an Ogre: the attackers' aims at defenders (or the
    units' at the attackers), the aims at an Ogre's part (the attackers' at the defense's
    Ogre, or its at them), then Clear and Fire when something is aimed, and Done."""
    out: list[Action] = []
    aim = s.aim
    plain = aim is None or (aim.part is None if at_dogs else bool(aim.attackers))
    for o in watchdog.attackers(s):
        if plain and (aim is None or aim.ogre == o.id):
            aims(s, o, out)
        if at_dogs is not None:
            out += at_dogs(s, o)
    if at_dogs is None:
        out += watchdog.watchdog_aims(s)
    if aim is not None:
        out += CLEAR_FIRE
    out.append(DONE)
    return out


def _fire_phase(s: GameState, aims: Callable[[GameState, Ogre, list[Action]], None]
                ) -> list[Action]:
    """A fire phase's list: the aims of (or at) each Ogre, one Ogre's once something is aimed,
    then Clear and Fire when it is, and Done."""
    out: list[Action] = []
    aim = s.aim
    for o in s.ogres:
        if aim is None or aim.ogre == o.id:
            aims(s, o, out)
    if aim is not None:
        out += CLEAR_FIRE
    out.append(DONE)
    return out


def _one_ogres_aims(s: GameState, o: Ogre, out: list[Action]) -> None:
    aim, oid = s.aim, o.id
    if o.on_map:
        current = aim.weapons if aim is not None else (0, 0, 0, 0)
        targets = (s.known(aim.target),) if aim is not None else s.pieces
        weapons, fired, ap_hit = o.weapons, o.fired, s.ap_hit
        free = _FREE.get((weapons, fired, current))
        if free is None:
            free = _free(weapons, fired, current)
        if free:
            row = DISTANCE[o.hex]
            for t in targets:
                d = row[t.hex]
                if d > MAX_RANGE:
                    continue
                for i, reach, aimed in free:
                    if d > reach:
                        continue
                    if i == 3 and (t.kind not in SOFT or t.id in ap_hit):
                        continue
                    key = (t.id, aimed) if oid == OGRE_ID else (t.id, aimed, oid)
                    shot = _OGRE_AIMS.get(key)
                    if shot is None:
                        if len(_OGRE_AIMS) > 50_000:        # Mark V counts: many combinations
                            _OGRE_AIMS.clear()
                        shot = _OGRE_AIMS[key] = OgreAim(t.id, aimed, oid)
                    out.append(shot)


def _aims_at_one_ogre(s: GameState, o: Ogre, out: list[Action]) -> None:
    aim, oid = s.aim, o.id
    if o.on_map:
        parts: tuple[Weapon, ...]
        if aim is not None:
            assert aim.part is not None          # a defence aim is at a part of the Ogre
            parts = (aim.part,)
            aimed: dict[int, int] = {}
            for pid in aim.attackers:
                aimed[pid] = aimed.get(pid, 0) + 1
        else:
            parts = _PARTS.get((o.weapons, o.treads > 0)) or _parts(o)
            aimed = {}
        squads_only = None      # C7: treads are fired on by infantry alone (asked when needed)
        row = DISTANCE[o.hex]
        for p in s.pieces:
            kind = p.kind
            if kind is CP or p.disabled_turn > 0 or row[p.hex] > RANGE[kind]:
                continue
            if p.fired + aimed.get(p.id, 0) >= p.squads:
                continue
            for part in parts:
                if part is TREADS and aim is not None:
                    if kind is not INFANTRY:
                        continue
                    if squads_only is None:
                        squads_only = all(s.known(q).kind is INFANTRY for q in aim.attackers)
                    if not squads_only:
                        continue
                key = (p.id, part) if oid == OGRE_ID else (p.id, part, oid)
                shot = _AIMS.get(key)
                if shot is None:
                    shot = _AIMS[key] = Aim(p.id, part, oid)
                out.append(shot)


def _nothing(s: GameState) -> list[Action]:
    return []


_LEGAL = {
    OGRE_ENTRY: _legal_entry,
    OGRE_MOVE: _legal_ogre_move,
    OGRE_FIRE: _legal_ogre_fire,
    DEFENSE_MOVE: _legal_defender_move,
    DEFENSE_FIRE: _legal_defense_fire,
    GEV_MOVE: _legal_defender_move,
    ATTACK_GEV_MOVE: _nothing,          # an attacking force's (rules.assault): none here
}
