"""The pocket edition's simple optional rules, as switches a battle is played with.

- Time Limit (7.02): the battle ends after this many turns; if no victory condition of 1.03 has
  been met by then, the defender wins a marginal victory.
- Command Crawler (8.02): the defender's command post is a mobile Crawler with movement 1.
- Hardened CP (8.05): the command post has a defense of 1 or 2; a D stops it moving for a turn,
  a second D before it recovers destroys it.
- Mines (8.03): the defender lays this many mines, secretly (rules.minefield).
- Camouflage (8.04): the defense's units but the CP start under markers (rules.camouflage).

Every switch off is the 1986 game, rule for rule.

>>> NO_OPTIONS.on, Options(time_limit=12).words
(False, 'Time Limit 12 turns')
>>> Options(command_crawler=True, hardened_cp=2).words
'Command Crawler, Hardened CP (defense 2)'
>>> Options(time_limit=20, hardened_cp=2).brief
'20 turns, Hardened CP 2'
>>> Options(mines=10, camouflage=True).words, Options(mines=10, camouflage=True).hidden
('10 Mines, Camouflage', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .frozen import quick_init

TIME_LIMITS = (12, 15, 20, 25, 30)      # the turn counts Play a Game offers
MOST_TURNS = 99                          # the longest limit a file may name
HARDNESS = (1, 2)                        # 8.05's defense strengths
MINE_COUNTS = (5, 10, 15, 20)            # the mines Play a Game offers (8.03)
MOST_MINES = 40                          # the most a file may name


@quick_init
@dataclass(frozen=True, slots=True)
class Options:
    time_limit: int = 0             # 7.02: the last turn played; 0 for a battle without one
    command_crawler: bool = False   # 8.02: the CP moves 1
    hardened_cp: int = 0            # 8.05: the CP's defense; 0 is the 1986 CP
    mines: int = 0                  # 8.03: the mines the defender lays
    camouflage: bool = False        # 8.04: the defense starts under markers

    @property
    def on(self) -> bool:
        return self != NO_OPTIONS

    @property
    def hidden(self) -> bool:
        """Whether the battle holds secrets: mines or markers the attacker may not see."""
        return bool(self.mines) or self.camouflage

    @property
    def words(self) -> str:
        """The switches that are on, as the report and the record name them ('' for none)."""
        return ", ".join(self._named(brief=False))

    @property
    def brief(self) -> str:
        """The same, short, as Play a Game's Rules row shows them."""
        return ", ".join(self._named(brief=True))

    def _named(self, brief: bool) -> list[str]:
        parts = []
        if self.time_limit:
            parts.append(f"{'' if brief else 'Time Limit '}{self.time_limit} turns")
        if self.command_crawler:
            parts.append("Command Crawler")
        if self.hardened_cp:
            n = self.hardened_cp
            parts.append(f"Hardened CP {n}" if brief else f"Hardened CP (defense {n})")
        if self.mines:
            parts.append(f"{self.mines} Mine{'s' if self.mines > 1 else ''}")
        if self.camouflage:
            parts.append("Camouflage")
        return parts

    def problem(self) -> str | None:
        """What makes these switches impossible, or None."""
        if not 0 <= self.time_limit <= MOST_TURNS:
            return f"a time limit of {self.time_limit} turns is not one the game offers"
        if self.hardened_cp not in (0, *HARDNESS):
            return f"a hardened command post has defense 1 or 2, not {self.hardened_cp}"
        if not 0 <= self.mines <= MOST_MINES:
            return f"a defense lays 0 to {MOST_MINES} mines, not {self.mines}"
        return None


NO_OPTIONS = Options()
