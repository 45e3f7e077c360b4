"""The defence reads the Ogre it faces (issue 32): does it keep to its way to the Command Post,
or turn aside from it?

Each defence turn the defender notes where a mobile Ogre could end its next move nearest the CP
(the `ends` of defense_player.ogre_ends), and at its next turn whether the Ogre ended there.
A bold Ogre (the reference Hi, the Hi Ogre before issue 17's caution) keeps to its course on
its first turns in contact; a wary one (today's Hi Ogre) stops short of the defence's volleys
and picks off what comes to it. No one set of options serves both (docs/computer-players.md),
so once the reading says wary the defence takes its `wary` options (skill.wary_options). Only
an Ogre that turned aside in each of the first turns read is wary: a bold one may turn aside
once it is in the fight (the Med Ogre on Mark V did on its first turn read in a third of
the battles of seed 73, the Hi Ogre on both of its first two in half).

The reading is the defender's memory of this battle, kept by the player (the game's worker
keeps one player per battle). The Ogre's move after its entry turn says nothing (no defender is
in reach yet: both kinds keep to their course), so the reading starts with its second move, read
on turn 3 (FIRST_READ). A defender that did not see those first moves (a battle loaded from a
file, the Advice's fresh player) never calls the Ogre wary: in the fight a bold Ogre turns aside
too, so later turns would misread it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.sides import ogre_in_play
from ..rules.state import GameState

FIRST_READ = 3      # the defence turn that reads the Ogre's second move, its first one read


@dataclass
class CourseReading:
    """What this defender has seen of the Ogre's course, turn by turn."""

    on_course: list[bool] = field(default_factory=list)   # one per turn read, in order
    first: int = FIRST_READ                 # the turn of the first one
    _ends: frozenset[int] | None = None     # where it was expected to end this turn
    _turn: int = 0                          # the last defence turn read

    def observe(self, s: GameState, ends: tuple[int, ...]) -> None:
        """At the start of a defence turn: did the Ogre end where it was expected to, and where
        may it end next? Asking twice in one turn changes nothing."""
        if s.turn == self._turn:
            return
        self._turn = s.turn
        o = ogre_in_play(s)
        if self._ends is not None and o.on_map:
            if not self.on_course:
                self.first = s.turn
            self.on_course.append(o.hex in self._ends)
        keeps_on = o.on_map and o.move_value > 0 and s.command_post is not None
        self._ends = frozenset(ends) if keeps_on and s.turn > 1 else None

    def wary(self, turns: int) -> bool:
        """Did the Ogre turn aside in each of its first `turns` turns read, from its second
        move on?"""
        seen = self.on_course[:turns]
        return (turns > 0 and len(seen) == turns and not any(seen)
                and self.first <= FIRST_READ)
