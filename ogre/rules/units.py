"""Unit kinds and the two Ogres, with the 1986 manual's exact numbers (U1-U3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

OGRE_ID = 0   # the 1986 Ogre's id in actions; others count down (-1, -2), defenders up from 1


def is_ogre_id(pid: int) -> bool:
    """Whether an id in an action or event names an Ogre (0, -1, -2...) rather than a defender."""
    return pid <= OGRE_ID


def ogre_id(n: int) -> int:
    """The id of the battle's n-th Ogre, counted from 1: 0 for the first (the 1986 Ogre)."""
    return OGRE_ID + 1 - n


class Kind(str, Enum):
    HEAVY = "heavy"
    MISSILE = "missile"
    HOWITZER = "howitzer"
    GEV = "gev"
    INFANTRY = "infantry"
    CP = "cp"
    MARKER = "marker"     # a camouflaged unit as the other side sees it (8.04): never in a field


@dataclass(frozen=True)
class UnitStats:
    name: str
    attack: int
    range: int
    defense: int
    move: int
    second_move: int = 0      # the GEV's move after defense fire (M6)
    armor_cost: int = 1       # armor units it uses of the allowance (E9); 0 for infantry and CP


STATS: dict[Kind, UnitStats] = {
    Kind.HEAVY: UnitStats("Heavy Tank", 4, 2, 3, 3),
    Kind.MISSILE: UnitStats("Missile Tank", 3, 4, 2, 2),
    Kind.HOWITZER: UnitStats("Howitzer", 6, 8, 1, 0, armor_cost=2),
    Kind.GEV: UnitStats("GEV", 2, 2, 2, 4, second_move=3),
    # Infantry attack and defense equal the squads; these are per squad.
    Kind.INFANTRY: UnitStats("Infantry", 1, 1, 1, 2, armor_cost=0),
    Kind.CP: UnitStats("Command Post", 0, 0, 0, 0, armor_cost=0),
    # what the attacker knows of a unit under a marker: nothing (rules.views)
    Kind.MARKER: UnitStats("Marker", 0, 0, 0, 0, armor_cost=0),
}

ARMOR = frozenset({Kind.HEAVY, Kind.MISSILE, Kind.HOWITZER, Kind.GEV})

# The members as plain names for the engine's hot paths: in Python 3.11 `Kind.GEV` goes through
# the Enum metaclass's __getattr__ hook, about 100 ns a time.
HEAVY, MISSILE_TANK, HOWITZER, GEV, INFANTRY, CP = (Kind.HEAVY, Kind.MISSILE, Kind.HOWITZER,
                                                    Kind.GEV, Kind.INFANTRY, Kind.CP)
MARKER = Kind.MARKER
UNITS = tuple(k for k in Kind if k is not MARKER)   # the kinds a field and a force hold


class Weapon(str, Enum):
    """The Ogre's parts a defender can aim at, in the manual's order."""

    MISSILE = "missile"
    MAIN = "main"
    SECONDARY = "secondary"
    AP = "ap"
    TREADS = "treads"


WEAPONS: tuple[Weapon, ...] = (Weapon.MISSILE, Weapon.MAIN, Weapon.SECONDARY, Weapon.AP)

# One number per Ogre weapon, in WEAPONS order: what a Mark carries, what fired, what is aimed.
Counts: TypeAlias = tuple[int, int, int, int]


def counts(values: Iterable[int]) -> Counts:
    """Four numbers, one per Ogre weapon, as a Counts.

    >>> counts(n + 1 for n in (0, 0, 1, 2))
    (1, 1, 2, 3)
    """
    missiles, main, secondary, ap = values
    return (missiles, main, secondary, ap)
AP, TREADS = Weapon.AP, Weapon.TREADS


@dataclass(frozen=True)
class WeaponStats:
    name: str
    attack: int
    range: int
    defense: int


WEAPON_STATS: dict[Weapon, WeaponStats] = {
    Weapon.MISSILE: WeaponStats("Missiles", 6, 5, 3),
    Weapon.MAIN: WeaponStats("Main Battery", 4, 3, 4),
    Weapon.SECONDARY: WeaponStats("Secondary Battery", 3, 2, 3),
    Weapon.AP: WeaponStats("Antipersonnel", 1, 1, 1),
    Weapon.TREADS: WeaponStats("Treads", 0, 0, 1),
}


def weapons_text(counts: tuple[int, ...]) -> str:
    """Ogre weapons per WEAPONS slot as the messages name them: '1 Missiles, 2 Main Battery'."""
    counts = tuple(counts)
    text = _WEAPONS_TEXT.get(counts)
    if text is None:
        text = ", ".join(f"{n} {WEAPON_STATS[w].name}" for w, n in zip(WEAPONS, counts) if n)
        if len(_WEAPONS_TEXT) < 4096:
            _WEAPONS_TEXT[counts] = text
    return text


_WEAPONS_TEXT: dict[tuple[int, ...], str] = {}


@dataclass(frozen=True)
class OgreMark:
    name: str
    weapons: Counts   # missiles, main, secondary, antipersonnel
    treads: int
    complete_defense_points: int         # attack points left for a Complete Defense victory (G4)
    armor_units: int                     # standard deployment allowance (E9)
    infantry_squads: int
    forward_points: int                  # attack points allowed in front of the crater line


MARKS: dict[int, OgreMark] = {
    3: OgreMark("Mark III", (2, 1, 4, 8), 45, 30, 12, 20, 20),
    5: OgreMark("Mark V", (6, 2, 6, 12), 60, 50, 20, 30, 40),
}

OGRE_MOVE = 3


def ogre_move_value(treads: int, original: int) -> int:
    """3 hexes a turn; 2 at two-thirds of the treads or less; 1 at a third or less; 0 at none
    (U3)."""
    if treads <= 0:
        return 0
    if treads * 3 <= original:
        return 1
    if treads * 3 <= original * 2:
        return 2
    return OGRE_MOVE


def attack_points(kind: Kind, squads: int) -> int:
    return squads if kind is Kind.INFANTRY else STATS[kind].attack
