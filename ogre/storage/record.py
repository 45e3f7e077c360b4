"""The record of battles (X9): one entry for every finished battle, in record.json in the
user data folder, and the totals the Record window shows.

    {"format": "ogre-record", "version": 2,
     "entries": [{"finished_at": "2025-01-31T20:15:00+00:00", "scenario": "basic",
                  "field": "Howitzer Umbrella", "ogre": {"who": "computer", "skill": "Hi"},
                  "defense": {"who": "player"}, "result": "Defense Victory", "turns": 14,
                  "options": ""}]}

`scenario` is a key of rules.scenarios.SCENARIOS and `options` the words of the optional rules
the battle was played with ("Time Limit 12 turns, Command Crawler"; "" for none). Version 1
held the Mark (3 or 5) as the scenario and no options; its migration changes every entry it can
read and leaves the rest as they were, so that an entry no version reads is still set aside with
the file, never lost.

Like every OGRE file it is written atomically and checked on reading. Nothing here ever stops
a battle: reading or adding gives a one-sentence notice instead of raising. A damaged or
foreign file is set aside (renamed, never deleted) when the next battle is added, its good
entries carried over; a file from a newer OGRE is left as it is and nothing is added to it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    StrictInt,
    ValidationError,
    model_validator,
)
from pydantic import Field as Spec

from ..rules.duel import DUEL_RESULTS, NOBODY
from ..rules.levels import ATTACK_LEVELS, VICTORY_LEVELS
from ..rules.scenarios import SCENARIOS
from ..rules.victory import ATTACK_WINS
from .atomic import read_text_limited, write_text_atomic
from .documents import Migration, explain, parse_json, upgrade
from .errors import StorageError
from .fields import ScenarioKey, cleaned_to, scenario_of_mark
from .paths import user_data_folder

FIRST_HOLDS = DUEL_RESULTS[0]      # "Ogre 1 Holds the Field": a Duel's first seat's
FORMAT: Final = "ogre-record"
VERSION: Final = 2           # 2: the scenario's key where version 1 held the Mark; options
FILE_NAME = "record.json"
SIZE_LIMIT = 4 * 1024 * 1024
MAX_ENTRIES = 10_000         # about 2 MB; past it the oldest battles give way
WHERE = "The record of battles"
NAME_LIMIT = 100             # a side's name and a field's; longer ones are cut, not refused
OPTIONS_LIMIT = 200          # the optional rules' words
LEVEL_NAMES = ("Low", "Med", "Hi")

Level = Literal["Low", "Med", "Hi"]


def _check_level(value: str) -> str:
    if value not in VICTORY_LEVELS and value not in ATTACK_LEVELS and value not in DUEL_RESULTS:
        raise ValueError(f"{value[:40]!r} is not a victory level")
    return value


Result = Annotated[str, AfterValidator(_check_level)]


def _entries_from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: each entry's Mark as its scenario's key. Never raises: what is not an
    entry it can read stays as it was, for the reader to count as lost and keep aside."""
    entries = doc.get("entries")
    if not isinstance(entries, list):
        return doc
    return {**doc, "entries": [
        {**e, "scenario": scenario_of_mark(e["scenario"])}
        if isinstance(e, dict) and "scenario" in e else e for e in entries]}


# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {1: _entries_from_v1}


