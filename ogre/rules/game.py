"""The rules engine's three calls: legal_actions, check, apply.

    verdict = check(state, action)        # raises RuleError with the 1986 message
    state, events = apply(state, action)  # a new state; the old one is untouched

legal_actions lives in legal.py, fire in fire.py, Verdict and Event in events.py and the victory
levels in victory.py; all are re-exported here.
Every refusal happens in `check`, before anything changes, so a refused action
leaves the state exactly as it was.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from .actions import Action, Aim, Clear, Done, Enter, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .dice import roll
from .errors import RuleError
from .events import Event, Verdict, shared_verdict
from .fire import aim_attack, aim_kill_probability, defenders_fire, lose_squad, ogre_fires
from .hexes import BOTTOM_ROW, distance, on_map
from .legal import (
    legal_actions,
    must_leave,
    note_move,
    ogre_weapon_reaches,
    ram_tread_cost,
    stack_movers,
)
from .movement import defender_allowance, defender_reach, ogre_reach
from .state import (
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    FIRE_PHASES,
    GEV_MOVE,
    MOVE_PHASES,
    OGRE_ENTRY,
    OGRE_FIRE,
    OGRE_ID,
    OGRE_MOVE,
    OGRE_PHASES,
    OVER,
    Aiming,
    GameState,
    Piece,
    evolve,
    evolve_ogre,
    evolve_piece,
    piece_start,
)
from .units import CP, GEV, HOWITZER, INFANTRY, TREADS, WEAPON_STATS, WEAPONS, Kind, Weapon, counts
from .victory import (
    COMPLETE_DEFENSE,
    COMPLETE_OGRE,
    DEFENSE_VICTORY,
    MARGINAL_DEFENSE,
    MARGINAL_OGRE,
    OGRE_VICTORY,
    OGRE_WINS,
    VICTORY_LEVELS,
    out_of_the_fight,
    victory_level,
)

__all__ = [     # the engine's calls, and what it re-exports from legal, fire, events and victory
    "check", "apply", "legal_actions", "must_leave", "ogre_weapon_reaches", "ram_tread_cost",
    "aim_attack", "aim_kill_probability", "Event", "Verdict", "VICTORY_LEVELS", "OGRE_WINS",
    "COMPLETE_OGRE", "OGRE_VICTORY", "MARGINAL_OGRE", "MARGINAL_DEFENSE", "DEFENSE_VICTORY",
    "COMPLETE_DEFENSE", "victory_level", "out_of_the_fight",
]

W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)


def _err(code: str, detail: str = "") -> RuleError:
    return RuleError(code, detail)


def check(state: GameState, action: Action) -> Verdict:
    """Say what `action` would do, or raise RuleError with the 1986 message."""
    if state.phase is OVER:
        raise _err("game_over")
    handler = _CHECKS.get(type(action))
    if handler is None:
        raise _err("bad_action", repr(action))
    try:
        return handler(state, action)
    except RuleError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        # A malformed action (a hex or count that is not an int, ...) is refused like any other.
        raise _err("bad_action", repr(action)) from None


def _check_enter(s: GameState, a: Enter) -> Verdict:
    if s.phase is not OGRE_ENTRY:
        raise _err("move_a_piece", "the Ogre is already on the map")
    if not on_map(a.to):
        raise _err("off_map")
    if a.to not in BOTTOM_ROW:
        raise _err("entry_row")
    if s.board.is_crater(a.to):
        raise _err("entry_crater")
    if s.at(a.to):
        raise _err("hex_full")
    return shared_verdict("enter", 1)


def _check_move(s: GameState, a: Move) -> Verdict:
    if s.phase is OGRE_ENTRY:
        raise _err("entry_row")
    if a.piece == OGRE_ID:
        return _check_ogre_move(s, a)
    return _check_defender_move(s, a)


def _check_ogre_move(s: GameState, a: Move) -> Verdict:
    o = s.ogre
    if s.phase is not OGRE_MOVE:
        raise _err("move_a_piece" if s.phase not in OGRE_PHASES else "cannot_move")
    if o.treads <= 0:
        raise _err("no_treads")
    left = o.moves_left
    if left <= 0:
        raise _err("has_moved")
    if not on_map(a.to):
        raise _err("off_map")
    if a.to == o.hex:
        under = s.at(o.hex)
        if not under:
            raise _err("move_a_piece", "the Ogre is already there")
        return _ogre_contact(s, under, cost=1)   # stay and ram or overrun again
    if s.board.is_crater(a.to):
        raise _err("crater")
    if distance(o.hex, a.to) > left:
        raise _err("too_far")
    cost = ogre_reach(s, left).get(a.to)
    if cost is None:
        raise _err("no_path")
    occupants = s.at(a.to)
    if not occupants:
        return shared_verdict("move", cost)
    return _ogre_contact(s, occupants, cost)


def _ogre_contact(s: GameState, occupants: tuple[Piece, ...], cost: int) -> Verdict:
    """The Ogre moving onto defenders: a ram for armor and the CP (M7), an overrun for infantry
    (M8)."""
    armor = [p for p in occupants if p.kind is not INFANTRY]
    if not armor:
        return shared_verdict("overrun", cost, occupants[0].id, True)
    victim = armor[0]
    if s.ogre.rams >= 2:
        raise _err("two_rams")
    if ram_tread_cost(victim) > s.ogre.treads:
        raise _err("ram_treads")
    return shared_verdict("ram", cost, victim.id, True)


def _movable_defender(s: GameState, pid: int) -> Piece:
    """The piece a defender move or undo names, or the 1986 refusal."""
    if s.phase not in (DEFENSE_MOVE, GEV_MOVE):
        raise _err("move_a_piece" if s.phase in OGRE_PHASES else "cannot_move")
    p = s.piece(pid)
    if p is None:
        raise _err("move_a_piece")
    return p


def _listed_move(s: GameState, a: Move) -> int:
    """The cost of a defender's move if legal_actions listed it in this state (it leaves its
    notes on the state), else 0: such a move passes check as it is."""
    assert s._moves is not None             # the callers ask only when legal_actions left notes
    full, _, reaches, _ = s._moves
    try:
        found = reaches.get(a.piece)                  # (Move values, reach keys, reach)
        cost = found[2].get(a.to, 0) if found is not None else 0
    except TypeError:
        return 0
    return cost if cost and a.to not in full else 0


def _check_defender_move(s: GameState, a: Move) -> Verdict:
    if s._moves is not None:
        listed = _listed_move(s, a)
        if listed:
            if a.to != s.ogre.hex:
                return shared_verdict("move", listed)
            if s.known(a.piece).kind is INFANTRY:
                return shared_verdict("join_ogre", listed)
            return shared_verdict("ram_ogre", listed, 0, True)
    p = _movable_defender(s, a.piece)
    movers = stack_movers(s)
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if p.kind in (CP, HOWITZER) or (s.phase is GEV_MOVE and p.kind is not GEV):
        raise _err("cannot_move")
    if p.disabled:
        raise _err("disabled_move")
    left = defender_allowance(p, s.phase) - p.moved
    if left <= 0:
        raise _err("has_moved")
    if not on_map(a.to):
        raise _err("off_map")
    if a.to == p.hex:
        raise _err("move_a_piece", "the piece is already there")
    if s.board.is_crater(a.to):
        raise _err("crater")
    if distance(p.hex, a.to) > left:
        raise _err("too_far")
    cost = defender_reach(s, p, left).get(a.to)
    if cost is None:
        raise _err("no_path")
    others = [q for q in s.at(a.to) if q.id != p.id]
    if a.to == s.ogre.hex:
        if others:
            raise _err("hex_full")
        if p.kind is INFANTRY:
            return shared_verdict("join_ogre", cost)
        return shared_verdict("ram_ogre", cost, 0, True)
    if len(others) >= 2:
        raise _err("hex_full")
    return shared_verdict("move", cost)


def _check_undo(s: GameState, a: Undo) -> Verdict:
    if a.piece == OGRE_ID:
        o = s.ogre
        if s.phase is not OGRE_MOVE:
            raise _err("move_a_piece")
        if o.hex == o.undo_hex and o.moved == o.undo_moved:
            raise _err("move_a_piece", "nothing to undo")
        return shared_verdict("undo")
    p = _movable_defender(s, a.piece)
    if not p.can_undo:
        raise _err("move_a_piece", "nothing to undo")
    return shared_verdict("undo")


def _check_group(s: GameState, a: Group) -> Verdict:
    p = _infantry_in_move_phase(s, a.piece)
    others = [q for q in s.at(p.hex) if q.id != p.id]
    if len(others) != 1 or others[0].kind is not INFANTRY:
        raise _err("move_a_piece", "no infantry to group with")
    if p.squads + others[0].squads > 3:
        raise _err("hex_full")
    return shared_verdict("group", 0, others[0].id)


def _check_split(s: GameState, a: Split) -> Verdict:
    p = _infantry_in_move_phase(s, a.piece)
    movers = stack_movers(s)
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if p.squads < 2:
        raise _err("move_a_piece", "a single squad cannot split")
    if len(s.at(p.hex)) > 1 or p.hex == s.ogre.hex:
        raise _err("hex_full")
    return shared_verdict("split")


def _infantry_in_move_phase(s: GameState, pid: int) -> Piece:
    if s.phase is not DEFENSE_MOVE:
        raise _err("move_a_piece" if s.phase in OGRE_PHASES else "cannot_move")
    p = s.piece(pid)
    if p is None or p.kind is not INFANTRY:
        raise _err("move_a_piece")
    return p


def _check_exit(s: GameState, a: Exit) -> Verdict:
    o = s.ogre
    if s.phase is not OGRE_MOVE:
        raise _err("off_map")
    if o.hex not in BOTTOM_ROW or o.moves_left < 1:
        raise _err("off_map")
    return shared_verdict("exit", 1, 0, True)


def _check_ogre_aim(s: GameState, a: OgreAim) -> Verdict:
    if s.phase is not OGRE_FIRE:
        raise _err("no_attacker" if s.phase not in OGRE_PHASES else "cannot_move")
    if s.aim is not None and s.aim.target != a.target:
        raise _err("one_target")
    target = s.piece(a.target)
    if target is None:
        raise _err("no_target")
    if len(a.weapons) != 4 or any(n < 0 for n in a.weapons) or not any(a.weapons):
        raise _err("no_attacker")
    o = s.ogre
    d = distance(o.hex, target.hex) if o.hex else None
    for i, n in enumerate(a.weapons):
        if not n:
            continue
        w = WEAPONS[i]
        if n > o.weapons[i] - (0 if i == 0 else o.fired[i]):     # o.available(w)
            raise _err("already_fired", w.value)
        if i == 3 and (target.kind not in (INFANTRY, CP) or target.id in s.ap_hit):
            raise _err("no_target", "antipersonnel")
        if d is None or d > W_RANGE[i]:                         # ogre_weapon_reaches
            if d is None:
                ogre_weapon_reaches(o, w, target)                # the same KeyError as ever
            raise _err("out_of_range")
    return shared_verdict("aim", 0, target.id)


def _check_aim(s: GameState, a: Aim) -> Verdict:
    if s.phase is not DEFENSE_FIRE:
        raise _err("no_attacker")
    p = s.piece(a.piece)
    if p is None:
        raise _err("no_attacker")
    if p.kind is CP:
        raise _err("cp_attack")
    if p.disabled:
        raise _err("disabled_attack")
    aimed = s.aim.attackers.count(p.id) if s.aim else 0
    if p.kind is INFANTRY:
        if p.fired + aimed >= p.squads:
            raise _err("squad_spent")
    elif p.fired:
        raise _err("already_fired")
    elif aimed:
        raise _err("already_aimed")
    if not isinstance(a.part, Weapon) or not s.ogre.on_map or s.ogre.intact(a.part) <= 0:
        raise _err("no_target")
    if s.aim is not None and s.aim.part is not a.part:
        raise _err("one_target")
    if distance(p.hex, s.ogre.hex) > p.range:
        raise _err("out_of_range")
    if a.part is TREADS and s.aim is not None:
        squads_only = p.kind is INFANTRY and all(
            s.known(q).kind is INFANTRY for q in s.aim.attackers)
        if not squads_only:
            raise _err("treads_combined")
    return shared_verdict("aim")


def _check_clear_or_fire(s: GameState, a: Clear | Fire) -> Verdict:
    if s.phase not in FIRE_PHASES or s.aim is None:
        raise _err("no_attacker")
    return shared_verdict("clear" if isinstance(a, Clear) else "fire")


def _check_done(s: GameState, a: Done) -> Verdict:
    if s.phase is OGRE_ENTRY:
        raise _err("entry_row")
    if s.phase in MOVE_PHASES and s.crowded_hex():
        raise _err("stack")
    if must_leave(s) is not None:
        raise _err("stack", "a unit under the Ogre must leave its hex")
    return shared_verdict("done")


# By the action's type; each handler takes the action of its own type.
_CHECKS: dict[type, Callable[[GameState, Any], Verdict]] = {
    Enter: _check_enter, Move: _check_move, Undo: _check_undo, Group: _check_group,
    Split: _check_split, Exit: _check_exit, OgreAim: _check_ogre_aim, Aim: _check_aim,
    Clear: _check_clear_or_fire, Fire: _check_clear_or_fire, Done: _check_done,
}


# ---------------------------------------------------------------- apply

def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Play one action: (the next state, what happened). Raises RuleError if it is refused."""
    if type(action) is Move and state._moves is not None:
        # The commonest action of all, a defender's plain move that legal_actions listed here:
        # it passes check, and it cannot end the battle.
        cost = _listed_move(state, action)
        if cost and action.to != state.ogre.hex:
            moved: list[Event] = []
            p = state.known(action.piece)
            new = _defender_moves_on(state, p, action.to, cost, moved)
            note_move(state, new, p, action.to)
            return new, moved
    verdict = check(state, action)
    events: list[Event] = []
    new = _APPLY[type(action)](state, action, verdict, events)
    o = new.ogre
    if o.treads > 0 and new.pieces and not o.exited and new.phase is not OVER:
        return new, events                     # the usual case: the battle goes on (G4)
    return _settle(new, events), events


