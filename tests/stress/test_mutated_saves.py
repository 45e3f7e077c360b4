"""G6, issue 15: a real save, mutated within its JSON types, either loads into a sound position
that plays on, or is refused in one sentence. Driven by hypothesis over the mutations of
tools/fuzz_saves.py (whose long run reports its counts in the README); here a short version
for CI, derandomised so that a run repeats."""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools import fuzz_saves as fuzz

BASES = fuzz.battle_saves(seed=3, battles=4, per_battle=6)
pygame.font.init()
FONT = pygame.font.Font(None, 20)


def render(words: str) -> None:
    FONT.render(words, True, (0, 0, 0))        # raises on a NUL, a surrogate, zero width


class DrawSource:
    """The fuzzer's choices, drawn by hypothesis (so a failure shrinks to a small mutation)."""

    def __init__(self, data) -> None:
        self.data = data

    def index(self, n: int) -> int:
        return self.data.draw(st.integers(0, n - 1)) if n > 1 else 0

    def chance(self, p: float = 0.5) -> bool:
        return self.data.draw(st.integers(0, 99)) < p * 100

    def number(self) -> int:
        return self.data.draw(st.one_of(st.sampled_from(fuzz.NUMBERS), st.integers()))

    def text(self) -> str:
        anything = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
        return self.data.draw(st.one_of(st.sampled_from(fuzz.TEXTS), anything))

    def pick(self, seq):
        return seq[self.index(len(seq))]


def test_g6_the_base_saves_are_real_and_varied():
    assert len(BASES) == 24
    outcomes = [fuzz.check_save(text, fuzz.RandomSource(__import__("random").Random(i)))[0]
                for i, text in enumerate(BASES)]
    assert outcomes == ["played"] * len(BASES)          # unmutated, every one loads and plays
    assert sum('"start"' in text for text in BASES) >= 3      # some with their start and log


@settings(max_examples=300, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_g6_a_mutated_save_loads_sound_and_plays_on_or_is_refused_in_one_sentence(data):
    src = DrawSource(data)
    text = fuzz.mutate(src.pick(BASES), src)
    fuzz.check_save(text, src, render)                  # AssertionError (or worse) if neither


def test_g6_the_fuzzer_finds_both_outcomes_and_no_failure(capsys):
    counts = fuzz.run(files=400, seed=9, battles=3, ui_every=100)
    assert counts["failures"] == 0, capsys.readouterr().out
    assert counts["played"] >= 20 and counts["refused"] >= 200, counts
    assert counts["shown in the app"] >= 1
