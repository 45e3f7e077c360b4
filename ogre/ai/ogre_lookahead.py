"""The Hi Ogre's look ahead: before each move it tries a few ways of weighing its move search
(the styles below), plays each one forward on copies of the game - its move and fire, the
defence's reply, its next turn - over the same dice streams, and plays the turn with the style
that leaves the defence's race to save the Command Post worst (analysis.race_margin). The work
is fixed (styles x samples x horizon, no clock), so the same state always gets the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..rules.state import GameState
from .analysis import race_margin
from .defense_lookahead import Chooser, _mix, play_out

# Ways of weighing the move search that each win some positions: bolder or more careful of the
# fire it draws, keener on the goal, on crushing, or on its treads.
OGRE_STYLES: tuple[dict, ...] = (
    {},
    {"threat_weight": 0.5},
    {"threat_weight": 1.6},
    {"progress_weight": 5.0},
    {"crush_weight": 1.6},
    {"tread_weight": 1.2},
)


def best_style(player, s: GameState, styled: Callable[[dict], Chooser],
               reply: Callable[[], Chooser]) -> dict:
    """The style for this turn. `styled(style)` makes an Ogre like `player` with the style's
    options and no look ahead of its own; `reply()` the defence that answers it."""
    k = player.skill
    styles = OGRE_STYLES[:k.styles]
    scores = [0.0] * len(styles)
    for sample in range(k.samples):
        start = replace(s, rng=_mix(s.rng, sample))
        for i, style in enumerate(styles):
            end = play_out(start, reply(), styled(style), k.horizon)
            scores[i] -= race_margin(end)
    best = max(range(len(styles)), key=lambda i: (scores[i], -i))
    return styles[best]
