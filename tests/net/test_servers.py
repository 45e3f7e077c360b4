"""Which servers an internet game meets through (X14): the public ones, unless Preferences or
`ogre --mailbox URL` name another; a mailbox that is not one is refused in one sentence."""

from __future__ import annotations

import os

import pytest

from ogre.__main__ import main
from ogre.net.servers import MAILBOX_ENV, PUBLIC_MAILBOX, PUBLIC_RELAY, RELAY_ENV, chosen
from ogre.storage.preferences import Preferences, load_preferences, save_preferences

CLUB = "wss://mailbox.club.example/v1"


def test_x14_the_public_servers_unless_preferences_or_the_command_line_name_another(
        monkeypatch):
    monkeypatch.delenv(MAILBOX_ENV, raising=False)
    monkeypatch.delenv(RELAY_ENV, raising=False)
    assert chosen("") == (PUBLIC_MAILBOX, PUBLIC_RELAY) and chosen("").public
    assert chosen(CLUB).mailbox == CLUB and chosen(CLUB).relay == PUBLIC_RELAY
    monkeypatch.setenv(MAILBOX_ENV, "ws://127.0.0.1:4000/v1")      # --mailbox, this run
    assert chosen(CLUB).mailbox == "ws://127.0.0.1:4000/v1"
    monkeypatch.setenv(MAILBOX_ENV, "not a url")                   # one that is not: left out
    assert chosen(CLUB).mailbox == CLUB


def test_x14_the_mailbox_preference_is_kept_and_a_bad_one_is_reset_with_a_notice(tmp_path):
    save_preferences(tmp_path, Preferences(mailbox=CLUB))
    assert load_preferences(tmp_path) == (Preferences(mailbox=CLUB), None)
    (tmp_path / "preferences.json").write_text(
        '{"format": "ogre-preferences", "version": 1, "preferences": {"mailbox": "ftp://x",'
        ' "sound": false}}')
    prefs, notice = load_preferences(tmp_path)
    assert prefs.mailbox == "" and prefs.sound is False and notice is not None


def test_x14_a_mailbox_on_the_command_line_that_is_not_one_is_one_sentence(capsys):
    with pytest.raises(SystemExit) as end:
        main(["--mailbox", "relay.example.org"])
    assert end.value.code == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.endswith("a mailbox server is a ws:// or wss:// address, like "
                         "ws://relay.magic-wormhole.io:4000/v1.")


def test_x14_a_mailbox_on_the_command_line_is_this_runs(monkeypatch):
    monkeypatch.setenv(MAILBOX_ENV, "")          # none named; and main's own is undone after
    monkeypatch.setattr("ogre.ui.drawing.window.no_display", lambda: "no display here")
    assert main(["--mailbox", CLUB]) == 3              # stopped before a window: none here
    assert os.environ[MAILBOX_ENV] == CLUB
