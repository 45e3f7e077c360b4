"""Saving and loading: fields, games and preferences as versioned JSON (G5, G6, G7, E10).

No pygame here. Every store takes its folder, so tests pass tmp_path; the
`default()` constructors and `paths` find the player's folders (platformdirs,
or OGRE_HOME). Every failure is a StorageError with a one-sentence message.

    from ogre.storage import FieldStore, GameStore, Players, load_preferences
    fields = FieldStore.default()
    fields.save(1, field, "My Field")
    for slot in fields.list_slots(): print(slot.summary)
"""

from .errors import StorageError
from .fields import (
                     FieldFile,
                     FieldRecord,
                     FieldSlot,
                     FieldStore,
                     designed_for,
                     load_predesigned,
                     predesigned_paths,
                     read_field_file,
                     write_field_file,
)
from .games import GameFile, GameSlot, GameStore, Players, SavedGame
from .paths import fields_folder, games_folder, preferences_folder
from .preferences import Preferences, load_preferences, save_preferences
from .slots import SLOTS, SlotStatus

__all__ = [
    "StorageError", "FieldFile", "FieldRecord", "FieldSlot", "FieldStore", "designed_for",
    "load_predesigned", "predesigned_paths", "read_field_file", "write_field_file",
    "GameFile", "GameSlot", "GameStore", "Players", "SavedGame",
    "fields_folder", "games_folder", "preferences_folder",
    "Preferences", "load_preferences", "save_preferences", "SLOTS", "SlotStatus",
]
