"""Issue 13 (4): while the computer plays its side, nothing on the battle screen invites the
player to act (G2, S1): the sidebar's buttons are dimmed and do nothing, the Tactical Display
says what the computer is doing, and no pointer outline is left on the map.

The computer's thinking runs in a worker thread: these tests wait for its result before each
frame and move a fake clock by hand, so nothing depends on thread timing.
"""

from __future__ import annotations

import re

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, HEAVY, INF, P, battle_state, shown_text
from test_battle_sidebar import drawn_colours

from ogre.rules.state import OGRE_PHASES, Phase
from ogre.ui.app import App
from ogre.ui.commands import menu as commands
from ogre.ui.toolkit import theme

# two targets in reach, and one far off so that the battle goes on whatever the Ogre hits
FIELD = [P(CP, 1418), P(HEAVY, 1017), P(HEAVY, 1010)]
BUTTON_KEYS = (pygame.K_u, pygame.K_c, pygame.K_g, pygame.K_f, pygame.K_r, pygame.K_d)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(commands.time, "monotonic", c)
    return c


def computer_app(placements, phase, ogre_hex, side="ogre", **kw) -> App:
    app = App(state=battle_state(placements, phase, ogre_hex, **kw), computer=side,
              ogre_skill="Med")
    app.prefs = app.prefs.model_copy(update={"message_speed": "Low", "skip_empty": False})
    return app


def frame(app: App) -> None:
    """One frame, after the computer's thinking (if any) has finished."""
    thinking = app.commands.thinking
    if thinking is not None:
        thinking.result(timeout=60)
    if app.battle is not None:
        app.battle.banner = []       # a turning point's banner, read: it holds the turn (X11)
    app.step([])


def play_until(app: App, clock: Clock, done, limit: int = 400) -> None:
    """Let the computer act, frame by frame; the clock moves on only while `done` is false,
    so the screen stops where the test looks at it, holding the last message."""
    for _ in range(limit):
        frame(app)
        if done():
            return
        clock.now += 10.0
    raise AssertionError("the computer never got there")


def test_g2_s1_in_the_computers_turn_the_buttons_are_dimmed_and_do_nothing(clock):
    app = computer_app(FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    app.commands.hold_until = clock.now + 60        # the computer waits: the screen holds still
    Driver(app)
    b.selected = 0                                  # Range would have something to show
    assert app.commands.computer_acting() and app.commands.thinking is None
    colours = drawn_colours(app)
    for button in b.buttons:
        assert not button.enabled(), button.label
        assert colours[button.label] == theme.TEXT_DIM, button.label
    # the app gives such clicks to the computer (they hurry it); were one to reach the
    # battle screen, its buttons would still refuse it
    before = b.state
    for button in b.buttons:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            b.handle_event(pygame.event.Event(kind, pos=button.rect.center, button=1))
    assert b.state is before and b.log == [] and b.dialog is None and b.umbrella is None
    assert b.message == ""
    for key in BUTTON_KEYS:                         # nor do their keys
        app.commands.shortcut(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    assert b.state is before and b.dialog is None and b.umbrella is None


def test_g2_the_tactical_display_says_what_the_computer_does_not_what_the_player_may(clock):
    app = computer_app(FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    app.commands.hold_until = clock.now + 60
    b.selected = None
    words = shown_text(app)
    assert "The computer Ogre is firing." in words
    assert not any(w.startswith("Drag") for w in words), words     # no invitation

    play_until(app, clock, lambda: b.state.aim is not None)
    words = " ".join(shown_text(app))
    assert "The computer Ogre is firing." in words
    target = b.state.piece(b.state.aim.target)
    assert f"Aimed at: {target.name} at {target.hex:04d}" in words
    assert b.results[-1].endswith(f" at {target.name} at {target.hex:04d}")

    play_until(app, clock, lambda: b.state.phase is Phase.DEFENSE_MOVE)     # the player's turn
    assert not app.commands.computer_acting()
    assert any(button.enabled() for button in b.buttons)
    assert "computer" not in " ".join(b.tactical_lines())


def test_g2_each_phase_of_the_computer_defence_is_named(clock):
    app = computer_app([P(CP, 1418), P(HEAVY, 1018), P(INF, 1119, 2)], Phase.DEFENSE_MOVE, 1020,
                       side="defense")
    b = app.battle
    seen: dict[Phase, str] = {}
    aims: list[str] = []

    def note() -> bool:
        lines = b.tactical_lines()
        seen.setdefault(b.state.phase, " ".join(lines))
        aims.extend(line for line in b.results if " aims at " in line)
        return b.state.phase in OGRE_PHASES or b.state.over
    play_until(app, clock, note)
    assert "The computer's defenders are moving." in seen[Phase.DEFENSE_MOVE]
    assert "The computer's defenders are firing." in seen[Phase.DEFENSE_FIRE]
    assert "The computer's GEVs are moving again." in seen[Phase.GEV_MOVE]
    for line in aims:                                # C8: each aim names the unit and its hex
        assert re.fullmatch(r"(Heavy Tank|Infantry \(\d\)) at \d{4} aims at [A-Z][A-Za-z ]+", line)


def _outlines(app: App, monkeypatch) -> list[tuple[int, tuple]]:
    """(hex, colour) of every hex outline drawn in one full redraw."""
    drawn: list[tuple[int, tuple]] = []
    m = app.battle.map
    real = m.outline_hex

    def spy(surface, h, colour, width=3):
        drawn.append((h, tuple(colour)))
        return real(surface, h, colour, width)

    monkeypatch.setattr(m, "outline_hex", spy)
    app.dirty = True
    app.step([])
    monkeypatch.setattr(m, "outline_hex", real)
    return drawn


def test_g2_no_pointer_outline_is_left_on_the_map_in_the_computers_turn(clock, monkeypatch):
    """The player's last look at the map was an empty hex; Done by key starts the computer's
    turn, whose pointer is hidden: no outline may stay on that hex."""
    app = computer_app(FIELD, Phase.GEV_MOVE, 1020)
    b = app.battle
    d = Driver(app)
    d._send(pygame.MOUSEMOTION, d.hex_pos(1114))
    assert b.hover == 1114                          # an empty hex under the pointer
    app.commands.hold_until = clock.now + 60        # the computer will wait, once its turn comes
    d.key(pygame.K_d)
    assert b.state.phase is Phase.OGRE_MOVE and app.commands.computer_acting()
    assert 1114 not in [h for h, _ in _outlines(app, monkeypatch)]
    play_until(app, clock, lambda: b.state.phase is not Phase.OGRE_MOVE)
    s = b.state
    for h, _ in _outlines(app, monkeypatch):
        assert s.at(h) or s.ogre.hex == h, f"an outline on the empty hex {h:04d}"


def test_g2_t2_the_computers_entry_lights_no_hex_for_the_player(clock, monkeypatch):
    app = computer_app(FIELD, Phase.OGRE_ENTRY, 0)
    app.commands.hold_until = clock.now + 60
    lit: list[int] = []
    m = app.battle.map
    real = m.fill_hexes

    def spy(surface, hexes, colour, alpha):
        lit.extend(hexes)
        return real(surface, hexes, colour, alpha)
    monkeypatch.setattr(m, "fill_hexes", spy)
    words = " ".join(shown_text(app))
    assert lit == [] and "The computer Ogre is choosing where to enter." in words
    assert "Click a lit hex" not in words
