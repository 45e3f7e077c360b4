"""Mines and camouflage over the network, the guest defending (X16): the guest sets up its own
defense and keeps its sheet; the host's memory and every message it is sent hold no mine and
no marker's kind before the battle shows it, and a guest that lies about its sheet is caught.
Sessions are fed each other's messages as the wire carries them (written and read)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from ogre.ai.minelaying import with_mines
from ogre.ai.protocol import make_controller
from ogre.net.guest_session import GuestSession
from ogre.net.guest_sheet import OwnSheet, frame_of
from ogre.net.messages import (
    Ask,
    BadMessage,
    Bye,
    Deployed,
    Message,
    SetUp,
    Tell,
    read,
    state_data,
    write,
)
from ogre.net.session import HostSession
from ogre.net.sheet import Sealed
from ogre.rules import legal_actions, new_game, parse_action
from ogre.rules.actions import Move
from ogre.rules.options import Options
from ogre.rules.secrets import Secrets
from ogre.rules.sides import acting_side
from ogre.rules.telling import to_tell
from ogre.rules.units import MARKER, Kind
from ogre.rules.views import NOTHING_TOLD, Told, kept_from
from tests.rules.helpers import mark_iii_field, scenario

HIDDEN = Options(mines=10, camouflage=True)


def _deploy(seed):
    """The guest's own defense: the Mark III field, its mines laid by the computer."""
    def deploy(frame):
        options = frame.options.options()
        field = with_mines(replace(mark_iii_field(), mines=(1207, 1308)), options.mines,
                           seed + 100)
        return new_game(field, frame.mark, seed + 1, frame.scenario, options)
    return deploy


def _host_start(seed, options=HIDDEN):
    """The host's own battle, whose defense (and mines) never play: only its frame does."""
    return new_game(with_mines(mark_iii_field(), options.mines, seed), 3, seed, options=options)


class Wire:
    """Both sessions, every message written and read as the link carries it; what the host
    was sent, kept to be read through."""

    def __init__(self, seed, options=HIDDEN, deploy=None):
        self.host = HostSession(_host_start(seed, options), "defense")
        self.guest = GuestSession("ABCDEF", deploy=deploy or _deploy(seed))
        self.to_host: list[dict] = []
        self.to_guest(self.host.welcome())

    def to_guest(self, messages: list[Message]) -> None:
        for m in messages:
            answers = self.guest.receive(write(m))
            while self.guest.catching_up:        # as the guest's end holds what comes next
                answers += self.guest.advance()
            for answer in answers:
                self.from_guest(answer)

    def from_guest(self, m: Message) -> None:
        line = write(m)
        self.to_host.append(json.loads(line))
        m = read(line)
        if isinstance(m, Deployed):
            assert self.host.deployed(m) == ""
            self.to_guest(self.host.welcome())
        elif isinstance(m, Tell):
            self.to_guest(self.host.told_back(m))
        elif isinstance(m, Bye):
            self.bye = m.reason
        else:
            answer, broken = self.host.guest_acts(m.action, m.told)
            assert not broken
            self.to_guest([answer])

    def host_plays(self, action) -> None:
        asked = self.host.host_act(action)
        assert isinstance(asked, Ask)
        self.to_guest([asked])


def _secrets_with_host(w: Wire) -> list[str]:
    """Whatever of the guest's sheet the host holds that the battle has not shown it."""
    told = w.host.guests.told if w.host.guests is not None else NOTHING_TOLD
    named = {pid for pid, _, _ in told.units}
    wrong = [f"unit {p.id}" for s in (w.host.state, w.host.start) for p in s.pieces
             if p.id in w.guest.own.start.secrets.camouflaged and p.id not in named
             and p.kind is not MARKER]
    wrong += [f"mine {h:04d}" for s in (w.host.state, w.host.start) for h in s.secrets.mines
              if h not in told.mines]
    return wrong


def _mines_sent(m: dict) -> set[str]:
    return {h for h, _ in (m.get("told") or {}).get("mines", [])}