def _apply_enter(s: GameState, a: Enter, v: Verdict, ev: list[Event]) -> GameState:
    o = evolve_ogre(s.ogre, hex=a.to, moved=1, undo_hex=a.to, undo_moved=1, rams=0)
    ev.append(Event("enter", f"Ogre enters at {a.to:04d}", OGRE_ID, a.to))
    ev.append(Event("phase", "Ogre Movement"))
    return evolve(s, ogre=o, phase=OGRE_MOVE)


def _apply_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece == OGRE_ID:
        return _apply_ogre_move(s, a, v, ev)
    p = s.known(a.piece)
    if v.kind == "ram_ogre":
        # M7: a sacrificial ram: the armor unit is destroyed, the Ogre loses a tread (if any left).
        lost = min(1, s.ogre.treads)
        o = evolve_ogre(s.ogre, treads=s.ogre.treads - lost)
        ev.append(Event("ram_ogre", f"{p.name} rams the Ogre: destroyed, Ogre loses {lost} tread"
                        + ("" if lost == 1 else "s"), p.id, a.to, result="destroyed",
                        treads_lost=lost))
        return s.replace_piece(None, p.id, ogre=o)
    return _defender_moves_on(s, p, a.to, v.cost, ev)


def _defender_moves_on(s: GameState, p: Piece, to: int, cost: int, ev: list[Event]) -> GameState:
    key = (p.id, p.kind, p.squads, to)
    event = _MOVE_EVENTS.get(key)         # events are immutable values: shared ones
    if event is None:
        if len(_MOVE_EVENTS) > 20_000:
            _MOVE_EVENTS.clear()
        event = _MOVE_EVENTS[key] = Event("move", f"{p.name} to {to:04d}", p.id, to)
    ev.append(event)
    moved = Piece(p.id, p.kind, to, p.squads, p.disabled_turn, p.moved + cost, p.start,
                  p.base_moved, p.fired)
    return s.replace_piece(moved, p.id)


