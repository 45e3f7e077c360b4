"""What an action tells of the defender's sheet (8.03, 8.04) before it is played: the units
under markers it turns over and the hexes it enters, where a mine would be rolled for.

Both can be told from what both sides see (a way goes round the found mines only), so a sheet
kept on another computer can be opened action by action: its owner tells, from the whole
state, the units and the unfound mines an action needs (`to_tell`); the other side, holding
only its view, opens them and checks that they are what the action needs (`misfit`) before
the rules play it there as they did at the owner's.
"""

from __future__ import annotations

from . import camouflage, minefield
from .actions import Action
from .checks import check
from .state import GameState
from .views import Told


def shown_and_entered(s: GameState, a: Action) -> tuple[frozenset[int], tuple[int, ...]]:
    """The units under markers this action turns over and the hexes it enters (RuleError
    where the rules refuse it)."""
    verdict = check(s, a)
    return camouflage.shown_by(s, a, verdict), minefield.entered(s, a, verdict)


def to_tell(s: GameState, a: Action) -> Told:
    """On the whole state: what its owner tells before the action is played - each unit it
    turns over, and every mine still unfound on its way."""
    ids, hexes = shown_and_entered(s, a)
    sheet = s.secrets
    units = tuple((pid, s.known(pid).kind, s.known(pid).squads) for pid in sorted(ids))
    mines = tuple(dict.fromkeys(h for h in hexes if h in sheet.mines and h not in sheet.found))
    return Told(units, mines)


def misfit(seen: GameState, a: Action, told: Told) -> str:
    """On the other side's view with `told` opened: why the telling is not what the action
    needs ('' when it is). Every unit it turns over must be told and no other; a mine told
    must lie on its way. A mine on the way kept quiet cannot be seen here: the whole battle
    replayed at the end shows it."""
    ids, hexes = shown_and_entered(seen, a)
    named = {pid for pid, _, _ in told.units}
    if named != ids:
        return "it named other units than the action shows"
    if not set(told.mines) <= set(hexes):
        return "it told a mine off the action's way"
    return ""
