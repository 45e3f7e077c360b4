"""Ogre Defending (9.03) played: each action's effect, the turn's order and the end (the rules
and the refusals are rules.assault's). apply hands an accepted action of such a battle here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .actions import Action, Aim, AimAt, Clear, Done, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .assault import ESCAPED, FIRST_ID, TURN_STARTS, attacking, defenders, watchdog
from .combat import crt, odds
from .command_post import defense_of
from .contact import armor_rams, overrun, ram_unit
from .dice import roll
from .events import Event, Verdict
from .fire import aim_attack, defenders_fire, group, hit_unit, ogre_fires
from .levels import (
    ATTACK_VICTORY,
    COMPLETE_ATTACK,
    COMPLETE_DEFENSE,
    DEFENSE_VICTORY,
    MARGINAL_ATTACK,
    MARGINAL_DEFENSE,
)
from .state import (
    ASSAULT_TITLES,
    ATTACK_GEV_MOVE,
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_FIRE,
    OGRE_MOVE,
    OVER,
    Aiming,
    GameState,
    evolve,
    evolve_ogre,
    evolve_piece,
    piece_start,
)
from .units import counts


def play(s: GameState, a: Action, v: Verdict, ev: list[Event]) -> GameState:
    """Apply an action check accepted in Ogre Defending; the end is settled by the caller."""
    return _APPLY[type(a)](s, a, v, ev)


def _apply_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece <= 0:
        return _apply_ogre_move(s, a, v, ev)
    p = s.known(a.piece)
    if v.kind == "ram_ogre":
        return armor_rams(s, p, watchdog(s), ev)
    if p.hex == 0:
        ev.append(Event("enter", f"{p.name} enters at {a.to:04d}", p.id, a.to))
    else:
        ev.append(Event("move", f"{p.name} to {a.to:04d}", p.id, a.to))
    return s.replace_piece(evolve_piece(p, hex=a.to, moved=p.moved + v.cost), p.id)


def _apply_ogre_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    o = watchdog(s)
    o = evolve_ogre(o, hex=a.to, moved=o.moved + v.cost)
    if v.kind == "move":
        ev.append(Event("move", f"{o.name} to {a.to:04d}", o.id, a.to))
        return evolve(s, ogre=o)
    o = evolve_ogre(o, undo_hex=a.to, undo_moved=o.moved)   # M4: no undoing past a ram
    s = evolve(s, ogre=o)
    victim = s.known(v.target)
    return overrun(s, o, victim, ev) if v.kind == "overrun" else ram_unit(s, o, victim, ev)


def _apply_undo(s: GameState, a: Undo, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece <= 0:
        o = watchdog(s)
        o = evolve_ogre(o, hex=o.undo_hex, moved=o.undo_moved)
        ev.append(Event("undo", f"{o.name} move undone", o.id, o.hex))
        return evolve(s, ogre=o)
    p = s.known(a.piece)
    ev.append(Event("undo", f"{p.name} move undone", p.id, p.start))
    return s.replace_piece(evolve_piece(p, hex=p.start, moved=p.base_moved), p.id)


def _apply_group(s: GameState, a: Group, v: Verdict, ev: list[Event]) -> GameState:
    return group(s, s.known(a.piece), s.known(v.target), ev)


def _apply_split(s: GameState, a: Split, v: Verdict, ev: list[Event]) -> GameState:
    """M5; an attacking squad takes its id from the force's numbers (next_id above FIRST_ID:
    new_game leaves next_id above both sides' counts)."""
    p = s.known(a.piece)
    new_id = s.next_id + (FIRST_ID - 1 if attacking(p.id) else 0)
    squad = evolve_piece(p, id=new_id, squads=1)
    ev.append(Event("split", "One squad split off", squad.id, p.hex))
    pieces = tuple(evolve_piece(x, squads=x.squads - 1) if x.id == p.id else x
                   for x in s.pieces) + (squad,)
    return s.with_pieces(pieces, next_id=s.next_id + 1)


def _apply_exit(s: GameState, a: Exit, v: Verdict, ev: list[Event]) -> GameState:
    p = s.known(a.piece)
    ev.append(Event("exit", f"{p.name} leaves the map", p.id))
    return s.replace_piece(evolve_piece(p, hex=ESCAPED, start=ESCAPED, moved=p.moved + 1), p.id)


def _apply_aim_at(s: GameState, a: AimAt, v: Verdict, ev: list[Event]) -> GameState:
    before = s.aim.attackers if s.aim else ()
    return evolve(s, aim=Aiming(target=a.target, attackers=before + (a.piece,)))


def _apply_aim(s: GameState, a: Aim, v: Verdict, ev: list[Event]) -> GameState:
    before = s.aim.attackers if s.aim else ()
    return evolve(s, aim=Aiming(part=a.part, attackers=before + (a.piece,), ogre=a.ogre))


def _apply_ogre_aim(s: GameState, a: OgreAim, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=Aiming(target=a.target, weapons=counts(a.weapons), ogre=a.ogre))


def _apply_clear(s: GameState, a: Clear, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=None)


