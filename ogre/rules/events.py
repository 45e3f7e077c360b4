"""What check and apply hand back: a Verdict (what a legal action would do) and Events (what
happened, as the player is shown it). game.py re-exports both."""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Verdict:
    """What a legal action would do. `confirm` is set where the manual asks first (M7-M9)."""

    # move, ram, overrun, ram_ogre, join_ogre, enter, exit, undo, group, split, aim, clear,
    # fire, done
    kind: str
    cost: int = 0      # move points the move spends
    target: int = 0    # the rammed or overrun piece
    confirm: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """One thing the player is shown: a move, a die roll and its result, a phase change."""

    kind: str
    text: str
    piece: int = 0
    hex: int = 0
    die: int = 0
    odds: str = ""
    result: str = ""
    treads_lost: int = 0


_VERDICTS: dict[tuple[str, int, int, bool], Verdict] = {}


def shared_verdict(kind: str, cost: int = 0, target: int = 0, confirm: bool = False) -> Verdict:
    """Verdicts are immutable and check gives the same few over and over: shared ones."""
    key = (kind, cost, target, confirm)
    v = _VERDICTS.get(key)
    if v is None:
        v = _VERDICTS[key] = Verdict(kind, cost, target, confirm)
    return v
