"""The rules at hand (X7): the pages of the Rules window, as words and tables.

The numbers come from the rules core (units, Marks, weapons, the Combat Results Table, the
victory levels, the set-up allowances), so the window can never disagree with the game; the
words are ours, after the 1986 manual. No pygame here: rules_window.py draws these.
"""

from __future__ import annotations

from dataclasses import dataclass

from ogre.rules import combat
from ogre.rules.command_post import CRAWLER_MOVE
from ogre.rules.options import HARDNESS, TIME_LIMITS
from ogre.rules.scenarios import DUEL, MARK_IIIS_ATTACKING, OGRE_DEFENDING, THREE_WAY_DUEL
from ogre.rules.units import MARKS, STATS, WEAPON_STATS, WEAPONS, Kind, Weapon
from ogre.ui.dialogs.options import KEYS
from ogre.ui.drawing.assault_words import kinds_words


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Page:
    tab: str                          # the tab's short name
    title: str
    blocks: tuple[str | Table, ...]   # paragraphs and tables, top to bottom


def _units() -> Page:
    defenders = tuple(
        (s.name + (" (a squad)" if k is Kind.INFANTRY else ""), str(s.attack), str(s.range),
         str(s.defense), f"{s.move}+{s.second_move}" if s.second_move else str(s.move))
        for k, s in STATS.items() if k is not Kind.MARKER)
    parts = tuple((WEAPON_STATS[w].name, str(WEAPON_STATS[w].attack),
                   str(WEAPON_STATS[w].range), str(WEAPON_STATS[w].defense), "-")
                  for w in WEAPONS) + ((WEAPON_STATS[Weapon.TREADS].name, "-", "-", "1-1", "-"),)
    marks = (("Missiles", *(str(m.weapons[0]) for m in MARKS.values())),
             ("Main Batteries", *(str(m.weapons[1]) for m in MARKS.values())),
             ("Secondary Batteries", *(str(m.weapons[2]) for m in MARKS.values())),
             ("Antipersonnel", *(str(m.weapons[3]) for m in MARKS.values())),
             ("Treads", *(str(m.treads) for m in MARKS.values())))
    return Page("Units", "Units and the Ogre", (
        Table(("Defender", "Attack", "Range", "Defense", "Move"), defenders),
        "Infantry attack and defend with one point a squad, 1 to 3 squads a unit. The GEV moves "
        "again after the defense fires. The Command Post cannot fire or move.",
        Table(("Ogre part", "Attack", "Range", "Defense", ""), parts),
        Table(("The Ogre has", *(m.name for m in MARKS.values())), marks),
        "Missiles fire once. Antipersonnel hurt only infantry and the Command Post. The Ogre "
        "moves 3 hexes a turn, 2 at two-thirds of its treads or less, 1 at a third or less.",
    ))


def _combat() -> Page:
    columns = (*combat.COLUMNS, combat.AUTO_KILL)
    dice = tuple((str(die), *(combat.crt(c, die) for c in columns)) for die in range(1, 7))
    kills = tuple((who, *(f"{combat.percent(combat.kill_probability(c, disabled))}%"
                          for c in columns))
                  for who, disabled in (("Kill: active", False), ("Kill: disabled", True)))
    return Page("Combat", "Combat Results Table", (
        "Add up the attacks aimed at one target and divide by its defense, rounding down: "
        "that is the odds column. Below 1-2 nothing happens; 5-1 or better destroys.",
        Table(("Die", *columns), dice + kills),
        "X destroys. D disables armor (a disabled unit cannot move or fire, and recovers after "
        "the Ogre's next fire), destroys a disabled one, and takes a squad from infantry. "
        f"Attacks on the treads are always at {combat.TREADS_COLUMN}: an X takes as many "
        "treads as the attack's strength. Only infantry may combine against the treads.",
        "Against the Ogre an X destroys the part aimed at, and a D does nothing: the result "
        "says \"Glanced\". The Ogre is never disabled.",
    ))


