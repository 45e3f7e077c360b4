"""An Ogre moving onto enemy units: its ram of armor and the Command Post (M7, 5.03.1, 5.03.3)
and its overrun of infantry (M8, 5.04). The 1986 Ogre does it to defenders; in Ogre Defending
(9.03) the defense's Ogre does it to the attacking force.
"""

from __future__ import annotations

from .command_post import name_of, ram_tread_cost, rammed_in_place
from .dice import roll
from .events import Event
from .fire import lose_squad
from .state import GameState, Ogre, Piece, evolve, evolve_ogre, evolve_piece


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
