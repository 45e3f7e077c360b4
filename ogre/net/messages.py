"""The network game's messages (X10): JSON lines, each a versioned pydantic model.

A line is one JSON object and a newline, at most MAX_LINE bytes, read by the bounded reader
(storage.bounded: no nesting or number can cost more than a line's worth of work). Anything
else - not JSON, too deep, too long, another version, an unknown kind, a field of the wrong
type - is refused by `read`, in one sentence, and never reaches the battle.

The dice stay with the host. Every state that crosses the wire is `blind` (its dice state
BLIND), the digests both sides compare are of blind states, and each action's rolls travel
with it (Applied.dice), after it was played. A battle of any length is sent as its start and
its log in parts (LogPart), each well under MAX_LINE.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from ..rules.dice import MOST_ROLLS
from ..rules.hidden import blind
from ..rules.sides import Side
from ..rules.state import GameState
from ..storage import bounded
from ..storage.documents import explain
from ..storage.games import LOG_STEPS
from ..storage.screen_text import for_screen, sentence_for_screen
from ..storage.state_data import OptionsData, StateData
from .sheet import Commitments, Opening

# 5: a guest that defends sets up and keeps its own sheet (SetUp, Deployed, Ask, Tell);
# 4: states of the saved game's version 2 (the scenario's key, the Ogres, the optional rules);
# 3: the guest's seat; 2: the dice hidden, the log in parts
VERSION: Final = 5
MAX_LINE = 64 * 1024          # bytes: a battle's start is a few kilobytes, a part of its log 6
PART = 400                    # log entries a LogPart carries (400 x ~15 bytes)
SEAT_HEX = 32                 # a seat's secret: 128 bits, in hex


def _code(text: object) -> object:
    """A join code as the gate compares it: its letters and digits, upper case (the guest may
    type it in groups, or in lower case)."""
    if not isinstance(text, str):
        return text                                  # refused as no text
    return "".join(ch for ch in text[:64].upper() if ch.isascii() and ch.isalnum())


def _cleaned(limit: int, clean: Callable[[str, int], str] = for_screen) -> BeforeValidator:
    return BeforeValidator(lambda t: clean(t, limit) if isinstance(t, str) else t)


# Every text a peer sends is cleaned here, where it is read, before anything shows or keeps it
# (and before the schema, which would refuse a lone surrogate): no control or format character
# (NUL, bidirectional overrides), no lone surrogate, at most its length.
Text = Annotated[StrictStr, _cleaned(200, sentence_for_screen), Field(max_length=200)]
Name = Annotated[StrictStr, _cleaned(40), Field(max_length=40)]
Code = Annotated[StrictStr, BeforeValidator(_code), Field(max_length=16)]
Seat = Annotated[StrictStr, Field(max_length=SEAT_HEX, pattern="^[0-9a-f]*$")]
Notation = Annotated[StrictStr, Field(max_length=80)]
Digest = Annotated[StrictStr, Field(min_length=16, max_length=16)]
Die = Annotated[StrictInt, Field(ge=1, le=6)]
Count = Annotated[StrictInt, Field(ge=0, le=LOG_STEPS)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[5] = VERSION


class Hello(_Message):
    """Guest: the join code the host showed, the guest's name if they gave one, and the seat's
    secret if this computer sat down in this battle before (only it may sit down again)."""
    kind: Literal["hello"] = "hello"
    code: Code
    name: Name = ""
    seat: Seat = ""


class Act(_Message):
    """Guest: an action in the rules' notation; a guest that keeps its own sheet (X16) opens
    with it what it shows."""
    kind: Literal["act"] = "act"
    action: Notation
    told: Opening | None = None


class Ping(_Message):
    kind: Literal["ping"] = "ping"


class Pong(_Message):
    kind: Literal["pong"] = "pong"


class Resync(_Message):
    """Guest: my state's digest differs from yours; send the battle again."""
    kind: Literal["resync"] = "resync"


class Welcome(_Message):
    """Host: the battle from its start (blind), which side the guest plays, how long the log
    is (its parts follow), and the digest of the position it leads to."""
    kind: Literal["welcome"] = "welcome"
    side: Side
    start: dict[str, Any]          # StateData's form, validated again by the guest
    total: Count
    digest: Digest
    name: Name = ""                # the host's, if they gave one
    seat: Seat = ""                # the guest's secret for joining again, never shown
    # a battle of mines and markers (X16, net.sheet): the host's commitments, and what the
    # battle has shown so far, opened
    sheet: Commitments | None = None
    told: Opening | None = None
    set_up: bool = False           # the guest's own defense: its start is the guest's, as seen


