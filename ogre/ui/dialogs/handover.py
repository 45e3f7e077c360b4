"""Hot-seat hand-over (issue 30): in a battle of two players at this computer, each change of
side says whose turn it is in a small box ("Hand over to the Defense player."), which the
player taking over dismisses with a click or a key - so the click meant to dismiss it, or one
the player leaving made twice, never acts for the wrong side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pygame

from ogre.match.match import Seat
from ogre.rules.scenarios import DUELS, duellist_name
from ogre.rules.secrets import NO_SECRETS
from ogre.rules.sides import Side, acting_side, role
from ogre.rules.state import GameState
from ogre.rules.views import OWNER
from ogre.ui.toolkit.widgets import OK_ONLY, Answer, Dialog

TITLE = "Hand Over"


def side_to_play(state: GameState) -> str:
    """The side the player at the computer now is (the defense's once the battle is over); in
    a Duel each Ogre is a player of its own, named by its place ("Ogre 3")."""
    if state.scenario in DUELS and not state.over:
        return duellist_name(state.duellist)
    return acting_side(state) or "defense"


def hot_seat(seats: Mapping[Side, Seat]) -> bool:
    """Whether both sides are played at this computer (never against the computer, a lesson
    or the network)."""
    return all(seat.who == "here" for seat in seats.values())


class HandOverNotice(Dialog[Answer]):
    """Whose turn it is; any click or key (Esc and Enter too) dismisses it, and does nothing
    else."""

    def __init__(self, side: str, scenario: str = "",
                 on_close: Callable[[Answer], object] | None = None) -> None:
        who = side if scenario in DUELS else role(scenario, side)
        super().__init__(TITLE, f"Hand over to the {who} player.\n"
                         "Click or press a key to play.", OK_ONLY, on_close, width=380)
        self.side = side

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP
                                            and event.button == 1):
            self.close(Answer.OK)
        return True


class HandOver:
    """Watches the battle on the screen and shows the notice at each change of side, only
    when both sides are played here (never against the computer, a lesson or the network)."""

    def __init__(self, app) -> None:
        self.app = app
        self.battle: Any = None       # the Battle on the screen
        self.side = ""
        # whose player sits at the screen: the side leaving until the notice is dismissed, so
        # that the map shows it nothing of the other side's secrets (8.03, 8.04)
        self.at_screen = ""

    def watch(self, battle) -> None:
        """A battle was put on the screen: its side to play now needs no notice, unless it
        holds a sheet of mines and markers that the player who started or loaded it may not
        see (8.03, 8.04): then the screen is the other side's until the notice is dismissed."""
        self.battle, self.side = battle, side_to_play(battle.state)
        self.at_screen = self.side
        s = battle.state
        if (s.secrets is not NO_SECRETS and not s.over and self.side == OWNER
                and hot_seat(battle.match.seats)):
            side = self.side
            self.at_screen = "ogre"
            self.app.dialog = HandOverNotice(side, s.scenario,
                                             lambda _: setattr(self, "at_screen", side))

    def battle_changed(self, battle) -> None:
        """After an action: a change of side in a hot-seat battle puts up the notice; the
        battle's end, or a notice the next action made stale, takes it down."""
        a = self.app
        if battle is not self.battle:
            self.watch(battle)
            return
        side, before = side_to_play(battle.state), self.side
        self.side = side
        showing = isinstance(a.dialog, HandOverNotice)
        if showing and (battle.state.over or a.dialog.side != side):
            a.dialog = None           # the other side played on (a script): it is stale
            self.at_screen = side
        if (side != before and not battle.state.over and a.dialog is None
                and hot_seat(battle.match.seats)):
            a.dialog = HandOverNotice(side, battle.state.scenario,
                                      lambda _: setattr(self, "at_screen", side))
            a.touch()
        elif side != before and not isinstance(a.dialog, HandOverNotice):
            self.at_screen = side
