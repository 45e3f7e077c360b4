"""Where OGRE keeps the player's files.

Fields and saved games go in the user data folder, preferences in the user
config folder, crash reports in the user log folder (platformdirs, app name
"ogre1986"). Setting OGRE_HOME puts them all under one folder instead
(OGRE_HOME/data, OGRE_HOME/config and OGRE_HOME/log), which is how tests and
the monkey runner keep away from a real player's files. Nothing here creates a
folder; saving does.

>>> import os; os.environ["OGRE_HOME"] = "/tmp/ogre-doc"
>>> str(fields_folder())
'/tmp/ogre-doc/data/fields'
>>> str(preferences_folder())
'/tmp/ogre-doc/config'
>>> str(crash_folder())
'/tmp/ogre-doc/log'
>>> del os.environ["OGRE_HOME"]
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "ogre1986"
HOME_ENV = "OGRE_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV, "").strip()
    return Path(home).expanduser() if home else None


def user_data_folder() -> Path:
    home = _home()
    if home is not None:
        return home / "data"
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def user_config_folder() -> Path:
    home = _home()
    if home is not None:
        return home / "config"
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def user_log_folder() -> Path:
    home = _home()
    if home is not None:
        return home / "log"
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def fields_folder() -> Path:
    """The five player field slots (G5)."""
    return user_data_folder() / "fields"


def games_folder() -> Path:
    """The five saved-game slots (G6)."""
    return user_data_folder() / "games"


def preferences_folder() -> Path:
    """preferences.json (G7)."""
    return user_config_folder()


def crash_folder() -> Path:
    """Crash reports (X12)."""
    return user_log_folder()


def recovery_folder() -> Path:
    """The recovery slot: the battle a crash interrupted (X12)."""
    return user_data_folder() / "recovery"
