"""The rules of the 1986 OGRE as a pure engine: no pygame, no files, no clocks, no global random.

    from ogre.rules import new_game, legal_actions, check, apply
"""

from .actions import (
                      Action,
                      Aim,
                      Clear,
                      Done,
                      Enter,
                      Exit,
                      Fire,
                      Group,
                      Move,
                      OgreAim,
                      Split,
                      Undo,
                      parse_action,
)
from .board import Board
from .errors import MESSAGES, RuleError
from .field import Field, Finding, Placement, new_game, validate
from .game import (
                      OGRE_WINS,
                      VICTORY_LEVELS,
                      Event,
                      Verdict,
                      aim_kill_probability,
                      apply,
                      check,
                      legal_actions,
                      must_leave,
                      victory_level,
)
from .state import OGRE_ID, Aiming, GameState, Ogre, Phase, Piece, SeveralOgres
from .units import Kind, Weapon, is_ogre_id

__all__ = [
    "Action", "Aim", "Clear", "Done", "Enter", "Exit", "Fire", "Group", "Move", "OgreAim", "Split",
    "Undo", "parse_action", "Board", "MESSAGES", "RuleError", "Field", "Finding", "Placement",
    "new_game", "validate", "OGRE_WINS", "VICTORY_LEVELS", "Event", "Verdict",
    "aim_kill_probability", "apply", "check", "legal_actions", "must_leave", "victory_level",
    "OGRE_ID", "Aiming", "GameState", "Ogre", "Phase", "Piece", "SeveralOgres", "is_ogre_id",
    "Kind", "Weapon",
]
