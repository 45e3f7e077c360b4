"""Play a Game's optional rules (X15, X16): the pocket edition's Time Limit (7.02), Command
Crawler (8.02), Hardened CP (8.05), Mines (8.03) and Camouflage (8.04), each a row of switches.
All off is the 1986 game."""

from __future__ import annotations

from collections.abc import Callable

from ogre.rules.options import HARDNESS, MINE_COUNTS, NO_OPTIONS, TIME_LIMITS, Options
from ogre.ui.toolkit.choices import OptionsDialog

TITLE = "Optional Rules"
MESSAGE = "The board game's optional rules. All off, the battle is the 1986 game."
OFF = "Off"
TIME, CRAWLER, HARDENED, MINES, CAMOUFLAGE = range(5)     # the dialog's groups
_HARDNESS = (0, *HARDNESS)
_MINES = (0, *MINE_COUNTS)


def words(options: Options) -> str:
    """The switches that are on, as Play a Game's row shows them (short, to fit its box)."""
    return options.brief or "None: the 1986 game"


class OptionalRulesDialog(OptionsDialog):
    """on_close(Options), or None when cancelled."""

    def __init__(self, options: Options, on_close: Callable[[Options | None], object]) -> None:
        # the offered limits, and a battle's own if it was another (a file's 7 turns)
        self.limits = tuple(sorted({0, *TIME_LIMITS, options.time_limit}))
        self.mines = tuple(sorted({*_MINES, options.mines}))
        groups = [
            ("Time Limit (turns)", [(str(n) if n else OFF, True) for n in self.limits]),
            ("Command Crawler", [(OFF, True), ("On: the CP moves 1", True)]),
            ("Hardened CP", [(OFF, True)] + [(f"Defense {n}", True) for n in HARDNESS]),
            ("Mines", [(str(n) if n else OFF, True) for n in self.mines]),
            ("Camouflage", [(OFF, True), ("On: markers", True)]),
        ]
        chosen = [self.limits.index(options.time_limit), int(options.command_crawler),
                  _HARDNESS.index(options.hardened_cp), self.mines.index(options.mines),
                  int(options.camouflage)]
        super().__init__(TITLE, MESSAGE, groups,
                         lambda c: on_close(None if c is None else self.options), chosen,
                         inline=3, width=680)

    @property
    def options(self) -> Options:
        return Options(time_limit=self.limits[self.chosen[TIME]],
                       command_crawler=self.chosen[CRAWLER] == 1,
                       hardened_cp=_HARDNESS[self.chosen[HARDENED]],
                       mines=self.mines[self.chosen[MINES]],
                       camouflage=self.chosen[CAMOUFLAGE] == 1)


__all__ = ["OptionalRulesDialog", "NO_OPTIONS", "words"]