class Side(BaseModel):
    """Who played one side: the player, the computer at a skill (or a plugin, by name, X5), or
    the person on the other computer of a network game (X10, with their name if they gave it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    who: Literal["player", "computer", "remote"]
    skill: Level | None = None
    name: Annotated[str, cleaned_to(NAME_LIMIT), Spec(max_length=NAME_LIMIT)] = ""

    @model_validator(mode="after")
    def _computer_has_a_skill(self) -> Side:
        if self.who == "computer" and self.skill is None and not self.name:
            raise ValueError("a computer side needs its skill or its name")
        if self.who == "player" and (self.skill is not None or self.name):
            raise ValueError("a player's side has no skill or name")
        if self.who == "remote" and self.skill is not None:
            raise ValueError("a person on the other computer has no skill")
        return self

    @property
    def words(self) -> str:
        if self.who == "player":
            return "Player"
        if self.who == "remote":
            return f"{self.name} (network)" if self.name else "Player on the network"
        return f"Computer ({self.skill})" if self.skill else self.name      # a plugin, by name


class Entry(BaseModel):
    """One finished battle."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    finished_at: datetime
    scenario: ScenarioKey
    field: Annotated[str, cleaned_to(NAME_LIMIT), Spec(max_length=NAME_LIMIT)] = ""
    ogre: Side
    defense: Side
    result: Result
    turns: Annotated[StrictInt, Spec(ge=1, le=10_000)]
    options: Annotated[str, cleaned_to(OPTIONS_LIMIT), Spec(max_length=OPTIONS_LIMIT)] = ""

    @property
    def mark(self) -> int:
        """The Mark the defense was deployed against (its scenario's)."""
        return SCENARIOS[self.scenario].against


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-record"] = FORMAT
    version: Literal[2] = VERSION
    entries: list[Entry] = Spec([], max_length=MAX_ENTRIES)


def record_text(entries: list[Entry]) -> str:
    """The record file's text: one battle a line, so adding the 10,000th battle writes in a
    tenth of the time the general pretty-printer takes (issue 28)."""
    lines = [json.dumps(e.model_dump(mode="json"), ensure_ascii=False, separators=(", ", ": "))
             for e in entries]
    head = f'{{"format": "{FORMAT}", "version": {VERSION}, "entries": ['
    return head + ("\n " + ",\n ".join(lines) + "\n" if lines else "") + "]}\n"


def record_path(folder: Path | None = None) -> Path:
    return Path(user_data_folder() if folder is None else folder) / FILE_NAME


def new_entry(scenario: str, field_name: str, ogre: Side, defense: Side, result: str,
              turns: int, now: datetime | None = None, options: str = "") -> Entry:
    """A finished battle's entry: its scenario's key, and the words of its optional rules."""
    when = (now or datetime.now(UTC)).replace(microsecond=0)
    return Entry.model_validate({"finished_at": when, "scenario": scenario,
                                 "field": field_name.strip()[:100], "ogre": ogre,
                                 "defense": defense, "result": result, "turns": turns,
                                 "options": options})


# ------------------------------------------------------------------ reading

def load_record(folder: Path | None = None, migrations: Mapping[int, Migration] = MIGRATIONS
                ) -> tuple[list[Entry], str | None]:
    """(entries, notice): the entries that could be read, oldest first, and one sentence for
    the player when something was wrong (None when all is well or there is no record yet)."""
    try:
        entries, lost = _read(record_path(folder), migrations)
    except FileNotFoundError:
        return [], None
    except StorageError as exc:
        if exc.code == "future":
            return [], f"{exc.message.rstrip('.')}, so it is not shown here."
        return [], (f"{exc.message.rstrip('.')}, so no battles can be shown; the next battle "
                    "to end sets it aside and begins a new record.")
    return entries, _lost_words(lost)


def _read(path: Path, migrations: Mapping[int, Migration]) -> tuple[list[Entry], int]:
    """The entries and how many could not be read; FileNotFoundError or StorageError when
    the file as a whole cannot be."""
    doc = upgrade(parse_json(read_text_limited(path, SIZE_LIMIT, WHERE), WHERE), FORMAT, VERSION,
                  migrations, WHERE)
    try:
        return list(RecordFile.model_validate(doc).entries), 0
    except ValidationError as exc:
        problem = explain(exc)
    raw = doc.get("entries")
    if set(doc) - {"format", "version", "entries"} or not isinstance(raw, list):
        raise StorageError(f"{WHERE} is not a valid record file: {problem}.", "invalid")
    entries = []
    for item in raw[-MAX_ENTRIES:]:
        try:
            entries.append(Entry.model_validate(item))
        except ValidationError:
            pass
    return entries, len(raw) - len(entries)


def _lost_words(lost: int) -> str | None:
    if not lost:
        return None
    some = "1 battle" if lost == 1 else f"{lost:,} battles"
    return f"{WHERE} had {some} that could not be read, left out here."


# ------------------------------------------------------------------ adding a battle

