"""Ogre Defending's attacking units come on (9.03). In the attacker's movement a click on a
free hex of the bottom row lists the units still waiting, by kind; the one picked enters there,
which spends its first movement point, and may go on with a drag as any unit does.
"""

from __future__ import annotations

from collections.abc import Callable

from ogre.rules import Move, RuleError, check
from ogre.rules.assault import allowance, attacking
from ogre.rules.hexes import BOTTOM_ROW
from ogre.rules.scenarios import ASSAULTS
from ogre.rules.sides import acting_side
from ogre.rules.state import GameState, Piece
from ogre.rules.units import STATS, Kind
from ogre.ui.toolkit.choices import ListDialog

TITLE = "Units Enter"
WELCOME = ("Your force waits below the bottom edge of the map. Click a hex on the bottom row "
           "to bring a unit on there; a unit on the bottom row may leave the map to escape.")


def waiting(state: GameState) -> list[Piece]:
    """The attacking units not yet on the map, in the order of their ids."""
    return [p for p in state.pieces if p.hex == 0 and attacking(p.id)]


def kinds_waiting(state: GameState) -> dict[tuple[Kind, int], list[Piece]]:
    """The waiting units by kind (infantry by its squads), the first to enter first."""
    kinds: dict[tuple[Kind, int], list[Piece]] = {}
    for p in waiting(state):
        kinds.setdefault((p.kind, p.squads), []).append(p)
    return kinds


def entry_hexes(state: GameState) -> list[int]:
    """The bottom-row hexes lit for the attacker while a unit waits that may move now."""
    if (state.scenario not in ASSAULTS or acting_side(state) != "ogre"
            or not any(allowance(state, p) > p.moved for p in waiting(state))):
        return []
    return sorted(h for h in BOTTOM_ROW if not state.board.is_crater(h) and not state.at(h))


def may_enter(state: GameState, h: int) -> bool:
    """Is a click on h the attacker bringing a unit on: its movement, a free bottom-row hex, a
    unit waiting?"""
    return (state.scenario in ASSAULTS and acting_side(state) == "ogre" and h in BOTTOM_ROW
            and not state.at(h) and bool(waiting(state)))


def words(kind: Kind, squads: int, n: int) -> str:
    """A row of the list: "Heavy Tank: 3 waiting", "Infantry, 3 squads: 6 waiting"."""
    name = STATS[kind].name
    if kind is Kind.INFANTRY:
        name += f", {squads} squad{'s' if squads > 1 else ''}"
    return f"{name}: {n} waiting"


def chooser(state: GameState, h: int, act: Callable[[Move], object]) -> ListDialog:
    """The list of kinds waiting; a kind that cannot come on at h now (a GEV only in its own
    second movement, none once its side's movement is spent) is dimmed."""
    kinds = list(kinds_waiting(state).items())
    rows = [(words(kind, squads, len(units)), _can(state, Move(units[0].id, h)))
            for (kind, squads), units in kinds]

    def picked(i: int | None) -> None:
        if i is not None:
            act(Move(kinds[i][1][0].id, h))
    return ListDialog(TITLE, f"Which unit comes on at {h:04d}?", rows, picked)


def _can(state: GameState, move: Move) -> bool:
    try:
        check(state, move)
        return True
    except RuleError:
        return False

