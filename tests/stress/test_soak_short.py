"""A short soak (tools/soak.py): computer-against-computer games on every predesigned field with
every Low/Med pairing, the rules invariants after every action and save/load round trips."""

from dataclasses import replace

import pytest

from tools import soak


@pytest.mark.slow          # `make test-all` and CI run it, `make test` leaves it out
def test_short_soak_every_field_and_low_med_pairing_is_clean():
    fields = list(range(5))
    jobs = soak.plan(20, seed=2, levels=["Low", "Med"], hi_weight=0.5, field_indexes=fields,
                     round_trips=3, max_turns=60)
    outcomes = soak.run(jobs)
    report = soak.summary(outcomes, 0.0)
    assert soak.failures(outcomes) == 0, report
    combos = {(o.field_name, o.job.ogre, o.job.defense) for o in outcomes}
    assert len(combos) == 20, report                    # 5 fields x 4 pairings, each once
    assert {o.mark for o in outcomes} == {3, 5}
    assert all(o.result and o.result != soak.UNFINISHED for o in outcomes), report
    assert sum(o.round_trips for o in outcomes) >= 30, report


def test_the_plan_covers_every_pairing_and_field_with_hi_less_often():
    jobs = soak.plan(65, seed=1, levels=["Low", "Med", "Hi"], hi_weight=0.5,
                     field_indexes=list(range(5)), round_trips=0, max_turns=60)
    combos = {(j.field_index, j.ogre, j.defense) for j in jobs}
    assert len(combos) == 45                            # 5 fields x 9 pairings
    with_hi = sum("Hi" in (j.ogre, j.defense) for j in jobs)
    assert with_hi < len(jobs) / 2


def test_the_soak_catches_a_round_trip_that_loses_something(monkeypatch):
    real = soak.game_from_text

    def lossy(text, where):
        saved = real(text, where)
        return replace(saved, state=replace(saved.state, rng=saved.state.rng ^ 1))
    monkeypatch.setattr(soak, "game_from_text", lossy)
    job = soak.plan(1, seed=3, levels=["Low"], hi_weight=0.5, field_indexes=[0],
                    round_trips=2, max_turns=60)[0]
    out = soak.run_game(job)
    assert out.invariants and "round trip" in out.invariants[0] and "rng" in out.invariants[0]


def test_the_soak_catches_a_broken_invariant(monkeypatch):
    # the soak's battles go through the one play loop: break the engine there
    from ogre.ai import match
    real = match.apply
    calls = {"n": 0}

    def breaking(state, action):
        after, events = real(state, action)
        calls["n"] += 1
        if calls["n"] == 50:                             # treads grow back: not allowed
            after = replace(after, ogres=(replace(after.ogre, treads=state.ogre.treads + 1),))
        return after, events
    monkeypatch.setattr(match, "apply", breaking)
    job = soak.plan(1, seed=3, levels=["Low"], hi_weight=0.5, field_indexes=[0],
                    round_trips=0, max_turns=60)[0]
    out = soak.run_game(job)
    assert out.invariants and "invariant after" in out.invariants[0]
