"""Battle logs and the replay viewer (X3)."""

import os
import random
import re

import pygame
from driver import Driver
from test_battle_setup import drawn_text

from ogre.rules import Move, apply, legal_actions, new_game
from ogre.storage.battlelog import log_to_text, read_log, replay_text, write_log
from ogre.storage.errors import StorageError
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.commands import battle_files
from ogre.ui.toolkit import theme


def played(seed: int = 4, n: int = 400):
    start = new_game(load_predesigned()[0].field, 3, seed)
    s, actions, rnd = start, [], random.Random(seed)
    for _ in range(n):
        if s.over:
            break
        a = rnd.choice(legal_actions(s))
        s, _ = apply(s, a)
        actions.append(a)
    return start, actions, s


def test_x3_a_replay_reproduces_the_end_state(tmp_path):
    start, actions, end = played()
    path = tmp_path / "battle.txt"
    write_log(path, start, actions)
    again, steps = read_log(path)
    assert again == start
    assert len(steps) == len(actions)
    assert steps[-1].state == end


def test_x3_a_log_that_does_not_replay_is_reported_at_its_first_bad_line():
    start, actions, _ = played(n=30)
    lines = log_to_text(start, actions).splitlines()
    lines[5] = "move 3 0101"                 # edited by hand: not a legal move here
    try:
        replay_text("\n".join(lines))
    except StorageError as exc:
        assert "line 6" in exc.message and "does not replay" in exc.message
    else:
        raise AssertionError("an edited log replayed")
    lines[5] = "fly to the moon"
    try:
        replay_text("\n".join(lines))
    except StorageError as exc:
        assert "line 6" in exc.message and "is not an action" in exc.message
    else:
        raise AssertionError("nonsense replayed")


def test_x3_replay_viewer_steps_forward_and_back_with_keys(tmp_path):
    # a replay that ends where a live battle would accept a move
    n = next(n for n in range(60, 200)
             if any(isinstance(a, Move) for a in legal_actions(played(n=n)[2])))
    start, actions, end = played(n=n)
    path = tmp_path / "battle.txt"
    write_log(path, start, actions)
    app = App(replay=path)
    d = Driver(app)
    screen = app.screen
    assert screen.index == 0 and screen.battle.state == start
    d.key(pygame.K_RIGHT)
    d.key(pygame.K_RIGHT)
    assert screen.index == 2 and screen.tactical_lines()[0] == f"Replay: step 2 of {n}"
    d.key(pygame.K_LEFT)
    assert screen.index == 1
    d.key(pygame.K_END, mod=pygame.KMOD_SHIFT)
    assert screen.battle.state == end
    # A move that would be legal in a live battle, and Done: the replay plays neither.
    mv = next(a for a in legal_actions(end) if isinstance(a, Move))
    d.drag_hex(end.piece(mv.piece).hex if mv.piece else end.ogre.hex, mv.to)
    d.key(pygame.K_d)
    assert screen.battle.state == end and screen.index == len(actions)


def test_x3_a_missing_log_is_one_clear_sentence(tmp_path):
    app = App(replay=tmp_path / "nope.txt")
    assert app.dialog is not None and "does not exist" in app.dialog.message


def test_x3_export_the_log_from_a_battle(tmp_path):
    start, actions, _ = played(n=20)
    app = App(state=start)
    app.battle.dialog = None
    for a in actions:
        assert app.battle.act(a, confirmed=True)
    battle_files.export_log(app.commands)
    assert app.dialog is not None and "--replay" in app.dialog.message
    path = next((tmp_path / "home" / "data" / "logs").glob("battle-*.txt"))
    again, steps = read_log(path)
    assert again == start and steps[-1].state == app.battle.state


def _notation(words: str) -> bool:
    """A line in the log's notation ('move 8 0808', 'enter 0422', 'done')."""
    return bool(re.match(r"^(enter|move|undo|group|split|exit|target|aim|clear|fire|done)\b",
                         words))


def test_x3_the_replay_says_each_step_in_words_as_the_live_panel_does(tmp_path):
    """Issue 30 (14): the replay showed "Click a lit hex on the bottom row" and raw notation
    ("REPLAY 8/23: move 8 0808")."""
    start, actions, _ = played(n=120)
    path = tmp_path / "battle.txt"
    write_log(path, start, actions)
    app = App(replay=path)
    d = Driver(app)
    screen = app.screen
    said = [w for w, _ in drawn_text(app)]
    assert not any("Click a lit hex" in w or "REPLAY" in w for w in said)
    assert "The start of the battle." in said
    moves = [i for i, a in enumerate(actions, 1) if isinstance(a, Move) and a.piece]
    for i in range(1, moves[0] + 1):
        d.key(pygame.K_RIGHT)
    said = [w for w, _ in drawn_text(app)]
    shown = " ".join(said)
    assert f"Replay: step {moves[0]} of {len(actions)}" in said
    mover = (screen.steps[moves[0] - 2].state if moves[0] > 1 else start).known(
        actions[moves[0] - 1].piece)
    assert f"{mover.name} at {mover.hex:04d} moves to {actions[moves[0] - 1].to:04d}" in shown
    assert "Ogre enters at" in shown                          # the history, as the live panel's
    assert not any(_notation(w) for w in said), [w for w in said if _notation(w)]
    for _ in range(len(actions)):                             # every step has its words
        d.key(pygame.K_RIGHT)
        assert not any(_notation(w) for w in screen.tactical_lines())
    if os.environ.get("OGRE_UX_SHOTS"):
        d.key(pygame.K_HOME, mod=pygame.KMOD_SHIFT)
        for _ in range(moves[0]):
            d.key(pygame.K_RIGHT)
        app.dirty = True
        app.step([])
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_UX_SHOTS"], "replay.png"))


def test_x3_the_replay_dims_every_button_and_keeps_the_maps_top_row_clear(tmp_path):
    """Nothing can be played in a replay, so no button looks pressable; its banner has a
    stripe of its own above the map instead of covering the top row."""
    start, actions, _ = played(n=20)
    path = tmp_path / "battle.txt"
    write_log(path, start, actions)
    app = App(replay=path)
    app.step([])
    screen = app.screen
    assert screen.battle.buttons and not any(b.enabled() for b in screen.battle.buttons)
    banner = screen.banner_rect()
    assert banner.top >= theme.MENU_H and banner.bottom <= screen.map.rect.top
    d = Driver(app)
    d.key(pygame.K_RIGHT)
    assert screen.index == 1
