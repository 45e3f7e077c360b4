"""The game state: immutable values for the pieces, the Ogres, the phase and the dice.

Nothing here is ever changed in place: `game.apply` builds a new state with
`dataclasses.replace`. The dice state is part of the game state, so the same
state and the same actions always give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias

from .board import Board, MovesAndReach
from .frozen import quick_init
from .options import NO_OPTIONS, Options
from .secrets import NO_SECRETS, Secrets

if TYPE_CHECKING:
    from .actions import Action
from .units import (
    ARMOR,
    CP,
    INFANTRY,
    MARKS,
    STATS,
    TREADS,
    WEAPONS,
    Counts,
    Kind,
    Weapon,
    ogre_move_value,
)
from .units import OGRE_ID as OGRE_ID  # the state's vocabulary: ids of pieces and the Ogre

MISSILE = Weapon.MISSILE



class Phase(str, Enum):
    OGRE_ENTRY = "ogre_entry"
    OGRE_MOVE = "ogre_move"
    OGRE_FIRE = "ogre_fire"
    DEFENSE_MOVE = "defense_move"
    DEFENSE_FIRE = "defense_fire"
    GEV_MOVE = "gev_move"
    ATTACK_GEV_MOVE = "attack_gev_move"   # an attacking force's GEVs (9.03), after its fire
    OVER = "over"


# The members as plain names for the engine's hot paths (Phase.X costs about 100 ns, see units).
OGRE_ENTRY, OGRE_MOVE, OGRE_FIRE, DEFENSE_MOVE, DEFENSE_FIRE, GEV_MOVE, ATTACK_GEV_MOVE, OVER = (
    Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE, Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE,
    Phase.GEV_MOVE, Phase.ATTACK_GEV_MOVE, Phase.OVER)

PHASE_TITLES = {
    Phase.OGRE_ENTRY: "Ogre Entry",
    Phase.OGRE_MOVE: "Ogre Movement",
    Phase.OGRE_FIRE: "Ogre Attack",
    Phase.DEFENSE_MOVE: "Defense Movement",
    Phase.DEFENSE_FIRE: "Defense Attack",
    Phase.GEV_MOVE: "GEV Movement",
    Phase.ATTACK_GEV_MOVE: "GEV Movement",
    Phase.OVER: "Battle Over",
}
# Ogre Defending (9.03): the Ogre's phases are the attacking force's
ASSAULT_TITLES = {**PHASE_TITLES, Phase.OGRE_MOVE: "Attack Movement",
                  Phase.OGRE_FIRE: "Attack Fire", Phase.ATTACK_GEV_MOVE: "Attack GEV Movement"}

OGRE_PHASES = frozenset({Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE})
MOVE_PHASES = frozenset({Phase.OGRE_MOVE, Phase.DEFENSE_MOVE, Phase.GEV_MOVE})
FIRE_PHASES = frozenset({Phase.OGRE_FIRE, Phase.DEFENSE_FIRE})


@quick_init
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
        return self.squads if self.kind is INFANTRY else STATS[self.kind].attack

    @property
    def defense(self) -> int:
        return self.squads if self.kind is INFANTRY else STATS[self.kind].defense

    @property
    def range(self) -> int:
        return STATS[self.kind].range

    @property
    def name(self) -> str:
        if self.kind is INFANTRY:
            return f"Infantry ({self.squads})"
        return STATS[self.kind].name


# U3's move value for every Mark and tread count, asked at every Ogre move
_MOVE_VALUES = {(mark, treads): ogre_move_value(treads, m.treads)
                for mark, m in MARKS.items() for treads in range(m.treads + 1)}


@quick_init
@dataclass(frozen=True, slots=True)
class Ogre:
    mark: int
    hex: int = 0                                   # 0 before entry and after leaving the map
    treads: int = 45
    weapons: Counts = (2, 1, 4, 8)   # intact: missiles, main, secondary, ap
    fired: Counts = (0, 0, 0, 0)     # fired this turn
    missiles_spent: int = 0
    moved: int = 0
    undo_hex: int = 0          # Undo returns here: the start of the move or the last ram/overrun
    undo_moved: int = 0
    rams: int = 0
    exited: bool = False
    id: int = OGRE_ID          # its id in actions and events; defenders have theirs from 1

    @staticmethod
    def fresh(mark: int, id: int = OGRE_ID) -> Ogre:
        m = MARKS[mark]
        return Ogre(mark=mark, treads=m.treads, weapons=m.weapons, id=id)

    @property
    def name(self) -> str:
        """As the log's lines name it: the 1986 Ogre is "Ogre", others "Ogre 2", "Ogre 3"."""
        return "Ogre" if self.id == OGRE_ID else f"Ogre {OGRE_ID + 1 - self.id}"

    @property
    def original_treads(self) -> int:
        return MARKS[self.mark].treads

    @property
    def move_value(self) -> int:
        return ogre_move_value(self.treads, self.original_treads)

    @property
    def moves_left(self) -> int:
        # A ram that costs treads lowers the move value for the rest of the turn (U3).
        value = _MOVE_VALUES.get((self.mark, self.treads))
        if value is None:
            value = self.move_value
        return max(0, value - self.moved)

    @property
    def destroyed(self) -> bool:
        return self.treads <= 0 and not any(self.weapons)

    @property
    def on_map(self) -> bool:
        return self.hex != 0

    def intact(self, w: Weapon) -> int:
        return self.treads if w is TREADS else self.weapons[WEAPONS.index(w)]

    def available(self, w: Weapon) -> int:
        """Weapons of this type that may still fire this turn."""
        i = WEAPONS.index(w)
        return self.weapons[i] - (0 if w is MISSILE else self.fired[i])


