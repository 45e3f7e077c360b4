"""A guest that defends with mines or markers (X16): it sets up its defense and keeps its
sheet; the host, which attacks, holds only its view and is told of the sheet as the battle
shows it - the same commitments as a host's sheet (net.sheet), the other way round.

- **Set-up**: the host sends the battle's frame (SetUp: scenario, Mark, optional rules); the
  guest deploys its own field there, lays its mines, and answers with the attacker's view of
  its start and a salted commitment for each mine and marker (Deployed). The host checks that
  the view is of that frame, and that the commitments are one to each secret.
- **The guest's actions** come with what they show opened (Act.told): the host checks each
  opening against its commitment, opens its view, checks that it is what the action needs
  (`rules.telling.misfit`), and plays it on its secret dice as ever.
- **The host's actions** wait for the guest: the host asks (Ask), the guest tells from its
  whole state what the action shows (Tell), and the host plays it then. A guest answers one
  question per entry of the log, and the host must play the action it asked about.
- **At the end** the guest opens everything left; the host checks every commitment opened and
  replays the whole battle from the opened start on its own dice: a mine kept quiet when it
  was crossed, or a unit that was something else, makes another battle, and the host is told
  that the guest lied.

The host's memory never holds a secret before it is shown: its battle is the view, opened one
telling at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from ..rules import Action, GameState, RuleError
from ..rules.hidden import blind, replay_told
from ..rules.secrets import NO_SECRETS
from ..rules.sides import side_of
from ..rules.telling import misfit, to_tell
from ..rules.units import CP, MARKER
from ..rules.views import NOTHING_TOLD, Told, kept_from, opened, untold
from ..storage.state_data import OptionsData
from .messages import Deployed, Frame, digest, state_data
from .sheet import Checked, Commitments, Lie, Opening, Sealed


def frame_of(start: GameState) -> Frame:
    """What a guest deploys for: the battle's scenario, its attacking Ogre's Mark, its rules."""
    mark = next((o.mark for o in start.ogres if side_of(start, o.id) == "ogre"), 3)
    return Frame(scenario=start.scenario, mark=mark,
                 options=OptionsData.model_validate(OptionsData.of(start.options)))


def _bare(s: GameState) -> GameState:
    """What must be the same in the host's start and a guest's: all but the defense."""
    attackers = tuple(o for o in s.ogres if side_of(s, o.id) == "ogre")
    return replace(blind(s), pieces=(), ogres=attackers, next_id=0,
                   secrets=NO_SECRETS, _index=None)


def deployment_problem(ours: GameState, seen: GameState, word: Commitments) -> str:
    """Why a guest's deployment cannot be taken ('' when it can): its view must be of the
    host's battle (scenario, Ogres, rules, before anything moved) with only its defense its
    own, every unit but the CP under a marker where camouflage is played and none where it is
    not, no mine shown, and one commitment to each mine and each marker."""
    if replace(_bare(seen), board=ours.board) != _bare(ours):
        return "it is not the battle the host offered"
    sheet, options = seen.secrets, seen.options
    markers = {p.id for p in seen.pieces if p.kind is MARKER}
    if sheet.mines or sheet.found:
        return "it shows mines"
    if options.camouflage and not all(p.kind is CP for p in seen.pieces if p.id not in markers):
        return "a unit of its defense is not under a marker"
    if markers != set(sheet.camouflaged) or len(sheet.markers) != len(markers) or \
            (bool(markers) != options.camouflage):
        return "its markers are not one to each unit of its defense"
    if sheet.unfound != len(word.mines) or (sheet.unfound > 0) != (options.mines > 0):
        return "its mines are not the number the battle plays with"
    if set(word.units) != {str(pid) for pid in markers}:
        return "its commitments are not one to each marker"
    return ""


@dataclass
class GuestsSheet:
    """The host's side: the guest's commitments, and what each entry of the log told."""

    checked: Checked
    told: Told = NOTHING_TOLD
    told_at: list[Told] = field(default_factory=list)
    last: Told | None = None           # what the guest opened once the battle was over

    def take(self, seen: GameState, action: Action,
             opening: Opening | None) -> tuple[GameState, Told, Checked]:
        """The host's view with what the guest told for `action` opened, the telling, and the
        commitments with it opened: nothing is kept until the action is played. Lie when an
        opening is false or not what the action needs; RuleError when the rules refuse it."""
        trial = Checked(self.checked.word, set(self.checked.mines), set(self.checked.units))
        told = trial.told(opening) if opening is not None else NOTHING_TOLD
        try:
            more = opened(seen, told)
        except ValueError as exc:
            raise Lie(str(exc)) from None
        actor = more.piece(getattr(action, "piece", 0))
        if actor is not None and actor.kind is MARKER:    # it acts, and the sheet says not as what
            raise Lie("it named other units than the action shows")
        why = misfit(more, action, told)
        if why:
            raise Lie(why)
        return more, told, trial

    def played(self, told: Told, checked: Checked) -> None:
        self.checked, self.told = checked, self.told + told
        self.told_at.append(told)

    def last_word(self, start: GameState, state: GameState, log: list[Action],
                  tape: Iterable[int], opening: Opening) -> tuple[GameState, GameState]:
        """The battle's start and end with everything the guest opened at the end: Lie where
        a commitment is left unopened, or the whole battle replayed from the opened start on
        the host's dice does not lead where it went."""
        told = self.checked.told(opening)
        if not self.checked.all_opened:
            raise Lie("it left secrets unopened at the end")
        try:
            start, state = opened(start, told), opened(state, told)
        except ValueError as exc:
            raise Lie(str(exc)) from None
        last = start
        try:
            for last, _ in replay_told(start, log, list(tape)):
                pass
        except (ValueError, RuleError):
            last = start
        if digest(last) != digest(state):
            raise Lie("its mines and markers, opened, do not make the battle it played")
        self.last = told
        return start, state


