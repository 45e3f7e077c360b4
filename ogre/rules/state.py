"""The game state: immutable values for the pieces, the Ogre, the phase and the dice.

Nothing here is ever changed in place: `game.apply` builds a new state with
`dataclasses.replace`. The dice state is part of the game state, so the same
state and the same actions always give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from .board import Board
from .units import ARMOR, MARKS, STATS, WEAPONS, Kind, Weapon, ogre_move_value

OGRE_ID = 0   # the Ogre's piece id in actions; defenders are numbered from 1


class Phase(str, Enum):
    OGRE_ENTRY = "ogre_entry"
    OGRE_MOVE = "ogre_move"
    OGRE_FIRE = "ogre_fire"
    DEFENSE_MOVE = "defense_move"
    DEFENSE_FIRE = "defense_fire"
    GEV_MOVE = "gev_move"
    OVER = "over"


PHASE_TITLES = {
    Phase.OGRE_ENTRY: "Ogre Entry",
    Phase.OGRE_MOVE: "Ogre Movement",
    Phase.OGRE_FIRE: "Ogre Attack",
    Phase.DEFENSE_MOVE: "Defense Movement",
    Phase.DEFENSE_FIRE: "Defense Attack",
    Phase.GEV_MOVE: "GEV Movement",
    Phase.OVER: "Battle Over",
}

OGRE_PHASES = frozenset({Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE})
MOVE_PHASES = frozenset({Phase.OGRE_MOVE, Phase.DEFENSE_MOVE, Phase.GEV_MOVE})
FIRE_PHASES = frozenset({Phase.OGRE_FIRE, Phase.DEFENSE_FIRE})


@dataclass(frozen=True, slots=True)
class Piece:
    """One defender counter. `squads` is 1 for everything but infantry."""

    id: int
    kind: Kind
    hex: int
    squads: int = 1
    disabled_turn: int = 0   # the turn it was disabled in; 0 when active (C4)
    moved: int = 0           # move points spent this phase
    start: int = 0           # Undo goes back here: the phase's first hex, or where it was grouped
    base_moved: int = 0      # move points already spent at `start` (grouping cannot be undone, M5)
    fired: int = 0           # squads (1 for armor) that fired this turn

    @property
    def can_undo(self) -> bool:
        return self.hex != self.start or self.moved != self.base_moved

    @property
    def disabled(self) -> bool:
        return self.disabled_turn > 0

    @property
    def is_armor(self) -> bool:
        return self.kind in ARMOR

    @property
    def attack(self) -> int:
        return self.squads if self.kind is Kind.INFANTRY else STATS[self.kind].attack

    @property
    def defense(self) -> int:
        return self.squads if self.kind is Kind.INFANTRY else STATS[self.kind].defense

    @property
    def range(self) -> int:
        return STATS[self.kind].range

    @property
    def name(self) -> str:
        if self.kind is Kind.INFANTRY:
            return f"Infantry ({self.squads})"
        return STATS[self.kind].name


@dataclass(frozen=True, slots=True)
class Ogre:
    mark: int
    hex: int = 0                                   # 0 before entry and after leaving the map
    treads: int = 45
    weapons: tuple[int, int, int, int] = (2, 1, 4, 8)   # intact: missiles, main, secondary, ap
    fired: tuple[int, int, int, int] = (0, 0, 0, 0)     # fired this turn
    missiles_spent: int = 0
    moved: int = 0
    undo_hex: int = 0          # Undo returns here: the start of the move or the last ram/overrun
    undo_moved: int = 0
    rams: int = 0
    exited: bool = False

    @staticmethod
    def fresh(mark: int) -> "Ogre":
        m = MARKS[mark]
        return Ogre(mark=mark, treads=m.treads, weapons=m.weapons)

    @property
    def original_treads(self) -> int:
        return MARKS[self.mark].treads

    @property
    def move_value(self) -> int:
        return ogre_move_value(self.treads, self.original_treads)

    @property
    def moves_left(self) -> int:
        # A ram that costs treads lowers the move value for the rest of the turn (U3).
        return max(0, self.move_value - self.moved)

    @property
    def destroyed(self) -> bool:
        return self.treads <= 0 and not any(self.weapons)

    @property
    def on_map(self) -> bool:
        return self.hex != 0

    def intact(self, w: Weapon) -> int:
        return self.treads if w is Weapon.TREADS else self.weapons[WEAPONS.index(w)]

    def available(self, w: Weapon) -> int:
        """Weapons of this type that may still fire this turn."""
        i = WEAPONS.index(w)
        return self.weapons[i] - (0 if w is Weapon.MISSILE else self.fired[i])


@dataclass(frozen=True, slots=True)
class Aiming:
    """What is aimed and at what, before Fire.

    Ogre fire: `target` is a defender id and `weapons` the counts per Ogre weapon.
    Defense fire: `part` is the Ogre part and `attackers` the aimed piece ids, an
    infantry id once per aimed squad (C7).
    """

    target: int = 0
    weapons: tuple[int, int, int, int] = (0, 0, 0, 0)
    part: Weapon | None = None
    attackers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GameState:
    board: Board
    scenario: int                      # 3 or 5: the Mark the field was deployed against
    pieces: tuple[Piece, ...]
    ogre: Ogre
    phase: Phase = Phase.OGRE_ENTRY
    turn: int = 1
    rng: int = 0
    aim: Aiming | None = None
    ap_hit: frozenset[int] = frozenset()   # infantry hit by antipersonnel this turn
    next_id: int = 1
    result: str = ""                       # the victory level once the battle is over
    _index: dict | None = field(default=None, compare=False, repr=False, hash=False)

    # -- lookups (cached per state; states never change) --
    def _occupancy(self) -> dict[int, tuple[Piece, ...]]:
        idx = self._index
        if idx is None:
            idx = {}
            for p in self.pieces:
                idx[p.hex] = idx.get(p.hex, ()) + (p,)
            object.__setattr__(self, "_index", idx)
        return idx

    def at(self, h: int) -> tuple[Piece, ...]:
        """The defenders in a hex (the Ogre is not a Piece)."""
        return self._occupancy().get(h, ())

    def piece(self, pid: int) -> Piece | None:
        for p in self.pieces:
            if p.id == pid:
                return p
        return None

    def with_pieces(self, pieces: tuple[Piece, ...], **changes) -> "GameState":
        return replace(self, pieces=pieces, _index=None, **changes)

    def replace_piece(self, new: Piece | None, pid: int, **changes) -> "GameState":
        """A state with piece `pid` replaced by `new` (or removed when None)."""
        if new is None:
            pieces = tuple(p for p in self.pieces if p.id != pid)
        else:
            pieces = tuple(new if p.id == pid else p for p in self.pieces)
        return self.with_pieces(pieces, **changes)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def command_post(self) -> Piece | None:
        for p in self.pieces:
            if p.kind is Kind.CP:
                return p
        return None

    @property
    def ogre_side_to_act(self) -> bool:
        return self.phase in OGRE_PHASES

    def crowded_hex(self) -> int:
        """A hex where two defenders stand; one must move (M3). 0 if none.

        The Ogre's hex counts too: Undo may bring a piece back under the Ogre onto another
        defender (moves there are refused, THIS HEX IS FULL), and one must then move off."""
        for h, ps in self._occupancy().items():
            if len(ps) > 1:
                return h
        return 0

    def surviving_attack_points(self) -> int:
        return sum(p.attack for p in self.pieces)


def piece_start(p: Piece) -> Piece:
    """A piece at the start of a move phase: nothing spent, Undo comes back here."""
    if p.moved == 0 and p.start == p.hex and p.base_moved == 0:
        return p
    return replace(p, moved=0, start=p.hex, base_moved=0)
