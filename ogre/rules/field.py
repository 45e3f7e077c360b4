"""A field: terrain plus the defenders' deployment, and its checks before a battle (E8, E9).

`validate` returns every finding at once; fatal ones (no Command Post, no way to
reach it) refuse the battle, the rest ask "Play this game anyway?".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .assault import FIRST_ID
from .board import Board, behind_crater_line, in_clear_area
from .camouflage import camouflaged_at_start
from .dice import seed_state
from .hexes import BOTTOM_ROW
from .movement import reaches_command_post
from .options import NO_OPTIONS, Options
from .scenarios import SCENARIOS, Allowance, Scenario, for_mark
from .secrets import NO_SECRETS, Secrets
from .state import GameState, Ogre, Phase, Piece
from .units import MARKS, STATS, Kind, attack_points, ogre_id
from .views import offered

NOT_OFFICIAL = "Field does not conform to official Ogre rules."
ANYWAY = "Play this game anyway?"


@dataclass(frozen=True, slots=True)
class Placement:
    kind: Kind
    hex: int
    squads: int = 1


@dataclass(frozen=True)
class Field:
    board: Board
    placements: tuple[Placement, ...] = ()
    name: str = ""
    ogres: tuple[int, ...] = ()     # the hexes of the defense's own Ogres (9.01), in id order
    mines: tuple[int, ...] = ()     # the hexes of the defense's mines (8.03), laid secretly

    def at(self, h: int) -> Placement | None:
        for p in self.placements:
            if p.hex == h:
                return p
        return None


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    message: str
    fatal: bool = False


def armor_units(field: Field) -> int:
    return sum(STATS[p.kind].armor_cost for p in field.placements)


def infantry_squads(field: Field) -> int:
    return sum(p.squads for p in field.placements if p.kind is Kind.INFANTRY)


def forward_attack_points(field: Field) -> int:
    """E6: attack points in front of (south of) the crater line."""
    return sum(attack_points(p.kind, p.squads) for p in field.placements
               if not behind_crater_line(p.hex))


def ogre_entries(field: Field) -> list[int]:
    """T2: the bottom-row hexes the Ogre may enter on, neither a crater nor a defender's."""
    taken = {p.hex for p in field.placements} | set(field.ogres)
    return sorted(h for h in BOTTOM_ROW if h not in field.board.craters and h not in taken)


def validate(field: Field, battle: int | Scenario, standard: Board) -> list[Finding]:
    """Every way this field departs from the standard deployment of a battle (E8, E9): a
    scenario, or the 1986 one of a Mark (3 or 5)."""
    battle = for_mark(battle) if isinstance(battle, int) else battle
    units = not battle.duel              # 9.04: Ogres only, on the field's terrain
    found = _fatal(field) if units else []

    def warn(code: str, text: str) -> None:
        found.append(Finding(code, f"{NOT_OFFICIAL} {text} {ANYWAY}"))

    if units:
        _check_allowance(field, battle.allowance, warn)
    if field.board.craters != standard.craters or field.board.rubble != standard.rubble:
        warn("terrain", "The craters or rubble have been changed.")
    if units and any(in_clear_area(p.hex) for p in field.placements):
        warn("clear_area", "There are pieces in the clear area of the map.")
    if battle.watchdogs:
        _check_watchdogs(field, battle, warn)
    return found


def _check_allowance(field: Field, allowed: Allowance, warn: Callable[[str, str], None]) -> None:
    if infantry_squads(field) > allowed.infantry_squads:
        warn("infantry", "There are too many infantry on the map.")
    if armor_units(field) > allowed.armor_units:
        warn("armor", "There are too many armor units on the map.")
    if forward_attack_points(field) > allowed.forward_points:
        warn("forward", "Too many pieces are below the crater line.")


def _fatal(field: Field) -> list[Finding]:
    """What refuses the battle: no Command Post, no hex to enter by, no way to the CP."""
    cps = [p for p in field.placements if p.kind is Kind.CP]
    if not cps:
        return [Finding("no_cp", "Please add a Command Post to start the game.", True)]
    entries = ogre_entries(field)
    if not entries:
        return [Finding("no_entry", "There is no hex where the Ogre can enter! "
                                    "Please clear a hex of the bottom row.", True)]
    if not reaches_command_post(field.board, cps[0].hex, entries):
        return [Finding("no_way", "There is no way to reach the Command Post! "
                                  "Please remove some craters.", True)]
    return []


