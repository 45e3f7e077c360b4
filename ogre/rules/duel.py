"""The Duel (pocket edition 9.04): Ogres only, each its own side, no Command Post. check,
legal_actions and apply hand a Duel's state here; the 1986 battles never come.

The seed says only that a unit may leave the map and never re-enter, and that the object is to
survive and hold the field. Our rulings where it is silent (docs/features.md, X15):
- the Ogres take their turns in order (O, O2, O3...): each its own movement, then its fire;
- on turn 1 each enters at an edge of its own: the first at the bottom row, as the 1986 Ogre
  does, the second at the top row, a third at the left column, a fourth at the right;
- an Ogre on any edge hex may leave (a move point); it survives, but holds no field;
- moving onto an enemy's hex rams it (5.03.4, 5.03.5, rules.rams) from the hex before, where
  the rammer stops; an enemy's hex is never a way through;
- an Ogre fires on an enemy's weapons and treads as the defense does (6.11): weapons combined
  on a weapon, one at a time on the treads at 1-1 (6.11.2); antipersonnel hurt no Ogre;
- under a Time Limit (7.02) a Duel still going after its last turn is held by no Ogre;
- the battle ends when one Ogre or none is left in the fight (still to enter, or on the map with
  treads or a weapon that hurts an Ogre), or when none of those left can ever harm another (no
  gun it can bring to bear, no ram on treads). The one left holds the field; otherwise no Ogre
  does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .actions import Action, Aim, Clear, Done, Enter, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .enemy_ogres import (
    GUNS,
    aims_at,
    can_hurt,
    check_aim_at_ogre,
    check_ram,
    check_step,
    may_ram,
    ram,
    reach_past,
)
from .errors import RuleError
from .events import Event, Verdict, shared_verdict
from .fire import ogre_fires_at_ogre
from .hexes import BOTTOM_ROW, COLUMNS, hex_id, on_map, rows_in_column
from .scenarios import DUELS, duellist_name
from .state import (
    OGRE_ENTRY,
    OGRE_FIRE,
    OGRE_ID,
    OGRE_MOVE,
    OVER,
    Aiming,
    GameState,
    Ogre,
    evolve,
    evolve_ogre,
)
from .units import Counts, counts

TOP_ROW = frozenset(hex_id(c, 1) for c in range(1, COLUMNS + 1))
LEFT_COLUMN = frozenset(hex_id(1, r) for r in range(1, rows_in_column(1) + 1))
RIGHT_COLUMN = frozenset(hex_id(COLUMNS, r) for r in range(1, rows_in_column(COLUMNS) + 1))
ENTRY_EDGES = (BOTTOM_ROW, TOP_ROW, LEFT_COLUMN, RIGHT_COLUMN)   # by the Ogre's place in turn
EDGE_NAMES = ("bottom row", "top row", "left edge", "right edge")  # the same, as words
EDGE = BOTTOM_ROW | TOP_ROW | LEFT_COLUMN | RIGHT_COLUMN
NOBODY = "No Ogre Holds the Field"
_NO_AIM: Counts = (0, 0, 0, 0)


def is_duel(s: GameState) -> bool:
    return s.scenario in DUELS


def holds_the_field(o: Ogre) -> str:
    """The result of a Duel won by `o`."""
    return f"{duellist_name(o.id)} Holds the Field"


DUEL_RESULTS = (*(f"Ogre {n} Holds the Field" for n in range(1, 10)), NOBODY)


def entry_edge(oid: int) -> frozenset[int]:
    """The hexes an Ogre enters on, by its place in the turn."""
    return ENTRY_EDGES[(OGRE_ID - oid) % len(ENTRY_EDGES)]


def in_the_fight(o: Ogre) -> bool:
    """Still in the Duel: not gone, and to enter or able to move or to hurt an Ogre."""
    return not o.exited and (not o.on_map or o.treads > 0 or any(o.weapons[i] for i in GUNS))


def duellist(s: GameState) -> Ogre:
    """The Ogre whose phases these are."""
    return s.known_ogre(s.duellist)


def enemies(s: GameState, o: Ogre) -> list[Ogre]:
    """The other Ogres on the map: in a Duel every other Ogre is an enemy."""
    return [x for x in s.ogres if x.id != o.id and x.on_map]


def reach(s: GameState, o: Ogre) -> dict[int, int]:
    """Hexes `o` can move onto this phase, with their cost: empty ones, and an enemy's to ram."""
    return reach_past(s, o, {x.hex for x in enemies(s, o)})


# ---------------------------------------------------------------- check

def _err(code: str, detail: str = "") -> RuleError:
    return RuleError(code, detail)


def check(s: GameState, action: Action) -> Verdict:
    """What `action` would do in a Duel, or RuleError."""
    handler = _CHECKS.get(type(action))
    if handler is None:
        raise _err("bad_action", repr(action))
    verdict: Verdict = handler(s, action)
    return verdict


