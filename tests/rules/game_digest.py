"""Digests of whole seeded games, so a faster engine can prove it plays exactly the same games
(issue 16): every action in the notation, every event with all its fields, and the final state,
hashed together. tests/rules/test_identical_games.py holds the digests recorded on the engine
before it was made faster; tools/identical_games.py plays a longer set.

Random games use the policy of tests/rules/random_play.py, which picks by position in the list
legal_actions returns, so the digests pin the enumeration order too. Computer games are played
with ogre.ai.match.play (keep_log=True) and then replayed from the log to collect the events.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from ogre.resources import data_dir
from ogre.rules import Field, GameState, Kind, Placement, apply, new_game, parse_action
from ogre.rules.board import board_from_ids
from ogre.rules.scenarios import SCENARIOS

from .random_play import choose, choose_chaotic, play_random_game


def event_text(e) -> str:
    return (f"  {e.kind}|{e.text}|{e.piece}|{e.hex}|{e.die}|{e.odds}|{e.result}|"
            f"{e.treads_lost}")


def state_text(s: GameState) -> str:
    """Every field of the state, spelt out (not repr, so the text does not depend on how the
    values are built, only on what they hold)."""
    o = s.ogre
    lines = [
        f"phase {s.phase.value} turn {s.turn} rng {s.rng} result {s.result!r} "
        f"scenario {SCENARIOS[s.scenario].against} next {s.next_id} ap_hit {sorted(s.ap_hit)}",
        f"ogre mark {o.mark} hex {o.hex} treads {o.treads} weapons {tuple(o.weapons)} "
        f"fired {tuple(o.fired)} missiles_spent {o.missiles_spent} moved {o.moved} "
        f"undo {o.undo_hex}/{o.undo_moved} rams {o.rams} exited {o.exited}",
    ]
    a = s.aim
    if a is not None:
        part = a.part.value if a.part is not None else "-"
        lines.append(f"aim {a.target} {tuple(a.weapons)} {part} {tuple(a.attackers)}")
    for p in s.pieces:
        lines.append(f"piece {p.id} {p.kind.value} {p.hex} squads {p.squads} "
                     f"disabled {p.disabled_turn} moved {p.moved} start {p.start} "
                     f"base {p.base_moved} fired {p.fired}")
    return "\n".join(lines)


def game_text(actions, events, final: GameState) -> str:
    lines = []
    for a, evs in zip(actions, events):
        lines.append(str(a))
        lines.extend(event_text(e) for e in evs)
    lines.append(state_text(final))
    return "\n".join(lines)


def digest(texts) -> str:
    h = hashlib.sha256()
    for t in texts:
        h.update(t.encode())
        h.update(b"\n\x00\n")
    return h.hexdigest()[:32]


@cache
def predesigned_fields() -> tuple[tuple[Field, int], ...]:
    """The five predesigned fields (fields/0*.json) with their Mark, read straight from the
    files so these tests do not depend on the storage layer."""
    out = []
    for path in sorted(data_dir("fields").glob("0*.json")):
        raw = json.loads(path.read_text())
        board = board_from_ids(raw["craters"], raw["rubble"])
        placements = tuple(Placement(Kind(p["kind"]), int(p["hex"]), p["squads"])
                           for p in raw["pieces"])
        mark = SCENARIOS[raw["scenario"]].against if "scenario" in raw else raw["mark"]
        out.append((Field(board, placements, name=raw["name"]), mark))
    return tuple(out)


def random_game_text(seed: int, mark: int = 3, field=None, chaotic: bool = False,
                     damaged: bool | None = None) -> str:
    rec = play_random_game(seed, mark=mark, field=field, record=True, damaged=damaged,
                           policy=choose_chaotic if chaotic else choose)
    return game_text(rec.actions, rec.events, rec.final)


def computer_game_text(field_no: int, ogre: str, defense: str, seed: int) -> str:
    """A computer-vs-computer battle on a predesigned field, replayed from its log."""
    from ogre.ai import make_controller
    from ogre.ai.match import play

    field, mark = predesigned_fields()[field_no]
    start = new_game(field, mark, seed)
    rec = play(start, make_controller("ogre", ogre, seed),
               make_controller("defense", defense, seed), keep_log=True)
    assert rec.illegal == [], rec.illegal
    state, actions, events = start, [], []
    for line in rec.log:
        action = parse_action(line.split(": ", 1)[1])
        state, evs = apply(state, action)
        actions.append(action)
        events.append(evs)
    assert state == rec.final
    head = f"{field.name} {ogre} {defense} {seed} {rec.result}\n"
    return head + game_text(actions, events, state)
