"""Computer players (G2, G3, X1, X5): pure, over the rules core's legal_actions / check / apply.

    from ogre.ai import make_controller
    ogre = make_controller("ogre", "Med")
    action = ogre.choose(state)        # one legal action for the current (Ogre) phase

No pygame, no I/O, no global random: every choice is seeded from the game state.
"""

from .protocol import Controller, controller_from_arg, load_controller, make_controller
from .skill import DEFENSE_SKILLS, LEVELS, OGRE_SKILLS, level_name

__all__ = ["Controller", "load_controller", "make_controller", "controller_from_arg", "LEVELS",
           "OGRE_SKILLS", "DEFENSE_SKILLS", "level_name"]
