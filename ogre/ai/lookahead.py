"""The Hi Ogre's reply model: what the defence will do to it if it ends its move here.

Instead of counting the attack strength that can reach an end hex (Med), the Hi Ogre asks the
defence's own fire planner (defense_fire.plan_groups, the Med defender's) how it would spend
the attacks of every defender that can reach firing range of that hex next turn, and prices
the expected hits with the defence's valuation of the race to the Command Post: treads that
slow it, weapons that shorten its reach. Defenders its own fire is expected to put out of
action count only for their chance to survive.
"""

from __future__ import annotations

from ..rules.sides import ogre_in_play
from ..rules.state import GameState
from ..rules.units import Kind, Weapon
from .analysis import W_DEFENSE, column, threats_at
from .defense_fire import PARTS, Shooter, plan_groups, valuation

_PX = {"<1-2": 0, "1-2": 1, "1-1": 2, "2-1": 3, "3-1": 4, "4-1": 5, "5-1": 6}


class ReplyModel:
    def __init__(self, skill) -> None:
        self.skill = skill
        self._cache: dict = {}

    def expected_loss(self, s: GameState, kills: dict[int, float]) -> float:
        o = ogre_in_play(s)
        threats = threats_at(s, o.hex)
        if not threats:
            return 0.0
        key = (o.hex, o.treads, o.weapons, tuple(threats), tuple(sorted(kills.items())))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        shots: list[Shooter] = []
        survive: dict[int, float] = {}
        for p in threats:
            survive[p.id] = 1.0 - kills.get(p.id, 0.0)
            if p.kind is Kind.INFANTRY:
                shots.extend(Shooter(p.id, 1, True) for _ in range(p.squads))
            else:
                shots.append(Shooter(p.id, p.attack, False))
        val = valuation(s)
        loss = 0.0
        for part, members in plan_groups(s, shots, True, tread_weight=4.0):
            surv = sum(survive[m.piece] for m in members) / len(members)
            attack = sum(m.attack for m in members)
            if part is Weapon.TREADS:
                loss += surv * val.treads(attack)
            else:
                px = _PX[column(attack, W_DEFENSE[PARTS.index(part)])] / 6.0
                loss += surv * px * val.parts.get(part, 0.0)
        self._cache[key] = loss
        return loss
