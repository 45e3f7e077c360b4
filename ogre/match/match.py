"""The battle in progress (issue 29): one object holding what the screen, the saves, the logs,
the reports and the record of battles all need - the state, the log from the battle's start,
the dice a network host told (X10), who plays each side, the field's name, how often advice was
asked (X8), and the position last kept safe (G6).

It is the one place that saves, exports, reports and records a battle, and that says whether
Play a Game may keep its Ogre (G1). It draws nothing and reads no file: a store is handed in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, cast

from ..ai.protocol import Controller
from ..report import Report, battle_report
from ..rules import Action, GameState, apply, check
from ..rules.errors import RuleError
from ..rules.events import Event
from ..rules.sides import SIDES, Side, acting_side, side_of
from ..rules.views import Told, opened, view
from ..storage.battlelog import log_to_text
from ..storage.games import SKILLS, GameStore, Players
from ..storage.record import Entry, Level, new_entry
from ..storage.record import Side as RecordSide
from .turns import ComputerPlay, ComputerTurn, Thought

# How an action is played: the rules' apply, or (X10) a network guest's, which may send it to
# the host to roll its dice and answer None
Play = Callable[[GameState, Action], "tuple[GameState, list[Event]] | None"]


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a player at this computer, the computer (at a skill, or a plugin's
    `module:Class`, X5), the person on the other computer (X10), or a lesson's script (X6).

    >>> Seat("computer", "Hi").words, Seat("remote", name="Ann").words
    ('Computer (Hi)', 'Ann, on the other computer')
    """

    who: Literal["here", "computer", "remote", "lesson"] = "here"
    skill: str = ""
    name: str = ""

    @property
    def words(self) -> str:
        if self.who == "computer":
            return f"Computer ({self.skill})" if self.skill in SKILLS else self.skill
        if self.who == "remote":
            return f"{self.name}, on the other computer" if self.name else "The other computer"
        return "The lesson" if self.who == "lesson" else "Player"

    def record_side(self) -> RecordSide:
        """How the record of battles (X9) names this side."""
        if self.who == "here":
            return RecordSide(who="player")
        if self.who == "remote":
            return RecordSide(who="remote", name=self.name[:100])
        if self.who == "lesson":
            return RecordSide(who="computer", name="Learn to Play")
        if self.skill in SKILLS:
            return RecordSide(who="computer", skill=cast(Level, self.skill))
        return RecordSide(who="computer", name=self.skill[:100])


def seats_for(computer: str | None, skill: str = "Low") -> dict[Side, Seat]:
    """One player against the computer on `computer`'s side, or two at this computer."""
    return {side: Seat("computer", skill) if side == computer else Seat() for side in SIDES}


