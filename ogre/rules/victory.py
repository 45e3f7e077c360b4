"""The end of the battle (G4): the six victory levels in the manual's words, and when each holds."""

from __future__ import annotations

from .hexes import distance
from .legal import ogre_weapon_reaches
from .scenarios import SCENARIOS
from .state import GameState
from .units import STATS, WEAPONS

COMPLETE_OGRE = "Complete Ogre Victory"
OGRE_VICTORY = "Ogre Victory"
MARGINAL_OGRE = "Marginal Ogre Victory"
COMPLETE_DEFENSE = "Complete Defense Victory"
DEFENSE_VICTORY = "Defense Victory"
MARGINAL_DEFENSE = "Marginal Defense Victory"
OGRE_WINS = (COMPLETE_OGRE, OGRE_VICTORY, MARGINAL_OGRE)
MOBILE = frozenset(kind for kind, stats in STATS.items() if stats.move > 0)
VICTORY_LEVELS = (COMPLETE_OGRE, OGRE_VICTORY, MARGINAL_OGRE,
                  COMPLETE_DEFENSE, DEFENSE_VICTORY, MARGINAL_DEFENSE)


def victory_level(s: GameState) -> str:
    """The level if the battle is over now, else ''."""
    if s.over:
        return s.result
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


def out_of_the_fight(s: GameState) -> bool:
    """Our ruling for a battle that can no longer change: an Ogre with no treads, no weapon that
    reaches a defender, and no defender that can move or reach it is scored as destroyed."""
    o = s.ogre
    if o.treads > 0 or not o.on_map:
        return False
    if not MOBILE.isdisjoint([p.kind for p in s.pieces]):
        return False                  # asked after every action once the treads are gone
    for p in s.pieces:
        if p.attack and distance(p.hex, o.hex) <= p.range:
            return False
        if any(o.weapons[i] and ogre_weapon_reaches(o, w, p) for i, w in enumerate(WEAPONS)):
            return False
    return True