@quick_init
@dataclass(frozen=True, slots=True)
class Aiming:
    """What is aimed and at what, before Fire.

    Ogre fire: `target` is a defender id and `weapons` the counts per weapon of the Ogre
    `ogre`. Defense fire: `part` is the part of the Ogre `ogre` and `attackers` the aimed piece
    ids, an infantry id once per aimed squad (C7).
    """

    target: int = 0
    weapons: Counts = (0, 0, 0, 0)
    part: Weapon | None = None
    attackers: tuple[int, ...] = ()
    ogre: int = OGRE_ID          # the Ogre that fires, or is fired at


class PieceIndex:
    """What the engine keeps asking about a tuple of pieces, worked out once per tuple: who
    stands where, where each id is in the tuple, the stacks M3 says must be resolved, the
    Command Post."""

    __slots__ = ("occupancy", "position", "crowded", "movers", "_pieces", "_command_post")

    def __init__(self, pieces: tuple[Piece, ...]) -> None:
        occupancy: dict[int, tuple[Piece, ...]] = {p.hex: (p,) for p in pieces}
        self.crowded = 0
        self.movers: frozenset[int] | None = None
        if len(occupancy) < len(pieces):        # a stack somewhere: build it again, in order
            occupancy = {}
            for p in pieces:
                here = occupancy.get(p.hex)
                occupancy[p.hex] = (p,) if here is None else here + (p,)
            stacks = [ps for ps in occupancy.values() if len(ps) > 1]
            self.crowded = stacks[0][0].hex
            self.movers = frozenset(p.id for ps in stacks for p in ps)
        self.occupancy = occupancy
        # id -> place in the tuple (the first of a bad repeated id): a piece moving keeps its place
        self.position = {pieces[i].id: i for i in range(len(pieces) - 1, -1, -1)}
        self._pieces = pieces
        self._command_post: Piece | None | _Unknown = _UNKNOWN

    def moved(self, old: Piece, new: Piece, pieces: tuple[Piece, ...]) -> PieceIndex:
        """The index of `pieces`, where `new` took the place of `old` (same id, same place):
        the hex map copied and patched, the id map shared."""
        occupancy = dict(self.occupancy)
        if self.movers is None and new.hex not in occupancy:          # the common case
            del occupancy[old.hex]
            occupancy[new.hex] = (new,)
            return self._twin(occupancy, pieces, 0, None, old.kind is CP)
        position = self.position
        here = occupancy.pop(old.hex)
        if len(here) > 1:
            occupancy[old.hex] = tuple([p for p in here if p is not old])
        there = occupancy.get(new.hex)
        # a hex's pieces in the order of the tuple, as __init__ lists them
        occupancy[new.hex] = ((new,) if there is None else
                              tuple(sorted(there + (new,), key=lambda p: position[p.id])))
        stacks = [ps for ps in occupancy.values() if len(ps) > 1]
        if not stacks:
            return self._twin(occupancy, pieces, 0, None, old.kind is CP)
        first = min(stacks, key=lambda ps: position[ps[0].id])     # __init__'s first stack
        movers = frozenset([p.id for ps in stacks for p in ps])
        return self._twin(occupancy, pieces, first[0].hex, movers, old.kind is CP)

    def split(self, old: Piece, rest: Piece, squad: Piece,
              pieces: tuple[Piece, ...]) -> PieceIndex | None:
        """The index of `pieces`, where infantry `old`, alone in its hex and in no stack, became
        `rest` and the new `squad` appended beside it (M5); None when that is not so."""
        position = self.position
        if (self.movers is not None or self.occupancy.get(old.hex) != (old,)
                or len(position) != len(pieces) - 1 or squad.id in position):
            return None
        twin = self._twin(dict(self.occupancy), pieces, old.hex,
                          frozenset((rest.id, squad.id)), False)
        twin.occupancy[old.hex] = (rest, squad)
        twin.position = dict(position)
        twin.position[squad.id] = len(pieces) - 1
        return twin

    def in_place(self, pieces: tuple[Piece, ...]) -> PieceIndex | None:
        """The index of `pieces`: this index's pieces, each in its place and hex, some of them
        changed (fired, recovered, made ready for a move); None when that is not so."""
        old_pieces = self._pieces
        if len(pieces) != len(old_pieces):
            return None
        occupancy = dict(self.occupancy)
        for old, new in zip(old_pieces, pieces):
            if old is new:
                continue
            if old.hex != new.hex or old.id != new.id:
                return None
            here = occupancy[old.hex]
            occupancy[old.hex] = (new,) if len(here) == 1 else tuple(
                [new if p is old else p for p in here])
        return self._twin(occupancy, pieces, self.crowded, self.movers, True)

    def _twin(self, occupancy: dict[int, tuple[Piece, ...]], pieces: tuple[Piece, ...],
              crowded: int, movers: frozenset[int] | None, cp_changed: bool) -> PieceIndex:
        twin = PieceIndex.__new__(PieceIndex)
        twin.occupancy = occupancy
        twin.position = self.position
        twin.crowded = crowded
        twin.movers = movers
        twin._pieces = pieces
        twin._command_post = _UNKNOWN if cp_changed else self._command_post
        return twin

    @property
    def command_post(self) -> Piece | None:
        cp = self._command_post
        if cp is _UNKNOWN:
            cp = self._command_post = next((p for p in self._pieces if p.kind is CP), None)
        return cp