@pytest.mark.parametrize("seed", (2, 7))
def test_x16_a_guest_defenders_mines_never_reach_the_hosts_memory_before_they_are_crossed(
        seed):
    w = Wire(seed)
    own = w.guest.own
    mines = {f"{h:04d}" for h in own.start.secrets.mines}
    [deployed] = w.to_host[:1]
    assert deployed["kind"] == "deployed" and len(deployed["sheet"]["mines"]) == 10
    assert deployed["start"]["secrets"]["mines"] == []
    said = json.dumps(dict(deployed, start=dict(deployed["start"], board=None)))
    assert all(f'"{h}"' not in said for h in mines)                # no hex, only hashes
    assert all(p.kind in (MARKER, Kind.CP) for p in w.host.state.pieces)
    players = {"ogre": make_controller("ogre", "Hi", seed),
               "defense": make_controller("defense", "Med", seed)}
    crossed: set[str] = set()
    sent = 1
    while not w.host.state.over:
        if acting_side(w.host.state) == "ogre":                  # the host, from its view
            action = players["ogre"].choose(w.host.state)
            way = to_tell(w.guest.state, action)
            w.host_plays(action)
        else:
            action = players["defense"].choose(w.guest.state)
            way = to_tell(w.guest.state, action)
            w.from_guest(w.guest.act(action))
        assert not w.guest.refused and not w.host.lied
        crossed |= {f"{h:04d}" for h in way.mines}
        at_the_end = w.host.state.over and w.to_host[-1]["kind"] == "tell"
        for m in w.to_host[sent:len(w.to_host) - at_the_end]:
            assert _mines_sent(m) <= crossed, m                      # only mines on a way
        sent = len(w.to_host)
        assert w.host.guests.last is not None or not _secrets_with_host(w)
    assert w.to_host[-1]["kind"] == "tell"                           # the rest, at the end
    assert w.host.guests.last is not None and w.host.guests.checked.all_opened
    assert w.host.state == w.guest.state and w.host.start == w.guest.start  # all shown
    assert crossed <= mines


@pytest.mark.parametrize("options", (Options(mines=5), Options(camouflage=True)),
                         ids=("mines alone", "camouflage alone"))
def test_x16_a_guest_defends_with_mines_alone_or_camouflage_alone_to_the_end(options):
    w = Wire(12, options)
    assert w.host.ready and not w.host.lied
    assert w.host.state.secrets.unfound == options.mines
    assert any(p.kind is MARKER for p in w.host.state.pieces) == options.camouflage
    ogre, defense = make_controller("ogre", "Med", 12), make_controller("defense", "Med", 12)
    while not w.host.state.over:
        if acting_side(w.host.state) == "ogre":
            w.host_plays(ogre.choose(w.host.state))
        else:
            w.from_guest(w.guest.act(defense.choose(w.guest.state)))
        assert not w.guest.refused and not w.host.lied
        assert w.host.guests.last is not None or not _secrets_with_host(w)
    assert w.host.guests.last is not None and w.host.state == w.guest.state


def test_x16_a_guest_defender_sees_its_whole_battle_and_the_host_its_view():
    w = Wire(3)
    assert w.guest.side == "defense" and w.guest.state == w.guest.own.start
    assert w.host.state == kept_from(w.guest.own.start)
    assert w.guest.state.secrets.mines and not w.host.state.secrets.mines
    assert w.host.state.secrets.unfound == 10


def test_x16_a_guest_that_joins_again_replays_its_own_battle_and_answers_the_question_left():
    w = Wire(4)
    players = {"ogre": make_controller("ogre", "Med", 4),
               "defense": make_controller("defense", "Low", 4)}
    for _ in range(40):
        if acting_side(w.host.state) == "ogre":
            w.host_plays(players["ogre"].choose(w.host.state))
        else:
            w.from_guest(w.guest.act(players["defense"].choose(w.guest.state)))
    while acting_side(w.host.state) != "ogre":
        w.from_guest(w.guest.act(players["defense"].choose(w.guest.state)))
    before = w.guest.state
    w.host.host_act(players["ogre"].choose(w.host.state))              # asked, never heard
    w.to_guest(w.host.welcome())                                        # the guest joins again
    assert w.guest.welcomes == 2 and not w.guest.refused
    assert len(w.guest.log) == len(w.host.log) and not w.host.asking    # answered and played
    assert w.guest.state != before and w.host.state == kept_from(w.guest.state,
                                                                   w.guest.own.told)


