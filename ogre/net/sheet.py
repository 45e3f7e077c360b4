"""The defender's sheet over the network (X16): the host that defends keeps it, the guest that
attacks is told of it only as the battle shows it, and cannot be lied to.

At the start the host commits to every secret: for each mine a salted SHA-256 of its hex (in no
order, so the guest learns only how many), for each unit under a marker one of what it is, by
its id. Each action that shows something comes with the openings it needs (a unit turned over,
a mine rolled for: `views.told_by`), each a secret and its salt; the guest checks each against
its commitment, opens its copy (`views.opened`) and plays the action on the told dice. The
action that ends the battle opens everything left. The guest then checks that every commitment
was opened and replays the whole battle from the opened start with the told dice: a mine the
host kept quiet when it was crossed, or a unit that was something else, makes another battle,
and the guest says the host lied.

The salts are 128 bits from the operating system (`secrets.token_hex`): a guest cannot find a
hex or a kind from its hash. They never leave the host before their secret is shown.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ..rules.hexes import label, parse
from ..rules.options import MOST_MINES
from ..rules.state import GameState
from ..rules.units import Kind
from ..rules.views import Told
from ..storage.fields import HexId, KindName

SALT_HEX = 32                # 128 bits, in hex
MOST_UNITS = 500             # units under markers a sheet may name
Hash = Annotated[StrictStr, Field(min_length=64, max_length=64, pattern="^[0-9a-f]*$")]
Salt = Annotated[StrictStr, Field(min_length=SALT_HEX, max_length=SALT_HEX,
                                  pattern="^[0-9a-f]*$")]
Squads = Annotated[StrictInt, Field(ge=1, le=3)]
UnitId = Annotated[StrictInt, Field(ge=1)]


class Commitments(BaseModel):
    """The host's word at the start: a hash per mine, in no order, and one per marker by id."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    mines: list[Hash] = Field(default_factory=list, max_length=MOST_MINES)
    units: dict[str, Hash] = Field(default_factory=dict, max_length=MOST_UNITS)


class Opening(BaseModel):
    """Secrets shown, each with its salt."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    units: list[tuple[UnitId, KindName, Squads, Salt]] = Field(default_factory=list,
                                                               max_length=MOST_UNITS)
    mines: list[tuple[HexId, Salt]] = Field(default_factory=list, max_length=MOST_MINES)


def _mine(h: int, salt: str) -> str:
    return _hash(f"{salt}:mine:{label(h)}")


def _unit(pid: int, kind: Kind, squads: int, salt: str) -> str:
    return _hash(f"{salt}:unit:{pid}:{kind.value}:{squads}")


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Sealed:
    """The host's salts for the sheet of a battle's start; made anew for each battle hosted."""

    mines: dict[int, str]
    units: dict[int, tuple[Kind, int, str]]

    @staticmethod
    def of(start: GameState) -> Sealed:
        sheet = start.secrets
        return Sealed({h: secrets.token_hex(SALT_HEX // 2) for h in sheet.mines},
                      {p.id: (p.kind, p.squads, secrets.token_hex(SALT_HEX // 2))
                       for p in start.pieces if p.id in sheet.camouflaged})

    def commitments(self) -> Commitments:
        return Commitments(mines=sorted(_mine(h, salt) for h, salt in self.mines.items()),
                           units={str(pid): _unit(pid, kind, squads, salt)
                                  for pid, (kind, squads, salt) in self.units.items()})

    def opening(self, told: Told) -> Opening:
        return Opening(units=[(pid, kind, squads, self.units[pid][2])
                              for pid, kind, squads in told.units],
                       mines=[(label(h), self.mines[h]) for h in told.mines])


class Lie(ValueError):
    """An opening that does not match its commitment, or a sheet left unopened at the end."""


@dataclass
class Checked:
    """The guest's side: the host's commitments, and what has been opened of them."""

    word: Commitments
    mines: set[str]
    units: set[str]

    @staticmethod
    def of(word: Commitments) -> Checked:
        return Checked(word, set(), set())

    def told(self, opening: Opening) -> Told:
        """The secrets an opening shows, each checked against its commitment once (Lie)."""
        units = []
        for pid, kind, squads, salt in opening.units:
            key = str(pid)
            if self.word.units.get(key) != _unit(pid, kind, squads, salt) or key in self.units:
                raise Lie(f"unit {pid} is not what the host committed to")
            self.units.add(key)
            units.append((pid, kind, squads))
        mines = []
        for where, salt in opening.mines:
            h = _mine(parse(where), salt)
            if h not in self.word.mines or h in self.mines:
                raise Lie(f"no mine was committed to at {where}")
            self.mines.add(h)
            mines.append(parse(where))
        return Told(tuple(units), tuple(mines))

    @property
    def all_opened(self) -> bool:
        return len(self.mines) == len(set(self.word.mines)) and \
            len(self.units) == len(self.word.units)