def add_battle(entry: Entry, folder: Path | None = None) -> str | None:
    """Add one finished battle; None when done, else the one sentence saying what happened.
    Never raises: a record that cannot be kept must not stop the game."""
    path = record_path(folder)
    notice = None
    try:
        entries, lost = _read(path, MIGRATIONS)
    except FileNotFoundError:
        entries, lost = [], 0
    except StorageError as exc:
        if exc.code in ("future", "unreadable"):
            return f"{exc.message.rstrip('.')}, so this battle was not added to it."
        entries, lost = [], 1
        notice = exc.message.rstrip(".")
    if lost:
        aside = _set_aside(path)
        if aside is None:
            return f"{WHERE} is damaged and could not be set aside, so this battle was not added."
        notice = notice or _lost_words(lost).rstrip(".")       # type: ignore[union-attr]
        notice = f"{notice}; the file was kept as {aside.name} and a new record begun."
    entries = (entries + [entry])[-MAX_ENTRIES:]
    try:
        write_text_atomic(path, record_text(entries))
    except StorageError as exc:
        reason = exc.message.rstrip(".")
        return f"This battle could not be added to the record of battles ({reason[:1].lower()}" \
               f"{reason[1:]})."
    return notice


def _set_aside(path: Path) -> Path | None:
    """Rename a record that cannot be read whole, so nothing in it is lost."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        aside = path.with_name(f"record-damaged-{stamp}{f'-{n}' if n else ''}.json")
        if aside.exists():
            continue
        try:
            os.replace(path, aside)
        except OSError:
            return None
        return aside
    return None


# ------------------------------------------------------------------ the totals

OPPONENTS = ("Computer Ogre", "Computer Defense", "Network Ogre", "Network Defense",
             "Two players", "Computer vs computer")


@dataclass(frozen=True)
class Total:
    """Battles against one opponent at one skill; `wins` are the player's (None when no one
    side is the player's), `by_level` counts every battle by its victory level."""

    opponent: str
    skill: str
    battles: int = 0
    wins: int | None = None
    by_level: dict[str, int] = field(default_factory=dict)


def opponent(entry: Entry) -> tuple[str, str, bool | None]:
    """(opponent, skill, the player plays the Ogre), the last None when no one side is theirs."""
    o, d = entry.ogre, entry.defense
    if o.who == "computer" and d.who == "player":
        return OPPONENTS[0], o.skill or o.name, False
    if d.who == "computer" and o.who == "player":
        return OPPONENTS[1], d.skill or d.name, True
    if o.who == "remote":
        return OPPONENTS[2], o.name, False
    if d.who == "remote":
        return OPPONENTS[3], d.name, True
    if o.who == "player":
        return OPPONENTS[4], "", None
    return OPPONENTS[5], f"{o.skill or o.name} / {d.skill or d.name}", None


def totals(entries: Iterable[Entry]) -> list[Total]:
    """One Total per opponent and skill, the computer Ogre first and Low before Hi."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for e in entries:
        who, skill, plays_ogre = opponent(e)
        t = found.setdefault((who, skill), {"battles": 0, "wins": None, "by_level": {}})
        t["battles"] += 1
        t["by_level"][e.result] = t["by_level"].get(e.result, 0) + 1
        if plays_ogre is not None:
            t["wins"] = (t["wins"] or 0) + player_won(e.result, plays_ogre)
    order = sorted(found, key=lambda k: (OPPONENTS.index(k[0]), _skill_order(k[1]), k[1]))
    return [Total(who, skill, **found[who, skill]) for who, skill in order]


def player_won(result: str, plays_ogre: bool) -> bool:
    """Whether the player won: on the Ogre's side (in a Duel, as the first Ogre) or the
    other. A Duel no Ogre holds is won by no one."""
    if result in DUEL_RESULTS:
        return result != NOBODY and (result == FIRST_HOLDS) == plays_ogre
    return (result in ATTACK_WINS) == plays_ogre


def _skill_order(skill: str) -> int:
    return LEVEL_NAMES.index(skill) if skill in LEVEL_NAMES else len(LEVEL_NAMES)
