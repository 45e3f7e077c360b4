"""Advice on screen (X8): the A key and Menu > Advice show the computer's plan as arrows and
aims over the map, never playing it, never blocking the frame loop, and only in a player's own
phases; the number of times it was asked goes with the battle into saves and logs."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pygame
from test_battle_setup import CP, GEV, HEAVY, INF, MISSILE, P, battle_app
from test_one_player import one_player

from ogre.rules import Done
from ogre.rules.state import OGRE_PHASES, Phase
from ogre.storage.battlelog import advice_in_log, log_to_text, replay_text
from ogre.storage.games import GameStore, Players, game_from_text, game_to_text
from ogre.ui.overlays.advice_view import ARROW, NOT_NOW


def _key(app, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def _advised(app):
    """Ask with the A key and let the thinking thread finish, frame by frame."""
    _key(app, pygame.K_a)
    for _ in range(500):
        if app.advice.thinking is None:
            break
        app.advice.thinking.result(timeout=60)
        app.step([])
    return app.advice.advice


def _arrow_pixels(app) -> int:
    app.dirty = True
    app.step([])
    m = app.battle.map.rect
    surface = app.canvas.subsurface(m)
    return sum(1 for x in range(0, m.width, 2) for y in range(0, m.height, 2)
               if surface.get_at((x, y))[:3] == ARROW)


def test_x8_the_a_key_shows_the_advice_and_plays_none_of_it():
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016), P(GEV, 1116)], Phase.DEFENSE_MOVE, 1021)
    state, log = app.battle.state, list(app.battle.log)
    before = _arrow_pixels(app)
    advice = _advised(app)
    assert advice is not None and advice.side == "defense" and advice.moves
    assert app.battle.state is state and app.battle.log == log     # nothing was played
    assert app.battle.advice_asked == 1
    assert _arrow_pixels(app) > before + 50                        # the arrows are drawn
    _key(app, pygame.K_a)                                          # A again hides them
    assert app.advice.advice is None and _arrow_pixels(app) == before


def test_x8_the_advice_goes_when_the_phase_ends():
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016)], Phase.DEFENSE_MOVE, 1021)
    assert _advised(app) is not None
    for action in app.advice.advice.actions:                       # the player follows it
        app.battle.act(action)
    app.step([])
    assert app.advice.advice is not None                           # it stays, done
    app.battle.act(Done())
    app.step([])
    assert app.advice.advice is None


def test_x8_the_thinking_never_blocks_a_frame():
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016), P(GEV, 1116)], Phase.DEFENSE_MOVE, 1021)
    frames = app.frames
    _key(app, pygame.K_a)                          # the key returns at once, thinking or not
    assert app.frames > frames and app.battle.advice_asked == 1


def test_x8_advice_is_dimmed_in_the_computers_phases():
    app = one_player("ogre")
    assert app.battle.state.phase in OGRE_PHASES and app.commands.computer_acting()
    command = next(c for c in app.menubar.menus[0].commands if c.label == "Advice")
    assert not command.enabled()
    _key(app, pygame.K_a)            # in the computer's turn a key only hurries it (G2)
    assert app.battle.advice_asked == 0 and app.advice.thinking is None


def test_x8_advice_over_a_finished_battle_is_refused_in_one_sentence():
    app, _ = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1021)
    app.battle.match.state = replace(app.battle.state, phase=Phase.OVER, result="Ogre Victory")
    _key(app, pygame.K_a)
    assert app.battle.message == NOT_NOW and app.battle.advice_asked == 0


def test_x8_the_count_goes_into_saves_and_logs_and_old_ones_read_as_none(tmp_path):
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016)], Phase.DEFENSE_MOVE, 1021)
    s = app.battle.state
    text = game_to_text(s, Players(count=2, computer=None), advice_asked=3)
    assert game_from_text(text, "test").advice_asked == 3
    doc = json.loads(game_to_text(s, Players(count=2, computer=None)))
    del doc["advice_asked"]                       # a save from before X8
    assert game_from_text(json.dumps(doc), "test").advice_asked == 0
    store = GameStore(tmp_path)
    store.save(1, s, Players(count=2, computer=None), advice_asked=2)
    assert store.load(1).advice_asked == 2
    log = log_to_text(s, ["done"], advice_asked=4)
    assert advice_in_log(log) == 4 and len(replay_text(log)[1]) == 1    # it still replays
    assert advice_in_log(log_to_text(s, ["done"])) == 0


DENSE = [P(CP, 1418), P(HEAVY, 1016), P(MISSILE, 1015), P(INF, 1116, 3), P(GEV, 916),
         P(INF, 1115, 2), P(HEAVY, 915), P(MISSILE, 1117), P(INF, 917, 3), P(INF, 1017, 1),
         P(GEV, 1014)]


def test_x8_advice_over_a_dense_stack_keeps_its_marks_apart_and_the_pieces_readable():
    """Issue 30 (18): over a dense stack the arrows piled up on the counters, and the banner
    covered the map's top row."""
    app, _ = battle_app(DENSE, Phase.DEFENSE_MOVE, 1020)
    advice = _advised(app)
    assert advice is not None and len(advice.moves) >= 6
    app.dirty = True
    app.step([])
    view, m = app.advice, app.battle.map
    # the banner has a stripe of its own: every row of the map shows whole under it
    assert view.banner_rect(m).bottom <= m.rect.top and app.battle.top_inset > 0
    # one number per move, none over another
    marks = view.marks
    assert len(marks) == sum(1 for step in advice.moves if step.start)
    assert all(m.rect.contains(r) for r in marks)
    assert not any(a.colliderect(b) for i, a in enumerate(marks) for b in marks[i + 1:])
    # the counters under the arrows still read: no piece's face is painted over in the
    # advice's colour (the arrows are see-through and leave the moving piece uncovered)
    ends = {step.end for step in advice.moves}
    for p in app.battle.state.pieces:
        if p.hex in ends or not m.hex_visible(p.hex):
            continue
        x, y = (int(c) for c in m.layout.center(p.hex))
        face = [app.canvas.get_at((x + dx, y + dy))[:3] for dx in range(-3, 4)
                for dy in range(-3, 4)]
        assert ARROW not in face, p
    if os.environ.get("OGRE_UX_SHOTS"):
        pygame.image.save(app.window, os.path.join(os.environ["OGRE_UX_SHOTS"], "advice.png"))
    _key(app, pygame.K_a)                                          # hidden: the map's again
    app.step([])
    assert app.battle.top_inset == 0


