"""Per-frame work registers with the app (issue 29): the loop names no feature; the lessons and
a network game add their own work while they last and take it away when they end."""

from __future__ import annotations

from driver import Driver

from ogre.ui.app import App
from ogre.ui.commands import network


def test_issue29_the_lessons_and_a_network_game_register_their_frame_work_while_they_last():
    app = App()
    Driver(app)
    base = list(app.frame_work)
    assert base == [app.commands.tick, app.aftermath.tick, app.advice.tick]
    app.start_tutorial()
    lessons = app.tutorial
    assert lessons is not None and lessons.tick in app.frame_work
    lessons.leave()
    assert lessons.tick not in app.frame_work
    host = network.NetworkHost(app, network.Hosted(app.battle.state, []), "ogre", 0)
    app.network = host
    assert host.pump in app.frame_work
    host.close()
    assert host.pump not in app.frame_work and app.frame_work == base
