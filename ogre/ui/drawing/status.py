"""What the battle screen says about the battle at this moment, in words true for the moment.

The rules keep a side's moved and fired counts until a later phase clears them (the Ogre's
fire until its move phase ends, a defender's until the Ogre's fire phase ends), which is right
for the rules and the saves but not for the player's eye: here the counts are shown only while
they belong to the turn being played. The result log names a defender with its hex, and while
the computer plays its side the sidebar says what it is doing instead of inviting the player.
"""

from __future__ import annotations

import re

from ogre.rules.actions import Action, Aim, AimAt, Clear, OgreAim
from ogre.rules.command_post import name_of
from ogre.rules.duel import EDGE_NAMES, in_the_fight
from ogre.rules.duel import entry_edge as duel_entry_edge
from ogre.rules.game import Event, Verdict, aim_attack
from ogre.rules.hexes import BOTTOM_ROW
from ogre.rules.scenarios import ASSAULTS, DUELS, duellist_name
from ogre.rules.sides import acting_side, side_of
from ogre.rules.state import FIRE_PHASES, OGRE_PHASES, GameState, Ogre, Phase, Piece
from ogre.rules.units import OGRE_ID, STATS, WEAPON_STATS, WEAPONS, Kind, Weapon, is_ogre_id
from ogre.ui.drawing import assault_words

# The Ogre's fire counts belong to its turn from its fire phase on; in its move phase they are
# last turn's, and its weapons are ready again.
_OGRE_FIRE_SHOWN = frozenset(set(Phase) - {Phase.OGRE_ENTRY, Phase.OGRE_MOVE})
# A defender's moved and fired marks belong to the defence's turn (GEV Movement included).
_DEFENSE_TURN = frozenset({Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE})


def ogre_fired(state: GameState, o: Ogre) -> tuple[int, int, int, int]:
    """Ogre o's weapons fired this turn, as the sidebar shows them."""
    return o.fired if state.phase in _OGRE_FIRE_SHOWN else (0, 0, 0, 0)


def marks_shown(state: GameState, pid: int) -> bool:
    """Are a piece's moved and fired marks shown now? Only during its own side's turn (the
    defense's, but for Ogre Defending's attacking units)."""
    if state.scenario in ASSAULTS:
        return acting_side(state) == side_of(state, pid)
    return state.phase in _DEFENSE_TURN


def named(p: Piece) -> str:
    """A defender as the log names it: 'Infantry (3) at 0809'."""
    return f"{p.name} at {p.hex:04d}"


# A count of Ogre parts in the singular or plural ("1 Missile", "2 Secondary Batteries"); the
# rules' texts use the part's name whatever the count ("1 Missiles"), and the golden
# transcripts hold them, so the words are mended here.
_COUNTED = {
    WEAPON_STATS[Weapon.MISSILE].name: ("Missile", "Missiles"),
    WEAPON_STATS[Weapon.MAIN].name: ("Main Battery", "Main Batteries"),
    WEAPON_STATS[Weapon.SECONDARY].name: ("Secondary Battery", "Secondary Batteries"),
    WEAPON_STATS[Weapon.AP].name: ("Antipersonnel", "Antipersonnel"),
    "treads": ("tread", "treads"),
}
_PARTS = "|".join(re.escape(w) for w in _COUNTED)
_COUNT = re.compile(rf"\b(\d+) ({_PARTS})\b")
_ONE_LOST = re.compile(rf"hit: ({_PARTS}) destroyed")      # C7: a hit destroys one of them


def counted(n: int, part: str) -> str:
    """'1 Missile', '2 Main Batteries': a count of the Ogre part `part` (its WEAPON_STATS name)."""
    one, many = _COUNTED[part]
    return f"{n} {one if n == 1 else many}"


def weapons_words(counts: tuple[int, ...]) -> str:
    """Ogre weapons per WEAPONS slot: '1 Missile, 2 Main Batteries'."""
    return ", ".join(counted(n, WEAPON_STATS[w].name) for w, n in zip(WEAPONS, counts) if n)


# the defender names the rules' event texts use (Piece.name)
_DEFENDER_NAME = re.compile("|".join([r"Infantry \(\d+\)"] + [
    re.escape(st.name) for k, st in STATS.items() if k is not Kind.INFANTRY]))


def log_line(e: Event) -> str:
    """An event's text for the result log: counts in the singular or plural, and the defender
    it names with its hex (the rules' texts name the unit only)."""
    text = _COUNT.sub(lambda m: counted(int(m[1]), m[2]), e.text)
    text = _ONE_LOST.sub(lambda m: f"hit: {counted(1, m[1])} destroyed", text)
    m = _DEFENDER_NAME.search(text) if not is_ogre_id(e.piece) and e.hex else None
    if m is None:
        return text
    return f"{text[:m.end()]} at {e.hex:04d}{text[m.end():]}"


AIMS = (OgreAim, Aim, AimAt)       # every aim: an Ogre's weapons, a unit at an Ogre or a unit


