"""Nothing lost (X12, issue 31 point 6): a crash in the frame loop writes a report and keeps the
battle in the recovery slot, the next start offers it (Resume / Discard), and Ctrl+C in the
terminal is the window's close button (G6)."""

from __future__ import annotations

import signal

import pygame
from driver import Driver
from test_ask_first import assert_asked, battle_with_a_move

from ogre.storage.paths import crash_folder
from ogre.storage.recovery import RecoverySlot
from ogre.ui.app import App
from ogre.ui.commands.crash import ctrl_c_closes
from ogre.ui.commands.recovery import TITLE


def crash_in_draw(app: App) -> int:
    """A RuntimeError injected into the draw loop, with the real run()."""
    def broken(surface):
        raise RuntimeError("injected into the draw loop")
    app.screen.draw = broken
    app.touch()
    return app.run()


def reports():
    folder = crash_folder()
    return sorted(folder.glob("crash-*.txt")) if folder.is_dir() else []


def test_x12_a_crash_writes_a_report_keeps_the_battle_and_says_where_in_one_sentence(capsys):
    app, d = battle_with_a_move()
    state, log, start = app.battle.state, list(app.battle.log), app.battle.start_state
    assert crash_in_draw(app) == 1
    [report] = reports()
    text = report.read_text(encoding="utf-8")
    for name in ("OGRE:", "pygame-ce:", "SDL:", "Python:", "OS:"):
        assert f"\n{name} " in text, name
    assert "RuntimeError: injected into the draw loop" in text and "Traceback" in text
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1     # one sentence, no traceback
    assert str(report) in err and err.endswith("when you start OGRE again.")
    kept = RecoverySlot.default().read()
    assert kept is not None and kept.state == state
    assert list(kept.log) == [str(a) for a in log] and kept.start == start
    assert kept.players.count == 2


def test_x12_the_next_start_offers_the_battle_and_resume_gives_the_same_battle():
    app, d = battle_with_a_move()
    state, log, start = app.battle.state, list(app.battle.log), app.battle.start_state
    crash_in_draw(app)
    app = App()
    d = Driver(app)
    offer = d.dialog
    assert offer is not None and offer.title == TITLE
    assert [b.label for b in offer.buttons] == ["Resume", "Discard"]
    assert "Mark III, turn 1" in offer.message and "two players" in offer.message
    d.answer("Resume")
    assert app.screen is app.battle and app.battle.state == state
    assert [str(a) for a in app.battle.log] == [str(a) for a in log]
    assert app.battle.start_state == start and app.commands.computer is None
    assert RecoverySlot.default().read() is None              # the slot has done its work
    assert app.commands.unsaved.at_risk()                     # never saved: Quit still asks


def test_x12_discard_empties_the_slot_and_esc_keeps_it_for_next_time():
    app, d = battle_with_a_move()
    crash_in_draw(app)
    app = App()
    d = Driver(app)
    d.key(pygame.K_ESCAPE)                                    # Later: nothing thrown away
    assert d.dialog is None and app.battle is None
    assert RecoverySlot.default().read() is not None
    app = App()
    d = Driver(app)
    d.answer("Discard")
    assert app.battle is None and RecoverySlot.default().read() is None
    assert Driver(App()).dialog is None                       # no offer the start after


def test_x12_a_crash_in_the_editor_writes_the_report_and_keeps_no_battle(capsys):
    app = App()
    Driver(app)
    assert crash_in_draw(app) == 1
    assert len(reports()) == 1 and RecoverySlot.default().read() is None
    err = capsys.readouterr().err
    assert "report is in" in err and "battle" not in err


def test_x12_a_damaged_recovery_slot_is_one_sentence_and_discarded():
    slot = RecoverySlot.default()
    slot.folder.mkdir(parents=True)
    slot.path.write_text('{"format": "ogre-recovery", "version": 1, "game": ', encoding="utf-8")
    app = App()
    d = Driver(app)
    assert d.dialog.title == "Notice"
    assert d.dialog.message.startswith("The battle kept after a crash is incomplete")
    assert d.dialog.message.endswith("so it was discarded.")
    assert not slot.path.exists()


