"""The rules state as a file holds it, version 2: a saved game's `state` and `start`, a battle
log's start, the battle a network host sends (every field of ogre.rules.state.GameState)::

    {"board": {"craters": ["0107", ...], "rubble": [["0102", "0203"], ...]},
     "scenario": "basic",
     "pieces": [{"id": 1, "kind": "cp", "hex": "0804", "start": "0804", ...}, ...],
     "ogres": [{"id": 0, "mark": 3, "hex": null, "treads": 45, "weapons": [2, 1, 4, 8], ...}],
     "phase": "ogre_entry", "turn": 1, "rng": 1234..., "aim": null, "ap_hit": [], "next_id": 19,
     "result": "",
     "options": {"time_limit": 0, "command_crawler": false, "hardened_cp": 0},
     "secrets": {"mines": ["1212", ...], "found": [], "camouflaged": [2, 3, ...]}}

`secrets` is the defender's sheet (rules.secrets: mines, found mines, the ids under markers),
written only where the battle has one; `options` name mines and camouflage only when they are
on. A file holds the whole state, sheet and all: the screen, not the file, hides it.
`scenario` is a key of rules.scenarios.SCENARIOS; `ogres` lists 1 to MOST_OGRES Ogres, each with
its own id (0 for the 1986 Ogre, then -1, -2 ...); `options` are the optional rules, always
written (a state without them has none). Version 1 held the Mark in `scenario`, one `ogre` (its
id 0 unsaid) and no options: `state_from_v1` carries one forward.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic import Field as Spec

from ..rules.assault import ESCAPED
from ..rules.hexes import label, parse
from ..rules.invariants import first_problem
from ..rules.options import MOST_MINES, MOST_TURNS, NO_OPTIONS, Options
from ..rules.secrets import NO_SECRETS, Secrets
from ..rules.state import Aiming, GameState, Ogre, Phase, Piece
from ..rules.units import MARKS, OGRE_ID, WEAPONS, Kind, Weapon, ogre_id
from .fields import (
    HexId,
    KindName,
    ScenarioKey,
    Terrain,
    check_kind,
    check_squads,
    scenario_of_mark,
    terrain_of,
    without_empty,
)

MOST_PIECES = 500                    # a file's limit on the units under markers
MOST_OGRES = 9                       # a file's limit; the pocket edition's battles have two
OGRE_IDS = tuple(ogre_id(n) for n in range(1, MOST_OGRES + 1))      # 0, -1 ... -8
Count = Annotated[StrictInt, Spec(ge=0)]
Target = Annotated[StrictInt, Spec(ge=OGRE_IDS[-1])]
Four = tuple[Count, Count, Count, Count]
MaybeHex = HexId | None
Squads = Annotated[StrictInt, Spec(ge=1, le=3)]
# a state's pieces may be markers, in a side's view (a worker's or a network guest's copy)
PieceKind = Annotated[Kind, BeforeValidator(lambda v: v if v == Kind.MARKER.value else
                                            check_kind(v))]


def _hex(h: int) -> str | None:
    return label(h) if h > 0 else None


def _int(h: str | None) -> int:
    return int(h) if h else 0


class PieceState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[StrictInt, Spec(ge=1)]
    kind: PieceKind
    hex: MaybeHex              # null: an attacking unit off the map (9.03), waiting or escaped
    squads: StrictInt = 1
    disabled_turn: Count = 0
    moved: Count = 0
    start: MaybeHex = None
    base_moved: Count = 0
    fired: Count = 0
    escaped: StrictBool = False   # 9.03: an attacking unit that left by the bottom edge

    @model_validator(mode="after")
    def _squads(self) -> PieceState:
        check_squads(self.kind, self.squads)
        if self.escaped and (self.hex is not None or self.start is not None):
            raise ValueError("an escaped unit stands nowhere on the map")
        return self

    @model_serializer(mode="wrap")
    def _escaped_only_when_so(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The battles before Ogre Defending have no escaped units: their files stay as they
        were."""
        out: dict[str, Any] = handler(self)
        if not out.get("escaped"):
            out.pop("escaped", None)
        return out


def _an_ogres_id(oid: int) -> int:
    if oid not in OGRE_IDS:
        raise ValueError(f"an Ogre's id is 0, -1, -2 and so on to {OGRE_IDS[-1]}, not {oid}")
    return oid


OgreId = Annotated[StrictInt, AfterValidator(_an_ogres_id)]


