"""Camouflage (8.04): the defense's units but the Command Post start under markers; the
attacker sees that a unit is there, never what it is, until it is shown.

A unit is shown when it moves or fires (the pocket edition's words: it is shown as it aims, for
its range and strength are the sheet's), when it splits or groups (that is a move of its
squads), and when the attacker's fire or ram reaches it: at the table
the defender turns the counter over to resolve the attack, and its result names the unit. The
attacker aims at a marker without knowing its defense; antipersonnel may not aim at one, as the
gunners cannot tell infantry under camouflage. A marker stays shown.
"""

from __future__ import annotations

from dataclasses import replace

from .actions import Action, Aim, Fire, Group, Move, Split
from .events import Event, Verdict
from .state import GameState, Piece
from .units import CP, INFANTRY, OGRE_ID

_NONE: frozenset[int] = frozenset()


def camouflaged_at_start(pieces: tuple[Piece, ...]) -> frozenset[int]:
    """8.04: every defending unit but the CP starts under a marker."""
    return frozenset(p.id for p in pieces if p.kind is not CP and p.hex > 0)


def shown_by(s: GameState, action: Action, verdict: Verdict) -> frozenset[int]:
    """The units under markers that this action shows (check has passed it)."""
    hidden = s.secrets.camouflaged
    if not hidden:
        return _NONE
    kind = type(action)
    if kind is Move:
        assert isinstance(action, Move)
        ids = ({action.piece} if action.piece > OGRE_ID
               else {p.id for p in s.at(action.to)})           # rammed or overrun
    elif kind is Split or kind is Group:
        assert isinstance(action, Split | Group)
        ids = {action.piece, verdict.target}
    elif kind is Aim:
        assert isinstance(action, Aim)
        ids = {action.piece}                       # aimed, it is to fire: the sheet says what
    elif kind is Fire and s.aim is not None:
        aim = s.aim
        ids = set(aim.attackers) if aim.attackers else {aim.target}
    else:
        return _NONE
    return hidden.intersection(ids)


def show(s: GameState, ids: frozenset[int], ev: list[Event]) -> GameState:
    """The state with these units' markers turned over, and an event for each."""
    if not ids:
        return s
    for pid in sorted(ids):
        p = s.known(pid)
        called = p.name if p.kind is INFANTRY else f"a {p.name}"
        ev.append(Event("shown", f"The marker at {p.hex:04d} is {called}", p.id, p.hex))
    sheet = s.secrets
    return replace(s, secrets=replace(sheet, camouflaged=sheet.camouflaged - ids))
