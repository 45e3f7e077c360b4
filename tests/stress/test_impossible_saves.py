"""Saved games that fit the file's schema but hold a position no battle can reach (a file edited
by hand, or damaged in a way JSON cannot see). Found by feeding such files to the real app: an
Ogre nowhere in its movement phase stopped the game with a KeyError, an aim at a missing piece
with an AttributeError while drawing. Now they are unreadable slots with the reason, like any
other damaged file, and every position real play reaches still saves and loads."""

from __future__ import annotations

import json

import pygame
import pytest
from stress_helpers import Player, one_sentence

from ogre.ai import make_controller
from ogre.ai.match import play
from ogre.rules import Enter, apply, legal_actions, new_game
from ogre.rules.invariants import first_problem
from ogre.storage.errors import StorageError
from ogre.storage.fields import load_predesigned
from ogre.storage.games import Players, game_from_text, game_to_text
from ogre.storage.paths import games_folder
from ogre.ui.app import App
from tests.rules.random_play import choose_chaotic, play_random_game


def _entered():
    s = new_game(load_predesigned()[0].field, 3, 5)
    s, _ = apply(s, next(a for a in legal_actions(s) if isinstance(a, Enter)))
    return s


def _doc():
    return json.loads(game_to_text(_entered(), Players(count=2, computer=None)))


def _start_doc():
    """The battle's first position, as a saved game's "start" holds it."""
    return json.loads(game_to_text(new_game(load_predesigned()[0].field, 3, 5), Players(
        count=2, computer=None)))["state"]


def _cp_index(d):
    return [p["kind"] for p in d["state"]["pieces"]].index("cp")


def _set(path, value):
    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value(d) if callable(value) else value
    return change


def _put(i, h):
    """Piece i on hex h, as if it began the phase there."""
    return _both(_set(("state", "pieces", i, "hex"), h), _set(("state", "pieces", i, "start"), h))


def _phase(phase):
    def change(d):
        d["state"]["phase"] = phase
        d["label"]["phase"] = phase
    return change


def _both(*changes):
    def change(d):
        for c in changes:
            c(d)
    return change


