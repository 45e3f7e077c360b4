"""Learn to Play (X6), its data and its checks, typed: the guided first battle's set-up, the
Ogre's script, and the seventeen lessons. No pygame: ui/tutorial.py shows them.

A small fixed field on the standard map, seeded dice (SEED), and a computer Ogre whose first
two turns are written here, so every player meets the same battle: the Ogre comes on, then
rams the Heavy Tank (disabled, with these dice) and overruns the infantry. Each lesson asks for
one thing - the actions it `wants`, in order, and then what must come about (`until`) - and
then says what happened (`then`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.protocol import make_controller
from ..rules import (
    Action,
    Aim,
    Done,
    Field,
    Fire,
    GameState,
    Group,
    Move,
    Placement,
    RuleError,
    Split,
    Undo,
    check,
    parse_action,
)
from ..rules.board import Board
from ..rules.sides import ogre_in_play
from ..rules.state import Phase
from ..rules.units import Kind, Weapon

SEED = 1981
MARK = 3
NAME = "Learn to Play"
SECONDARY, TREADS = Weapon.SECONDARY, Weapon.TREADS

PLACEMENTS = (
    Placement(Kind.CP, 1008), Placement(Kind.HEAVY, 1015), Placement(Kind.MISSILE, 916),
    Placement(Kind.GEV, 1116), Placement(Kind.INFANTRY, 914, 2), Placement(Kind.INFANTRY, 1017, 2),
)

# The Ogre's first two turns, by (turn, phase); after them the Low computer Ogre plays on.
OGRE_SCRIPT: dict[tuple[int, Phase], tuple[str, ...]] = {
    (1, Phase.OGRE_ENTRY): ("enter 1022",),
    (1, Phase.OGRE_MOVE): ("move O 1021", "move O 1020", "done"),
    (1, Phase.OGRE_FIRE): ("done",),
    (2, Phase.OGRE_MOVE): ("move O 1019", "move O 1018", "move O 1017", "done"),
    (2, Phase.OGRE_FIRE): ("target 3 main=1", "fire", "done"),
}


def tutorial_field(board: Board) -> Field:
    return Field(board, PLACEMENTS, NAME)


# -- what must come about, once a lesson's actions are done

@dataclass(frozen=True)
class Selected:
    """The player selected this piece."""
    piece: int


@dataclass(frozen=True)
class RangeShown:
    """The Range umbrella shows, of this piece when one is named."""
    piece: int | None = None


@dataclass(frozen=True)
class PhaseReached:
    """The battle came to this phase of this turn, and the computer is not acting in it."""
    phase: Phase
    turn: int


@dataclass(frozen=True)
class NextPressed:
    """Only the panel's Next button ends the lesson."""


@dataclass(frozen=True)
class BattleOver:
    """The last lesson is the battle itself."""


Until = Selected | RangeShown | PhaseReached | NextPressed | BattleOver | None


@dataclass(frozen=True)
class Seen:
    """What a lesson's check looks at on the screen."""
    state: GameState
    selected: int | None = None
    range_shown: bool = False
    computer_acting: bool = False


def met(until: Until, seen: Seen) -> bool:
    """Has what the lesson waits for come about?"""
    if until is None:
        return True
    if isinstance(until, Selected):
        return seen.selected == until.piece
    if isinstance(until, RangeShown):
        return seen.range_shown and until.piece in (None, seen.selected)
    if isinstance(until, BattleOver):
        return seen.state.over
    if isinstance(until, NextPressed):
        return False
    s = seen.state
    return s.phase is until.phase and s.turn == until.turn and not seen.computer_acting


def astray(until: Until, seen: Seen) -> bool:
    """Has the player done something else on the screen - another piece selected, or its
    Range shown - where the lesson waits for a piece? The lesson then says so, with its hint,
    as it refuses an action."""
    if isinstance(until, Selected):
        return seen.selected is not None and seen.selected != until.piece
    if isinstance(until, RangeShown) and until.piece is not None:
        return seen.range_shown and seen.selected != until.piece
    return False


@dataclass(frozen=True)
class Lesson:
    title: str
    ask: str                          # what to do: a sentence or two
    hint: str                         # added to the refusal of anything else
    then: str                         # what happened, once it is done
    wants: tuple[Action, ...] = ()    # the actions it waits for, in order
    until: Until = None               # and then what must come about


