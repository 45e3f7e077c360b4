"""Ogre Defending's words on the battle screen (9.03): what the attacker and the defense do in
each phase, what waits to enter and what escaped, the questions before a unit leaves the map
or a phase ends, and the end of the battle."""

from __future__ import annotations

from collections.abc import Iterable

from ogre.rules.assault import ESCAPED, acting_attacker, attacking, watchdog
from ogre.rules.state import GameState, Phase, Piece
from ogre.rules.units import INFANTRY, STATS, Kind

HINTS = {
    Phase.OGRE_MOVE: "Click the bottom row to bring units on; drag units to move. Off the "
                     "bottom edge they escape.",
    Phase.OGRE_FIRE: "Drag from a unit to a target to aim, then Fire.",
    Phase.ATTACK_GEV_MOVE: "GEVs may move again.",
    Phase.DEFENSE_MOVE: "Drag the Ogre and your units to move. The Ogre rams and overruns.",
    Phase.DEFENSE_FIRE: "Drag from the Ogre or a unit to a target to aim, then Fire.",
    Phase.GEV_MOVE: "GEVs may move again.",
}


# G2: what the computer (or the other player over the network) is doing in each phase
COMPUTER_DOING = {
    Phase.OGRE_MOVE: "The computer's attacking units are moving.",
    Phase.OGRE_FIRE: "The computer's attacking units are firing.",
    Phase.ATTACK_GEV_MOVE: "The computer's attacking GEVs are moving again.",
    Phase.DEFENSE_MOVE: "The computer's Ogre and defenders are moving.",
    Phase.DEFENSE_FIRE: "The computer's Ogre and defenders are firing.",
    Phase.GEV_MOVE: "The computer's GEVs are moving again.",
}


def hint(s: GameState) -> str:
    """The phase's hint, and the force off the map: waiting, escaped."""
    off = force_words(s)
    return HINTS.get(s.phase, "") + (f" {off}" if off else "")


def force_words(s: GameState) -> str:
    """'Waiting to enter: 3 Heavy Tanks, 6 GEVs, 20 squads. Escaped: 2 units.'"""
    waiting = [p for p in s.pieces if attacking(p.id) and p.hex == 0]
    escaped = sum(1 for p in s.pieces if p.hex == ESCAPED)
    out = []
    if waiting:
        out.append(f"Waiting to enter: {units_words(waiting)}.")
    if escaped:
        out.append(f"Escaped: {escaped} unit{'s' if escaped > 1 else ''}.")
    return " ".join(out)


def units_words(pieces: list[Piece]) -> str:
    """'3 Heavy Tanks, 6 GEVs, 20 squads' (infantry counted in squads)."""
    return kinds_words((p.kind, p.squads if p.kind is INFANTRY else 1) for p in pieces)


def kinds_words(counted: Iterable[tuple[Kind, int]]) -> str:
    """(kind, count) pairs in words, infantry counted in squads: '3 Heavy Tanks, 20 squads'."""
    counts: dict[str, int] = {}
    for kind, n in counted:
        name = "squad" if kind is INFANTRY else STATS[kind].name
        counts[name] = counts.get(name, 0) + n
    return ", ".join(f"{n} {name}{'s' if n > 1 else ''}" for name, n in counts.items())


def reminder(s: GameState) -> str:
    """T3's Reminder on Done, for either side of Ogre Defending."""
    if s.aim is not None:
        return "The aimed units have not fired. End this phase without firing them?"
    if s.phase is Phase.DEFENSE_MOVE and watchdog(s).moved == 0 and watchdog(s).on_map:
        return "The Ogre has not moved. End this phase anyway?"
    fire = s.phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE)
    return f"Not every piece has {'fired' if fire else 'moved'}. End this phase anyway?"


def leaving(p: Piece) -> tuple[str, str]:
    """The question before an attacking unit leaves the map."""
    return ("Leave the Map", f"Should the {p.name} leave the map? It escapes, and cannot come "
            "back.")


def end_words(s: GameState) -> str:
    """The battle-over dialog's second line: the Command Post, the Ogre, each side's units."""
    cp = "The Command Post stands." if s.command_post else "The Command Post is destroyed."
    dog = watchdog(s)
    ogre = "The Ogre is destroyed." if dog.destroyed else "The Ogre survives."
    force = [p for p in s.pieces if attacking(p.id)]
    escaped = sum(1 for p in force if p.hex == ESCAPED)
    left = len(force) - escaped
    guards = len(s.pieces) - len(force)
    return (f"{cp} {ogre} Attackers: {left} on the map, {escaped} escaped. "
            f"Defenders left: {guards}.")


def has_acted(s: GameState) -> bool:
    """Has the side acted in this phase (T4: an empty phase passes only if not)?"""
    attack = acting_attacker(s)
    fire = s.phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE)
    if any(p.fired if fire else p.moved for p in s.pieces if attacking(p.id) == attack):
        return True
    dog = watchdog(s)
    return not attack and (any(dog.fired) if fire else dog.moved > 0)
