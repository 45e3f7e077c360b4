"""Soak: many complete computer-against-computer games, every action checked.

    python -m tools.soak --games 200 --seed 1 --jobs 2
    python -m tools.soak --games 40 --seed 7 --levels Low,Med          # no Hi (fast)
    python -m tools.soak --games 9 --seed 3 --levels Hi --fields 1     # only Hi, first field

Games cycle through both scenarios' predesigned fields (Mark III fields for the Mark III, Mark V
fields for the Mark V) and every pairing of the chosen levels; pairings with a Hi player come up
less often (--hi-weight) because Hi thinks for up to a second a turn. Each game is seeded from
(--seed, game number), so a failing game repeats alone with --only N.

After every action: the rules invariants (tests/rules/invariants.py check_step). A few times a
game, at random moments: a save/load round trip through ogre.storage.games (game_to_text,
game_from_text) whose loaded state must equal the original, whose log must equal the actions so
far, and which must then continue identically (the next actions applied to both give equal
states and events) - the game goes on from the LOADED copy. At the end of each game its whole log
is replayed from the first position, as the battle log viewer does, and must end in the same
state. The exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ogre.ai import make_controller
from ogre.ai.match import play
from ogre.rules import apply, legal_actions, new_game, parse_action
from ogre.rules.sides import acting_side
from ogre.storage.fields import load_predesigned
from ogre.storage.games import Players, game_from_text, game_to_text
from tests.rules.invariants import check_state, check_step

LEVELS = ("Low", "Med", "Hi")
UNFINISHED = "Unfinished"
ROUND_TRIP_FOLLOW = 25        # actions applied to both the original and the loaded copy


@dataclass(frozen=True)
class Job:
    number: int
    seed: int
    field_index: int          # into load_predesigned()
    ogre: str
    defense: str
    round_trips: int
    max_turns: int


@dataclass
class Outcome:
    job: Job
    field_name: str = ""
    mark: int = 0
    result: str = ""
    turns: int = 0
    actions: int = 0
    round_trips: int = 0
    seconds: float = 0.0
    exceptions: list[str] = field(default_factory=list)        # crashes (engine, AI, storage)
    invariants: list[str] = field(default_factory=list)        # invariant / round-trip failures
    illegal: list[str] = field(default_factory=list)           # a computer player's refused action


class Failure(AssertionError):
    """A soak check that failed (as opposed to a crash)."""


# ----------------------------------------------------------------------------- the plan

def pairings(levels: list[str], hi_weight: float) -> list[tuple[str, str]]:
    """Every (Ogre, defence) pairing of `levels`, those with a Hi player less often.

    With hi_weight 0.5 each pairing without Hi appears twice for every once a Hi pairing does.
    """
    light = [(o, d) for o in levels for d in levels if "Hi" not in (o, d)]
    heavy = [(o, d) for o in levels for d in levels if "Hi" in (o, d)]
    if not light or not heavy or hi_weight >= 1:
        return light + heavy
    if hi_weight <= 0:
        return light
    reps = max(1, round(1 / hi_weight))
    return light * reps + heavy


def plan(games: int, seed: int, levels: list[str], hi_weight: float, field_indexes: list[int],
         round_trips: int, max_turns: int) -> list[Job]:
    """Game i plays field i mod F with pairing i mod P; F and P are made coprime, so every
    (field, pairing) combination comes up within F*P games."""
    pairs = pairings(levels, hi_weight)
    # shuffle the pairing order once per seed so short runs still see a spread of levels
    rnd = random.Random(seed)
    rnd.shuffle(pairs)
    f = len(field_indexes)
    while _gcd(len(pairs), f) != 1:
        pairs.append(pairs[len(pairs) % len(pairs)])
    return [Job(i, seed * 1_000_003 + i, field_indexes[i % f], *pairs[i % len(pairs)],
                round_trips, max_turns) for i in range(games)]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


# ----------------------------------------------------------------------------- one game

_FIELDS = None


def _fields():
    global _FIELDS
    if _FIELDS is None:
        _FIELDS = load_predesigned()
    return _FIELDS


def run_game(job: Job) -> Outcome:
    """Play one game; every problem is recorded in the Outcome, never raised."""
    rec = _fields()[job.field_index]
    out = Outcome(job, rec.name, rec.mark)
    t0 = time.perf_counter()
    try:
        _play(job, rec, out)
    except Failure as exc:
        out.invariants.append(f"{exc}")
    except AssertionError as exc:
        out.invariants.append(f"invariant: {_short(exc)}")
    except Exception as exc:                      # noqa: BLE001 - a soak reports everything
        out.exceptions.append(f"{type(exc).__name__}: {exc}\n{_tb(exc)}")
    out.seconds = time.perf_counter() - t0
    return out


def _play(job: Job, rec, out: Outcome) -> None:
    """One battle through ogre.ai.match.play: each step checked against the invariants, saved
    and loaded at a few moments (the loaded game carries on, the original follows as a
    shadow), and the log replayed at the end."""
    rnd = random.Random(job.seed ^ 0x5EED)
    start = new_game(rec.field, rec.mark, job.seed)
    check_state(start)
    log: list[str] = []
    ogre = _Named(make_controller("ogre", job.ogre, seed=job.seed), job, log)
    defense = _Named(make_controller("defense", job.defense, seed=job.seed + 1), job, log)
    players = Players(count=2, computer=None, skill="Low")
    # the moments of the round trips: spread over the first ~400 actions (most games are shorter)
    moments = sorted(rnd.sample(range(1, 400), job.round_trips)) if job.round_trips else []
    follow: list = []             # [(original state, ...)] shadow copies being compared

    def step(state, action, after, events):
        where = _where(job, len(log), state)
        try:
            check_step(state, action, after, events)
        except AssertionError as exc:
            raise Failure(f"invariant after {where}: {action}: {_short(exc)}") from exc
        # the shadow copies (the state before a round trip, or its loaded twin) follow along
        for shadow in list(follow):
            s_after, s_events = apply(shadow["state"], action)
            if s_after != after or s_events != events:
                raise Failure(f"round trip at action {shadow['at']} of game {job.number}: the "
                              f"loaded game went a different way at {where} ({action})")
            shadow["state"] = s_after
            shadow["left"] -= 1
            if shadow["left"] <= 0:
                follow.remove(shadow)
        log.append(str(action))
        out.actions += 1
        n = len(log)
        if moments and n == moments[0] and not after.over and after.turn <= job.max_turns:
            moments.pop(0)
            loaded, shadow = _round_trip(after, start, log, players, rec.name, n)
            follow.append(shadow)
            out.round_trips += 1
            return loaded
        return None

    played = play(start, ogre, defense, max_turns=job.max_turns, on_step=step)
    state = played.final or start
    for bad in played.illegal:
        chooser = ogre if acting_side(state) == "ogre" else defense
        out.illegal.append(f"game {job.number} action {len(log)}: {_level(job, chooser)} chose "
                           f"{bad}")
    out.result = state.result if state.over else UNFINISHED
    out.turns = state.turn
    _replay(start, log, state, job)


class _Named:
    """A computer player whose crash says where it happened (game, action, turn, phase)."""

    def __init__(self, inner, job: Job, log: list[str]) -> None:
        self.inner, self.job, self.log, self.side = inner, job, log, inner.side

    def choose(self, state):
        try:
            return self.inner.choose(state)
        except Exception as exc:
            raise RuntimeError(f"{_where(self.job, len(self.log), state)}: the {self.side} "
                               f"player ({_level(self.job, self)}) crashed: "
                               f"{type(exc).__name__}: {exc}") from exc


def _where(job: Job, n: int, state) -> str:
    return f"game {job.number} action {n} turn {state.turn} {state.phase.value}"


def _round_trip(state, start, log, players, field_name, n):
    """Save and load the game; the loaded state carries on (the original becomes the shadow)."""
    text = game_to_text(state, players, log, field_name, start=start)
    saved = game_from_text(text, "the soak's saved game")
    if saved.state != state:
        raise Failure(f"round trip at action {n}: the loaded state differs: "
                      f"{_diff(state, saved.state)}")
    if list(saved.log) != log:
        raise Failure(f"round trip at action {n}: the loaded log differs")
    if saved.start != start:
        raise Failure(f"round trip at action {n}: the loaded first position differs")
    if saved.players != players or saved.field_name != field_name:
        raise Failure(f"round trip at action {n}: players or field name differ")
    if not state.over and legal_actions(saved.state) != legal_actions(state):
        raise Failure(f"round trip at action {n}: the loaded game allows different actions")
    if game_to_text(saved.state, players, log, field_name, now=saved.saved_at,
                    start=saved.start) != game_to_text(state, players, log, field_name,
                                                       now=saved.saved_at, start=start):
        raise Failure(f"round trip at action {n}: saving the loaded game gives another file")
    check_state(saved.state)
    return saved.state, {"state": state, "at": n, "left": ROUND_TRIP_FOLLOW}


def _replay(start, log, final, job: Job) -> None:
    """The log replays from the first position to the same end (the battle-log viewer's way)."""
    s = start
    for i, text in enumerate(log):
        action = parse_action(text)
        if str(action) != text:
            raise Failure(f"game {job.number}: log entry {i} {text!r} prints back as {action}")
        s, _ = apply(s, action)
    if s != final:
        raise Failure(f"game {job.number}: the log replays to another state: {_diff(final, s)}")


def _diff(a, b) -> str:
    from dataclasses import fields as dc_fields
    names = [f.name for f in dc_fields(a) if f.compare and getattr(a, f.name) != getattr(b, f.name)]
    return ", ".join(names) or "(equal fields, unequal states)"


def _level(job: Job, player) -> str:
    return job.ogre if player.side == "ogre" else job.defense


def _short(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) < 600 else text[:600] + " ..."


def _tb(exc: BaseException) -> str:
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "".join(lines[-6:]).rstrip()


# ----------------------------------------------------------------------------- the run

def run(jobs: list[Job], workers: int = 1, progress=None) -> list[Outcome]:
    outcomes: list[Outcome] = []
    if workers <= 1:
        for job in jobs:
            outcomes.append(run_game(job))
            if progress:
                progress(outcomes[-1])
        return outcomes
    with ProcessPoolExecutor(workers) as pool:
        for o in pool.map(run_game, jobs, chunksize=1):
            outcomes.append(o)
            if progress:
                progress(o)
    return outcomes


def summary(outcomes: list[Outcome], seconds: float) -> str:
    lines = []
    n = len(outcomes)
    exc = sum(len(o.exceptions) for o in outcomes)
    inv = sum(len(o.invariants) for o in outcomes)
    ill = sum(len(o.illegal) for o in outcomes)
    trips = sum(o.round_trips for o in outcomes)
    actions = sum(o.actions for o in outcomes)
    unfinished = sum(o.result == UNFINISHED for o in outcomes)
    lines.append(f"games played: {n}  actions: {actions}  save/load round trips: {trips}")
    lines.append(f"exceptions: {exc}  invariant failures: {inv}  illegal computer actions: {ill}"
                 f"  unfinished (turn limit): {unfinished}")
    lines.append(f"time: {seconds:.1f} s ({seconds / max(n, 1):.2f} s a game, "
                 f"{actions / max(seconds, 1e-9):.0f} actions/s)")
    by_field = Counter((o.mark, o.field_name) for o in outcomes)
    lines.append("fields: " + ", ".join(f"Mark {'III' if m == 3 else 'V'} {name} x{k}"
                                        for (m, name), k in sorted(by_field.items())))
    by_pair = Counter((o.job.ogre, o.job.defense) for o in outcomes)
    lines.append("pairings (Ogre/defence): " + ", ".join(f"{a}/{b} x{k}"
                                                         for (a, b), k in sorted(by_pair.items())))
    results = Counter(o.result for o in outcomes)
    lines.append("results: " + ", ".join(f"{r or '?'} {k}" for r, k in results.most_common()))
    # each distinct failure once, with the games it happened in (the first one in full)
    seen: dict[tuple[str, str], list[Outcome]] = {}
    texts: dict[tuple[str, str], str] = {}
    for o in outcomes:
        for kind, items in (("EXCEPTION", o.exceptions), ("INVARIANT", o.invariants),
                            ("ILLEGAL", o.illegal)):
            for text in items:
                key = (kind, text.splitlines()[0] if kind == "EXCEPTION" else text)
                seen.setdefault(key, []).append(o)
                texts.setdefault(key, text)
    for (kind, _), games in seen.items():
        o = games[0]
        more = f" (and {len(games) - 1} more games: " + ", ".join(
            str(g.job.number) for g in games[1:9]) + (" ...)" if len(games) > 9 else ")") \
            if len(games) > 1 else ""
        lines.append(f"{kind} in game {o.job.number} (seed {o.job.seed}, Mark {o.mark} "
                     f"{o.field_name}, Ogre {o.job.ogre} vs defence {o.job.defense}){more}: "
                     f"{texts[(kind, _)]}")
    return "\n".join(lines)


def failures(outcomes: list[Outcome]) -> int:
    return sum(len(o.exceptions) + len(o.invariants) + len(o.illegal) for o in outcomes)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=45)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--levels", default="Low,Med,Hi",
                    help="comma-separated skill levels to pair (default Low,Med,Hi)")
    ap.add_argument("--hi-weight", type=float, default=0.5,
                    help="how often a pairing with Hi comes up relative to one without (0..1)")
    ap.add_argument("--fields", default="",
                    help="comma-separated predesigned field numbers (1-5; default all)")
    ap.add_argument("--round-trips", type=int, default=3, help="save/load round trips a game")
    ap.add_argument("--max-turns", type=int, default=150,
                    help="a game still going then is counted unfinished (a lone GEV can take "
                    "dozens of turns to grind down an immobile Ogre)")
    ap.add_argument("--only", type=int, default=None, help="run game number N of the plan alone")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)

    from ogre.ai.skill import level_name
    levels = [level_name(x) for x in args.levels.split(",") if x.strip()]
    recs = _fields()
    idx = ([int(x) - 1 for x in args.fields.split(",") if x.strip()] if args.fields
           else list(range(len(recs))))
    jobs = plan(args.games if args.only is None else args.only + 1, args.seed, levels,
                args.hi_weight, idx, args.round_trips, args.max_turns)
    if args.only is not None:
        jobs = jobs[args.only:]
    print(f"soak: {len(jobs)} games, seed {args.seed}, levels {','.join(levels)}, "
          f"{len(idx)} fields, {args.jobs} job(s)", flush=True)

    def progress(o: Outcome) -> None:
        if args.quiet:
            return
        bad = "" if not (o.exceptions or o.invariants or o.illegal) else "  <-- FAILED"
        print(f"  game {o.job.number:4d} Mark {o.mark} {o.field_name:<20} {o.job.ogre:>3}/"
              f"{o.job.defense:<3} {o.result or '?':<26} turn {o.turns:2d} {o.actions:4d} actions "
              f"{o.seconds:5.1f} s{bad}", flush=True)

    t0 = time.perf_counter()
    outcomes = run(jobs, args.jobs, progress)
    print(summary(outcomes, time.perf_counter() - t0))
    return 1 if failures(outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
