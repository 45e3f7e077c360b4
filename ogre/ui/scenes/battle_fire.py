"""Fire on the battle screen (C5-C7): a drag from a piece of the side firing onto an enemy
becomes an aim. An Ogre picks its weapons in the weapon dialog; a unit aimed at an Ogre picks
the part in the part dialog; in Ogre Defending a unit aimed at a unit needs no dialog. A
2- or 3-squad unit aims one squad a drag, Shift+drag every squad that can still fire.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ogre.match.match import Match
from ogre.rules import Aim, OgreAim, RuleError, check
from ogre.rules.actions import AimAt
from ogre.rules.errors import MESSAGES
from ogre.rules.scenarios import ogre_called
from ogre.rules.sides import acting_side, acts_for, enemies
from ogre.rules.state import GameState, Ogre
from ogre.rules.units import WEAPON_STATS, WEAPONS, Weapon
from ogre.ui.dialogs.attack import PartDialog, WeaponDialog
from ogre.ui.scenes import aims
from ogre.ui.toolkit.choices import ListDialog

PART_TITLE = "Aim at a Part"


class Battle(Protocol):
    """What fire needs of the battle screen (ui/scenes/battle.py's Battle)."""

    @property
    def state(self) -> GameState: ...
    @property
    def seen(self) -> GameState: ...         # what the player at the screen may see (8.04)
    match: Match
    selected: int | None
    every_squad: bool

    def act(self, action: Any, confirmed: bool = False) -> bool: ...
    def refuse(self, message: str) -> None: ...
    def open(self, dialog: Any) -> None: ...
    def top_at(self, h: int, side: str | None = None) -> int | None: ...
    def top_where(self, h: int, keep: Callable[[int], bool]) -> int | None: ...


def attack(b: Battle, src: int, dst: int) -> None:
    """A drag in a fire phase, from the firer's hex onto the target's."""
    s = b.state
    if acting_side(s) is None:
        return
    firer = b.top_where(src, lambda i: acts_for(s, i))
    if firer is None:
        b.refuse(MESSAGES["no_attacker"])
        return
    target = b.top_where(dst, lambda i: enemies(s, firer, i))
    if target is None:
        b.refuse(MESSAGES["no_target"])
        return
    ogre, aimed_at = s.ogre_unit(firer), s.ogre_unit(target)
    if ogre is not None:
        _ogre_fires(b, ogre, target)
    elif aimed_at is not None:
        _at_ogre(b, firer, aimed_at)
    else:
        b.selected = firer
        _squads(b, AimAt(firer, target))


def _ogre_fires(b: Battle, firer: Ogre, target: int, part: Weapon | None = None) -> None:
    s = b.state
    if s.aim is not None and (s.aim.target != target or s.aim.ogre != firer.id):
        b.refuse(MESSAGES["one_target"])
        return
    enemy = s.ogre_unit(target)
    if enemy is not None and part is None:          # an Ogre at an Ogre (9.01): a part first
        if s.aim is not None and s.aim.part is not None:
            part = s.aim.part                       # more guns at the part aimed at
        else:
            _choose_part(b, firer, enemy)
            return
    dialog = WeaponDialog(b.seen, target, lambda counts: counts is not None and b.act(
        OgreAim(target, counts, firer.id, part)), firer, part)
    if not any(dialog.limits):
        b.refuse(MESSAGES["out_of_range"])
        return
    b.selected = target
    b.open(dialog)


def _choose_part(b: Battle, firer: Ogre, enemy: Ogre) -> None:
    """Which of the enemy Ogre's parts its guns aim at; its weapons then."""
    parts = [w for w in (*WEAPONS, Weapon.TREADS) if enemy.intact(w) > 0]
    rows = [(f"{WEAPON_STATS[w].name}: {enemy.intact(w)} left", w in parts)
            for w in (*WEAPONS, Weapon.TREADS)]

    def picked(i: int | None) -> None:
        if i is not None:
            _ogre_fires(b, firer, enemy.id, (*WEAPONS, Weapon.TREADS)[i])
    b.selected = enemy.id
    b.open(ListDialog(PART_TITLE, f"{ogre_called(b.state.scenario, firer)} aims at which part of "
                      f"{ogre_called(b.state.scenario, enemy)}?", rows,
                      picked))


def _at_ogre(b: Battle, pid: int, target: Ogre) -> None:
    s = b.state
    b.selected = pid
    at = target.id
    if s.aim is not None and s.aim.part is not None:
        _squads(b, Aim(pid, s.aim.part, at))
        return
    parts = [w for w in (*WEAPONS, Weapon.TREADS) if target.intact(w) > 0]
    probe = parts[0] if parts else Weapon.TREADS
    try:
        check(s, Aim(pid, probe, at))
    except RuleError as err:
        b.refuse(err.message)
        return
    if parts and all(b.match.refusal(Aim(pid, w, at)) for w in parts):
        b.act(Aim(pid, probe, at))   # X6: a lesson's refusal (with its hint) before the part
        return
    b.open(PartDialog(s, pid, lambda part: part is not None and _squads(b, Aim(pid, part, at)),
                      every_squad=b.every_squad, aimed_at=target))


def _squads(b: Battle, aim: Aim | AimAt) -> bool:
    """One squad per drag, as the manual has it; Shift+drag: every squad that can still fire,
    each its own aim (issue 30 (4)). Whether one was aimed."""
    if b.every_squad:
        return aims.every_squad(b.act, lambda: b.state, aim) > 0
    return b.act(aim)