@dataclass
class Match:
    """The battle in progress; `state` is always `log` played from `start` (with `told`)."""

    start: GameState
    state: GameState
    log: list[str] = field(default_factory=list)
    told: list[int] = field(default_factory=list)
    seats: dict[Side, Seat] = field(default_factory=lambda: seats_for(None))
    field_name: str = ""
    advice_asked: int = 0
    safe: GameState | None = None       # the position last saved, loaded or started (G6)
    given_up: bool = False              # the player answered Don't Save to "will be lost"
    # who decides for a seat not played at this computer's mouse: the computer (G2, X5), the
    # person on the other computer (X10) or a lesson's script (X6); by side
    controllers: dict[Side, Controller] = field(default_factory=dict)
    # X6: a lesson's word on an action before the rules' (its words when it refuses); X10: a
    # guest's too, while the host has not told the dice of its last action
    vet: Callable[[Action], str | None] | None = None
    play_with: Play = apply             # X10: a guest plays on the host's told dice
    # X16: a guest opens what the host told of its sheet with the next action, before the
    # action is judged
    before_step: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        if self.safe is None:
            self.safe = self.start           # a battle never saved is at risk once it moves

    @classmethod
    def begin(cls, state: GameState, *, start: GameState | None = None,
              log: Iterable[str] = (), told: Iterable[int] = (),
              seats: dict[Side, Seat] | None = None, field_name: str = "",
              advice_asked: int = 0) -> Match:
        """A battle from `start` (its first position; `state` itself when the log is empty).
        ValueError for a log or told dice without their start: taking `state` for it would
        make a log that does not replay (X3)."""
        log, told = list(log), list(told)
        if start is None and (log or told):
            raise ValueError("a battle with a log needs the start it replays from")
        return cls(start if start is not None else state, state, log, told,
                   dict(seats or seats_for(None)), field_name, advice_asked)

    # -- playing
    def act(self, action: Action, play: Play | None = None) -> list[Event] | None:
        """Play an action (already checked): its events, or None when it was sent away (X10:
        to the host, to roll its dice)."""
        played = (play or self.play_with)(self.state, action)
        if played is None:
            return None
        self.state, events = played
        self.log.append(str(action))
        return events

    def told_more(self, faces: Iterable[int]) -> None:
        """X10: the faces a network host told for the actions played here since, kept so the
        battle's save and log replay."""
        self.told.extend(faces)

    def told_sheet(self, told: Told) -> None:
        """X16: what a network host told of its sheet, opened in the battle and its start (a
        unit told was that unit from the start, so the log replays from it as it did)."""
        self.start, self.state = opened(self.start, told), opened(self.state, told)

    @property
    def over(self) -> bool:
        return self.state.over

    # -- what is kept, and what would be lost
    def at_risk(self) -> bool:
        """G6: it moved on since it was saved, loaded or started (one that is over has nothing
        left to lose; an Undo back to the saved position is no change)."""
        return not self.over and self.state != self.safe

    def kept(self, state: GameState | None = None) -> None:
        """It is safe as it stands (just saved), or at `state` (just loaded, or the position
        still at risk when Keep old Ogre carries a battle on)."""
        self.safe = self.state if state is None else state

    def give_up(self) -> None:
        """G6: the player let it go ("Don't Save" to "the current game will be lost")."""
        self.safe, self.given_up = self.state, True

    def may_keep_ogre(self) -> bool:
        """G1: Play a Game may go on with this battle's Ogre - not once it is over or was given
        up, not a lesson's, whose Ogre a script damaged for the lesson, and not several Ogres,
        which the Field Editor does not place, nor an Ogre that defends (X15)."""
        s = self.state
        return (not self.over and not self.given_up and len(s.ogres) == 1
                and side_of(s, s.ogres[0].id) == "ogre"
                and all(seat.who != "lesson" for seat in self.seats.values()))

    def asked_advice(self) -> None:
        """X8: the player asked for advice once more (kept with the battle: saves, logs)."""
        self.advice_asked += 1

    # -- who plays
    def seat(self, side: Side, seat: Seat) -> None:
        """Who plays `side` from now on (a computer player changed in Preferences, X5)."""
        self.seats[side] = seat

    def control(self, side: Side, controller: Controller | None) -> None:
        """`controller` decides for `side` from now on; None: no one here does (a player at
        this computer, or one gone from the network whose turns wait)."""
        if controller is None:
            self.controllers.pop(side, None)
        else:
            self.controllers[side] = controller

    def controller_to_act(self) -> Controller | None:
        """The controller of the side whose turn it is; None when a player here acts (or no
        one: the battle is over)."""
        side = acting_side(self.state)
        return None if side is None else self.controllers.get(side)

    def computer_step(self, turn: ComputerTurn,
                      think: Callable[[Controller, GameState], Thought]) -> ComputerPlay | None:
        """One frame of the computer's turn (G2): the controller of the side to act thinks
        (`think`, the window's worker or thread), and what it chose is checked (the lesson's
        word, then the rules') and played here. None while no computer acts or it is still
        thinking or holding the last step up; else what was played, for the screen to draw, or
        why nothing was (the state untouched)."""
        controller = self.controller_to_act()
        if controller is None:
            return None
        side = controller.side
        # a computer player decides from what its side may know (8.03, 8.04)
        chosen = turn.step(self.state, lambda state: think(controller, view(state, side)))
        if chosen is None:
            return None
        action = chosen.action
        if chosen.error is not None or action is None:
            return ComputerPlay(action, error=chosen.error)
        if self.before_step is not None:
            self.before_step()
        refused = self.refusal(action) or _rules_refusal(self.state, action)
        if refused:
            return ComputerPlay(action, refused=refused)
        before = self.state
        return ComputerPlay(action, before, self.act(action))

    def vetted_by(self, vet: Callable[[Action], str | None] | None) -> None:
        """A lesson (X6) or a network guest (X10) has its say on each action first."""
        self.vet = vet

    def opened_with(self, before_step: Callable[[], None]) -> None:
        """X16: a guest opens what the host told of its sheet before each computer step is
        judged (the host's actions reach a guest's battle as its computer's do)."""
        self.before_step = before_step

    def played_with(self, play: Play) -> None:
        """X10: actions are played this way from now on (a guest's, on the told dice)."""
        self.play_with = play

    def refusal(self, action: Action) -> str | None:
        """A lesson's words refusing `action` (X6), or None: the rules then judge it."""
        return self.vet(action) if self.vet is not None else None

    def computer_side(self) -> Side | None:
        return next((s for s in SIDES if self.seats[s].who == "computer"), None)

    def players(self, skill: str = "Low") -> Players:
        """What a saved game records: one player against the computer, else two players (a
        network battle or a lesson, loaded here, goes on with two players at this computer)."""
        side = self.computer_side()
        level = skill if skill in SKILLS else "Low"
        if side is None:
            return Players(count=2, computer=None, skill=level)       # type: ignore[arg-type]
        spec = self.seats[side].skill
        return Players(count=1, computer=side,
                       skill=spec if spec in SKILLS else level)        # type: ignore[arg-type]

    # -- the battle kept and looked back on
    def save_to(self, store: GameStore, slot: int, skill: str = "Low",
                now: datetime | None = None) -> None:
        """Save a Game (G6): StorageError when it cannot be written; then it is safe."""
        store.save(slot, self.state, self.players(skill), self.log, self.field_name, now,
                   start=self.start, advice_asked=self.advice_asked, dice=self.told)
        self.kept()

    def log_text(self) -> str:
        """Export the Log (X3): the battle log that replays it."""
        return log_to_text(self.start, list(self.log), self.advice_asked, self.told)

    def report(self) -> Report:
        """The after-action report (X9); RuleError or ValueError when the log does not replay."""
        return battle_report(self.start, self.log, self.advice_asked, self.told)

    def entry(self, now: datetime | None = None) -> Entry:
        """Its line in the record of battles (X9), once it is over."""
        return new_entry(self.state.scenario, self.field_name,
                         self.seats["ogre"].record_side(), self.seats["defense"].record_side(),
                         self.state.result, self.state.turn, now, self.state.options.words)


def _rules_refusal(state: GameState, action: Action) -> str:
    """The rules' words refusing `action`, or "" when they take it."""
    try:
        check(state, action)
    except RuleError as err:
        return err.message
    return ""
