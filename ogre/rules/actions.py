"""One value per player action of the 1986 game, each with a short text notation.

>>> parse_action("move O 1019")
Move(piece=0, to=1019)
>>> parse_action("move O2 1019")
Move(piece=-1, to=1019)
>>> str(parse_action("target 12 missile=1 secondary=2"))
'target 12 missile=1 secondary=2'
>>> str(Aim(piece=7, part=Weapon.TREADS))
'aim 7 treads'
"""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import quick_init
from .hexes import label
from .hexes import parse as parse_hex
from .units import OGRE_ID, WEAPONS, Counts, Weapon, counts, ogre_id


def _pid(p: int) -> str:
    """A piece's id as the notation writes it: O, O2, O3... for Ogres (the 1986 one is O)."""
    if p == OGRE_ID:
        return "O"
    return f"O{OGRE_ID + 1 - p}" if p < OGRE_ID else str(p)


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
    """T2: the Ogre comes on at a bottom-row hex."""
    to: int

    def __str__(self) -> str:
        return f"enter {label(self.to)}"


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
    """M9: the Ogre leaves the map from the bottom row."""

    def __str__(self) -> str:
        return "exit"


@quick_init
@dataclass(frozen=True, slots=True)
class OgreAim:
    """C5: aim these Ogre weapons (counts per weapon) at one defender."""
    target: int
    weapons: Counts

    def __str__(self) -> str:
        parts = [f"{w.value}={n}" for w, n in zip(WEAPONS, self.weapons) if n]
        return " ".join([f"target {self.target}", *parts])


@quick_init
@dataclass(frozen=True, slots=True)
class Aim:
    """C6, C7: aim one defender (one squad of infantry) at a part of the Ogre."""
    piece: int
    part: Weapon

    def __str__(self) -> str:
        return f"aim {self.piece} {self.part.value}"


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


Action = Enter | Move | Undo | Group | Split | Exit | OgreAim | Aim | Clear | Fire | Done


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
        if verb == "enter" and len(args) == 1:
            return Enter(parse_hex(args[0]))
        if verb == "move" and len(args) == 2:
            return Move(_parse_pid(args[0]), parse_hex(args[1]))
        if verb == "undo" and len(args) == 1:
            return Undo(_parse_pid(args[0]))
        if verb in ("group", "split") and len(args) == 1:
            return (Group if verb == "group" else Split)(_parse_pid(args[0]))
        if verb == "aim" and len(args) == 2:
            return Aim(_parse_pid(args[0]), Weapon(args[1]))
        if verb == "target" and args:
            aimed = dict.fromkeys(WEAPONS, 0)
            for word in args[1:]:
                name, _, n = word.partition("=")
                aimed[Weapon(name)] = int(n)
            if Weapon.TREADS in aimed:
                raise ValueError("treads do not fire")
            return OgreAim(_parse_pid(args[0]), counts(aimed[w] for w in WEAPONS))
    except (KeyError, ValueError) as exc:
        raise ValueError(f"bad action {text!r}: {exc}") from None
    raise ValueError(f"bad action {text!r}")
