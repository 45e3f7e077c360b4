"""Scenarios for the computer-player tests: a position in one line, and a loop to play it.

    s = scenario([("howitzer", 1010), ("cp", 801)], ogre=1015, phase=Phase.OGRE_FIRE)

Pieces get ids 1, 2, 3 ... in the order given: (kind, hex), (kind, hex, squads) or
(kind, hex, squads, {field: value}). Ogre fields go as keywords (treads=20, weapons=(...)).
"""

from __future__ import annotations

from dataclasses import replace

from ogre.ai.match import play
from ogre.resources import standard_board
from ogre.rules import GameState, Kind, Ogre, Phase, Piece
from ogre.rules.board import EMPTY_BOARD
from ogre.rules.dice import seed_state
from ogre.rules.scenarios import for_mark

EMPTY = EMPTY_BOARD


def scenario(pieces=(), ogre: int = 0, phase: Phase = Phase.OGRE_MOVE, turn: int = 3,
             seed: int = 0, mark: int = 3, board=None, **ogre_changes) -> GameState:
    ps = []
    for i, spec in enumerate(pieces, 1):
        kind, h, *rest = spec
        squads = rest[0] if rest else 1
        p = Piece(i, Kind(kind), h, squads, start=h)
        if len(rest) > 1:
            p = replace(p, **rest[1])
        ps.append(p)
    o = replace(Ogre.fresh(mark), hex=ogre, undo_hex=ogre, **ogre_changes)
    if "moved" in ogre_changes and "undo_moved" not in ogre_changes:
        o = replace(o, undo_moved=ogre_changes["moved"])
    return GameState(board=standard_board() if board is None else board,
                     scenario=for_mark(mark).key,
                     pieces=tuple(ps), ogres=(o,), phase=phase, turn=turn, rng=seed_state(seed),
                     next_id=len(ps) + 1)


def run_phase(state: GameState, controller, limit: int = 200) -> tuple[GameState, list]:
    """Let the controller play until the phase changes: (state, the actions it chose)."""
    phase = state.phase
    chosen: list = []
    rec = play(state, controller, controller, max_turns=state.turn, max_actions=limit,
               until=lambda s: s.phase is not phase,
               on_step=lambda _before, action, _after, _events: chosen.append(action))
    assert not rec.illegal, rec.illegal
    assert len(chosen) < limit, "the controller never ended its phase"
    return rec.final or state, chosen