def _own_ogre(s: GameState, oid: Any) -> Ogre:
    if oid != s.duellist:
        raise _err("move_a_piece", "another Ogre's turn")
    return duellist(s)


def _check_enter(s: GameState, a: Enter) -> Verdict:
    if s.phase is not OGRE_ENTRY:
        raise _err("move_a_piece", "the Ogre is already on the map")
    _own_ogre(s, a.piece)
    if type(a.to) is not int or not on_map(a.to):
        raise _err("off_map")
    if a.to not in entry_edge(a.piece):
        raise _err("entry_edge")
    if s.board.is_crater(a.to):
        raise _err("entry_crater")
    if s.ogre_at(a.to) is not None:
        raise _err("hex_full")
    return shared_verdict("enter", 1)


def _check_move(s: GameState, a: Move) -> Verdict:
    if s.phase is OGRE_ENTRY:
        raise _err("entry_edge")
    if s.phase is not OGRE_MOVE:
        raise _err("cannot_move")
    o = _own_ogre(s, a.piece)
    check_step(s, o, a.to)
    cost = reach(s, o).get(a.to)
    if cost is None:
        raise _err("no_path")
    rammed = s.ogre_at(a.to)
    if rammed is None:
        return shared_verdict("move", cost)
    return check_ram(o, rammed, cost)


def _check_undo(s: GameState, a: Undo) -> Verdict:
    if s.phase is not OGRE_MOVE:
        raise _err("move_a_piece")
    o = _own_ogre(s, a.piece)
    if o.hex == o.undo_hex and o.moved == o.undo_moved:
        raise _err("move_a_piece", "nothing to undo")
    return shared_verdict("undo")


def _check_exit(s: GameState, a: Exit) -> Verdict:
    if s.phase is not OGRE_MOVE:
        raise _err("off_map")
    o = _own_ogre(s, a.piece)
    if o.hex not in EDGE or o.moves_left < 1:
        raise _err("off_map")
    return shared_verdict("exit", 1, 0, True)


def _check_ogre_aim(s: GameState, a: OgreAim) -> Verdict:
    if s.phase is not OGRE_FIRE or a.ogre != s.duellist:
        raise _err("no_attacker")
    o = duellist(s)
    target = s.ogre_unit(a.target) if type(a.target) is int else None
    return check_aim_at_ogre(s, a, o, target)


def _check_clear_or_fire(s: GameState, a: Clear | Fire) -> Verdict:
    if s.phase is not OGRE_FIRE or s.aim is None:
        raise _err("no_attacker")
    return shared_verdict("clear" if isinstance(a, Clear) else "fire")


def _check_done(s: GameState, a: Done) -> Verdict:
    if s.phase is OGRE_ENTRY:
        raise _err("entry_edge")
    return shared_verdict("done")


def _refuse_aim(s: GameState, a: Aim) -> Verdict:
    raise _err("no_attacker")


def _refuse_infantry(s: GameState, a: Group | Split) -> Verdict:
    raise _err("move_a_piece")


_CHECKS: dict[type, Callable[[GameState, Any], Verdict]] = {
    Enter: _check_enter, Move: _check_move, Undo: _check_undo, Exit: _check_exit,
    OgreAim: _check_ogre_aim, Clear: _check_clear_or_fire, Fire: _check_clear_or_fire,
    Done: _check_done, Aim: _refuse_aim, Group: _refuse_infantry, Split: _refuse_infantry,
}


# ---------------------------------------------------------------- legal_actions

def legal_actions(s: GameState) -> list[Action]:
    """Every action check accepts in a Duel now."""
    if s.phase is OVER:
        return []
    o = duellist(s)
    if s.phase is OGRE_ENTRY:
        taken = {x.hex for x in s.ogres}
        return [Enter(h, o.id) for h in sorted(entry_edge(o.id))
                if not s.board.is_crater(h) and h not in taken]
    out: list[Action] = []
    if s.phase is OGRE_MOVE:
        _moves(s, o, out)
    else:
        _aims(s, o, out)
    out.append(Done())
    return out


def _moves(s: GameState, o: Ogre, out: list[Action]) -> None:
    if o.treads > 0 and o.moves_left > 0:
        for h in reach(s, o):
            rammed = s.ogre_at(h)
            if rammed is None or may_ram(o, rammed):
                out.append(Move(o.id, h))
        if o.hex in EDGE:
            out.append(Exit(o.id))
    if o.hex != o.undo_hex or o.moved != o.undo_moved:
        out.append(Undo(o.id))


def _aims(s: GameState, o: Ogre, out: list[Action]) -> None:
    out += aims_at(s, o, enemies(s, o))
    if s.aim is not None:
        out += [Clear(), Fire()]


# ---------------------------------------------------------------- apply

