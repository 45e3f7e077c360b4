"""Issue 28: one bounded JSON reader for all that comes from outside - saves, fields, logs,
preferences, the record and network lines. Depth and number size are measured before any
object is built, and each breach is one sentence; nothing it reads can end the game."""

from __future__ import annotations

import json

import pytest

from ogre.rules import new_game
from ogre.storage import bounded
from ogre.storage.battlelog import log_to_text, replay_text
from ogre.storage.errors import StorageError
from ogre.storage.fields import load_predesigned
from ogre.storage.games import GameStore, Players, game_to_text


def _start():
    return new_game(load_predesigned()[0].field, 3, 5)


@pytest.mark.parametrize("text, phrase", [
    ("[" * 3000 + "]" * 3000, "it is nested more than 24 deep"),
    ('{"a": ' * 25 + "1" + "}" * 25, "it is nested more than 24 deep"),
    ("9" * 5000, "it holds a number longer than 24 digits"),
    ("[1e" + "9" * 30 + "]", "it holds a number longer than 24 digits"),
    ("[NaN]", "it holds NaN, which is not a number"),
    ("[-Infinity]", "it holds -Infinity, which is not a number"),
])
def test_issue28_json_past_a_limit_is_refused_before_it_is_built(text, phrase):
    with pytest.raises(bounded.JsonLimit) as err:
        bounded.loads(text)
    assert str(err.value) == phrase


def test_issue28_brackets_and_digits_inside_strings_do_not_count():
    text = json.dumps({"name": "[" * 500 + "9" * 500, "n": [[[1]]]})
    assert bounded.loads(text)["n"] == [[[1]]]
    assert bounded.loads('"\\\\"') == "\\"                 # an escaped backslash ends no string


def test_issue28_a_battle_log_whose_start_nests_3000_deep_is_one_sentence():
    text = "# OGRE battle log\nstart " + "[" * 3000 + "]" * 3000 + "\nenter 0822\n"
    with pytest.raises(StorageError) as err:
        replay_text(text, "The battle log x.txt")
    assert err.value.message == ("The battle log x.txt, line 2: the starting position cannot be "
                                 "read (it is nested more than 24 deep).")


def test_issue28_a_battle_log_with_a_5000_digit_number_is_one_sentence():
    text = log_to_text(_start(), []).replace('"turn":1', '"turn":' + "1" * 5000)
    with pytest.raises(StorageError) as err:
        replay_text(text, "The battle log x.txt")
    assert "longer than 24 digits" in err.value.message


def test_issue28_a_saved_game_nested_deep_or_with_a_huge_number_is_unreadable(tmp_path):
    store = GameStore(tmp_path)
    good = game_to_text(_start(), Players())
    store.slots.path(1).write_text(good.replace('"turn": 1', '"turn": ' + "7" * 5000))
    store.slots.path(2).write_text('{"format": "ogre-game", "x": ' + "[" * 3000 + "]" * 3000
                                   + "}")
    for slot in (1, 2):
        with pytest.raises(StorageError) as err:
            store.load(slot)
        assert err.value.code == "damaged" and "cannot be read: it" in err.value.message


def test_issue28_the_guest_copy_of_a_battle_replays_with_its_told_dice(tmp_path):
    """A network guest's saved battle (blind, with the faces it was told) replays exactly."""
    from ogre.ai.protocol import make_controller
    from ogre.rules import apply
    from ogre.rules.dice import rolls_between
    from ogre.rules.hidden import blind
    start = _start()
    s, log = start, []
    players = {side: make_controller(side, "Low", seed=4) for side in ("ogre", "defense")}
    from ogre.rules.sides import acting_side
    while s.turn < 3 and not s.over:
        action = players[acting_side(s)].choose(s)
        s, _ = apply(s, action)
        log.append(str(action))
    dice = rolls_between(start.rng, s.rng)
    store = GameStore(tmp_path)
    store.save(1, blind(s), Players(count=2, computer=None), log, start=blind(start), dice=dice)
    saved = store.load(1)
    assert saved.state == blind(s) and saved.dice == tuple(dice) and len(dice) > 0
    start_again, steps = replay_text(log_to_text(blind(start), log, dice=dice))
    assert steps[-1].state == blind(s)
    with pytest.raises(StorageError):                      # a die more than was rolled
        store.save(2, blind(s), Players(count=2, computer=None), log, start=blind(start),
                   dice=[*dice, 6])


def test_issue28_a_saved_battle_without_its_command_post_before_the_ogre_enters_is_refused(
        tmp_path):
    start = _start()
    text = game_to_text(start, Players())
    doc = json.loads(text)
    doc["state"]["pieces"] = [p for p in doc["state"]["pieces"] if p["kind"] != "cp"]
    store = GameStore(tmp_path)
    store.slots.path(1).write_text(json.dumps(doc))
    with pytest.raises(StorageError) as err:
        store.load(1)
    assert "no Command Post for the Ogre to attack" in err.value.message
