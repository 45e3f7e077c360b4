"""Nothing lost (X12): crash reports, and the recovery slot that keeps a battle a crash stopped.

A crash report is plain text for a person to read or send: when, the game's version, what it ran
on (pygame-ce, SDL, Python, the OS) and the traceback. It goes in the log folder
(crash-YYYYMMDD-HHMMSS.txt); the newest KEEP_REPORTS are kept.

The recovery slot is one versioned JSON document wrapping a saved game, so it is checked by the
same schema as a saved game (the log replays to the state)::

    {"format": "ogre-recovery", "version": 3, "kept_at": "2026-01-31T20:15:00+00:00",
     "report": "/home/.../log/crash-20260131-201500.txt",
     "game": {"format": "ogre-game", "version": 2, ...}}

Version 2 added the guest's seat; version 3 holds a saved game of version 2 (its migration runs
the game's own, since a slot kept by an older OGRE holds a version-1 game); version 4 keeps with
the seat the salts of a guest's own sheet of mines and markers (X16).

The next start offers to resume it; resuming or discarding empties the slot. A network guest's
battle keeps beside it the seat's secret its host handed it (X10), with the host's address and
port, so that a guest whose game was restarted can still sit down again at that host; a guest
that defends with its own sheet keeps its salts there too (its sheet is the kept battle's start),
so that it can still tell the host what the battle shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict
from pydantic import Field as Spec

from ..rules.actions import Action
from ..rules.options import MOST_MINES
from ..rules.state import GameState
from . import games
from .atomic import read_text_limited, write_text_atomic
from .documents import Migration, decode, encode, upgrade
from .errors import StorageError, write_failure
from .fields import HexId, ScreenText
from .games import SIZE_LIMIT, GameFile, Players, SavedGame, game_document
from .paths import crash_folder, recovery_folder

FORMAT: Final = "ogre-recovery"
VERSION: Final = 4           # 4: a guest's own sheet's salts; 3: a saved game of version 2
#                              inside; 2: a network guest's seat
FILE_NAME = "battle.json"
WHERE = "The battle kept after a crash"


def _game_inside_upgraded(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: the saved game inside carried forward by its own migrations. Anything
    that is not an older saved game is left for the schema to refuse."""
    game = doc.get("game")
    if isinstance(game, dict) and game.get("format") == games.FORMAT and \
            type(game.get("version")) is int and game["version"] < games.VERSION:
        game = upgrade(game, games.FORMAT, games.VERSION, games.MIGRATIONS, WHERE)
    return {**doc, "game": game}


# The migration hook: MIGRATIONS[n] turns a version-n document (a dict) into version n+1.
MIGRATIONS: dict[int, Migration] = {1: lambda doc: {**doc, "version": 2},
                                    2: _game_inside_upgraded,
                                    3: lambda doc: {**doc, "version": 4}}
KEEP_REPORTS = 20           # older crash reports are removed as new ones come


Hex128 = Annotated[str, Spec(min_length=32, max_length=32, pattern="^[0-9a-f]*$")]


class SheetSalts(BaseModel):
    """A network guest's own sheet (X16): the salts of its commitments, by mine and by unit
    under a marker (what they hide is the kept battle's start)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mines: dict[HexId, Hex128] = Spec(default_factory=dict, max_length=MOST_MINES)
    units: dict[Annotated[str, Spec(max_length=6, pattern="^[0-9]+$")], Hex128] = Spec(
        default_factory=dict, max_length=500)


class GuestSeat(BaseModel):
    """A network guest's seat: the host it sat down at, and the secret that seats it again."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    address: Annotated[str, Spec(max_length=255)]
    port: Annotated[int, Spec(ge=1, le=65535)]
    secret: Hex128
    sheet: SheetSalts | None = None


