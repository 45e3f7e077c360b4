"""The action notation (X3): str(action) -> parse_action -> the same action, for every action
seen in random games; and nonsense is a ValueError."""

from __future__ import annotations

import pytest

from ogre.rules import (
    Aim,
    Clear,
    Done,
    Enter,
    Exit,
    Fire,
    Group,
    Move,
    OgreAim,
    Split,
    Undo,
    Weapon,
    parse_action,
)

from .random_play import play_random_game


@pytest.mark.parametrize("action, text", [
    (Enter(822), "enter 0822"),
    (Move(0, 1019), "move O 1019"),
    (Move(12, 107), "move 12 0107"),
    (Undo(0), "undo O"),
    (Undo(3), "undo 3"),
    (Group(4), "group 4"),
    (Split(5), "split 5"),
    (Exit(), "exit"),
    (OgreAim(12, (1, 0, 2, 0)), "target 12 missile=1 secondary=2"),
    (OgreAim(3, (0, 1, 0, 3)), "target 3 main=1 ap=3"),
    (Aim(7, Weapon.TREADS), "aim 7 treads"),
    (Aim(7, Weapon.AP), "aim 7 ap"),
    (Clear(), "clear"),
    (Fire(), "fire"),
    (Done(), "done"),
])
def test_x3_each_action_has_a_text_form(action, text):
    assert str(action) == text
    assert parse_action(text) == action


@pytest.mark.parametrize("text", [
    "", "   ", "jump", "move", "move O", "move X 0101", "move O 0122", "move O 101",
    "enter 1522", "enter", "undo", "aim 1", "aim 1 laser", "aim O", "target 1 treads=1",
    "target 1 missile=x", "target 1 cannon=1", "done now", "fire 1",
])
def test_x3_nonsense_is_a_value_error(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_x3_round_trip_every_action_in_random_games():
    seen = set()
    for seed in range(40):
        rec = play_random_game(seed, record=True)
        for a in rec.actions:
            text = str(a)
            assert parse_action(text) == a, text
            assert str(parse_action(text)) == text
            seen.add(type(a).__name__)
    assert seen == {"Enter", "Move", "Undo", "Group", "Split", "Exit", "OgreAim", "Aim",
                    "Clear", "Fire", "Done"}