LESSONS: tuple[Lesson, ...] = (
    Lesson("The Ogre comes", "You command the defense. The Ogre, a cybernetic supertank, is "
           "after your Command Post at 1008. Watch it come on.", "Watch the Ogre first.",
           "It came on at 1022 and moved on to 1020: entering took one of its 3 moves. It held "
           "its fire this time.", until=PhaseReached(Phase.DEFENSE_MOVE, 1)),
    Lesson("Select a piece", "Click your Heavy Tank at 1015.", "Click the Heavy Tank at 1015.",
           "The Tactical Display shows it: attack 4, range 2, defense 3, move 3.",
           until=Selected(2)),
    Lesson("Range", "Press Range.", "Press Range with the Heavy Tank selected.",
           "Green: where it can move. Blue: what it could fire on from there. A click clears it.",
           until=RangeShown(2)),
    Lesson("Move", "Drag the Heavy Tank to 1018.", "Drag the Heavy Tank to 1018.",
           "It passed through your infantry at 1017: pieces pass through friends.",
           wants=(Move(2, 1018),)),
    Lesson("Undo", "Press Undo.", "Press Undo.",
           "Back at 1015: a move can be undone until the phase ends.", wants=(Undo(2),)),
    Lesson("Into range", "Drag the Heavy Tank to 1018 again, then the GEV from 1116 to 1118.",
           "Heavy Tank to 1018, then GEV to 1118.",
           "Both are 2 hexes from the Ogre: in range of their guns.",
           wants=(Move(2, 1018), Move(4, 1118))),
    Lesson("Done", "Press Done. The game asks first when some pieces have not moved: OK.",
           "Press Done, then OK.", "Your move is over: now your units fire.", wants=(Done(),)),
    Lesson("Aim", "Drag from the Heavy Tank to the Ogre, pick the Secondary Battery, OK.",
           "Heavy Tank at the Secondary Battery.",
           "Attack 4 against its defense 3 is the 1-1 column of the Combat Results Table (F1): "
           "a 33% chance to kill, as the sidebar says.", wants=(Aim(2, SECONDARY),)),
    Lesson("Combine", "Aim the Missile Tank at the Secondary Battery too, then press Fire.",
           "Missile Tank at the Secondary Battery, then Fire.",
           "Together 7 against 3: the 2-1 column, a 50% kill. Attacks on one target add up.",
           wants=(Aim(3, SECONDARY), Fire())),
    Lesson("Treads", "Aim the GEV at the Treads, then Fire.", "GEV at the Treads, then Fire.",
           "Treads are always hit at 1-1, and a hit takes as many treads as the attack. Fewer "
           "treads, a slower Ogre; its guns keep firing.", wants=(Aim(4, TREADS), Fire())),
    Lesson("The GEV's second move", "Press Done, then drag the GEV back from 1118 to 1115.",
           "Done, then the GEV to 1115.",
           "After the defense fires, GEVs move again: strike, then fall back.",
           wants=(Done(), Move(4, 1115))),
    Lesson("Ram and overrun", "Press Done and watch the Ogre's turn.", "Press Done.",
           "It rammed your Heavy Tank (now D: disabled), which cost it 2 treads, and overran the "
           "infantry at 1017 (a squad lost), which cost none. Each took a move, and neither can "
           "be undone. Then its Main Battery destroyed your Missile Tank.",
           wants=(Done(),), until=PhaseReached(Phase.DEFENSE_MOVE, 2)),
    Lesson("Split", "Select the infantry at 0914 (2 squads) and press Split.",
           "Infantry at 0914, then Split.",
           "Two units of 1 squad share the hex. Two pieces may not stay in one hex: move one, "
           "or group them.", wants=(Split(5),)),
    Lesson("Group", "Press Group.", "Press Group.",
           "One unit again: up to 3 squads make a unit.", wants=(Group(5),)),
    Lesson("Craters and rubble", "The solid circle at 0913 is a crater: nothing may move into "
           "or over one. The black lines on hex sides are rubble: only the Ogre and infantry "
           "cross it. Drag the infantry at 0914 over the rubble to 0916.",
           "Infantry at 0914 to 0916, over the rubble.",
           "It crossed the rubble between 0915 and 0916 at no extra cost: a move a hex, as "
           "anywhere. Tanks and GEVs must go round rubble. Fire passes over craters and rubble "
           "alike: only the range in hexes counts.", wants=(Move(5, 916),)),
    Lesson("Disabled", "The Heavy Tank (D) cannot move or fire now. It recovers after the "
           "Ogre's next fire. Press Next.", "Press Next.",
           "A disabled unit hit again, or rammed, is destroyed.", until=NextPressed()),
    Lesson("Winning", "You win if your Command Post at 1008 stands when the Ogre is destroyed, "
           "every gun and tread; it wins by destroying the Command Post. F1 shows the victory "
           "levels. Play on!", "Play on.",
           "The battle is over. Menu > Battle Report shows how it went.", until=BattleOver()),
)


class ScriptedOgre:
    """The lessons' Ogre (X5): its first two turns as written, then the Low computer Ogre."""

    side = "ogre"

    def __init__(self, seed: int = SEED) -> None:
        self.after = make_controller("ogre", "Low", seed=seed)

    def choose(self, state: GameState) -> Action:
        done_here = self._done_in_phase(state)
        script = OGRE_SCRIPT.get((state.turn, state.phase), ())
        if done_here < len(script):
            action = parse_action(script[done_here])
            try:
                check(state, action)
                return action
            except RuleError:
                pass                     # the battle went another way: the computer plays on
        return self.after.choose(state)

    @staticmethod
    def _done_in_phase(state: GameState) -> int:
        """How many of this phase's scripted actions are played: read off the Ogre itself."""
        o = ogre_in_play(state)
        if state.phase is Phase.OGRE_MOVE:
            return o.moved - (1 if state.turn == 1 else 0)      # entering took the first
        if state.phase is Phase.OGRE_FIRE:
            return 2 if any(o.fired) else (1 if state.aim is not None else 0)
        return 0
