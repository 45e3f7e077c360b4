"""The battle in progress as one model (issue 29): a Match holds the state, the log from the
battle's start, the told dice, who plays each side, the field's name and the advice asked, and
is the one place that saves, exports, reports and records a battle."""

from __future__ import annotations

import json

import pytest

from ogre.ai.protocol import make_controller
from ogre.match import Match, Seat, seats_for
from ogre.rules import new_game
from ogre.rules.hidden import blind
from ogre.rules.sides import acting_side
from ogre.storage.atomic import read_text_limited
from ogre.storage.battlelog import replay_text
from ogre.storage.fields import load_predesigned
from ogre.storage.games import (
    SIZE_LIMIT,
    GameStore,
    Players,
    SavedGame,
    game_from_text,
    game_to_text,
    log_problem,
)
from ogre.storage.record import Side
from ogre.storage.recovery import RecoverySlot


def _played(turns: int = 2, seats=None) -> Match:
    start = new_game(load_predesigned()[0].field, 3, 8)
    match = Match.begin(start, seats=seats or seats_for("ogre", "Med"), field_name="Umbrella")
    players = {side: make_controller(side, "Low", seed=8) for side in ("ogre", "defense")}
    while match.state.turn <= turns and not match.over:
        events = match.act(players[acting_side(match.state)].choose(match.state))
        assert events is not None
    return match


def test_g6_x3_a_match_is_its_log_played_from_its_start():
    m = _played()
    assert m.log and log_problem(m.start, m.log, m.state) is None
    start, steps = replay_text(m.log_text())
    assert start == m.start and steps[-1].state == m.state
    report = m.report()
    assert report.turns == m.state.turn


def test_g6_what_would_be_lost_is_what_moved_on_since_it_was_kept():
    start = new_game(load_predesigned()[0].field, 3, 8)
    m = Match.begin(start)
    assert not m.at_risk()                              # nothing played: nothing to lose
    m = _played(1)
    assert m.at_risk()
    m.kept()
    assert not m.at_risk() and m.may_keep_ogre()
    m.give_up()                                        # "Don't Save": lost, and its Ogre too
    assert not m.at_risk() and not m.may_keep_ogre()


def test_g1_a_lessons_ogre_is_never_kept_for_another_field():
    m = _played(1, seats={"ogre": Seat("lesson"), "defense": Seat()})
    assert not m.may_keep_ogre()
    assert m.players() == Players(count=2, computer=None, skill="Low")


def test_g6_x9_x10_seats_say_who_played_in_the_save_and_in_the_record():
    m = _played(1)
    assert m.players("Hi") == Players(count=1, computer="ogre", skill="Med")
    m.seats = {"ogre": Seat("remote", name="Ann"), "defense": Seat()}
    assert m.players("Hi") == Players(count=2, computer=None, skill="Hi")
    assert m.seats["ogre"].record_side() == Side(who="remote", name="Ann")
    assert Seat("computer", "mybots:Careful").record_side() == Side(who="computer",
                                                                     name="mybots:Careful")


def test_g6_x10_a_match_saves_whole_and_loads_the_same(tmp_path):
    m = _played(2)
    guest = Match.begin(blind(m.state), start=blind(m.start), log=m.log,
                        told=_told(m), seats=m.seats, field_name="Umbrella")
    store = GameStore(tmp_path)
    guest.save_to(store, 1)
    saved = store.load(1)
    assert (saved.state, list(saved.log), saved.dice) == (guest.state, guest.log,
                                                          tuple(guest.told))
    assert saved.field_name == "Umbrella" and not guest.at_risk()


def _told(m: Match) -> list[int]:
    from ogre.rules.dice import rolls_between
    return rolls_between(m.start.rng, m.state.rng)


def test_x3_a_match_never_takes_its_state_for_the_start_of_its_log():
    m = _played(1)
    with pytest.raises(ValueError, match="start"):
        Match.begin(m.state, log=m.log)
    with pytest.raises(ValueError, match="start"):
        Match.begin(blind(m.state), told=[3, 5])
    assert Match.begin(m.state).start == m.state        # no log: the battle starts here


