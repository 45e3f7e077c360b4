"""Playing on from a kept battle: a saved game's slot (G6), or the recovery slot a crash filled,
which the next start offers with Resume / Discard (X12)."""

from __future__ import annotations

from enum import Enum

import pygame

from ogre.match import seats_for
from ogre.rules.scenarios import SCENARIOS
from ogre.rules.sides import phase_title, role
from ogre.storage.errors import StorageError
from ogre.storage.games import SavedGame
from ogre.storage.recovery import RecoverySlot
from ogre.ui.toolkit.widgets import Dialog

TITLE = "Resume the Battle?"


class Resume(Enum):
    """What the offer gives: Resume, Discard, or Later (Esc: it comes back at the next
    start)."""
    RESUME = "resume"
    DISCARD = "discard"
    LATER = "later"


BUTTONS = (("Resume", Resume.RESUME), ("Discard", Resume.DISCARD))


def continue_game(app, saved: SavedGame) -> None:
    """Play on from `saved` as it was being played: who the computer was, its skill, the field's
    name, the log from the battle's start and the advice asked."""
    p = saved.players
    computer = p.computer if p.count == 1 else None
    commands = app.commands
    # the computer plays at the skill saved with the battle; the Preferences are left as the
    # player set them (a Play a Game or a Preferences dialog after it must not write it back)
    seats = seats_for(computer, commands.named_players.get(computer) or p.skill) \
        if computer else None
    commands.field_name = saved.field_name
    if app.editor is not None:
        app.editor.how_to_start = ""     # a battle has started: the editor stops saying how
    app.start_battle(saved.state, computer=computer, log=saved.log, start=saved.start,
                     advice_asked=saved.advice_asked, told=saved.dice, seats=seats)
    if saved.notice:            # a log set aside as it was read
        app.show("Notice", saved.notice)


def describe(saved: SavedGame) -> str:
    """'Mark III, turn 4, Defense Fire Phase, one player against the computer Ogre'."""
    s, p = saved.state, saved.players
    who = ("two players" if p.count == 2
           else f"you against the computer {role(s.scenario, p.computer or 'defense')}")
    return (f"{SCENARIOS[s.scenario].named}, turn {s.turn}, "
            f"{phase_title(s.scenario, s.phase)}, {who}")


class ResumeDialog(Dialog[Resume]):
    """Resume (Enter) or Discard; Esc closes it as Later, keeping the battle for next time:
    a key pressed by habit must not throw a battle away."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(Resume.LATER)
            return True
        return super().handle_event(event)


def offer_recovery(app, slot: RecoverySlot | None = None) -> None:
    """At the start: a battle a crash kept is offered (after any notice already showing); one
    that cannot be read is set aside with one sentence."""
    slot = slot or RecoverySlot.default()
    try:
        saved = slot.read()
    except StorageError as exc:
        _clear(slot)
        words = f"{exc.message.rstrip('.')}, so it was discarded."
        _after(app, lambda: app.show("Notice", words))
        return
    if saved is None:
        return

    def answered(answer: Resume) -> None:
        if answer is Resume.LATER:
            return
        _clear(slot)            # resumed or discarded: either way the slot has done its work
        if answer is Resume.RESUME:
            continue_game(app, saved)

    message = (f"OGRE stopped during a battle last time: {describe(saved)}. Resume it where it "
               "stopped, or discard it?")
    _after(app, lambda: setattr(app, "dialog", ResumeDialog(TITLE, message, BUTTONS, answered)))


def _after(app, show) -> None:
    """Open a dialog now, or once the one showing closes."""
    before = app.dialog
    if before is None or before.result is not None:
        show()
        app.touch()
        return
    first = before.on_close

    def then(value: object) -> None:
        if first is not None:
            first(value)
        show()
    before.on_close = then


def _clear(slot: RecoverySlot) -> None:
    try:
        slot.clear()
    except StorageError:
        pass        # a read-only folder: the offer comes again, which loses nothing