@dataclass
class OwnSheet:
    """The guest's side: its whole start, the salts of its sheet, and what it has told."""

    start: GameState
    sealed: Sealed
    told: Told = NOTHING_TOLD
    answered: tuple[int, str] | None = None     # the host's question answered last
    ended: bool = False                         # everything left was opened

    @staticmethod
    def laid(start: GameState) -> OwnSheet:
        return OwnSheet(start, Sealed.of(start))

    @staticmethod
    def kept(start: GameState, mines: dict[int, str], units: dict[int, str]) -> OwnSheet | None:
        """Our sheet again from its start and the salts kept with it (a game restarted); None
        where they are not one sheet."""
        sheet = start.secrets
        if set(mines) != set(sheet.mines) or set(units) != set(sheet.camouflaged):
            return None
        return OwnSheet(blind(start), Sealed(dict(mines), {
            pid: (start.known(pid).kind, start.known(pid).squads, salt)
            for pid, salt in units.items()}))

    def salts(self) -> tuple[dict[int, str], dict[int, str]]:
        """What keeps our commitments: each mine's salt, each marker's (kept with the seat)."""
        return dict(self.sealed.mines), {pid: salt for pid, (_, _, salt)
                                         in self.sealed.units.items()}

    def deployed(self) -> Deployed:
        return Deployed(start=state_data(kept_from(self.start)),
                        sheet=self.sealed.commitments())

    def opening(self, told: Told) -> Opening:
        return self.sealed.opening(told)

    def seen(self, state: GameState, more: Told = NOTHING_TOLD) -> GameState:
        """The host's battle, as it should stand: ours, as far as it has been told."""
        return kept_from(state, self.told + more)

    def the_rest(self) -> Opening:
        """Everything not yet told, opened: the battle is over."""
        self.ended = True
        return self.opening(untold(self.start, self.told))

    def replayed(self, actions: list[Action],
                 dice: list[int]) -> Iterator[tuple[GameState, list]]:
        """The battle from our start along the host's log, what each action told added up."""
        self.told, before = NOTHING_TOLD, self.start
        for (after, events), action in zip(replay_told(self.start, actions, dice), actions,
                                           strict=False):
            self.told, before = self.told + to_tell(before, action), after
            yield after, events