def test_x8_shots_at_one_target_are_labelled_apart():
    """Issue 30 (18): two advised shots at the Ogre put their labels on one spot."""
    from fractions import Fraction

    from ogre.ai.advice import Advice, Shot
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1019), P(MISSILE, 1018), P(GEV, 1121)],
                        Phase.DEFENSE_FIRE, 1020)
    view = app.advice
    view.show(Advice("defense", (), (), (Shot((2,), 0, "main", Fraction(1, 3)),
                                         Shot((3, 4), 0, "secondary", Fraction(1, 2)))))
    app.dirty = True
    app.step([])
    assert len(view.marks) == 2 and not view.marks[0].colliderect(view.marks[1])


def _phase_done_and_gone(app) -> None:
    app.battle.act(Done())
    app.step([])
    assert app.advice.advice is None


def test_x8_the_plan_stays_after_a_move_with_its_steps_ticked_until_the_phase_ends():
    """Issue 42 (9): the Advice's 15 arrows all went when the player dragged one piece."""
    from ogre.ui.overlays.advice_view import step_done
    app, _ = battle_app(DENSE, Phase.DEFENSE_MOVE, 1020)
    advice = _advised(app)
    assert advice is not None and len(advice.moves) >= 3
    first = advice.moves[0]
    for action in advice.actions:                    # the player does the first step
        if getattr(action, "piece", None) == first.piece:
            assert app.battle.act(action)
    app.dirty = True
    app.step([])
    view = app.advice
    assert view.advice is advice                     # the plan stays
    assert step_done(app.battle.state, first)
    assert not any(step_done(app.battle.state, s) for s in advice.moves[1:])
    assert f"1 of {len(advice.moves)} done" in view.said
    assert len(view.marks) == len(advice.moves)     # every number, the done one ticked
    assert _arrow_pixels(app) > 50
    _key(app, pygame.K_a)                            # asked again: a plan from here
    for _ in range(500):
        if view.thinking is None:
            break
        view.thinking.result(timeout=60)
        app.step([])
    assert view.advice is not None and view.shown_on is app.battle.state
    _key(app, pygame.K_a)                            # nothing done of it yet: A hides it
    assert view.advice is None
    assert _advised(app) is not None
    _phase_done_and_gone(app)                        # the phase ends: the plan goes


