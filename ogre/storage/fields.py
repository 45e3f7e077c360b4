"""Fields on disk: the FieldFile schema, five player slots, the five predesigned fields (G5, E10).

A field file stores the terrain and the defenders, never the attacking Ogre (E10)::

    {"format": "ogre-field", "version": 2, "name": "Howitzer Umbrella", "scenario": "basic",
     "description": "...", "craters": ["0107", ...], "rubble": [["0102", "0203"], ...],
     "pieces": [{"kind": "howitzer", "hex": "0804", "squads": 1}, ...]}

Hexes are CCRR strings; `scenario` is the battle the field was designed for (a key of
rules.scenarios.SCENARIOS), and so the Ogre it was designed against. Version 1 held that Mark
as `mark` (3 or 5). A field for a battle where the defense has an Ogre of its own (9.01, 9.03)
may say where it stands, `"ogres": ["0806"]`; the key is written only then, so the 1986
battles' files are as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PlainValidator,
    SerializerFunctionWrapHandler,
    StrictInt,
    ValidationError,
    model_serializer,
    model_validator,
)
from pydantic import Field as Spec

from ..resources import data_dir
from ..rules.board import Board, board_from_ids
from ..rules.field import Field, Placement, armor_units, forward_attack_points, infantry_squads
from ..rules.hexes import NEIGHBOURS, label, parse
from ..rules.minefield import mines_problem
from ..rules.options import MOST_MINES
from ..rules.scenarios import OF_1986, OFFERED, SCENARIOS, for_mark
from ..rules.units import MARKS, STATS, UNITS, Kind
from .atomic import read_text_limited, write_text_atomic
from .documents import Migration, decode, encode, explain
from .errors import StorageError
from .paths import fields_folder
from .screen_text import clean_text, for_screen
from .slots import SLOTS, SlotFolder, SlotStatus

FORMAT: Final = "ogre-field"
VERSION: Final = 2           # 2: the scenario's key where version 1 held the Mark
SIZE_LIMIT = 256 * 1024           # a full map of pieces is about 20 KB
NAME_LIMIT = 60
DESCRIPTION_LIMIT = 200
PREDESIGNED_PATTERN = "[0-9][0-9]-*.json"
BATTLES_FOLDER = "battles"          # the pocket edition's battles' fields, beside the 1986 five
BATTLE_PATTERN = "[0-9]-*.json"


# -- schema pieces shared with saved games -------------------------------------------------

def _check_hex(text: str) -> str:
    try:
        parse(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a hex on the map, given as CCRR like 0107") from None
    return text


def check_kind(value: Any) -> Any:
    if isinstance(value, str) and value not in {k.value for k in UNITS}:
        names = ", ".join(k.value for k in UNITS)
        raise ValueError(f"{value!r} is not a kind of piece, which are {names}")
    return value


HexId = Annotated[str, AfterValidator(_check_hex)]
ScreenText = Annotated[str, BeforeValidator(clean_text)]     # a name or label shown on screen


def cleaned_to(limit: int) -> BeforeValidator:
    """A text field's cleaning (clean_text) that also cuts it to `limit` characters: a name
    too long in a file is shortened, not refused (nor one that composing made longer)."""
    return BeforeValidator(partial(clean_text, limit=limit))


KindName = Annotated[Kind, BeforeValidator(check_kind)]


# The battles files hold: those the screens play.
_FILED = tuple(s.key for s in OFFERED)


def _check_scenario(value: Any) -> str:
    if isinstance(value, str) and value in _FILED:
        return value
    shown = repr(value[:40]) if isinstance(value, str) else str(value)[:40]
    raise ValueError(f"{shown} is not a scenario, which are {', '.join(_FILED)}")


ScenarioKey = Annotated[str, PlainValidator(_check_scenario)]      # "basic", "advanced"


def scenario_of_mark(value: Any) -> Any:
    """Migrating from version 1: the key of the 1986 scenario of a Mark (3 or 5), and any other
    value as it is, for the schema to refuse."""
    if type(value) is int:
        try:
            return for_mark(value).key
        except KeyError:
            pass
    return value


def terrain_of(board: Board) -> dict[str, Any]:
    """A board's craters and rubble as CCRR strings, sorted."""
    return {"craters": [label(h) for h in sorted(board.craters)],
            "rubble": [[label(a), label(b)] for a, b in sorted(board.rubble)]}


