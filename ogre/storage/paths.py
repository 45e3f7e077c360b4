"""Where OGRE keeps the player's files.

Fields and saved games go in the user data folder, preferences in the user
config folder (platformdirs, app name "ogre1986"). Setting OGRE_HOME puts both
under one folder instead (OGRE_HOME/data and OGRE_HOME/config), which is how
tests and the monkey runner keep away from a real player's files. Nothing here
creates a folder; saving does.

>>> import os; os.environ["OGRE_HOME"] = "/tmp/ogre-doc"
>>> str(fields_folder())
'/tmp/ogre-doc/data/fields'
>>> str(preferences_folder())
'/tmp/ogre-doc/config'
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


def fields_folder() -> Path:
    """The five player field slots (G5)."""
    return user_data_folder() / "fields"


def games_folder() -> Path:
    """The five saved-game slots (G6)."""
    return user_data_folder() / "games"


def preferences_folder() -> Path:
    """preferences.json (G7)."""
    return user_config_folder()
