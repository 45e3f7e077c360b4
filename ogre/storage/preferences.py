"""Preferences (G7): kept between runs in preferences.json in the user config folder.

    {"format": "ogre-preferences", "version": 1,
     "preferences": {"sound": true, "reminders": true, "skip_empty": false,
                     "message_speed": "Low", "skill": "Low", "defense_skill": "Low",
                     "window_size": null,
                     "play_scenario": 3, "play_computer": "ogre", "tutorial_lesson": 0,
                     "fullscreen": false, "interface_size": 100, "mailbox": ""}}

Loading never fails: a missing file gives the defaults quietly; a damaged,
foreign or newer file gives the defaults and a one-line notice for the player;
a newer file is never written over, so an old copy of the game cannot spoil it;
a file with some bad values keeps the good ones and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, StrictStr, ValidationError
from pydantic import Field as Spec

from .atomic import read_text_limited, write_text_atomic
from .documents import Migration, encode, parse_json, upgrade
from .errors import StorageError
from .paths import preferences_folder
from .state_data import OptionsData

FORMAT: Final = "ogre-preferences"
VERSION: Final = 1
# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {}
FILE_NAME = "preferences.json"
SIZE_LIMIT = 64 * 1024
WHERE = "The preferences file"

Level = Literal["Low", "Med", "Hi"]
# Who the computer plays in Play a Game's "Players" choice; "none" is two players (G1).
ComputerSide = Literal["ogre", "defense", "none"]
Side = Annotated[StrictInt, Spec(ge=100, le=20000)]


class Preferences(BaseModel):
    """The Preferences dialog's settings, with the 1986 defaults."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    sound: StrictBool = True
    reminders: StrictBool = True
    skip_empty: StrictBool = False
    message_speed: Level = "Low"
    skill: Level = "Low"                # the computer Ogre's (the 1986 Ogre Skill Level)
    # the computer defence's own (issue 30); a file from before it gets "Low", still version 1
    defense_skill: Level = "Low"
    window_size: tuple[Side, Side] | None = None     # width, height of a resized window
    # Play a Game's last choice, offered again next time (G1); a file from before these
    # existed simply gets the defaults, so version 1 still describes it.
    play_scenario: Literal[3, 5] = 3
    # X15: the scenario picked, by key, when it is not the 1986 one of that Mark ("": it is);
    # a file from before it gets "", still version 1
    play_battle: Annotated[StrictStr, Spec(max_length=40, pattern=r"^[a-z0-9-]*$")] = ""
    play_computer: ComputerSide = "ogre"
    tutorial_lesson: Annotated[StrictInt, Spec(ge=0, le=99)] = 0    # Learn to Play's (X6)
    fullscreen: StrictBool = False      # F11 / Alt+Enter, kept for the next start (X13)
    # X4: the interface this much larger than the screen's own size for it (ui/app.canvas_fit),
    # in percent; a file from before it gets 100, still version 1
    interface_size: Literal[100, 125, 150, 200] = 100
    # X14: the mailbox server an internet game meets through, for a club that runs its own
    # ("": the magic-wormhole project's public one); a file from before it gets "", still
    # version 1. `ogre --mailbox URL` names one for a single run.
    mailbox: Annotated[StrictStr, Spec(max_length=300, pattern=r"^(wss?://\S+)?$")] = ""
    # X15: Play a Game's optional rules, offered again; a file from before them gets none,
    # still version 1
    play_options: OptionsData = OptionsData()

    def skill_for(self, side: str) -> Level:
        """The skill of the computer playing `side` ("ogre" or "defense").

        >>> Preferences(skill="Hi").skill_for("ogre"), Preferences(skill="Hi").skill_for("defense")
        ('Hi', 'Low')
        """
        return self.skill if side == "ogre" else self.defense_skill

    def with_skill(self, side: str, level: Level) -> Preferences:
        """These preferences with the computer's skill on `side` set to `level`."""
        return self.model_copy(update={"skill" if side == "ogre" else "defense_skill": level})


class PreferencesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-preferences"] = FORMAT
    version: Literal[1] = VERSION
    preferences: Preferences = Preferences()


def preferences_path(folder: Path) -> Path:
    return Path(folder) / FILE_NAME


def load_preferences(folder: Path | None = None,
                     migrations: Mapping[int, Migration] = MIGRATIONS
                     ) -> tuple[Preferences, str | None]:
    """(preferences, notice): the notice is one line for the player, or None when all is well."""
    path = preferences_path(preferences_folder() if folder is None else folder)
    try:
        text = read_text_limited(path, SIZE_LIMIT, WHERE)
        doc = upgrade(parse_json(text, WHERE), FORMAT, VERSION, migrations, WHERE)
    except FileNotFoundError:
        return Preferences(), None
    except StorageError as exc:
        return Preferences(), f"{exc.message.rstrip('.')}, so the default preferences are used."
    raw = doc.get("preferences", {})
    if not isinstance(raw, dict):
        return Preferences(), f"{WHERE} is damaged, so the default preferences are used."
    try:
        return Preferences.model_validate(raw), None
    except ValidationError:
        pass
    return _salvage(raw), f"{WHERE} had bad settings; those were reset to their defaults."


def _salvage(raw: dict[str, Any]) -> Preferences:
    """Keep every setting that is valid on its own; default the rest."""
    good: dict[str, Any] = {}
    for name in Preferences.model_fields:
        if name not in raw:
            continue
        try:
            Preferences.model_validate({name: raw[name]})
        except ValidationError:
            continue
        good[name] = raw[name]
    return Preferences.model_validate(good)


def save_preferences(folder: Path | None, prefs: Preferences) -> None:
    """Write the preferences atomically (folder None: the user config folder).

    Raises StorageError if the folder or the disk refuses; the old file stays intact.
    """
    path = preferences_path(preferences_folder() if folder is None else folder)
    if _newer_file(path):
        raise StorageError(f"{WHERE} belongs to a newer version of OGRE, so it is left as it is "
                           "and these settings last until you quit.", "future")
    write_text_atomic(path, encode(PreferencesFile(preferences=prefs)))


def _newer_file(path: Path) -> bool:
    """Is there a preferences file from a newer OGRE? Running an old copy must not spoil it."""
    try:
        upgrade(parse_json(read_text_limited(path, SIZE_LIMIT, WHERE), WHERE), FORMAT, VERSION,
                {}, WHERE)
    except StorageError as exc:
        return exc.code == "future"
    except OSError:
        pass
    return False