_MOVE_EVENTS: dict[tuple[int, Kind, int, int], Event] = {}     # "Heavy Tank to 0812", per piece id


def _apply_ogre_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    o = evolve_ogre(s.ogre, hex=a.to, moved=s.ogre.moved + v.cost)
    if v.kind == "move":
        ev.append(Event("move", f"Ogre to {a.to:04d}", OGRE_ID, a.to))
        return evolve(s, ogre=o)
    o = evolve_ogre(o, undo_hex=a.to, undo_moved=o.moved)   # M4: no undoing past a ram or overrun
    s = evolve(s, ogre=o)
    victim = s.known(v.target)
    if v.kind == "overrun":
        return _overrun(s, victim, ev)
    return _ram(s, victim, ev)


def _overrun(s: GameState, p: Piece, ev: list[Event]) -> GameState:
    """M8: infantry under the Ogre loses a squad if the Ogre has antipersonnel left."""
    if not s.ogre.weapons[3]:
        ev.append(Event("overrun", f"Ogre overruns {p.name}: no antipersonnel, no effect",
                        p.id, p.hex, result="no effect"))
        return s
    ev.append(Event("overrun", f"Ogre overruns {p.name}: reduced", p.id, p.hex, result="reduced"))
    return lose_squad(s, p)


def _ram(s: GameState, p: Piece, ev: list[Event]) -> GameState:
    """M7: immobile armor and the CP are destroyed; mobile armor 1-3 disabled, 4-6 destroyed."""
    lost = ram_tread_cost(p)
    o = evolve_ogre(s.ogre, treads=s.ogre.treads - lost, rams=s.ogre.rams + 1)
    s = evolve(s, ogre=o)
    immobile = p.kind in (HOWITZER, CP) or p.disabled
    if immobile:
        ev.append(Event("ram", f"Ogre rams {p.name}: destroyed", p.id, p.hex,
                        result="destroyed", treads_lost=lost))
        return s.replace_piece(None, p.id)
    die, rng = roll(s.rng)
    s = evolve(s, rng=rng)
    if die <= 3:
        ev.append(Event("ram", f"Ogre rams {p.name}: disabled", p.id, p.hex, die=die,
                        result="disabled", treads_lost=lost))
        return s.replace_piece(evolve_piece(p, disabled_turn=s.turn), p.id)
    ev.append(Event("ram", f"Ogre rams {p.name}: destroyed", p.id, p.hex, die=die,
                    result="destroyed", treads_lost=lost))
    return s.replace_piece(None, p.id)


