"""G2, issue 13: the computer's turn is paced by what each step showed, at every turn of a long
battle. Once the result window held 40 lines, nothing "grew" any more and from about turn 5 the
computer Ogre's moves, rams and shots flashed past in a fraction of a second."""

from __future__ import annotations

import pygame
import pytest

from ogre.ai import make_controller
from ogre.match.turns import MESSAGE_PAUSE, QUIET_PAUSE
from ogre.rules import Done, Enter, Fire, Move, OgreAim, new_game, parse_action
from ogre.rules.state import OGRE_ID
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App

SPACE = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _one_player(tmp_path, speed: str) -> tuple[App, FakeClock]:
    state = new_game(load_predesigned()[0].field, 3, seed=5)
    app = App(state=state, computer="ogre", ogre_skill="Low", prefs_folder=tmp_path)
    app.prefs = app.prefs.model_copy(update={"message_speed": speed})
    clock = FakeClock()
    app.commands.clock = clock
    return app, clock


def _computer_step(app: App) -> str:
    """Run frames until the computer applies one action (its hold must be over); that action."""
    b, c = app.battle, app.commands
    before = len(b.log)
    for _ in range(4):
        b.banner = []                      # a turning point's banner, read: it holds the turn
        app.step([])
        if c.thinking is not None:
            c.thinking.result(timeout=60)
        if len(b.log) > before:
            assert len(b.log) == before + 1
            return b.log[-1]
    raise AssertionError("the computer did not act once its hold was over")


def _holds(app: App, clock: FakeClock, pause: float) -> None:
    """The computer waits the whole pause before it even starts thinking of its next step."""
    c, n = app.commands, len(app.battle.log)
    assert c.hold_until - clock.now == pytest.approx(pause)
    clock.now += pause - 0.01
    app.step([])
    assert c.thinking is None and len(app.battle.log) == n
    clock.now += 0.01


def _shows_a_message(action) -> bool:
    return (isinstance(action, (Enter, OgreAim, Fire))
            or (isinstance(action, Move) and action.piece == OGRE_ID))


@pytest.mark.parametrize("speed", ["Low", "Med", "Hi"])
def test_g2_every_computer_step_holds_for_the_message_speed_for_twelve_turns(tmp_path, speed):
    app, clock = _one_player(tmp_path, speed)
    b = app.battle
    player = make_controller("defense", "Med", seed=2)
    held = {"move": 0, "ram/overrun": 0, "aim": 0, "fire": 0}
    computer_turns: set[int] = set()
    full_log_seen = False
    while not b.state.over and len(computer_turns) < 12:
        if not app.commands.computer_acting():
            assert b.act(player.choose(b.state), confirmed=True)     # the player's defence
            continue
        computer_turns.add(b.state.turn)
        results_before = list(b.results)
        action = parse_action(_computer_step(app))
        full_log_seen |= len(results_before) >= 40     # X11: the whole story is kept now
        if _shows_a_message(action):
            _holds(app, clock, MESSAGE_PAUSE[speed])
            kind = ("aim" if isinstance(action, OgreAim) else "fire" if isinstance(action, Fire)
                    else "ram/overrun" if any(w in b.results[-1] for w in ("rams", "overruns"))
                    else "move")
            held[kind] += 1
        else:
            assert isinstance(action, Done)
            _holds(app, clock, QUIET_PAUSE[speed])
    assert len(computer_turns) >= 12, f"the battle ended in turn {b.state.turn}"
    assert full_log_seen                    # the old defect's condition was reached and held
    assert all(held.values()), held         # every kind of step was seen holding


def test_g2_a_key_or_a_click_hurries_the_computers_message(tmp_path):
    app, clock = _one_player(tmp_path, "Low")
    c = app.commands
    for hurry in (SPACE, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.to_window((600, 400)),
                                            button=1)):
        _computer_step(app)
        assert c.hold_until - clock.now == pytest.approx(MESSAGE_PAUSE["Low"])
        app.step([hurry])                   # at once, without waiting for the clock
        assert c.hold_until == 0.0
        assert c.thinking is not None       # the next step is being thought of already
        c.thinking.result(timeout=60)
