"""The computer defense's Command Crawler (8.02): once the Ogre is within two turns' moves of it,
the Crawler goes first, to the hex furthest from the Ogre counted in the Ogre's own steps round
craters (when that is further than where it stands). Further off it stays among its defenders.
Every level does it: keeping the CP out of reach is the point of the rule."""

from __future__ import annotations

from ..rules.actions import Move
from ..rules.game import legal_actions
from ..rules.sides import ogre_in_play
from ..rules.state import GameState, Phase
from .analysis import ogre_distance_to

NEAR = 2          # turns of the Ogre's moves: nearer than this the Crawler runs
FAR = 99          # a hex the Ogre cannot reach at all


def crawler_retreat(s: GameState) -> Move | None:
    """The Crawler's move away from the Ogre, or None to stay (or when there is no Crawler)."""
    cp = s.command_post
    if (cp is None or not s.options.command_crawler or s.phase is not Phase.DEFENSE_MOVE
            or cp.disabled or cp.moved or s.crowded_hex()):
        return None
    o = ogre_in_play(s)
    if not o.on_map:
        return None
    moves = [a for a in legal_actions(s)
             if isinstance(a, Move) and a.piece == cp.id and not s.at(a.to)]
    if not moves:
        return None
    steps = ogre_distance_to(s.board, (o.hex,))
    if steps.get(cp.hex, FAR) > NEAR * max(1, o.move_value):
        return None
    best = max(moves, key=lambda m: (steps.get(m.to, FAR), -m.to))
    return best if steps.get(best.to, FAR) > steps.get(cp.hex, FAR) else None