def test_x8_steps_off_the_half_map_get_markers_at_its_edge_and_numbers_sit_beside_counters():
    """Issue 42 (9): in the half-map view the arrows to pieces off screen crowded into a row
    of circles at the top edge, and the numbers sat on counters."""
    from ogre.ai.advice import Advice, Step
    placements = [P(CP, 1418), P(HEAVY, 1009), P(HEAVY, 1109), P(GEV, 910), P(MISSILE, 1010),
                  P(INF, 1110, 3), P(GEV, 1011), P(INF, 911, 2), P(MISSILE, 1111)]
    app, _ = battle_app(placements, Phase.DEFENSE_MOVE, 1020)
    m = app.battle.map
    steps = (Step(2, 1009, 1002), Step(3, 1109, 1102), Step(4, 910, 1003),    # off the top
             Step(5, 1010, 1020), Step(6, 1110, 1021),                        # off the bottom
             Step(7, 1011, 1012), Step(8, 911, 912), Step(9, 1111, 1112))     # in view
    app.advice.show(Advice("defense", (), steps, ()))
    app.dirty = True
    app.step([])
    m.scroll_to(5)
    app.dirty = True
    app.step([])
    view = app.advice
    off = [s for s in steps if not m.hex_visible(s.end)]
    assert len(off) == 5 and all(m.hex_visible(s.start) for s in steps)
    assert len(view.edge_marks) == len(off) and len(view.marks) == len(steps)
    above = sum(1 for s in off if m.layout.center(s.end)[1] < m.rect.top)
    at_top = [r for r in view.edge_marks if r.top <= m.rect.top + 4]
    at_bottom = [r for r in view.edge_marks if r.bottom >= m.rect.bottom - 4]
    assert len(at_top) == above == 3 and len(at_bottom) == 2
    marks = view.marks
    assert all(m.rect.contains(r) for r in marks)
    assert not any(a.colliderect(b) for i, a in enumerate(marks) for b in marks[i + 1:])
    assert not any(r.collidelist(list(m.arrows.values())) >= 0 for r in marks)
    counters = [m.counter_rect(p.hex) for p in app.battle.state.pieces if m.hex_visible(p.hex)]
    counters += [m.counter_rect(s.end) for s in steps if m.hex_visible(s.end)]
    assert not any(r.collidelist(counters) >= 0 for r in marks if r not in view.edge_marks)
    if os.environ.get("OGRE_UX_SHOTS"):
        pygame.image.save(app.canvas.surface,
                          os.path.join(os.environ["OGRE_UX_SHOTS"], "advice-edges.png"))


def test_x8_the_banner_says_the_advice_is_thinking_while_it_works():
    """Issue 42 (9): the Advice took 6-10 s on a busy machine, with nothing to say so."""
    from concurrent.futures import Future

    from ogre.ai.advice import advise
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016), P(GEV, 1116)], Phase.DEFENSE_MOVE, 1021)
    view = app.advice
    pending: Future = Future()
    view._on_thread = lambda state: pending          # a slow machine: not done yet
    _key(app, pygame.K_a)
    assert view.thinking is pending and view.said == "The Advice is thinking..."
    frames = app.frames
    view.asked_at -= 2.5                             # two seconds on, it says so
    app.step([])
    assert app.frames > frames and view.said == "The Advice is thinking... 2 s"
    assert view.banner_rect(app.battle.map).bottom <= app.battle.map.rect.top
    pending.set_result(advise(app.battle.state, app.seed))
    app.step([])
    assert view.advice is not None and "thinking" not in view.said
