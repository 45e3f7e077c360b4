"""Mines (8.03): where a defender may lay them, the way a move takes past them, and a unit
entering a mined hex.

A move names only where it ends. The hexes it enters on the way are those of the shortest way
there that passes the fewest found mines (then the lowest hex numbers): every unit steers round
the mines both sides know of, and none round a mine only the defense knows, for a counter moved
round an empty hex at the table would show where one lies. So both sides can tell every way from
what both see (as a network guest must), and the defense's own units risk its own mines.

Each mined hex entered rolls a die: an Ogre sets the mine off on 5 or 6 and loses a die's worth
of treads; any other unit on a 6, destroyed if armor, a squad lost if infantry. A mine that goes
off is gone; one that does not stays, and is known to both sides from then on. The move itself
stands as made.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from .actions import Action, Enter, Move
from .dice import roll
from .events import Event, Verdict
from .fire import hit_unit
from .hexes import ALL_HEXES
from .options import MOST_MINES
from .state import GameState, evolve, evolve_ogre
from .units import INFANTRY, OGRE_ID, is_ogre_id

OGRE_SETS_OFF = 5          # an Ogre sets a mine off on 5 or 6
UNIT_SETS_OFF = 6          # any other unit on a 6
LONGEST_WAY = 12           # no move is longer; a bound on the search
_ON_MAP = frozenset(ALL_HEXES)


def mines_problem(craters: Iterable[int], mines: Iterable[int]) -> str | None:
    """Why these mines cannot be laid on a board with these craters, or None: each on the map,
    none in a crater, one to a hex, no more than a file may hold."""
    laid = list(mines)
    if len(laid) > MOST_MINES:
        return f"a defense lays at most {MOST_MINES} mines, not {len(laid)}"
    if len(set(laid)) != len(laid):
        return "two mines lie in one hex"
    holes = set(craters)
    for h in laid:
        if h not in _ON_MAP:
            return f"a mine lies off the map ({h})"
        if h in holes:
            return f"a mine lies in a crater ({h:04d})"
    return None


def way(s: GameState, mover: int, start: int, to: int, knows: frozenset[int]) -> tuple[int, ...]:
    """The hexes a move of `mover` from `start` to `to` enters, in order, `to` last: the
    shortest way it may take, passing as few of the mines in `knows` as it can."""
    if not start:
        return (to,)                                        # an Ogre entering the map
    ogre = is_ogre_id(mover)
    crosses = ogre or s.known(mover).kind is INFANTRY
    blocked = ({p.hex for p in s.pieces} if ogre else set()) | {o.hex for o in s.ogres if o.hex}
    steps = s.board.steps
    best: dict[int, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    seen = {start}
    frontier = [start]
    for _ in range(LONGEST_WAY):
        reached: dict[int, tuple[int, tuple[int, ...]]] = {}
        for h in frontier:
            if h != start and h in blocked:
                continue                                    # a way's end, never a way through
            mines, path = best[h]
            for n in steps(h, crosses):
                if n in seen:
                    continue
                here = (mines + (n in knows), path + (n,))
                if n not in reached or here < reached[n]:
                    reached[n] = here
        if to in reached:
            return reached[to][1]
        if not reached:
            break
        best.update(reached)
        seen.update(reached)
        frontier = sorted(reached)
    return (to,)


def entered(s: GameState, a: Action, v: Verdict) -> tuple[int, ...]:
    """The hexes this action (passed by check) enters, where a mine is rolled for: an Ogre's
    hex of entry, a move's way; a ram of or by an Ogre enters nowhere."""
    if type(a) is Enter:
        return (a.to,)
    if type(a) is not Move or v.kind == "ram_ogre":
        return ()
    mover = a.piece
    start = s.known_ogre(mover).hex if mover <= OGRE_ID else s.known(mover).hex
    return way(s, mover, start, a.to, s.secrets.found)


def enter(s: GameState, mover: int, hexes: Iterable[int], ev: list[Event]) -> GameState:
    """The mover has entered these hexes, in order: a die for each mine among them."""
    for h in hexes:
        if h not in s.secrets.mines:
            continue
        s = _tread_on(s, mover, h, ev)
        if (s.ogre_unit(mover) if is_ogre_id(mover) else s.piece(mover)) is None:
            break
    return s


def no_undo_past(s: GameState, mover: int) -> GameState:
    """An Ogre's move that was rolled for a mine cannot be undone, as a ram cannot (M4), or
    Undo would let it feel for mines and step back. The defense knows its own: its Undo stays."""
    o = s.ogre_unit(mover) if is_ogre_id(mover) else None
    return s if o is None else evolve(s, ogre=evolve_ogre(o, undo_hex=o.hex, undo_moved=o.moved))


def _tread_on(s: GameState, mover: int, h: int, ev: list[Event]) -> GameState:
    die, rng = roll(s.rng)
    s = evolve(s, rng=rng)
    o = s.ogre_unit(mover) if is_ogre_id(mover) else None
    p = None if o is not None else s.known(mover)
    goes_off = die >= (OGRE_SETS_OFF if o is not None else UNIT_SETS_OFF)
    sheet = s.secrets
    if not goes_off:
        s = replace(s, secrets=replace(sheet, found=sheet.found | {h}))
        name = o.name if o is not None else p.name if p is not None else ""
        ev.append(Event("mine", f"A mine at {h:04d}: {name} passes, it does not go off",
                        mover, h, die=die, result="no effect"))
        return s
    s = replace(s, secrets=replace(sheet, mines=sheet.mines - {h}, found=sheet.found - {h}))
    if o is not None:
        lost_die, rng = roll(s.rng)
        lost = min(lost_die, o.treads)
        s = evolve(s, rng=rng, ogre=evolve_ogre(o, treads=o.treads - lost))
        ev.append(Event("mine", f"{o.name} sets off a mine at {h:04d}: {lost} treads", mover, h,
                        die=die, result=f"{lost} treads", treads_lost=lost))
        return s
    assert p is not None
    s, word = hit_unit(s, p, "D" if p.kind is INFANTRY else "X")
    ev.append(Event("mine", f"{p.name} sets off a mine at {h:04d}: {word}", mover, h, die=die,
                    result=word))
    return s