def _check_watchdogs(field: Field, battle: Scenario, warn: Callable[[str, str], None]) -> None:
    """9.01, 9.03: the defense's own Ogre stands in the obstructed area; one left off the
    field is placed in front of the Command Post, as the computer deploys it."""
    name = MARKS[battle.watchdogs[0]].name
    if len(field.ogres) < len(battle.watchdogs):
        warn("no_watchdog", f"The defense's {name} is not on the map: the computer deploys "
                            "the defense for this battle, with its Ogre in front of the Command "
                            "Post.")
    elif any(in_clear_area(h) for h in field.ogres):
        warn("watchdog_clear", f"The defense's {name} is in the clear area of the map.")


def new_game(field: Field, mark: int, seed: int, scenario: str | None = None,
             options: Options = NO_OPTIONS) -> GameState:
    """A battle on this field: the defenders deployed, a fresh Ogre waiting to enter (T2); in
    the 1986 scenario of the Ogre's Mark unless another is named (G1: a kept Ogre's Mark),
    played with these optional rules (X15)."""
    key = scenario or for_mark(mark).key
    battle = SCENARIOS[key]
    if options.hidden and not offered(key):        # a Duel and 9.03 have no defense to hide
        options = replace(options, mines=0, camouflage=False)
    placed = () if battle.duel else field.placements    # 9.04: no units but Ogres
    pieces = tuple(Piece(i + 1, p.kind, p.hex, p.squads, start=p.hex)
                   for i, p in enumerate(placed))
    marks = battle.marks
    if len(marks) == 1 and not battle.watchdogs:
        marks = (mark,)                    # a kept Ogre keeps its own Mark
    ogres = tuple(Ogre.fresh(m, id=ogre_id(n)) for n, m in enumerate(marks, 1))
    if battle.watchdogs:              # the defense's Ogres stand where the field has them
        if len(field.ogres) != len(battle.watchdogs):
            raise ValueError(f"{battle.title} needs the defense's Ogre placed on its field")
        placed_at = dict(zip(sorted(battle.watchdog_ids, reverse=True), field.ogres))
        ogres = tuple(replace(o, hex=placed_at.get(o.id, 0), undo_hex=placed_at.get(o.id, 0))
                      for o in ogres)
    if battle.force:
        return _assault(field, battle, pieces, ogres, seed, options)
    return GameState(board=field.board, scenario=key, pieces=pieces, ogres=ogres,
                     phase=Phase.OGRE_ENTRY, rng=seed_state(seed), next_id=len(pieces) + 1,
                     options=options, secrets=sheet_at_start(field, pieces, key, options))


def sheet_at_start(field: Field, pieces: tuple[Piece, ...], scenario: str,
                   options: Options) -> Secrets:
    """The defender's sheet as the battle starts (8.03, 8.04): the field's mines where mines
    are played, every unit but the CP under a marker where camouflage is."""
    if not options.hidden or not offered(scenario):
        return NO_SECRETS
    mines = frozenset(field.mines) if options.mines else frozenset()
    hidden = camouflaged_at_start(pieces) if options.camouflage else frozenset()
    sheet = Secrets(mines=mines, camouflaged=hidden)
    return sheet if sheet.lying else NO_SECRETS


def attacking_force(battle: Scenario) -> tuple[Piece, ...]:
    """9.03's attacking units, waiting off the map (hex 0) to enter: ids from FIRST_ID, and
    infantry in units of three squads and the rest."""
    units: list[tuple[Kind, int]] = []
    for kind, n in battle.force:
        if kind is Kind.INFANTRY:
            units += [(kind, 3)] * (n // 3) + ([(kind, n % 3)] if n % 3 else [])
        else:
            units += [(kind, 1)] * n
    return tuple(Piece(FIRST_ID + i, kind, 0, squads) for i, (kind, squads) in enumerate(units))


def _assault(field: Field, battle: Scenario, pieces: tuple[Piece, ...], ogres: tuple[Ogre, ...],
             seed: int, options: Options) -> GameState:
    """Ogre Defending: the force attacks first, entering as it moves (rules.assault); next_id
    stays above both sides' counts, since each side's new squads take their ids from it."""
    force = attacking_force(battle)
    return GameState(board=field.board, scenario=battle.key, pieces=pieces + force,
                     ogres=ogres, phase=Phase.OGRE_MOVE, rng=seed_state(seed),
                     next_id=max(len(pieces), len(force)) + 1, options=options)