def _turn() -> Page:
    return Page("Turn", "The turn", (
        "1. The Ogre enters on the bottom row (the first turn only).",
        "2. The Ogre moves: Undo is possible until it rams or overruns.",
        "3. The Ogre fires each weapon once, at any targets in range. Then armor disabled in an "
        "earlier turn recovers.",
        "4. The defense moves. Pieces pass through friends but never through the Ogre, and end "
        "one to a hex: two infantry units may Group into one of up to 3 squads.",
        "5. The defense fires: aim one or more units at one part of the Ogre, then Fire.",
        "6. GEVs move again, up to 3 hexes.",
        "Done ends a phase; with Reminders on, the game asks first when pieces have not moved "
        "or fired. With Skip Empty Turns on, a phase with nothing to do passes by itself.",
    ))


def _map() -> Page:
    return Page("Map", "Craters, rubble, Range", (
        "Craters (the dark pits): nothing moves into or across a crater, the Ogre included.",
        "Rubble (the thick black lines along hexsides): only the Ogre and infantry cross it. "
        "Tanks, missile tanks and GEVs go round, and every hex of the way round counts "
        "against their move.",
        "Fire passes over craters and rubble: range is counted in hexes, whatever lies "
        "between.",
        "A move needs a path short enough round craters, rubble and the other side's pieces. "
        "Where there is none the move is refused with NO CLEAR PATH, said beside the piece "
        "and in the Tactical Display.",
        "Range (select a piece, then Range): green, the hexes within its move; blue, those it "
        "could fire on from there; pieces inside are ringed in yellow. As in 1986 it "
        "disregards rubble, so a green hex may still be out of reach. Any click clears it.",
        "Under the Ogre: infantry may move onto the Ogre's hex, and a unit a ram disables "
        "stays under it. The Tactical Display lists them while the Ogre is selected or "
        "pointed at. Infantry there loses a squad as the Ogre's next move begins (while it "
        "has antipersonnel); a second ram destroys a disabled unit.",
    ))


def _rams() -> Page:
    heavy = STATS[Kind.HEAVY].name
    return Page("Rams", "Ramming and overruns", (
        "The Ogre rams armor by moving onto it. An immobile unit (a howitzer, a disabled unit) "
        "and the Command Post are destroyed; a mobile one is disabled or destroyed, even "
        f"chances. A ram costs the Ogre 1 tread, or 2 for a {heavy}; the Command Post costs "
        "nothing. The Ogre rams at most twice in a turn.",
        "Moving onto infantry is an overrun: it loses a squad if the Ogre still has "
        "antipersonnel. Overruns cost nothing and have no limit. Infantry may move onto the "
        "Ogre's hex; it loses a squad when the Ogre's next move begins.",
        "Armor may ram the Ogre: the rammer is destroyed and the Ogre loses 1 tread.",
        "A ram or an overrun cannot be undone. With Reminders on (OSI > Preferences) the game "
        "asks first; with Reminders off it happens at once, as in the 1986 game.",
    ))


def _victory() -> Page:
    iii, v = MARKS[3], MARKS[5]
    return Page("Victory", "How the battle is won", (
        "The battle ends when the Command Post and every defender are gone, when the Ogre "
        "leaves the map from the bottom row, or when the Ogre has lost every weapon and tread.",
        Table(("Level", "When"), (
            ("Complete Ogre", "the Command Post and all defenders destroyed"),
            ("Ogre", "the Command Post destroyed and the Ogre escapes"),
            ("Marginal Ogre", "the Command Post destroyed, the Ogre destroyed"),
            ("Complete Defense", f"the Ogre destroyed, the Command Post stands, and "
             f"{iii.complete_defense_points} attack points survive ({v.complete_defense_points} "
             "against a Mark V)"),
            ("Defense", "the Ogre destroyed, the Command Post stands"),
            ("Marginal Defense", "the Command Post stands but the Ogre escapes"),
        )),
    ))


