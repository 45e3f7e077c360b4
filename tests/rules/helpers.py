"""Short scenarios for rules tests: pieces where you want them, the Ogre where you want it.

    s = scenario([("heavy", 1010), ("infantry", 1011, 3)], ogre=1012, phase=Phase.OGRE_MOVE)
    s, ev = play(s, "move O 1011", "done")
    err = refused(s, "move O 0107")          # the RuleError; asserts the state did not change
    seed = seed_for(4, 6)                    # a seed whose first two dice are 4 then 6

Pieces get ids 1, 2, 3 ... in the order given. `rng` in the state is the raw die
state; `seed_for` searches `ogre.rules.dice` for seeds instead of mocking the die.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from ogre.resources import standard_board
from ogre.rules import (
    Field,
    GameState,
    Kind,
    Ogre,
    Phase,
    Piece,
    Placement,
    RuleError,
    apply,
    check,
    legal_actions,
    parse_action,
)
from ogre.rules.board import EMPTY_BOARD, Board
from ogre.rules.dice import roll, seed_state
from ogre.rules.events import Event
from ogre.rules.hexes import ALL_HEXES
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.scenarios import for_mark

STANDARD = standard_board

# ---------------------------------------------------------------- the standard Mark III field

# (kind, hex, squads). 12 armor units (the howitzer counts 2), 20 squads, a CP; all in rows
# 01-16, none on a crater; 18 attack points in front of the crater line (row 08 and south).
MARK_III_DEPLOYMENT: tuple[tuple[str, int, int], ...] = (
    ("cp", 801, 1),
    ("howitzer", 702, 1),
    ("heavy", 604, 1), ("heavy", 1005, 1),
    ("missile", 503, 1), ("missile", 903, 1), ("missile", 1103, 1),
    ("gev", 806, 1),
    ("infantry", 802, 3), ("infantry", 603, 3), ("infantry", 703, 3), ("infantry", 1002, 3),
    ("infantry", 902, 2),
    # in front of the crater line: 2 + 2 + 4 + 4 + 3 + 3 = 18 attack points
    ("gev", 410, 1), ("gev", 1110, 1),
    ("heavy", 509, 1), ("heavy", 1008, 1),
    ("infantry", 709, 3), ("infantry", 810, 3),
)


def mark_iii_field(board: Board | None = None) -> Field:
    return Field(board or standard_board(),
                 tuple(Placement(Kind(k), h, n) for k, h, n in MARK_III_DEPLOYMENT),
                 name="test Mark III")


# ---------------------------------------------------------------- scenarios

def _piece_spec(i: int, spec) -> Piece:
    if isinstance(spec, Piece):
        return spec
    kind, h, *rest = spec
    squads = rest[0] if rest else 1
    extra = rest[1] if len(rest) > 1 else {}
    p = Piece(i, Kind(kind), h, squads, start=h)
    return replace(p, **extra) if extra else p


def scenario(pieces=(), ogre: int = 0, phase: Phase = Phase.OGRE_MOVE, turn: int = 2,
             seed: int = 0, mark: int = 3, board: Board | None = None, aim=None,
             options: Options = NO_OPTIONS, **ogre_changes) -> GameState:
    """A GameState mid-battle.

    pieces: ("heavy", 1010) / ("infantry", 1011, 3) / ("gev", 1012, 1, {"moved": 2}) or Piece
    values; ids are 1, 2, ... in order. ogre: its hex (0 = not entered). board: the standard
    map unless given (EMPTY for a field with no terrain). ogre_changes: Ogre fields such as
    treads=20, weapons=(0, 1, 4, 8), moved=1.
    """
    ps = tuple(_piece_spec(i + 1, spec) for i, spec in enumerate(pieces))
    o = replace(Ogre.fresh(mark), hex=ogre, undo_hex=ogre)
    if ogre_changes:
        o = replace(o, **ogre_changes)
        if "undo_moved" not in ogre_changes and "moved" in ogre_changes:
            o = replace(o, undo_moved=ogre_changes["moved"])
    return GameState(board=standard_board() if board is None else board,
                     scenario=for_mark(mark).key,
                     pieces=ps, ogres=(o,), phase=phase, turn=turn, rng=seed_state(seed), aim=aim,
                     next_id=len(ps) + 1, options=options)


EMPTY = EMPTY_BOARD


def act(action):
    return parse_action(action) if isinstance(action, str) else action


def play(state: GameState, *actions):
    """Apply actions (text or values) in order: (final state, all events)."""
    events = []
    for a in actions:
        state, ev = apply(state, act(a))
        events.extend(ev)
    return state, events


def refused(state: GameState, action) -> RuleError:
    """The RuleError `apply` raises for `action`; also asserts the state is untouched: its
    fields (==) and what its caches answer (the legal actions and who stands on every hex)."""
    before = replace(state)
    legal = legal_actions(state)
    occupants = {h: state.at(h) for h in ALL_HEXES}
    with pytest.raises(RuleError) as info:
        apply(state, act(action))
    assert state == before
    assert legal_actions(state) == legal
    assert {h: state.at(h) for h in ALL_HEXES} == occupants
    return info.value


def played_or_refused(state: GameState, action) -> GameState | None:
    """M1: `action` refused by check is refused by apply too, the state untouched (None); one
    check accepts is played without changing its input (the state after it)."""
    before = replace(state)
    try:
        check(state, action)
    except RuleError:
        refused(state, action)
        return None
    after, events = apply(state, action)
    assert state == before                           # apply never changes its input
    assert isinstance(after, GameState) and all(isinstance(e, Event) for e in events)
    return after


def message(state: GameState, action) -> str:
    return refused(state, action).message


# ---------------------------------------------------------------- dice

def dice_from(seed: int, n: int) -> tuple[int, ...]:
    rng = seed_state(seed)
    out = []
    for _ in range(n):
        d, rng = roll(rng)
        out.append(d)
    return tuple(out)


@cache
def seed_for(*dice: int) -> int:
    """The smallest seed whose first rolls are `dice` (found with the real die, not a mock)."""
    for seed in range(100_000):
        if dice_from(seed, len(dice)) == dice:
            return seed
    raise AssertionError(f"no seed below 100000 rolls {dice}")


def events_of(events, kind: str):
    return [e for e in events if e.kind == kind]