class RecoveryFile(BaseModel):
    """The recovery slot, version 4: a saved game, the report of the crash that kept it, and a
    network guest's seat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["ogre-recovery"] = FORMAT
    version: Literal[4] = VERSION
    kept_at: datetime
    report: ScreenText = Spec("", max_length=1000)
    game: GameFile
    seat: GuestSeat | None = None


class RecoverySlot:
    """The one recovery slot, battle.json in `folder` (tests pass tmp_path)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    @classmethod
    def default(cls) -> RecoverySlot:
        return cls(recovery_folder())

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def keep(self, state: GameState, players: Players, log: Iterable[Action | str] = (),
             field_name: str = "", start: GameState | None = None, advice_asked: int = 0,
             report: Path | None = None, now: datetime | None = None,
             dice: Iterable[int] = (), seat: GuestSeat | None = None) -> None:
        """Keep the battle, replacing any kept before; StorageError when it cannot be."""
        when = (now or datetime.now(UTC)).replace(microsecond=0)
        game = game_document(state, players, log, field_name, when, start, advice_asked, dice)
        doc = RecoveryFile(kept_at=when, report=str(report or ""), game=game, seat=seat)
        write_text_atomic(self.path, encode(doc))

    def seat(self, address: str, port: int) -> str:
        """The seat's secret kept for the host at `address` and `port`, or "" (none kept, or
        for another host: a secret is never shown to a host that did not hand it out)."""
        kept = self._seat_for(address, port)
        return kept[0].secret if kept is not None else ""

    def sheet(self, address: str, port: int) -> tuple[GameState, SheetSalts] | None:
        """A guest's own sheet kept for the host at `address` and `port` (X16): its battle's
        start and its salts; None when there is none."""
        kept = self._seat_for(address, port)
        if kept is None or kept[0].sheet is None:
            return None
        try:
            start = kept[1].saved(WHERE).start
        except StorageError:
            return None
        return (start, kept[0].sheet) if start is not None else None

    def _seat_for(self, address: str, port: int) -> tuple[GuestSeat, GameFile] | None:
        try:
            text = read_text_limited(self.path, SIZE_LIMIT + 4096, WHERE)
            doc = decode(text, RecoveryFile, fmt=FORMAT, version=VERSION,
                         migrations=MIGRATIONS, where=WHERE)
        except (FileNotFoundError, StorageError):
            return None
        kept = doc.seat
        if kept is None or (kept.address, kept.port) != (address, port):
            return None
        return kept, doc.game

    def read(self) -> SavedGame | None:
        """The kept battle, None when the slot is empty; StorageError when it cannot be read."""
        try:
            text = read_text_limited(self.path, SIZE_LIMIT + 4096, WHERE)
        except FileNotFoundError:
            return None
        doc = decode(text, RecoveryFile, fmt=FORMAT, version=VERSION, migrations=MIGRATIONS,
                     where=WHERE)
        return doc.game.saved(WHERE)

    def clear(self) -> None:
        """Empty the slot (no error if it already is)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            raise write_failure(exc, self.folder) from exc


def crash_report_text(traceback_text: str, versions: Mapping[str, str],
                      now: datetime | None = None) -> str:
    """The report a player can read or send: when, what it ran on, and the traceback.

    >>> print(crash_report_text("Traceback ...", {"OGRE": "0.1.0"},
    ...                         datetime(2026, 1, 31, 20, 15, tzinfo=UTC)), end="")
    OGRE crash report
    When: 2026-01-31 20:15:00+00:00
    OGRE: 0.1.0
    <BLANKLINE>
    Traceback ...
    """
    when = (now or datetime.now(UTC)).replace(microsecond=0)
    lines = ["OGRE crash report", f"When: {when.isoformat(' ')}"]
    lines += [f"{name}: {value}" for name, value in versions.items()]
    return "\n".join(lines) + "\n\n" + traceback_text.rstrip("\n") + "\n"


def write_crash_report(text: str, folder: Path | None = None,
                       now: datetime | None = None) -> Path:
    """Write a report in the log folder under a new name; returns its path. StorageError when
    the folder refuses."""
    folder = crash_folder() if folder is None else Path(folder)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.txt"
    n = 1
    while path.exists():            # two crashes in one second keep both reports
        n += 1
        path = folder / f"crash-{stamp}-{n}.txt"
    write_text_atomic(path, text)
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    """Best effort: keep the newest KEEP_REPORTS reports."""
    try:
        reports = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for old in reports[:-KEEP_REPORTS]:
            old.unlink(missing_ok=True)
    except OSError:
        pass

