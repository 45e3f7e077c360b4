"""An Ogre and enemy units meeting: its ram of armor and the Command Post (M7, 5.03.1, 5.03.3),
its overrun of infantry (M8, 5.04), and armor ramming it (5.03.6). The 1986 Ogre and defenders
meet so; in Ogre Defending (9.03) the defense's Ogre and the attacking force do.
"""

from __future__ import annotations

from .command_post import name_of, ram_tread_cost, rammed_in_place
from .dice import roll
from .errors import RuleError
from .events import Event, Verdict, shared_verdict
from .fire import lose_squad
from .state import GameState, Ogre, Piece, evolve, evolve_ogre, evolve_piece
from .units import INFANTRY

HEAVY_RAM_COST = 2          # M7: the most a ram costs in treads


def check_contact(s: GameState, o: Ogre, under: list[Piece] | tuple[Piece, ...],
                  cost: int) -> Verdict:
    """An Ogre moving onto enemy units: a ram for armor and the CP (M7), an overrun for
    infantry (M8); or the 1986 refusal."""
    armor = [p for p in under if p.kind is not INFANTRY]
    # 8.04: onto a marker the refusals are those of the worst it could be, a heavy tank
    marked = bool(s.secrets.camouflaged) and any(p.id in s.secrets.camouflaged for p in under)
    if not armor:
        if marked and (o.rams >= 2 or o.treads < HEAVY_RAM_COST):
            raise RuleError("two_rams" if o.rams >= 2 else "ram_treads")
        return shared_verdict("overrun", cost, under[0].id, True)
    victim = armor[0]
    if o.rams >= 2:
        raise RuleError("two_rams")
    if max(ram_tread_cost(victim, s.options), HEAVY_RAM_COST if marked else 0) > o.treads:
        raise RuleError("ram_treads")
    return shared_verdict("ram", cost, victim.id, True)


def armor_rams(s: GameState, p: Piece, o: Ogre, ev: list[Event]) -> GameState:
    """M7, 5.03.6: a sacrificial ram: the armor unit is destroyed, the Ogre loses a tread (if
    any left)."""
    lost = min(1, o.treads)
    o = evolve_ogre(o, treads=o.treads - lost)
    ev.append(Event("ram_ogre", f"{p.name} rams the {o.name}: destroyed, {o.name} loses "
                    f"{lost} tread" + ("" if lost == 1 else "s"), p.id, o.hex,
                    result="destroyed", treads_lost=lost))
    return s.replace_piece(None, p.id, ogre=o)


def overrun(s: GameState, o: Ogre, p: Piece, ev: list[Event]) -> GameState:
    """M8: infantry under the Ogre loses a squad if the Ogre has antipersonnel left."""
    if not o.weapons[3]:
        ev.append(Event("overrun", f"{o.name} overruns {p.name}: no antipersonnel, "
                        "no effect", p.id, p.hex, result="no effect"))
        return s
    ev.append(Event("overrun", f"{o.name} overruns {p.name}: reduced", p.id, p.hex,
                    result="reduced"))
    return lose_squad(s, p)


def ram_unit(s: GameState, o: Ogre, p: Piece, ev: list[Event]) -> GameState:
    """M7: immobile armor and the CP are destroyed; mobile armor 1-3 disabled, 4-6 destroyed
    (a hardened CP too, command_post)."""
    options = s.options
    lost = ram_tread_cost(p, options)
    o = evolve_ogre(o, treads=o.treads - lost, rams=o.rams + 1)
    s = evolve(s, ogre=o)
    rams = f"{o.name} rams {name_of(p, options)}"
    if rammed_in_place(p, options):
        ev.append(Event("ram", f"{rams}: destroyed", p.id, p.hex,
                        result="destroyed", treads_lost=lost))
        return s.replace_piece(None, p.id)
    die, rng = roll(s.rng)
    s = evolve(s, rng=rng)
    if die <= 3:
        ev.append(Event("ram", f"{rams}: disabled", p.id, p.hex, die=die,
                        result="disabled", treads_lost=lost))
        return s.replace_piece(evolve_piece(p, disabled_turn=s.turn), p.id)
    ev.append(Event("ram", f"{rams}: destroyed", p.id, p.hex, die=die,
                    result="destroyed", treads_lost=lost))
    return s.replace_piece(None, p.id)
