"""Learn to Play (X6): the guided first battle's set-up, the Ogre's script and the lessons.

A small fixed field on the standard map, seeded dice (SEED), and a computer Ogre whose first
two turns are written here, so every player meets the same battle: the Ogre comes on, then
rams the Heavy Tank (disabled, with these dice) and overruns the infantry. Each lesson asks for
one thing (`wants`: the actions, in the rules' notation, or `until`: what must come about),
then says what happened (`then`). No pygame here: tutorial.py runs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ogre.rules import Field, Placement
from ogre.rules.state import Phase
from ogre.rules.units import Kind

SEED = 1981
MARK = 3

PLACEMENTS = (
    Placement(Kind.CP, 1008), Placement(Kind.HEAVY, 1015), Placement(Kind.MISSILE, 916),
    Placement(Kind.GEV, 1116), Placement(Kind.INFANTRY, 914, 2), Placement(Kind.INFANTRY, 1017, 2),
)
NAME = "Learn to Play"

# The Ogre's first two turns, by (turn, phase); after them the Low computer Ogre plays on.
OGRE_SCRIPT: dict[tuple[int, Phase], tuple[str, ...]] = {
    (1, Phase.OGRE_ENTRY): ("enter 1022",),
    (1, Phase.OGRE_MOVE): ("move O 1021", "move O 1020", "done"),
    (1, Phase.OGRE_FIRE): ("done",),
    (2, Phase.OGRE_MOVE): ("move O 1019", "move O 1018", "move O 1017", "done"),
    (2, Phase.OGRE_FIRE): ("target 3 main=1", "fire", "done"),
}


def tutorial_field(board) -> Field:
    return Field(board, PLACEMENTS, NAME)


@dataclass(frozen=True)
class Lesson:
    title: str
    ask: str                       # what to do: a sentence or two
    hint: str                      # added to the refusal of anything else
    then: str                      # what happened, once it is done
    wants: tuple[str, ...] = ()    # the actions it waits for, in order
    until: str = ""                # or: "select 2", "range", "defense_move 2", "next", "over"


LESSONS: tuple[Lesson, ...] = (
    Lesson("The Ogre comes", "You command the defence. The Ogre, a cybernetic supertank, is "
           "after your Command Post at 1008. Watch it come on.", "Watch the Ogre first.",
           "It came on at 1022 and moved on to 1020: entering took one of its 3 moves. It held "
           "its fire this time.", until="defense_move 1"),
    Lesson("Select a piece", "Click your Heavy Tank at 1015.", "Click the Heavy Tank at 1015.",
           "The Tactical Display shows it: attack 4, range 2, defense 3, move 3.",
           until="select 2"),
    Lesson("Range", "Press Range.", "Press Range with the Heavy Tank selected.",
           "Green: where it can move. Blue: what it could fire on from there. A click clears it.",
           until="range"),
    Lesson("Move", "Drag the Heavy Tank to 1018.", "Drag the Heavy Tank to 1018.",
           "It passed through your infantry at 1017: pieces pass through friends.",
           wants=("move 2 1018",)),
    Lesson("Undo", "Press Undo.", "Press Undo.",
           "Back at 1015: a move can be undone until the phase ends.", wants=("undo 2",)),
    Lesson("Into range", "Drag the Heavy Tank to 1018 again, then the GEV from 1116 to 1118.",
           "Heavy Tank to 1018, then GEV to 1118.",
           "Both are 2 hexes from the Ogre: in range of their guns.",
           wants=("move 2 1018", "move 4 1118")),
    Lesson("Done", "Press Done. The game asks first when some pieces have not moved: OK.",
           "Press Done, then OK.", "Your move is over: now your units fire.", wants=("done",)),
    Lesson("Aim", "Drag from the Heavy Tank to the Ogre, pick the Secondary Battery, OK.",
           "Heavy Tank at the Secondary Battery.",
           "Attack 4 against its defense 3 is the 1-1 column of the Combat Results Table (F1): "
           "a 33% chance to kill, as the sidebar says.", wants=("aim 2 secondary",)),
    Lesson("Combine", "Aim the Missile Tank at the Secondary Battery too, then press Fire.",
           "Missile Tank at the Secondary Battery, then Fire.",
           "Together 7 against 3: the 2-1 column, a 50% kill. Attacks on one target add up.",
           wants=("aim 3 secondary", "fire")),
    Lesson("Treads", "Aim the GEV at the Treads, then Fire.", "GEV at the Treads, then Fire.",
           "Treads are always hit at 1-1, and a hit takes as many treads as the attack. Fewer "
           "treads, a slower Ogre; its guns keep firing.", wants=("aim 4 treads", "fire")),
    Lesson("The GEV's second move", "Press Done, then drag the GEV back from 1118 to 1115.",
           "Done, then the GEV to 1115.",
           "After the defence fires, GEVs move again: strike, then fall back.",
           wants=("done", "move 4 1115")),
    Lesson("Ram and overrun", "Press Done and watch the Ogre's turn.", "Press Done.",
           "It rammed your Heavy Tank (now D: disabled) and overran the infantry at 1017, which "
           "lost a squad. Both cost it treads and moves, and neither can be undone.",
           wants=("done",), until="defense_move 2"),
    Lesson("Split", "Select the infantry at 0914 (2 squads) and press Split.",
           "Infantry at 0914, then Split.",
           "Two units of 1 squad share the hex. Two pieces may not stay in one hex: move one, "
           "or group them.", wants=("split 5",)),
    Lesson("Group", "Press Group.", "Press Group.",
           "One unit again: up to 3 squads make a unit.", wants=("group 5",)),
    Lesson("Disabled", "The Heavy Tank (D) cannot move or fire now. It recovers after the "
           "Ogre's next fire. Press Next.", "Press Next.",
           "A disabled unit hit again, or rammed, is destroyed.", until="next"),
    Lesson("Winning", "You win if your Command Post at 1008 stands when the Ogre is destroyed, "
           "every gun and tread; it wins by destroying the Command Post. F1 shows the victory "
           "levels. Play on!", "Play on.",
           "The battle is over. Menu > Battle Report shows how it went.", until="over"),
)