class OgreState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: OgreId
    mark: Literal[3, 5]
    hex: MaybeHex = None
    treads: Count
    weapons: Four
    fired: Four = (0, 0, 0, 0)
    missiles_spent: Count = 0
    moved: Count = 0
    undo_hex: MaybeHex = None
    undo_moved: Count = 0
    rams: Count = 0
    exited: StrictBool = False

    @model_validator(mode="after")
    def _within_the_mark(self) -> OgreState:
        m = MARKS[self.mark]
        if self.treads > m.treads:
            raise ValueError(f"a {m.name} has only {m.treads} treads, not {self.treads}")
        for w, n, most in zip(WEAPONS, self.weapons, m.weapons):
            if n > most:
                raise ValueError(f"a {m.name} has only {most} {w.value} weapons, not {n}")
        return self


class AimState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    target: Target = 0              # a piece's id, or an enemy Ogre's (an Ogre's aim at an Ogre)
    weapons: Four = (0, 0, 0, 0)
    part: Weapon | None = None
    attackers: list[Count] = []
    ogre: OgreId = OGRE_ID          # the Ogre that fires, or is fired at


class OptionsData(BaseModel):
    """The optional rules a battle is played with (rules.options), every switch off unless
    named."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    time_limit: Annotated[StrictInt, Spec(ge=0, le=MOST_TURNS)] = 0
    command_crawler: StrictBool = False
    hardened_cp: StrictInt = 0
    mines: Annotated[StrictInt, Spec(ge=0, le=MOST_MINES)] = 0
    camouflage: StrictBool = False

    @model_validator(mode="after")
    def _possible(self) -> OptionsData:
        problem = self.options().problem()
        if problem:
            raise ValueError(problem)
        return self

    @model_serializer(mode="wrap")
    def _hidden_rules_when_on(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Mines and camouflage are written only when on: older files read the same."""
        return without_empty(handler(self), ("mines", "camouflage"))

    def options(self) -> Options:
        return Options(self.time_limit, self.command_crawler, self.hardened_cp, self.mines,
                       self.camouflage)

    @staticmethod
    def of(options: Options) -> dict[str, Any]:
        """The switches; mines and camouflage only when on, so older files read the same."""
        return {"time_limit": options.time_limit, "command_crawler": options.command_crawler,
                "hardened_cp": options.hardened_cp,
                **({"mines": options.mines} if options.mines else {}),
                **({"camouflage": True} if options.camouflage else {})}


