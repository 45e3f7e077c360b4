"""Ogres ramming Ogres and the limit on ramming (pocket edition 5.03.4, 5.03.5), for the battles
of several Ogres; a 1986 battle has one Ogre and never comes here. (Armor ramming an Ogre,
5.03.6, is the 1986 game's own "ram_ogre".)

An Ogre rams another by moving onto its hex, and then ends its movement for the turn in the hex
it came from. It loses 5 treads ramming a larger Ogre, 3 ramming a smaller one or one of its
size; the rammed Ogre loses the total of two dice when a Mark III rams, four when a Mark V does.
Only treads are lost. An Ogre rams no more than twice a turn, or one enemy Ogre: ramming an
Ogre spends the turn's rams as it spends the move.

>>> from ogre.rules.dice import seed_state
>>> from ogre.rules.state import Ogre
>>> v, iii = Ogre.fresh(5, id=0), Ogre.fresh(3, id=-1)
>>> ram_cost(v, iii), ram_cost(iii, v), ram_dice(v), ram_dice(iii)
(3, 5, 4, 2)
>>> done = ram_ogre(v, iii, seed_state(1))
>>> done.rammer.treads, done.rammed.treads == iii.treads - sum(done.faces), len(done.faces)
(57, True, 4)
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import roll
from .state import Ogre, evolve_ogre
from .units import MARKS, ogre_move_value

RAMS_A_TURN = 2                 # 5.03.5: rams of armor a turn; an enemy Ogre takes them all
LARGER_COST, OTHER_COST = 5, 3  # 5.03.4: treads the rammer loses
RAM_DICE = {3: 2, 5: 4}         # 5.03.4: dice the rammed Ogre loses in treads, by rammer's Mark


@dataclass(frozen=True)
class OgreRam:
    """What one Ogre ramming another came to: both Ogres after it, the dice state after the
    roll, and the faces rolled (their total the treads the rammed Ogre lost)."""

    rammer: Ogre
    rammed: Ogre
    rng: int
    faces: tuple[int, ...]

    @property
    def treads_lost(self) -> int:
        return sum(self.faces)


def ram_cost(rammer: Ogre, rammed: Ogre) -> int:
    """5.03.4: the treads the rammer loses: 5 against a larger Ogre, 3 against any other."""
    return LARGER_COST if rammed.mark > rammer.mark else OTHER_COST


def ram_dice(rammer: Ogre) -> int:
    """5.03.4: how many dice the rammer throws for the rammed Ogre's lost treads."""
    return RAM_DICE[rammer.mark]


def may_ram_ogre(rammer: Ogre) -> bool:
    """5.03.5: an Ogre on the map with a move left that has rammed less than twice this turn
    (and so no Ogre: that ends its turn's rams and its move)."""
    return rammer.on_map and rammer.moves_left > 0 and rammer.rams < RAMS_A_TURN


def ram_ogre(rammer: Ogre, rammed: Ogre, rng: int) -> OgreRam:
    """5.03.4: `rammer` rams `rammed` from where it stands (it does not enter the hex): it
    loses its treads, throws its dice for the rammed Ogre's, and its move and rams for the turn
    are spent. Only treads are lost, never below none."""
    faces = []
    for _ in range(ram_dice(rammer)):
        face, rng = roll(rng)
        faces.append(face)
    treads = max(0, rammer.treads - ram_cost(rammer, rammed))
    spent = max(rammer.moved, ogre_move_value(treads, MARKS[rammer.mark].treads))
    after = evolve_ogre(rammer, treads=treads, moved=spent, undo_hex=rammer.hex,
                        undo_moved=spent, rams=RAMS_A_TURN)
    hit = evolve_ogre(rammed, treads=max(0, rammed.treads - sum(faces)))
    return OgreRam(after, hit, rng, tuple(faces))