class _Unknown(Enum):
    """Not looked for yet (None means looked for and not there). An enum so that mypy
    narrows `is _UNKNOWN`."""
    UNKNOWN = 0


_UNKNOWN = _Unknown.UNKNOWN

# What legal_actions found in a move phase, for check and for the next state's list: (full
# hexes, Ogre hex, {piece id: its MovesAndReach} of every piece that may move, the actions).
FoundMoves: TypeAlias = tuple[set[int], int, dict[int, MovesAndReach], tuple["Action", ...]]


@quick_init
@dataclass(frozen=True, slots=True)
class GameState:
    board: Board
    scenario: str                      # its key in rules.scenarios: "basic", "advanced"
    pieces: tuple[Piece, ...]
    ogres: tuple[Ogre, ...]            # every Ogre of the battle, each with its own id
    phase: Phase = Phase.OGRE_ENTRY
    turn: int = 1
    rng: int = 0
    aim: Aiming | None = None
    ap_hit: frozenset[int] = frozenset()   # infantry hit by antipersonnel this turn
    next_id: int = 1
    result: str = ""                       # the victory level once the battle is over
    options: Options = NO_OPTIONS          # the optional rules it is played with
    duellist: int = OGRE_ID                # in a Duel, the Ogre whose phases these are (9.04)
    secrets: Secrets = NO_SECRETS          # mines and markers (8.03, 8.04): rules.secrets
    # The PieceIndex of `pieces`, made when first asked for; pass _index=None to
    # dataclasses.replace along with new pieces (with_pieces does).
    _index: PieceIndex | None = field(default=None, compare=False, repr=False, hash=False)
    # What legal_actions found in a move phase (FoundMoves). Never copied.
    _moves: FoundMoves | None = field(default=None, init=False, compare=False, repr=False,
                                      hash=False)
    # Left by apply after a plain defender move that changed nobody else's actions: what
    # legal_actions found in the state before and the piece that moved (legal._splice).
    _after: tuple[FoundMoves, int] | None = field(default=None, init=False, compare=False,
                                                  repr=False, hash=False)

    # -- lookups (cached per state; states never change). The hot paths write
    # `s._index or s.index()`: the index is nearly always made already.
    def index(self) -> PieceIndex:
        idx = self._index
        if idx is None:
            idx = PieceIndex(self.pieces)
            object.__setattr__(self, "_index", idx)
        return idx

    def _occupancy(self) -> dict[int, tuple[Piece, ...]]:
        return (self._index or self.index()).occupancy

    def at(self, h: int) -> tuple[Piece, ...]:
        """The defenders in a hex (the Ogre is not a Piece)."""
        return (self._index or self.index()).occupancy.get(h, ())

    def piece(self, pid: int) -> Piece | None:
        try:
            at = (self._index or self.index()).position.get(pid)
        except TypeError:          # an unhashable id names no piece
            return None
        return None if at is None else self.pieces[at]

    def known(self, pid: int) -> Piece:
        """A piece that is known to be there (check found it): KeyError otherwise."""
        return self.pieces[(self._index or self.index()).position[pid]]

    @property
    def ogre(self) -> Ogre:
        """The battle's only Ogre, as in the 1986 game; a battle of several Ogres has none, and
        asks `ogres` or `ogre_unit` instead."""
        ogres = self.ogres
        if len(ogres) == 1:
            return ogres[0]
        raise SeveralOgres(f"this battle has {len(ogres)} Ogres, not one")

    def ogre_unit(self, oid: int) -> Ogre | None:
        """The Ogre with this id, or None."""
        for o in self.ogres:
            if o.id == oid:
                return o
        return None

    def known_ogre(self, oid: int) -> Ogre:
        """The Ogre that check found in this battle: KeyError otherwise."""
        for o in self.ogres:
            if o.id == oid:
                return o
        raise KeyError(f"no Ogre {oid} in this battle")

    def ogre_at(self, h: int) -> Ogre | None:
        """The Ogre standing in hex h, or None (an Ogre off the map stands nowhere)."""
        for o in self.ogres:
            if o.hex == h and h:
                return o
        return None

    def with_ogre(self, ogre: Ogre, **changes: Any) -> GameState:
        """A state with the Ogre of the same id replaced by `ogre` (and `changes` made)."""
        return evolve(self, ogre=ogre) if not changes else replace(
            self, ogres=_put(self.ogres, ogre), **changes)

    def with_pieces(self, pieces: tuple[Piece, ...], **changes: Any) -> GameState:
        if changes.keys() <= _EVOLVES:
            return evolve(self, pieces=pieces, **changes)
        return replace(self, pieces=pieces, _index=None, **changes)

    def replace_piece(self, new: Piece | None, pid: int, **changes: Any) -> GameState:
        """A state with piece `pid` replaced by `new` (or removed when None)."""
        if new is None:
            pieces = tuple(p for p in self.pieces if p.id != pid)
            return self.with_pieces(pieces, **changes)
        idx = self._index or self.index()
        pieces = self.pieces
        at = idx.position.get(pid)
        if at is None or changes or new.id != pid or len(idx.position) != len(pieces):
            pieces = tuple(new if p.id == pid else p for p in pieces)
            return self.with_pieces(pieces, **changes)
        old = pieces[at]
        pieces = pieces[:at] + (new,) + pieces[at + 1:]
        return GameState(self.board, self.scenario, pieces, self.ogres, self.phase, self.turn,
                         self.rng, self.aim, self.ap_hit, self.next_id, self.result,
                         self.options, self.duellist, self.secrets,
                         idx.moved(old, new, pieces))

    @property
    def over(self) -> bool:
        return self.phase is OVER

    @property
    def command_post(self) -> Piece | None:
        return (self._index or self.index()).command_post

    def crowded_hex(self) -> int:
        """A hex where two defenders stand; one must move (M3). 0 if none.

        The Ogre's hex counts too: Undo may bring a piece back under the Ogre onto another
        defender (moves there are refused, THIS HEX IS FULL), and one must then move off."""
        return (self._index or self.index()).crowded

    def surviving_attack_points(self) -> int:
        return sum(p.attack for p in self.pieces)


