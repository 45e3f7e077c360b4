"""Results beside the table (issue 31, point 15): a tool's run as JSON or CSV, chosen by the
file's suffix, for a spreadsheet, a plot or tools/paired.py.

JSON keeps the whole run: its summary (the command's arguments, the figures of the table) and
one row per game or file. CSV keeps the rows alone, one a line, each carrying the summary's
plain values (the tool, the run's seed) so that files from several runs can be put together.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

FORMATS = (".json", ".csv")


def check_path(path: str) -> Path:
    """The output file, refused in one sentence before a long run when its kind is unknown."""
    out = Path(path)
    if out.suffix.lower() not in FORMATS:
        raise SystemExit(f"{path}: the results file must end in .json or .csv")
    return out


def write(path: Path, summary: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    """Write the run: JSON with summary and rows, CSV with the rows (or the summary alone as
    one row when there are none)."""
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps({**summary, "rows": rows}, indent=1, default=str) + "\n")
        return
    plain = {k: v for k, v in summary.items() if isinstance(v, (str, int, float, bool))}
    lines = [{**plain, **row} for row in rows] or [plain]
    names: list[str] = []
    for row in lines:
        names += [k for k in row if k not in names]
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=names)
        writer.writeheader()
        writer.writerows(lines)


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows of a file `write` made, either kind (CSV values come back as text)."""
    if path.suffix.lower() == ".json":
        rows: list[dict[str, Any]] = json.loads(path.read_text())["rows"]
        return rows
    with path.open(newline="") as f:
        return list(csv.DictReader(f))
