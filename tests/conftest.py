"""For every test: the computer thinks on a thread (OGRE_THINK=thread), not in a worker process,
as the suite makes hundreds of apps; tests/ui/test_thinker.py checks the process itself."""

import os

os.environ.setdefault("OGRE_THINK", "thread")
