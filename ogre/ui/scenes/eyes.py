"""Whose eyes the battle screen is (8.03, 8.04): the side played here, or in hot-seat the one
whose player sits at the screen, and the battle as that side may see it (rules.views)."""

from __future__ import annotations

from collections.abc import Callable

from ogre.match.match import Match
from ogre.rules.secrets import NO_SECRETS
from ogre.rules.sides import acting_side
from ogre.rules.state import GameState
from ogre.rules.views import view


class Eyes:
    def __init__(self, match: Match) -> None:
        self.match = match
        self.viewer: Callable[[], str | None] = self.seat_here   # the App's, in hot-seat
        self._kept: tuple[GameState, str | None, GameState] | None = None

    def seat_here(self) -> str | None:
        """The side played at this computer; with none (the computer on both), the defense's
        eyes, which see everything."""
        here = [side for side, seat in self.match.seats.items() if seat.who == "here"]
        if len(here) == 1:
            return here[0]
        return acting_side(self.match.state) if here else "defense"

    def seen(self, s: GameState) -> GameState:
        """`s` as the player at the screen may see it, worked out once per state and viewer."""
        if s.secrets is NO_SECRETS:
            return s
        who = self.viewer()
        kept = self._kept
        if kept is None or kept[0] is not s or kept[1] != who:
            kept = self._kept = (s, who, view(s, who))
        return kept[2]
