"""One value per player action of the 1986 game, each with a short text notation.

>>> parse_action("move O 1019")
Move(piece=0, to=1019)
>>> parse_action("move O2 1019")
Move(piece=-1, to=1019)
>>> str(parse_action("target 12 missile=1 secondary=2"))
'target 12 missile=1 secondary=2'
>>> str(Aim(piece=7, part=Weapon.TREADS))
'aim 7 treads'

An action of or at an Ogre names it; the 1986 Ogre (O) goes unnamed, so every 1986 log reads as
it always did, and another Ogre is written after a word or as `by=` and `at=`:

>>> parse_action("enter O2 0822"), parse_action("exit O2")
(Enter(to=822, piece=-1), Exit(piece=-1))
>>> str(parse_action("target 12 missile=1 by=O2")), str(Aim(7, Weapon.TREADS, ogre=-2))
('target 12 missile=1 by=O2', 'aim 7 treads at=O3')

Where units fight units (9.03) a unit aims at an enemy unit:

>>> parse_action("aim 1003 unit=7")
AimAt(piece=1003, target=7)

In a Duel an Ogre aims at a part of another:

>>> str(parse_action("target O2 main=1 secondary=1 part=main by=O3"))
'target O2 main=1 secondary=1 part=main by=O3'
"""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import quick_init
from .hexes import label
from .hexes import parse as parse_hex
from .units import OGRE_ID, WEAPONS, Counts, Weapon, counts, is_ogre_id, ogre_id


def _pid(p: int) -> str:
    """A piece's id as the notation writes it: O, O2, O3... for Ogres (the 1986 one is O)."""
    if p == OGRE_ID:
        return "O"
    return f"O{OGRE_ID + 1 - p}" if p < OGRE_ID else str(p)


def _named(oid: int) -> str:
    """An Ogre's name and a space before the hex, or nothing for the 1986 Ogre."""
    return "" if oid == OGRE_ID else f"{_pid(oid)} "


def _parse_ogre(text: str) -> int:
    oid = _parse_pid(text)
    if not is_ogre_id(oid):
        raise ValueError(f"not an Ogre: {text!r}")
    return oid


def _parse_pid(text: str) -> int:
    if text == "O":
        return OGRE_ID
    if text[:1] == "O" and text[1:].isdigit() and 2 <= int(text[1:]) <= 9:
        return ogre_id(int(text[1:]))
    if not text.isdigit():
        raise ValueError(f"not a piece id: {text!r}")
    return int(text)


@quick_init
@dataclass(frozen=True, slots=True)
class Enter:
    """T2: an Ogre comes on at a bottom-row hex."""
    to: int
    piece: int = OGRE_ID

    def __str__(self) -> str:
        return f"enter {_named(self.piece)}{label(self.to)}"


@quick_init
@dataclass(frozen=True, slots=True)
class Move:
    """M1-M3, M6-M8: a piece to a hex along the shortest legal path; onto an enemy it rams or
    overruns."""
    piece: int
    to: int

    def __str__(self) -> str:
        return f"move {_pid(self.piece)} {label(self.to)}"


@quick_init
@dataclass(frozen=True, slots=True)
class Undo:
    """M4."""
    piece: int

    def __str__(self) -> str:
        return f"undo {_pid(self.piece)}"


@quick_init
@dataclass(frozen=True, slots=True)
class Group:
    """M5: merge the infantry in this piece's hex."""
    piece: int

    def __str__(self) -> str:
        return f"group {self.piece}"


@quick_init
@dataclass(frozen=True, slots=True)
class Split:
    """M5: split one squad off a lone 2- or 3-squad unit."""
    piece: int

    def __str__(self) -> str:
        return f"split {self.piece}"


@quick_init
@dataclass(frozen=True, slots=True)
class Exit:
    """M9: an Ogre leaves the map from the bottom row (in 9.03 an attacking unit does too)."""
    piece: int = OGRE_ID

    def __str__(self) -> str:
        return f"exit {_named(self.piece)}".rstrip()


