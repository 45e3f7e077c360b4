"""The computer-player protocol (X5): anything with `side` and `choose(state)` can play.

    class Controller(Protocol):
        side: str                                   # "ogre" or "defense"
        def choose(self, state: GameState) -> Action: ...

`choose` is called whenever it is one of the controller's phases (the Ogre: OGRE_ENTRY,
OGRE_MOVE, OGRE_FIRE; the defence: DEFENSE_MOVE, DEFENSE_FIRE, GEV_MOVE). It returns ONE
action that `check(state, action)` accepts; the caller applies it, shows the events and asks
again, so moves and shots appear one by one, until the controller returns Done (or the
battle ends). Computer players never ask for confirmation: a ram or an overrun is simply a
Move onto the defender. A controller must be deterministic: the same game (the same states
shown in the same order) gets the same actions. It may plan a whole phase at once and hand
the plan out action by action, planning again whenever the state is not the one it expected.
It must not draw from the global `random`, print, or touch files.

Naming a controller on the command line:

    load_controller("ogre.ai.ogre_player:OgrePlayer", skill="Hi")
    make_controller("defense", "Med")
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, runtime_checkable

from ..rules.actions import Action
from ..rules.state import GameState
from .skill import level_name

SIDES = ("ogre", "defense")


@runtime_checkable
class Controller(Protocol):
    """A computer player for one side. See the module docstring for the contract."""

    side: str

    def choose(self, state: GameState) -> Action:
        """One legal action for the current phase, which must be one of this side's."""
        ...


def load_controller(spec: str, **kwargs: Any) -> Controller:
    """Build a controller from "package.module:Class" (or "...:factory"), passing kwargs.

    A bare skill level ("Low", "Med", "Hi") is not accepted here: use make_controller.
    """
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"controller {spec!r}: expected 'module:Class'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"controller {spec!r}: cannot import {module_name}: {exc}") from None
    factory: Any = module
    for part in attr.split("."):
        factory = getattr(factory, part, None)
        if factory is None:
            raise ValueError(f"controller {spec!r}: {module_name} has no {attr}")
    controller = factory(**kwargs)
    if not isinstance(controller, Controller) or controller.side not in SIDES:
        raise ValueError(f"controller {spec!r} does not implement the Controller protocol "
                         "(side 'ogre' or 'defense', choose(state) -> Action)")
    return controller


# The built-in players, by side. Third-party controllers are named with load_controller.
REGISTRY: dict[str, str] = {
    "ogre": "ogre.ai.ogre_player:OgrePlayer",
    "defense": "ogre.ai.defense_player:DefensePlayer",
}


def make_controller(side: str, skill: str = "Low", seed: int = 0, **options: Any) -> Controller:
    """The built-in computer player for `side` ("ogre" | "defense") at skill "Low" | "Med" |
    "Hi"."""
    if side not in REGISTRY:
        raise ValueError(f"unknown side {side!r}: use 'ogre' or 'defense'")
    return load_controller(REGISTRY[side], skill=level_name(skill), seed=seed, **options)


def controller_from_arg(side: str, text: str, seed: int = 0) -> Controller:
    """A command-line name: a skill level ("Med") or "module:Class" (X5)."""
    if ":" in text:
        c = load_controller(text, seed=seed) if _accepts_seed(text) else load_controller(text)
        if c.side != side:
            raise ValueError(f"controller {text!r} plays the {c.side}, not the {side}")
        return c
    return make_controller(side, text, seed=seed)


def _accepts_seed(spec: str) -> bool:
    import inspect
    module_name, _, attr = spec.partition(":")
    try:
        obj: Any = importlib.import_module(module_name)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return "seed" in inspect.signature(obj).parameters
    except (ImportError, AttributeError, TypeError, ValueError):
        return False
