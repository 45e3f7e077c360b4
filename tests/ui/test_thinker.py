"""Issue 17, goal 5: the computer thinks in a worker process, so the frame loop keeps the GIL.
The worker answers exactly as the thread would, a cancelled answer is dropped, a dead worker
hands the thinking back to the thread, and no worker outlives the app."""

from __future__ import annotations

import time

import pygame
import pytest
from test_battle_setup import CP, GEV, HEAVY, P, battle_app

from ogre.ai import make_controller
from ogre.ai.advice import advise
from ogre.rules import apply, new_game
from ogre.rules.state import Phase
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.overlays.thinker import AdviceThought, Mind, ProcessThinker, Thought, WorkerGone

WAIT = 30.0          # seconds: a spawned worker imports the rules and the players first


def wait(thought, limit: float = WAIT):
    end = time.monotonic() + limit
    while not thought.done():
        assert time.monotonic() < end, "the worker never answered"
        time.sleep(0.005)
    return thought.result()


def first_field(mark: int = 3):
    return next(r.field for r in load_predesigned() if r.mark == mark)


def test_x1_g3_the_worker_plays_a_whole_battle_exactly_as_the_thread_would():
    state = new_game(first_field(), 3, 4242)
    ogre, defense = make_controller("ogre", "Med", seed=7), make_controller("defense", "Med",
                                                                            seed=7)
    thinker = ProcessThinker()
    try:
        s, n = state, 0
        while not s.over and n < 400:
            side = "ogre" if s.phase.value.startswith("ogre") else "defense"
            local = (ogre if side == "ogre" else defense).choose(s)
            remote = wait(thinker.submit(side, "Med", 7, s))
            assert remote == local, f"action {n} differs"
            s, _ = apply(s, local)
            n += 1
        assert n > 50
    finally:
        thinker.close()
    assert not thinker.proc.is_alive()


def test_g2_a_cancelled_request_is_dropped_and_the_next_one_answered():
    s = new_game(first_field(), 3, 1)
    thinker = ProcessThinker()
    try:
        old = thinker.submit("ogre", "Hi", 3, s)
        old.cancel()
        new = thinker.submit("ogre", "Hi", 3, s)
        assert wait(new) == make_controller("ogre", "Hi", seed=3).choose(s)
        assert old.number not in thinker.answers and not thinker.waiting
    finally:
        thinker.close()


def test_g2_a_dead_worker_gives_worker_gone_and_the_mind_falls_back_to_the_thread():
    s = new_game(first_field(), 3, 1)
    mind = Mind()
    mind.on_thread = False
    controller = make_controller("ogre", "Med", seed=5)
    mind.use(controller, ("ogre", "Med", 5))
    try:
        assert mind.thinker is not None
        mind.thinker.proc.kill()
        mind.thinker.proc.join(5)
        thought = mind.think(controller, s)
        assert isinstance(thought, Thought)
        with pytest.raises(WorkerGone):
            wait(thought)
        mind.fall_back()
        future = mind.think(controller, s)
        assert not isinstance(future, Thought)
        assert future.result(timeout=WAIT) == controller.choose(s)
    finally:
        mind.shutdown()


def test_g2_one_player_battle_thinks_in_the_worker_and_the_app_stops_it(monkeypatch):
    monkeypatch.setenv("OGRE_THINK", "process")
    app = App(state=new_game(first_field(), 3, 77), computer="ogre", ogre_skill="Med")
    app.commands.set_computer("ogre")
    app.commands.clock = lambda: time.monotonic() * 50
    thinker = app.commands.mind.thinker
    assert thinker is not None and thinker.proc.is_alive()
    end = time.monotonic() + WAIT
    while app.battle.state.ogre.hex == 0:          # the computer Ogre enters from the worker
        assert time.monotonic() < end, "the computer Ogre never entered"
        app.step([])
        time.sleep(0.002)
    assert app.commands.mind.thinker is thinker and thinker.number >= 1
    app.commands.shutdown()
    assert not thinker.proc.is_alive()


def test_x8_the_worker_advises_exactly_as_the_thread_would():
    s = new_game(first_field(), 3, 9)
    while s.phase.value.startswith("ogre"):          # the Ogre enters: the defence is to move
        s, _ = apply(s, make_controller("ogre", "Med", seed=9).choose(s))
    thinker = ProcessThinker()
    try:
        remote = wait(thinker.submit_advice(s, 4))
    finally:
        thinker.close()
    local = advise(s, 4)
    assert remote == local and remote.side == "defense" and remote.moves


def test_x8_g2_the_a_key_asks_the_worker_and_the_advice_shows(monkeypatch):
    # The Advice thinks where the computer opponent does: in the worker, never on the frame loop.
    monkeypatch.setenv("OGRE_THINK", "process")
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016), P(GEV, 1116)], Phase.DEFENSE_MOVE, 1021)
    try:
        state = app.battle.state
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="",
                                     scancode=0)])
        assert isinstance(app.advice.thinking, AdviceThought)
        end = time.monotonic() + WAIT
        while app.advice.thinking is not None:
            assert time.monotonic() < end, "the worker never advised"
            app.step([])
            time.sleep(0.002)
        assert app.advice.advice == advise(state, app.seed)
        assert app.advice.advice.moves and app.battle.state is state     # shown, not played
    finally:
        app.commands.shutdown()
