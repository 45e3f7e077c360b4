"""Issue 17: tools/ceiling.py, the Hi defence's plans judged by whole battles (its look ahead's
ceiling)."""

from __future__ import annotations

from dataclasses import replace

from ogre.ai import make_controller
from ogre.ai.defense_lookahead import draft_plans, start_plan
from ogre.ai.match import play
from ogre.rules import new_game
from ogre.rules.state import Phase
from ogre.storage.fields import load_predesigned
from tools import ceiling


def first_planned_move(seed: int = 4):
    """The first defence movement phase where the Hi look ahead has plans to choose between
    (Med players, Mark III)."""
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    s = new_game(field, 3, seed)
    ogre = make_controller("ogre", "Med", seed=seed)
    defense = make_controller("defense", "Med", seed=seed)
    styled = ceiling.CeilingDefense("Hi", seed, "Med", streams=0, styles=6)._styled

    def planned(s):
        return (s.phase is Phase.DEFENSE_MOVE and s.ogre.on_map
                and ceiling.CeilingDefense.looks_ahead(s) and len(draft_plans(s, styled, 6)) > 1)

    s = play(s, ogre, defense, until=planned).final
    assert s is not None and planned(s)
    return s


def test_x1_foresight_picks_the_plan_whose_battle_goes_best():
    s = first_planned_move()
    judge = ceiling.CeilingDefense("Hi", 4, "Med", streams=0, styles=6)
    plans = draft_plans(s, judge._styled, 6)
    assert len(plans) > 1
    scores = [judge.judge(s, p) for p in plans]
    chosen = judge.plan_move(s)
    assert chosen == plans[scores.index(max(scores))]


def test_x1_a_battle_scores_held_when_the_command_post_stands_else_the_turn_it_fell():
    s = first_planned_move()
    judge = ceiling.CeilingDefense("Hi", 4, "Med", streams=0, styles=6)
    cur = start_plan(s, draft_plans(s, judge._styled, 1)[0], s.rng)
    assert cur is not None and cur.phase is Phase.DEFENSE_FIRE
    score = ceiling.battle_score(cur, judge._styled({}), make_controller("ogre", "Med", seed=4))
    if score >= ceiling.HELD:
        assert score - ceiling.HELD > 0          # the CP stands and some attack is left
    else:
        assert s.turn <= score <= 60             # the turn the CP fell


def test_x1_the_strike_choice_judges_today_s_hi_defence_striking_holding_or_as_it_is():
    """--choice strike (issue 32): the plans are today's Hi defence as it is, striking with
    whatever can reach and holding back, and whole battles pick among them."""
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    s = new_game(field, 3, 4)
    judge = ceiling.CeilingDefense("Hi", 4, "Med", streams=0, styles=6, choice="strike")

    def planned(x):
        return (x.phase is Phase.DEFENSE_MOVE and x.ogre.on_map and judge.looks_ahead(x)
                and len(judge.drafts(x)) > 1)

    s = play(s, make_controller("ogre", "Med", seed=4), make_controller("defense", "Med", seed=4),
             until=planned).final
    assert s is not None and planned(s)
    plans = judge.drafts(s)
    strike = judge._styled(ceiling.STRIKE_CHOICES[1]).plan_move(s)
    hold = judge._styled(ceiling.STRIKE_CHOICES[2]).plan_move(s)
    assert strike != hold and strike in plans and hold in plans and len(plans) == 2
    assert judge.skill.read_ogre == 2 and not judge.skill.lookahead    # today's Hi, not the old
    scores = [judge.judge(s, p) for p in plans]
    assert judge.plan_move(s) == plans[scores.index(max(scores))]


def test_x1_the_strike_choice_plays_out_with_the_defence_as_it_reads_and_the_ogre_it_meets():
    """Its playouts: today's Hi defence with a copy of what this one has read of the Ogre's
    course, against a copy of the very Ogre player (its memory of standing off included)."""
    judge = ceiling.CeilingDefense("Hi", 4, "Hi", streams=1, styles=6, choice="strike")
    judge.reading.on_course.extend([False, False])
    p = judge.playout_defense()
    assert p.base_skill.read_ogre == 2 and not p.base_skill.lookahead
    assert p.reading == judge.reading and p.reading is not judge.reading
    assert p.reading.wary(2)                    # it meets the Ogre as wary, as this one would
    old = ceiling.CeilingDefense("Hi", 4, "Hi", streams=1, styles=6)
    assert old.playout_defense().skill.lookahead is False       # the look ahead's plain planner


def test_x1_the_playouts_copy_the_ogre_they_meet_and_leave_it_as_it_was(monkeypatch):
    s = first_planned_move()
    judge = ceiling.CeilingDefense("Hi", 4, "Med", streams=2, styles=6, choice="strike")
    ogre = make_controller("ogre", "Med", seed=4)
    ogre.stalled = True                        # a memory a fresh Ogre would not have
    judge.opponent = ogre
    before = dict(ogre._progress)
    copied = []
    real_deepcopy = ceiling.copy.deepcopy

    def deepcopy(x):
        copied.append(x)
        return real_deepcopy(x)
    monkeypatch.setattr(ceiling.copy, "deepcopy", deepcopy)
    judge.judge(s, judge.drafts(s)[0])
    assert sum(x is ogre for x in copied) == 2            # one copy a dice stream
    assert ogre.stalled and ogre._progress == before     # the battles were played by copies


def _played_out_as(monkeypatch, final):
    """battle_* see `final` as the battle's end, whatever is played."""
    class Played:
        pass
    rec = Played()
    rec.final = final
    monkeypatch.setattr(ceiling, "play", lambda *a, **k: rec)


def test_x1_the_margin_judge_scores_a_fallen_cp_by_the_treads_the_ogre_had_left(monkeypatch):
    """--judge margin (issue 32, sixth round): a battle lost by a tread scores nearly as one held,
    one lost to a whole Ogre far below it."""
    s = first_planned_move()
    cp = s.command_post
    scores = []
    for treads in (1, 30):
        _played_out_as(monkeypatch, s.replace_piece(None, cp.id,
                                                    ogre=replace(s.ogre, treads=treads)))
        scores.append(ceiling.battle_margin(s, None, None))
    assert scores == [-1.0, -30.0]


def test_x1_the_margin_judge_scores_a_standing_cp_above_any_fall(monkeypatch):
    s = first_planned_move()
    _played_out_as(monkeypatch, replace(s, ogres=(replace(s.ogre, treads=0),)))
    attack = sum(p.attack for p in s.pieces if p is not s.command_post)
    held = ceiling.battle_margin(s, None, None)
    assert held == ceiling.HELD_MARGIN + 0.1 * attack
    assert held > 0          # every fall scores 0 or less: minus the treads the Ogre had left


def test_x1_the_margin_judge_picks_the_plan_whose_battle_goes_best():
    s = first_planned_move()
    judge = ceiling.CeilingDefense("Hi", 4, "Med", streams=0, styles=6, score="margin")
    assert judge.outcome is ceiling.battle_margin
    plans = draft_plans(s, judge._styled, 6)
    scores = [judge.judge(s, p) for p in plans]
    assert judge.plan_move(s) == plans[scores.index(max(scores))]