def _apply_undo(s: GameState, a: Undo, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece == OGRE_ID:
        o = evolve_ogre(s.ogre, hex=s.ogre.undo_hex, moved=s.ogre.undo_moved)
        ev.append(Event("undo", "Ogre move undone", OGRE_ID, o.hex))
        return evolve(s, ogre=o)
    p = s.known(a.piece)
    ev.append(Event("undo", f"{p.name} move undone", p.id, p.start))
    back = Piece(p.id, p.kind, p.start, p.squads, p.disabled_turn, p.base_moved, p.start,
                 p.base_moved, p.fired)
    return s.replace_piece(back, p.id)


def _apply_group(s: GameState, a: Group, v: Verdict, ev: list[Event]) -> GameState:
    """M5: the merged unit keeps the larger distance moved and cannot be undone."""
    p, q = s.known(a.piece), s.known(v.target)
    moved = max(p.moved, q.moved)
    merged = evolve_piece(p, squads=p.squads + q.squads, moved=moved, start=p.hex,
                          base_moved=moved, fired=p.fired + q.fired)
    ev.append(Event("group", f"Grouped into {merged.name}", p.id, p.hex))
    pieces = tuple([merged if x is p else x for x in s.pieces if x is not q])
    return s.with_pieces(pieces)


def _apply_split(s: GameState, a: Split, v: Verdict, ev: list[Event]) -> GameState:
    p = s.known(a.piece)
    rest = evolve_piece(p, squads=p.squads - 1)
    squad = evolve_piece(p, id=s.next_id, squads=1)
    ev.append(Event("split", "One squad split off", squad.id, p.hex))
    pieces = tuple(rest if x.id == p.id else x for x in s.pieces) + (squad,)
    return evolve(s, pieces=pieces, next_id=s.next_id + 1)


def _apply_exit(s: GameState, a: Exit, v: Verdict, ev: list[Event]) -> GameState:
    o = evolve_ogre(s.ogre, hex=0, exited=True, moved=s.ogre.moved + 1)
    ev.append(Event("exit", "The Ogre leaves the map", OGRE_ID))
    return evolve(s, ogre=o)


def _apply_ogre_aim(s: GameState, a: OgreAim, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=Aiming(target=a.target, weapons=counts(a.weapons)))  # a list, perhaps


def _apply_aim(s: GameState, a: Aim, v: Verdict, ev: list[Event]) -> GameState:
    before = s.aim.attackers if s.aim else ()
    return evolve(s, aim=Aiming(part=a.part, attackers=before + (a.piece,)))


def _apply_clear(s: GameState, a: Clear, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=None)


def _apply_fire(s: GameState, a: Fire, v: Verdict, ev: list[Event]) -> GameState:
    if s.phase is OGRE_FIRE:
        return ogre_fires(s, ev)
    return defenders_fire(s, ev)


def _apply_done(s: GameState, a: Done, v: Verdict, ev: list[Event]) -> GameState:
    phase = s.phase
    nxt = _NEXT_PHASE[phase]
    if phase is OGRE_MOVE:
        s = evolve(s, ogre=evolve_ogre(s.ogre, fired=(0, 0, 0, 0)), ap_hit=frozenset(),
                   aim=None, phase=nxt)
    elif phase is OGRE_FIRE:
        s = evolve(_recover_and_ready(s, ev), aim=None, phase=nxt)
    elif phase is DEFENSE_FIRE:
        pieces = tuple([p if not (p.moved or p.base_moved) and p.start == p.hex
                        else piece_start(p) for p in s.pieces])
        unchanged = all(map(operator.is_, pieces, s.pieces))
        s = evolve(s, pieces=None if unchanged else pieces, aim=None, phase=nxt)
    elif phase is GEV_MOVE:
        s = evolve(_next_turn(s, ev), aim=None, phase=nxt)
    else:
        s = evolve(s, aim=None, phase=nxt)
    ev.append(_PHASE_EVENTS[nxt])
    return s


def _recover_and_ready(s: GameState, ev: list[Event]) -> GameState:
    """T1: after the Ogre fires, armor disabled in an earlier turn recovers (C4)."""
    pieces = []
    for p in s.pieces:
        if not (p.disabled_turn or p.fired or p.moved or p.base_moved) and p.start == p.hex:
            pieces.append(p)                      # nothing to recover or reset
            continue
        if p.disabled and p.disabled_turn < s.turn:
            ev.append(Event("recover", f"{p.name} recovers", p.id, p.hex))
            p = evolve_piece(p, disabled_turn=0)
        p = piece_start(p)
        pieces.append(evolve_piece(p, fired=0) if p.fired else p)
    if all(map(operator.is_, pieces, s.pieces)):
        return s                                  # nothing to reset: the index stays good
    return s.with_pieces(tuple(pieces))


def _next_turn(s: GameState, ev: list[Event]) -> GameState:
    """A new turn: the Ogre's move is fresh, and infantry on its hex loses a squad (M8)."""
    o = s.ogre
    s = evolve(s, turn=s.turn + 1,
                ogre=evolve_ogre(o, moved=0, rams=0, undo_hex=o.hex, undo_moved=0))
    if o.on_map and o.weapons[3]:
        for p in s.at(o.hex):
            if p.kind is INFANTRY:
                ev.append(Event("overrun", f"{p.name} under the Ogre: reduced", p.id, p.hex,
                                result="reduced"))
                s = lose_squad(s, p)
    return s


_NEXT_PHASE = {
    OGRE_MOVE: OGRE_FIRE,
    OGRE_FIRE: DEFENSE_MOVE,
    DEFENSE_MOVE: DEFENSE_FIRE,
    DEFENSE_FIRE: GEV_MOVE,
    GEV_MOVE: OGRE_MOVE,
}
_PHASE_WORDS = {
    OGRE_MOVE: "Ogre Movement", OGRE_FIRE: "Ogre Attack",
    DEFENSE_MOVE: "Defense Movement", DEFENSE_FIRE: "Defense Attack",
    GEV_MOVE: "GEV Movement",
}

_PHASE_EVENTS = {phase: Event("phase", words) for phase, words in _PHASE_WORDS.items()}

_APPLY: dict[type, Callable[[GameState, Any, Verdict, list[Event]], GameState]] = {
    Enter: _apply_enter, Move: _apply_move, Undo: _apply_undo, Group: _apply_group,
    Split: _apply_split, Exit: _apply_exit, OgreAim: _apply_ogre_aim, Aim: _apply_aim,
    Clear: _apply_clear, Fire: _apply_fire, Done: _apply_done,
}


# ---------------------------------------------------------------- the end (G4)

def _settle(s: GameState, ev: list[Event]) -> GameState:
    level = victory_level(s)
    if not level:
        return s
    ev.append(Event("victory", level))
    return evolve(s, phase=OVER, result=level, aim=None)
