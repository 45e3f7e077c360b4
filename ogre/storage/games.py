"""Saved games: the GameFile schema and five slots (G6).

A saved game holds the COMPLETE rules state, so a loaded game continues exactly
where it was saved, dice included (the die's state is one 64-bit int, stored as
a JSON integer)::

    {"format": "ogre-game", "version": 1, "saved_at": "2025-01-31T20:15:00+00:00",
     "label": {"scenario": 3, "turn": 4, "phase": "defense_fire", "field": "Howitzer Umbrella"},
     "players": {"count": 1, "computer": "ogre", "skill": "Low"},
     "state": {"board": {...}, "scenario": 3, "pieces": [...], "ogre": {...}, "phase": ...,
               "turn": 4, "rng": 1234..., "aim": null, "ap_hit": [], "next_id": 41, "result": ""},
     "log": ["enter 0822", "move O 0820", ...]}

Hexes are CCRR strings; a hex that is "nowhere" (the Ogre before entry or
after leaving) is null.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic import Field as Spec

from ..rules.actions import Action, parse_action
from ..rules.hexes import label
from ..rules.hidden import replay_told
from ..rules.invariants import first_problem
from ..rules.scenarios import SCENARIOS, for_mark
from ..rules.sides import Side
from ..rules.state import PHASE_TITLES, Aiming, GameState, Ogre, Phase, Piece
from ..rules.units import MARKS, WEAPONS, Weapon
from .atomic import write_text_atomic
from .documents import Migration, decode, encode, explain
from .errors import StorageError
from .fields import HexId, KindName, Terrain, check_squads, cleaned_to, terrain_of
from .paths import games_folder
from .slots import SLOTS, SlotFolder, SlotStatus

FORMAT: Final = "ogre-game"
VERSION: Final = 1
# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {}
SIZE_LIMIT = 4 * 1024 * 1024       # a long game's log is well under 1 MB
# Replaying a log is the work loading does; a long battle is a few thousand actions.
LOG_STEPS = 10_000
SKILLS = ("Low", "Med", "Hi")
Die = Annotated[StrictInt, Spec(ge=1, le=6)]

Count = Annotated[StrictInt, Spec(ge=0)]
Four = tuple[Count, Count, Count, Count]
MaybeHex = HexId | None


def _hex(h: int) -> str | None:
    return label(h) if h else None


def _int(h: str | None) -> int:
    return int(h) if h else 0


class PieceState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[StrictInt, Spec(ge=1)]
    kind: KindName
    hex: HexId
    squads: StrictInt = 1
    disabled_turn: Count = 0
    moved: Count = 0
    start: MaybeHex = None
    base_moved: Count = 0
    fired: Count = 0

    @model_validator(mode="after")
    def _squads(self) -> PieceState:
        check_squads(self.kind, self.squads)
        return self


class OgreState(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

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

    target: Count = 0
    weapons: Four = (0, 0, 0, 0)
    part: Weapon | None = None
    attackers: list[Count] = []


class StateData(BaseModel):
    """Every field of ogre.rules.state.GameState."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    board: Terrain
    scenario: Literal[3, 5]            # version 1: the Mark the scenario deploys against
    pieces: list[PieceState]
    ogre: OgreState
    phase: Phase
    turn: Annotated[StrictInt, Spec(ge=1)]
    rng: Annotated[StrictInt, Spec(ge=0, le=(1 << 64) - 1)]
    aim: AimState | None = None
    ap_hit: list[Count] = []
    next_id: Annotated[StrictInt, Spec(ge=1)]
    result: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> StateData:
        problem = first_problem(self.to_state())
        if problem:
            raise ValueError(problem)
        return self

    @staticmethod
    def of(s: GameState) -> dict[str, Any]:
        o = s.ogre
        return {
            "board": terrain_of(s.board),
            "scenario": SCENARIOS[s.scenario].against,
            "pieces": [{"id": p.id, "kind": p.kind.value, "hex": label(p.hex), "squads": p.squads,
                        "disabled_turn": p.disabled_turn, "moved": p.moved, "start": _hex(p.start),
                        "base_moved": p.base_moved, "fired": p.fired} for p in s.pieces],
            "ogre": {"mark": o.mark, "hex": _hex(o.hex), "treads": o.treads,
                     "weapons": list(o.weapons), "fired": list(o.fired),
                     "missiles_spent": o.missiles_spent, "moved": o.moved,
                     "undo_hex": _hex(o.undo_hex), "undo_moved": o.undo_moved, "rams": o.rams,
                     "exited": o.exited},
            "phase": s.phase.value,
            "turn": s.turn,
            "rng": s.rng,
            "aim": None if s.aim is None else {
                "target": s.aim.target, "weapons": list(s.aim.weapons),
                "part": None if s.aim.part is None else s.aim.part.value,
                "attackers": list(s.aim.attackers)},
            "ap_hit": sorted(s.ap_hit),
            "next_id": s.next_id,
            "result": s.result,
        }

    def to_state(self) -> GameState:
        o = self.ogre
        pieces = tuple(Piece(p.id, p.kind, int(p.hex), p.squads, p.disabled_turn, p.moved,
                             _int(p.start), p.base_moved, p.fired) for p in self.pieces)
        ogre = Ogre(mark=o.mark, hex=_int(o.hex), treads=o.treads, weapons=o.weapons,
                    fired=o.fired, missiles_spent=o.missiles_spent, moved=o.moved,
                    undo_hex=_int(o.undo_hex), undo_moved=o.undo_moved, rams=o.rams,
                    exited=o.exited)
        aim = None if self.aim is None else Aiming(self.aim.target, self.aim.weapons,
                                                   self.aim.part, tuple(self.aim.attackers))
        return GameState(board=self.board.board(), scenario=for_mark(self.scenario).key,
                         pieces=pieces,
                         ogres=(ogre,), phase=self.phase, turn=self.turn, rng=self.rng, aim=aim,
                         ap_hit=frozenset(self.ap_hit), next_id=self.next_id, result=self.result)


