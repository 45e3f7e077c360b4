"""The computer thinks in a worker process (issue 17, goal 5): its search never holds the frame
loop's GIL, so frames keep drawing and menus open however long it thinks. The Advice (X8) is
thought out there too: the worker sends back the advised actions, the app draws them.

Only the built-in players (a skill level) move there. The worker builds the same controller from
(side, level, seed) and is sent every state the controller is asked about, so it answers exactly
as it would on a thread (players remember things between calls, such as the turn the Command
Post fell). States and actions cross the pipe as JSON text - the saved game's state and the
action's notation - never pickled game data. If the worker cannot start or dies, `Thought.result`
raises WorkerGone and the caller thinks on a thread instead.

OGRE_THINK=thread keeps the thinking on a thread (the tests' default: they make many apps).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from ogre.rules import Action, parse_action
from ogre.rules.state import GameState
from ogre.storage.games import StateData

if TYPE_CHECKING:
    from ogre.ai.advice import Advice
    from ogre.ai.protocol import Controller

MODE_ENV = "OGRE_THINK"
STOP_WAIT = 1.0          # seconds the worker is given to stop before it is terminated


class WorkerGone(Exception):
    """The worker process is not there to answer."""


def in_process() -> bool:
    """Think in a worker process (the game's default) unless OGRE_THINK=thread."""
    return os.environ.get(MODE_ENV, "process").strip().lower() != "thread"


def _serve(conn: Any) -> None:
    """The worker: answer each request with the named controller's choice, in order."""
    # Ctrl+C in the terminal reaches the whole process group; it is the window's to answer
    # (X12: asked as the close button), and the worker ends when the game closes it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ogre.ai import controller_from_arg
    from ogre.ai.advice import advised_actions
    from ogre.net.messages import state_of

    players: dict[tuple, Any] = {}     # one per controller the app made: each keeps its memory
    while True:
        try:
            msg = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        if msg.get("stop"):
            return
        try:
            if msg.get("advise"):
                acts = advised_actions(state_of(msg["state"]), msg["seed"])
                conn.send_bytes(json.dumps({"id": msg["id"],
                                            "actions": [str(a) for a in acts]}).encode())
                continue
            key = (msg["side"], msg["spec"], msg["seed"], msg["made"])
            if key not in players:
                if len(players) >= 8:
                    players.clear()
                players[key] = controller_from_arg(msg["side"], msg["spec"], seed=msg["seed"])
            action = players[key].choose(state_of(msg["state"]))
            reply = {"id": msg["id"], "action": str(action)}
        except Exception as exc:           # the caller shows it as a failed computer player
            reply = {"id": msg["id"], "error": str(exc) or type(exc).__name__}
        conn.send_bytes(json.dumps(reply).encode())


class Thought:
    """One request's answer, polled by the frame loop like a Future."""

    def __init__(self, thinker: ProcessThinker, number: int) -> None:
        self.thinker = thinker
        self.number = number
        self.cancelled = False

    def done(self) -> bool:
        return self.thinker.collect(self.number)

    def cancel(self) -> bool:
        self.cancelled = True
        self.thinker.forget(self.number)
        return True

    def result(self) -> Action:
        return parse_action(self.thinker.answer(self.number)["action"])


class AdviceThought(Thought):
    """The worker's advice for `state`, polled like a Future; its result is the Advice."""

    def __init__(self, thinker: ProcessThinker, number: int, state: GameState) -> None:
        super().__init__(thinker, number)
        self.state = state

    def result(self) -> Advice:          # type: ignore[override]
        from ogre.ai.advice import advice_of
        acts = self.thinker.answer(self.number)["actions"]
        return advice_of(self.state, tuple(parse_action(a) for a in acts))


class ProcessThinker:
    """One worker process, started on construction and reused for every request."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")      # no copy of pygame's state in the worker
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True, name="ogre-thinker")
        self.proc.start()
        child.close()
        self.number = 0
        self.answers: dict[int, dict] = {}
        self.waiting: set[int] = set()
        self.gone = False

    def submit(self, side: str, spec: str, seed: int, state: GameState, made: int = 0) -> Thought:
        """Ask the player (side, level, seed) for its action; `made` tells apart the players the
        app made one after another (a new battle's player starts with no memory)."""
        return Thought(self, self._send({"side": side, "spec": spec, "seed": seed, "made": made,
                                         "state": StateData.of(state)}))

    def submit_advice(self, state: GameState, seed: int) -> AdviceThought:
        """Ask for the Advice on this state (the Hi player of the side to act)."""
        return AdviceThought(self, self._send({"advise": True, "seed": seed,
                                               "state": StateData.of(state)}), state)

    def _send(self, msg: dict) -> int:
        self.number += 1
        msg["id"] = self.number
        try:
            self.conn.send_bytes(json.dumps(msg).encode())
            self.waiting.add(self.number)
        except (OSError, ValueError):
            self.gone = True
        return self.number

    def collect(self, number: int) -> bool:
        """Read what has arrived; is this request's answer (or the worker's end) here?"""
        try:
            while not self.gone and self.conn.poll():
                reply = json.loads(self.conn.recv_bytes())
                n = reply.get("id")
                if n in self.waiting:               # answers to cancelled requests are dropped
                    self.waiting.discard(n)
                    self.answers[n] = reply
        except (EOFError, OSError, ValueError):
            self.gone = True
        if number in self.answers:
            return True
        if not self.gone and not self.proc.is_alive():
            self.gone = True
        return self.gone

    def forget(self, number: int) -> None:
        self.waiting.discard(number)
        self.answers.pop(number, None)

    def answer(self, number: int) -> dict:
        if not self.collect(number) or number not in self.answers:
            raise WorkerGone("the computer player's process is gone")
        reply = self.answers.pop(number)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def close(self) -> None:
        """Stop the worker (it may be mid-think: it is terminated if it does not stop soon)."""
        try:
            self.conn.send_bytes(json.dumps({"stop": True}).encode())
        except (OSError, ValueError):
            pass
        self.proc.join(STOP_WAIT)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(STOP_WAIT)
        self.conn.close()
        self.gone = True


class Mind:
    """Where the computer thinks: the worker process for a built-in player, else a thread
    (plugins, the network's remote player, or when the process is not to be had)."""

    def __init__(self) -> None:
        self.pool: ThreadPoolExecutor | None = None
        self.thinker: ProcessThinker | None = None
        self.made: Controller | None = None       # the controller the process stands in for
        self.spec: tuple[str, str, int] | None = None
        self.generation = 0                       # how many controllers `use` has been given
        self.on_thread = not in_process()

    def use(self, controller: Controller | None, spec: tuple[str, str, int] | None) -> None:
        """The controller built from a skill level (side, level, seed), or None for a plugin."""
        self.made, self.spec = controller, spec
        self.generation += 1
        if spec is not None and not self.on_thread and self.thinker is None:
            self._start()                      # started now, so the first turn does not wait

    def think(self, controller: Controller, state: GameState) -> Future[Action] | Thought:
        if controller is self.made and self.spec is not None and not self.on_thread:
            if self.thinker is None:
                self._start()
            if self.thinker is not None:
                return self.thinker.submit(*self.spec, state, made=self.generation)
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ogre-ai")
        return self.pool.submit(controller.choose, state)

    def advise(self, state: GameState, seed: int) -> AdviceThought | None:
        """The Advice thought out in the worker process; None when thinking is on a thread."""
        if self.on_thread:
            return None
        if self.thinker is None:
            self._start()
        return None if self.thinker is None else self.thinker.submit_advice(state, seed)

    def fall_back(self) -> None:
        """The worker is gone: think on the thread from now on."""
        self.on_thread = True
        if self.thinker is not None:
            self.thinker.close()
            self.thinker = None

    def _start(self) -> None:
        try:
            self.thinker = ProcessThinker()
        except (OSError, RuntimeError, ValueError):
            self.on_thread = True

    def shutdown(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
            self.thinker = None
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