PLAYED = _played(2)
KINDS = {
    "whole": PLAYED,
    "guest's": Match.begin(blind(PLAYED.state), start=blind(PLAYED.start), log=PLAYED.log,
                           told=_told(PLAYED), seats=PLAYED.seats, field_name="Umbrella"),
    "without start": PLAYED,        # a save made before the battle's start was kept
}


def _load(how: str, m: Match, tmp_path, drop_start: bool) -> SavedGame | None:
    """Keep `m` the way `how` does, perhaps take its start out, and load it the same way."""
    store, slot = GameStore(tmp_path / "games"), RecoverySlot(tmp_path / "recovery")
    if how == "save slot":
        m.save_to(store, 2)
        path = store.slots.path(2)
    elif how == "recovery slot":
        slot.keep(m.state, m.players(), m.log, m.field_name, m.start, m.advice_asked,
                  dice=m.told)
        path = slot.path
    else:
        path = tmp_path / "battle.json"
        path.write_text(game_to_text(m.state, m.players(), m.log, m.field_name, start=m.start,
                                     dice=m.told), encoding="utf-8")
    if drop_start:
        doc = json.loads(path.read_text(encoding="utf-8"))
        del doc.get("game", doc)["start"]
        path.write_text(json.dumps(doc), encoding="utf-8")
    if how == "save slot":
        return store.load(2)
    if how == "recovery slot":
        return slot.read()
    return game_from_text(read_text_limited(path, SIZE_LIMIT, "The file"), "The file")


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("how", ["save slot", "recovery slot", "file"])
def test_g6_x3_x12_every_battle_loaded_is_its_log_played_from_its_start(tmp_path, how, kind):
    m = KINDS[kind]
    saved = _load(how, m, tmp_path, drop_start=kind == "without start")
    assert saved is not None and saved.state == m.state
    start = saved.start if saved.start is not None else saved.state
    assert log_problem(start, list(saved.log), saved.state, list(saved.dice)) is None
    if kind == "without start":
        assert saved.log == () and saved.notice.endswith("so it goes on without its log.")
    else:
        assert list(saved.log) == m.log and saved.dice == tuple(m.told) and not saved.notice
    # as the game goes on with it: Export writes a log that replays to the loaded position
    loaded = Match.begin(saved.state, start=saved.start, log=saved.log, told=saved.dice)
    first, steps = replay_text(loaded.log_text())
    assert first == start and (steps[-1].state if steps else first) == saved.state


def test_x5_x10_the_match_knows_what_decides_for_each_seat_and_asks_the_one_whose_turn_it_is():
    state = new_game(load_predesigned()[0].field, 3, 4)
    m = Match.begin(state, seats=seats_for("ogre", "Low"))
    assert m.controller_to_act() is None                    # no one decides for the Ogre yet
    ogre, defence = make_controller("ogre", "Low", seed=1), make_controller("defense", "Low")
    m.control("ogre", ogre)
    m.control("defense", defence)                           # two computers: the arena's way
    seen = []
    while not m.over and len(m.log) < 60:
        chooser = m.controller_to_act()
        assert chooser is (ogre if acting_side(m.state) == "ogre" else defence)
        seen.append(acting_side(m.state))
        m.act(chooser.choose(m.state))
    assert {"ogre", "defense"} <= set(seen)
    m.control("defense", None)
    while acting_side(m.state) != "defense" and not m.over:
        m.act(m.controller_to_act().choose(m.state))
    assert m.over or m.controller_to_act() is None           # the player's turn: no one decides


def test_x6_x10_a_vet_speaks_first_and_a_guest_plays_its_own_way():
    state = new_game(load_predesigned()[0].field, 3, 4)
    m = Match.begin(state)
    action = make_controller("ogre", "Low").choose(state)
    assert m.refusal(action) is None
    m.vetted_by(lambda a: "Not yet: read the lesson first.")
    assert m.refusal(action) == "Not yet: read the lesson first."
    sent = []
    m.played_with(lambda s, a: sent.append(a))               # sent away: the host rolls
    assert m.act(action) is None and sent == [action] and m.log == [] and m.state is state
