"""The computer players in a battle of several Ogres (X15): each Ogre is planned in turn by a
one-Ogre player of its own, on a view of the battle in which that Ogre is the one in play
(`rules.sides.ogre_in_play` answers the first Ogre), and the actions it plans are named for it.
The defense plans against one enemy Ogre at a time: the one soonest able to destroy its Command
Post (its own Ogre, in 9.01, never).

This is the first computer for several Ogres, not a team that plans them together: the second
Ogre moves after the first, and each reasons as if it attacked alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules.actions import Action, Aim, Done, Enter, Exit, OgreAim
from ..rules.game import legal_actions
from ..rules.hexes import distance
from ..rules.scenarios import DUELS, WATCHED
from ..rules.state import GameState, Ogre, Phase
from ..rules.watchdog import attackers
from .analysis import race_time
from .duellist import Duellist

if TYPE_CHECKING:
    from .protocol import Controller

Planner = Callable[[GameState], list[Action]]


class OgresAgainstOgres:
    """What a built-in side plays, in place of its own 1986 player, where Ogres fight Ogres: a
    Duel's seat as duelling Ogres (9.04), or 9.01's side as its 1986 player with its fight
    against the other side's Ogre added (made by `make_watched` when first needed)."""

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed
        self.duel: Duellist | None = None
        self.watched: Controller | None = None

    def player(self, state: GameState, make_watched: Callable[[], Controller]
               ) -> Controller | None:
        """The player for this battle; None where the side's own player plays it."""
        if state.scenario in DUELS:
            if self.duel is None:
                self.duel = Duellist(self.level, self.seed)
            return self.duel
        if state.scenario in WATCHED:
            if self.watched is None:
                self.watched = make_watched()
            return self.watched
        return None


def focused(state: GameState, oid: int) -> GameState:
    """The battle as one Ogre's player sees it: that Ogre first, the others after it."""
    o = state.known_ogre(oid)
    return replace(state, ogres=(o, *[x for x in state.ogres if x.id != oid]))


def named(action: Action, oid: int) -> Action:
    """An action a one-Ogre player planned, named for the Ogre it was planned for."""
    if type(action) is Enter:
        return Enter(action.to, oid)
    if type(action) is Exit:
        return Exit(oid)
    if type(action) is OgreAim:
        return OgreAim(action.target, action.weapons, oid)
    if type(action) is Aim:
        return Aim(action.piece, action.part, oid)
    return action


class OgresInTurn:
    """The Ogres' side: each Ogre's phase planned by its own one-Ogre planner (`make_planner()`),
    one Ogre after another. A plan's Done is dropped while it moves or fires: when its player next
    plans only Done, that Ogre is finished for the phase and the next one plans."""

    def __init__(self, make_planner: Callable[[], Planner]) -> None:
        self.make_planner = make_planner
        self.players: dict[int, Planner] = {}
        self.finished: set[int] = set()
        self.when: tuple[int, Phase] | None = None

    def plan(self, state: GameState) -> list[Action]:
        when = (state.turn, state.phase)
        if when != self.when:
            self.when, self.finished = when, set()
        if state.aim is not None:                       # that Ogre's shot, finished first
            return self._plan_for(state, state.known_ogre(state.aim.ogre))
        for o in state.ogres:
            if o.id in self.finished or not _may_act(state, o):
                continue
            acts = [a for a in self._plan_for(state, o) if type(a) is not Done]
            if acts:
                return acts
            self.finished.add(o.id)
        return [Done()]

    def _plan_for(self, state: GameState, o: Ogre) -> list[Action]:
        player = self.players.get(o.id)
        if player is None:
            player = self.players[o.id] = self.make_planner()
        plan = [named(a, o.id) for a in player(focused(state, o.id))]
        if plan and type(plan[0]) is Enter and state.ogre_at(plan[0].to) is not None:
            return [_entry_beside(state, plan[0])]
        return plan


def _may_act(state: GameState, o: Ogre) -> bool:
    if state.phase is Phase.OGRE_ENTRY:
        return not o.hex and not o.exited
    return o.on_map


def _entry_beside(state: GameState, wanted: Enter) -> Enter:
    """An entry on the free bottom-row hex nearest the one another Ogre took first."""
    mine = [a for a in legal_actions(state) if type(a) is Enter and a.piece == wanted.piece]
    return min(mine, key=lambda a: (distance(a.to, wanted.to), a.to), default=wanted)


def defense_focus(state: GameState) -> GameState:
    """The battle as the computer defense plans it among several Ogres: the fighting Ogre
    nearest its Command Post (or the first still fighting) in play."""
    return defense_views(state)[0]


def defense_views(state: GameState) -> list[GameState]:
    """The battle seen with each enemy Ogre in play, as the defense weighs them (never its own
    Ogre): an Ogre being aimed at alone; else the fighting Ogres, the soonest able to destroy
    the Command Post first (an Ogre that can neither move nor reach it last), then the nearest
    it; then any other."""
    if state.aim is not None:
        return [focused(state, state.aim.ogre)]
    enemy = attackers(state)
    fighting = [o for o in enemy if o.on_map and not o.destroyed] or enemy
    cp = state.command_post
    views = [focused(state, o.id) for o in fighting]
    views.sort(key=lambda v: (race_time(v), distance(v.ogres[0].hex, cp.hex)
                              if cp and v.ogres[0].hex else 99, -v.ogres[0].id))
    return views
