"""Issue 15: nothing a file, an argument or a click sends can crash, hang, or put an impossible
battle in play. Each case the issue lists, as it was seen (the impossible saved games are in
test_impossible_saves.py; the two stacks at once in tests/rules/test_legal.py)."""

from __future__ import annotations

import json
import os
import signal
import stat
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime

import pygame
import pytest
from stress_helpers import Player, one_sentence

from ogre.__main__ import main
from ogre.resources import standard_board
from ogre.rules import Field, Kind, Phase, Placement, apply, legal_actions, new_game
from ogre.rules.hexes import BOTTOM_ROW
from ogre.storage import atomic, battlelog
from ogre.storage.errors import StorageError
from ogre.storage.fields import FieldStore, load_predesigned
from ogre.storage.games import LOG_STEPS, GameSlot, GameStore, Players, game_from_text, game_to_text
from ogre.storage.paths import fields_folder, games_folder, preferences_folder
from ogre.storage.preferences import load_preferences
from ogre.storage.slots import SlotStatus
from ogre.ui.app import App

PIPES = hasattr(os, "mkfifo")


@contextmanager
def never_blocks():
    """A guard, not a timer: a read that waited on a pipe would hang the suite for ever."""
    def stuck(*_):
        raise TimeoutError("blocked on a pipe")
    old = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _entered():
    s = new_game(load_predesigned()[0].field, 3, 5)
    return apply(s, legal_actions(s)[0])[0]


def _write_game(slot: int, doc: dict) -> None:
    folder = games_folder()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"slot{slot}.json").write_text(json.dumps(doc), encoding="utf-8")


def _game_doc(**changes) -> dict:
    doc = json.loads(game_to_text(_entered(), Players(count=2, computer=None)))
    doc.update(changes)
    return doc


def _rows(p: Player) -> list[str]:
    return [words for words, _ in p.dialog.rows]


def _screen_safe(text: str) -> bool:
    return not any(ord(ch) < 32 or 0xD800 <= ord(ch) < 0xE000 for ch in text)


# ---------------------------------------------------------------- crashes

@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_g6_a_saved_at_at_the_ends_of_time_shows_in_both_slot_dialogs(when):
    _write_game(3, _game_doc(saved_at=when))
    app = App(state=_entered())
    p = Player(app)
    for title in ("Load a Game", "Save a Game"):
        p.menu("Menu", title)
        words, usable = p.dialog.rows[2]
        assert usable and words.startswith("3. Mark III, turn 1, Ogre Movement, "), words
        p.key(pygame.K_ESCAPE)
    assert app.running and app.dialog is None
    year = int(when[:4])
    slot = GameSlot(1, SlotStatus.OK, "basic", 1, Phase.OGRE_MOVE, datetime.fromisoformat(when))
    assert str(year) in slot.summary


def test_g5_g6_control_characters_in_names_labels_and_keys_never_reach_the_screen():
    folder = fields_folder()
    folder.mkdir(parents=True)
    good = {"format": "ogre-field", "version": 1, "name": "Bad\x00Name\u200b", "mark": 3,
            "description": "line\nbreak\x1b[31m", "pieces": [{"kind": "cp", "hex": "0801"}]}
    (folder / "slot1.json").write_text(json.dumps(good))
    (folder / "slot2.json").write_text(json.dumps(dict(good, name="\u202e\u0301")))  # nothing left
    (folder / "slot3.json").write_text(json.dumps(dict(good, **{"\x00evil": 1})))
    _write_game(1, _game_doc(label=dict(_game_doc()["label"], field="Howitzer\x00 Umbrella")))
    _write_game(2, dict(_game_doc(), **{"\x00\ud800": True}))
    slots = FieldStore.default().list_slots()
    assert (slots[0].name, slots[0].description) == ("BadName", "line break[31m")
    assert slots[1].status is SlotStatus.UNREADABLE and one_sentence(slots[1].reason)
    assert slots[2].status is SlotStatus.UNREADABLE and "'evil' does not belong" in slots[2].reason
    games = GameStore.default().list_slots()
    assert games[0].field_name == "Howitzer Umbrella"
    assert games[1].status is SlotStatus.UNREADABLE and _screen_safe(games[1].reason)
    app = App()
    p = Player(app)
    for title in ("Load a Field", "Load a Game"):
        p.menu("Menu", title)
        assert all(_screen_safe(words) for words in _rows(p)), _rows(p)
        p.pick_row(len(p.dialog.rows) - 5 if title == "Load a Field" else 0)
        p.answer("OK")                               # loads (and draws) the cleaned one
        if p.dialog is not None:
            p.answer("OK")                           # (a battle in progress: load anyway)
    assert app.running and app.commands.field_name == "Howitzer Umbrella"


