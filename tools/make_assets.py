"""Regenerate assets/: counter PNGs, a contact sheet, and the sound effects as WAV (U1, U2, S5),
and the desktop icon in desktop/ (X13).

The game draws its counters at run time (ogre.ui.drawing.art); those PNGs are previews for
people and packagers. The WAVs are what the game plays (ogre.ui.drawing.sound loads them rather
than synthesise them at every start) and the icon is what a desktop shows; tests check both
still match the code that makes them. The same code makes them all, so running this twice gives
identical files.

    python -m tools.make_assets [--out assets] [--size 64] [--desktop desktop]
"""

from __future__ import annotations

import argparse
import os
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

from ogre.desktop import ICON, ICON_SIZE  # noqa: E402
from ogre.ui.drawing import art, sound  # noqa: E402

# (file stem, kind, keyword arguments) for every distinct counter face
VARIANTS: list[tuple[str, str, dict[str, int]]] = [
    ("heavy", "heavy", {}),
    ("missile", "missile", {}),
    ("howitzer", "howitzer", {}),
    ("gev", "gev", {}),
    ("infantry-1", "infantry", {"squads": 1}),
    ("infantry-2", "infantry", {"squads": 2}),
    ("infantry-3", "infantry", {"squads": 3}),
    ("cp", "cp", {}),
    ("ogre-mk3", "ogre", {"mark": 3}),
    ("ogre-mk5", "ogre", {"mark": 5}),
]
SHEET_BG = (196, 182, 140)          # the map's scorched earth, so the sheet shows real contrast
SHEET_SIZES = (64, 46, 40, 28, 24)  # 46 and 24 are the map's half and whole views


def contact_sheet() -> pygame.Surface:
    """Rows: each counter face. Columns: each state at 40 px, then the normal face per size."""
    font = pygame.font.Font(None, 18)
    cell = 70
    label_w = 84
    cols = len(art.STATES) + len(SHEET_SIZES)
    extra_rows = 1
    sheet = pygame.Surface((label_w + cols * cell, 22 + (len(VARIANTS) + extra_rows) * cell))
    sheet.fill(SHEET_BG)
    heads = [f"{s} 40" for s in art.STATES] + [f"{n}px" for n in SHEET_SIZES]
    for c, head in enumerate(heads):
        img = font.render(head, True, (20, 20, 20))
        sheet.blit(img, img.get_rect(midtop=(label_w + c * cell + cell // 2, 4)))
    for r, (stem, kind, kw) in enumerate(VARIANTS):
        y = 22 + r * cell + cell // 2
        sheet.blit(font.render(stem, True, (20, 20, 20)), (4, y - 6))
        for c, state in enumerate(art.STATES):
            img = art.counter(kind, 40, state=state, **kw)
            sheet.blit(img, img.get_rect(center=(label_w + c * cell + cell // 2, y)))
        for c, n in enumerate(SHEET_SIZES, start=len(art.STATES)):
            img = art.counter(kind, n, **kw)
            sheet.blit(img, img.get_rect(center=(label_w + c * cell + cell // 2, y)))
    y = 22 + len(VARIANTS) * cell + cell // 2
    sheet.blit(font.render("map", True, (20, 20, 20)), (4, y - 6))
    items = [art.crater(40), art.crater(21)]
    for direction in ("up", "down"):
        for barred in (True, False):
            tile = pygame.Surface((26, 26))
            tile.fill((40, 44, 52))
            tile.blit(art.arrow(direction, barred, 26), (0, 0))
            items.append(tile)
    for c, img in enumerate(items):
        sheet.blit(img, img.get_rect(center=(label_w + c * cell + cell // 2, y)))
    return sheet


def write_wav(path: Path, pcm: bytes) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sound.RATE)
        w.writeframes(pcm)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets")
    ap.add_argument("--size", type=int, default=64, help="counter size in pixels")
    ap.add_argument("--desktop", type=Path, default=ROOT / "desktop",
                    help="where the desktop icon goes")
    args = ap.parse_args(argv)
    pygame.font.init()
    counters = args.out / "counters"
    sounds = args.out / "sounds"
    counters.mkdir(parents=True, exist_ok=True)
    sounds.mkdir(parents=True, exist_ok=True)
    written = 0
    for stem, kind, kw in VARIANTS:
        for state in art.STATES:
            pygame.image.save(art.counter(kind, args.size, state=state, **kw),
                              str(counters / f"{stem}-{state}.png"))
            written += 1
    pygame.image.save(art.crater(args.size), str(counters / "crater.png"))
    for direction in ("up", "down"):
        for barred in (False, True):
            name = f"arrow-{direction}{'-barred' if barred else ''}.png"
            pygame.image.save(art.arrow(direction, barred, 32), str(counters / name))
    pygame.image.save(contact_sheet(), str(counters / "sheet.png"))
    for name in sound.NAMES:
        write_wav(sounds / f"{name}.wav", sound.synthesise(name))
    args.desktop.mkdir(parents=True, exist_ok=True)
    pygame.image.save(art.emblem(ICON_SIZE), str(args.desktop / ICON))
    total = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"{written} counters, a contact sheet and {len(sound.NAMES)} sounds in {args.out} "
          f"({total / 1024:.0f} KiB), and the icon in {args.desktop}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