class SecretsData(BaseModel):
    """The defender's sheet (rules.secrets): the mines still lying, those found, the units
    under markers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mines: Annotated[list[HexId], Spec(max_length=MOST_MINES)] = []
    found: Annotated[list[HexId], Spec(max_length=MOST_MINES)] = []
    camouflaged: Annotated[list[Count], Spec(max_length=MOST_PIECES)] = []
    # a side's view only (rules.views): what lies under the markers, and the mines unfound
    markers: Annotated[list[tuple[KindName, Squads]], Spec(max_length=MOST_PIECES)] = []
    unfound: Annotated[StrictInt, Spec(ge=0, le=MOST_MINES)] = 0

    def secrets(self) -> Secrets:
        sheet = Secrets(frozenset(map(parse, self.mines)), frozenset(map(parse, self.found)),
                        frozenset(self.camouflaged), tuple(self.markers), self.unfound)
        return sheet if sheet.lying else NO_SECRETS

    @staticmethod
    def of(sheet: Secrets) -> dict[str, Any]:
        view = ({"markers": [[k.value, n] for k, n in sheet.markers], "unfound": sheet.unfound}
                if sheet.markers or sheet.unfound else {})
        return {"mines": sorted(map(label, sheet.mines)), "found": sorted(map(label, sheet.found)),
                "camouflaged": sorted(sheet.camouflaged), **view}


class StateData(BaseModel):
    """Every field of ogre.rules.state.GameState, version 2."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    board: Terrain
    scenario: ScenarioKey
    pieces: list[PieceState]
    ogres: list[OgreState]
    phase: Phase
    turn: Annotated[StrictInt, Spec(ge=1)]
    rng: Annotated[StrictInt, Spec(ge=0, le=(1 << 64) - 1)]
    aim: AimState | None = None
    ap_hit: list[Count] = []
    next_id: Annotated[StrictInt, Spec(ge=1)]
    result: str = ""
    options: OptionsData = OptionsData()
    duellist: OgreId = OGRE_ID      # a Duel's (9.04); the battles files hold have none
    secrets: SecretsData | None = None    # mines and markers (8.03, 8.04); most battles have none

    @field_validator("ogres", mode="before")
    @classmethod
    def _how_many_ogres(cls, ogres: Any) -> Any:
        """Counted before any is read: a list of a million Ogres costs nothing."""
        if isinstance(ogres, list) and not 1 <= len(ogres) <= MOST_OGRES:
            raise ValueError(f"a battle has 1 to {MOST_OGRES} Ogres, not {len(ogres):,}")
        return ogres

    @field_validator("ogres")
    @classmethod
    def _each_id_once(cls, ogres: list[OgreState]) -> list[OgreState]:
        seen: set[int] = set()
        for o in ogres:
            if o.id in seen:
                raise ValueError(f"two Ogres have the id {o.id}")
            seen.add(o.id)
        return ogres

    @model_serializer(mode="wrap")
    def _without_a_duellist(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The battles files hold have no duellist: their files stay as they were."""
        out: dict[str, Any] = handler(self)
        if out.get("duellist") == OGRE_ID:
            del out["duellist"]
        if out.get("secrets", 0) is None:
            del out["secrets"]
        return out

    @model_validator(mode="after")
    def _consistent(self) -> StateData:
        problem = first_problem(self.to_state())
        if problem:
            raise ValueError(problem)
        return self

    @staticmethod
    def of(s: GameState) -> dict[str, Any]:
        return {
            "board": terrain_of(s.board),
            "scenario": s.scenario,
            "pieces": [_piece_of(p) for p in s.pieces],
            "ogres": [{"id": o.id, "mark": o.mark, "hex": _hex(o.hex), "treads": o.treads,
                       "weapons": list(o.weapons), "fired": list(o.fired),
                       "missiles_spent": o.missiles_spent, "moved": o.moved,
                       "undo_hex": _hex(o.undo_hex), "undo_moved": o.undo_moved, "rams": o.rams,
                       "exited": o.exited} for o in s.ogres],
            "phase": s.phase.value,
            "turn": s.turn,
            "rng": s.rng,
            "aim": None if s.aim is None else {
                "target": s.aim.target, "weapons": list(s.aim.weapons),
                "part": None if s.aim.part is None else s.aim.part.value,
                "attackers": list(s.aim.attackers), "ogre": s.aim.ogre},
            "ap_hit": sorted(s.ap_hit),
            "next_id": s.next_id,
            "result": s.result,
            "options": OptionsData.of(s.options),
            **({} if s.duellist == OGRE_ID else {"duellist": s.duellist}),
            **({} if s.secrets is NO_SECRETS else {"secrets": SecretsData.of(s.secrets)}),
        }

    def to_state(self) -> GameState:
        pieces = tuple(Piece(p.id, p.kind, ESCAPED if p.escaped else _int(p.hex), p.squads,
                             p.disabled_turn, p.moved, ESCAPED if p.escaped else _int(p.start),
                             p.base_moved, p.fired) for p in self.pieces)
        ogres = tuple(Ogre(mark=o.mark, hex=_int(o.hex), treads=o.treads, weapons=o.weapons,
                           fired=o.fired, missiles_spent=o.missiles_spent, moved=o.moved,
                           undo_hex=_int(o.undo_hex), undo_moved=o.undo_moved, rams=o.rams,
                           exited=o.exited, id=o.id) for o in self.ogres)
        aim = None if self.aim is None else Aiming(self.aim.target, self.aim.weapons,
                                                   self.aim.part, tuple(self.aim.attackers),
                                                   self.aim.ogre)
        options = self.options.options()
        return GameState(board=self.board.board(), scenario=self.scenario, pieces=pieces,
                         ogres=ogres, phase=self.phase, turn=self.turn, rng=self.rng, aim=aim,
                         ap_hit=frozenset(self.ap_hit), next_id=self.next_id, result=self.result,
                         options=NO_OPTIONS if options == NO_OPTIONS else options,
                         duellist=self.duellist,
                         secrets=NO_SECRETS if self.secrets is None else self.secrets.secrets())


def _piece_of(p: Piece) -> dict[str, Any]:
    return {"id": p.id, "kind": p.kind.value, "hex": _hex(p.hex), "squads": p.squads,
            "disabled_turn": p.disabled_turn, "moved": p.moved, "start": _hex(p.start),
            "base_moved": p.base_moved, "fired": p.fired,
            **({"escaped": True} if p.hex == ESCAPED else {})}


def state_from_v1(raw: Any) -> Any:
    """A version-1 state as version 2: the Mark in `scenario` becomes its scenario's key, the
    one `ogre` the list `ogres` with the 1986 Ogre's id, and there are no options. What it
    cannot read is left as it is, for the schema to refuse in its words."""
    if not isinstance(raw, dict):
        return raw
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "scenario":
            out[key] = scenario_of_mark(value)
        elif key == "ogre":
            out["ogres"] = [{"id": OGRE_ID, **value} if isinstance(value, dict) else value]
        else:
            out[key] = value
    return out
