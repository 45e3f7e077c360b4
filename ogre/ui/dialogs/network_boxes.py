"""The network game's boxes (X10, X14): the way to play, the host's waiting box, the code.

Host a Network Game and Join a Network Game each offer two ways, the internet first: over the
internet the host's game gets a short code from the mailbox server and the guest types it; on
this network the host gives its address, port and join code, as before. The boxes only ask and
show; the commands (`ui/commands/network.py`) act on the answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum

from ogre.net.servers import mailbox_problem
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.scenarios import OFFERED
from ogre.ui.dialogs.optional_rules import words as rules_words
from ogre.ui.toolkit.choices import NameDialog, OptionsDialog
from ogre.ui.toolkit.widgets import Answer, Dialog

HOST = "Host a Network Game"
JOIN = "Join a Network Game"
WAYS = ("How", [("Over the internet (a code)", True),
                ("On this network (address and port)", True)])
INTERNET, DIRECT = 0, 1                   # the way picked, by its place in WAYS
EXAMPLE = "7-crossover-clockwork"
BAD_CODE = f"A code is a number and two words, like {EXAMPLE}."
OWN_EXAMPLE = "wss://mailbox.example.org/v1"


class Waiting(Enum):
    """The buttons of the host's box while it waits for the guest."""
    NEW_CODE = "new code"
    CANCEL = "cancel"


WAITING_BUTTONS = (("New Code", Waiting.NEW_CODE), ("Cancel", Waiting.CANCEL))
# after the guest left, mid-battle: a new code, or none for now (the battle waits either way)
AGAIN_BUTTONS = (("New Code", Waiting.NEW_CODE), ("Not Now", Waiting.CANCEL))


def host_box(ongoing: bool, on_close: Callable[[list[int] | None], object],
             options: Options = NO_OPTIONS) -> OptionsDialog:
    """How to host, and (a new battle) which scenario, and which side this player plays.
    on_close gets [way, scenario, side] (no scenario for the battle on screen); with Play a
    Game's optional rules switched on, [way, scenario, rules, side], rules 1 to play with them."""
    groups = [WAYS]
    if not ongoing:
        groups.append(("Scenario", [(s.named, True) for s in OFFERED]))
        if options.on:
            groups.append(("Optional rules", [("None: the 1986 game", True),
                                              (f"Play a Game's: {rules_words(options)}", True)]))
    groups.append(("You play", [("The Ogre (Ogre Defending: the force; a Duel: Ogre 1)", True),
                                ("The Defense (a Duel: the other Ogres)", True)]))
    what = ("This battle, played on with a guest." if ongoing else
            "A battle on the field in the editor.")
    return OptionsDialog(HOST, what, groups, on_close)


def join_box(on_close: Callable[[list[int] | None], object]) -> OptionsDialog:
    return OptionsDialog(JOIN, "How is the host's game reached?", [WAYS], on_close)


def code_box(on_close: Callable[[str | None], object]) -> NameDialog:
    return NameDialog(JOIN, f"The code the host reads out (like {EXAMPLE}):", "", on_close)


def wormhole_code(typed: str) -> str:
    """The code as the mailbox knows it, from what the guest typed (spaces for dashes, any
    case), or "" when it is not a code.

    >>> wormhole_code(" 7 Crossover  clockwork "), wormhole_code("7-crossover-clockwork")
    ('7-crossover-clockwork', '7-crossover-clockwork')
    >>> wormhole_code("crossover clockwork"), wormhole_code("7")
    ('', '')
    """
    code = re.sub(r"[\s_-]+", "-", typed.strip().lower())
    return code if re.fullmatch(r"[0-9]{1,6}(-[a-z]{2,20}){1,4}", code) else ""


def internet_words(code: str, trouble: str = "") -> str:
    """What the host's waiting box says over the internet."""
    if trouble:
        return trouble
    if not code:
        return "Asking the mailbox server for a code..."
    return (f"Read this code out to the guest:\n{code}\nThey type it in Join a Network Game; "
            "it works once. Waiting for the guest to join...")


def direct_words(addresses: str, port: int, code: str) -> str:
    """What the host's waiting box says on this network."""
    return (f"Your address: {addresses}, port {port}. The join code is {code}. Waiting for "
            "the guest to join...")


def waiting_box(words: str, on_close: Callable[[Waiting], object]) -> Dialog[Waiting]:
    return Dialog(HOST, words, WAITING_BUTTONS, on_close)


class MailboxDialog(NameDialog):
    """X14: the mailbox server internet games meet through, typed from the Preferences: a
    ws:// or wss:// address, or nothing for the public one. OK waits for one of them."""

    LIMIT = 300

    def __init__(self, now: str, on_close: Callable[[str | None], object]) -> None:
        super().__init__("Internet Mailbox", f"A club's own mailbox server, like {OWN_EXAMPLE} "
                         "(leave it empty for the public one):", now, on_close, optional=True)

    def _enabled_for(self, value: Answer):
        if value is not Answer.OK:
            return lambda: True
        return lambda: not self.name.strip() or not mailbox_problem(self.name)
