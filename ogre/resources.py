"""One place that finds the project's data (fields/, assets/), in a checkout or a wheel."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .rules.board import Board, board_from_ids

_PKG = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """fields/ or assets/: beside the package in a checkout, inside it when installed."""
    installed = _PKG / "_data" / name
    return installed if installed.is_dir() else _PKG.parent / name


@lru_cache(maxsize=1)
def standard_board() -> Board:
    """The standard battlefield (B1): 17 craters, 63 rubble hexsides."""
    raw = json.loads((data_dir("fields") / "standard-map.json").read_text())
    return board_from_ids(raw["craters"], raw["rubble"])