class Frame(BaseModel):
    """What a guest deploys its own defense for: the battle's scenario, its Ogre's Mark and its
    optional rules (the host's field plays no part)."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: Annotated[StrictStr, Field(max_length=40)]
    mark: Annotated[StrictInt, Field(ge=1, le=9)]
    options: OptionsData


class SetUp(_Message):
    """Host: the guest defends with mines or camouflage (8.03, 8.04) and sets up its defense
    out of the host's sight, for this frame; it answers with Deployed."""
    kind: Literal["setup"] = "setup"
    side: Side
    frame: Frame
    name: Name = ""
    seat: Seat = ""


class Deployed(_Message):
    """Guest: its defense as the host may see it (the attacker's view of its start: the CP,
    markers, no mine) and its commitments to its sheet."""
    kind: Literal["deployed"] = "deployed"
    start: dict[str, Any]          # StateData's form, validated again by the host
    sheet: Commitments


class Ask(_Message):
    """Host: its next action (entry `seq` of the log), not yet played: the guest that keeps the
    sheet tells what it shows."""
    kind: Literal["ask"] = "ask"
    seq: Count
    action: Notation


class Tell(_Message):
    """Guest: what the asked action (entry `seq`) shows of its sheet, opened; once the battle
    is over, everything left."""
    kind: Literal["tell"] = "tell"
    seq: Count
    told: Opening


class LogPart(_Message):
    """Host: entries `first`.. of the battle's log, and the dice those entries rolled."""
    kind: Literal["log"] = "log"
    first: Count
    actions: list[Notation] = Field(max_length=PART)
    dice: list[Die] = Field(default_factory=list, max_length=PART * MOST_ROLLS)


class Applied(_Message):
    """Host: an action the host accepted (its own or the guest's), the dice it rolled, and the
    digest of the (blind) state after it."""
    kind: Literal["applied"] = "applied"
    seq: Count                       # its place in the battle's log
    action: Notation
    dice: list[Die] = Field(default_factory=list, max_length=MOST_ROLLS)
    digest: Digest
    told: Opening | None = None      # what it shows of the host's sheet (X16), opened


class Refused(_Message):
    """Host: the guest's message was not taken, and why, in one sentence."""
    kind: Literal["refused"] = "refused"
    message: Text


class Bye(_Message):
    """Either side: the connection ends, and why."""
    kind: Literal["bye"] = "bye"
    reason: Text


Message = Annotated[Hello | Act | Ping | Pong | Resync | Welcome | LogPart | Applied | Refused
                    | Bye | SetUp | Deployed | Ask | Tell, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)


class BadMessage(Exception):
    """A line that is not one of our messages; its one sentence in `args[0]`."""


class OtherVersion(BadMessage):
    """A message of another network version: the peer runs another version of OGRE."""

    def __init__(self, version: int) -> None:
        super().__init__(other_version(version))
        self.version = version


def other_version(theirs: object, mine: int = VERSION) -> str:
    """What a player is told when the other computer speaks another version of the protocol,
    from this computer's side (one sentence)."""
    which = (f"network version {theirs}, this one {mine}" if type(theirs) is int
             else f"this one network version {mine}")
    return f"The other computer runs another version of OGRE ({which}): both need the same version."


def bye_for(version: int, reason: str) -> bytes:
    """A Bye an older peer can read: every version so far writes it alike, but for its number.
    Our own version for a newer peer (its Bye is not ours to guess) or a number never used."""
    if type(version) is not int or not 1 <= version < VERSION:
        return write(Bye(reason=reason))
    said = {"v": version, "kind": "bye", "reason": Bye(reason=reason).reason}
    return json.dumps(said, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def read(line: bytes) -> Message:
    """The message a line holds, or BadMessage saying why not."""
    if len(line) > MAX_LINE:
        raise BadMessage("The message is too long.")
    try:
        data = bounded.loads(line)
    except bounded.JsonLimit as exc:
        raise BadMessage(f"The message cannot be read: {exc}.") from None
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("The message is not JSON.") from None
    if not isinstance(data, dict):
        raise BadMessage("The message is not a JSON object.")
    version = data.get("v")
    if type(version) is not int:                     # not 1.0, not true, not "2"
        raise BadMessage("The message has no version number.")
    if version != VERSION:
        raise OtherVersion(version)
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError:
        raise BadMessage("The message is not one this game knows.") from None


def write(message: BaseModel) -> bytes:
    return message.model_dump_json().encode("utf-8") + b"\n"


def digest(state: GameState) -> str:
    """What both sides compare after every action: the battle's saved form without its dice
    state, hashed."""
    text = json.dumps(StateData.of(blind(state)), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_data(state: GameState) -> dict[str, Any]:
    """A state as it may cross the wire: blind."""
    return StateData.of(blind(state))


def state_of(data: dict[str, Any]) -> GameState:
    """A state from a Welcome: validated like a saved game's (ValueError when broken)."""
    try:
        return StateData.model_validate(data).to_state()
    except ValidationError as exc:
        raise ValueError(f"it does not hold together: {explain(exc)}") from exc
