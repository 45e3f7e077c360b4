"""The rules engine's three calls: legal_actions, check, apply.

    verdict = check(state, action)        # raises RuleError with the 1986 message
    state, events = apply(state, action)  # a new state; the old one is untouched

apply lives here; legal_actions in legal.py, check in checks.py, fire in fire.py, Verdict and
Event in events.py and the victory levels in victory.py; all are re-exported here.
Every refusal happens in `check`, before anything changes, so a refused action
leaves the state exactly as it was.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import assault_play, camouflage, duel, minefield, watchdog
from .actions import Action, Aim, Clear, Done, Enter, Exit, Fire, Group, Move, OgreAim, Split, Undo
from .checks import check, listed_move
from .command_post import CRAWLER_NAME, ram_tread_cost
from .contact import armor_rams, overrun, ram_unit
from .enemy_ogres import ram
from .events import Event, Verdict
from .fire import (
    aim_attack,
    aim_kill_probability,
    defenders_fire,
    group,
    lose_squad,
    ogre_fires,
    ogre_fires_at_ogre,
)
from .legal import legal_actions, must_leave, note_move, ogre_weapon_reaches
from .levels import (
    COMPLETE_DEFENSE,
    COMPLETE_OGRE,
    DEFENSE_VICTORY,
    MARGINAL_DEFENSE,
    MARGINAL_OGRE,
    OGRE_VICTORY,
    VICTORY_LEVELS,
)
from .scenarios import ASSAULTS, DUELS, WATCHDOGS
from .secrets import NO_SECRETS
from .state import (
    DEFENSE_FIRE,
    DEFENSE_MOVE,
    GEV_MOVE,
    OGRE_FIRE,
    OGRE_ID,
    OGRE_MOVE,
    OVER,
    Aiming,
    GameState,
    Phase,
    Piece,
    evolve,
    evolve_ogre,
    evolve_piece,
    index_in_place,
    piece_start,
)
from .units import CP, INFANTRY, Kind, counts
from .victory import OGRE_WINS, out_of_the_fight, victory_level

__all__ = [     # the engine's calls, and what it re-exports from the modules beside it
    "check", "apply", "legal_actions", "must_leave", "ogre_weapon_reaches", "ram_tread_cost",
    "aim_attack", "aim_kill_probability", "Event", "Verdict", "VICTORY_LEVELS", "OGRE_WINS",
    "COMPLETE_OGRE", "OGRE_VICTORY", "MARGINAL_OGRE", "MARGINAL_DEFENSE", "DEFENSE_VICTORY",
    "COMPLETE_DEFENSE", "victory_level", "out_of_the_fight",
]

# ---------------------------------------------------------------- apply

def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Play one action: (the next state, what happened). Raises RuleError if it is refused."""
    if type(action) is Move and state._moves is not None and state.secrets is NO_SECRETS:
        # The commonest action of all, a defender's plain move that legal_actions listed here:
        # it passes check, and it cannot end the battle.
        cost = listed_move(state, action)
        if cost and action.to != state.ogre.hex:
            moved: list[Event] = []
            p = state.known(action.piece)
            return note_move(state, _defender_moves_on(state, p, action.to, cost, moved),
                             p, action.to), moved
    verdict = check(state, action)
    events: list[Event] = []
    if state.scenario in DUELS:
        return _settle(duel.play(state, action, verdict, events), events), events
    if state.scenario in ASSAULTS:
        return _settle(assault_play.play(state, action, verdict, events), events), events
    if state.secrets is NO_SECRETS:
        new = _APPLY[type(action)](state, action, verdict, events)
    else:
        new = _apply_with_sheet(state, action, verdict, events)
    ogres = new.ogres
    if len(ogres) == 1:
        o = ogres[0]
        if o.treads > 0 and new.pieces and not o.exited and new.phase is not OVER:
            return new, events                 # the usual case: the battle goes on (G4)
    elif new.pieces and new.phase is not OVER and any(
            o.treads > 0 and not o.exited for o in ogres
            if o.id not in WATCHDOGS.get(new.scenario, ())):
        return new, events
    return _settle(new, events), events


def _apply_with_sheet(s: GameState, a: Action, v: Verdict, ev: list[Event]) -> GameState:
    """apply in a battle of mines and markers (8.03, 8.04): the markers the action shows are
    turned over first, then it is played, then a die for each mine it entered."""
    shown = camouflage.show(s, camouflage.shown_by(s, a, v), ev)
    after = _APPLY[type(a)](shown, a, v, ev)
    path = minefield.entered(s, a, v) if after.secrets.mines else ()
    if path:
        assert isinstance(a, Enter | Move)
        rolled = len(ev)
        after = minefield.enter(after, a.piece, path, ev)
        if len(ev) > rolled and type(a) is Move:
            after = minefield.no_undo_past(after, a.piece)
    return after if after.secrets.lying else replace(after, secrets=NO_SECRETS)


