"""Is this a position a battle can be in? Every invariant of a game state, in one place.

A saved game, a battle log's start and a "Keep old Ogre" edit all pass through here
before they are played, and the random games and soak runs check every position they
reach. Each finding is one phrase a player can read after "...: " in a sentence.

    problems(state)       # every finding ([] when the position is sound)
    first_problem(state)  # the first one, or None

>>> from ogre.rules.board import EMPTY_BOARD
>>> from ogre.rules.state import GameState, Ogre, Piece
>>> from ogre.rules.units import Kind
>>> s = GameState(EMPTY_BOARD, "basic", (Piece(1, Kind.CP, 101, start=101),), (Ogre.fresh(3),),
...               next_id=2)
>>> problems(s)
[]
>>> first_problem(GameState(EMPTY_BOARD, "basic", (Piece(1, Kind.CP, 101),), (Ogre.fresh(3),),
...                         next_id=2))
'piece 1 would undo to a hex that is not on the map'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from .actions import Group, Move
from .assault_invariants import findings as assault_findings
from .board import Board
from .duel import in_the_fight
from .enemy_ogres import reaches
from .game import legal_actions, ogre_weapon_reaches, victory_level
from .hexes import BOTTOM_ROW, distance, label, on_map
from .minefield import mines_problem
from .movement import defender_allowance
from .options import Options
from .scenarios import ASSAULTS, DUELS, SCENARIOS, WATCHDOGS
from .secrets import NO_SECRETS, Secrets
from .state import OGRE_ID, OGRE_PHASES, Aiming, GameState, Ogre, Phase, Piece
from .units import MARKER, MARKS, OGRE_MOVE, STATS, WEAPONS, Kind, Weapon, ogre_id
from .victory import RESULTS
from .views import offered

MAX_TURN = 9_999          # no battle lasts so long; bounds what a file may claim ("Turn N")
MAX_ID = 1_000_000        # splits make new ids; a battle makes hundreds, not millions
DEFENSE_MOVES = (Phase.DEFENSE_MOVE, Phase.GEV_MOVE)
DEFENSE_PHASES = (Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE)
# The move phase whose points a piece may have spent, in each phase (reset by piece_start).
_LAST_MOVE = {
    Phase.OGRE_MOVE: Phase.GEV_MOVE, Phase.OGRE_FIRE: Phase.GEV_MOVE,
    Phase.DEFENSE_MOVE: Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE: Phase.DEFENSE_MOVE,
    Phase.GEV_MOVE: Phase.GEV_MOVE,
}


def problems(s: GameState) -> list[str]:
    """Why this position cannot happen in a battle, every reason found ([] when it can)."""
    return list(_findings(s))


def first_problem(s: GameState) -> str | None:
    """The first reason this position cannot happen in a battle, or None when it can."""
    return next(_findings(s), None)


def _findings(s: GameState) -> Iterator[str]:
    # Each stage relies on the ones before it holding (a known Mark, ids in range, ...).
    stages = (_DUEL_STAGES if s.scenario in DUELS
              else _ASSAULT_STAGES if s.scenario in ASSAULTS else _STAGES)
    for stage in stages:
        found = list(stage(s))
        yield from found
        if found:
            return


# ---------------------------------------------------------------- the battle's numbers

def _numbers(s: GameState) -> Iterator[str]:
    scenario = SCENARIOS.get(s.scenario) if isinstance(s.scenario, str) else None
    if scenario is None or any(o.mark not in MARKS for o in s.ogres):
        yield "the Ogre or the scenario is neither a Mark III nor a Mark V"
        return
    wanted = scenario.marks
    if tuple(o.id for o in s.ogres) != tuple(ogre_id(n) for n in range(1, len(wanted) + 1)):
        yield f"the battle does not have the {_ogres_words(len(wanted))} its scenario has"
        return
    if len(wanted) > 1 and tuple(o.mark for o in s.ogres) != wanted:
        yield "the battle's Ogres are not the Marks its scenario has"
    if not isinstance(s.options, Options):
        yield "the battle's optional rules are not switches"
    elif s.options.problem():
        yield f"the battle's optional rules are impossible: {s.options.problem()}"
    elif s.options.time_limit and s.turn > s.options.time_limit:
        yield "the battle has gone on past its time limit"
    if not isinstance(s.turn, int) or not 1 <= s.turn <= MAX_TURN:
        yield "the turn number is beyond any battle's length"
    if not 1 <= s.next_id <= MAX_ID:
        yield "the piece ids are beyond any battle's"
    if not 0 <= s.rng < 1 << 64:
        yield "the dice state is not a 64-bit number"
    if s.phase not in Phase.__members__.values():
        yield "the phase is not one of the game's phases"
    elif s.phase is Phase.ATTACK_GEV_MOVE and not scenario.force:
        yield "the battle has no attacking force whose GEVs move"
    if s.over != bool(s.result):
        yield "the battle's result and its phase disagree"
    elif s.result and s.result not in RESULTS:
        yield "the battle's result is not a victory level"
    if s.duellist != OGRE_ID and (not scenario.duel or s.ogre_unit(s.duellist) is None):
        yield "the Ogre whose turn it is is not one of the battle's duellists"


# ---------------------------------------------------------------- the Ogre (U2, U3, M4, M7)

def _ogres_words(n: int) -> str:
    return "one Ogre" if n == 1 else f"{n} Ogres"


def _ogre(s: GameState) -> Iterator[str]:
    for o in s.ogres:
        found = list(_one_ogre(s, o))
        if found:
            yield from found
            return
    on_map = [o.hex for o in s.ogres if o.hex]
    if len(set(on_map)) < len(on_map):
        yield "two Ogres stand on one hex"


def _one_ogre(s: GameState, o: Ogre) -> Iterator[str]:
    m, the = MARKS[o.mark], f"the {o.name}"
    if not 0 <= o.treads <= m.treads:
        yield f"{the} has {'more' if o.treads > 0 else 'fewer'} treads than a {m.name} can"
    if len(o.weapons) != 4 or any(not 0 <= n <= most for n, most in zip(o.weapons, m.weapons)):
        yield f"{the} has more weapons than a {m.name} carries"
    elif not 0 <= o.missiles_spent <= m.weapons[0] - o.weapons[0]:
        yield f"{the} has fired more missiles than a {m.name} carries"
    elif (len(o.fired) != 4 or any(f < 0 for f in o.fired) or o.fired[0] > o.missiles_spent
          or any(f > n for f, n in zip(o.fired[1:], o.weapons[1:]))):
        yield f"{the} has fired more weapons than it has"
    if not 0 <= o.moved <= OGRE_MOVE + 1 or not 0 <= o.undo_moved <= o.moved:
        yield f"{the} has moved further than it can in a turn"
    if not 0 <= o.rams <= 2:
        yield f"{the} has rammed more than twice in a turn"
    yield from _ogre_hexes(s, o)


def _ogre_hexes(s: GameState, o: Ogre) -> Iterator[str]:
    board, the = s.board, f"the {o.name}"
    several = len(s.ogres) > 1
    if (s.phase is Phase.OGRE_ENTRY and not (several and o.hex)) or o.exited:
        if o.hex:
            yield f"{the} is on the map before it enters or after it left"
        elif o.exited and not s.over and not several:
            yield f"{the} left the map but the battle is not over"
        elif s.phase is Phase.OGRE_ENTRY and o.moved and not o.exited:
            yield f"{the} has moved before it entered"
        return
    if not o.hex and several:                # past the Ogres' entry
        if not s.over and not _to_enter(s, o):
            yield f"{the} has not entered after the Ogres' entry"
        return
    if not _standable(board, o.hex):
        yield f"{the} is not on a hex of the map it can stand on"
        return
    if s.over:
        return
    if not _standable(board, o.undo_hex):
        yield f"{the} would undo its move to a hex it cannot stand on"
    elif distance(o.undo_hex, o.hex) > o.moved - o.undo_moved:
        yield f"{the} would undo its move to a hex further than it has moved"


def _standable(board: Board, h: int) -> bool:
    return isinstance(h, int) and on_map(h) and h not in board.craters


# ---------------------------------------------------------------- the defenders (U1, M1-M6, C4)

def _pieces(s: GameState) -> Iterator[str]:
    ids = [p.id for p in s.pieces]
    if any(not 1 <= i < s.next_id for i in ids):
        yield "a piece's id is not below the next piece id"
        return
    if len(set(ids)) != len(ids):
        yield "two pieces share an id"
        return
    if sum(p.kind is Kind.CP for p in s.pieces) > 1:
        yield "there is more than one Command Post"
    if any(not 1 <= i < s.next_id for i in s.ap_hit):
        yield "a piece hit by antipersonnel has an id no piece ever had"
    for p in s.pieces:
        found = next(_piece(s, p), None)
        if found:
            yield found


def _piece(s: GameState, p: Piece) -> Iterator[str]:
    board = s.board
    if p.kind not in STATS:
        yield f"piece {p.id} is not a kind of piece"
        return
    if not on_map(p.hex):
        yield f"piece {p.id} is not on the map"
        return
    if p.hex in board.craters:
        yield f"a piece stands in the crater at {label(p.hex)}"
        return
    if p.kind is Kind.INFANTRY and not 1 <= p.squads <= 3:
        yield f"piece {p.id} has {'more' if p.squads > 3 else 'fewer'} squads than a counter holds"
    elif p.kind is not Kind.INFANTRY and p.squads != 1:
        yield f"piece {p.id} has squads but is not infantry"
    elif not 0 <= p.fired <= (0 if p.kind is Kind.CP else p.squads):
        yield f"piece {p.id} has fired more than it has"
    elif p.fired and s.phase in (Phase.OGRE_ENTRY, Phase.DEFENSE_MOVE):
        yield f"piece {p.id} has fired before the defence's fire"
    else:
        yield from _piece_disabled(s, p)
        yield from _piece_moved(s, p)


def _piece_disabled(s: GameState, p: Piece) -> Iterator[str]:
    if not p.disabled_turn:
        return
    if p.disabled_turn < 0 or not (p.is_armor or (p.kind is Kind.CP and s.options.hardened_cp)):
        yield f"piece {p.id} is disabled but only armor and a hardened CP can be"
    elif p.disabled_turn not in (s.turn, s.turn - 1):
        # C4: disabled this turn, or in the last one and not yet recovered (after the Ogre fires)
        yield f"piece {p.id} has stayed disabled longer than a turn"
    elif s.phase in DEFENSE_PHASES and not s.over and (
            p.disabled_turn != s.turn or p.moved or p.fired or p.hex != p.start):
        yield f"piece {p.id} is disabled but has recovered, moved or fired"


def _piece_moved(s: GameState, p: Piece) -> Iterator[str]:
    if not _standable(s.board, p.start):
        yield f"piece {p.id} would undo to a hex that is not on the map"
        return
    last = _LAST_MOVE.get(s.phase)
    if s.over:
        most = max(defender_allowance(p, Phase.DEFENSE_MOVE, s.options),
                   STATS[p.kind].second_move)
    elif last is None or (last is Phase.GEV_MOVE and p.kind is not Kind.GEV):
        most = 0
    else:
        most = defender_allowance(p, last, s.options)
    if not 0 <= p.base_moved <= p.moved <= most:
        yield f"piece {p.id} has moved further than it can"
    elif distance(p.start, p.hex) > p.moved - p.base_moved:
        yield f"piece {p.id} would undo to a hex further than it has moved"


# ---------------------------------------------------------------- stacking (M3)

def _stacking(s: GameState) -> Iterator[str]:
    if s.over:
        return          # (a ram may end the battle in the middle of the defence's move)
    dogs = WATCHDOGS.get(s.scenario, ())
    if dogs and any(s.at(o.hex) for o in s.ogres if o.id in dogs and o.hex):
        yield "a unit stands under the defense's own Ogre"
        return
    # Armor and the CP begin each phase one a hex and keep that start till the next; only
    # infantry, grouped and split in the defence's move, may share a starting hex.
    starts = Counter(p.start for p in s.pieces if p.kind is not Kind.INFANTRY)
    shared = sorted(h for h, n in starts.items() if n > 1)
    if shared:
        yield f"two pieces began the phase on the hex {label(shared[0])}"
        return
    per_hex = Counter(p.hex for p in s.pieces)
    crowded = sorted(h for h, n in per_hex.items() if n > 1)
    if not crowded:
        return
    if s.phase not in DEFENSE_MOVES:
        yield "two pieces share a hex outside a movement phase"
        return
    movers = {a.piece for a in legal_actions(s) if isinstance(a, (Move, Group))}
    for h in crowded:
        here = s.at(h)
        stuck = [p for p in here if p.id not in movers and not _undo_frees(s, p)]
        if len(stuck) > 1 and not _may_group(stuck):
            yield f"the pieces sharing the hex {label(h)} cannot move apart"
            return


def _undo_frees(s: GameState, p: Piece) -> bool:
    """Would Undo take p elsewhere, or give it back move points to leave with?"""
    most = defender_allowance(p, s.phase, s.options)
    return p.can_undo and (p.start != p.hex or p.base_moved < most)


def _may_group(stuck: list[Piece]) -> bool:
    return (len(stuck) == 2 and all(p.kind is Kind.INFANTRY for p in stuck)
            and sum(p.squads for p in stuck) <= 3)


# ---------------------------------------------------------------- aiming (C5-C7)

def _aim(s: GameState) -> Iterator[str]:
    a = s.aim
    if a is None:
        return
    dogs = WATCHDOGS.get(s.scenario, frozenset())
    if dogs and a.part is not None and not a.attackers:
        firer = s.ogre_unit(a.ogre)
        own = Phase.DEFENSE_FIRE if a.ogre in dogs else Phase.OGRE_FIRE
        if firer is None or s.phase is not own:
            yield "something is aimed outside the Ogre's own fire"
        else:
            yield from _aim_at_ogre(s, a, firer, dogs)
    elif s.phase is Phase.OGRE_FIRE and a.part is None:
        yield from _ogre_aim(s, a)
    elif s.phase is Phase.DEFENSE_FIRE and a.part is not None:
        yield from _defense_aim(s, a)
    elif s.phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE):
        yield "the aim is the other side's"
    else:
        yield "something is aimed outside a fire phase"


def _ogre_aim(s: GameState, a: Aiming) -> Iterator[str]:
    o, target = s.ogre_unit(a.ogre), s.piece(a.target)
    if o is None:
        yield "the aim is of an Ogre the battle does not have"
    elif (target is None or not o.on_map or len(a.weapons) != 4 or not any(a.weapons)
            or any(n < 0 or n > o.available(w) for n, w in zip(a.weapons, WEAPONS))):
        yield "the Ogre aims at a piece that is not there, or with weapons it lacks"
    elif any(n and not ogre_weapon_reaches(o, w, target) for n, w in zip(a.weapons, WEAPONS)):
        yield "the Ogre aims at a piece out of its weapons' range"
    elif a.weapons[3] and target.id in s.ap_hit:
        yield "the Ogre aims antipersonnel twice at one piece in a turn"


def _defense_aim(s: GameState, a: Aiming) -> Iterator[str]:
    o = s.ogre_unit(a.ogre)
    shots = Counter(a.attackers)
    found = [s.piece(pid) for pid in shots]
    attackers = [p for p in found if p is not None]
    if o is None or o.id in WATCHDOGS.get(s.scenario, ()):
        yield "the aim is at an Ogre the battle does not have, or the defense's own"
    elif not attackers or len(attackers) < len(found) or any(p.kind is Kind.CP for p in attackers):
        yield "the defence aims with a piece that is not there"
    elif not isinstance(a.part, Weapon) or not o.on_map or o.intact(a.part) <= 0:
        yield "the defence aims at a part of the Ogre that is gone"
    elif any(p.disabled or p.fired + shots[p.id] > p.squads for p in attackers):
        yield "the defence aims a piece more times than it may fire"
    elif any(distance(p.hex, o.hex) > p.range for p in attackers):
        yield "the defence aims with a piece out of range"
    elif a.part is Weapon.TREADS and len(a.attackers) > 1 and any(
            p.kind is not Kind.INFANTRY for p in attackers):
        yield "the defence combines an attack on the treads"


# ---------------------------------------------------------------- the battle goes on

def _progress(s: GameState) -> Iterator[str]:
    if s.over:
        return
    if victory_level(s):
        yield "the battle should already be over"
    elif s.phase is Phase.OGRE_ENTRY and not any(p.kind is Kind.CP for p in s.pieces):
        yield "the battle has no Command Post for the Ogre to attack"
    elif s.phase is Phase.OGRE_ENTRY and all(h in s.board.craters or s.at(h) for h in BOTTOM_ROW):
        yield "the Ogre has no hex of the bottom row to enter on"
    elif s.phase is Phase.OGRE_ENTRY and s.scenario in WATCHDOGS and not any(
            not o.hex and not o.exited for o in s.ogres if o.id not in WATCHDOGS[s.scenario]):
        yield "it is the Ogre's entry but no attacking Ogre waits to enter"
    elif s.phase not in OGRE_PHASES and not _can_go_on(s):
        yield "no action is possible and the phase cannot end"


def _can_go_on(s: GameState) -> bool:
    """Some legal action is left. Without a stack the defence may always end its move, or has
    armor under the Ogre to move off (must_leave names only armor that can), so only a
    stacked position needs the actions listed."""
    if s.phase not in DEFENSE_MOVES or not s.crowded_hex():
        return True
    return bool(legal_actions(s))


# ---------------------------------------------------------------- the Duel (9.04)

def _to_enter(s: GameState, o: Ogre) -> bool:
    """In a Duel's first turn an Ogre enters at its own turn: later ones are still to come."""
    return (s.scenario in DUELS and s.turn == 1 and not o.exited
            and (o.id < s.duellist or (o.id == s.duellist and s.phase is Phase.OGRE_ENTRY)))


