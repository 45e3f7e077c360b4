"""Tests of the pure rules engine (ogre/rules), named after the FEATURES.md IDs they check.

    .venv/bin/python -m pytest tests/rules -q

helpers.py       scenario builder, the standard Mark III test deployment, seed_for(dice...)
random_play.py   the random legal-action policy (also used by tools/bench_rules.py)
invariants.py    what every state and every transition must keep (random-play test)
test_battlefield B1-B3   test_units U1-U3   test_turns T1-T2   test_movement M1-M9
test_combat C1-C8        test_victory G4    test_field E8-E9
test_robustness  refusals change nothing; nonsense is a RuleError (hypothesis)
test_legal       perft-style legal_actions counts; legal_actions and check agree
test_notation    str(action) <-> parse_action;   test_golden  tests/golden/mark3-seed16.txt
test_random_play 500 seeded games to the end with invariants after every action

Regenerate the golden transcript after an intended rules change (then read the diff):
    OGRE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/rules/test_golden.py
"""