def _apply_enter(s: GameState, a: Enter, v: Verdict, ev: list[Event]) -> GameState:
    o = evolve_ogre(s.known_ogre(a.piece), hex=a.to, moved=1, undo_hex=a.to, undo_moved=1,
                    rams=0)
    ev.append(Event("enter", f"{o.name} enters at {a.to:04d}", o.id, a.to))
    s = evolve(s, ogre=o)
    if any(not x.on_map and not x.exited for x in s.ogres):
        return s                         # T2: the Ogres' move begins once all have entered
    ev.append(Event("phase", "Ogre Movement"))
    return evolve(s, phase=OGRE_MOVE)


def _apply_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece <= OGRE_ID:
        return _apply_ogre_move(s, a, v, ev)
    p = s.known(a.piece)
    if v.kind == "ram_ogre":
        rammed = s.ogre_at(a.to)
        assert rammed is not None               # check found it there
        return armor_rams(s, p, rammed, ev)
    return _defender_moves_on(s, p, a.to, v.cost, ev)


def _defender_moves_on(s: GameState, p: Piece, to: int, cost: int, ev: list[Event]) -> GameState:
    key = (p.id, p.kind, p.squads, to)
    event = _MOVE_EVENTS.get(key)         # events are immutable values: shared ones
    if event is None:
        if len(_MOVE_EVENTS) > 20_000:
            _MOVE_EVENTS.clear()
        name = CRAWLER_NAME if p.kind is CP else p.name      # only a Crawler's CP moves
        event = _MOVE_EVENTS[key] = Event("move", f"{name} to {to:04d}", p.id, to)
    ev.append(event)
    moved = Piece(p.id, p.kind, to, p.squads, p.disabled_turn, p.moved + cost, p.start,
                  p.base_moved, p.fired)
    return s.replace_piece(moved, p.id)


_MOVE_EVENTS: dict[tuple[int, Kind, int, int], Event] = {}     # "Heavy Tank to 0812", per piece id


def _apply_ogre_move(s: GameState, a: Move, v: Verdict, ev: list[Event]) -> GameState:
    o = s.known_ogre(a.piece)
    if v.kind == "ram_ogre":                      # an Ogre rams the defense's Ogre, or back
        found = (watchdog.watchdog_ways(s, o) if o.id in WATCHDOGS[s.scenario]
                 else watchdog.attacker_reach(s, o))
        return ram(s, o, s.known_ogre(v.target), a.to, v.cost, found, ev)
    o = evolve_ogre(o, hex=a.to, moved=o.moved + v.cost)
    if v.kind == "move":
        ev.append(Event("move", f"{o.name} to {a.to:04d}", o.id, a.to))
        return evolve(s, ogre=o)
    o = evolve_ogre(o, undo_hex=a.to, undo_moved=o.moved)   # M4: no undoing past a ram or overrun
    s = evolve(s, ogre=o)
    victim = s.known(v.target)
    if v.kind == "overrun":
        return overrun(s, o, victim, ev)
    return ram_unit(s, o, victim, ev)


def _apply_undo(s: GameState, a: Undo, v: Verdict, ev: list[Event]) -> GameState:
    if a.piece <= OGRE_ID:
        o = s.known_ogre(a.piece)
        o = evolve_ogre(o, hex=o.undo_hex, moved=o.undo_moved)
        ev.append(Event("undo", f"{o.name} move undone", o.id, o.hex))
        return evolve(s, ogre=o)
    p = s.known(a.piece)
    ev.append(Event("undo", f"{p.name} move undone", p.id, p.start))
    back = Piece(p.id, p.kind, p.start, p.squads, p.disabled_turn, p.base_moved, p.start,
                 p.base_moved, p.fired)
    # an undone move changes only p's actions, as a move does
    return note_move(s, s.replace_piece(back, p.id), p, p.start)


def _apply_group(s: GameState, a: Group, v: Verdict, ev: list[Event]) -> GameState:
    return group(s, s.known(a.piece), s.known(v.target), ev)


def _apply_split(s: GameState, a: Split, v: Verdict, ev: list[Event]) -> GameState:
    p = s.known(a.piece)
    rest = evolve_piece(p, squads=p.squads - 1)
    squad = evolve_piece(p, id=s.next_id, squads=1)
    ev.append(Event("split", "One squad split off", squad.id, p.hex))
    pieces = tuple(rest if x.id == p.id else x for x in s.pieces) + (squad,)
    return evolve(s, pieces=pieces, next_id=s.next_id + 1,
                  index=s.index().split(p, rest, squad, pieces))


