"""The battle in progress (issue 29): Match, and who plays each side (Seat). No pygame, no I/O
of its own: the ui layer holds a Match and draws it."""

from ..rules.sides import SIDES
from .match import Match, Seat, seats_for

__all__ = ["SIDES", "Match", "Seat", "seats_for"]
