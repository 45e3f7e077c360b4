"""Fire resolved (C2-C7): who may fire, the odds of what is aimed, the die, and what it does to
the target; and the squads infantry loses or merges (M5, M8). game.apply calls ogre_fires or
defenders_fire when Fire is played."""

from __future__ import annotations

import operator
from fractions import Fraction

from . import combat
from .command_post import defense_of, disabled_by_a_d, name_of
from .dice import roll
from .errors import RuleError
from .events import Event
from .scenarios import ogre_called
from .state import (
    OGRE_ID,
    Aiming,
    GameState,
    Ogre,
    Piece,
    evolve,
    evolve_ogre,
    evolve_piece,
    index_in_place,
)
from .units import CP, INFANTRY, TREADS, WEAPON_STATS, WEAPONS, Weapon, weapons_text
from .units import counts as counts_of

W_ATTACK = tuple(WEAPON_STATS[w].attack for w in WEAPONS)


def group(s: GameState, p: Piece, q: Piece, ev: list[Event]) -> GameState:
    """M5: infantry q joins p in its hex; the merged unit keeps the larger distance moved and
    cannot be undone."""
    moved = max(p.moved, q.moved)
    merged = evolve_piece(p, squads=p.squads + q.squads, moved=moved, start=p.hex,
                          base_moved=moved, fired=p.fired + q.fired)
    ev.append(Event("group", f"Grouped into {merged.name}", p.id, p.hex))
    return s.with_pieces(tuple([merged if x is p else x for x in s.pieces if x is not q]))


def lose_squad(s: GameState, p: Piece) -> GameState:
    if p.squads <= 1:
        return s.replace_piece(None, p.id)
    return s.replace_piece(evolve_piece(p, squads=p.squads - 1, fired=min(p.fired, p.squads - 1)),
                           p.id)


def check_firer(s: GameState, p: Piece) -> None:
    """C2-C7's refusals of a unit aimed in its side's fire: a CP never fires, a disabled unit
    neither, each infantry squad once a turn, armor once."""
    if p.kind is CP:
        raise RuleError("cp_attack")
    if p.disabled:
        raise RuleError("disabled_attack")
    aimed = s.aim.attackers.count(p.id) if s.aim else 0
    if p.kind is INFANTRY:
        if p.fired + aimed >= p.squads:
            raise RuleError("squad_spent")
    elif p.fired:
        raise RuleError("already_fired")
    elif aimed:
        raise RuleError("already_aimed")


def aim_attack(s: GameState, aim: Aiming) -> int:
    """Total attack strength of what is aimed: an Ogre's weapons, or defenders (an infantry id
    counts one squad each time)."""
    if not aim.attackers:
        return sum(n * WEAPON_STATS[w].attack for w, n in zip(WEAPONS, aim.weapons))
    known = s.known
    return sum(1 if known(pid).kind is INFANTRY else known(pid).attack for pid in aim.attackers)


def aim_odds(s: GameState, aim: Aiming) -> str:
    if aim.part is None:
        return combat.odds(aim_attack(s, aim), defense_of(s.known(aim.target), s.options))
    if aim.part is TREADS:
        return combat.TREADS_COLUMN
    return combat.odds(aim_attack(s, aim), WEAPON_STATS[aim.part].defense)


def aim_kill_probability(s: GameState, aim: Aiming) -> Fraction:
    """The figure at the bottom of the sidebar (C5, C6, C7)."""
    disabled = aim.part is None and s.known(aim.target).disabled
    return combat.kill_probability(aim_odds(s, aim), disabled)


def ogre_fires(s: GameState, ev: list[Event]) -> GameState:
    aim = s.aim
    assert aim is not None                    # check refuses Fire with nothing aimed
    o = s.known_ogre(aim.ogre)
    counts = aim.weapons
    target = s.known(aim.target)
    column = combat.odds(sum(map(operator.mul, counts, W_ATTACK)),         # aim_odds
                         defense_of(target, s.options))
    die, rng = roll(s.rng)
    result = combat.crt(column, die)
    _, main, secondary, ap = o.weapons
    weapons = (o.weapons[0] - counts[0], main, secondary, ap)     # missiles are one-shot
    o = Ogre(o.mark, o.hex, o.treads, weapons, counts_of(map(operator.add, o.fired, counts)),
             o.missiles_spent + counts[0], o.moved, o.undo_hex, o.undo_moved, o.rams, o.exited,
             o.id)
    ap_hit = s.ap_hit | {target.id} if counts[3] and target.kind is INFANTRY else s.ap_hit
    s = evolve(s, ogre=o, rng=rng, aim=None, ap_hit=ap_hit)
    s, word = hit_unit(s, target, result)
    text = f"{o.name} fires {weapons_text(counts)} at {name_of(target, s.options)}: {word}"
    ev.append(Event("fire", text, target.id, target.hex, die, column, word))
    return s