def _apply_exit(s: GameState, a: Exit, v: Verdict, ev: list[Event]) -> GameState:
    o = s.known_ogre(a.piece)
    o = evolve_ogre(o, hex=0, exited=True, moved=o.moved + 1)
    ev.append(Event("exit", f"The {o.name} leaves the map", o.id))
    return evolve(s, ogre=o)


def _apply_ogre_aim(s: GameState, a: OgreAim, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=Aiming(target=a.target, weapons=counts(a.weapons),  # a list, perhaps
                                part=a.part, ogre=a.ogre))


def _apply_aim(s: GameState, a: Aim, v: Verdict, ev: list[Event]) -> GameState:
    before = s.aim.attackers if s.aim else ()
    return evolve(s, aim=Aiming(part=a.part, attackers=before + (a.piece,), ogre=a.ogre))


def _apply_clear(s: GameState, a: Clear, v: Verdict, ev: list[Event]) -> GameState:
    return evolve(s, aim=None)


def _apply_fire(s: GameState, a: Fire, v: Verdict, ev: list[Event]) -> GameState:
    aim = s.aim
    assert aim is not None                        # check refuses Fire with nothing aimed
    if aim.part is not None and not aim.attackers:
        return ogre_fires_at_ogre(s, ev)          # an Ogre at the other side's Ogre
    if s.phase is OGRE_FIRE:
        return ogre_fires(s, ev)
    return defenders_fire(s, ev)


def _apply_done(s: GameState, a: Done, v: Verdict, ev: list[Event]) -> GameState:
    phase = s.phase
    nxt = _NEXT_PHASE[phase]
    if phase is OGRE_MOVE:
        for o in s.ogres:
            if o.fired != _NONE_FIRED:
                s = evolve(s, ogre=evolve_ogre(o, fired=_NONE_FIRED))
        s = evolve(s, ap_hit=_NONE_HIT, aim=None, phase=nxt)
    elif phase is OGRE_FIRE:
        s = _recover_and_ready(s, ev, nxt)
    elif phase is DEFENSE_FIRE:
        pieces = tuple([p if not (p.moved or p.base_moved) and p.start == p.hex
                        else piece_start(p) for p in s.pieces])
        if all(map(operator.is_, pieces, s.pieces)):
            s = evolve(s, aim=None, phase=nxt)
        else:
            s = evolve(s, pieces=pieces, aim=None, phase=nxt, index=index_in_place(s, pieces))
    elif phase is GEV_MOVE:
        limit = s.options.time_limit
        if limit and s.turn >= limit:
            return _time_up(s, ev)
        s = _next_turn(s, ev, nxt)
    else:
        s = evolve(s, aim=None, phase=nxt)
    ev.append(_PHASE_EVENTS[nxt])
    return s


def _recover_and_ready(s: GameState, ev: list[Event], nxt: Phase) -> GameState:
    """T1: after the Ogre fires, armor disabled in an earlier turn recovers (C4); on to `nxt`."""
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
        return evolve(s, aim=None, phase=nxt)     # nothing to reset: the index stays good
    ready = tuple(pieces)
    return evolve(s, pieces=ready, aim=None, phase=nxt, index=index_in_place(s, ready))


def _time_up(s: GameState, ev: list[Event]) -> GameState:
    """7.02: the last turn is played and no victory condition of 1.03 was met (the battle would
    have ended): the defender wins a marginal victory."""
    ev.append(Event("time_up", f"Time is up after turn {s.turn}"))
    return evolve(s, phase=OVER, result=MARGINAL_DEFENSE, aim=None)


def _next_turn(s: GameState, ev: list[Event], nxt: Phase) -> GameState:
    """A new turn, from phase `nxt`: each Ogre's move is fresh, and infantry on its hex loses a
    squad (M8)."""
    s = evolve(s, turn=s.turn + 1, aim=None, phase=nxt)
    for o in s.ogres:
        s = evolve(s, ogre=evolve_ogre(o, moved=0, rams=0, undo_hex=o.hex, undo_moved=0))
        if o.on_map and o.weapons[3]:
            for p in s.at(o.hex):
                if p.kind is INFANTRY:
                    ev.append(Event("overrun", f"{p.name} under the {o.name}: reduced", p.id,
                                    p.hex, result="reduced"))
                    s = lose_squad(s, p)
    return s


_NONE_FIRED = (0, 0, 0, 0)
_NONE_HIT: frozenset[int] = frozenset()
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