def _duel(s: GameState) -> Iterator[str]:
    if s.pieces:
        yield "a Duel has pieces besides its Ogres"
    elif s.phase not in OGRE_PHASES and not s.over:
        yield "a Duel is in a phase of the defense"
    elif not s.over and not in_the_fight(s.known_ogre(s.duellist)):
        yield "the Ogre whose turn it is has left the fight"
    elif s.phase is Phase.OGRE_ENTRY and s.turn != 1:
        yield "an Ogre of a Duel enters after the first turn"
    elif s.phase is Phase.OGRE_ENTRY and s.known_ogre(s.duellist).hex:
        yield "the Ogre to enter is on the map already"
    elif s.aim is not None:
        yield from _duel_aim(s, s.aim)
    if not s.over and victory_level(s):
        yield "the battle should already be over"


def _duel_aim(s: GameState, a: Aiming) -> Iterator[str]:
    o = s.known_ogre(s.duellist)
    if s.phase is not Phase.OGRE_FIRE or a.ogre != o.id or a.attackers:
        yield "something is aimed outside the Ogre's own fire"
    else:
        yield from _aim_at_ogre(s, a, o, frozenset())


def _aim_at_ogre(s: GameState, a: Aiming, o: Ogre, dogs: frozenset[int]) -> Iterator[str]:
    """An Ogre's aim at an enemy Ogre's part (the Duel's, the defense's Ogre's and at it)."""
    target = s.ogre_unit(a.target)
    if (target is None or target is o or not target.on_map or not isinstance(a.part, Weapon)
          or target.intact(a.part) <= 0 or (dogs and (o.id in dogs) == (target.id in dogs))):
        yield "the Ogre aims at a part of an Ogre that is not there"
    elif (len(a.weapons) != 4 or not any(a.weapons) or a.weapons[3]
          or any(n < 0 or n > o.available(w) for n, w in zip(a.weapons, WEAPONS))):
        yield "the Ogre aims with weapons it lacks"
    elif any(n and not reaches(o, i, target) for i, n in enumerate(a.weapons)):
        yield "the Ogre aims at an Ogre out of its weapons' range"
    elif a.part is Weapon.TREADS and sum(a.weapons) > 1:
        yield "the Ogre combines an attack on the treads"


