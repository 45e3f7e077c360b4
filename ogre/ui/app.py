"""The application: one window, a canvas of its shape drawn at its pixels, and one plain loop.

The canvas is the window's shape in units (never below 1024 x 720), one pixel a unit up to a
1080-line window and more on a larger screen (canvas_fit), so a bigger window shows more
map and a high-DPI one shows it sharp (B4, X4).

Screens (the Field Editor and the battle) draw below the menu bar; dialogs sit on
top and take the mouse while open. `step()` runs one frame's worth of events so
tests can drive the real app without a clock; `run()` loops and sleeps while
nothing changes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from ogre.match import Match, Seat, seats_for
from ogre.rules.field import Field
from ogre.rules.sides import Side
from ogre.rules.state import GameState
from ogre.storage.errors import StorageError
from ogre.storage.preferences import Preferences, load_preferences, save_preferences
from ogre.ui.commands.aftermath import Aftermath
from ogre.ui.commands.crash import crashed, ctrl_c_closes, interrupted
from ogre.ui.commands.menu import Commands, battle_files
from ogre.ui.commands.network_play import NetworkSide
from ogre.ui.commands.recovery import offer_recovery
from ogre.ui.dialogs.handover import HandOver, hot_seat
from ogre.ui.drawing.mapview import MapView, map_rect
from ogre.ui.drawing.window import (
    canvas_fit,
    default_window_size,
    desktop_size,
    fit_desktop,
    is_fullscreen_key,
    open_window,
    set_icon,
    toggle_fullscreen,
)
from ogre.ui.overlays.advice_view import AdviceView
from ogre.ui.overlays.keyboard import KeyPointer, KeyTargets
from ogre.ui.overlays.rules_window import RulesWindow
from ogre.ui.overlays.tutorial import Tutorial
from ogre.ui.scenes.battle import Battle
from ogre.ui.toolkit import ink, keymap, theme
from ogre.ui.toolkit.menus import MenuBar
from ogre.ui.toolkit.stack import DialogStack
from ogre.ui.toolkit.widgets import OK_ONLY, Dialog, route_to_dialog

if TYPE_CHECKING:
    from ogre.ai.protocol import Controller
    from ogre.net.guest_sheet import OwnSheet
    from ogre.ui.scenes.editor import Editor


class Screen(Protocol):
    """A screen under the menus: the battle, the Field Editor or a replay."""

    map: MapView

    def handle_event(self, event: pygame.event.Event) -> object: ...

    def draw(self, surface: ink.Target) -> None: ...

IDLE_SLEEP_MS = 20   # 50 polls a second when nothing happens
# keys that only move the view of the map: they work behind a dialog too
VIEW_KEYS = tuple(k for c in ("whole_map", "row_up", "row_down", "top_half", "bottom_half")
                  for k in keymap.keys_of(c))


class App:
    def __init__(self, *, state: GameState | None = None, field: Field | None = None,
                 size: tuple[int, int] | None = None, sounds=None, seed: int = 1,
                 prefs_folder: Path | None = None, ogre_skill: str | None = None,
                 computer: str | None = None, replay: Path | None = None,
                 players: dict[str, str] | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("OGRE")
        set_icon()                             # X13: the Ogre, not pygame's snake
        self.prefs_folder = prefs_folder
        self.prefs, notice = load_preferences(prefs_folder)
        self._prefs_complaint = ""
        if ogre_skill:
            self.prefs = self.prefs.model_copy(update={"skill": ogre_skill})
        self.windowed_size = (size or fit_desktop(self.prefs.window_size)
                              or default_window_size(desktop_size()))
        # X13: full screen as last time, unless a --size asks for a window
        self.window = open_window(self.windowed_size, self.prefs.fullscreen and size is None)
        self.fullscreen = bool(self.window.get_flags() & pygame.FULLSCREEN)
        self.canvas = self._new_canvas(*self._canvas_fit())
        self.resized = False       # by the player, this run: remembered when the game ends
        self.sounds = sounds if sounds is not None else _make_sounds(self.prefs.sound)
        self.seed = seed
        self.running = True
        self.interrupts = 0        # Ctrl+C presses in the terminal not yet answered (X12)
        self.dirty = True
        self.frames = 0
        self.dialogs = DialogStack()           # the app's own dialogs (menus' commands)
        self.pointer = KeyPointer(self.canvas.get_size())
        self.aftermath = Aftermath(self)       # X9: the record of battles, the reports
        self.rules = RulesWindow()             # X7: the rules at hand, F1
        self.advice = AdviceView(self)         # X8: the computer's advice, A
        self.hand_over = HandOver(self)        # hot-seat: whose turn, at a change of side
        self.tutorial: Tutorial | None = None  # X6: Learn to Play's lessons
        self.network: NetworkSide | None = None    # X10
        self.guest_seats: dict[tuple[str, int], str] = {}   # X10: hosts' seats this run
        self.guest_sheets: dict[tuple[str, int], OwnSheet] = {}  # X16: our own, set up there
        self.commands = Commands(self, players or {})
        self.menubar = MenuBar(self.commands.menus())
        # the work done once a frame: the computer's turn, the record being written, the
        # Advice thinking; the lessons and a network game add their own while they last
        self.frame_work: list[Callable[[], None]] = [self.commands.tick, self.aftermath.tick,
                                                     self.advice.tick]
        self.layers = self._layers()
        self.battle: Battle | None = None
        self.editor: Editor | None = None
        self.screen: Screen | None = None     # what is drawn under the menus
        if state is not None:
            self.start_battle(state, computer=computer)
        else:
            self.open_editor(field or self.commands.first_field())
        if replay is not None:
            battle_files.open_replay(self.commands, Path(replay))
        if notice:
            self.show("Notice", notice)
        self._no_sound_quietly(getattr(self.sounds, "notice", ""))
        if state is None and replay is None:
            offer_recovery(self)       # X12: a battle a crash stopped, offered once more

    def _no_sound_quietly(self, words: str) -> None:
        """X13: no sound device is said once, on the terminal and in the first screen's
        messages, never in a box to dismiss at every start."""
        if not words:
            return
        print(f"ogre: {words[0].lower()}{words[1:]}", file=sys.stderr)
        if self.editor is not None and self.editor.how_to_start:
            self.editor.how_to_start += f"\n{words}"

    # -- screens --
    def start_battle(self, state: GameState, computer: str | None = None, log=(),
                     start: GameState | None = None, advice_asked: int = 0,
                     told: Iterable[int] = (), *, seats: dict[Side, Seat] | None = None,
                     controller: Controller | None = None, field_name: str | None = None) -> None:
        """A battle on the screen: its Match (who plays each side, the field's name, the log
        from `start`), and the computer (or `controller`, the network's or a lesson's) on
        `computer`'s side - made once, never made and replaced."""
        self.advice.hide()
        if seats is None:
            seats = seats_for(computer, self.commands.skill_for(computer) if computer else "")
        match = Match.begin(state, start=start, log=log, told=told, seats=seats,
                            field_name=self.commands.field_name if field_name is None
                            else field_name, advice_asked=advice_asked)
        self.battle = Battle(state, reminders=lambda: self.prefs.reminders, sounds=self.sounds,
                             on_change=self._battle_changed, match=match)
        self.commands.set_computer(computer, controller)
        self.hand_over.watch(self.battle)
        if hot_seat(match.seats):
            self.battle.eyes.viewer = lambda: self.hand_over.at_screen    # hot-seat: who sits here
        self.screen = self.battle
        self._fit_screens()
        self.battle.frame_phase()       # a loaded or new battle opens on what matters (B4)
        self.touch()

    def start_tutorial(self) -> None:
        """Menu > Learn to Play (X6): the lessons' battle, from the lesson reached last time."""
        from ogre.match.lessons import NAME
        from ogre.ui.overlays.tutorial import ScriptedOgre, first_position, lesson_start
        index = self.prefs.tutorial_lesson
        state, log = lesson_start(index)
        self.start_battle(state, computer="ogre", log=log, start=first_position(),
                          seats={"ogre": Seat("lesson"), "defense": Seat()},
                          controller=ScriptedOgre(), field_name=NAME)
        self.tutorial = Tutorial(self, index)
        assert self.battle is not None
        self.battle.match.vetted_by(self.tutorial.vet)

    def remember_lesson(self, index: int) -> None:
        """The lesson reached, kept with the preferences (X6); a disk that refuses only loses
        the place, never the battle."""
        self.prefs = self.prefs.model_copy(update={"tutorial_lesson": index})
        try:
            save_preferences(self.prefs_folder, self.prefs)
        except StorageError:
            pass

    def _battle_changed(self) -> None:
        self.touch()
        self.hand_over.battle_changed(self.battle)
        self.aftermath.battle_changed(self.battle)     # X9: the action that ends it is recorded

    def open_editor(self, field: Field, ogre_hex: int = 0, mark: int = 3,
                    scenario: str = "") -> None:
        """The Field Editor on `field`, designed for the battle `scenario` (X15); from a
        battle, with its Ogre on `ogre_hex` (E1, E7)."""
        from ogre.ui.scenes.editor import Editor
        if self.editor is None:
            self.editor = Editor(field, sounds=self.sounds, on_change=self.touch)
        self.editor.set_field(field, scenario)
        self.editor.show_ogre(ogre_hex, mark)
        self.screen = self.editor
        self.touch()

    def touch(self) -> None:
        self.dirty = True

    def every_frame(self, task: Callable[[], None]) -> None:
        """Run `task` once a frame, after the frame's events (issue 29: a feature registers
        its own work; the loop names none)."""
        if task not in self.frame_work:
            self.frame_work.append(task)

    def stop_every_frame(self, task: Callable[[], None]) -> None:
        if task in self.frame_work:
            self.frame_work.remove(task)

    def show(self, title: str, message: str) -> None:
        self.dialog = Dialog(title, message, OK_ONLY)
        self.touch()

    def set_prefs(self, prefs: Preferences) -> None:
        # full screen is the F11 key's: a dialog opened before it must not undo it
        self.prefs = prefs = prefs.model_copy(update={"fullscreen": self.fullscreen})
        if hasattr(self.sounds, "enabled"):
            self.sounds.enabled = prefs.sound
        try:
            save_preferences(self.prefs_folder, prefs)
        except Exception as exc:     # a read-only config folder must not stop the game
            words = f"{getattr(exc, 'message', exc)}"
            if words != self._prefs_complaint:       # said once, not at every change
                self._prefs_complaint = words
                self.show("Preferences", words)

    @property
    def dialog(self) -> Dialog | None:
        """The dialog on top (issue 29: the app's dialogs are a stack)."""
        top: Dialog | None = self.dialogs.top
        return top

    @dialog.setter
    def dialog(self, dialog: Dialog | None) -> None:
        """A dialog opens over the one showing (which comes back when it closes); None takes
        the top one off. Either way the screen is drawn again: a dialog opened by no event
        (Ctrl+C in the terminal, a network message) must show before the mouse moves."""
        if dialog is None:
            self.dialogs.close()
        else:
            self.dialogs.open(dialog)
        self.touch()

    # -- the canvas: as tall as the window's shape asks, its screens and dialogs fitted to it --
    def _follow_window(self) -> None:
        """Rebuild the canvas when the window's shape asks for another height."""
        size, scale = self._canvas_fit()
        direct = self.canvas.surface is self.window
        if (size, scale) != (self.canvas.size, self.canvas.scale) or \
                direct != self._fills_window(size, scale):
            self.canvas = self._new_canvas(size, scale)
            self.pointer.resize(size)
            self.touch()
        self._fit_screens()

    def _new_canvas(self, size: tuple[int, int], scale: float) -> ink.Canvas:
        """The canvas for the window as it is: drawn straight onto the window when it fills it
        exactly (the usual case: no copy of a whole screenful a frame), else on its own."""
        if self._fills_window(size, scale):
            return ink.Canvas(size, scale, self.window)
        return ink.Canvas(size, scale)

    def _canvas_fit(self) -> tuple[tuple[int, int], float]:
        return canvas_fit(self.window.get_size(), self.prefs.interface_size / 100)

    def _fills_window(self, size: tuple[int, int], scale: float) -> bool:
        return ink.Canvas.pixels_for(size, scale) == self.window.get_size()

    def _fit_screens(self) -> None:
        """Every screen's map (however it was made: a replay, the editor) and every open
        dialog fitted to the current canvas."""
        size = self.canvas.get_size()
        self.menubar.place(size[0])
        for screen in {id(s): s for s in (self.battle, self.editor, self.screen) if s}.values():
            resize = getattr(screen, "resize", None)
            area = getattr(screen, "map_area", map_rect)
            if resize is not None and screen.map.rect != area(size):
                resize(size)
            dialog = getattr(screen, "dialog", None)
            if dialog is not None:
                dialog.centre_on(size)
        if self.dialog is not None:
            self.dialog.centre_on(size)

    # -- coordinates: the canvas's units, `scale` window pixels each, centred in the window --
    def _fit(self) -> tuple[float, int, int]:
        """Window pixels to a unit, and where the canvas's top left sits in the window. A
        window smaller than the canvas at one pixel a unit shows it shrunk."""
        w, h = self.window.get_size()
        pw, ph = self.canvas.surface.get_size()
        shrink = min(1.0, w / pw, h / ph) or 1.0
        return (self.canvas.scale * shrink, int((w - pw * shrink) / 2),
                int((h - ph * shrink) / 2))

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        scale, ox, oy = self._fit()
        return int((pos[0] - ox) / scale), int((pos[1] - oy) / scale)

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        scale, ox, oy = self._fit()
        return int(pos[0] * scale + ox + scale / 2), int(pos[1] * scale + oy + scale / 2)

    # -- the loop --
    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle events (the queue's when None), let a computer player act, redraw if needed."""
        self._follow_window()
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        if self.interrupts:
            interrupted(self)           # X12: Ctrl+C in the terminal, as the close button
        for task in list(self.frame_work):
            task()
        self._follow_window()
        if self.dirty:
            self.draw()
        return self.running

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.commands.quit()        # the close button asks first, as Quit does (G6)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWEXPOSED):
            self.resized |= event.type != pygame.WINDOWEXPOSED and not self.fullscreen
            self._follow_window()
            self.touch()
            return
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.KEYDOWN):
            return
        self.touch()
        for layer in self.layers:
            if layer(event):
                return

    def _layers(self) -> list[Callable[[pygame.event.Event], bool]]:
        """The layers an event goes down until one takes it (issue 29), the top first: the
        window's own keys, the overlays that look at everything (the Rules window, the battle's
        story and banners), the computer's turn (a click only hurries it), then a pointer event
        to the dialogs, menus, lessons and screen, or a key to the dialogs, the menus, the
        screen, the keyboard pointer and the shortcuts."""
        return [self._window_key, self._rules_event, self._story_event, self.commands.busy,
                self._pointer_event, self._dialog_key, self.menubar.handle_event,
                self._modal_key, self._screen_key, self._pointer_key, self._shortcut]

    def _window_key(self, event: pygame.event.Event) -> bool:
        if is_fullscreen_key(event):
            toggle_fullscreen(self)     # X13: F11 or Alt+Enter, behind any dialog too
            return True
        return False

    def _pointer_event(self, event: pygame.event.Event) -> bool:
        if not hasattr(event, "pos"):
            return False
        self._fit_screens()          # a dialog or screen opened by the last event: in place
        event = pygame.event.Event(event.type, dict(event.__dict__,
                                                    pos=self.to_logical(event.pos)))
        self.pointer.follow(event.pos)
        self.route(event)
        return True

    def _modal_key(self, event: pygame.event.Event) -> bool:
        """Modal: a key the dialog does not use may move the keyboard pointer (whose clicks go
        to the dialog) or look over the map, but never act behind it."""
        if self._dialog_owner() is None:
            return False
        synthetic = self.pointer.events_for(event, self.key_targets())
        if synthetic is not None:
            for e in synthetic:
                self.route(e)
        elif event.key in VIEW_KEYS:
            self.commands.shortcut(event)
        return True

    def _screen_key(self, event: pygame.event.Event) -> bool:
        handle_key = getattr(self.screen, "handle_key", None)
        return bool(handle_key is not None and handle_key(event))

    def _pointer_key(self, event: pygame.event.Event) -> bool:
        synthetic = self.pointer.events_for(event, self.key_targets())
        if synthetic is None:
            return False
        for e in synthetic:
            self.route(e)
        return True

    def _shortcut(self, event: pygame.event.Event) -> bool:
        self.commands.shortcut(event)
        return True

    def _rules_event(self, event: pygame.event.Event) -> bool:
        """F1, and while the Rules window shows, its page keys and the clicks on it; an open
        dialog comes first (the window steps aside under it)."""
        modal = self._dialog_owner() is not None
        if event.type == pygame.KEYDOWN:
            if keymap.command(event) == "rules" or (self.rules.open and not modal):
                return self.rules.handle_key(event)
            return False
        if modal or not self.rules.open:
            return False
        data = dict(event.__dict__, pos=self.to_logical(event.pos))
        return self.rules.handle_mouse(pygame.event.Event(event.type, data))

    def _story_event(self, event: pygame.event.Event) -> bool:
        b = self.battle
        if b is None or self.screen is not b:
            return False
        if hasattr(event, "pos"):
            event = pygame.event.Event(event.type, dict(event.__dict__,
                                                        pos=self.to_logical(event.pos)))
        return b.look(event, modal=self._dialog_owner() is not None or self.menubar.active)

    def key_targets(self) -> KeyTargets:
        """What the arrow keys can reach now (S4): an open dialog's buttons, else the screen's
        map and its sidebar's controls."""
        bounds = self.canvas.get_size()
        owner = self._dialog_owner()
        if owner is not None:
            return KeyTargets(None, [b.rect for b in owner.dialog.buttons], bounds)
        screen = self.screen
        controls: list[pygame.Rect] = getattr(screen, "key_controls", lambda: [])()
        return KeyTargets(getattr(screen, "map", None), controls, bounds)

    def _dialog_key(self, event) -> bool:
        owner = self._dialog_owner()
        if owner is None:
            return False
        return route_to_dialog(owner, event)

    def _dialog_owner(self):
        if self.dialog is not None:
            return self
        if self.screen is not None and getattr(self.screen, "dialog", None) is not None:
            return self.screen
        return None

    def route(self, event: pygame.event.Event) -> None:
        """A mouse event in canvas coordinates: dialogs, then the menus, then the screen."""
        owner = self._dialog_owner()
        if owner is not None:
            route_to_dialog(owner, event)
            return
        if self.menubar.handle_event(event):
            return
        if event.type != pygame.MOUSEMOTION and event.pos[1] < theme.MENU_H:
            return      # the menu bar's empty stretch
        if (self.tutorial is not None and self.screen is self.battle
                and self.tutorial.handle_event(event)):
            return      # X6: the lesson panel's own clicks
        if self.screen is not None:
            self.screen.handle_event(event)

    def draw(self) -> None:
        self._fit_screens()
        self.canvas.fill(theme.BG)
        if self.screen is not None:
            self.screen.draw(self.canvas)
        if self.tutorial is not None and self.screen is self.battle:
            self.tutorial.draw(self.canvas)
        if self.battle is not None and self.screen is self.battle and self._dialog_owner() is None:
            self.advice.draw(self.canvas, self.battle.map)
        if self.rules.open and self._dialog_owner() is None:
            self.rules.place(self.canvas.get_size())
            self.rules.draw(self.canvas)
        self.menubar.draw(self.canvas)
        if self.dialog is not None:
            self.dialog.draw(self.canvas)
        self.pointer.draw(self.canvas)
        self._present()
        pygame.display.flip()
        self.dirty = False
        self.frames += 1

    def _present(self) -> None:
        """The canvas's pixels onto the window, centred, with black bars beside it where the
        window's shape leaves room; shrunk into a window smaller than its least size."""
        scale, ox, oy = self._fit()
        pixels = self.canvas.surface
        ww, wh = self.window.get_size()
        size = (min(ww - ox, max(1, round(self.canvas.size[0] * scale))),
                min(wh - oy, max(1, round(self.canvas.size[1] * scale))))
        place = pygame.Rect((ox, oy), size)
        for bar in (pygame.Rect(0, 0, ww, place.top), pygame.Rect(0, place.bottom, ww, wh),
                    pygame.Rect(0, 0, place.left, wh), pygame.Rect(place.right, 0, ww, wh)):
            if bar.width > 0 and bar.height > 0:
                self.window.fill((0, 0, 0), bar)
        if pixels is self.window:
            return
        if place.size == pixels.get_size() or place.width <= 0 or place.height <= 0:
            self.window.blit(pixels, place)
            return
        try:
            pygame.transform.smoothscale(pixels, place.size, self.window.subsurface(place))
        except ValueError:      # a window of another pixel format: scale, then copy
            self.window.blit(pygame.transform.smoothscale(pixels, place.size), place)

    def run(self) -> int:
        """Play until quit; the exit status. A crash writes a report and keeps the battle
        (X12); Ctrl+C in the terminal asks as the close button does."""
        try:
            with ctrl_c_closes(self):
                while self.running:
                    # Sleep between polls: pygame-ce's event.wait(timeout) polls every
                    # millisecond, a plain sleep keeps an idle game well under 1% of a core.
                    idle = not self.dirty and not self.commands.working()
                    pygame.time.wait(IDLE_SLEEP_MS if idle else 10)
                    self.step()
        except Exception as exc:
            return crashed(self, exc)
        self.commands.shutdown()
        self.advice.shutdown()
        self.aftermath.settle()
        if self.network is not None:
            self.network.finish()
        self.remember_window()
        pygame.quit()
        return 0

    def remember_window(self) -> None:
        """X4: a window the player resized opens at that size next time; one never resized
        keeps fitting whatever desktop it opens on. Said nothing of when it cannot be kept."""
        size = self.windowed_size if self.fullscreen else self.window.get_size()
        if not self.resized or tuple(size) == tuple(self.prefs.window_size or ()):
            return
        try:
            self.prefs = self.prefs.model_copy(update={"window_size": size})
            Preferences.model_validate(self.prefs.model_dump())
            save_preferences(self.prefs_folder, self.prefs)
        except Exception:       # a read-only folder or an odd size: the next run fits the desktop
            pass


def _make_sounds(enabled: bool):
    try:
        from ogre.ui.drawing.sound import Sounds
        return Sounds.create(enabled)
    except Exception:       # no sound module or device: play silently
        return None


def headless() -> None:
    """Use SDL's dummy drivers (tests, the monkey runner, screenshots without a display)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
