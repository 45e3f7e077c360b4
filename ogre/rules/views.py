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

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .events import Event
from .scenarios import SCENARIOS
from .secrets import NO_SECRETS, Secrets
from .state import GameState, Piece
from .units import MARKER, Kind

OWNER = "defense"           # the side that lays the mines and holds the sheet


@dataclass(frozen=True)
class Told:
    """What the sheet's owner has told the other side so far: units under markers, by id, with
    what they are, and mines, by hex. A side's view of a battle's start with what it was told
    opened replays the battle as the owner's does (a told unit was that unit all along)."""

    units: tuple[tuple[int, Kind, int], ...] = ()     # (id, kind, squads)
    mines: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.units or self.mines)

    def __add__(self, more: Told) -> Told:
        return Told(self.units + more.units, self.mines + more.mines)


NOTHING_TOLD = Told()


def offered(scenario: str) -> bool:
    """Whether a battle may be played with mines and camouflage: one where a defense of units
    sets up round a CP (not a Duel, not Ogre Defending)."""
    battle = SCENARIOS[scenario]
    return not battle.duel and not battle.force


def sees_all(state: GameState, side: str | None) -> bool:
    """Whether this side (None: nobody in particular, a spectator) sees the whole battle."""
    return side == OWNER or state.over or state.secrets is NO_SECRETS


def view(state: GameState, side: str | None, told: Told = NOTHING_TOLD) -> GameState:
    """The battle as this side may know it (the state itself where it may know it all), with
    what the owner has `told` it opened: those units as they are, those mines lying."""
    return state if sees_all(state, side) else kept_from(state, told)


def kept_from(state: GameState, told: Told = NOTHING_TOLD) -> GameState:
    """The attacker's view even of a battle over: what a network peer holds of an owner's
    sheet until the owner opens the rest."""
    sheet = state.secrets
    if not (sheet.camouflaged or sheet.mines != sheet.found):
        return state
    known = {pid for pid, _, _ in told.units}
    hidden = sheet.camouflaged - known
    pieces = tuple(Piece(p.id, MARKER, p.hex, 1, 0, 0, p.hex, 0, 0) if p.id in hidden else p
                   for p in state.pieces)
    # a view of a view keeps what its markers were said to hide, and its unfound mines
    under = [*sheet.markers, *((p.kind, p.squads) for p in state.pieces
                               if p.id in hidden and p.kind is not MARKER)]
    markers = tuple(sorted(under, key=_marker_order))
    lying = sheet.found | (sheet.mines & frozenset(told.mines))
    seen = Secrets(lying, sheet.found, sheet.camouflaged, markers,
                   sheet.unfound + len(sheet.mines - lying))
    return replace(state, pieces=pieces, secrets=seen, _index=None)


def opened(seen: GameState, told: Told) -> GameState:
    """A side's view with more of the sheet told: each unit put under its marker, each mine
    laid where it was unfound. ValueError where the telling does not fit the view (a unit that
    is no marker or not one the sheet hides, a mine already known or one too many): a lie."""
    if not told:
        return seen
    sheet = seen.secrets
    under = list(sheet.markers)
    by_id = {pid: (kind, squads) for pid, kind, squads in told.units}
    for pid, kind, squads in told.units:
        p = seen.piece(pid)
        if p is None or p.kind is not MARKER or pid not in sheet.camouflaged \
                or (kind, squads) not in under:
            raise ValueError(f"unit {pid} is not under a marker that could hide a {kind.value}")
        under.remove((kind, squads))
    mines = frozenset(told.mines)
    if len(mines) != len(told.mines) or mines & sheet.mines or len(mines) > sheet.unfound:
        raise ValueError("a mine was told that cannot be one of the unfound")
    pieces = tuple(Piece(p.id, by_id[p.id][0], p.hex, by_id[p.id][1], p.disabled_turn, p.moved,
                         p.start, p.base_moved, p.fired) if p.id in by_id else p
                   for p in seen.pieces)
    more = Secrets(sheet.mines | mines, sheet.found, sheet.camouflaged, tuple(under),
                   sheet.unfound - len(mines))
    return replace(seen, pieces=pieces, secrets=more, _index=None)


def told_by(before: GameState, events: Iterable[Event]) -> Told:
    """What an action played on the whole state `before` shows the other side: each unit
    turned over, each mine rolled for that it had not found."""
    units = tuple((e.piece, before.known(e.piece).kind, before.known(e.piece).squads)
                  for e in events if e.kind == "shown")
    mines = tuple(e.hex for e in events
                  if e.kind == "mine" and e.hex not in before.secrets.found)
    return Told(units, mines)


def untold(state: GameState, told: Told) -> Told:
    """Everything of the sheet of this whole state not yet told: what is opened at the end."""
    known = {pid for pid, _, _ in told.units}
    units = tuple((p.id, p.kind, p.squads) for p in state.pieces
                  if p.id in state.secrets.camouflaged and p.id not in known)
    sheet = state.secrets
    mines = tuple(sorted(sheet.mines - sheet.found - frozenset(told.mines)))
    return Told(units, mines)


def _marker_order(m: tuple[Kind, int]) -> tuple[str, int]:
    return m[0].value, m[1]


def is_view(state: GameState) -> bool:
    """Whether this is a side's view with something kept from it (markers, unfound mines)."""
    sheet = state.secrets
    return bool(sheet.markers or sheet.unfound)