class Terrain(BaseModel):
    """Craters and rubble hexsides, as CCRR strings (a field's, or a saved game's board)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    craters: list[HexId] = []
    rubble: list[tuple[HexId, HexId]] = []

    @model_validator(mode="after")
    def _rubble_between_neighbours(self) -> Terrain:
        check_rubble(self.rubble)
        return self

    def board(self) -> Board:
        return board_from_ids(list(self.craters), [list(pair) for pair in self.rubble])


def without_empty(out: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """A document with these optional entries left out where they are empty or off: files
    written before they existed read the same."""
    for name in names:
        if not out.get(name):
            out.pop(name, None)
    return out


def check_rubble(rubble: list[tuple[str, str]]) -> None:
    for a, b in rubble:
        if int(b) not in NEIGHBOURS[int(a)]:
            raise ValueError(f"rubble {a}-{b} does not lie between two neighbouring hexes")


def check_squads(kind: Kind, squads: int) -> None:
    if kind is Kind.INFANTRY:
        if not 1 <= squads <= 3:
            raise ValueError(f"an infantry counter holds 1 to 3 squads, not {squads}")
    elif squads != 1:
        raise ValueError(f"a {STATS[kind].name} has no squads, so squads must be 1, not {squads}")


class PieceEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: KindName
    hex: HexId
    squads: StrictInt = 1

    @model_validator(mode="after")
    def _squads(self) -> PieceEntry:
        check_squads(self.kind, self.squads)
        return self


class FieldFile(BaseModel):
    """One field, version 2."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-field"] = FORMAT
    version: Literal[2] = VERSION
    name: Annotated[str, cleaned_to(NAME_LIMIT)] = Spec(min_length=1, max_length=NAME_LIMIT)
    scenario: ScenarioKey
    description: Annotated[str, cleaned_to(DESCRIPTION_LIMIT)] = Spec(
        "", max_length=DESCRIPTION_LIMIT)
    craters: list[HexId] = []
    rubble: list[tuple[HexId, HexId]] = []
    pieces: list[PieceEntry] = []
    ogres: list[HexId] = []         # where the defense's own Ogres stand (9.01, 9.03)
    mines: Annotated[list[HexId], Spec(max_length=MOST_MINES)] = []   # laid secretly (8.03)

    @model_validator(mode="after")
    def _deployment(self) -> FieldFile:
        check_rubble(self.rubble)
        craters = set(self.craters)
        problem = mines_problem(map(parse, craters), map(parse, self.mines))
        if problem:
            raise ValueError(problem)
        seen: set[str] = set()
        for n, p in enumerate(self.pieces, 1):
            what = f"piece {n}, the {STATS[p.kind].name} at {p.hex},"
            if p.hex in craters:
                raise ValueError(f"{what} stands on a crater")
            if p.hex in seen:
                raise ValueError(f"{what} shares its hex with another piece")
            seen.add(p.hex)
        if sum(p.kind is Kind.CP for p in self.pieces) > 1:
            raise ValueError("there is more than one Command Post")
        self._check_ogres(craters, seen)
        return self

    def _check_ogres(self, craters: set[str], taken: set[str]) -> None:
        battle = SCENARIOS[self.scenario]
        if len(self.ogres) > len(battle.watchdogs):
            raise ValueError(f"the defense has {len(battle.watchdogs) or 'no'} Ogre"
                             f"{'' if len(battle.watchdogs) == 1 else 's'} of its own in "
                             f"{battle.title}, not {len(self.ogres)}")
        for h in self.ogres:
            if h in craters:
                raise ValueError(f"the defense's Ogre at {h} stands on a crater")
            if h in taken:
                raise ValueError(f"the defense's Ogre at {h} shares its hex with a piece")

    @model_serializer(mode="wrap")
    def _ogres_and_mines_when_placed(self, handler: SerializerFunctionWrapHandler
                                     ) -> dict[str, Any]:
        return without_empty(handler(self), ("ogres", "mines"))

    def to_field(self) -> Field:
        board = board_from_ids(list(self.craters), [list(pair) for pair in self.rubble])
        placements = tuple(Placement(p.kind, int(p.hex), p.squads) for p in self.pieces)
        return Field(board, placements, self.name, tuple(int(h) for h in self.ogres),
                     tuple(int(h) for h in self.mines))


