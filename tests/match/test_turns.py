"""The computer's turn as the match's (issue 29, G2): think off the loop, hand over the choice,
hold it for the message speed - paced by a clock handed in, tested without waiting."""

from __future__ import annotations

from concurrent.futures import Future

from ogre.match.turns import MESSAGE_PAUSE, QUIET_PAUSE, ComputerTurn
from ogre.rules import Done, Fire, new_game
from ogre.storage.fields import load_predesigned


def _thought(action=None, error=None) -> Future:
    f: Future = Future()
    if error is not None:
        f.set_exception(error)
    elif action is not None:
        f.set_result(action)
    return f


def test_g2_a_turn_thinks_hands_over_the_choice_and_holds_it():
    now = [100.0]
    turn = ComputerTurn(lambda: now[0])
    state = new_game(load_predesigned()[0].field, 3, 1)
    pending = _thought()
    asked = []
    assert turn.step(state, lambda s: asked.append(s) or pending) is None    # thinking begins
    assert asked == [state] and turn.step(state, lambda s: pending) is None  # not done yet
    pending.set_result(Done())
    chosen = turn.step(state, lambda s: pending)
    assert chosen is not None and chosen.action == Done() and chosen.error is None
    turn.hold("Low", Done(), shown=0)
    assert turn.hold_until == 100.0 + QUIET_PAUSE["Low"]
    turn.hold("Low", Fire(), shown=1)                   # a shot told: the message pause
    assert turn.hold_until == 100.0 + MESSAGE_PAUSE["Low"]
    assert turn.step(state, lambda s: _thought(Done())) is None and turn.thinking is None
    now[0] += MESSAGE_PAUSE["Low"]                      # the hold is over: it thinks again
    assert turn.step(state, lambda s: _thought(Done())) is None and turn.thinking is not None


def test_g2_a_choice_for_a_battle_that_changed_is_dropped_and_an_error_handed_over():
    turn = ComputerTurn(lambda: 0.0)
    state = new_game(load_predesigned()[0].field, 3, 1)
    other = new_game(load_predesigned()[0].field, 3, 2)
    turn.step(state, lambda s: _thought(Done()))
    assert turn.step(other, lambda s: _thought(Done())) is None       # a load came between
    turn.step(state, lambda s: _thought(error=RuntimeError("broken plugin")))
    chosen = turn.step(state, lambda s: _thought())
    assert chosen is not None and isinstance(chosen.error, RuntimeError)
    turn.step(state, lambda s: _thought())
    turn.cancel()
    assert turn.thinking is None