class Players(BaseModel):
    """Who plays: one player against the computer (which side it plays, how well) or two."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    count: Literal[1, 2] = 1
    computer: Side | None = "ogre"
    skill: Literal["Low", "Med", "Hi"] = "Low"

    @model_validator(mode="after")
    def _computer_plays_in_one_player_games(self) -> Players:
        if self.count == 1 and self.computer is None:
            raise ValueError("a one-player game needs the side the computer plays")
        if self.count == 2 and self.computer is not None:
            raise ValueError("a two-player game has no computer side")
        return self


class Label(BaseModel):
    """What the Load a Game dialog shows; it must agree with the state."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: Literal[3, 5]
    turn: Annotated[StrictInt, Spec(ge=1)]
    phase: Phase
    field: Annotated[str, cleaned_to(100)] = Spec("", max_length=100)


class GameFile(BaseModel):
    """One saved game, version 1."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-game"] = FORMAT
    version: Literal[1] = VERSION
    saved_at: datetime
    label: Label
    players: Players
    state: StateData
    log: list[str] = Spec([], max_length=LOG_STEPS)
    start: StateData | None = None      # the battle's first position, so the log replays (X3)
    advice_asked: Count = 0             # how often the player asked the computer's advice (X8)
    # X10: a network guest's battle holds no dice state; the faces the host told, in order,
    # make its log replay (rules.hidden)
    dice: list[Die] = Spec([], max_length=LOG_STEPS * 3)

    @field_validator("log")
    @classmethod
    def _actions(cls, log: list[str]) -> list[str]:
        """Each entry an action, kept in its one written form (the replay shows it)."""
        out = []
        for n, text in enumerate(log, 1):
            try:
                out.append(str(parse_action(text)))
            except ValueError:
                raise ValueError(f"log entry {n}, {text[:40]!r}, is not an action") from None
        return out

    @model_validator(mode="after")
    def _label_and_log(self) -> GameFile:
        s = self.state
        label = self.label
        if (label.scenario, label.turn, label.phase) != (s.scenario, s.turn, s.phase):
            raise ValueError("the label does not match the game state")
        if self.start is not None:
            problem = log_problem(self.start.to_state(), self.log, s.to_state(), self.dice)
            if problem:
                raise ValueError(problem)
        elif self.dice:         # OGRE writes told dice only beside the start they replay from
            raise ValueError("the game has told dice but not the battle's start they replay from")
        return self

    def saved(self, where: str) -> SavedGame:
        """The game to continue. Saves made before the start was kept have a log without it,
        which could not lead to the state: it is set aside, and `notice` says so."""
        start = self.start.to_state() if self.start is not None else None
        log, notice = tuple(self.log), ""
        if start is None and log:
            log, notice = (), (f"{where} has a log but not the battle's start it replays from, "
                               "so it goes on without its log.")
        return SavedGame(self.state.to_state(), self.players, log, self.saved_at,
                         self.label.field, start, self.advice_asked, tuple(self.dice), notice)


def log_problem(start: GameState, log: list[str], end: GameState,
                dice: list[int] | None = None) -> str | None:
    """Does the log replay from `start` to `end`, with the told `dice` if the battle's were
    hidden? (X3: Export writes it for the replay.)"""
    s, n = start, 0
    try:
        for n, (s, _) in enumerate(replay_told(start, map(parse_action, log), dice or []), 1):
            pass
    except ValueError:          # a RuleError, not an action, or the told dice not all used
        return f"log entry {n + 1} does not replay from the battle's start"
    return None if s == end else "the log does not lead from the battle's start to this position"


@dataclass(frozen=True)
class SavedGame:
    """A game read from a slot: the state to continue from and how it was being played."""

    state: GameState
    players: Players
    log: tuple[str, ...] = ()
    saved_at: datetime | None = None
    field_name: str = ""
    start: GameState | None = None      # where the log begins, when the file has it
    advice_asked: int = 0               # X8
    dice: tuple[int, ...] = ()          # X10: the told dice of a network guest's battle
    notice: str = ""                    # one sentence for the player: what was set aside

    def actions(self) -> list[Action]:
        """The log as action values, for replay (X3)."""
        return [parse_action(t) for t in self.log]


def game_document(state: GameState, players: Players, log: Iterable[Action | str] = (),
                  field_name: str = "", now: datetime | None = None,
                  start: GameState | None = None, advice_asked: int = 0,
                  dice: Iterable[int] = ()) -> GameFile:
    """The file form of a game; StorageError "invalid" if it could not be read back."""
    texts = [str(a) for a in log]
    if texts and start is None:       # it would load without its log (GameFile.saved)
        raise StorageError("This game cannot be saved: it has a log but not the battle's start "
                           "it replays from.", "invalid")
    when = (now or datetime.now(UTC)).replace(microsecond=0)
    doc = {
        "format": FORMAT, "version": VERSION, "saved_at": when.isoformat(),
        "label": {"scenario": SCENARIOS[state.scenario].against, "turn": state.turn,
                  "phase": state.phase.value, "field": field_name.strip()[:100]},
        "players": players.model_dump(mode="json"),
        "state": StateData.of(state),
        "log": texts,
    }
    if start is not None:
        doc["start"] = StateData.of(start)
    if advice_asked:
        doc["advice_asked"] = advice_asked
    if dice:
        doc["dice"] = list(dice)
    try:
        return GameFile.model_validate(doc)
    except ValidationError as exc:
        raise StorageError(f"This game cannot be saved: {explain(exc)}.", "invalid") from None


def game_to_text(state: GameState, players: Players, log: Iterable[Action | str] = (),
                 field_name: str = "", now: datetime | None = None,
                 start: GameState | None = None, advice_asked: int = 0,
                 dice: Iterable[int] = ()) -> str:
    return encode(game_document(state, players, log, field_name, now, start, advice_asked,
                                dice))


def game_from_text(text: str, where: str,
                   migrations: Mapping[int, Migration] = MIGRATIONS) -> SavedGame:
    doc = decode(text, GameFile, fmt=FORMAT, version=VERSION, migrations=migrations, where=where)
    return doc.saved(where)


@dataclass(frozen=True)
class GameSlot:
    """What the Load/Save a Game dialog shows for one slot."""

    slot: int
    status: SlotStatus
    scenario: int = 0
    turn: int = 0
    phase: Phase | None = None
    saved_at: datetime | None = None
    field_name: str = ""
    players: Players | None = None
    reason: str = ""            # why an unreadable slot cannot be read (one sentence)

    @property
    def summary(self) -> str:
        if self.status is SlotStatus.EMPTY:
            return f"{self.slot}. (empty)"
        if self.status is SlotStatus.UNREADABLE or self.phase is None:
            return f"{self.slot}. (unreadable)"
        when = ""
        if self.saved_at is not None:
            local = self.saved_at
            if local.tzinfo:
                try:
                    local = local.astimezone()
                except (OverflowError, ValueError, OSError):   # year 1 or 9999 in another zone
                    pass
            when = f", {local:%Y-%m-%d %H:%M}"
        return (f"{self.slot}. {MARKS[self.scenario].name}, turn {self.turn}, "
                f"{PHASE_TITLES[self.phase]}{when}")


class GameStore:
    """Five saved-game slots, slot1.json .. slot5.json in `folder` (G6)."""

    def __init__(self, folder: Path) -> None:
        self.slots = SlotFolder(Path(folder), "Saved game", SIZE_LIMIT)

    @classmethod
    def default(cls) -> GameStore:
        return cls(games_folder())

    @property
    def folder(self) -> Path:
        return self.slots.folder

    def list_slots(self) -> list[GameSlot]:
        out = []
        for slot in SLOTS:
            try:
                text = self.slots.read(slot)
                if text is None:
                    out.append(GameSlot(slot, SlotStatus.EMPTY))
                    continue
                doc = decode(text, GameFile, fmt=FORMAT, version=VERSION, migrations=MIGRATIONS,
                             where=self.slots.where(slot))
            except StorageError as exc:
                out.append(GameSlot(slot, SlotStatus.UNREADABLE, reason=exc.message))
                continue
            out.append(GameSlot(slot, SlotStatus.OK, doc.label.scenario, doc.label.turn,
                                doc.label.phase, doc.saved_at, doc.label.field, doc.players))
        return out

    def save(self, slot: int, state: GameState, players: Players,
             log: Iterable[Action | str] = (), field_name: str = "",
             now: datetime | None = None, start: GameState | None = None,
             advice_asked: int = 0, dice: Iterable[int] = ()) -> None:
        """Write the game into a slot, replacing what was there."""
        path = self.slots.path(slot)
        write_text_atomic(path, game_to_text(state, players, log, field_name, now, start,
                                             advice_asked, dice))

    def load(self, slot: int) -> SavedGame:
        return game_from_text(self.slots.read_existing(slot), self.slots.where(slot))

    def clear(self, slot: int) -> None:
        self.slots.clear(slot)