def test_x16_another_computer_cannot_go_on_with_a_guests_defense():
    w = Wire(5)
    stranger = GuestSession("ABCDEF", deploy=_deploy(5))
    for m in w.host.welcome():
        stranger.receive(write(m))
    assert stranger.state is None and stranger.refused == (
        "The host's battle could not be taken: its defense was set up on another computer, "
        "which alone can go on with it.")


def test_x16_a_game_that_cannot_set_up_a_defense_says_so():
    host = HostSession(_host_start(1), "defense")
    guest = GuestSession("ABCDEF")
    [setup] = host.welcome()
    assert isinstance(setup, SetUp)
    [bye] = guest.receive(write(setup))
    assert bye.reason == guest.refused == ("The host's battle could not be taken: this game "
                                           "cannot set up a defense for it.")


# The host checks the guest's set-up ---------------------------------------------------------

def _deployment(seed=1, **change):
    host = HostSession(_host_start(seed), "defense")
    guest = GuestSession("ABCDEF", deploy=_deploy(seed))
    [deployed] = guest.receive(write(host.welcome()[0]))
    return host, guest, deployed.model_copy(update=change)


def test_x16_a_guest_set_up_that_shows_a_mine_is_refused():
    host, guest, d = _deployment()
    start = dict(d.start, secrets=dict(d.start["secrets"], mines=["0813"], unfound=9))
    assert host.deployed(d.model_copy(update={"start": start})) == "it shows mines"
    assert not host.ready


def test_x16_a_guest_set_up_of_another_battle_or_another_count_is_refused():
    host, guest, d = _deployment()
    other = new_game(guest_frame(host), 5, 1, "advanced", HIDDEN)
    assert host.deployed(d.model_copy(update={"start": state_data(kept_from(other))})) == \
        "it is not the battle the host offered"
    fewer = d.sheet.model_copy(update={"mines": d.sheet.mines[:9]})
    assert host.deployed(d.model_copy(update={"sheet": fewer})) == \
        "its mines are not the number the battle plays with"
    assert host.deployed(d) == "" and host.ready


def guest_frame(host):
    """A field laid for the host's frame, to make another battle of it."""
    return with_mines(mark_iii_field(), frame_of(host.frame).options.mines, 1)


# A guest that lies is caught ----------------------------------------------------------------

def _to_the_defense(w: Wire) -> None:
    """The Ogre enters and moves once; the defense's turn begins."""
    ogre = make_controller("ogre", "Low", 1)
    while acting_side(w.host.state) == "ogre":
        w.host_plays(ogre.choose(w.host.state))


def _move_of_a_marker(w: Wire):
    s = w.guest.state
    move = next(a for a in legal_actions(s)
                if isinstance(a, Move) and a.piece in s.secrets.camouflaged)
    return move, s.known(move.piece)


def test_x16_a_guest_that_tells_a_unit_as_something_else_is_caught():
    w = Wire(6)
    _to_the_defense(w)
    move, unit = _move_of_a_marker(w)
    act = w.guest.act(move)
    [(pid, _, squads, salt)] = act.told.units
    lie = act.told.model_copy(update={"units": [(pid, Kind.HOWITZER, squads, salt)]})
    answer, _ = w.host.guest_acts(act.action, lie)
    assert isinstance(answer, Bye) and answer.reason == w.host.lied == (
        f"The guest's sheet lied: unit {unit.id} is not what the host committed to.")


def test_x16_a_guest_that_moves_a_marker_without_showing_it_is_caught():
    w = Wire(6)
    _to_the_defense(w)
    move, _ = _move_of_a_marker(w)
    answer, _ = w.host.guest_acts(str(move), None)
    assert w.host.lied == ("The guest's sheet lied: it named other units than the action "
                           "shows.")
    assert all(p.kind is not Kind.HOWITZER for p in w.host.state.pieces)   # nothing opened


