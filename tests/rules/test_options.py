"""The pocket edition's simple optional rules (X15): Time Limit (7.02), Command Crawler (8.02) and
Hardened CP (8.05), each checked by its section; and every switch off is the 1986 game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.rules import Phase, legal_actions
from ogre.rules.actions import Move
from ogre.rules.fire import aim_odds
from ogre.rules.invariants import first_problem
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.state import Aiming
from ogre.rules.victory import MARGINAL_DEFENSE, OGRE_VICTORY

from .helpers import events_of, play, refused, scenario, seed_for
from .invariants import check_step
from .random_play import ACTION_CAP, choose_chaotic, play_random_game

CRAWLER = Options(command_crawler=True)
HARD_2 = Options(hardened_cp=2)
HARD_CRAWLER = Options(command_crawler=True, hardened_cp=1)


# ---------------------------------------------------------------- 7.02 Time Limit

def _last_gev_move(turn: int, options: Options, **kw):
    return scenario([("cp", 801), ("heavy", 604)], ogre=1015, phase=Phase.GEV_MOVE, turn=turn,
                    options=options, **kw)


def test_7_02_the_battle_ends_after_its_last_turn_with_a_marginal_defense_victory():
    s, ev = play(_last_gev_move(10, Options(time_limit=10)), "done")
    assert s.over and s.result == MARGINAL_DEFENSE
    assert [e.text for e in events_of(ev, "time_up")] == ["Time is up after turn 10"]
    assert [e.text for e in events_of(ev, "victory")] == [MARGINAL_DEFENSE]
    assert s.turn == 10


def test_7_02_the_turns_before_the_last_are_played_as_usual():
    s, ev = play(_last_gev_move(9, Options(time_limit=10)), "done")
    assert not s.over and s.turn == 10 and s.phase is Phase.OGRE_MOVE
    assert not events_of(ev, "time_up")


def test_7_02_without_a_time_limit_the_battle_goes_on_as_in_1986():
    s, _ = play(_last_gev_move(40, NO_OPTIONS), "done")
    assert not s.over and s.turn == 41


def test_7_02_a_victory_met_before_time_is_up_stands():
    # The CP is gone and the Ogre leaves the map in the last turn: an Ogre victory, not time.
    s = scenario([("heavy", 604)], ogre=521, turn=10, options=Options(time_limit=10))
    s, ev = play(s, "exit")
    assert s.over and s.result == OGRE_VICTORY and not events_of(ev, "time_up")


def test_7_02_a_state_past_its_time_limit_is_impossible():
    s = scenario([("cp", 801)], ogre=1015, turn=11, options=Options(time_limit=10))
    assert first_problem(s) == "the battle has gone on past its time limit"


@pytest.mark.parametrize("options", [Options(time_limit=-1), Options(time_limit=100),
                                     Options(hardened_cp=3)])
def test_x15_impossible_switches_make_an_impossible_state(options):
    s = scenario([("cp", 801)], ogre=1015, options=options)
    assert "optional rules are impossible" in first_problem(s)


# ---------------------------------------------------------------- 8.02 Command Crawler

def _defense_move(options: Options, cp: int = 808, ogre: int = 1015, **kw):
    return scenario([("cp", cp), ("heavy", 604)], ogre=ogre, phase=Phase.DEFENSE_MOVE,
                    options=options, **kw)


def test_8_02_the_command_crawler_moves_one_hex_in_the_defense_movement():
    s = _defense_move(CRAWLER)
    moves = {a.to for a in legal_actions(s) if isinstance(a, Move) and a.piece == 1}
    assert moves and all(abs(h - 808) in (1, 99, 100, 101) for h in moves)
    s, ev = play(s, "move 1 0809")
    assert s.piece(1).hex == 809
    assert [e.text for e in events_of(ev, "move")] == ["Command Crawler to 0809"]
    assert refused(s, "move 1 0810").message == "THIS UNIT HAS MOVED"


def test_8_02_the_crawler_moves_no_more_than_one_hex():
    assert refused(_defense_move(CRAWLER), "move 1 0810").message == "CAN'T MOVE THAT FAR"


def test_8_02_the_1986_command_post_cannot_move():
    assert refused(_defense_move(NO_OPTIONS), "move 1 0809").message == "PIECE CANNOT MOVE"
    assert not [a for a in legal_actions(_defense_move(NO_OPTIONS)) if getattr(a, "piece", 0) == 1]


def test_8_02_the_crawler_has_no_gev_second_move():
    s = replace(_defense_move(CRAWLER), phase=Phase.GEV_MOVE)
    assert refused(s, "move 1 0809").message == "PIECE CANNOT MOVE"


def test_8_02_the_crawler_never_moves_onto_the_ogre_which_only_armor_may_ram():
    s = _defense_move(CRAWLER, ogre=809)
    assert Move(1, 809) not in legal_actions(s)
    assert refused(s, "move 1 0809").message == "THIS HEX IS FULL"


def test_5_03_3_an_ogre_rams_a_crawler_and_destroys_it_unhurt():
    s = scenario([("cp", 808)], ogre=809, options=CRAWLER)
    s, ev = play(s, "move O 0808")
    assert s.command_post is None and s.ogre.treads == 45
    assert events_of(ev, "ram")[0].text == "Ogre rams Command Crawler: destroyed"


# ---------------------------------------------------------------- 8.05 Hardened CP

def _ogre_fire(options: Options, seed: int, **kw):
    return scenario([("cp", 808)], ogre=810, phase=Phase.OGRE_FIRE, seed=seed, options=options,
                    **kw)


def test_8_05_the_hardened_cp_is_attacked_at_odds_against_its_defense():
    s = _ogre_fire(HARD_2, 0)
    assert aim_odds(s, Aiming(target=1, weapons=(0, 0, 1, 0))) == "1-1"       # 3 against 2
    assert aim_odds(s, Aiming(target=1, weapons=(0, 0, 0, 1))) == "1-2"       # 1 against 2
    assert aim_odds(_ogre_fire(NO_OPTIONS, 0), Aiming(target=1, weapons=(0, 0, 0, 1))) == "5-1"


def test_8_05_a_d_disables_a_hardened_cp_and_a_second_d_destroys_it():
    s, ev = play(_ogre_fire(HARD_2, seed_for(3, 4)), "target 1 secondary=1", "fire")
    assert events_of(ev, "fire")[0].result == "disabled"
    assert s.command_post is not None and s.command_post.disabled
    s, ev = play(s, "target 1 secondary=1", "fire")
    assert events_of(ev, "fire")[0].result == "destroyed" and s.command_post is None


def test_8_05_an_x_destroys_a_hardened_cp():
    s, ev = play(_ogre_fire(HARD_2, seed_for(6)), "target 1 secondary=1", "fire")
    assert events_of(ev, "fire")[0].result == "destroyed" and s.command_post is None


def test_8_05_a_disabled_hardened_cp_recovers_like_armor():
    s = replace(_ogre_fire(HARD_2, 0), turn=3)
    s = s.replace_piece(replace(s.known(1), disabled_turn=2), 1)
    s, ev = play(s, "done")
    assert not s.command_post.disabled
    assert [e.piece for e in events_of(ev, "recover")] == [1]


def test_8_05_a_disabled_crawler_cannot_move_for_the_turn():
    s = _defense_move(HARD_CRAWLER, turn=3)
    s = s.replace_piece(replace(s.known(1), disabled_turn=3), 1)
    assert refused(s, "move 1 0809").message == "DISABLED CAN'T MOVE THIS TURN"


@pytest.mark.parametrize("options", [HARD_2, HARD_CRAWLER], ids=["fixed", "crawler"])
@pytest.mark.parametrize("die, result", [(3, "disabled"), (4, "destroyed")])
def test_8_05_a_rammed_hardened_cp_is_rolled_for_like_mobile_armor_and_costs_a_tread(
        options, die, result):
    s = scenario([("cp", 808)], ogre=809, options=options, seed=seed_for(die))
    s, ev = play(s, "move O 0808")
    assert events_of(ev, "ram")[0].result == result and s.ogre.treads == 44
    assert events_of(ev, "ram")[0].treads_lost == 1
    assert (s.command_post is not None) == (result == "disabled")


def test_8_05_a_disabled_hardened_cp_rammed_again_is_destroyed():
    s = scenario([("cp", 808)], ogre=809, options=HARD_2, seed=seed_for(3))
    s, _ = play(s, "move O 0808")
    assert s.command_post.disabled
    s, ev = play(s, "move O 0808")          # the Ogre stays and rams again (M7)
    assert events_of(ev, "ram")[0].result == "destroyed" and s.command_post is None


# ---------------------------------------------------------------- whole battles

@pytest.mark.parametrize("options", [
    Options(time_limit=8), CRAWLER, HARD_2, Options(time_limit=12, command_crawler=True,
                                                    hardened_cp=2)],
    ids=["time-limit", "crawler", "hardened", "all"])
def test_x15_random_battles_with_the_switches_on_end_with_the_invariants_kept(options):
    for seed in range(3000, 3012):
        policy = choose_chaotic if seed % 3 == 0 else None
        rec = play_random_game(seed, on_step=check_step, policy=policy, options=options)
        assert rec.final.over and rec.n < ACTION_CAP and rec.final.options == options
        if options.time_limit:
            assert rec.final.turn <= options.time_limit


def test_x15_a_crawler_moves_in_random_battles():
    moved = 0
    for seed in range(3100, 3110):
        rec = play_random_game(seed, record=True, options=CRAWLER)
        moved += sum(1 for a in rec.actions if isinstance(a, Move) and a.piece == 1)
    assert moved > 0
