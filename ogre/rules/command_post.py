"""The command post under the optional rules: the Command Crawler moves (8.02), the hardened CP
has a defense (8.05). With both switches off it is the 1986 CP: it never moves, any attack
destroys it, and a ram destroys it at no cost to the Ogre (5.03.3).

Where the pocket edition is silent we rule by 8.05's own words, a D disables and a second
destroys: a rammed hardened CP, fixed or crawling, is rolled for as mobile armor is (1-3 disabled,
4-6 destroyed, a disabled one destroyed) and costs the Ogre a tread. A Crawler moves like armor,
may not ram the Ogre (it is not armor, 5.03.6) and has no GEV second move.

>>> from ogre.rules.options import NO_OPTIONS, Options
>>> cp = Piece(1, CP, 101)
>>> defense_of(cp, Options(hardened_cp=2)), defense_of(cp, NO_OPTIONS)
(2, 0)
>>> crawler = Options(command_crawler=True)
>>> defender_allowance(cp, DEFENSE_MOVE, crawler), defender_allowance(cp, GEV_MOVE, crawler)
(1, 0)
"""

from __future__ import annotations

from .options import Options
from .state import DEFENSE_MOVE, GEV_MOVE, Phase, Piece
from .units import CP, HEAVY, HOWITZER, STATS, Kind

CRAWLER_MOVE = 1
CRAWLER_NAME = "Command Crawler"

# Move points per phase and kind (M6: GEVs 4, then 3 after firing), with the CP still or crawling.
_STILL = {
    DEFENSE_MOVE: {k: s.move for k, s in STATS.items()},
    GEV_MOVE: {k: s.second_move for k, s in STATS.items()},
}
_CRAWLING = {phase: {**table, CP: CRAWLER_MOVE if phase is DEFENSE_MOVE else 0}
             for phase, table in _STILL.items()}


def allowances(phase: Phase, options: Options) -> dict[Kind, int]:
    """Move points by kind in this move phase of the defense."""
    return (_CRAWLING if options.command_crawler else _STILL)[phase]


def defender_allowance(p: Piece, phase: Phase, options: Options) -> int:
    """Move points a defender has in this phase (M6: GEVs 4, then 3 after firing; 8.02)."""
    if p.kind is CP:
        return CRAWLER_MOVE if options.command_crawler and phase is DEFENSE_MOVE else 0
    stats = STATS[p.kind]
    return stats.second_move if phase is GEV_MOVE else stats.move


def defense_of(p: Piece, options: Options) -> int:
    """A defender's defense strength: the hardened CP's is the switch's (8.05)."""
    return options.hardened_cp if p.kind is CP else p.defense


def ram_tread_cost(p: Piece, options: Options) -> int:
    """M7: a heavy tank costs the Ogre 2 treads, other armor 1, the Command Post nothing (a
    hardened one, 1)."""
    if p.kind is HEAVY:
        return 2
    if p.kind is CP:
        return 1 if options.hardened_cp else 0
    return 1


def rammed_in_place(p: Piece, options: Options) -> bool:
    """M7: is a rammed unit destroyed outright (it cannot move away), rather than rolled for?"""
    if p.kind is CP:
        return not options.hardened_cp or p.disabled
    return p.kind is HOWITZER or p.disabled


def disabled_by_a_d(p: Piece, options: Options) -> bool:
    """C3 and 8.05: a D disables active armor and a hardened CP; it destroys anything else."""
    if p.kind is CP:
        return bool(options.hardened_cp) and not p.disabled
    return not p.disabled


def name_of(p: Piece, options: Options) -> str:
    return CRAWLER_NAME if p.kind is CP and options.command_crawler else p.name