def test_x12_the_offer_waits_behind_a_notice():
    from ogre.storage.paths import preferences_folder
    app, d = battle_with_a_move()
    crash_in_draw(app)
    preferences_folder().mkdir(parents=True, exist_ok=True)
    (preferences_folder() / "preferences.json").write_text("{", encoding="utf-8")
    d = Driver(App())
    assert d.dialog.title == "Notice"
    d.answer("OK")
    assert d.dialog.title == TITLE


# ------------------------------------------------------------------ Ctrl+C

def test_x12_ctrl_c_asks_the_close_buttons_question_and_cancel_plays_on():
    app, d = battle_with_a_move()
    with ctrl_c_closes(app):
        signal.raise_signal(signal.SIGINT)                  # no KeyboardInterrupt
        app.step([])
    assert_asked(d, "Quit")
    d.answer("Cancel")
    assert app.running and app.dialog is None


def test_x12_ctrl_c_twice_stops_at_once_and_keeps_the_battle(capsys):
    app, d = battle_with_a_move()
    with ctrl_c_closes(app):
        signal.raise_signal(signal.SIGINT)
        app.step([])
        signal.raise_signal(signal.SIGINT)
        app.step([])
    assert not app.running
    kept = RecoverySlot.default().read()
    assert kept is not None and kept.state == app.battle.state
    assert "Ctrl+C" in capsys.readouterr().err


def test_x12_ctrl_c_with_nothing_to_lose_ends_the_run_quietly(monkeypatch):
    app = App()
    Driver(app)
    waits = []

    def wait(ms):
        waits.append(ms)
        if len(waits) == 2:
            signal.raise_signal(signal.SIGINT)
    monkeypatch.setattr(pygame.time, "wait", wait)
    monkeypatch.setattr(pygame, "quit", lambda: None)    # the other tests' fonts stay open
    assert app.run() == 0 and not app.running
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler    # put back


def test_x12_ctrl_c_leaves_the_computers_worker_thinking():
    """The terminal's Ctrl+C reaches the whole process group: the worker ignores it, the
    window answers it."""
    import os

    from test_thinker import first_field, wait

    from ogre.ai import make_controller
    from ogre.rules import new_game
    from ogre.ui.overlays.thinker import ProcessThinker
    s = new_game(first_field(), 3, 1)
    thinker = ProcessThinker()
    try:
        wait(thinker.submit("ogre", "Low", 3, s))          # the worker is up and listening
        os.kill(thinker.proc.pid, signal.SIGINT)
        assert wait(thinker.submit("ogre", "Med", 3, s)) == make_controller(
            "ogre", "Med", seed=3).choose(s)
        assert thinker.proc.is_alive()
    finally:
        thinker.close()


def test_x12_x6_a_crash_in_learn_to_play_keeps_no_battle():
    """The lessons' battle is scripted; the lesson reached is in the preferences already."""
    app = App()
    Driver(app)
    app.prefs = app.prefs.model_copy(update={"tutorial_lesson": 2})
    app.start_tutorial()
    assert crash_in_draw(app) == 1
    assert RecoverySlot.default().read() is None and len(reports()) == 1


def test_x12_ctrl_c_shows_the_question_at_once_with_no_event_to_wake_the_window(tmp_path):
    """Issue 42: the question was opened but drawn only when the mouse next moved. The loop's
    own poll (no event at all) now puts it on the screen."""
    app, d = battle_with_a_move()
    app.step([])
    assert not app.dirty                                    # nothing left to draw
    before = app.window.copy()
    frames = app.frames
    with ctrl_c_closes(app):
        signal.raise_signal(signal.SIGINT)
        app.step([])                                        # no event: the frame's poll
    assert_asked(d, "Quit")
    assert app.frames == frames + 1 and not app.dirty       # drawn in that same frame
    box = app.canvas.box(app.dialog.rect)                  # the question's pixels changed
    assert pygame.image.tobytes(app.window.subsurface(box), "RGB") != \
        pygame.image.tobytes(before.subsurface(box), "RGB")
    pygame.image.save(app.window, str(tmp_path / "ctrl-c.png"))
