"""Battle logs (X3): a battle's starting state and every action, as a text file to replay.

    # OGRE battle log, version 2 (replay with: ogre --replay FILE)
    start {"board": {...}, "scenario": "basic", "ogres": [...], ...}
    dice 4 1 6 ...                (only a network guest's battle: the faces the host told, X10)
    enter 0822
    move O 0820
    done

Lines starting with # are comments; the first, the header, says the log's version. The start is
a state of that version (state_data.StateData at version 2); a version-1 log's start is carried
forward by MIGRATIONS (and a log without the header is read as version 1, as every log was). A
log that does not replay (edited by hand, from another version) is reported at its first bad
line. A log holds at most LOG_STEPS actions (a long battle is a few thousand), so replaying one
takes a bounded time.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from pydantic import ValidationError

from ..rules.actions import Action, parse_action
from ..rules.errors import RuleError
from ..rules.game import Event
from ..rules.hidden import replay_told
from ..rules.state import GameState
from . import bounded
from .atomic import read_text_limited, write_text_atomic
from .documents import Migration, explain, upgrade
from .errors import StorageError
from .games import LOG_STEPS
from .state_data import StateData, state_from_v1

FORMAT: Final = "ogre-log"          # for the version check only: a log is text, not JSON
VERSION: Final = 2                  # 2: its start is a state of version 2
HEADER = f"# OGRE battle log, version {VERSION} (replay with: ogre --replay FILE)"
_HEADER = re.compile(r"# OGRE battle log, version (\S+)")
# The migration hook: MIGRATIONS[n] turns a version-n log's start (in a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {1: lambda doc: {**doc, "start": state_from_v1(doc["start"])}}
SIZE_LIMIT = 4 * 1024 * 1024
ADVICE = "# advice asked: "


@dataclass(frozen=True)
class Step:
    """One replayed action: its text (in the one written form), the state after it, and what
    happened."""

    line: int
    text: str
    state: GameState
    events: tuple[Event, ...]


def log_to_text(start: GameState, actions: list[Action | str], advice_asked: int = 0,
                dice: list[int] | tuple[int, ...] = ()) -> str:
    lines = [HEADER, "start " + json.dumps(StateData.of(start), separators=(",", ":"))]
    if dice:
        lines.append("dice " + " ".join(map(str, dice)))
    lines += [str(a) for a in actions]
    if advice_asked:
        lines.append(f"{ADVICE}{advice_asked}")      # a comment: replaying passes it by
    return "\n".join(lines) + "\n"


def write_log(path: Path, start: GameState, actions: list[Action | str],
              advice_asked: int = 0, dice: list[int] | tuple[int, ...] = ()) -> None:
    write_text_atomic(Path(path), log_to_text(start, actions, advice_asked, dice))


def log_advice(path: Path) -> int:
    """advice_in_log of a log file; 0 when it cannot be read (read_log says why)."""
    try:
        return advice_in_log(read_text_limited(Path(path), SIZE_LIMIT, "The battle log"))
    except (OSError, StorageError):
        return 0


def log_dice(path: Path) -> list[int]:
    """The told dice of a network guest's battle log (X10): [] when it has none or cannot be
    read (read_log says why)."""
    try:
        entries = _entries(read_text_limited(Path(path), SIZE_LIMIT, "The battle log"))
        next(entries, None)                             # the start
        second = next(entries, None)
        return _dice(*second, "") if second and second[1].startswith("dice") else []
    except (OSError, StorageError):
        return []


def advice_in_log(text: str) -> int:
    """How often advice was asked in the battle a log holds (X8): 0 when it does not say."""
    for line in text.splitlines():
        if line.startswith(ADVICE) and line[len(ADVICE):].strip().isdigit():
            return int(line[len(ADVICE):].strip())
    return 0


def read_log(path: Path) -> tuple[GameState, list[Step]]:
    where = f"The battle log {Path(path).name}"
    try:
        text = read_text_limited(Path(path), SIZE_LIMIT, where)
    except FileNotFoundError:
        raise StorageError(f"{where} does not exist.", "empty") from None
    return replay_text(text, where)


def replay_text(text: str, where: str = "The battle log") -> tuple[GameState, list[Step]]:
    """The starting state and every step, or StorageError naming the first bad line."""
    steps: list[Step] = []
    if sum(1 for _ in _entries(text)) > LOG_STEPS + 2:       # the start, the dice
        # Replaying is the work: refuse before doing it, not part way through.
        raise StorageError(f"{where} is too long to replay: it holds more than {LOG_STEPS:,} "
                           "actions.", "too_large")
    version = _version(text, where)
    entries = _entries(text)
    first = next(entries, None)
    if first is None:
        raise StorageError(f"{where} has no starting position.", "foreign")
    start = _start(first[1], first[0], where, version)
    rest = list(entries)
    dice: list[int] = []
    if rest and rest[0][1].startswith("dice"):
        dice = _dice(*rest.pop(0), where)
    actions = []
    for n, line in rest:
        try:
            actions.append(parse_action(line))
        except ValueError:
            raise StorageError(f"{where}, line {n}: {line[:40]!r} is not an action.",
                               "invalid") from None
    replayed = replay_told(start, actions, dice)
    for (n, line), action in zip(rest, actions):
        try:
            state, events = next(replayed)
        except (RuleError, ValueError) as err:
            why = err.message if isinstance(err, RuleError) else "the told dice run out"
            raise StorageError(f"{where}, line {n}: {line[:40]!r} does not replay "
                               f"({why}).", "invalid") from None
        steps.append(Step(n, str(action), state, tuple(events)))
    try:
        next(replayed, None)                # the end: every told die used
    except ValueError:
        raise StorageError(f"{where}: it tells more dice than its actions rolled.",
                           "invalid") from None
    return start, steps


def _dice(n: int, line: str, where: str) -> list[int]:
    words = line.split()[1:]
    if len(words) > LOG_STEPS * 3 or any(w not in "123456" or len(w) != 1 for w in words):
        raise StorageError(f"{where}, line {n}: the told dice are not dice.", "invalid")
    return [int(w) for w in words]


def _entries(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) for each line that is not blank or a comment, read one at a time
    (a file of millions of short lines is never held as a list)."""
    for n, raw in enumerate(io.StringIO(text), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            yield n, line


def _version(text: str, where: str) -> int:
    """The version its header names: 1 for a log without one; StorageError for a header whose
    version is not a number, or is newer than this OGRE reads."""
    for raw in io.StringIO(text):
        line = raw.strip()
        if not line:
            continue
        found = _HEADER.match(line)
        if found is None:
            return 1
        try:
            version = int(found.group(1))
        except ValueError:
            raise StorageError(f"{where} has no valid format version number.",
                               "invalid") from None
        if version > VERSION:       # said before its start is read: a newer OGRE wrote it
            upgrade({"format": FORMAT, "version": version}, FORMAT, VERSION, MIGRATIONS, where)
        return version
    return 1


def _start(line: str, n: int, where: str, version: int = VERSION) -> GameState:
    word, _, rest = line.partition(" ")
    if word != "start":
        raise StorageError(f"{where}, line {n}: a battle log begins with its starting position.",
                           "foreign")
    try:
        raw: Any = bounded.loads(rest)
        doc = {"format": FORMAT, "version": version, "start": raw}
        raw = upgrade(doc, FORMAT, VERSION, MIGRATIONS, where)["start"]
        return StateData.model_validate(raw).to_state()
    except bounded.JsonLimit as exc:
        raise StorageError(f"{where}, line {n}: the starting position cannot be read ({exc}).",
                           "damaged") from None
    except json.JSONDecodeError:
        raise StorageError(f"{where}, line {n}: the starting position is damaged.",
                           "damaged") from None
    except ValidationError as exc:
        raise StorageError(f"{where}, line {n}: the starting position is invalid "
                           f"({explain(exc)}).", "invalid") from None
