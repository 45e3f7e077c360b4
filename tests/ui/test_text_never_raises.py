"""Any str can be measured and drawn (X10: a name from the other computer, or from a file, may
hold any code point): a NUL, a lone surrogate, a bidi override, nothing but zero-width
characters. Every routine of the toolkit that sets or measures text returns normally."""

from __future__ import annotations

import sys
import unicodedata

import pygame
import pytest

from ogre.ui.toolkit import choices, ink, theme

NONCHARACTERS = [chr(c) for c in range(0xFDD0, 0xFDF0)] + \
    [chr(plane << 16 | low) for plane in range(17) for low in (0xFFFE, 0xFFFF)]
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def _samples_by_category(per: int = 3) -> dict[str, list[str]]:
    """The first and last few code points of every general category, surrogates (Cs) and
    unassigned (Cn) ones included."""
    found: dict[str, list[str]] = {}
    for c in range(sys.maxunicode + 1):
        found.setdefault(unicodedata.category(chr(c)), []).append(chr(c))
    return {cat: chars[:per] + chars[-per:] for cat, chars in found.items()}


SAMPLES = _samples_by_category()
SINGLES = sorted({ch for chars in SAMPLES.values() for ch in chars}
                 | set(NONCHARACTERS) | set(BIDI_CONTROLS))
MIXED = [
    "",
    " ",
    "\x00",
    "\x00" * 5,
    "Howitzer\x00 Umbrella",
    "\ud800",
    "a\udfffb",
    "\u202eevil\u202c name",
    "\u2066\u2067\u2068\u2069",
    "\u200b\u200c\u200d\u2060\ufeff",              # zero-width only
    "\u0301\u0302\u20dd",                          # combining marks with nothing to mark
    "\U000e0001\U000e0041",                        # tags
    "\ue000\U000f0000\U0010fffd",                  # private use
    "\ufdd0\uffff\U0010ffff",                      # noncharacters
    "\u0378\U000e0080",                            # unassigned
    "line\u2028para\u2029next\x85\r\n\tend",
    "\x7f\x80\x9f\x1b[31m",
    "".join(SINGLES),
    " ".join(SINGLES),
    "".join(SINGLES) + "x" * 600,
]
LONG = "".join(SINGLES) * 4 + "x\x00" * 5000 + "\ud800"


@pytest.fixture(scope="module", autouse=True)
def _font():
    pygame.font.init()


@pytest.mark.parametrize("bold", [False, True])
def test_x10_rendered_never_raises_on_any_class_of_code_point(bold):
    assert {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs", "Mn", "Me", "Mc"} <= set(SAMPLES)
    for words in SINGLES + MIXED + [LONG]:
        img = theme.rendered(words, 20, theme.TEXT, bold)
        assert isinstance(img, pygame.Surface), repr(words)
        assert img.get_height() > 0, repr(words)
        w, h = theme.font(20, bold).size(words)
        assert w >= 0 and h > 0, repr(words)


def test_x10_a_line_that_the_renderer_refuses_is_set_without_what_it_refuses():
    plain = theme.rendered("Howitzer Umbrella", 20, theme.TEXT, False)
    nul = theme.rendered("Howitzer\x00 Umbrella\ud800", 20, theme.TEXT, False)
    assert nul.get_size() == plain.get_size()
    # measured as it is set, not only up to the NUL
    assert theme.font(20).size("Howitzer\x00 Umbrella") == theme.font(20).size("Howitzer Umbrella")
    assert theme.rendered("\u200b", 20, theme.TEXT, False).get_width() == 0


def test_x10_a_very_long_line_wraps_and_clips_in_good_time():
    lines = theme.wrap(LONG, 18, 120)
    assert len(lines) > 100 and all(theme.font(18).size(line)[0] <= 120 for line in lines)
    cut = theme.clip(LONG, 18, 120)
    assert cut.endswith(theme.ELLIPSIS) and theme.font(18).size(cut)[0] <= 120


def test_x10_wrap_clip_and_the_text_boxes_never_raise_on_any_code_point():
    surface = pygame.Surface((300, 200))
    canvas = ink.Canvas((300, 200), 2.5)
    for words in SINGLES + MIXED:
        lines = theme.wrap(words, 18, 120)
        assert lines and all(isinstance(line, str) for line in lines), repr(words)
        assert isinstance(theme.clip(words, 18, 120), str)
        assert isinstance(choices.typed_tail(words, 22, 120), str)
        for target in (surface, canvas):
            rect = theme.text(target, words, (4, 4), 18)
            assert rect.height > 0, repr(words)
            theme.text(target, words, (150, 100), 18, bold=True, center=True)
            theme.draw_in_box(target, words, pygame.Rect(10, 10, 120, 80), 18)
            theme.draw_paragraphs(target, [theme.Para(words, 20, bold=True), theme.Para(words)],
                                  pygame.Rect(10, 10, 120, 80), center=True, newest=True)
        assert theme.paragraphs_height([theme.Para(words)], 120) >= 0
