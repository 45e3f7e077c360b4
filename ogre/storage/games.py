"""Saved games: the GameFile schema and five slots (G6).

A saved game holds the COMPLETE rules state, so a loaded game continues exactly
where it was saved, dice included (the die's state is one 64-bit int, stored as
a JSON integer)::

    {"format": "ogre-game", "version": 2, "saved_at": "2025-01-31T20:15:00+00:00",
     "label": {"scenario": "basic", "turn": 4, "phase": "defense_fire",
               "field": "Howitzer Umbrella"},
     "players": {"count": 1, "computer": "ogre", "skill": "Low"},
     "state": {"board": {...}, "scenario": "basic", "pieces": [...], "ogres": [{"id": 0, ...}],
               "phase": ..., "turn": 4, "rng": 1234..., "aim": null, "ap_hit": [],
               "next_id": 41, "result": "", "options": {...}},
     "start": {...the battle's first state...},
     "log": ["enter 0822", "move O 0820", ...]}

The state's schema is state_data.StateData. Hexes are CCRR strings; a hex that is "nowhere"
(an Ogre before entry or after leaving) is null. Version 1 held the Mark where the state and the
label hold the scenario's key, one "ogre" and no options: MIGRATIONS[1] carries it forward.
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
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic import Field as Spec

from ..rules.actions import Action, parse_action
from ..rules.hidden import replay_told
from ..rules.scenarios import SCENARIOS
from ..rules.sides import Side, phase_title
from ..rules.state import GameState, Phase
from .atomic import write_text_atomic
from .documents import Migration, decode, encode, explain
from .errors import StorageError
from .fields import ScenarioKey, cleaned_to, scenario_of_mark
from .paths import games_folder
from .slots import SLOTS, SlotFolder, SlotStatus
from .state_data import StateData as StateData  # the state's schema, named here as it was
from .state_data import state_from_v1

FORMAT: Final = "ogre-game"
VERSION: Final = 2           # 2: the scenario's key, a list of Ogres, the optional rules


def _game_from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the state and the start (state_data.state_from_v1), and the label's Mark
    as its scenario's key."""
    out = {k: state_from_v1(v) if k in ("state", "start") else v for k, v in doc.items()}
    label = out.get("label")
    if isinstance(label, dict) and "scenario" in label:
        out["label"] = {**label, "scenario": scenario_of_mark(label["scenario"])}
    return out


# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _game_from_v1}
SIZE_LIMIT = 4 * 1024 * 1024       # a long game's log is well under 1 MB
# Replaying a log is the work loading does; a long battle is a few thousand actions.
LOG_STEPS = 10_000
SKILLS = ("Low", "Med", "Hi")
Die = Annotated[StrictInt, Spec(ge=1, le=6)]
Count = Annotated[StrictInt, Spec(ge=0)]


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

    scenario: ScenarioKey
    turn: Annotated[StrictInt, Spec(ge=1)]
    phase: Phase
    field: Annotated[str, cleaned_to(100)] = Spec("", max_length=100)


class GameFile(BaseModel):
    """One saved game, version 2."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-game"] = FORMAT
    version: Literal[2] = VERSION
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
        "label": {"scenario": state.scenario, "turn": state.turn,
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
    scenario: str = ""          # its key in rules.scenarios
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
        return (f"{self.slot}. {SCENARIOS[self.scenario].named}, turn {self.turn}, "
                f"{phase_title(self.scenario, self.phase)}{when}")


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
