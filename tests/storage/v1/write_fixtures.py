"""Writes the version-1 file fixtures beside this script: every kind of file OGRE 93edb34 writes.

The promise kept by tests/storage/test_v1_files.py: every file that commit 93edb34 writes still
loads. The files here were written by the code OF THAT COMMIT, through its own storage API and
match object (the paths Save a Game, Save a Field, Export the Log, the crash's recovery slot, the
record of battles and the Preferences dialog take), from battles its computer players (ogre.ai)
played with fixed seeds. Do not rewrite them with a newer OGRE: they would no longer be what
93edb34 wrote.

How they were written, from the root of this repository, with a checkout (or an extracted tree)
of commit 93edb34 in OLD_CHECKOUT (a placeholder for wherever it was put)::

    PYTHONPATH=OLD_CHECKOUT .venv/bin/python tests/storage/v1/write_fixtures.py

It refuses to run against code whose recovery slot is not at format version 1 (a newer OGRE).
Everything is seeded and dated by hand, so running it again writes the same bytes.

The layout is two OGRE_HOME folders, as the game lays out its files:

    data/games/slot1.json     Basic (Mark III), computer Ogre (Med) against the player's defense,
                              Howitzer Umbrella, turn 4, the player's Defense Movement
    data/games/slot2.json     Advanced (Mark V), two players, Deep Reserve, turn 3, a Defense
                              Attack aimed and not yet fired, advice asked twice
    data/games/slot3.json     the player's Ogre against the computer defense (Hi) on the player's
                              own field (fields/slot1.json), turn 3, part way through its move
    data/games/slot4.json     Learn to Play, saved at the lesson "Disabled" (the Heavy Tank
                              disabled by the ram, the infantry split and grouped)
    data/games/slot5.json     a network guest's copy of a battle (blind dice state, the host's
                              told dice), GEV Screen, turn 3
    data/fields/slot1.json    a Mark III field made in the Field Editor: own deployment, a crater
                              added, one removed, rubble added; a name with an accent
    data/fields/slot2.json    a Mark V field: Deep Reserve edited (a piece moved, one removed)
    data/logs/battle-20260201-211500.txt   Export the Log of a finished battle (Infantry
                              Belt, computer Ogre (Hi) against the player), advice asked once
    data/recovery/battle.json the battle a crash kept: Mark V, Missile-Tank Line, turn 5
    data/record.json          the record of battles: eight finished battles, every kind of side
    config/preferences.json   every setting away from its default
    guest/data/recovery/battle.json   a network guest's battle a crash kept (told dice)
    guest/data/logs/battle-20260203-190500.txt   that guest's Export the Log (a dice line)
"""

from __future__ import annotations

import os
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath, PureWindowsPath

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
CONFIG = HERE / "config"
GUEST = HERE / "guest" / "data"
# the crash report a recovery slot names: the game writes the report's full path; these are
# placeholders of the shape it has on Linux and on Windows (no real machine's folders)
REPORT = PurePosixPath("/home/player/.local/state/ogre1986/log/crash-20260202-221400.txt")
GUEST_REPORT = PureWindowsPath(
    "C:\\Users\\player\\AppData\\Local\\ogre1986\\Logs\\crash-20260203-190400.txt")


def when(day: int, hour: int, minute: int) -> datetime:
    return datetime(2026, 2, day, hour, minute, tzinfo=UTC)


