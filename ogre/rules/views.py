"""What each side may know of a battle of mines and markers (8.03, 8.04): `view(state, side)`.

The defense laid the mines and holds the sheet that says what lies under each marker; it sees
the whole battle. The attacker's view has only the mines a die was rolled for, and each unit
under a marker as a MARKER in its hex, with no squads, no kind and none of its doings; the
sheet's totals, what lies under the markers in no order and how many mines are unfound, are
known to it as at the table. Once the battle is over every secret is shown.

Everything the attacker's player, its computer player or a network peer is given goes through
here; the rules engine alone holds the whole state.

>>> from ogre.rules.secrets import Secrets
>>> from ogre.rules.state import GameState, Ogre, Piece
>>> from ogre.rules.board import EMPTY_BOARD
>>> from ogre.rules.units import Kind
>>> s = GameState(EMPTY_BOARD, "basic", (Piece(1, Kind.CP, 101), Piece(2, Kind.HEAVY, 203)),
...               (Ogre.fresh(3),), secrets=Secrets(mines=frozenset({305}),
...                                                 camouflaged=frozenset({2})))
>>> seen = view(s, "ogre")
>>> [p.kind.value for p in seen.pieces], seen.secrets.mines, seen.secrets.markers
(['cp', 'marker'], frozenset(), ((<Kind.HEAVY: 'heavy'>, 1),))
>>> view(s, "defense") is s
True
"""

from __future__ import annotations

from dataclasses import replace

from .scenarios import SCENARIOS
from .secrets import NO_SECRETS, Secrets
from .state import GameState, Piece
from .units import MARKER

OWNER = "defense"           # the side that lays the mines and holds the sheet


def offered(scenario: str) -> bool:
    """Whether a battle may be played with mines and camouflage: one where a defense of units
    sets up round a CP (not a Duel, not Ogre Defending)."""
    battle = SCENARIOS[scenario]
    return not battle.duel and not battle.force


def sees_all(state: GameState, side: str | None) -> bool:
    """Whether this side (None: nobody in particular, a spectator) sees the whole battle."""
    return side == OWNER or state.over or state.secrets is NO_SECRETS


def view(state: GameState, side: str | None) -> GameState:
    """The battle as this side may know it (the state itself where it may know it all)."""
    sheet = state.secrets
    if sees_all(state, side) or not (sheet.camouflaged or sheet.mines != sheet.found):
        return state
    hidden = sheet.camouflaged
    pieces = tuple(Piece(p.id, MARKER, p.hex, 1, 0, 0, p.hex, 0, 0) if p.id in hidden else p
                   for p in state.pieces)
    # a view of a view keeps what its markers were said to hide, and its unfound mines
    under = [*sheet.markers, *((p.kind, p.squads) for p in state.pieces
                               if p.id in hidden and p.kind is not MARKER)]
    markers = tuple(sorted(under, key=lambda m: (m[0].value, m[1])))
    told = Secrets(sheet.found, sheet.found, hidden, markers,
                   sheet.unfound + len(sheet.mines - sheet.found))
    return replace(state, pieces=pieces, secrets=told, _index=None)


def is_view(state: GameState) -> bool:
    """Whether this is a side's view with something kept from it (markers, unfound mines)."""
    sheet = state.secrets
    return bool(sheet.markers or sheet.unfound)