def test_x16_a_guest_that_tells_a_mine_off_the_way_is_caught():
    w = Wire(6)
    _to_the_defense(w)
    move, _ = _move_of_a_marker(w)
    own = w.guest.own
    far = next(h for h in own.start.secrets.mines if h not in to_tell(w.guest.state,
                                                                        move).mines)
    told = to_tell(w.guest.state, move) + Told((), (far,))
    answer, _ = w.host.guest_acts(str(move), own.opening(told))
    assert w.host.lied == "The guest's sheet lied: it told a mine off the action's way."


def test_x16_a_guest_that_keeps_a_mine_quiet_when_the_ogre_crosses_it_is_caught_at_the_end():
    """The guest's engine tells the host of no mine on the Ogre's way, then opens its whole
    sheet at the end: the battle replayed from the opened start is another one."""
    frame = scenario([("cp", 1013)], ogre=1015, options=Options(mines=1))
    whole = replace(frame, secrets=Secrets(mines=frozenset({1014})))
    host, own = HostSession(frame, "defense"), OwnSheet.laid(whole)
    assert host.deployed(own.deployed()) == ""
    for action in ("move O 1014", "move O 1013"):              # crossed without a roll
        asked = host.host_act(parse_action(action))
        assert host.told_back(Tell(seq=asked.seq, told=own.opening(NOTHING_TOLD)))
    assert host.state.over and not host.lied
    host.told_back(Tell(seq=2, told=own.the_rest()))
    assert host.lied == ("The guest's sheet lied: its mines and markers, opened, do not make "
                         "the battle it played.")


def test_x16_a_guest_that_leaves_a_secret_unopened_at_the_end_is_caught():
    frame = scenario([("cp", 1013)], ogre=1015, options=Options(mines=1))
    whole = replace(frame, secrets=Secrets(mines=frozenset({1208})))
    host, own = HostSession(frame, "defense"), OwnSheet.laid(whole)
    host.deployed(own.deployed())
    for action in ("move O 1014", "move O 1013"):
        asked = host.host_act(parse_action(action))
        host.told_back(Tell(seq=asked.seq, told=own.opening(NOTHING_TOLD)))
    host.told_back(Tell(seq=2, told=own.opening(NOTHING_TOLD)))
    assert host.lied == "The guest's sheet lied: it left secrets unopened at the end."


def test_x16_a_host_that_asks_of_two_actions_in_one_place_is_refused():
    w = Wire(9)
    one, other, *_ = (str(a) for a in legal_actions(w.guest.state))
    [tell] = w.guest.receive(write(Ask(seq=0, action=one)))
    assert isinstance(tell, Tell) and tell.seq == 0
    assert w.guest.receive(write(Ask(seq=0, action=one))) == [tell]     # asked again: the same
    [bye] = w.guest.receive(write(Ask(seq=0, action=other)))
    assert bye.reason == w.guest.refused == (
        "The host asked what two actions would show in one place: it may not look at the sheet "
        "without playing.")


def test_x16_a_host_that_plays_an_action_it_did_not_ask_about_is_refused():
    w = Wire(9)
    applied = w.host._play(legal_actions(w.host.state)[0])          # never asked
    [bye] = w.guest.receive(write(applied))
    assert bye.reason == "The host played an action it did not ask about first."


def test_x16_a_guest_sheets_salts_are_fresh_for_each_battle():
    start = _deploy(1)(frame_of(_host_start(1)))
    assert Sealed.of(start).commitments() != Sealed.of(start).commitments()


# Over a real link, and what a hostile guest can send -----------------------------------------

