"""Mines and camouflage in files (X16): a save keeps the defender's sheet and replays exactly; a
field keeps its mines; a file that lies about them is refused in one sentence."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ogre.rules import apply, legal_actions, new_game
from ogre.rules.options import Options
from ogre.rules.secrets import NO_SECRETS
from ogre.storage.errors import StorageError
from ogre.storage.fields import field_from_text, field_to_text
from ogre.storage.games import Players, game_from_text, game_to_text
from tests.rules.helpers import mark_iii_field

HIDDEN = Options(mines=3, camouflage=True)


def _battle(steps: int = 40):
    start = new_game(replace(mark_iii_field(), mines=(1212, 1313, 1011)), 3, 7, options=HIDDEN)
    s, log = start, []
    for _ in range(steps):
        a = legal_actions(s)[-1]
        s, _ = apply(s, a)
        log.append(a)
    return start, s, log


def test_x16_a_saved_game_keeps_the_sheet_and_replays_exactly():
    start, s, log = _battle()
    saved = game_from_text(game_to_text(s, Players(count=2, computer=None), log, start=start),
                           "test")
    assert saved.state == s and saved.state.secrets == s.secrets
    assert saved.start.secrets.mines == {1212, 1313, 1011}
    assert saved.start.secrets.camouflaged == start.secrets.camouflaged


def test_x16_a_battle_without_mines_or_markers_writes_its_file_as_before():
    s = new_game(mark_iii_field(), 3, 7)
    text = game_to_text(s, Players())
    assert "secrets" not in text and "mines" not in text and "camouflage" not in text
    assert game_from_text(text, "test").state.secrets is NO_SECRETS


def test_x16_8_03_a_field_keeps_its_mines():
    field = replace(mark_iii_field(), mines=(1212, 1313))
    back = field_from_text(field_to_text(field, "Mined", 3), "test").field
    assert back.mines == (1212, 1313)
    assert '"mines"' not in field_to_text(mark_iii_field(), "Plain", 3)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(mines=["0107"]), "crater"),
    (lambda d: d.update(mines=["1212", "1212"]), "two mines"),
    (lambda d: d.update(mines=["1212"] * 41), "41"),
    (lambda d: d["pieces"].append({"kind": "marker", "hex": "1313"}), "not a kind of piece"),
])
def test_x16_a_field_file_that_lies_about_mines_or_markers_is_refused(change, words):
    doc = json.loads(field_to_text(mark_iii_field(), "Hostile", 3))
    change(doc)
    with pytest.raises(StorageError) as info:
        field_from_text(json.dumps(doc), "The field file")
    assert words in info.value.args[0]


@pytest.mark.parametrize("change, words", [
    (lambda st: st["secrets"].update(found=["1414"]), "found"),
    (lambda st: st["secrets"].update(camouflaged=[1]), "marker 1"),
    (lambda st: st["options"].pop("mines"), "not played with them"),
])
def test_x16_a_saved_sheet_that_lies_is_refused(change, words):
    start, s, log = _battle(0)
    doc = json.loads(game_to_text(s, Players(count=2, computer=None)))
    change(doc["state"])
    with pytest.raises(StorageError) as info:
        game_from_text(json.dumps(doc), "The saved game")
    assert words in info.value.args[0]


def test_x16_a_battle_log_of_mines_and_markers_replays_exactly():
    from ogre.ai.match import play
    from ogre.ai.protocol import make_controller
    from ogre.storage.battlelog import log_to_text, replay_text
    start = new_game(replace(mark_iii_field(), mines=(1212, 1313, 1011)), 3, 9, options=HIDDEN)
    actions: list = []
    rec = play(start, make_controller("ogre", "Med", 9), make_controller("defense", "Med", 9),
               on_step=lambda b, a, after, ev: actions.append(a))
    back, steps = replay_text(log_to_text(start, actions))
    assert back == start and back.secrets == start.secrets
    assert steps[-1].state == rec.final