def _apply_fire(s: GameState, a: Fire, v: Verdict, ev: list[Event]) -> GameState:
    aim = s.aim
    assert aim is not None                        # check refuses Fire with nothing aimed
    if not aim.attackers:
        return ogre_fires(s, ev)                  # the Ogre at an attacking unit
    if aim.part is not None:                      # attacking units at a part of the Ogre
        s = defenders_fire(s, ev)
        ev[-1] = replace(ev[-1], text=ev[-1].text.replace("Defense", "Attack", 1))
        return s
    return units_fire(s, ev)


def units_fire(s: GameState, ev: list[Event]) -> GameState:
    """6.06-6.08: the aimed units' attack strengths against one enemy unit's defense."""
    aim = s.aim
    assert aim is not None
    target = s.known(aim.target)
    column = odds(aim_attack(s, aim), defense_of(target, s.options))
    die, rng = roll(s.rng)
    shots: dict[int, int] = {}
    for pid in aim.attackers:
        shots[pid] = shots.get(pid, 0) + 1
    pieces = tuple(evolve_piece(p, fired=p.fired + shots[p.id]) if p.id in shots else p
                   for p in s.pieces)
    s = s.with_pieces(pieces, rng=rng, aim=None)
    s, word = hit_unit(s, s.known(target.id), crt(column, die))
    side = "Attack" if attacking(aim.attackers[0]) else "Defense"
    ev.append(Event("fire", f"{side} fires at {target.name}: {word}", target.id, target.hex,
                    die, column, word))
    return s


def _apply_done(s: GameState, a: Done, v: Verdict, ev: list[Event]) -> GameState:
    nxt = _NEXT_PHASE[s.phase]
    if nxt is OGRE_MOVE:
        limit = s.options.time_limit
        if limit and s.turn >= limit:
            ev.append(Event("time_up", f"Time is up after turn {s.turn}"))
            return evolve(s, phase=OVER, result=MARGINAL_DEFENSE, aim=None)
        s = evolve(s, turn=s.turn + 1)
    if nxt in TURN_STARTS:
        s = _turn_begins(s, nxt is OGRE_MOVE, ev)
    pieces = tuple(piece_start(p) for p in s.pieces)
    ev.append(Event("phase", _PHASE_WORDS[nxt]))
    return s.with_pieces(pieces, aim=None, phase=nxt)


def _turn_begins(s: GameState, attack: bool, ev: list[Event]) -> GameState:
    """A side's turn: its units disabled before its last turn recover and its fire is
    fresh; the Ogre's move and fire too when it is the defense's turn."""
    last = s.turn - 1 if attack else s.turn       # a unit must miss one turn of its own
    pieces = []
    for p in s.pieces:
        if attacking(p.id) == attack:
            if p.disabled and p.disabled_turn < last:
                ev.append(Event("recover", f"{p.name} recovers", p.id, p.hex))
                p = evolve_piece(p, disabled_turn=0)
            if p.fired:
                p = evolve_piece(p, fired=0)
        pieces.append(p)
    s = s.with_pieces(tuple(pieces), ap_hit=frozenset())
    if not attack:
        o = watchdog(s)
        s = evolve(s, ogre=evolve_ogre(o, moved=0, rams=0, undo_hex=o.hex, undo_moved=0,
                                       fired=(0, 0, 0, 0)))
    return s


_NEXT_PHASE = {
    OGRE_MOVE: OGRE_FIRE, OGRE_FIRE: ATTACK_GEV_MOVE, ATTACK_GEV_MOVE: DEFENSE_MOVE,
    DEFENSE_MOVE: DEFENSE_FIRE, DEFENSE_FIRE: GEV_MOVE, GEV_MOVE: OGRE_MOVE,
}
_PHASE_WORDS = {phase: ASSAULT_TITLES[phase] for phase in _NEXT_PHASE}

_APPLY: dict[type, Callable[[GameState, Any, Verdict, list[Event]], GameState]] = {
    Move: _apply_move, Undo: _apply_undo, Group: _apply_group, Split: _apply_split,
    Exit: _apply_exit, AimAt: _apply_aim_at, Aim: _apply_aim, OgreAim: _apply_ogre_aim,
    Clear: _apply_clear, Fire: _apply_fire, Done: _apply_done,
}



# ---------------------------------------------------------------- the end

def assault_level(s: GameState) -> str:
    """1.03 by analogy, the force in the Ogre's place: the battle ends when no attacking unit
    is left to fight (each destroyed or escaped, 7.01) or no defender is (the Ogre destroyed
    too). The attack wins when the CP fell, fully when the force also destroyed every defender,
    marginally when none of it escaped; the defense when the CP stands, marginally when some
    of the force escaped, fully when its Ogre survives as well."""
    waiting_or_fighting = escaped = False
    for p in s.pieces:
        if p.id >= FIRST_ID:
            if p.hex == ESCAPED:
                escaped = True
            else:
                waiting_or_fighting = True
    dog = watchdog(s)
    if dog.destroyed and not defenders(s):
        return COMPLETE_ATTACK
    if waiting_or_fighting:
        return ""
    if s.command_post is None:
        return ATTACK_VICTORY if escaped else MARGINAL_ATTACK
    if escaped:
        return MARGINAL_DEFENSE
    return DEFENSE_VICTORY if dog.destroyed else COMPLETE_DEFENSE
