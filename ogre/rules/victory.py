"""The end of the battle (G4): when each victory level holds (rules.levels has their words)."""

from __future__ import annotations

from .assault_play import assault_level
from .duel import DUEL_RESULTS, duel_level
from .enemy_ogres import can_hurt
from .hexes import distance
from .legal import ogre_weapon_reaches
from .levels import (
    ATTACK_LEVELS,
    COMPLETE_DEFENSE,
    COMPLETE_OGRE,
    DEFENSE_VICTORY,
    MARGINAL_DEFENSE,
    MARGINAL_OGRE,
    OGRE_VICTORY,
    VICTORY_LEVELS,
)
from .scenarios import ASSAULTS, DUELS, SCENARIOS, WATCHDOGS
from .state import GameState, Ogre
from .units import STATS, WEAPONS

OGRE_WINS = (COMPLETE_OGRE, OGRE_VICTORY, MARGINAL_OGRE)
ATTACK_WINS = (*OGRE_WINS, *ATTACK_LEVELS)     # the attacking side's, an Ogre or a force
MOBILE = frozenset(kind for kind, stats in STATS.items() if stats.move > 0)
# every way a battle can end, the Duels' and Ogre Defending's too
RESULTS = (*VICTORY_LEVELS, *ATTACK_LEVELS, *DUEL_RESULTS)


def victory_level(s: GameState) -> str:
    """The level if the battle is over now, else ''."""
    if s.over:
        return s.result
    if s.scenario in DUELS:
        return duel_level(s)
    if s.scenario in ASSAULTS:
        return assault_level(s)
    if len(s.ogres) > 1:
        return _several_ogres_level(s)
    o = s.ogre
    if s.pieces and not o.exited and o.treads > 0:
        return ""               # the usual case, asked after every action: the battle goes on
    cp_alive = s.command_post is not None
    if not s.pieces:
        return COMPLETE_OGRE
    if o.exited:
        return MARGINAL_DEFENSE if cp_alive else OGRE_VICTORY
    if o.destroyed or out_of_the_fight(s):
        if not cp_alive:
            return MARGINAL_OGRE
        enough = s.surviving_attack_points() >= SCENARIOS[s.scenario].complete_defense_points
        return COMPLETE_DEFENSE if enough else DEFENSE_VICTORY
    return ""


def out_of_the_fight(s: GameState, o: Ogre | None = None) -> bool:
    """Our ruling for a battle that can no longer change: an Ogre with no treads, no weapon that
    reaches a defender, and no defender that can move or reach it is scored as destroyed (the
    battle's one Ogre unless another is named)."""
    if o is None:
        o = s.ogre
    if o.treads > 0 or not o.on_map:
        return False
    dogs = WATCHDOGS.get(s.scenario, ()) if len(s.ogres) > 1 else ()
    if any(w.id in dogs and (can_hurt(w, o) or can_hurt(o, w)) for w in s.ogres):
        return False                  # the defense's Ogre and it can still fight it out
    if not MOBILE.isdisjoint([p.kind for p in s.pieces]):
        return False                  # asked after every action once the treads are gone
    for p in s.pieces:
        if p.attack and distance(p.hex, o.hex) <= p.range:
            return False
        if any(o.weapons[i] and ogre_weapon_reaches(o, w, p) for i, w in enumerate(WEAPONS)):
            return False
    return True


def _several_ogres_level(s: GameState) -> str:
    """1.03 by analogy for several attacking Ogres (9.02) or a defense with an Ogre of its own
    (9.01): the battle ends when every attacking Ogre has left the map or is out of the fight
    (or no defender is left, the defense's Ogre destroyed too); it is an Ogre victory when the
    CP fell and an Ogre escaped, marginal when the CP fell and none did."""
    dogs = WATCHDOGS.get(s.scenario, ())
    if not s.pieces and all(o.destroyed for o in s.ogres if o.id in dogs):
        return COMPLETE_OGRE
    attackers = [o for o in s.ogres if o.id not in dogs]
    fighting = [o for o in attackers if not o.exited and not _out(s, o)]
    if fighting:
        return ""
    cp_alive = s.command_post is not None
    escaped = any(o.exited for o in attackers)
    if not cp_alive:
        return OGRE_VICTORY if escaped else MARGINAL_OGRE
    if escaped:
        return MARGINAL_DEFENSE
    enough = s.surviving_attack_points() >= SCENARIOS[s.scenario].complete_defense_points
    return COMPLETE_DEFENSE if enough else DEFENSE_VICTORY


def _out(s: GameState, o: Ogre) -> bool:
    return o.destroyed or out_of_the_fight(s, o)
