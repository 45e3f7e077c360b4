"""Atomic writes and limited reads: a failure mid-save leaves the old file intact."""

from __future__ import annotations

import errno
import os

import pytest

from ogre.storage import atomic
from ogre.storage.atomic import read_text_limited, write_text_atomic
from ogre.storage.errors import StorageError


def leftovers(folder):
    return [p.name for p in folder.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX)]


def test_write_creates_the_folder_and_replaces_the_file(tmp_path):
    path = tmp_path / "a" / "b" / "slot1.json"
    write_text_atomic(path, "first")
    write_text_atomic(path, "second ünïcode")
    assert path.read_text(encoding="utf-8") == "second ünïcode"
    assert leftovers(path.parent) == []


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_disk_full_mid_save_leaves_the_old_file_intact(tmp_path, monkeypatch, failing):
    path = tmp_path / "slot1.json"
    write_text_atomic(path, "old contents")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "replace":
        monkeypatch.setattr(atomic.os, "replace", full)
    elif failing == "fsync":
        monkeypatch.setattr(atomic.os, "fsync", full)
    else:
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes the first half, then the disk is full."""

            def __init__(self, f):
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

            def write(self, text):
                self.f.write(text[: len(text) // 2])
                self.f.flush()
                full()

            def __getattr__(self, name):
                return getattr(self.f, name)

        monkeypatch.setattr(atomic.os, "fdopen",
                            lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    with pytest.raises(StorageError) as err:
        write_text_atomic(path, "new contents that will not fit " * 100)
    assert err.value.code == "disk_full"
    assert "disk is full" in err.value.message
    assert path.read_text() == "old contents"
    assert leftovers(tmp_path) == []


def test_other_os_errors_are_reported_in_one_sentence(tmp_path, monkeypatch):
    path = tmp_path / "slot1.json"
    write_text_atomic(path, "old")

    def broken(*args):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic.os, "replace", broken)
    with pytest.raises(StorageError) as err:
        write_text_atomic(path, "new")
    assert err.value.code == "io"
    assert "input/output error" in err.value.message
    assert path.read_text() == "old"


def test_a_folder_that_is_a_file_is_unwritable(tmp_path):
    blocker = tmp_path / "fields"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError) as err:
        write_text_atomic(blocker / "slot1.json", "x")
    assert err.value.code == "unwritable"
    assert "cannot be written" in err.value.message
    assert blocker.read_text() == "not a folder"


def test_g6_a_slot_that_is_a_folder_says_so_and_the_folder_is_kept(tmp_path):
    slot = tmp_path / "slot2.json"
    slot.mkdir()
    (slot / "keep.txt").write_text("mine")
    with pytest.raises(StorageError) as err:
        write_text_atomic(slot, "{}")
    assert err.value.code == "unwritable"
    assert "is a folder, not a file" in err.value.message and str(slot) in err.value.message
    assert (slot / "keep.txt").read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["slot2.json"]      # no temporary file left


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="root ignores folder permissions")
def test_a_read_only_folder_is_unwritable(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "slot1.json").write_text("old")
    folder.chmod(0o500)
    try:
        with pytest.raises(StorageError) as err:
            write_text_atomic(folder / "slot1.json", "new")
        assert err.value.code == "unwritable"
    finally:
        folder.chmod(0o700)
    assert (folder / "slot1.json").read_text() == "old"


def _denied(*args, **kwargs):
    raise PermissionError(errno.EACCES, "Permission denied")


def test_permission_denied_on_replace_keeps_the_old_slot(tmp_path, monkeypatch):
    """The read-only-folder test above cannot run as root (CI): the same refusal, simulated."""
    (tmp_path / "slot1.json").write_text("old")
    monkeypatch.setattr(atomic.os, "replace", _denied)
    with pytest.raises(StorageError) as err:
        write_text_atomic(tmp_path / "slot1.json", "new")
    assert err.value.code == "unwritable"
    assert [p.name for p in tmp_path.iterdir()] == ["slot1.json"]      # no temporary file left
    assert (tmp_path / "slot1.json").read_text() == "old"


def test_permission_denied_on_create_is_unwritable(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic.tempfile, "mkstemp", _denied)
    with pytest.raises(StorageError) as err:
        write_text_atomic(tmp_path / "slot1.json", "x")
    assert err.value.code == "unwritable"


def test_read_refuses_oversized_files(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("x" * 101)
    with pytest.raises(StorageError) as err:
        read_text_limited(path, 100, "Field slot 1")
    assert err.value.code == "too_large"
    assert read_text_limited(path, 101, "Field slot 1") == "x" * 101


def test_read_tells_cut_utf8_from_binary_garbage(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_bytes('{"name": "Zü'.encode()[:-1])       # ends inside the two-byte ü
    with pytest.raises(StorageError) as err:
        read_text_limited(cut, 1000, "Field slot 1")
    assert err.value.code == "truncated"
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(StorageError) as err:
        read_text_limited(junk, 1000, "Field slot 1")
    assert err.value.code == "damaged"


def test_read_of_a_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_text_limited(tmp_path / "none.json", 100, "x")


def test_read_of_a_folder_is_unreadable(tmp_path):
    (tmp_path / "slot1.json").mkdir()
    with pytest.raises(StorageError) as err:
        read_text_limited(tmp_path / "slot1.json", 100, "Field slot 1")
    assert err.value.code == "unreadable"
    assert err.value.message.startswith("Field slot 1 cannot be read")


def test_temporary_files_left_by_an_old_crash_are_tidied(tmp_path):
    stale = tmp_path / f".slot1.json.abc{atomic.TEMP_SUFFIX}"
    fresh = tmp_path / f".slot1.json.def{atomic.TEMP_SUFFIX}"    # perhaps another save, now
    other = tmp_path / f".slot2.json.ghi{atomic.TEMP_SUFFIX}"
    for p in (stale, fresh, other):
        p.write_text("half a sav")
    old = os.path.getmtime(stale) - 2 * atomic.STALE_SECONDS
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_text_atomic(tmp_path / "slot1.json", "whole")
    assert not stale.exists() and fresh.exists() and other.exists()
    assert (tmp_path / "slot1.json").read_text() == "whole"
