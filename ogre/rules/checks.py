"""check(state, action): every refusal of the 1986 game, before anything changes (M1-M8, C2-C7).

A refused action raises RuleError with the manual's message and leaves the state as it was;
an accepted one gets a Verdict that apply then plays. A defender move that legal_actions listed
in this state passes on its notes (listed_move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import assault, duel, watchdog
from .actions import Action, Aim, Clear, Done, Enter, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .contact import check_contact
from .errors import RuleError
from .events import Verdict, shared_verdict
from .fire import check_firer
from .hexes import BOTTOM_ROW, distance, on_map
from .legal import must_leave, ogre_weapon_reaches, stack_movers
from .movement import defender_allowance, defender_reach, ogre_reach
from .scenarios import ASSAULTS, DUELS, WATCHDOGS
from .state import (
    ATTACK_GEV_MOVE,
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
    GameState,
    Piece,
)
from .units import CP, GEV, HOWITZER, INFANTRY, TREADS, WEAPON_STATS, WEAPONS, Weapon

# The verdicts with nothing but their kind, made once.
_UNDO, _SPLIT, _AIM, _DONE = (shared_verdict(kind) for kind in ("undo", "split", "aim", "done"))
W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)


def _err(code: str, detail: str = "") -> RuleError:
    return RuleError(code, detail)


def check(state: GameState, action: Action) -> Verdict:
    """Say what `action` would do, or raise RuleError with the 1986 message."""
    if state.phase is OVER:
        raise _err("game_over")
    handler = _OWN_RULES.get(state.scenario) or _CHECKS.get(type(action))
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
    o = s.ogre_unit(a.piece)
    if s.phase is not OGRE_ENTRY or o is None or o.on_map or o.exited:
        raise _err("move_a_piece", "the Ogre is already on the map")
    if type(a.to) is not int or not on_map(a.to):
        raise _err("off_map")
    if a.to not in BOTTOM_ROW:
        raise _err("entry_row")
    if s.board.is_crater(a.to):
        raise _err("entry_crater")
    if s.at(a.to) or s.ogre_at(a.to) is not None:
        raise _err("hex_full")
    return shared_verdict("enter", 1)


def _check_move(s: GameState, a: Move) -> Verdict:
    if type(a.to) is not int:
        raise _err("bad_action", repr(a))       # a hex is an int: 1009.0 is none
    if s.phase is OGRE_ENTRY:
        raise _err("entry_row")
    if type(a.piece) is int and a.piece <= OGRE_ID:
        return _check_ogre_move(s, a)
    return _check_defender_move(s, a)


def _check_ogre_move(s: GameState, a: Move) -> Verdict:
    o = s.ogre_unit(a.piece)
    if o is None:
        raise _err("move_a_piece")
    dogs = WATCHDOGS.get(s.scenario) if len(s.ogres) > 1 else None
    if dogs and o.id in dogs:
        return watchdog.check_move(s, o, a.to)
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
        return check_contact(s, o, under, cost=1)   # stay and ram or overrun again
    if s.board.is_crater(a.to):
        raise _err("crater")
    if distance(o.hex, a.to) > left:
        raise _err("too_far")
    there = s.ogre_at(a.to) if len(s.ogres) > 1 else None
    if there is not None:
        if dogs and there.id in dogs:
            return watchdog.check_onto_watchdog(s, o, a.to)
        raise _err("hex_full")                  # friends pass through, never stop together
    cost = (watchdog.attacker_reach(s, o) if dogs else ogre_reach(s, left, o.hex)).get(a.to)
    if cost is None:
        raise _err("no_path")
    occupants = s.at(a.to)
    if not occupants:
        return shared_verdict("move", cost)
    return check_contact(s, o, occupants, cost)


def _movable_defender(s: GameState, pid: int) -> Piece:
    """The piece a defender move or undo names, or the 1986 refusal."""
    if s.phase not in (DEFENSE_MOVE, GEV_MOVE):
        raise _err("move_a_piece" if s.phase in OGRE_PHASES else "cannot_move")
    p = s.piece(pid)
    if p is None:
        raise _err("move_a_piece")
    return p


def listed_move(s: GameState, a: Move) -> int:
    """The cost of a defender's move if legal_actions listed it in this state (it leaves its
    notes on the state), else 0: such a move passes check as it is."""
    assert s._moves is not None             # the callers ask only when legal_actions left notes
    full, _, reaches, _ = s._moves
    if type(a.to) is not int:
        return 0                                      # 807.0 finds 807's entry, and is no hex
    try:
        found = reaches.get(a.piece)                  # (Move values, reach keys, reach)
        cost = found[2].get(a.to, 0) if found is not None else 0
    except TypeError:
        return 0
    return cost if cost and a.to not in full else 0


def _check_defender_move(s: GameState, a: Move) -> Verdict:
    if s._moves is not None:
        listed = listed_move(s, a)
        if listed:
            if a.to != s.ogre.hex:
                return shared_verdict("move", listed)
            kind = s.known(a.piece).kind
            if kind is INFANTRY:
                return shared_verdict("join_ogre", listed)
            if kind is not CP:
                return shared_verdict("ram_ogre", listed, 0, True)
    p = _movable_defender(s, a.piece)
    movers = stack_movers(s)
    if movers is not None and p.id not in movers:
        raise _err("stack")
    if (p.kind is HOWITZER or (p.kind is CP and not s.options.command_crawler)
            or (s.phase is GEV_MOVE and p.kind is not GEV)):
        raise _err("cannot_move")
    if p.disabled:
        raise _err("disabled_move")
    left = defender_allowance(p, s.phase, s.options) - p.moved
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
    there = s.ogre_at(a.to)
    if there is not None:
        if others or there.id in WATCHDOGS.get(s.scenario, ()):   # never onto its own Ogre
            raise _err("hex_full")
        if p.kind is INFANTRY:
            return shared_verdict("join_ogre", cost)
        if p.kind is CP:                      # a Crawler is not armor: it never rams (5.03.6)
            raise _err("hex_full")
        return shared_verdict("ram_ogre", cost, 0, True)
    if len(others) >= 2:
        raise _err("hex_full")
    return shared_verdict("move", cost)


def _check_undo(s: GameState, a: Undo) -> Verdict:
    if type(a.piece) is int and a.piece <= OGRE_ID:
        o = s.ogre_unit(a.piece)
        own = DEFENSE_MOVE if a.piece in WATCHDOGS.get(s.scenario, ()) else OGRE_MOVE
        if s.phase is not own or o is None:
            raise _err("move_a_piece")
        if o.exited or (o.hex == o.undo_hex and o.moved == o.undo_moved):
            raise _err("move_a_piece", "nothing to undo")
        if len(s.ogres) > 1 and s.ogre_at(o.undo_hex) not in (None, o):
            raise _err("hex_full")                  # another Ogre stands there now
        if own is DEFENSE_MOVE and not watchdog.undo_is_free(s, o.undo_hex, o):
            raise _err("hex_full")
        return _UNDO
    p = _movable_defender(s, a.piece)
    if not p.can_undo:
        raise _err("move_a_piece", "nothing to undo")
    if len(s.ogres) > 1 and s.scenario in WATCHDOGS and not watchdog.undo_is_free(s, p.start, p):
        raise _err("hex_full")
    return _UNDO


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
    if len(s.at(p.hex)) > 1 or s.ogre_at(p.hex) is not None:
        raise _err("hex_full")
    return _SPLIT


def _infantry_in_move_phase(s: GameState, pid: int) -> Piece:
    if s.phase is not DEFENSE_MOVE:
        raise _err("move_a_piece" if s.phase in OGRE_PHASES else "cannot_move")
    p = s.piece(pid)
    if p is None or p.kind is not INFANTRY:
        raise _err("move_a_piece")
    return p


def _check_exit(s: GameState, a: Exit) -> Verdict:
    o = s.ogre_unit(a.piece)
    if s.phase is not OGRE_MOVE or o is None or a.piece in WATCHDOGS.get(s.scenario, ()):
        raise _err("off_map")
    if o.hex not in BOTTOM_ROW or o.moves_left < 1:
        raise _err("off_map")
    return shared_verdict("exit", 1, 0, True)


def _check_ogre_aim(s: GameState, a: OgreAim) -> Verdict:
    dogs = WATCHDOGS.get(s.scenario)
    if dogs:
        if a.part is not None or s.phase is DEFENSE_FIRE:
            return watchdog.check_aim(s, a)
        if a.ogre in dogs:
            raise _err("no_attacker")           # the defense's Ogre fires in the defense's turn
    elif a.part is not None:
        raise _err("no_target")                 # an Ogre aims at another only where two fight
    if s.phase is not OGRE_FIRE:
        raise _err("no_attacker" if s.phase not in OGRE_PHASES else "cannot_move")
    if s.aim is not None and (s.aim.target != a.target or s.aim.ogre != a.ogre):
        raise _err("one_target")
    target = s.piece(a.target)
    if target is None:
        raise _err("no_target")
    o = s.ogre_unit(a.ogre)
    if (o is None or len(a.weapons) != 4 or any(type(n) is not int for n in a.weapons)
            or min(a.weapons) < 0 or not any(a.weapons)):
        raise _err("no_attacker")
    d = distance(o.hex, target.hex) if o.hex else None
    for i, n in enumerate(a.weapons):
        if not n:
            continue
        w = WEAPONS[i]
        if n > o.weapons[i] - (0 if i == 0 else o.fired[i]):     # o.available(w)
            raise _err("already_fired", w.value)
        if i == 3 and (target.kind not in (INFANTRY, CP) or target.id in s.ap_hit
                       or target.id in s.secrets.camouflaged):            # 8.04
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
    check_firer(s, p)
    o = s.ogre_unit(a.ogre)
    if not isinstance(a.part, Weapon) or o is None or not o.on_map or o.intact(a.part) <= 0:
        raise _err("no_target")
    if o.id in WATCHDOGS.get(s.scenario, ()):
        raise _err("no_target")                 # the defense's own Ogre
    if s.aim is not None and (s.aim.part is not a.part or s.aim.ogre != a.ogre):
        raise _err("one_target")
    if distance(p.hex, o.hex) > p.range:
        raise _err("out_of_range")
    if a.part is TREADS and s.aim is not None:
        squads_only = p.kind is INFANTRY and all(
            s.known(q).kind is INFANTRY for q in s.aim.attackers)
        if not squads_only:
            raise _err("treads_combined")
    return _AIM


def _check_clear_or_fire(s: GameState, a: Clear | Fire) -> Verdict:
    if s.phase not in FIRE_PHASES or s.aim is None:
        raise _err("no_attacker")
    return shared_verdict("clear" if isinstance(a, Clear) else "fire")


def _check_done(s: GameState, a: Done) -> Verdict:
    listed = s._moves
    if listed is not None and listed[3] and listed[3][-1] is a:
        return _DONE                  # legal_actions ends a move phase's list with Done if legal
    if s.phase is OGRE_ENTRY:
        raise _err("entry_row")
    if s.phase is ATTACK_GEV_MOVE:
        raise _err("bad_action", "no attacking force moves in this battle")
    if s.phase in MOVE_PHASES and s.crowded_hex():
        raise _err("stack")
    if must_leave(s) is not None:
        raise _err("stack", "a unit under the Ogre must leave its hex")
    return _DONE


# By the action's type; each handler takes the action of its own type.
_CHECKS: dict[type, Callable[[GameState, Any], Verdict]] = {
    Enter: _check_enter, Move: _check_move, Undo: _check_undo, Group: _check_group,
    Split: _check_split, Exit: _check_exit, OgreAim: _check_ogre_aim, Aim: _check_aim,
    Clear: _check_clear_or_fire, Fire: _check_clear_or_fire, Done: _check_done,
}
# The scenarios whose battles check their actions by their own rules, by key.
_OWN_RULES: dict[str, Callable[[GameState, Any], Verdict]] = {
    **dict.fromkeys(DUELS, duel.check), **dict.fromkeys(ASSAULTS, assault.check)}