def play(s: GameState, a: Action, v: Verdict, ev: list[Event]) -> GameState:
    """Apply an action check accepted in a Duel; the end is settled by the caller. An Ogre
    that leaves the map or the fight in its own turn ends that turn."""
    s = _APPLY[type(a)](s, a, v, ev)
    if in_the_fight(duellist(s)) or sum(in_the_fight(o) for o in s.ogres) < 2:
        return s
    return next_duellist(s, ev)


def _apply_enter(s: GameState, a: Enter, v: Verdict, ev: list[Event]) -> GameState:
    o = evolve_ogre(duellist(s), hex=a.to, moved=1, undo_hex=a.to, undo_moved=1, rams=0)
    ev.append(Event("enter", f"{duellist_name(o.id)} enters at {a.to:04d}", o.id, a.to))
    return _phase(evolve(s, ogre=o), OGRE_MOVE, ev)


def _apply_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    o = duellist(s)
    if v.kind == "move":
        o = evolve_ogre(o, hex=a.to, moved=o.moved + v.cost)
        ev.append(Event("move", f"{duellist_name(o.id)} to {a.to:04d}", o.id, a.to))
        return evolve(s, ogre=o)
    return ram(s, o, s.known_ogre(v.target), a.to, v.cost, reach(s, o), ev)


def _apply_undo(s: GameState, a: Undo, v: Verdict, ev: list[Event]) -> GameState:
    o = duellist(s)
    o = evolve_ogre(o, hex=o.undo_hex, moved=o.undo_moved)
    ev.append(Event("undo", f"{duellist_name(o.id)} move undone", o.id, o.hex))
    return evolve(s, ogre=o)


def _apply_exit(s: GameState, a: Exit, v: Verdict, ev: list[Event]) -> GameState:
    o = duellist(s)
    o = evolve_ogre(o, hex=0, exited=True, moved=o.moved + 1)
    ev.append(Event("exit", f"{duellist_name(o.id)} leaves the map", o.id))
    return evolve(s, ogre=o)


def _apply_ogre_aim(s: GameState, a: OgreAim, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=Aiming(target=a.target, weapons=counts(a.weapons), part=a.part,
                                ogre=a.ogre))


def _apply_clear(s: GameState, a: Clear, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=None)


def _apply_fire(s: GameState, a: Fire, v: Verdict, ev: list[Event]) -> GameState:
    return ogre_fires_at_ogre(s, ev)


def _apply_done(s: GameState, a: Done, v: Verdict, ev: list[Event]) -> GameState:
    if s.phase is OGRE_MOVE:
        o = duellist(s)
        return _phase(evolve(s, ogre=evolve_ogre(o, fired=_NO_AIM), aim=None), OGRE_FIRE, ev)
    return next_duellist(s, ev)


def next_duellist(s: GameState, ev: list[Event]) -> GameState:
    """After an Ogre's fire: the next Ogre in the fight takes its turn, or a new turn begins
    with the first, every Ogre's move fresh."""
    order = [o.id for o in s.ogres]
    later = order[order.index(s.duellist) + 1:]
    for o in s.ogres:
        if o.id in later and in_the_fight(o):
            s = evolve(s, aim=None)
            return _turn_of(s, o, ev)
    limit = s.options.time_limit
    if limit and s.turn >= limit:               # 7.02: the last turn is played
        ev.append(Event("time_up", f"Time is up after turn {s.turn}"))
        return evolve(s, phase=OVER, result=NOBODY, aim=None)
    s = evolve(s, turn=s.turn + 1, aim=None)
    for o in s.ogres:
        s = evolve(s, ogre=evolve_ogre(o, moved=0, rams=0, undo_hex=o.hex, undo_moved=0))
    first = next(o for o in s.ogres if in_the_fight(o))    # the battle ended if none were
    return _turn_of(s, first, ev)


def _turn_of(s: GameState, o: Ogre, ev: list[Event]) -> GameState:
    s = replace(s, duellist=o.id)
    return _phase(s, OGRE_MOVE if o.on_map else OGRE_ENTRY, ev)


def _phase(s: GameState, phase: Any, ev: list[Event]) -> GameState:
    words = {OGRE_ENTRY: "Entry", OGRE_MOVE: "Movement", OGRE_FIRE: "Attack"}[phase]
    ev.append(Event("phase", f"{duellist_name(duellist(s).id)} {words}"))
    return evolve(s, phase=phase)


_APPLY: dict[type, Callable[[GameState, Any, Verdict, list[Event]], GameState]] = {
    Enter: _apply_enter, Move: _apply_move, Undo: _apply_undo, Exit: _apply_exit,
    OgreAim: _apply_ogre_aim, Clear: _apply_clear, Fire: _apply_fire, Done: _apply_done,
}


# ---------------------------------------------------------------- the end

def duel_level(s: GameState) -> str:
    """The Duel's result if it is over now, else ''."""
    left = [o for o in s.ogres if in_the_fight(o)]
    if len(left) > 1 and any(can_hurt(a, b) for a in left for b in left if a is not b):
        return ""
    return holds_the_field(left[0]) if len(left) == 1 else NOBODY
