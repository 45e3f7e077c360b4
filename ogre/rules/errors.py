"""RuleError: every refusal carries a code and the 1986 message, word for word."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Game messages (manual, GAME MESSAGES)
    "stack": "2 UNITS IN HEX PLEASE MOVE 1",
    "crater": "CAN'T MOVE ONTO A CRATER",
    "too_far": "CAN'T MOVE THAT FAR",
    "cp_attack": "COMMAND POSTS CAN'T ATTACK",
    "disabled_attack": "DISABLED CAN'T ATTACK THIS TURN",
    "disabled_move": "DISABLED CAN'T MOVE THIS TURN",
    "squad_spent": "ENTIRE SQUAD HAS AIMED OR FIRED",
    "no_attacker": "NO ATTACKER",
    "no_path": "NO CLEAR PATH",
    "treads_combined": "NO COMBINED ATTACKS ON TREADS",
    "no_target": "NO TARGET",
    "no_treads": "NO TREADS LEFT!",
    "ram_treads": "NOT ENOUGH TREADS TO RAM",
    "entry_crater": "OGRE CAN'T ENTER ON A CRATER",
    "entry_row": "OGRE ENTERS ON BOTTOM ROW ONLY",
    "two_rams": "ONLY TWO RAMS PER TURN",
    "cannot_move": "PIECE CANNOT MOVE",
    "move_a_piece": "PLEASE MOVE A PIECE",
    "off_map": "PLEASE STAY ON THE MAP",
    "one_target": "TARGET ONE UNIT AT A TIME",
    "out_of_range": "TARGET OUT OF ATTACK RANGE",
    "hex_full": "THIS HEX IS FULL",
    "has_moved": "THIS UNIT HAS MOVED",
    "already_aimed": "UNIT ALREADY AIMED THIS TURN",
    "already_fired": "UNIT ALREADY FIRED THIS TURN",
    # Field Editor messages
    "cp_present": "COMMAND POST ALREADY PRESENT",
    "crater_in_way": "CRATER IN THE WAY!",
    # The pocket edition's battles, in the 1986 style
    "entry_edge": "OGRE ENTERS ON ITS OWN EDGE ONLY",
    # Not in the manual's list: a finished battle takes no more orders.
    "game_over": "THE BATTLE IS OVER",
    "bad_action": "PLEASE STAY ON THE MAP",
}


class RuleError(ValueError):
    """A refused action. `code` is stable for programs; `message` is what the player reads."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        self.message = MESSAGES[code]
        self.detail = detail
        super().__init__(self.message + (f" ({detail})" if detail else ""))


def refuse(code: str, detail: str = "") -> RuleError:
    return RuleError(code, detail)