@quick_init
@dataclass(frozen=True, slots=True)
class OgreAim:
    """C5: aim these weapons (counts per weapon) of one Ogre at one defender, or in a Duel at
    one part of an enemy Ogre (`target` its id, `part` the weapon or the treads)."""
    target: int
    weapons: Counts
    ogre: int = OGRE_ID
    part: Weapon | None = None

    def __str__(self) -> str:
        parts = [f"{w.value}={n}" for w, n in zip(WEAPONS, self.weapons) if n]
        by = [] if self.ogre == OGRE_ID else [f"by={_pid(self.ogre)}"]
        at = [] if self.part is None else [f"part={self.part.value}"]
        return " ".join([f"target {_pid(self.target)}", *parts, *at, *by])


@quick_init
@dataclass(frozen=True, slots=True)
class Aim:
    """C6, C7: aim one defender (one squad of infantry) at a part of an Ogre."""
    piece: int
    part: Weapon
    ogre: int = OGRE_ID

    def __str__(self) -> str:
        at = "" if self.ogre == OGRE_ID else f" at={_pid(self.ogre)}"
        return f"aim {self.piece} {self.part.value}{at}"


@quick_init
@dataclass(frozen=True, slots=True)
class AimAt:
    """6.06-6.08 where units fight units (9.03): aim one unit (one squad of infantry) at an
    enemy unit; units aimed at one target fire together."""
    piece: int
    target: int

    def __str__(self) -> str:
        return f"aim {self.piece} unit={self.target}"


@quick_init
@dataclass(frozen=True, slots=True)
class Clear:
    def __str__(self) -> str:
        return "clear"


@quick_init
@dataclass(frozen=True, slots=True)
class Fire:
    def __str__(self) -> str:
        return "fire"


@quick_init
@dataclass(frozen=True, slots=True)
class Done:
    """T1, T3: end the phase."""

    def __str__(self) -> str:
        return "done"


Action = (Enter | Move | Undo | Group | Split | Exit | OgreAim | Aim | AimAt | Clear | Fire
          | Done)


def parse_action(text: str) -> Action:
    """The inverse of str(action); raises ValueError on anything else."""
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0], words[1:]
    try:
        if verb in ("exit", "clear", "fire", "done") and not args:
            bare: dict[str, type[Exit | Clear | Fire | Done]] = {
                "exit": Exit, "clear": Clear, "fire": Fire, "done": Done}
            return bare[verb]()
        if verb == "exit" and len(args) == 1:
            return Exit(_parse_pid(args[0]))
        if verb == "enter" and len(args) == 1:
            return Enter(parse_hex(args[0]))
        if verb == "enter" and len(args) == 2:
            return Enter(parse_hex(args[1]), _parse_ogre(args[0]))
        if verb == "move" and len(args) == 2:
            return Move(_parse_pid(args[0]), parse_hex(args[1]))
        if verb == "undo" and len(args) == 1:
            return Undo(_parse_pid(args[0]))
        if verb in ("group", "split") and len(args) == 1:
            return (Group if verb == "group" else Split)(_parse_pid(args[0]))
        if verb == "aim" and len(args) == 2 and args[1].startswith("unit="):
            return AimAt(_parse_pid(args[0]), _parse_pid(args[1][5:]))
        if verb == "aim" and len(args) in (2, 3):
            at = OGRE_ID
            if len(args) == 3:
                key, _, name = args[2].partition("=")
                if key != "at":
                    raise ValueError(f"not an Ogre: {args[2]!r}")
                at = _parse_ogre(name)
            return Aim(_parse_pid(args[0]), Weapon(args[1]), at)
        if verb == "target" and args:
            aimed = dict.fromkeys(WEAPONS, 0)
            by, part = OGRE_ID, None
            for word in args[1:]:
                name, _, n = word.partition("=")
                if name == "by":
                    by = _parse_ogre(n)
                elif name == "part":
                    part = Weapon(n)
                else:
                    aimed[Weapon(name)] = int(n)
            if Weapon.TREADS in aimed:
                raise ValueError("treads do not fire")
            return OgreAim(_parse_pid(args[0]), counts(aimed[w] for w in WEAPONS), by, part)
    except (KeyError, ValueError) as exc:
        raise ValueError(f"bad action {text!r}: {exc}") from None
    raise ValueError(f"bad action {text!r}")