# ---------------------------------------------------------------- hangs

@pytest.mark.skipif(not PIPES, reason="named pipes are POSIX")
def test_g6_g7_a_named_pipe_in_place_of_a_slot_or_the_preferences_is_refused_without_waiting():
    games_folder().mkdir(parents=True)
    preferences_folder().mkdir(parents=True)
    os.mkfifo(games_folder() / "slot2.json")
    os.mkfifo(preferences_folder() / "preferences.json")
    with never_blocks():
        prefs, notice = load_preferences()
        assert notice == ("The preferences file cannot be read (it is a named pipe, not a file), "
                          "so the default preferences are used.")
        app = App()
        p = Player(app)
        p.answer("OK")                                   # the notice
        p.menu("Menu", "Load a Game")
        words, usable = p.dialog.rows[1]
        assert not usable and words == ("2. Saved game 2 cannot be read (it is a named pipe, "
                                        "not a file).")


@pytest.mark.skipif(not PIPES, reason="named pipes are POSIX")
def test_g6_a_pipe_swapped_in_after_the_check_is_opened_without_waiting(tmp_path, monkeypatch):
    pipe = tmp_path / "slot1.json"
    os.mkfifo(pipe)
    real_stat = os.stat

    def looks_regular(path, *a, **kw):          # the check saw a file; then a pipe took its place
        found = real_stat(path, *a, **kw)
        return os.stat_result((stat.S_IFREG | 0o644,) + tuple(found)[1:])
    monkeypatch.setattr(atomic.os, "stat", looks_regular)
    with never_blocks(), pytest.raises(StorageError) as err:
        atomic.read_text_limited(pipe, 1000, "Saved game 1")
    assert err.value.message == "Saved game 1 cannot be read (it is a named pipe, not a file)."


@pytest.mark.parametrize("what", ["pipe", "folder", "missing", "device"])
def test_x3_replay_of_anything_but_a_log_file_is_one_sentence_and_status_2(what, tmp_path,
                                                                           capsys):
    path = {"device": "/dev/null"}.get(what, str(tmp_path / "log.txt"))
    if what == "pipe":
        if not PIPES:
            pytest.skip("named pipes are POSIX")
        os.mkfifo(path)
    elif what == "folder":
        os.mkdir(path)
    with never_blocks(), pytest.raises(SystemExit) as done:
        main(["--replay", path])
    assert done.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("ogre: error: argument --replay: ") and one_sentence(error), error


# ---------------------------------------------------------------- arguments

@pytest.mark.parametrize("size", ["abc", "1024x", "x768", "100000x100000", "10x10", "-5x-5",
                                  "1e3x700", "１０２４x768", "1024x768x2"])
def test_x4_a_bad_window_size_is_one_sentence_and_status_2(size, capsys, monkeypatch):
    monkeypatch.setattr("ogre.ui.app.App", None)     # never opened
    with pytest.raises(SystemExit) as done:
        main(["--size", size])
    assert done.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("ogre: error: argument --size: ") and one_sentence(error), error


def test_x4_a_window_size_is_bounded_by_the_desktop(monkeypatch):
    opened = []

    class FakeApp:
        def __init__(self, size=None, **kw):
            opened.append(size)

        def run(self):
            pass
    monkeypatch.setattr("ogre.ui.app.App", FakeApp)
    pygame.display.init()
    desk = pygame.display.get_desktop_sizes()[0]
    assert main(["--size", "800x600"]) == 0
    assert main(["--size", f"{desk[0] + 5000}x{desk[1] + 5000}"]) == 0
    assert opened == [(min(800, desk[0]), min(600, desk[1])), desk]


# ---------------------------------------------------------------- logs