def test_x16_a_battle_of_the_guests_sheet_is_played_over_a_real_link_to_the_end():
    import time

    from peers import LOOPBACK, Host

    from ogre.net.ends import GuestEnd
    from ogre.net.link import Link
    host = Host(session=HostSession(_host_start(11), "defense"), rate=0)
    guest = GuestSession(host.code, deploy=_deploy(11))
    link = Link.join(LOOPBACK, host.link.port, rate=0)   # no thinking: faster than the flood limit
    end = GuestEnd(guest, link)
    ogre, defense = make_controller("ogre", "Med", 11), make_controller("defense", "Med", 11)
    s, deadline, sent_for = host.session, time.monotonic() + 600, None
    try:
        while not (s.state.over and s.guests is not None and s.guests.last is not None):
            assert time.monotonic() < deadline and not s.lied and not guest.refused
            host.pump()
            end.pump()
            in_step = guest.state is not None and s.guests is not None and \
                len(guest.log) == len(s.log)
            if not in_step or s.state.over or s.asking:
                time.sleep(0.0005)
            elif guest.my_turn() and sent_for is not guest.state:
                sent_for = guest.state                # the guest acts from its own copy
                link.send(write(guest.act(defense.choose(guest.state))))
            elif not guest.my_turn():
                host.play(ogre.choose(s.state))       # asked of the guest, played when told
    finally:
        link.close()
        host.link.close()
    assert guest.resyncs == 0 and not guest.notes and guest.log == s.log
    assert s.state == guest.state and s.start == guest.start   # all opened at the end


def test_x16_a_guest_cannot_set_up_twice_nor_act_before_it_has():
    host = HostSession(_host_start(1), "defense")
    guest = GuestSession("ABCDEF", deploy=_deploy(1))
    [deployed] = guest.receive(write(host.welcome()[0]))
    answer, broken = host.guest_acts("done")
    assert answer.message == "The battle has not begun." and not broken
    assert host.deployed(deployed) == ""
    assert host.deployed(deployed) == "it set up its defense already"
    assert host.told_back(Tell(seq=0, told={})) == []                  # an answer to nothing
    assert host.log == [] and not host.lied


def test_x16_a_guest_set_up_of_too_many_markers_or_a_broken_start_is_refused_in_one_sentence():
    host, guest, d = _deployment()
    many = d.sheet.model_copy(update={"units": {str(n): "0" * 64 for n in range(1, 600)}})
    with pytest.raises(BadMessage):                     # the schema's bound, before the battle
        read(write(d.model_copy(update={"sheet": many})))
    broken = dict(d.start, pieces=[{"id": 1, "kind": "cp", "hex": "0101"}] * 2)
    problem = host.deployed(d.model_copy(update={"start": broken}))
    assert problem and "." not in problem[:-1] and not host.ready
    assert host.deployed(d) == ""


def test_x16_a_guest_refuses_to_defend_a_sheet_its_host_holds():
    """A host's own sheet for the guest's defense: the host would know every secret of it."""
    from ogre.net.messages import Welcome, digest
    from ogre.net.sheet import Opening
    start = _host_start(2)
    guest = GuestSession("ABCDEF", deploy=_deploy(2))
    [bye] = guest.receive(write(Welcome(side="defense", start=state_data(kept_from(start)),
                                        total=0, digest=digest(start),
                                        sheet=Sealed.of(start).commitments(), told=Opening())))
    assert guest.state is None and bye.reason == guest.refused == (
        "The host's battle could not be taken: the host holds the sheet of the defense you "
        "would play.")


def test_x16_a_host_that_sends_the_set_up_again_mid_battle_changes_nothing():
    w = Wire(3)
    own, state = w.guest.own, w.guest.state
    assert w.guest.receive(write(SetUp(side="defense", frame=frame_of(_host_start(3))))) == []
    assert w.guest.own is own and w.guest.state is state


def test_x16_a_flood_of_set_ups_is_read_a_few_a_frame():
    from ogre.net.ends import WELCOMES_A_FRAME, GuestEnd

    class Held:
        """A link holding what the host sent: 64 set-ups at once."""
        def __init__(self):
            setup = write(SetUp(side="defense", frame=frame_of(_host_start(3))))
            self.lines = [("line", 0, setup)] * 64
            self.sent = []

        def take(self, budget):
            taken, self.lines = self.lines[:budget], self.lines[budget:]
            return taken

        def send(self, data, number=0):
            self.sent.append(data)

    link = Held()
    guest = GuestSession("ABCDEF", deploy=_deploy(3))
    end = GuestEnd(guest, link)
    end.pump()
    assert guest.offered == WELCOMES_A_FRAME and len(link.sent) == 1 + WELCOMES_A_FRAME
