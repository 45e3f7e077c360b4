"""The after-action report (X9): a battle log replayed and summed up, the same log always giving
the same report, checked on a seeded computer-vs-computer battle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ogre.ai import make_controller
from ogre.ai.base import OGRE_SIDE_PHASES
from ogre.ai.deploy import standard_deployment
from ogre.report import CP_DESTROYED, FIRST_GUN_LOST, IMMOBILISED, KeyEvent, Strength, battle_report
from ogre.resources import standard_board
from ogre.rules import Field, Placement, RuleError, apply, check, new_game
from ogre.rules.state import Phase
from ogre.rules.units import Kind
from ogre.storage.battlelog import log_to_text, replay_text

ROOT = Path(__file__).resolve().parents[1]


def computer_battle(ogre: str = "Low", defense: str = "Med", seed: int = 2):
    """A seeded battle between two computer players: (start, actions, final state)."""
    start = new_game(standard_deployment(standard_board(), seed), 3, seed * 10_007)
    players = make_controller("ogre", ogre, seed), make_controller("defense", defense, seed)
    state, actions = start, []
    while not state.over:
        action = players[state.phase not in OGRE_SIDE_PHASES].choose(state)
        state, _ = apply(state, action)
        actions.append(action)
    return start, actions, state


@pytest.fixture(scope="module")
def battle():
    return computer_battle()


def test_x9_report_of_a_seeded_computer_battle_exactly(battle):
    start, actions, end = battle
    r = battle_report(start, actions)
    assert (r.mark, r.result, r.turns, r.actions) == (3, "Marginal Ogre Victory", 18, 490)
    assert r.key_events == (KeyEvent(5, FIRST_GUN_LOST), KeyEvent(10, CP_DESTROYED),
                            KeyEvent(16, IMMOBILISED))
    assert r.defense_lost == (("Heavy Tank", 3), ("Missile Tank", 2), ("GEV", 1),
                              ("Infantry squads", 20), ("Command Post", 1))
    assert (r.treads_lost, r.guns_lost, r.missiles_fired) == (45, (0, 1, 4, 8), 2)
    assert (r.ogre_shots, r.ogre_hits, r.defense_shots, r.defense_hits) == (13, 12, 90, 27)
    assert (r.rams, r.rammed_by_defense, r.overruns) == (3, 0, 8)
    assert r.advice_asked is None                  # issue 18 keeps no count yet
    assert [(p.turn, p.treads, p.guns, p.defense_points) for p in r.series] == [
        (0, 45, (2, 1, 4, 8), 55), (1, 45, (2, 1, 4, 8), 55), (2, 45, (0, 1, 4, 8), 53),
        (3, 45, (0, 1, 4, 8), 50), (4, 43, (0, 1, 4, 8), 42), (5, 38, (0, 0, 4, 6), 34),
        (6, 28, (0, 0, 4, 6), 24), (7, 26, (0, 0, 4, 6), 20), (8, 24, (0, 0, 4, 6), 17),
        (9, 24, (0, 0, 3, 6), 15), (10, 24, (0, 0, 1, 6), 15), (11, 20, (0, 0, 0, 6), 15),
        (12, 18, (0, 0, 0, 6), 15), (13, 16, (0, 0, 0, 6), 15), (14, 7, (0, 0, 0, 6), 15),
        (15, 5, (0, 0, 0, 6), 15), (16, 0, (0, 0, 0, 6), 15), (17, 0, (0, 0, 0, 4), 15),
        (18, 0, (0, 0, 0, 0), 15)]


def test_x9_report_figures_agree_with_the_battle_counted_another_way(battle):
    """The same figures from what check said of each action and from the end position."""
    start, actions, end = battle
    r = battle_report(start, actions)
    verdicts: dict[tuple[Phase, str], int] = {}
    s = start
    for a in actions:
        key = (s.phase, check(s, a).kind)
        verdicts[key] = verdicts.get(key, 0) + 1
        s, _ = apply(s, a)
    assert r.ogre_shots == verdicts[Phase.OGRE_FIRE, "fire"]
    assert r.defense_shots == verdicts[Phase.DEFENSE_FIRE, "fire"]
    assert r.rams == verdicts[Phase.OGRE_MOVE, "ram"]
    assert r.overruns == verdicts[Phase.OGRE_MOVE, "overrun"]
    assert r.series[-1] == Strength(end.turn, end.ogre.treads, end.ogre.weapons,
                                    end.surviving_attack_points())
    lost_points = sum(n * {"Heavy Tank": 4, "Missile Tank": 3, "GEV": 2, "Howitzer": 6,
                           "Infantry squads": 1, "Command Post": 0}[k] for k, n in r.defense_lost)
    assert r.series[0].defense_points - lost_points == end.surviving_attack_points()
    assert sum(r.guns_lost) + r.missiles_fired == sum(start.ogre.weapons) - sum(end.ogre.weapons)


def test_x9_the_same_log_always_gives_the_same_report(battle):
    start, actions, _ = battle
    first = battle_report(start, actions)
    again_start, steps = replay_text(log_to_text(start, actions))     # through the log's text
    assert battle_report(again_start, [s.text for s in steps]) == first
    assert battle_report(start, [str(a) for a in actions]) == first


def test_x9_an_unfinished_battle_reports_where_it_stands(battle):
    start, actions, _ = battle
    r = battle_report(start, actions[:100])
    assert r.result == "" and not r.over
    assert r.series[-1].turn == r.turns and len(r.series) == r.turns + 1
    fresh = Strength(0, 45, (2, 1, 4, 8), 55)        # before the battle, and turn 1 so far
    assert battle_report(start, []).series == (fresh, Strength(1, 45, (2, 1, 4, 8), 55))


def test_x9_a_log_that_does_not_replay_gives_no_report():
    start = new_game(Field(standard_board(), (Placement(Kind.CP, 818),)), 3, seed=1)
    with pytest.raises(RuleError):
        battle_report(start, ["enter 0822", "fire"])
    with pytest.raises(ValueError):
        battle_report(start, ["launch the missiles"])


def test_x9_the_report_is_pure_it_imports_only_the_rules():
    tree = ast.parse((ROOT / "ogre" / "report.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    ours = {m for m in imported if m and m.startswith("ogre")}
    assert ours and all(m.startswith("ogre.rules") for m in ours)
    assert imported - ours <= {"__future__", "collections.abc", "dataclasses"}


def test_x15_the_report_names_the_optional_rules_and_the_time_running_out():
    from dataclasses import replace

    from ogre.report import TIME_UP
    from ogre.rules.options import Options
    from ogre.ui.dialogs.report_window import report_paragraphs
    from tests.rules.helpers import scenario

    start = scenario([("cp", 801), ("heavy", 604)], ogre=1015, phase=Phase.GEV_MOVE, turn=12,
                     options=Options(time_limit=12, hardened_cp=1))
    r = battle_report(start, ["done"])
    assert r.result == "Marginal Defense Victory"
    assert r.optional_rules == "Time Limit 12 turns, Hardened CP (defense 1)"
    assert [(e.turn, e.what) for e in r.key_events] == [(12, TIME_UP)]
    words = [p.words for p in report_paragraphs(r)]
    assert "Optional rules: Time Limit 12 turns, Hardened CP (defense 1)." in words
    plain = battle_report(replace(start, options=Options()), ["done"])
    assert plain.optional_rules == "" and not any(
        w.startswith("Optional rules") for w in (p.words for p in report_paragraphs(plain)))


def test_x9_x15_the_report_of_two_ogres_counts_them_together():
    from ogre.ai.match import play
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING
    from ogre.storage.fields import load_predesigned
    from ogre.ui.dialogs.report_window import report_paragraphs

    field = next(f.field for f in load_predesigned() if f.mark == 5)
    start = new_game(field, 5, 7, MARK_IIIS_ATTACKING.key)
    rec = play(start, make_controller("ogre", "Med", seed=7),
               make_controller("defense", "Med", seed=7), max_turns=60, keep_log=True)
    r = battle_report(start, [line.split(": ", 1)[1] for line in rec.log])
    end = rec.final
    assert r.result == end.result and r.marks == (3, 3) and r.start_treads == 90
    assert r.treads_lost == sum(o.treads for o in start.ogres) - sum(o.treads for o in end.ogres)
    assert r.series[-1].treads == sum(o.treads for o in end.ogres)
    assert r.series[0].guns == tuple(2 * n for n in start.ogres[0].weapons)
    assert report_paragraphs(r)[1].words.startswith("Two Mark III Ogres, ")


def test_x9_x15_a_9_01_report_is_the_attacking_ogres_and_the_defenses_ogre_is_the_defenses():
    """Mark III on Defense: the key events, treads and guns are the Mark V's; what the
    defense's Mark III loses is not the attacker's, and the Mark III destroyed is among the
    defense's losses."""
    from ogre.ai.deploy import defended
    from ogre.rules import Done, legal_actions
    from ogre.rules.scenarios import MARK_III_ON_DEFENSE
    from ogre.rules.sides import acting_side
    from ogre.storage.fields import load_predesigned

    class Passive:                        # the defense never fires: the Mark V loses no gun
        def choose(self, s):
            actions = legal_actions(s)
            return next((a for a in actions if isinstance(a, Done)), actions[0])

    field = defended(next(f.field for f in load_predesigned() if f.mark == 3))
    start = s = new_game(field, 3, 4, MARK_III_ON_DEFENSE.key)
    players = {"ogre": make_controller("ogre", "Med", seed=4), "defense": Passive()}
    log = []
    while not s.over:
        action = players[acting_side(s)].choose(s)
        s, _ = apply(s, action)
        log.append(action)
    report = battle_report(start, log)
    mark_v, mark_iii = s.ogres
    assert mark_v.weapons[1:] == start.ogres[0].weapons[1:]      # the Mark V: missiles fired
    assert sum(mark_iii.weapons) < sum(start.ogres[1].weapons)   # the Mark III: guns lost
    assert FIRST_GUN_LOST not in [k.what for k in report.key_events]
    assert report.guns_lost == (0, 0, 0, 0) and report.marks == (5,)
    assert report.watchdog_marks == (3,)
    assert (("Mark III Ogre", 1) in report.defense_lost) == mark_iii.destroyed
