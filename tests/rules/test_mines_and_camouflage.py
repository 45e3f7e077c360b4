"""Mines (8.03) and camouflage (8.04), X16: the rules engine holds the defender's sheet, plays
each mine a unit enters and each marker turned over, and `view` gives each side only what it
may know."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.rules import Phase, legal_actions, new_game
from ogre.rules.game import apply
from ogre.rules.invariants import first_problem
from ogre.rules.options import Options
from ogre.rules.secrets import NO_SECRETS, Secrets
from ogre.rules.units import MARKER, Kind
from ogre.rules.views import view

from .helpers import events_of, mark_iii_field, play, refused, scenario, seed_for
from .invariants import check_step
from .random_play import play_random_game

MINES = Options(mines=10)
CAMO = Options(camouflage=True)


def _mined(pieces, ogre, mines, seed=0, found=(), phase=Phase.OGRE_MOVE, **kw):
    s = scenario(pieces, ogre=ogre, seed=seed, phase=phase, options=MINES, **kw)
    return replace(s, secrets=Secrets(mines=frozenset(mines), found=frozenset(found)))


def _camouflaged(pieces, ogre, hidden, phase=Phase.OGRE_FIRE, options=CAMO, **kw):
    s = scenario(pieces, ogre=ogre, phase=phase, options=options, **kw)
    return replace(s, secrets=Secrets(camouflaged=frozenset(hidden)))


# ---------------------------------------------------------------- 8.03 Mines

def test_x16_8_03_an_ogre_sets_a_mine_off_on_5_and_loses_a_die_of_treads():
    s = _mined([("cp", 801)], ogre=1015, mines={1014}, seed=seed_for(5, 4))
    s, ev = play(s, "move O 1014")
    assert s.ogre.treads == 45 - 4
    assert 1014 not in s.secrets.mines                      # an exploded mine is gone
    assert [e.text for e in events_of(ev, "mine")] == ["Ogre sets off a mine at 1014: 4 treads"]


def test_x16_8_03_a_mine_that_does_not_go_off_stays_and_is_known_to_both_sides():
    s = _mined([("cp", 801)], ogre=1015, mines={1014}, seed=seed_for(4))
    s, ev = play(s, "move O 1014")
    assert s.ogre.treads == 45
    assert s.secrets.mines == s.secrets.found == {1014}
    assert view(s, "ogre").secrets.mines == {1014}
    assert events_of(ev, "mine")[0].result == "no effect"


@pytest.mark.parametrize("die, kind, squads, left", [
    (6, "heavy", 1, None), (5, "heavy", 1, 1), (6, "infantry", 3, 2), (5, "infantry", 3, 3)])
def test_x16_8_03_other_units_set_a_mine_off_on_6_x_for_armor_d_for_infantry(die, kind, squads,
                                                                               left):
    s = _mined([("cp", 801), (kind, 1010, squads)], ogre=1015, mines={1009}, seed=seed_for(die),
               phase=Phase.DEFENSE_MOVE)
    s, _ = play(s, "move 2 1009")
    p = s.piece(2)
    assert (None if p is None else p.squads) == left


def test_x16_8_03_a_move_enters_every_mined_hex_on_its_way_not_only_its_end():
    s = _mined([("cp", 801)], ogre=1015, mines={1014}, seed=seed_for(6, 2))
    s, ev = play(s, "move O 1013")
    assert s.ogre.hex == 1013 and s.ogre.treads == 43
    assert events_of(ev, "mine")[0].hex == 1014


def test_x16_8_03_the_ogre_steers_round_a_found_mine_never_round_an_unfound_one():
    # 1015 to 1113 has two shortest ways, by 1014 and by 1114
    for mines, found, crossed in (({1014}, {1014}, False), ({1014, 1114}, {1014}, True)):
        s = _mined([("cp", 801)], ogre=1015, mines=mines, found=found, seed=seed_for(6, 1))
        s, ev = play(s, "move O 1113")
        assert [e.hex for e in events_of(ev, "mine")] == ([1114] if crossed else [])


def test_x16_8_03_a_units_way_goes_round_found_mines_only_not_round_the_defenses_own():
    # 1010 to 1108 is by 1009 or by 1109, the lower first; a mine only the defense knows of at
    # 1009 is crossed (stepping round it would show it), a found one is not
    for found, crossed in ((frozenset(), True), (frozenset({1009}), False)):
        s = _mined([("cp", 801), ("heavy", 1010)], ogre=1515, mines={1009}, found=found,
                   seed=seed_for(1), phase=Phase.DEFENSE_MOVE)
        s, ev = play(s, "move 2 1108")
        assert bool(events_of(ev, "mine")) == crossed


def test_x16_8_03_mines_are_laid_from_the_field_only_when_mines_are_played():
    field = replace(mark_iii_field(), mines=(1212, 1313))
    assert new_game(field, 3, 1, options=MINES).secrets.mines == {1212, 1313}
    assert new_game(field, 3, 1).secrets is NO_SECRETS


def test_x16_8_03_a_mine_in_a_crater_or_off_the_map_is_an_impossible_battle():
    s = _mined([("cp", 801)], ogre=1015, mines={9999})
    assert "off the map" in first_problem(s)


# ---------------------------------------------------------------- 8.04 Camouflage

def test_x16_8_04_every_unit_but_the_cp_starts_under_a_marker():
    s = new_game(mark_iii_field(), 3, 1, options=CAMO)
    assert s.secrets.camouflaged == {p.id for p in s.pieces if p.kind is not Kind.CP}
    seen = view(s, "ogre")
    assert {p.kind for p in seen.pieces} == {Kind.CP, MARKER}
    assert all(p.squads == 1 for p in seen.pieces)              # no squads counted either
    assert sorted(seen.secrets.markers) == sorted((p.kind, p.squads) for p in s.pieces
                                                 if p.kind is not Kind.CP)
    assert view(s, "defense") is s


def test_x16_8_04_a_unit_is_shown_when_it_moves():
    s = _camouflaged([("cp", 801), ("heavy", 1010)], ogre=1515, hidden={2},
                     phase=Phase.DEFENSE_MOVE)
    s, ev = play(s, "move 2 1009")
    assert not s.secrets.camouflaged and s.secrets is NO_SECRETS
    assert ev[0].text == "The marker at 1010 is a Heavy Tank"
    assert view(s, "ogre").piece(2).kind is Kind.HEAVY


def test_x16_8_04_a_unit_is_shown_when_the_ogre_fires_at_it_never_when_it_aims():
    s = _camouflaged([("cp", 801), ("heavy", 1010), ("gev", 1110)], ogre=1012, hidden={2, 3},
                     seed=seed_for(1))
    aimed, _ = play(s, "target 2 main=1")
    assert aimed.secrets.camouflaged == {2, 3}
    fired, ev = play(aimed, "fire")
    assert fired.secrets.camouflaged == {3}
    assert [e.kind for e in ev][:2] == ["shown", "fire"]


def test_x16_8_04_a_unit_is_shown_when_it_aims_to_fire():
    s = _camouflaged([("cp", 801), ("heavy", 1010), ("gev", 1110)], ogre=1012, hidden={2, 3},
                     phase=Phase.DEFENSE_FIRE)
    aimed, ev = play(s, "aim 2 treads")
    assert aimed.secrets.camouflaged == {3}
    assert ev[0].text == "The marker at 1010 is a Heavy Tank"
    fired, _ = play(aimed, "fire")
    assert fired.secrets.camouflaged == {3}


def test_x16_8_04_antipersonnel_may_not_aim_at_a_marker():
    s = _camouflaged([("cp", 801), ("infantry", 1013, 3)], ogre=1012, hidden={2})
    assert refused(s, "target 2 ap=1").code == "no_target"
    shown = replace(s, secrets=NO_SECRETS)
    play(shown, "target 2 ap=1")


def test_x16_8_04_a_ram_onto_a_marker_is_refused_as_if_it_were_armor():
    # infantry under a marker: the Ogre, with its two rams spent, may not know it could overrun
    s = _camouflaged([("cp", 801), ("infantry", 1014, 3)], ogre=1015, hidden={2},
                     phase=Phase.OGRE_MOVE, rams=2)
    assert refused(s, "move O 1014").code == "two_rams"
    s2, ev = play(replace(s, ogres=(replace(s.ogre, rams=0),)), "move O 1014")
    assert [e.kind for e in ev][:2] == ["shown", "overrun"]


def test_x16_8_04_the_view_of_a_battle_over_shows_everything():
    s = _camouflaged([("cp", 801), ("heavy", 1010)], ogre=1515, hidden={2})
    over = replace(s, phase=Phase.OVER, result="Ogre Victory")
    assert view(over, "ogre") is over


# ---------------------------------------------------------------- whole battles

@pytest.mark.parametrize("seed", range(6))
def test_x16_whole_battles_with_mines_and_camouflage_keep_every_invariant(seed):
    board = mark_iii_field().board
    laid = [h for h in (1212, 1313, 1011, 714, 815, 1114, 612, 912, 1012, 1113)
            if h not in board.craters][:8]
    field = replace(mark_iii_field(), mines=tuple(laid))
    options = Options(mines=8, camouflage=True)
    rec = play_random_game(seed, field=field, on_step=check_step, options=options)
    assert rec.final.over
    assert first_problem(rec.final) is None


def test_x16_a_view_is_a_battle_the_rules_can_judge():
    s = new_game(replace(mark_iii_field(), mines=(1212,)), 3, 1,
                 options=Options(mines=1, camouflage=True))
    seen = view(s, "ogre")
    assert first_problem(seen) is None
    assert seen.secrets.unfound == 1 and not seen.secrets.mines
    after, _ = apply(seen, legal_actions(seen)[0])
    assert after.secrets.markers == seen.secrets.markers


def test_x16_8_03_a_move_that_rolled_for_a_mine_cannot_be_undone():
    s = _mined([("cp", 801)], ogre=1015, mines={1014}, seed=seed_for(4))
    s, _ = play(s, "move O 1014")                      # it did not go off: the Ogre felt it
    assert s.ogre.undo_hex == 1014
    assert refused(s, "undo O").code == "move_a_piece"  # nothing before it to undo


def test_x16_a_view_of_a_view_is_the_same_view():
    s = new_game(replace(mark_iii_field(), mines=(1212, 1313)), 3, 1,
                 options=Options(mines=2, camouflage=True))
    seen = view(s, "ogre")
    assert view(seen, "ogre") == seen
    assert seen.secrets.unfound == 2 and len(seen.secrets.markers) == len(s.pieces) - 1


def test_x16_a_file_that_holds_a_view_for_a_battle_is_played_to_its_end_without_a_fault():
    # a hostile save may hold a side's view as its battle: markers the rules know nothing of
    from ogre.ai.match import play as play_battle
    from ogre.ai.protocol import make_controller
    s = new_game(replace(mark_iii_field(), mines=(1212,)), 3, 2,
                 options=Options(mines=1, camouflage=True))
    rec = play_battle(view(s, "ogre"), make_controller("ogre", "Med", 2),
                      make_controller("defense", "Med", 2))
    assert rec.final.over and not rec.illegal


@pytest.mark.parametrize("seed", (1, 4))
def test_x16_the_other_sides_copy_opened_as_it_is_told_stays_the_owners_view_every_action(seed):
    # what a network guest attacking a host's sheet will hold: its view of the start, opened
    # with what each action shows; at the end every secret is told and it is the whole battle
    from ogre.ai.minelaying import with_mines
    from ogre.ai.protocol import make_controller
    from ogre.rules.sides import acting_side
    from ogre.rules.views import NOTHING_TOLD, opened, told_by, untold
    s = new_game(with_mines(mark_iii_field(), 10, seed), 3, seed,
                 options=Options(mines=10, camouflage=True))
    copy, told = view(s, "ogre"), NOTHING_TOLD
    players = {side: make_controller(side, "Med", seed) for side in ("ogre", "defense")}
    while not s.over:
        action = players[acting_side(s)].choose(view(s, acting_side(s)))
        after, events = apply(s, action)
        shown = told_by(s, events)
        if after.over:
            shown = shown + untold(s, told + shown)
        told = told + shown
        copy, _ = apply(opened(copy, shown), action)
        assert copy == view(after, "ogre")
        s = after
    assert copy == s and told.units and told.mines


def test_x16_a_telling_that_does_not_fit_the_view_is_a_lie():
    # (one that swaps two units the totals both hold fits: the commitments catch it)
    from ogre.rules.views import Told, opened
    s = new_game(replace(mark_iii_field(), mines=(1212,)), 3, 1,
                 options=Options(mines=1, camouflage=True))
    seen = view(s, "ogre")
    heavy = next(p for p in s.pieces if p.kind is Kind.HEAVY)
    assert opened(seen, Told(((heavy.id, Kind.HEAVY, 1),), (1212,))).piece(heavy.id).kind \
        is Kind.HEAVY
    for lie in (Told(((heavy.id, Kind.CP, 1),)),                # no CP lies under a marker
                Told(((1, Kind.HEAVY, 1),)),                    # the CP is under no marker
                Told((), (1212, 1313))):                        # more mines than lie unfound
        with pytest.raises(ValueError):
            opened(seen, lie)