IMPOSSIBLE = {
    "Ogre nowhere in its move": (_set(("state", "ogres", 0, "hex"), None),
                                 "the Ogre is not on a hex of the map it can stand on"),
    "Ogre on a crater": (_set(("state", "ogres", 0, "hex"),
                              lambda d: d["state"]["board"]["craters"][0]),
                         "the Ogre is not on a hex of the map it can stand on"),
    "aim at a missing piece": (_both(_phase("ogre_fire"),
                                     _set(("state", "aim"),
                                          {"target": 999, "weapons": [1, 0, 0, 0]})),
                               "the Ogre aims at a piece that is not there, "
                               "or with weapons it lacks"),
    "aim with a missing piece": (_both(_phase("defense_fire"),
                                       _set(("state", "aim"),
                                            {"part": "treads", "attackers": [999]})),
                                 "the defence aims with a piece that is not there"),
    "aim in a move phase": (_set(("state", "aim"), {"target": 1, "weapons": [0, 0, 0, 0]}),
                            "something is aimed outside a fire phase"),
    "two Command Posts": (lambda d: (d["state"]["pieces"].append(
        dict(d["state"]["pieces"][_cp_index(d)], id=d["state"]["next_id"], hex="0101")),
        d["state"].__setitem__("next_id", d["state"]["next_id"] + 1)),
        "there is more than one Command Post"),
    "a piece in a crater": (_set(("state", "pieces", 0, "hex"),
                                 lambda d: d["state"]["board"]["craters"][0]),
                            "a piece stands in the crater at"),
    "a result before the end": (_set(("state", "result"), "Ogre Victory"),
                                "the battle's result and its phase disagree"),
    "left the map, battle on": (_set(("state", "ogres", 0, "exited"), True),
                                "the Ogre is on the map before it enters or after it left"),
    "fired more than it has": (_set(("state", "ogres", 0, "fired"), [0, 9, 9, 9]),
                               "the Ogre has fired more weapons than it has"),
    # issue 15: each of these loaded, and crashed, hung or played an impossible battle
    "undo hex null in the Ogre's move": (
        _set(("state", "ogres", 0, "undo_hex"), None),
        "the Ogre would undo its move to a hex it cannot stand on"),
    "undo hex on a crater": (_set(("state", "ogres", 0, "undo_hex"),
                                  lambda d: d["state"]["board"]["craters"][0]),
                             "the Ogre would undo its move to a hex it cannot stand on"),
    "a piece's start null": (_set(("state", "pieces", 3, "start"), None),
                             "piece 4 would undo to a hex that is not on the map"),
    "a piece's start on a crater": (_set(("state", "pieces", 3, "start"),
                                         lambda d: d["state"]["board"]["craters"][0]),
                                    "piece 4 would undo to a hex that is not on the map"),
    "a turn of 21 digits": (_both(_set(("state", "turn"), 10 ** 20),
                                  _set(("label", "turn"), 10 ** 20)),
                               "the turn number is beyond any battle's length"),
    "CP and howitzer on one hex": (_both(_phase("defense_move"),
                                         _put(1, "0802")),
                                   "two pieces began the phase on the hex 0802"),
    "8 pieces on one hex": (_both(_phase("defense_move"), *[
        _put(i, "0806") for i in range(1, 8)]),
        "two pieces began the phase on the hex 0806"),
    "18 pieces on one hex": (_both(_phase("defense_move"), *[
        _put(i, "0806") for i in range(18)]),
        "two pieces began the phase on the hex 0806"),
    "one defender aimed 20 times": (_both(_phase("defense_fire"), _set(
        ("state", "aim"), {"part": "treads", "attackers": [4] * 20})),
        "the defence aims a piece more times than it may fire"),
    "disabled in turn 999": (_set(("state", "pieces", 3, "disabled_turn"), 999),
                             "piece 4 has stayed disabled longer than a turn"),
    "50 missiles spent": (_set(("state", "ogres", 0, "missiles_spent"), 50),
                          "the Ogre has fired more missiles than a Mark III carries"),
    "moved 10^9 hexes": (_set(("state", "ogres", 0, "moved"), 10 ** 9),
                         "the Ogre has moved further than it can in a turn"),
    "7 rams": (_set(("state", "ogres", 0, "rams"), 7),
               "the Ogre has rammed more than twice in a turn"),
    "a log that does not replay": (_both(_set(("start",), lambda d: _start_doc()),
                                         _set(("log",), ["enter 0121", "move O 0101"])),
                                   "log entry 2 does not replay from the battle's start"),
    "a log that leads elsewhere": (
        _both(_set(("start",), lambda d: _start_doc()), _set(("log",), ["enter 0222"])),
        "the log does not lead from the battle's start to this position"),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_an_impossible_saved_game_is_an_unreadable_slot_with_its_reason(name):
    change, why = IMPOSSIBLE[name]
    doc = _doc()
    change(doc)
    text = json.dumps(doc)
    with pytest.raises(StorageError) as err:
        game_from_text(text, "Saved game 2")
    assert err.value.code == "invalid" and why in err.value.message
    assert one_sentence(err.value.message), err.value.message
    folder = games_folder()
    folder.mkdir(parents=True)
    (folder / "slot2.json").write_text(text)
    app = App()
    p = Player(app)
    p.menu("Menu", "Load a Game")
    words, usable = p.dialog.rows[1]
    assert not usable and words.startswith("2. Saved game 2 is not a valid saved game file: ")
    assert why in words
    p.key(pygame.K_DOWN)
    assert p.dialog.selected == -1
    p.key(pygame.K_ESCAPE)
    assert app.running and app.battle is None


def _assert_every_state_is_possible(before, action, after, events):
    assert first_problem(after) is None, (action, first_problem(after))


@pytest.mark.slow          # `make test-all` and CI; the computer games' positions: `make test`
def test_every_position_of_random_and_chaotic_games_is_possible_and_round_trips():
    fields = load_predesigned()
    n = 0
    for seed in range(40):
        rec = fields[seed % len(fields)]
        policy = {} if seed % 3 else {"policy": choose_chaotic}
        game = play_random_game(seed, mark=rec.mark, field=rec.field, record=True, damaged=False,
                                on_step=_assert_every_state_is_possible, **policy)
        state = game.final
        assert first_problem(state) is None
        # a few positions of each game through the file and back
        s = new_game(rec.field, rec.mark, seed)
        for i, action in enumerate(game.actions):
            s, _ = apply(s, action)
            if i % 37 == 0 or s.over:
                assert game_from_text(game_to_text(s, Players()), "x").state == s
                n += 1
    assert n > 100


def test_every_position_of_computer_games_is_possible():
    fields = load_predesigned()
    for i, rec in enumerate(fields):
        state = new_game(rec.field, rec.mark, 100 + i)
        seen = []

        class Watch:
            def __init__(self, inner):
                self.inner, self.side = inner, inner.side

            def choose(self, s):
                seen.append(s)
                return self.inner.choose(s)
        r = play(state, Watch(make_controller("ogre", "Med", seed=i)),
                 Watch(make_controller("defense", "Low", seed=i)))
        for s in seen + [r.final]:
            assert first_problem(s) is None, first_problem(s)