def _sheet(s: GameState) -> Iterator[str]:
    """8.03, 8.04: the mines lie on the map, found ones among them, and the units under
    markers are units of the defense that have done nothing yet."""
    sheet = s.secrets
    if not isinstance(sheet, Secrets):
        yield "the battle's mines and markers are not a sheet"
        return
    if sheet is NO_SECRETS:
        return
    if not offered(s.scenario):
        yield "this battle is not played with mines or camouflage"
        return
    problem = mines_problem(s.board.craters, sheet.mines)
    if problem:
        yield f"the battle's mines are impossible: {problem}"
    elif not sheet.found <= sheet.mines:
        yield "a mine was found where none lies"
    elif (sheet.mines or sheet.unfound) and not s.options.mines:
        yield "the battle has mines but is not played with them"
    elif sheet.camouflaged and not s.options.camouflage:
        yield "the battle has markers but is not played with camouflage"
    for pid in sorted(sheet.camouflaged):
        p = s.piece(pid)
        if p is None or p.kind is Kind.CP or p.hex <= 0:
            yield f"the marker {pid} is not a unit of the defense"
            return
        if p.moved or p.fired or p.disabled or p.start != p.hex:
            yield f"the unit under marker {pid} has already moved, fired or been hit"
            return
    markers = sum(p.kind is MARKER for p in s.pieces)
    if any(p.kind is MARKER and p.id not in sheet.camouflaged for p in s.pieces):
        yield "a marker stands where no unit is camouflaged"
    elif markers and len(sheet.markers) != markers:
        yield "the markers are not as many as the units the sheet says lie under them"


_STAGES = (_numbers, _ogre, _pieces, _stacking, _aim, _progress, _sheet)
_DUEL_STAGES = (_numbers, _ogre, _duel)
_ASSAULT_STAGES = (_numbers, _ogre, assault_findings)