def hit_unit(s: GameState, p: Piece, result: str) -> tuple[GameState, str]:
    """C3: D reduces infantry, disables armor (and a hardened CP, 8.05), destroys disabled armor
    and the 1986 CP; X destroys."""
    if result == "NE":
        return s, "miss"
    if result == "X":
        return s.replace_piece(None, p.id), "destroyed"
    if p.kind is INFANTRY:
        return lose_squad(s, p), "reduced"
    if not disabled_by_a_d(p, s.options):
        return s.replace_piece(None, p.id), "destroyed"
    return s.replace_piece(evolve_piece(p, disabled_turn=s.turn), p.id), "disabled"


def defenders_fire(s: GameState, ev: list[Event]) -> GameState:
    aim = s.aim
    assert aim is not None and aim.part is not None    # check refuses Fire with nothing aimed
    o = s.known_ogre(aim.ogre)
    part = aim.part
    o, die, column, word, lost, rng = _fire_on_part(o, part, aim_attack(s, aim), s.rng)
    shots: dict[int, int] = {}
    for pid in aim.attackers:
        shots[pid] = shots.get(pid, 0) + 1
    pieces = tuple(evolve_piece(p, fired=p.fired + shots[p.id]) if p.id in shots else p
                   for p in s.pieces)
    s = evolve(s, pieces=pieces, ogre=o, rng=rng, aim=None, index=index_in_place(s, pieces))
    whose = "" if o.id == OGRE_ID else f" of {o.name}"
    ev.append(Event("fire", f"Defense fires at {WEAPON_STATS[part].name}{whose}: {word}",
                    o.id, o.hex, die=die, odds=column, result=word, treads_lost=lost))
    return s


def ogre_fires_at_ogre(s: GameState, ev: list[Event]) -> GameState:
    """An Ogre's weapons at a part of an enemy Ogre (6.11, for the Duel): combined on a weapon,
    one at a time on the treads; the missiles fired are spent."""
    aim = s.aim
    assert aim is not None and aim.part is not None     # check refuses Fire with nothing aimed
    firer, target = s.known_ogre(aim.ogre), s.known_ogre(aim.target)
    counts = aim.weapons
    part = aim.part
    target, die, column, word, lost, rng = _fire_on_part(target, part, aim_attack(s, aim), s.rng)
    weapons = counts_of((firer.weapons[0] - counts[0], *firer.weapons[1:]))
    firer = evolve_ogre(firer, weapons=weapons,
                        fired=counts_of(map(operator.add, firer.fired, counts)),
                        missiles_spent=firer.missiles_spent + counts[0])
    s = evolve(evolve(s, ogre=firer), ogre=target, rng=rng, aim=None)
    ev.append(Event("fire", f"{ogre_called(s.scenario, firer)} fires {weapons_text(counts)} at "
                    f"{WEAPON_STATS[part].name} of {ogre_called(s.scenario, target)}: {word}",
                    target.id, target.hex,
                    die=die, odds=column, result=word, treads_lost=lost))
    return s


def _fire_on_part(o: Ogre, part: Weapon, attack: int, rng: int
                  ) -> tuple[Ogre, int, str, str, int, int]:
    """C6, C7: one attack on a part of an Ogre: (the Ogre after it, the die, the odds column,
    the result's words, the treads lost, the dice state after). Treads are always at 1-1 and
    an X costs as many treads as the attack's strength; an X on a weapon destroys one."""
    column = (combat.TREADS_COLUMN if part is TREADS                         # aim_odds
              else combat.odds(attack, WEAPON_STATS[part].defense))
    die, rng = roll(rng)
    result = combat.crt(column, die)
    lost = 0
    if result == "X" and part is TREADS:
        lost = min(attack, o.treads)          # C7: treads lost equal the attack strength
        o = evolve_ogre(o, treads=o.treads - lost)
        word = f"hit: {lost} treads"
    elif result == "X":
        i = WEAPONS.index(part)
        weapons = list(o.weapons)
        weapons[i] -= 1
        fired = list(o.fired)
        fired[i] = min(fired[i], weapons[i])
        o = evolve_ogre(o, weapons=counts_of(weapons), fired=counts_of(fired))
        word = f"hit: {WEAPON_STATS[part].name} destroyed"
    else:
        word = "Glanced" if result == "D" else "miss"
    return o, die, column, word, lost, rng
