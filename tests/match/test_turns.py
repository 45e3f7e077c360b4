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


def _match_with_computer_ogre():
    from ogre.ai.protocol import make_controller
    from ogre.match import Match, seats_for

    match = Match.begin(new_game(load_predesigned()[0].field, 3, 1), seats=seats_for("ogre", "Low"))
    match.control("ogre", make_controller("ogre", "Low", seed=1))
    return match


class _Asked:
    """A controller stand-in whose choice is given: what the window's thinking would hand back."""

    def __init__(self, action=None, error=None) -> None:
        self.action, self.error = action, error

    def think(self, controller, state) -> Future:
        return _thought(self.action, self.error)


def test_g2_the_match_plays_the_computers_step_and_hands_the_screen_what_to_draw():
    from ogre.rules import legal_actions

    match = _match_with_computer_ogre()
    turn = ComputerTurn(lambda: 0.0)
    start = match.state
    entry = legal_actions(start)[0]
    asked = _Asked(entry)
    assert match.computer_step(turn, asked.think) is None          # thinking begins
    play = match.computer_step(turn, asked.think)
    assert play is not None and play.action == entry and play.before is start
    assert play.events and match.state != start and match.log == [str(entry)]
    match.control("ogre", None)                                     # a player here acts: none
    assert match.computer_step(turn, asked.think) is None


def test_g2_the_match_refuses_the_computers_illegal_choice_and_hands_over_its_error():
    from ogre.rules.actions import Move

    for asked, refused, error in [(_Asked(Move(5, 101)), True, None),
                                  (_Asked(error=RuntimeError("broken plugin")), False, True)]:
        match = _match_with_computer_ogre()
        turn = ComputerTurn(lambda: 0.0)
        start = match.state
        match.computer_step(turn, asked.think)
        play = match.computer_step(turn, asked.think)
        assert play is not None and play.events is None
        assert bool(play.refused) is refused and (play.error is not None) is bool(error)
        assert match.state is start and match.log == []               # untouched


def test_x6_the_match_asks_the_lessons_word_on_the_computers_choice_first():
    from ogre.rules import legal_actions

    match = _match_with_computer_ogre()
    match.vetted_by(lambda action: "NOT IN THIS LESSON")
    turn = ComputerTurn(lambda: 0.0)
    asked = _Asked(legal_actions(match.state)[0])
    match.computer_step(turn, asked.think)
    play = match.computer_step(turn, asked.think)
    assert play is not None and play.refused == "NOT IN THIS LESSON" and match.log == []