# -- conversions ------------------------------------------------------------------------------

def _field_from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the Mark becomes the scenario's key, in its place."""
    return {("scenario" if k == "mark" else k): (scenario_of_mark(v) if k == "mark" else v)
            for k, v in doc.items()}


# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _field_from_v1}


@dataclass(frozen=True)
class FieldRecord:
    """A field read from a file, with what the file says about it."""

    field: Field
    name: str
    scenario: str           # the battle it was designed for, a key of rules.scenarios
    description: str = ""

    @property
    def mark(self) -> int:
        """The Mark the field was designed against (its scenario's)."""
        return SCENARIOS[self.scenario].against


def _fits(field: Field, mark: int) -> bool:
    m = MARKS[mark]
    return (armor_units(field) <= m.armor_units and infantry_squads(field) <= m.infantry_squads
            and forward_attack_points(field) <= m.forward_points)


def designed_for(field: Field) -> int:
    """3 when the deployment fits the Mark III allowances (E9), else 5."""
    return 3 if _fits(field, 3) else 5


def fit_label(field: Field) -> str:
    """Which Ogre the deployment is designed for, told by its own counts (E9), never by the
    field's name or the file it came from: 'Mark III: 12 armor, 20 squads'. Forward points
    are named only when they, beyond the Mark III allowance, are what makes it a Mark V field."""
    who = "Mark III" if _fits(field, 3) else "Mark V" if _fits(field, 5) else "over Mark V"
    counts = f"{armor_units(field)} armor, {infantry_squads(field)} squads"
    forward = forward_attack_points(field)
    if forward > MARKS[3].forward_points:
        counts += f", {forward} forward"
    return f"{who}: {counts}"


def battle_label(field: Field, scenario: str) -> str:
    """What a field is designed for, as a list shows it: a 1986 field by its counts
    (fit_label), another by its battle: 'Mark III on Defense: 12 armor, 15 squads'."""
    if scenario in OF_1986:
        return fit_label(field)
    return f"{SCENARIOS[scenario].title}: {armor_units(field)} armor, " \
           f"{infantry_squads(field)} squads"


def field_document(field: Field, name: str, battle: int | str,
                   description: str = "") -> FieldFile:
    """The file form of a field designed for a battle (a scenario's key, or the Mark of a 1986
    one); StorageError "invalid" if it could not be read back."""
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION,
        "name": (for_screen(name) or for_screen(field.name) or "Untitled field")[:NAME_LIMIT],
        "scenario": scenario_of_mark(battle),
        "description": description.strip()[:DESCRIPTION_LIMIT],
        **terrain_of(field.board),
        "pieces": [{"kind": p.kind.value, "hex": label(p.hex), "squads": p.squads}
                   for p in field.placements],
        "ogres": [label(h) for h in field.ogres],
        "mines": [label(h) for h in field.mines],
    }
    try:
        return FieldFile.model_validate(doc)
    except ValidationError as exc:
        raise StorageError(f"This field cannot be saved: {explain(exc)}.", "invalid") from None


def field_to_text(field: Field, name: str, battle: int | str, description: str = "") -> str:
    return encode(field_document(field, name, battle, description))


def field_from_text(text: str, where: str,
                    migrations: Mapping[int, Migration] = MIGRATIONS) -> FieldRecord:
    doc = decode(text, FieldFile, fmt=FORMAT, version=VERSION, migrations=migrations, where=where)
    return FieldRecord(doc.to_field(), doc.name, doc.scenario, doc.description)


def read_field_file(path: Path, where: str | None = None) -> FieldRecord:
    """Any field file by path (the predesigned ones, or one a player exported)."""
    where = where or f"The field file {Path(path).name}"
    try:
        text = read_text_limited(Path(path), SIZE_LIMIT, where)
    except FileNotFoundError:
        raise StorageError(f"{where} is missing.", "empty") from None
    return field_from_text(text, where)


