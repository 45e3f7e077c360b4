"""The after-action report (X9): a battle log replayed with the rules engine and summed up.

Pure, like the rules it sits on: it imports only ogre.rules, draws nothing and reads no file,
so the same starting position and actions always give the same report. Its layer is beside
ai: above the rules, below storage and the UI, which read the logs and draw the chart.

    report = battle_report(start, actions)     # the actions as values or in their notation
    report.result, report.turns, report.series[-1].treads

>>> from ogre.resources import standard_board
>>> from ogre.rules import Field, Placement, Kind, new_game
>>> start = new_game(Field(standard_board(), (Placement(Kind.CP, 818),)), 3, seed=1)
>>> r = battle_report(start, ["enter 0822", "move O 0820", "done", "done", "done", "done",
...                           "done", "move O 0819", "move O 0818"])
>>> r.result, r.turns, r.rams, r.defense_lost
('Complete Ogre Victory', 2, 1, (('Command Post', 1),))
>>> [(k.turn, k.what) for k in r.key_events]
[(2, 'Command Post destroyed')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ogre.rules.actions import Action, parse_action
from ogre.rules.assault import ESCAPED, attacking
from ogre.rules.duel import holds_the_field, in_the_fight
from ogre.rules.events import Event
from ogre.rules.hidden import replay_told
from ogre.rules.scenarios import ASSAULTS, DUELS, WATCHDOGS, WATCHED, duellist_name
from ogre.rules.sides import ogre_in_play, side_of
from ogre.rules.state import GameState, Ogre
from ogre.rules.units import MARKS, STATS, WEAPON_STATS, WEAPONS, Kind, is_ogre_id

# The defenders' kinds in the order the report lists their losses.
KINDS = (Kind.HEAVY, Kind.MISSILE, Kind.GEV, Kind.HOWITZER, Kind.INFANTRY, Kind.CP)
KIND_NAMES = {**{k: STATS[k].name for k in KINDS}, Kind.INFANTRY: "Infantry squads"}
GUN_NAMES = tuple(WEAPON_STATS[w].name for w in WEAPONS)

_COUNT_WORDS = {2: "Two", 3: "Three"}
FIRST_GUN_LOST = "First gun lost"
CP_DESTROYED = "Command Post destroyed"
IMMOBILISED = "Ogre immobilised"
TIME_UP = "Time is up (7.02)"
OGRE_HITS = frozenset({"destroyed", "disabled", "reduced"})   # an Ogre shot that did something


@dataclass(frozen=True)
class Strength:
    """Both sides' strength at the end of `turn` (the first point: before the log's first turn)."""

    turn: int
    treads: int
    guns: tuple[int, int, int, int]     # intact missiles, main, secondary, antipersonnel
    defense_points: int                 # the defenders' surviving attack points
    # a Duel's (9.04): each Ogre's treads and intact guns, in the order of their ids
    each_treads: tuple[int, ...] = ()
    each_guns: tuple[int, ...] = ()


@dataclass(frozen=True)
class Duellist:
    """One Ogre of a Duel (9.04), summed up: every Ogre is its own side."""

    name: str                            # "Ogre 1", "Ogre 2"...
    mark: int
    treads_lost: int
    guns_lost: tuple[int, int, int, int]     # destroyed by fire, per WEAPONS slot
    missiles_fired: int
    shots: int
    hits: int
    rams: int
    fate: str                            # "held the field", "left the map", "destroyed"...


@dataclass(frozen=True)
class KeyEvent:
    turn: int
    what: str


@dataclass(frozen=True)
class Report:
    """What the report window shows; every figure comes from replaying the log."""

    mark: int
    result: str                          # the victory level, "" while the battle goes on
    turns: int                           # the turn the log ends in
    series: tuple[Strength, ...]
    key_events: tuple[KeyEvent, ...]     # in the order they happened, each once
    defense_lost: tuple[tuple[str, int], ...]    # (kind, units lost; infantry in squads)
    treads_lost: int
    guns_lost: tuple[int, int, int, int]         # destroyed by fire, per WEAPONS slot
    missiles_fired: int
    ogre_shots: int
    ogre_hits: int
    defense_shots: int
    defense_hits: int
    rams: int                            # by the Ogre (M7)
    rammed_by_defense: int               # defenders that rammed the Ogre (M7)
    overruns: int                        # M8, the ones at a turn's start included
    actions: int
    # Issue 18 (advice) will count the advice asked with the battle; None: not kept, not shown.
    advice_asked: int | None = None
    optional_rules: str = ""             # the switches the battle was played with (X15)
    marks: tuple[int, ...] = ()          # every Ogre's Mark (X15); the figures are all of theirs
    # Ogre Defending (9.03): the attacking force's losses, escapes and shots; there the
    # defense's figures are its units' and its Ogre's, and `rams` the Ogre's
    force_lost: tuple[tuple[str, int], ...] = ()
    escaped: int = 0
    force_shots: int = 0
    force_hits: int = 0
    assault: bool = False
    watchdog_marks: tuple[int, ...] = ()    # 9.01: the defense's own Ogres' Marks
    duellists: tuple[Duellist, ...] = ()    # 9.04: each Ogre its own side

    @property
    def over(self) -> bool:
        return bool(self.result)

    @property
    def start_treads(self) -> int:
        return sum(MARKS[m].treads for m in self.marks or (self.mark,))

    @property
    def ogres_words(self) -> str:
        """'Mark III Ogre', or 'Two Mark III Ogres' in a battle of several."""
        names = [MARKS[m].name for m in self.marks or (self.mark,)]
        if self.watchdog_marks:
            dogs = " and ".join(f"a {MARKS[m].name}" for m in self.watchdog_marks)
            return f"{names[0]} Ogre against a defense with {dogs} of its own"
        if self.duellists:
            count = _COUNT_WORDS.get(len(names), str(len(names)))
            return f"A Duel of {count.lower()} {names[0]} Ogres" if len(set(names)) == 1 else \
                "A Duel of " + " and ".join(f"a {n}" for n in names)
        if len(names) == 1:
            return f"{names[0]} Ogre" + (" defending" if self.assault else "")
        if len(set(names)) == 1:
            return f"{_COUNT_WORDS.get(len(names), str(len(names)))} {names[0]} Ogres"
        return "A " + " and a ".join(f"{n} Ogre" for n in names)


def battle_report(start: GameState, actions: Iterable[Action | str],
                  advice_asked: int | None = None, dice: Sequence[int] = ()) -> Report:
    """Replay `actions` from `start` (with the told `dice` of a network guest's battle, X10)
    and sum the battle up. A refused action raises RuleError, an unreadable one or a wrong
    tape ValueError: a log that does not replay gives no report."""
    tally = _Tally(start)
    state = start
    parsed = [parse_action(a) if isinstance(a, str) else a for a in actions]
    for after, events in replay_told(start, parsed, dice):
        tally.step(state, after, events)
        state = after
    return tally.report(state, advice_asked)


class _Tally:
    """The counts kept while the log replays."""

    def __init__(self, start: GameState) -> None:
        self.start = start
        self.series = [_strength(start, start.turn - 1)]
        self.key: dict[str, int] = {}
        self.ogre_shots = self.ogre_hits = self.defense_shots = self.defense_hits = 0
        self.rams = self.rammed = self.overruns = self.actions = 0
        self.assault = start.scenario in ASSAULTS
        # 9.01: the defense's own Ogres; a shot at one is the attacking Ogre's
        self.watchdogs = WATCHDOGS[start.scenario] if start.scenario in WATCHED else frozenset()
        self.force_shots = self.force_hits = 0
        self.duel = start.scenario in DUELS
        # a Duel's shots, hits and rams by the Ogre that made them
        self.by_ogre: dict[int, list[int]] = {o.id: [0, 0, 0] for o in start.ogres}

    def step(self, before: GameState, after: GameState, events: list[Event]) -> None:
        self.actions += 1
        if after.turn > before.turn:
            # the turn ends with the GEV phase; what the new turn's start does is the next's
            self.series.append(_strength(before, before.turn))
        for e in events:
            if self.duel:
                self._count_duel(e, before.duellist)
            else:
                self._count(e)
            if e.kind == "time_up":
                self.key.setdefault(TIME_UP, before.turn)
        self._key_events(before, after)

    def _count(self, e: Event) -> None:
        if e.kind == "fire" and self.assault:
            self._count_assault_fire(e)
        elif e.kind == "fire" and e.piece in self.watchdogs:
            self.ogre_shots += 1
            self.ogre_hits += e.result.startswith("hit")
        elif e.kind == "fire" and is_ogre_id(e.piece):
            self.defense_shots += 1
            self.defense_hits += e.result.startswith("hit")
        elif e.kind == "fire":
            self.ogre_shots += 1
            self.ogre_hits += e.result in OGRE_HITS
        elif e.kind == "ram":
            self.rams += 1
        elif e.kind == "ram_ogre":
            self.rammed += 1
        elif e.kind == "overrun":
            self.overruns += 1

    def _count_duel(self, e: Event, firer: int) -> None:
        """9.04: every shot and ram is the Ogre's whose phase it is."""
        shots_hits_rams = self.by_ogre[firer]
        if e.kind == "fire":
            shots_hits_rams[0] += 1
            shots_hits_rams[1] += e.result.startswith("hit")
        elif e.kind == "ram_ogre":
            shots_hits_rams[2] += 1

    def _count_assault_fire(self, e: Event) -> None:
        """9.03: a shot at the Ogre or at a defender is the force's, at an attacker the
        defense's (its Ogre's or its units')."""
        at_ogre = is_ogre_id(e.piece)
        hit = e.result.startswith("hit") if at_ogre else e.result in OGRE_HITS
        if at_ogre or not attacking(e.piece):
            self.force_shots += 1
            self.force_hits += hit
        else:
            self.defense_shots += 1
            self.defense_hits += hit

    def _key_events(self, before: GameState, after: GameState) -> None:
        turn = after.turn
        for o, p in zip(_fighting(before), _fighting(after)):    # each Ogre, by its place
            spent = p.missiles_spent - o.missiles_spent
            # in a Duel each Ogre is its own side: each one's first loss is news
            if sum(o.weapons) - sum(p.weapons) > spent:
                self.key.setdefault(f"{duellist_name(p.id)}: first gun lost" if self.duel
                                    else FIRST_GUN_LOST, turn)
            if o.treads > 0 and p.treads <= 0:
                self.key.setdefault(f"{duellist_name(p.id)} immobilised" if self.duel
                                    else IMMOBILISED, turn)
        if before.command_post is not None and after.command_post is None:
            self.key.setdefault(CP_DESTROYED, turn)

    def report(self, end: GameState, advice_asked: int | None) -> Report:
        start = self.start
        series = self.series
        if series[-1].turn < end.turn:
            series = series + [_strength(end, end.turn)]
        (treads0, guns0, spent0), (treads1, guns1, spent1) = _ogres(start), _ogres(end)
        fired = spent1 - spent0
        (m0, b0, s0, a0), (m1, b1, s1, a1) = guns0, guns1
        guns_lost = (m0 - m1 - fired, b0 - b1, s0 - s1, a0 - a1)
        return Report(
            mark=ogre_in_play(start).mark, result=end.result, turns=end.turn,
            series=tuple(series),
            key_events=tuple(KeyEvent(t, what) for what, t in self.key.items()),
            defense_lost=_lost(start, end, force=False) + _watchdogs_lost(start, end),
            treads_lost=treads0 - treads1,
            guns_lost=guns_lost, missiles_fired=fired,
            ogre_shots=self.ogre_shots, ogre_hits=self.ogre_hits,
            defense_shots=self.defense_shots, defense_hits=self.defense_hits,
            rams=self.rams, rammed_by_defense=self.rammed, overruns=self.overruns,
            actions=self.actions, advice_asked=advice_asked,
            optional_rules=start.options.words, marks=tuple(o.mark for o in _fighting(start)),
            force_lost=_lost(start, end, force=True) if self.assault else (),
            escaped=sum(1 for p in end.pieces if p.hex == ESCAPED),
            force_shots=self.force_shots, force_hits=self.force_hits, assault=self.assault,
            watchdog_marks=tuple(o.mark for o in start.ogres if o.id in self.watchdogs),
            duellists=self._duellists(end) if self.duel else ())

    def _duellists(self, end: GameState) -> tuple[Duellist, ...]:
        out = []
        for o, p in zip(self.start.ogres, end.ogres):
            fired = p.missiles_spent - o.missiles_spent
            lost = tuple(a - b for a, b in zip(o.weapons, p.weapons))
            shots, hits, rams = self.by_ogre[o.id]
            out.append(Duellist(duellist_name(p.id), p.mark, o.treads - p.treads,
                                (lost[0] - fired, lost[1], lost[2], lost[3]), fired,
                                shots, hits, rams, _fate(p, end)))
        return tuple(out)


def _fate(o: Ogre, end: GameState) -> str:
    """How a duelling Ogre's battle ended for it."""
    if o.exited:
        return "left the map"
    if o.destroyed:
        return "destroyed"
    if end.result == holds_the_field(o):
        return "held the field"
    return "out of the fight" if not in_the_fight(o) else \
        "still in the field"


def _fighting(s: GameState) -> tuple[Ogre, ...]:
    """The Ogres the report is about: every one, but the defense's own in 9.01 (its loss is
    the defense's)."""
    if s.scenario not in WATCHED:
        return s.ogres
    return tuple(o for o in s.ogres if o.id not in WATCHDOGS[s.scenario])


def _watchdogs_lost(start: GameState, end: GameState) -> tuple[tuple[str, int], ...]:
    """9.01: the defense's own Ogres destroyed, by Mark ("Mark III Ogre", 1)."""
    if start.scenario not in WATCHED:
        return ()
    lost = [o for o in end.ogres if o.id in WATCHDOGS[end.scenario] and o.destroyed]
    return tuple((f"{MARKS[o.mark].name} Ogre", 1) for o in lost)


def _ogres(s: GameState) -> tuple[int, tuple[int, int, int, int], int]:
    """The Ogres' treads, intact guns (missiles, main, secondary, antipersonnel) and missiles
    fired, all of them together: one Ogre's own in a 1986 battle."""
    ogres = _fighting(s)
    treads = sum(o.treads for o in ogres)
    m, b, sec, ap = (sum(o.weapons[i] for o in ogres) for i in range(4))
    return treads, (m, b, sec, ap), sum(o.missiles_spent for o in ogres)


def _strength(s: GameState, turn: int) -> Strength:
    treads, guns, _ = _ogres(s)
    if s.scenario in DUELS:
        return Strength(turn, treads, guns, 0, tuple(o.treads for o in s.ogres),
                        tuple(sum(o.weapons) for o in s.ogres))
    if s.scenario in ASSAULTS:                # the defense's units only, not the force's
        points = sum(p.attack for p in s.pieces if not attacking(p.id))
        return Strength(turn, treads, guns, points)
    return Strength(turn, treads, guns, s.surviving_attack_points())


def _lost(start: GameState, end: GameState, force: bool) -> tuple[tuple[str, int], ...]:
    """The defense's (or 9.03's attacking force's) units lost by kind, infantry counted in
    squads; kinds that lost nothing left out. Counted from the pieces at both ends, so splits
    and groups change nothing; an escaped unit is not lost."""
    def count(s: GameState, kind: Kind) -> int:
        return sum(p.squads for p in s.pieces
                   if p.kind is kind and (side_of(s, p.id) == "ogre") == force)
    lost = ((KIND_NAMES[k], count(start, k) - count(end, k)) for k in KINDS)
    return tuple((name, n) for name, n in lost if n)
