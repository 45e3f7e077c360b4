"""The network game's messages (X10): JSON lines, each a versioned pydantic model.

A line is one JSON object and a newline, at most MAX_LINE bytes. Anything else - not JSON, too
long, another version, an unknown kind, a field of the wrong type - is refused by `read`, in
one sentence, and never reaches the battle.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from ..rules.state import GameState
from ..storage.games import StateData

VERSION: Final = 1
MAX_LINE = 64 * 1024          # bytes: a whole battle's state is a few kilobytes
Side = Literal["ogre", "defense"]
Text = Annotated[StrictStr, Field(max_length=200)]
Notation = Annotated[StrictStr, Field(max_length=80)]
Digest = Annotated[StrictStr, Field(min_length=16, max_length=16)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    v: Literal[1] = VERSION


class Hello(_Message):
    """Guest: the join code the host showed."""
    kind: Literal["hello"] = "hello"
    code: Annotated[StrictStr, Field(max_length=16)]


class Act(_Message):
    """Guest: an action in the rules' notation."""
    kind: Literal["act"] = "act"
    action: Notation


class Ping(_Message):
    kind: Literal["ping"] = "ping"


class Pong(_Message):
    kind: Literal["pong"] = "pong"


class Resync(_Message):
    """Guest: my state's digest differs from yours; send the battle again."""
    kind: Literal["resync"] = "resync"


class Welcome(_Message):
    """Host: the battle as it stands, and which side the guest plays."""
    kind: Literal["welcome"] = "welcome"
    side: Side
    state: dict[str, Any]          # StateData's form, validated again by the guest
    log: list[Notation] = Field(default_factory=list, max_length=10_000)
    digest: Digest


class Applied(_Message):
    """Host: an action the host accepted (its own or the guest's), and the state's digest after."""
    kind: Literal["applied"] = "applied"
    seq: Annotated[StrictInt, Field(ge=0)]          # its place in the battle's log
    action: Notation
    events: list[Text] = Field(default_factory=list, max_length=200)
    digest: Digest


class Refused(_Message):
    """Host: the guest's message was not taken, and why, in one sentence."""
    kind: Literal["refused"] = "refused"
    message: Text


class Bye(_Message):
    """Either side: the connection ends, and why."""
    kind: Literal["bye"] = "bye"
    reason: Text


Message = Annotated[Hello | Act | Ping | Pong | Resync | Welcome | Applied | Refused | Bye,
                    Field(discriminator="kind")]
_ADAPTER: TypeAdapter[Message] = TypeAdapter(Message)


class BadMessage(Exception):
    """A line that is not one of our messages; its one sentence in `args[0]`."""


def read(line: bytes) -> Message:
    """The message a line holds, or BadMessage saying why not."""
    if len(line) > MAX_LINE:
        raise BadMessage("The message is too long.")
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("The message is not JSON.") from None
    if not isinstance(data, dict):
        raise BadMessage("The message is not a JSON object.")
    if data.get("v") != VERSION:
        raise BadMessage(f"The message is of another version ({str(data.get('v'))[:10]}), "
                         f"not {VERSION}.")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError:
        raise BadMessage("The message is not one this game knows.") from None


def write(message: BaseModel) -> bytes:
    return message.model_dump_json().encode("utf-8") + b"\n"


def digest(state: GameState) -> str:
    """What both sides compare after every action: the battle's saved form, hashed."""
    text = json.dumps(StateData.of(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_data(state: GameState) -> dict[str, Any]:
    return StateData.of(state)


def state_of(data: dict[str, Any]) -> GameState:
    """A state from a Welcome: validated like a saved game's (ValueError when broken)."""
    try:
        return StateData.model_validate(data).to_state()
    except ValidationError as exc:
        raise ValueError("the battle the host sent does not hold together") from exc