def test_x3_a_log_too_long_to_replay_is_refused_before_any_replaying(monkeypatch):
    start = _entered()
    moves = ["move O 0120", "undo O"] * (LOG_STEPS // 2 + 1)
    text = battlelog.log_to_text(start, moves)
    applied = []
    monkeypatch.setattr(battlelog, "replay_told", lambda *a: applied.append(a))
    with pytest.raises(StorageError) as err:
        battlelog.replay_text(text, "The battle log x.txt")
    assert err.value.code == "too_large" and one_sentence(err.value.message)
    assert err.value.message == ("The battle log x.txt is too long to replay: it holds more "
                                 f"than {LOG_STEPS:,} actions.")
    assert applied == []                            # counted, not replayed: no work, no memory
    monkeypatch.undo()
    _, steps = battlelog.replay_text(battlelog.log_to_text(start, moves[:LOG_STEPS]), "x")
    assert len(steps) == LOG_STEPS                  # the most a log may hold still replays


def test_x3_a_saved_game_whose_log_replays_from_its_start_loads():
    start = new_game(load_predesigned()[0].field, 3, 5)
    text = game_to_text(_entered(), Players(count=2, computer=None), ["enter 0121"], start=start)
    saved = game_from_text(text, "Saved game 1")
    assert saved.start == start and saved.log == ("enter 0121",)


# ---------------------------------------------------------------- fields and Keep old Ogre

def test_e8_t2_a_field_with_no_entry_hex_is_refused_like_a_sealed_command_post():
    wall = tuple(Placement(Kind.INFANTRY, h, 1) for h in sorted(BOTTOM_ROW))
    app = App(field=Field(standard_board(), (Placement(Kind.CP, 801),) + wall))
    p = Player(app)
    p.menu("Menu", "Play a Game")
    p.answer("OK")                                  # Mark III, one player: the computer Ogre
    assert p.dialog.message == ("There is no hex where the Ogre can enter! "
                                "Please clear a hex of the bottom row.")
    p.answer("OK")
    assert app.battle is None and app.running


def test_g1_keep_old_ogre_in_a_position_that_cannot_go_on_is_refused_in_one_sentence():
    field = Field(standard_board(), (Placement(Kind.CP, 101), Placement(Kind.HOWITZER, 105),
                                     Placement(Kind.HEAVY, 1015)))
    s = new_game(field, 3, 1)
    s = replace(s, phase=Phase.OGRE_FIRE, turn=3,
                ogres=(replace(s.ogre, hex=1020, undo_hex=1020, treads=0, weapons=(0, 1, 0, 0)),))
    app = App(state=s)
    p = Player(app)
    p.menu("Menu", "Edit the Field")
    ed = app.editor
    ed.set_field(replace(ed.field, placements=ed.field.placements[:2]))   # the tank goes
    p.menu("Menu", "Play a Game")
    p.answer("OK")                                  # Mark III, one player
    assert p.dialog.message == "A battle is in progress."
    options = {(g, i): r for g, i, r in p.dialog.option_rects() if i >= 0}
    p.click(options[(0, 1)].center)
    p.answer("OK")
    while p.dialog is not None and p.dialog.title == "Play a Game" and "old Ogre" not in (
            p.dialog.message or ""):
        p.answer("OK")                              # (the field's departures, if any)
    assert p.dialog.message == ("The battle cannot go on with the old Ogre: the battle should "
                                "already be over.")
    assert app.battle.state is s                    # the old battle is untouched


# ---------------------------------------------------------------- the monkey's new damage

def test_g6_the_monkey_damages_slots_with_impossible_battles_pipes_and_devices(tmp_path):
    from tools import monkey
    m = monkey.Monkey(seed=3, home=tmp_path / "home")
    try:
        with never_blocks():
            for n in range(24):
                m.g_damage(("impossible", "pipe" if PIPES else "device", "device")[n % 3])
            for title in ("Load a Game", "Load a Field"):
                m.escape_dialogs()
                assert m.choose_command("Menu", title)
                m._check_load_rows(m.dialog())
            m.damage_preferences()
            m.g_restart()
        hows = {how for how in m.damaged.values()}
        assert hows == {"impossible", "pipe" if PIPES else "device", "device"}
        assert m.stats["damaged slots listed as unreadable"] >= 5
        assert m.trouble.total() == 0, m.report(0)
    finally:
        m.close()


def test_g5_a_typed_name_of_control_characters_saves_under_the_slot_name(tmp_path):
    store = FieldStore(tmp_path)
    field = load_predesigned()[0].field
    store.save(2, replace(field, name=""), "\x01\x02")         # Ctrl+A, Ctrl+B in the name box
    assert store.load(2).name == "Untitled field"
    store.save(3, field, "My\x00 field\u200b")
    assert store.load(3).name == "My field"