def write_field_file(path: Path, field: Field, name: str, battle: int | str | None = None,
                     description: str = "") -> None:
    """Write any field file atomically (player slots use FieldStore.save): designed for a
    battle (a scenario's key or a Mark), or by its counts for the Mark it fits."""
    text = field_to_text(field, name, designed_for(field) if battle is None else battle,
                         description)
    write_text_atomic(Path(path), text)


# -- the five player slots -----------------------------------------------------------------

@dataclass(frozen=True)
class FieldSlot:
    """What the Load/Save a Field dialog shows for one slot."""

    slot: int
    status: SlotStatus
    name: str = ""
    mark: int = 0
    description: str = ""
    reason: str = ""            # why an unreadable slot cannot be read (one sentence)
    fits: str = ""              # battle_label of the deployment: what it is designed for
    scenario: str = ""          # the battle it was designed for

    @property
    def summary(self) -> str:
        if self.status is SlotStatus.EMPTY:
            return f"{self.slot}. (empty)"
        if self.status is SlotStatus.UNREADABLE:
            return f"{self.slot}. (unreadable)"
        return f"{self.slot}. {self.name} ({self.fits or MARKS[self.mark].name})"


class FieldStore:
    """Five player field slots, slot1.json .. slot5.json in `folder` (G5)."""

    def __init__(self, folder: Path) -> None:
        self.slots = SlotFolder(Path(folder), "Field slot", SIZE_LIMIT)

    @classmethod
    def default(cls) -> FieldStore:
        return cls(fields_folder())

    @property
    def folder(self) -> Path:
        return self.slots.folder

    def list_slots(self) -> list[FieldSlot]:
        out = []
        for slot in SLOTS:
            try:
                text = self.slots.read(slot)
                if text is None:
                    out.append(FieldSlot(slot, SlotStatus.EMPTY))
                    continue
                rec = field_from_text(text, self.slots.where(slot))
            except StorageError as exc:
                out.append(FieldSlot(slot, SlotStatus.UNREADABLE, reason=exc.message))
                continue
            out.append(FieldSlot(slot, SlotStatus.OK, rec.name, rec.mark, rec.description,
                                 fits=battle_label(rec.field, rec.scenario),
                                 scenario=rec.scenario))
        return out

    def save(self, slot: int, field: Field, name: str, battle: int | str | None = None,
             description: str = "") -> None:
        """Write the field into a slot, replacing what was there, designed for a battle (a
        scenario's key or a Mark; by default the Mark its counts fit). The attacking Ogre is
        never saved (E10); the defense's own is, where the battle has one."""
        path = self.slots.path(slot)
        name = name.strip() or f"Field {slot}"
        text = field_to_text(field, name, designed_for(field) if battle is None else battle,
                             description)
        write_text_atomic(path, text)

    def load(self, slot: int) -> FieldRecord:
        return field_from_text(self.slots.read_existing(slot), self.slots.where(slot))

    def clear(self, slot: int) -> None:
        self.slots.clear(slot)


# -- the five predesigned fields -----------------------------------------------------------

def predesigned_paths(folder: Path | None = None) -> list[Path]:
    """The predesigned field files, in order (01-... to 05-...)."""
    if folder is None:
        folder = data_dir("fields")
    return sorted(Path(folder).glob(PREDESIGNED_PATTERN))


def load_predesigned(folder: Path | None = None) -> list[FieldRecord]:
    """The five predesigned fields shipped with the game (G5)."""
    return [read_field_file(p, f"The predesigned field {p.name}")
            for p in predesigned_paths(folder)]


# -- the predesigned fields of the pocket edition's battles (X15) ---------------------------

def battle_field_paths(folder: Path | None = None) -> list[Path]:
    """The fields designed for the pocket edition's battles, in order (1-... on)."""
    if folder is None:
        folder = data_dir("fields") / BATTLES_FOLDER
    return sorted(Path(folder).glob(BATTLE_PATTERN))


def load_battle_fields(folder: Path | None = None) -> list[FieldRecord]:
    """A predesigned field for each of the pocket edition's battles the screens play: beside
    the five 1986 ones, which the 1986 game's lists and checks count."""
    return [read_field_file(p, f"The predesigned field battles/{p.name}")
            for p in battle_field_paths(folder)]
