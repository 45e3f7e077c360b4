"""The servers an internet game meets through (X14): the mailbox and the transit relay.

By default both are the public ones the magic-wormhole project runs for everyone. The mailbox
only passes the two games' short, encrypted set-up messages; the relay carries the battle's
encrypted bytes when the two computers cannot reach each other directly (behind home routers,
they rarely can). A club can run its own mailbox and name it in Preferences (the preferences
file's "mailbox") or with `ogre --mailbox URL`; OGRE_MAILBOX and OGRE_RELAY name them for one
run (the tests' local servers). A run kept on this computer (the tests and the monkey set
OGRE_LISTEN=127.0.0.1) uses only servers on 127.0.0.1, and where none is named, a mailbox
address where nothing listens: it never reaches out.

>>> mailbox_problem("ws://127.0.0.1:4000/v1"), mailbox_problem("wss://mailbox.example.org/v1")
('', '')
>>> mailbox_problem("relay.example.org")
'A mailbox server is a ws:// or wss:// address, like ws://relay.magic-wormhole.io:4000/v1.'
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
MAILBOX_ENV = "OGRE_MAILBOX"
RELAY_ENV = "OGRE_RELAY"
# The games of one application meet only each other on a mailbox: its name is this game's.
APPID = "ogre1986.game/network-battle/v1"
_URL = re.compile(r"wss?://[^\s/:]+(:[0-9]{1,5})?(/[^\s]*)?")
_RELAY = re.compile(r"tcp:[^\s:]+:[0-9]{1,5}")


class Servers(NamedTuple):
    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY

    @property
    def public(self) -> bool:
        return self.mailbox == PUBLIC_MAILBOX


def mailbox_problem(url: str) -> str:
    """Why `url` cannot be a mailbox server, in a sentence ("" when it can)."""
    if _URL.fullmatch(url.strip()):
        return ""
    return ("A mailbox server is a ws:// or wss:// address, like "
            f"{PUBLIC_MAILBOX}.")


NOWHERE = Servers("ws://127.0.0.1:9/v1", "tcp:127.0.0.1:9")   # a run kept on this computer


def chosen(preference: str = "", stay_local: bool = False) -> Servers:
    """The servers for this run: the command line's or the environment's mailbox, else the
    preference's, else the public one; the relay likewise (an unusable one is left out).
    `stay_local`: only servers on 127.0.0.1, else NOWHERE's.

    >>> chosen("ws://mailbox.example.org/v1", stay_local=True) == NOWHERE
    True
    """
    mailbox = next((m.strip() for m in (os.environ.get(MAILBOX_ENV, ""), preference)
                    if m.strip() and not mailbox_problem(m)), PUBLIC_MAILBOX)
    relay = os.environ.get(RELAY_ENV, "").strip()
    relay = relay if _RELAY.fullmatch(relay) else PUBLIC_RELAY
    if stay_local:
        mailbox = mailbox if host_of(mailbox) == "127.0.0.1" else NOWHERE.mailbox
        relay = relay if host_of(relay) == "127.0.0.1" else NOWHERE.relay
    return Servers(mailbox, relay)


def host_of(url: str) -> str:
    """The server's name, for a sentence: 'relay.magic-wormhole.io'."""
    return re.sub(r"^[a-z]+:(//)?", "", url).split("/")[0].rsplit(":", 1)[0] or url