def aim_lines(state: GameState) -> list[str]:
    """C5, C7: what is aimed, for the Tactical Display once the attack dialog has closed."""
    aim = state.aim
    if aim is None:
        return []
    if aim.part is None:
        target = state.known(aim.target)            # an aim's target stands until it fires
        if aim.attackers:                           # units at a unit (9.03)
            return [f"Aimed at: {named(target)}", f"Attack strength {aim_attack(state, aim)}"]
        return [f"Aimed at: {named(target)}", f"With: {weapons_words(aim.weapons)}"]
    return [f"Aimed at: {WEAPON_STATS[aim.part].name}", f"Attack strength {aim_attack(state, aim)}"]


def dice_words(e: Event) -> str:
    """' (die 4, 2-1)': the roll behind a result, as the result window adds it."""
    if e.die and e.odds:
        return f" (die {e.die}, {e.odds})"
    return f" (die {e.die})" if e.die else ""


def aim_words(state: GameState, action: OgreAim | Aim | AimAt) -> str:
    """G2: an aim as the result window says it, on the state it was aimed in."""
    if isinstance(action, OgreAim) and action.part is not None:     # at an Ogre's part (9.01)
        firer, enemy = state.ogre_unit(action.ogre), state.ogre_unit(action.target)
        who = firer.name if firer is not None else "Ogre"
        whom = enemy.name if enemy is not None else "the Ogre"
        return (f"{who} aims {weapons_words(action.weapons)} at {whom}'s "
                f"{WEAPON_STATS[action.part].name}")
    if isinstance(action, OgreAim):
        target = state.known(action.target)
        return f"Ogre aims {weapons_words(action.weapons)} at {named(target)}"
    if isinstance(action, AimAt):                   # a unit at a unit (9.03)
        return f"{named(state.known(action.piece))} aims at {named(state.known(action.target))}"
    return f"{named(state.known(action.piece))} aims at {WEAPON_STATS[action.part].name}"


def action_lines(before: GameState, action: Action, events: tuple[Event, ...]) -> list[str]:
    """X3: an action and what came of it in words, as the live panel says them (a replay's
    step: never its notation). `before` is the state it was played on."""
    if isinstance(action, AIMS):
        return [aim_words(before, action)]
    if isinstance(action, Clear):
        return ["Aim cleared"]
    lines = []
    for e in events:
        if e.kind == "phase":
            lines.append(f"-- {e.text} --")
        elif e.kind == "move" and not is_ogre_id(e.piece):     # whence and whither, by hex
            lines.append(f"{named(before.known(e.piece))} moves to {e.hex:04d}")
        else:
            lines.append(log_line(e) + dice_words(e))
    return lines


_COMPUTER_DOING = {
    Phase.OGRE_ENTRY: "The computer Ogre is choosing where to enter.",
    Phase.OGRE_MOVE: "The computer Ogre is moving.",
    Phase.OGRE_FIRE: "The computer Ogre is firing.",
    Phase.DEFENSE_MOVE: "The computer's defenders are moving.",
    Phase.DEFENSE_FIRE: "The computer's defenders are firing.",
    Phase.GEV_MOVE: "The computer's GEVs are moving again.",
}
COMPUTER_TURN = "The computer's turn"
HURRY = "A click or a key hurries it."


def computer_doing(state: GameState, who: str = "computer") -> str:
    """G2: what the computer (or the other player over the network, X10) is doing, said in
    place of the player's prompts."""
    doing = (assault_words.COMPUTER_DOING if state.scenario in ASSAULTS else _COMPUTER_DOING)
    return doing.get(state.phase, "").replace("computer", who)


def reminder_words(state: GameState) -> str:
    """T3: the Reminder on Done, in the words of the side ending its phase."""
    if state.scenario in ASSAULTS:
        return assault_words.reminder(state)
    ogre = state.phase in OGRE_PHASES
    if state.aim is not None:
        what = "weapons" if ogre else "units"
        return f"The aimed {what} have not fired. End this phase without firing them?"
    if state.phase is Phase.OGRE_MOVE:
        return "The Ogre has not moved. End this phase anyway?"
    if state.phase is Phase.OGRE_FIRE:
        return "Not every weapon that can fire has fired. End this phase anyway?"
    words = "fired" if state.phase is Phase.DEFENSE_FIRE else "moved"
    return f"Not every piece has {words}. End this phase anyway?"


ONTO_MARKER = "Onto a Marker"        # 8.04: a ram or an overrun, the Ogre's player cannot tell


def confirm_words(state: GameState, verdict: Verdict) -> tuple[str, str]:
    """The title and question before a ram, an overrun or leaving the map."""
    if verdict.kind in ("ram", "overrun") and verdict.target in state.secrets.camouflaged:
        return ONTO_MARKER, ("Move the Ogre onto the marker? What it is shows as the Ogre "
                             "reaches it, and a ram or an overrun cannot be undone.")
    if verdict.kind == "ram":
        target = state.known(verdict.target)         # check names whom the Ogre runs into
        return "Ram", f"Ram the {name_of(target, state.options)}? A ram cannot be undone."
    if verdict.kind == "overrun":
        target = state.known(verdict.target)
        return "Overrun", f"Overrun the {target.name}? An overrun cannot be undone."
    if verdict.kind == "ram_ogre":
        return "Ram the Ogre", "Ram the Ogre? The ramming unit is destroyed and cannot be undone."
    leaving = state.piece(verdict.target) if verdict.kind == "exit" else None
    if leaving is not None:                          # 9.03: an attacking unit escapes
        return assault_words.leaving(leaving)
    return "Leave the Map", "Should the Ogre leave the map? The battle will then be scored."


