"""Files on purpose: saving and loading, slots and preferences damaged in every way, restarts."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

from tools.app_driver import key_event
from tools.monkey_play import MonkeyPlay


class MonkeyFiles(MonkeyPlay):
    # -- saving, loading and damaged files
    def g_storage(self) -> None:
        rnd = self.rnd
        if self.battle is not None and not self.battle.state.over:
            label = rnd.choice(("Save a Game", "Save a Game", "Load a Game", "Export the Log"))
        elif self.editor is not None:
            label = rnd.choice(("Save a Field", "Load a Field", "Load a Game"))
        else:
            label = "Load a Game"
        self.stats[f"storage {label}"] += 1
        if not self.choose_command("Menu", label):
            return
        for _ in range(4):                   # choose a row, OK, replace?, a name, OK
            d = self.dialog()
            if d is None or d.title != label:
                return
            if hasattr(d, "rows"):
                self.click(d.row_rect(rnd.randrange(len(d.rows))).center)
            if hasattr(d, "name") and rnd.random() < 0.5:
                for ch in rnd.choice(("Monkey", "é", "x" * 40)):
                    self._step([key_event(0, 0, ch)])
            self.answer("OK" if rnd.random() < 0.9 else "Cancel")

    def g_damage(self, how: str | None = None) -> None:
        """Damage a game or field slot on disk (the app reads it next time it lists slots)."""
        from ogre.storage.paths import fields_folder, games_folder
        rnd = self.rnd
        folder_kind = rnd.choice(("games", "fields"))
        folder = games_folder() if folder_kind == "games" else fields_folder()
        slot = rnd.randint(1, 5)
        path = folder / f"slot{slot}.json"
        how = how or rnd.choice(("garbage", "binary", "truncated", "empty", "foreign", "future",
                                 "invalid", "folder", "not an object", "impossible",
                                 "impossible", "pipe", "device"))
        folder.mkdir(parents=True, exist_ok=True)
        good = self._good_text(folder_kind)
        _clear_special(path)
        if how in ("pipe", "device"):
            _special_file(path, how)
        elif how == "folder":
            path.unlink(missing_ok=True)
            path.mkdir()
            (path / "inside.txt").write_text("a folder where a slot file should be")
        else:
            data = {
                "garbage": b"this is not json {{{",
                "binary": bytes(rnd.randrange(256) for _ in range(300)) + b"\xff\xfe",
                "truncated": good[: max(1, len(good) * rnd.randint(1, 9) // 10)],
                "empty": b"",
                "foreign": json.dumps({"format": "something-else", "version": 1}).encode(),
                "future": re.sub(rb'"version": \d+', b'"version": 99', good, count=1),
                "invalid": good.replace(b'"format"', b'"extra": true, "format"', 1),
                "not an object": b"[1, 2, 3]",
                "impossible": _impossible(folder_kind, good, rnd),
            }[how]
            if how == "foreign" and rnd.random() < 0.5:
                data = self._good_text("fields" if folder_kind == "games" else "games")
            path.write_bytes(data)
        self.damaged[(folder_kind, slot)] = how
        self.stats[f"damaged {folder_kind} slot: {how}"] += 1

    def _good_text(self, kind: str) -> bytes:
        from ogre.rules import new_game
        from ogre.storage.fields import field_to_text, load_predesigned
        from ogre.storage.games import Players, game_to_text
        rec = load_predesigned()[self.rnd.randrange(5)]
        if kind == "fields":
            return field_to_text(rec.field, rec.name, rec.mark).encode()
        battle = self.app.battle
        state = battle.state if battle is not None else new_game(rec.field, rec.mark, 1)
        return game_to_text(state, Players(count=2, computer=None)).encode()

    def damage_preferences(self) -> None:
        from ogre.storage.paths import preferences_folder
        folder = preferences_folder()
        folder.mkdir(parents=True, exist_ok=True)
        how = self.rnd.choice(("garbage", "future", "bad values", "folder", "pipe"))
        path = folder / "preferences.json"
        _clear_special(path)
        if how == "pipe":
            _special_file(path, how)
        elif how == "folder":
            path.unlink(missing_ok=True)
            path.mkdir()
        else:
            path.write_text({
                "garbage": "{{{ nope",
                "future": json.dumps({"format": "ogre-preferences", "version": 7,
                                      "preferences": {}}),
                "bad values": json.dumps({"format": "ogre-preferences", "version": 1,
                                          "preferences": {"sound": "loud", "skill": "God",
                                                          "window_size": [5, 99999],
                                                          "reminders": False}}),
            }[how])
        self.stats[f"damaged preferences: {how}"] += 1

    def g_restart(self) -> None:
        """Quit through the window's close button, maybe damage the preferences, start again
        (_step starts the app again when it stops running)."""
        if self.rnd.random() < 0.4:
            self.damage_preferences()
        if self.post(self.pg.QUIT):
            # G6: a battle that moved on asks first; mostly let it go, now and then stay
            self.answer("Don't Save" if self.rnd.random() < 0.8 else "Cancel")


def _clear_special(path: Path) -> None:
    """Whatever damage is in a file's place goes (writing into a pipe would wait for ever)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.is_symlink() or path.exists():
        path.unlink()


def _special_file(path: Path, how: str) -> None:
    """A named pipe, or a device (a link to /dev/zero, which never ends), in a file's place."""
    if how == "pipe" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero" if os.path.exists("/dev/zero") else os.devnull)


def _impossible(kind: str, good: bytes, rnd: random.Random) -> bytes:
    """Well-shaped JSON describing what no battle or field can hold (issue 15)."""
    doc = json.loads(good)
    if kind == "fields":
        doc["craters"] = doc.get("craters") or ["0107"]
        doc["pieces"] = doc["pieces"][:1] * 2 or [{"kind": "cp", "hex": "0107"}]
        doc["pieces"][0] = dict(doc["pieces"][0], hex=rnd.choice(doc["craters"]))
        return json.dumps(doc).encode()
    s = doc["state"]
    edit = rnd.randrange(6)
    if edit == 0:
        s["ogres"][0]["missiles_spent"] = 50
    elif edit == 1:
        s["ogres"][0]["rams"] = 7
    elif edit == 2:
        s["ogres"][0]["moved"] = 10 ** 9
    elif edit == 3:
        s["turn"] = doc["label"]["turn"] = 10 ** 4299
    elif edit == 4 and s["pieces"] and s["board"]["craters"]:
        s["pieces"][0]["hex"] = s["pieces"][0]["start"] = s["board"]["craters"][0]
    else:
        shooter = s["pieces"][0]["id"] if s["pieces"] else 1
        s["aim"] = {"part": "treads", "attackers": [shooter] * 20}
    return json.dumps(doc).encode()
