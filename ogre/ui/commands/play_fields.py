"""The fields a battle can start on (G1, G5): the one on the screen, the five predesigned and
the player's five slots, as Play a Game offers them, without going through the Field Editor's
Load a Field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ogre.ai.deploy import defended, watched
from ogre.ai.minelaying import with_mines
from ogre.rules import Field, GameState, new_game
from ogre.rules.options import Options
from ogre.rules.scenarios import ASSAULTS, SCENARIOS, WATCHED
from ogre.rules.units import MARKS
from ogre.storage.errors import StorageError
from ogre.storage.fields import FieldRecord, FieldStore, load_battle_fields, load_predesigned
from ogre.storage.slots import SlotStatus
from ogre.ui.commands.battle_files import slot_line


@dataclass(frozen=True)
class FieldOption:
    """One field in Play a Game's list."""
    words: str                  # its row in the list
    short: str                  # what the dialog's Field row says once it is picked
    usable: bool = True         # an empty or unreadable slot is listed, dimmed
    mark: int | None = None     # the Ogre it was designed against; None: the field on the screen
    read: Callable[[], FieldRecord] | None = None      # None: the field on the screen
    scenario: str = ""          # the battle it was designed for (a scenario's key)

    @property
    def on_screen(self) -> bool:
        return self.read is None


def on_screen(in_battle: bool, name: str) -> FieldOption:
    """The field the battle (or the Field Editor) holds, played again as it is."""
    where = "This battle's field" if in_battle else "The field in the Field Editor"
    return FieldOption(f"{where}: {name}" if name else where,
                       f"{name} (on the screen)" if name else where)


def field_options(current: FieldOption | None) -> tuple[list[FieldOption], str]:
    """`current` first (when there is one), then the predesigned fields, the 1986 five and
    one for each of the pocket edition's battles, and the five slots; and a sentence when the
    predesigned fields cannot be read (else "")."""
    options = [current] if current is not None else []
    records, battles, trouble = predesigned_fields()
    for r in records:
        mark = MARKS[r.mark].name
        options.append(FieldOption(f"{r.name} ({mark}) - {r.description}", f"{r.name} ({mark})",
                                   True, r.mark, partial(_same, r), r.scenario))
    for r in battles:
        words = battle_field_words(r)
        options.append(FieldOption(words, words, True, r.mark, partial(_same, r), r.scenario))
    store = FieldStore.default()
    for s in store.list_slots():
        ok = s.status is SlotStatus.OK
        options.append(FieldOption(slot_line(s), s.summary, ok, s.mark if ok else None,
                                   partial(store.load, s.slot), s.scenario))
    return options, trouble


def predesigned_fields() -> tuple[list[FieldRecord], list[FieldRecord], str]:
    """The 1986 five, the pocket edition's battles' fields, and a sentence when either cannot
    be read (else "")."""
    try:
        return load_predesigned(), load_battle_fields(), ""
    except StorageError as exc:
        return [], [], exc.message


def battle_field_words(record: FieldRecord) -> str:
    """A battle's predesigned field in a list, on one line so that the lists still fit the
    smallest window: its name and its battle."""
    return f"{record.name} ({SCENARIOS[record.scenario].title})"


def _same(record: FieldRecord) -> FieldRecord:
    return record


def battle_on(field: Field, mark: int, seed: int, key: str, options: Options,
              mines_seed: int | None = None) -> tuple[GameState, int]:
    """A new battle on the field as `key` plays it, the mines the field has not laid laid by
    the computer for the defense (8.03, by `mines_seed`'s chance, else the battle's); and how
    many the computer laid."""
    laid = with_mines(played_as(field, key), options.mines, seed if mines_seed is None
                      else mines_seed)
    state = new_game(laid, mark, seed, key, options)
    return state, len(state.secrets.mines) - len(set(field.mines) & state.secrets.mines)


def played_as(field: Field, key: str | None) -> Field:
    """The field as the scenario `key` is played on it. On a field that places no Ogre of the
    defense's (a 1986 one) the defense's Mark III stands in front of the Command Post, as the
    computer deploys it: in Ogre Defending (9.03) with the rearmost half of the defense, in
    Mark III on Defense (9.01) with 15 of its squads. Every other battle plays the field as it
    is."""
    if field.ogres:
        return field
    if key in ASSAULTS:
        return watched(field)
    if key in WATCHED:
        return defended(field)
    return field
