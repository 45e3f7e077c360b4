"""Invariants every game state must keep, checked after every action of the random games."""

from __future__ import annotations

from collections import Counter

from ogre.rules import (Aim, Clear, Enter, Exit, Fire, GameState, Group, Kind, Move, Phase,
                        Piece, RuleError, Split, Undo, check)
from ogre.rules.hexes import ALL_HEXES, on_map
from ogre.rules.movement import defender_allowance
from ogre.rules.state import FIRE_PHASES, OGRE_ID
from ogre.rules.units import MARKS, OGRE_MOVE

DEFENSE_PHASES = (Phase.DEFENSE_MOVE, Phase.DEFENSE_FIRE, Phase.GEV_MOVE)
_DISABLEABLE = frozenset({Kind.HEAVY, Kind.MISSILE, Kind.GEV, Kind.HOWITZER})
# move points a defender may have spent, by phase and kind
_ALLOWANCE = {
    phase: {k: max(defender_allowance(Piece(1, k, 101), phase), 0) for k in Kind}
    for phase in (Phase.DEFENSE_MOVE, Phase.GEV_MOVE)
}
_FREE: dict = {}


def _free_hexes(board) -> frozenset[int]:
    free = _FREE.get(board)
    if free is None:
        free = _FREE[board] = frozenset(ALL_HEXES) - board.craters
    return free


def check_state(s: GameState) -> None:
    """The state alone is sound."""
    board, o = s.board, s.ogre
    mark = MARKS[o.mark]
    # -- the Ogre
    assert 0 <= o.treads <= mark.treads, o
    assert all(0 <= n <= m for n, m in zip(o.weapons, mark.weapons)), o
    assert o.missiles_spent + o.weapons[0] <= mark.weapons[0], o
    assert all(0 <= f for f in o.fired), o
    assert all(f <= n for f, n in zip(o.fired[1:], o.weapons[1:])), o
    assert 0 <= o.moved <= OGRE_MOVE + 1, o     # +1: the exit step
    assert o.rams <= 2, o
    if s.phase is Phase.OGRE_ENTRY:
        assert o.hex == 0
    elif o.exited:
        assert o.hex == 0 and s.over
    else:
        assert on_map(o.hex) and o.hex not in board.craters, o
    # -- the defenders
    valid = _free_hexes(board)
    phase, turn = s.phase, s.turn
    defense_phase = phase in DEFENSE_PHASES
    allowance = _ALLOWANCE.get(phase)            # defender move phases only
    ids = set()
    cps = 0
    per_hex: dict[int, int] = {}
    for p in s.pieces:
        assert p.hex in valid, p                  # on the map, never on a crater
        assert 0 < p.id < s.next_id and p.id not in ids, p
        ids.add(p.id)
        kind = p.kind
        if kind is Kind.INFANTRY:
            assert 1 <= p.squads <= 3 and 0 <= p.fired <= p.squads, p
        else:
            assert p.squads == 1 and p.fired in (0, 1), p
            cps += kind is Kind.CP
        if p.disabled_turn:
            assert kind in _DISABLEABLE, p
            # disabled in an Ogre phase of this turn or the last; recovered once the Ogre has fired
            assert p.disabled_turn in (turn, turn - 1), (p, turn)
            if defense_phase:
                assert p.disabled_turn == turn, (p, turn, phase)
                assert p.fired == 0 and p.moved == 0 and p.hex == p.start, p
        if allowance is not None:
            assert 0 <= p.moved <= allowance[kind], p
        per_hex[p.hex] = per_hex.get(p.hex, 0) + 1
    assert cps <= 1
    if allowance is None and not s.over:     # (a ram may end the battle mid-move)
        # stacking is resolved before any other phase: one piece a hex, under the Ogre too (M3)
        assert len(per_hex) == len(s.pieces), [h for h, n in per_hex.items() if n > 1]
    # Mid-phase a piece may stop on a friend, and Undo (always allowed, M3) may bring several
    # back onto one hex; Done is refused until each is alone again, and the random games
    # check that this can always be done (no battle ever runs out of legal actions).
    # -- aiming only in fire phases
    if s.aim is not None:
        assert s.phase in FIRE_PHASES
        if s.phase is Phase.OGRE_FIRE:
            assert s.aim.part is None and s.piece(s.aim.target) is not None
            assert all(n <= o.available(w) for n, w in zip(s.aim.weapons, _WEAPONS))
        else:
            assert s.aim.part is not None and s.aim.attackers
            assert o.intact(s.aim.part) > 0
            for pid, n in Counter(s.aim.attackers).items():
                p = s.piece(pid)
                assert p is not None and not p.disabled and p.kind is not Kind.CP
                assert p.fired + n <= p.squads
    if s.over:
        assert s.result


from ogre.rules.units import WEAPONS as _WEAPONS  # noqa: E402


def _refused(state: GameState, action) -> bool:
    try:
        check(state, action)
    except RuleError:
        return True
    return False


def check_step(before: GameState, action, after: GameState, events) -> None:
    """The transition: the new state is sound and one-shot actions cannot be repeated."""
    check_state(after)
    assert before.over is False
    if after.over:
        return
    # Phase changes only by Done (or Enter, which starts the Ogre's move).
    if after.phase is not before.phase:
        assert type(action).__name__ in ("Done", "Enter"), (action, before.phase, after.phase)
    if isinstance(action, (Enter, Exit, Undo, Fire, Clear, Group, Split)):
        assert _refused(after, action), f"{action} accepted twice"
    elif isinstance(action, Aim):
        p = after.piece(action.piece)
        if p.kind is not Kind.INFANTRY or after.aim.attackers.count(p.id) + p.fired >= p.squads:
            assert _refused(after, action), f"{action} accepted twice"
    elif isinstance(action, Move):
        # A second identical drag is refused, except the Ogre staying to ram/overrun again.
        if action.piece != OGRE_ID or not after.at(after.ogre.hex):
            assert _refused(after, action), f"{action} accepted twice"
        if action.piece != OGRE_ID and after.piece(action.piece) is not None:
            p = after.piece(action.piece)
            assert p.moved > before.piece(action.piece).moved
    # Treads and weapons never grow back.
    assert after.ogre.treads <= before.ogre.treads
    assert all(a <= b for a, b in zip(after.ogre.weapons, before.ogre.weapons))
