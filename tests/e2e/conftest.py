"""An X server of its own for each real-window test (Xvfb): it picks a free display number
itself (-displayfd), so tests on several workers never race for one. Skipped, with the reason,
when Xvfb is not installed (.ci/run installs it)."""

from __future__ import annotations

import os
import select
import shutil
import subprocess

import pytest


@pytest.fixture
def xvfb():
    exe = shutil.which("Xvfb")
    if exe is None:
        pytest.skip("Xvfb is not installed (apt-get install xvfb); the real-window test "
                    "needs an X server")
    read, write = os.pipe()
    # -noreset: no pause to reset the server when a game quits and the next one connects
    proc = subprocess.Popen([exe, "-displayfd", str(write), "-screen", "0", "1280x800x24",
                             "-noreset", "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.close(write)
    try:
        ready, _, _ = select.select([read], [], [], 10)
        number = os.read(read, 16).decode().strip() if ready else ""
        if not number:
            if proc.poll() is not None:
                pytest.skip(f"Xvfb could not start: {proc.stderr.read().decode()[-300:]}")
            pytest.fail("Xvfb did not come up within 10 s")
        yield f":{number}"
    finally:
        os.close(read)
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
