"""One Ogre against an enemy Ogre, wherever two meet (the Duel, 9.04; the defense's own Ogre,
9.01): its aim at a part of the enemy (6.07, 6.11, 6.11.2), its ram (5.03.4, 5.03.5) and its way
past enemies, whose hexes it may ram but never cross.
"""

from __future__ import annotations

from collections.abc import Container

from .actions import OgreAim
from .errors import RuleError
from .events import Event, Verdict, shared_verdict
from .hexes import DISTANCE, on_map
from .movement import _ogre_bfs
from .rams import RAMS_A_TURN, ram_cost, ram_ogre
from .scenarios import ogre_called
from .state import GameState, Ogre, evolve, evolve_ogre
from .units import TREADS, WEAPON_STATS, WEAPONS, Weapon, counts

GUNS = (0, 1, 2)                  # the weapons that hurt an Ogre: all but antipersonnel
W_RANGE = tuple(WEAPON_STATS[w].range for w in WEAPONS)
PARTS = (*WEAPONS, TREADS)        # what one Ogre may aim at on another (6.11)


def reaches(o: Ogre, i: int, target: Ogre) -> bool:
    """Does o's weapon i reach the target Ogre (antipersonnel never hurts one)?"""
    return i in GUNS and DISTANCE[o.hex][target.hex] <= W_RANGE[i]


def reach_past(s: GameState, o: Ogre, stops: Container[int]) -> dict[int, int]:
    """Hexes o can move onto this phase with their cost, where `stops` (enemies' hexes, and
    defenders' for an attacking Ogre) end a way: to ram them, never to cross."""
    return _ogre_bfs(s.board, o.hex, o.moves_left, stops)


def check_step(s: GameState, o: Ogre, to: int) -> None:
    """M1-M3's refusals of an Ogre's move to `to` where Ogres fight Ogres (the 1986 Ogre's own
    check may also ram or overrun where it stands)."""
    if o.treads <= 0:
        raise RuleError("no_treads")
    if o.moves_left <= 0:
        raise RuleError("has_moved")
    if type(to) is not int or not on_map(to):
        raise RuleError("off_map")
    if to == o.hex:
        raise RuleError("move_a_piece", "the Ogre is already there")
    if s.board.is_crater(to):
        raise RuleError("crater")
    if DISTANCE[o.hex][to] > o.moves_left:
        raise RuleError("too_far")


def may_ram(o: Ogre, rammed: Ogre) -> bool:
    """5.03.4, 5.03.5 ("twice per turn, or one enemy Ogre per turn"): o has a ram left this
    turn (an Ogre ram spends them all, and its move) and the treads to pay for this one."""
    return o.rams < RAMS_A_TURN and ram_cost(o, rammed) <= o.treads


def ram_origin(s: GameState, o: Ogre, to: int, cost: int, found: dict[int, int]) -> int | None:
    """Where a ram on the enemy at `to`, `cost` steps away in `found` (o's reach, the hexes it
    passes through included), comes from: o's own hex when it stands beside it, else the
    lowest-numbered free hex beside `to` on a shortest way; None when no such hex is free."""
    if cost == 1:
        return o.hex
    return min((h for h, c in found.items() if c == cost - 1 and DISTANCE[h][to] == 1
                and s.ogre_at(h) is None and not s.at(h)), default=None)


def check_ram(o: Ogre, rammed: Ogre, cost: int) -> Verdict:
    """5.03.4, 5.03.5: an Ogre's ram on an enemy Ogre, or the 1986 refusal."""
    if o.rams >= RAMS_A_TURN:
        raise RuleError("two_rams")
    if ram_cost(o, rammed) > o.treads:
        raise RuleError("ram_treads")
    return shared_verdict("ram_ogre", cost, rammed.id, True)


def ram(s: GameState, o: Ogre, rammed: Ogre, to: int, cost: int, found: dict[int, int],
        ev: list[Event]) -> GameState:
    """Play o's ram on the enemy Ogre at `to`, `cost` steps away in `found` (its reach): o
    stops in the hex before (ram_origin, which check found), and the dice decide the rammed
    Ogre's treads."""
    before = ram_origin(s, o, to, cost, found)
    assert before is not None                     # check refused a ram from nowhere
    o = evolve_ogre(o, hex=before, moved=o.moved + cost - 1)
    done = ram_ogre(o, rammed, s.rng)
    lost = rammed.treads - done.rammed.treads        # the dice's total, down to none
    me, it = ogre_called(s.scenario, o), ogre_called(s.scenario, rammed)
    ev.append(Event("ram_ogre", f"{me} rams {it}: {it} loses {lost} "
                    f"treads, {me} loses {o.treads - done.rammer.treads}", rammed.id, to,
                    result="rammed", treads_lost=lost))
    return evolve(evolve(s, ogre=done.rammer), ogre=done.rammed, rng=done.rng)


def check_aim_at_ogre(s: GameState, a: OgreAim, o: Ogre, target: Ogre | None) -> Verdict:
    """An Ogre's weapons at one part of an enemy Ogre: combined on a weapon (6.07), one at a
    time on the treads (6.11.2), never its antipersonnel; or the 1986 refusal."""
    if s.aim is not None and (s.aim.target != a.target or s.aim.part is not a.part
                              or s.aim.ogre != a.ogre):
        raise RuleError("one_target")
    if (target is None or target.id == o.id or not target.on_map
            or not isinstance(a.part, Weapon) or target.intact(a.part) <= 0):
        raise RuleError("no_target")
    w = a.weapons
    if len(w) != 4 or any(type(n) is not int for n in w) or min(w) < 0 or not any(w):
        raise RuleError("no_attacker")
    if w[3]:
        raise RuleError("no_target", "antipersonnel")
    if a.part is TREADS and sum(w) > 1:
        raise RuleError("treads_combined")
    for i in GUNS:
        if w[i] > o.weapons[i] - (0 if i == 0 else o.fired[i]):
            raise RuleError("already_fired", WEAPONS[i].value)
        if w[i] and not reaches(o, i, target):
            raise RuleError("out_of_range")
    return shared_verdict("aim", 0, target.id)


def aims_at(s: GameState, o: Ogre, targets: list[Ogre]) -> list[OgreAim]:
    """Every aim o may make now at a part of one of `targets`, one more gun than is aimed."""
    aim = s.aim
    current = aim.weapons if aim is not None else (0, 0, 0, 0)
    free = [i for i in GUNS if o.weapons[i] - (0 if i == 0 else o.fired[i]) > current[i]]
    out = []
    for target in targets:
        if aim is not None and aim.target != target.id:
            continue
        for part in PARTS:
            if target.intact(part) <= 0 or (aim is not None and aim.part is not part):
                continue
            if part is TREADS and any(current):
                continue                                    # 6.11.2: one weapon at a time
            for i in GUNS:
                if i in free and reaches(o, i, target):
                    aimed = counts(n + (j == i) for j, n in enumerate(current))
                    out.append(OgreAim(target.id, aimed, o.id, part))
    return out


def can_hurt(a: Ogre, b: Ogre) -> bool:
    """Can `a` ever do `b` harm: a gun it can bring to bear (it moves, or one reaches b where
    b stands), or a ram on treads b still has? Before they enter every Ogre can."""
    if not (a.on_map and b.on_map):
        return True
    if b.destroyed:
        return False
    if any(a.weapons[i] and (a.treads > 0 or reaches(a, i, b)) for i in GUNS):
        return True
    return b.treads > 0 and a.treads >= ram_cost(a, b)