def _setup() -> Page:
    rows = tuple((m.name, str(m.armor_units), str(m.infantry_squads), str(m.forward_points))
                 for m in MARKS.values())
    howitzer = STATS[Kind.HOWITZER]
    return Page("Set-up", "Setting up a field", (
        "A standard field is deployed against one Mark of Ogre:",
        Table(("Against", "Armor units", "Infantry squads", "Forward attack"), rows),
        f"A {howitzer.name} counts as {howitzer.armor_cost} armor units. Every unit stands in "
        "the obstructed area (rows 1-16); all but the forward attack points stand on or behind "
        "the crater line (row 7 and above). The Ogre enters on the bottom row.",
        "A field outside these rules can still be played; the victory levels then say less.",
        "For the board game's other battles, Menu > Design for a Battle gives a field that "
        "battle's allowance; where the defense has a Mark III of its own, it is placed like a "
        "piece, anywhere in the obstructed area.",
    ))


def _optional() -> Page:
    limits = ", ".join(str(n) for n in TIME_LIMITS)
    two = MARK_IIIS_ATTACKING
    force = kinds_words(OGRE_DEFENDING.force)
    return Page("Battles", "The board game's other battles and optional rules", (
        f"{two.title} (Play a Game > Scenario): {len(two.attackers)} Mark III Ogres attack "
        f"the advanced defense (deployed against a Mark V) with {two.extra_armor} more armor "
        "units. They enter one after the other and each moves and fires on its own; drag each "
        "Ogre as you would the one. The battle ends when no Ogre fights on: with the Command "
        "Post destroyed it is an Ogre victory if an Ogre escaped, marginal if none did; with "
        "it standing, a marginal defense victory if an Ogre escaped, else a defense victory.",
        f"{OGRE_DEFENDING.title}: the roles reversed. A force of {force} attacks from below "
        "the bottom edge: click a lit hex of the bottom row to bring a unit on, and drag units "
        "onto enemy units to aim. Half that force and a Mark III, in blue, guard the Command "
        "Post. Destroy the CP, then escape off the bottom edge, to win.",
        f"{DUEL.title} and {THREE_WAY_DUEL.title}: Ogres only, each its own side, no Command "
        "Post. Each enters at an edge of its own (the first at the bottom, the second at the "
        "top, the third at the left) and moves and fires in its own phases; drag onto an enemy "
        "Ogre to ram it or to aim at its parts. An Ogre may leave by any edge, never to come "
        "back. The last Ogre still able to fight holds the field.",
        "Play a Game > Rules switches on the board game's optional rules. They are saved with "
        "the battle; all off, the battle is the 1986 game.",
        f"Time Limit ({limits} turns): the battle ends after that turn. Unless the Ogre has "
        "won by then (the Command Post destroyed and the Ogre escaped, or every defender "
        "gone), the defense wins a Marginal Defense victory. The sidebar counts the turns.",
        f"Command Crawler: the Command Post moves {CRAWLER_MOVE} hex in the Defense Movement, "
        "over the ground armor can cross. It never moves onto the Ogre, and a ram destroys it "
        "at no cost to the Ogre.",
        f"Hardened CP (defense {' or '.join(str(n) for n in HARDNESS)}): the Ogre fires at the "
        "Command Post at odds, as at armor. A D disables it (a Crawler cannot move that turn) "
        "until it recovers, as armor does; a second D, or an X, destroys it. A ram costs the "
        "Ogre 1 tread and disables it or destroys it, even chances, as it does mobile armor.",
        "Mines: the defense lays them where only it sees them (the Field Editor's Mine piece; "
        "the computer lays those the field lacks). A unit entering a mined hex rolls: an Ogre "
        "sets it off on 5-6 and loses a die of treads, any other unit on a 6. One that does "
        "not go off stays, and both sides see it from then on.",
        "Camouflage: the defense's units but the CP start as markers; the Ogre's player sees "
        "what one is when it moves, fires or is attacked. Antipersonnel cannot aim at a marker.",
    ))


def _keys() -> Page:
    return Page("Keys", "Keys", (
        Table(("Key", "What it does"), tuple((key, words) for key, words in KEYS)),
    ))


def pages() -> tuple[Page, ...]:
    return (_units(), _combat(), _turn(), _map(), _rams(), _victory(), _setup(), _optional(),
            _keys())