class SeveralOgres(ValueError):
    """`state.ogre` asked of a battle that has more than one Ogre (or none)."""


def _put(ogres: tuple[Ogre, ...], ogre: Ogre) -> tuple[Ogre, ...]:
    """`ogres` with the one of `ogre`'s id replaced by it."""
    if len(ogres) == 1 and ogres[0].id == ogre.id:
        return (ogre,)
    if all(o.id != ogre.id for o in ogres):
        raise KeyError(f"no Ogre {ogre.id} in this battle")
    return tuple([ogre if o.id == ogre.id else o for o in ogres])


class _Keep(Enum):
    """evolve's "leave the aim as it is" (None clears it)."""
    KEEP = 0


_KEEP = _Keep.KEEP
_EVOLVES = frozenset({"ogre", "phase", "turn", "rng", "aim", "ap_hit", "next_id", "result"})


def evolve(s: GameState, pieces: tuple[Piece, ...] | None = None, ogre: Ogre | None = None,
           phase: Phase | None = None, turn: int | None = None, rng: int | None = None,
           aim: Aiming | None | _Keep = _KEEP, ap_hit: frozenset[int] | None = None,
           next_id: int | None = None, result: str | None = None,
           index: PieceIndex | None = None) -> GameState:
    """dataclasses.replace for the engine's own hot paths, a few times faster: the fields not
    named stay, `ogre` takes the place of the Ogre of its id, and the piece index stays too
    unless the pieces change (then `index`, if given, is theirs)."""
    if pieces is None:
        pieces, index = s.pieces, s._index
    ogres = s.ogres if ogre is None else _put(s.ogres, ogre)
    return GameState(s.board, s.scenario, pieces, ogres,
                     s.phase if phase is None else phase, s.turn if turn is None else turn,
                     s.rng if rng is None else rng, s.aim if aim is _KEEP else aim,
                     s.ap_hit if ap_hit is None else ap_hit,
                     s.next_id if next_id is None else next_id,
                     s.result if result is None else result, s.options, s.duellist, s.secrets,
                     index)


