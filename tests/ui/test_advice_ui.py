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


def test_x8_the_advice_goes_when_the_battle_moves_on():
    app, _ = battle_app([P(CP, 1418), P(HEAVY, 1016)], Phase.DEFENSE_MOVE, 1021)
    assert _advised(app) is not None
    app.battle.act(next(a for a in app.advice.advice.actions))     # the player follows it
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
    app.battle.state = replace(app.battle.state, phase=Phase.OVER, result="Ogre Victory")
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
    view.advice = Advice("defense", (), (), (Shot((2,), 0, "main", Fraction(1, 3)),
                                             Shot((3, 4), 0, "secondary", Fraction(1, 2))))
    view.shown_on = app.battle.state
    app.dirty = True
    app.step([])
    assert len(view.marks) == 2 and not view.marks[0].colliderect(view.marks[1])
