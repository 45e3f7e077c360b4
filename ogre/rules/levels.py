"""The words a battle ends with: the six victory levels of 1.03 in the manual's words (G4), and
the attacking force's three in Ogre Defending (9.03), where no Ogre attacks."""

from __future__ import annotations

COMPLETE_OGRE = "Complete Ogre Victory"
OGRE_VICTORY = "Ogre Victory"
MARGINAL_OGRE = "Marginal Ogre Victory"
COMPLETE_DEFENSE = "Complete Defense Victory"
DEFENSE_VICTORY = "Defense Victory"
MARGINAL_DEFENSE = "Marginal Defense Victory"
VICTORY_LEVELS = (COMPLETE_OGRE, OGRE_VICTORY, MARGINAL_OGRE,
                  COMPLETE_DEFENSE, DEFENSE_VICTORY, MARGINAL_DEFENSE)

COMPLETE_ATTACK = "Complete Attack Victory"
ATTACK_VICTORY = "Attack Victory"
MARGINAL_ATTACK = "Marginal Attack Victory"
ATTACK_LEVELS = (COMPLETE_ATTACK, ATTACK_VICTORY, MARGINAL_ATTACK)