def index_in_place(s: GameState, pieces: tuple[Piece, ...]) -> PieceIndex | None:
    """The index of `pieces`, s's pieces changed where they stand, if s has one to patch."""
    idx = s._index
    return None if idx is None else idx.in_place(pieces)


def piece_start(p: Piece) -> Piece:
    """A piece at the start of a move phase: nothing spent, Undo comes back here."""
    if p.moved == 0 and p.start == p.hex and p.base_moved == 0:
        return p
    return Piece(p.id, p.kind, p.hex, p.squads, p.disabled_turn, 0, p.hex, 0, p.fired)


def evolve_piece(p: Piece, id: int | None = None, hex: int | None = None,
                 squads: int | None = None, disabled_turn: int | None = None,
                 moved: int | None = None, start: int | None = None,
                 base_moved: int | None = None, fired: int | None = None) -> Piece:
    """dataclasses.replace for a Piece, for the engine's hot paths."""
    return Piece(p.id if id is None else id, p.kind, p.hex if hex is None else hex,
                 p.squads if squads is None else squads,
                 p.disabled_turn if disabled_turn is None else disabled_turn,
                 p.moved if moved is None else moved, p.start if start is None else start,
                 p.base_moved if base_moved is None else base_moved,
                 p.fired if fired is None else fired)


def evolve_ogre(o: Ogre, hex: int | None = None, treads: int | None = None,
                weapons: Counts | None = None, fired: Counts | None = None,
                missiles_spent: int | None = None, moved: int | None = None,
                undo_hex: int | None = None, undo_moved: int | None = None,
                rams: int | None = None, exited: bool | None = None) -> Ogre:
    """dataclasses.replace for the Ogre, for the engine's hot paths."""
    return Ogre(o.mark, o.hex if hex is None else hex, o.treads if treads is None else treads,
                o.weapons if weapons is None else weapons, o.fired if fired is None else fired,
                o.missiles_spent if missiles_spent is None else missiles_spent,
                o.moved if moved is None else moved, o.undo_hex if undo_hex is None else undo_hex,
                o.undo_moved if undo_moved is None else undo_moved,
                o.rams if rams is None else rams, o.exited if exited is None else exited, o.id)