def victory_words(s: GameState) -> str:
    """The battle-over dialog's second line: the Command Post, the Ogre, the defenders left."""
    if s.scenario in ASSAULTS:
        return assault_words.end_words(s)
    if s.scenario in DUELS:
        return " ".join(_duellist_fate(o) for o in s.ogres)
    cp = "The Command Post stands." if s.command_post else "The Command Post is destroyed."
    ogres = " ".join(_fate(o, s) for o in s.ogres)
    return (f"{cp} {ogres} Defenders left: {len(s.pieces)} "
            f"({s.surviving_attack_points()} attack points).")


def _duellist_fate(o: Ogre) -> str:
    """A duelling Ogre's end (9.04): gone, out of the fight, or holding on."""
    who = duellist_name(o.id)
    if o.exited:
        return f"{who} left the map."
    if o.destroyed:
        return f"{who} is destroyed."
    if not in_the_fight(o):
        return f"{who} can fight no more."
    return f"{who} is still in the field."


def _fate(o: Ogre, s: GameState) -> str:
    """An Ogre's end: 'The Ogre', or among several 'Ogre 2', with whose it is when it defends."""
    who = "The Ogre" if o.id == OGRE_ID else o.name
    if side_of(s, o.id) == "defense" and len(s.ogres) > 1:
        who += " (the defense's)"
    if o.exited:
        return f"{who} escaped off the map."
    if o.destroyed:
        return f"{who} is destroyed."
    return f"{who} is still in the field."


# S2: the Range umbrella explained where it shows (the 1986 manual's Range disregards rubble)
RANGE_SHOWN = ("Range: green, the hexes within its move; blue, those it could fire on from "
               "there. Pieces inside are ringed in yellow.")
RANGE_RUBBLE = ("Range disregards rubble, as in 1986: a green hex behind rubble may still be "
                "out of reach (NO CLEAR PATH).")


def range_words(armor: bool) -> list[str]:
    """The Tactical Display's lines while Range shows; the rubble line for armor, which
    rubble stops (the Ogre and infantry cross it)."""
    return [RANGE_SHOWN, RANGE_RUBBLE] if armor else [RANGE_SHOWN]


def under_ogre_words(o: Ogre, pieces: tuple[Piece, ...] | list[Piece]) -> list[str]:
    """M7, M8: what sharing Ogre o's hex means for the pieces listed under it."""
    lines = []
    if any(p.kind is Kind.INFANTRY for p in pieces):
        lines.append("Infantry here loses a squad as the Ogre's next move begins."
                     if o.weapons[3] else
                     "Infantry here is safe: the Ogre has no antipersonnel left.")
    if any(p.disabled for p in pieces):
        lines.append("Disabled by a ram: a second ram destroys it.")
    return lines


def entry_edge(s: GameState) -> frozenset[int]:
    """The hexes the Ogre entering now comes on by (T2): the bottom row, or in a Duel the
    entering Ogre's own edge (9.04)."""
    return duel_entry_edge(s.duellist) if s.scenario in DUELS else BOTTOM_ROW


def phase_hint(s: GameState) -> str:
    """What the player does now, for an empty Tactical Display."""
    if s.phase is Phase.OGRE_ENTRY and s.scenario in DUELS:
        return (f"Click a lit hex on the {EDGE_NAMES[OGRE_ID - s.duellist]} to bring "
                f"{duellist_name(s.duellist)} on.")
    if s.phase is Phase.OGRE_ENTRY:
        return "Click a lit hex on the bottom row to bring the Ogre on."
    if s.over:
        return s.result
    if s.scenario in ASSAULTS:
        return assault_words.hint(s)
    return {
        Phase.OGRE_MOVE: "Drag the Ogre to move. Onto a unit: ram or overrun.",
        Phase.OGRE_FIRE: "Drag from the Ogre to a target to aim, then Fire.",
        Phase.DEFENSE_MOVE: "Drag pieces to move them.",
        Phase.DEFENSE_FIRE: "Drag from a unit to the Ogre to aim, then Fire.",
        Phase.GEV_MOVE: "GEVs may move again.",
    }.get(s.phase, "")


def side_has_acted(state: GameState) -> bool:
    """Has the side acted in this phase? Then the phase is not empty: the player ends it."""
    if state.scenario in ASSAULTS:
        return assault_words.has_acted(state)
    if state.phase in OGRE_PHASES:
        moving = state.phase is Phase.OGRE_MOVE
        return any(o.moved > 0 if moving else any(o.fired) for o in state.ogres)
    if state.phase in FIRE_PHASES:
        return any(p.fired for p in state.pieces)
    return any(p.moved for p in state.pieces)
