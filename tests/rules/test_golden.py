"""A golden transcript (X3, and every rule the game touches): one whole seeded Mark III game in
the action notation with the events each action caused, compared line by line.

The test replays the actions written in tests/golden/mark3-seed16.txt, so changing the random
policy does not touch it; changing what the rules do does. After an intended rules change,
regenerate the file, read the diff, and commit it:

    OGRE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/rules/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

from ogre.rules import apply, new_game, parse_action

from .helpers import mark_iii_field
from .random_play import play_random_game

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "mark3-seed16.txt"
SEED = 16
HEADER = f"""\
# OGRE rules engine golden transcript, checked by tests/rules/test_golden.py.
# Field: the Mark III test deployment (MARK_III_DEPLOYMENT in tests/rules/helpers.py), Mark III,
# new_game seed {SEED}; actions first chosen by tests/rules/random_play.py (random.Random({SEED})).
# Regenerate after an intended rules change:
#   OGRE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/rules/test_golden.py
# An unindented line is an action in the notation; the indented lines under it are its events:
#   kind: text | piece, hex, die, odds, result, treads lost (when set)
"""


def _event_line(e) -> str:
    extra = []
    if e.piece:
        extra.append(f"piece {e.piece}")
    if e.hex:
        extra.append(f"hex {e.hex:04d}")
    if e.die:
        extra.append(f"die {e.die}")
    if e.odds:
        extra.append(f"odds {e.odds}")
    if e.result:
        extra.append(f"result {e.result}")
    if e.treads_lost:
        extra.append(f"treads -{e.treads_lost}")
    return f"  {e.kind}: {e.text}" + (" | " + ", ".join(extra) if extra else "")


def transcript(actions) -> list[str]:
    """Play `actions` from the start of the seeded game; the transcript's lines."""
    state = new_game(mark_iii_field(), 3, SEED)
    lines = HEADER.splitlines()
    for a in actions:
        state, events = apply(state, a)
        lines.append(str(a))
        lines.extend(_event_line(e) for e in events)
    o = state.ogre
    lines.append(f"# final: {state.result or 'not over'}; turn {state.turn}; Ogre treads "
                 f"{o.treads}, weapons {list(o.weapons)}; {len(state.pieces)} defenders left")
    return lines


def _actions_in(lines):
    return [parse_action(line) for line in lines if line and not line.startswith(("#", " "))]


def test_x3_golden_transcript_replays_line_by_line():
    if os.environ.get("OGRE_REGENERATE_GOLDEN"):
        rec = play_random_game(SEED, record=True, damaged=False)
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text("\n".join(transcript(rec.actions)) + "\n")
    expected = GOLDEN.read_text().splitlines()
    actual = transcript(_actions_in(expected))
    for n, (want, got) in enumerate(zip(expected, actual), start=1):
        assert got == want, f"{GOLDEN.name} line {n} differs:\n  want {want!r}\n  got  {got!r}"
    assert len(actual) == len(expected)
    assert expected[-1].startswith("# final: Complete Ogre Victory")


def test_x3_golden_game_is_still_what_the_random_policy_plays():
    # Not required for the transcript (which replays its own actions), but a change here
    # means the policy or the rules changed: regenerate knowingly.
    rec = play_random_game(SEED, record=True, damaged=False)
    assert [str(a) for a in rec.actions] == [str(a) for a in
                                             _actions_in(GOLDEN.read_text().splitlines())]
