"""The defender's sheet of paper (8.03, 8.04): where its mines lie and which units are still
under markers. The rules engine holds the whole sheet; `rules.views` gives each side only what
it may know of it.

A mine a unit entered and that did not go off stays, and is known to both sides from then on:
the die was rolled in the open. A mine that went off is gone.

>>> NO_SECRETS.mines, Secrets(mines=frozenset({812})).lying
(frozenset(), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import quick_init
from .units import Kind

Markers = tuple[tuple[Kind, int], ...]    # (kind, squads) of the units under markers, sorted


@quick_init
@dataclass(frozen=True, slots=True)
class Secrets:
    mines: frozenset[int] = frozenset()        # the hexes of the mines still lying (8.03)
    found: frozenset[int] = frozenset()        # of those, the ones a die was rolled for
    camouflaged: frozenset[int] = frozenset()  # the ids of the units still under markers (8.04)
    # only in a view for the attacker: what lies under its markers, in no order (the sheet's
    # totals, which the attacker knows), and the mines it has not found
    markers: Markers = ()
    unfound: int = 0

    @property
    def lying(self) -> bool:
        """Whether anything is still secret or still lying: a state without needs no sheet."""
        return bool(self.mines or self.camouflaged or self.unfound)


NO_SECRETS = Secrets()
