"""For every test: the computer thinks on a thread (OGRE_THINK=thread), not in a worker process,
as the suite makes hundreds of apps; tests/ui/test_thinker.py checks the process itself. And,
for the internet tests (X14), a magic-wormhole mailbox and transit relay of their own on
127.0.0.1, one pair for each test module that asks."""

import os

import pytest

os.environ.setdefault("OGRE_THINK", "thread")


@pytest.fixture(scope="module")
def local_servers():
    """A mailbox and a transit relay on 127.0.0.1 for this module's tests; they skip, saying
    why, where the `test` extra's packages are missing."""
    from tools.wormhole_servers import LocalServers, available

    why = available()
    if why:
        pytest.skip(why)
    with LocalServers() as servers:
        yield servers