def main() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ogre.storage import recovery
    if recovery.VERSION != 1:
        sys.exit("write_fixtures.py writes what 93edb34 wrote: run it with that commit's ogre "
                 f"on PYTHONPATH (this ogre's recovery slot is version {recovery.VERSION}).")

    from ogre.ai.match import play
    from ogre.ai.protocol import make_controller
    from ogre.match.lessons import NAME as LESSON_FIELD
    from ogre.match.lessons import ScriptedOgre
    from ogre.match.match import Match, Seat, seats_for
    from ogre.resources import standard_board
    from ogre.rules import Field, GameState, Phase, Placement, new_game, validate
    from ogre.rules.dice import rolls_between
    from ogre.rules.hidden import blind
    from ogre.rules.units import Kind
    from ogre.storage.atomic import write_text_atomic
    from ogre.storage.fields import FieldStore, designed_for, load_predesigned
    from ogre.storage.games import GameStore
    from ogre.storage.preferences import Preferences, save_preferences
    from ogre.storage.record import add_battle
    from ogre.storage.recovery import RecoverySlot
    from ogre.ui.overlays.tutorial import first_position, lesson_start

    for old in (DATA, CONFIG, HERE / "guest"):
        shutil.rmtree(old, ignore_errors=True)

    predesigned = {rec.name: rec for rec in load_predesigned()}

    def battle(start: GameState, ogre: str, defense: str, seed: int, until=None,
               ogre_player=None) -> tuple[GameState, list[str]]:
        """The computer players on both sides, from `start` to `until` (or the end)."""
        log: list[str] = []

        def keep(before, action, after, events):
            log.append(str(action))
            return None

        rec = play(start, ogre_player or make_controller("ogre", ogre, seed=seed),
                   make_controller("defense", defense, seed=seed + 1), until=until,
                   on_step=keep)
        assert rec.final is not None and not rec.illegal, rec.illegal
        if until is None:
            assert rec.final.over, rec.result
        else:
            assert until(rec.final) and not rec.final.over, (rec.final.turn, rec.final.phase)
        return rec.final, log

    def at(turn: int, phase: Phase, more=lambda s: True):
        return lambda s: s.turn >= turn and s.phase is phase and more(s)

    # -- the player's fields (Save a Field: FieldStore.save, the mark inferred, no description)
    board = standard_board().with_crater(1010, True).with_crater(907, False)
    board = board.with_rubble(807, 808, True).with_rubble(906, 907, True)
    ridge = Field(board, (
        Placement(Kind.CP, 802), Placement(Kind.HOWITZER, 703), Placement(Kind.HEAVY, 605),
        Placement(Kind.HEAVY, 905), Placement(Kind.HEAVY, 1006), Placement(Kind.MISSILE, 506),
        Placement(Kind.MISSILE, 1106), Placement(Kind.GEV, 410), Placement(Kind.GEV, 810),
        Placement(Kind.GEV, 1210), Placement(Kind.INFANTRY, 701, 3),
        Placement(Kind.INFANTRY, 901, 3), Placement(Kind.INFANTRY, 803, 3),
        Placement(Kind.INFANTRY, 603, 3), Placement(Kind.INFANTRY, 1003, 3),
        Placement(Kind.INFANTRY, 704, 3), Placement(Kind.INFANTRY, 904, 2)), "")
    deep = predesigned["Deep Reserve"].field
    moved = deep.placements[-1]
    edited = Field(deep.board, (deep.placements[0], *deep.placements[2:-1],
                                Placement(moved.kind, 1108, moved.squads)), "")
    assert deep.at(1108) is None
    fields = FieldStore(DATA / "fields")
    for slot, field, name, mark in ((1, ridge, "Ridge Défense", 3),
                                    (2, edited, "Deep Reserve, edited", 5)):
        assert designed_for(field) == mark
        fatal = [f for f in validate(field, mark, standard_board()) if f.fatal]
        assert not fatal, fatal
        fields.save(slot, field, name)
    ridge = fields.load(1).field

    games = GameStore(DATA / "games")

    # 1. Basic: the computer Ogre (Med) against the player's defense, saved in the player's move
    start = new_game(predesigned["Howitzer Umbrella"].field, 3, 1101)
    state, log = battle(start, "Med", "Med", 11, at(4, Phase.DEFENSE_MOVE))
    m = Match.begin(state, start=start, log=log, seats=seats_for("ogre", "Med"),
                    field_name="Howitzer Umbrella")
    m.save_to(games, 1, "Low", now=when(1, 20, 15))

    # 2. Advanced: two players at one computer, Mark V, a Defense Attack aimed but not fired
    start = new_game(predesigned["Deep Reserve"].field, 5, 1202)
    state, log = battle(start, "Med", "Med", 12, at(3, Phase.DEFENSE_FIRE,
                                                     lambda s: s.aim is not None))
    m = Match.begin(state, start=start, log=log, seats=seats_for(None),
                    field_name="Deep Reserve", advice_asked=2)
    m.save_to(games, 2, "Med", now=when(1, 21, 40))

    # 3. The player's Ogre against the computer defense (Hi) on the player's own field,
    #    saved part way through the Ogre's move (its Undo hex kept)
    start = new_game(ridge, 3, 1303)
    state, log = battle(start, "Med", "Hi", 13, at(3, Phase.OGRE_MOVE,
                                                    lambda s: s.ogre.moved >= 1))
    m = Match.begin(state, start=start, log=log, seats=seats_for("defense", "Hi"),
                    field_name="Ridge Défense")
    m.save_to(games, 3, "Low", now=when(2, 9, 5))

    # 4. Learn to Play, saved at the lesson "Disabled" (what Menu > Learn to Play starts, as the
    #    App does: the lesson's seat for the Ogre, the player's for the defense)
    state, log = lesson_start(14)
    m = Match.begin(state, start=first_position(), log=log,
                    seats={"ogre": Seat("lesson"), "defense": Seat()}, field_name=LESSON_FIELD)
    m.save_to(games, 4, "Med", now=when(2, 18, 30))

    # 5. A network guest's copy: the host plays the Ogre; the guest's battle is blind and plays
    #    on the dice the host told
    host_start = new_game(predesigned["GEV Screen"].field, 3, 1505)
    host_state, log = battle(host_start, "Low", "Med", 15, at(3, Phase.GEV_MOVE))
    m = Match.begin(blind(host_state), start=blind(host_start), log=log,
                    told=rolls_between(host_start.rng, host_state.rng),
                    seats={"ogre": Seat("remote", name="Ann"), "defense": Seat()},
                    field_name="GEV Screen")
    assert m.told
    m.save_to(games, 5, "Low", now=when(2, 20, 0))

    # -- Export the Log of a finished battle (X3), with the advice it asked for
    start = new_game(predesigned["Infantry Belt"].field, 3, 1606)
    state, log = battle(start, "Hi", "Med", 16)
    finished = Match.begin(state, start=start, log=log, seats=seats_for("ogre", "Hi"),
                           field_name="Infantry Belt", advice_asked=1)
    write_text_atomic(DATA / "logs" / "battle-20260201-211500.txt", finished.log_text())

    # -- the recovery slot: a battle a crash stopped (keep_battle: the match and the players)
    start = new_game(predesigned["Missile-Tank Line"].field, 5, 1707)
    state, log = battle(start, "Low", "Med", 17, at(5, Phase.DEFENSE_FIRE,
                                                     lambda s: s.aim is None))
    m = Match.begin(state, start=start, log=log, seats=seats_for("ogre", "Low"),
                    field_name="Missile-Tank Line", advice_asked=1)
    RecoverySlot(DATA / "recovery").keep(m.state, m.players("Low"), m.log, m.field_name,
                                         m.start, m.advice_asked, REPORT, now=when(2, 22, 14),
                                         dice=m.told)

    # -- a network guest's battle a crash stopped, and the same guest's exported log: the
    #    guest plays the Ogre this time
    host_start = new_game(predesigned["Howitzer Umbrella"].field, 3, 1808)
    host_state, log = battle(host_start, "Med", "Low", 18, at(4, Phase.OGRE_FIRE))
    m = Match.begin(blind(host_state), start=blind(host_start), log=log,
                    told=rolls_between(host_start.rng, host_state.rng),
                    seats={"ogre": Seat(), "defense": Seat("remote", name="Björn")},
                    field_name="Howitzer Umbrella")
    assert m.told
    RecoverySlot(GUEST / "recovery").keep(m.state, m.players("Low"), m.log, m.field_name,
                                          m.start, m.advice_asked, GUEST_REPORT,
                                          now=when(3, 19, 4), dice=m.told)
    write_text_atomic(GUEST / "logs" / "battle-20260203-190500.txt", m.log_text())

    # -- the record of battles (X9): finished battles, each side as the game names it
    record = [
        (finished, when(1, 21, 15)),
    ]
    others = [
        # (field, mark, seed, the Ogre's seat, the defense's seat, the computers that played)
        ("GEV Screen", 3, 1909, Seat(), Seat("computer", "Med"), ("Med", "Med")),
        ("Deep Reserve", 5, 2010, Seat("computer", "Low"), Seat(), ("Low", "Hi")),
        ("Howitzer Umbrella", 3, 2111, Seat("remote", name="Ann"), Seat(), ("Low", "Med")),
        ("Missile-Tank Line", 5, 2212, Seat(), Seat("remote"), ("Hi", "Low")),
        ("Infantry Belt", 3, 2313, Seat(), Seat(), ("Med", "Low")),
        ("Ridge Défense", 3, 2414, Seat("computer", "mybots.ogre:Brute"), Seat(),
         ("Low", "Low")),
    ]
    for n, (name, mark, seed, ogre, defense, (o, d)) in enumerate(others):
        field = ridge if name == "Ridge Défense" else predesigned[name].field
        start = new_game(field, mark, seed)
        state, log = battle(start, o, d, seed)
        m = Match.begin(state, start=start, log=log, seats={"ogre": ogre, "defense": defense},
                        field_name=name)
        record.append((m, when(1 + n // 3, 10 + n, 30)))
    # Learn to Play played to its end: the lesson's Ogre (its script, then the Low computer)
    start, (state, log) = first_position(), lesson_start(0)
    state, rest = battle(state, "Low", "Med", 25, ogre_player=ScriptedOgre())
    m = Match.begin(state, start=start, log=log + rest,
                    seats={"ogre": Seat("lesson"), "defense": Seat()}, field_name=LESSON_FIELD)
    record.append((m, when(3, 16, 45)))
    for m, finished_at in sorted(record, key=lambda pair: pair[1]):
        assert add_battle(m.entry(finished_at), DATA) is None

    # -- the Preferences, every one changed (the lesson reached matches slot 4's)
    save_preferences(CONFIG, Preferences(
        sound=False, reminders=False, skip_empty=True, message_speed="Hi", skill="Med",
        defense_skill="Hi", window_size=(1440, 960), play_scenario=5, play_computer="defense",
        tutorial_lesson=14, fullscreen=True, interface_size=125))

    for path in sorted(HERE.rglob("*")):
        if path.is_file() and path.suffix in (".json", ".txt"):
            print(f"{path.stat().st_size:7,d}  {path.relative_to(HERE)}")


if __name__ == "__main__":
    main()
