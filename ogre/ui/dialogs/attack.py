"""The battle's choice dialogs: Ogre weapons at a target (C5), a defender's Ogre part (C6)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ogre.rules import combat
from ogre.rules.game import aim_kill_probability, ogre_weapon_reaches
from ogre.rules.hexes import DISTANCE
from ogre.rules.sides import ogre_in_play, phase_title
from ogre.rules.state import Aiming, GameState, Ogre, Piece
from ogre.rules.units import WEAPON_STATS, WEAPONS, Counts, Kind, Weapon, counts
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.choices import picked
from ogre.ui.toolkit.widgets import OK_CANCEL, Answer, Dialog

ROW_H = 34


class _RowDialog(Dialog[Answer]):
    """A dialog whose body is a list of selectable rows, with the kill probability below."""

    def __init__(self, title: str, message: str, rows: int,
                 on_close: Callable[[Answer], object]) -> None:
        super().__init__(title, message, OK_CANCEL, on_close, width=440,
                         body_height=rows * ROW_H + 34)
        self.selected = 0

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 20, self.body_top + i * ROW_H, self.rect.width - 40,
                           ROW_H - 4)

    def kill_text(self) -> str:
        return ""

    def draw_kill(self, surface: ink.Target, rows: int) -> None:
        y = self.body_top + rows * ROW_H + 4
        theme.draw_in_box(surface, self.kill_text(), pygame.Rect(self.rect.left + 24, y,
                                                                 self.rect.width - 48, 26),
                          22, theme.ACCENT)


class WeaponDialog(_RowDialog):
    """C5: the Ogre's weapons that can reach the target, each with up/down counts.
    on_close(counts): how many of each weapon fire, or None when cancelled."""

    def __init__(self, state: GameState, target_id: int,
                 on_close: Callable[[Counts | None], object], firer: Ogre | None = None,
                 part: Weapon | None = None) -> None:
        self.state = state
        self.firer = firer or ogre_in_play(state)
        self.part = part                              # of an enemy Ogre (9.01): its target
        self.target: Piece | Ogre = state.ogre_unit(target_id) or state.known(target_id)
        current = state.aim.weapons if state.aim and state.aim.target == target_id else (0, 0, 0, 0)
        self.counts = list(current)
        self.limits = [self._limit(w) for w in WEAPONS]
        named = self.target.name if part is None else (
            f"{self.target.name}'s {WEAPON_STATS[part].name}")
        super().__init__(phase_title(state.scenario, state.phase), f"Target: {named}",
                         len(WEAPONS),
                         lambda a: on_close(picked(a, counts(self.counts))))
        self.selected = next((i for i, n in enumerate(self.limits) if n), 0)

    def shown_weapon(self) -> Weapon:
        """The weapon whose attributes the sidebar shows (C5)."""
        return WEAPONS[self.selected]

    def _limit(self, w: Weapon) -> int:
        o, target = self.firer, self.target
        if isinstance(target, Ogre):            # an Ogre's guns at an Ogre: never antipersonnel
            reach = w is not Weapon.AP and DISTANCE[o.hex][target.hex] <= WEAPON_STATS[w].range
            return o.available(w) if reach else 0
        if not ogre_weapon_reaches(o, w, target):
            return 0
        if w is Weapon.AP and self.target.id in self.state.ap_hit:
            return 0
        return o.available(w)

    def _enabled_for(self, value: Answer):
        return (lambda: any(self.counts)) if value is Answer.OK else (lambda: True)

    def arrows(self, i: int) -> tuple[pygame.Rect, pygame.Rect]:
        r = self.row_rect(i)
        return (pygame.Rect(r.right - 64, r.top + 2, 26, r.height - 4),
                pygame.Rect(r.right - 32, r.top + 2, 26, r.height - 4))

    def change(self, i: int, delta: int) -> None:
        self.counts[i] = max(0, min(self.limits[i], self.counts[i] + delta))

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(len(WEAPONS)):
                if not self.limits[i]:
                    continue
                up, down = self.arrows(i)
                if up.collidepoint(event.pos):
                    self.selected = i
                    self.change(i, +1)
                elif down.collidepoint(event.pos):
                    self.selected = i
                    self.change(i, -1)
                elif self.row_rect(i).collidepoint(event.pos):
                    self.selected = i

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            for _ in range(len(WEAPONS)):
                self.selected = (self.selected + step) % len(WEAPONS)
                if self.limits[self.selected]:
                    break
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RIGHT, pygame.K_PLUS,
                                                          pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change(self.selected, +1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_MINUS,
                                                          pygame.K_KP_MINUS):
            self.change(self.selected, -1)
            return True
        return super().handle_event(event)

    def kill_text(self) -> str:
        if not any(self.counts):
            return "Choose weapons"
        if isinstance(self.target, Piece) and self.target.kind is Kind.MARKER:
            return "Probability of kill: unknown"      # 8.04: its defense is not known
        aim = Aiming(target=self.target.id, weapons=counts(self.counts), part=self.part,
                     ogre=self.firer.id)
        p = aim_kill_probability(self.state, aim)
        return f"Probability of kill: {combat.percent(p)}%"

    def draw_body(self, surface: ink.Target) -> None:
        o = self.firer
        for i, w in enumerate(WEAPONS):
            r = self.row_rect(i)
            live = self.limits[i] > 0
            if i == self.selected and live:
                ink.rect(surface, theme.BUTTON_HOT, r, border_radius=4)
            st = WEAPON_STATS[w]
            colour = theme.TEXT if live else theme.TEXT_DIM
            theme.text(surface, f"{st.name}  {st.attack}/{st.range}", (r.left + 8, r.top + 7), 22,
                       colour)
            theme.text(surface, f"{self.counts[i]} of {self.limits[i] if live else o.available(w)}",
                       (r.right - 150, r.top + 7), 22, colour)
            if live:
                up, down = self.arrows(i)
                for rect, glyph in ((up, "^"), (down, "v")):
                    ink.rect(surface, theme.BUTTON, rect, border_radius=4)
                    theme.text(surface, glyph, rect.center, 22, theme.TEXT, center=True)
        self.draw_kill(surface, len(WEAPONS))


PARTS = (*WEAPONS, Weapon.TREADS)


class PartDialog(_RowDialog):
    """C6: the part of the Ogre a defender aims at; destroyed parts are dimmed.
    on_close(part), or None when cancelled. With `every_squad` (Shift+drag) every squad of
    the unit that can still fire will aim, so the kill chance shown is theirs together."""

    def __init__(self, state: GameState, attacker_id: int,
                 on_close: Callable[[Weapon | None], object], every_squad: bool = False,
                 aimed_at: Ogre | None = None) -> None:
        self.state = state
        self.aimed_at = aimed_at or ogre_in_play(state)
        self.attacker = p = state.known(attacker_id)     # the battle picked it from the map
        ready = p.squads - p.fired if p.kind is Kind.INFANTRY else 1
        self.squads = max(1, ready) if every_squad else 1
        who = f"{p.name}, {self.squads} squads," if self.squads > 1 else p.name
        super().__init__(phase_title(state.scenario, state.phase), f"{who} aims at:", len(PARTS),
                         lambda a: on_close(picked(a, PARTS[self.selected])))
        self.selected = next((i for i, w in enumerate(PARTS) if self._live(w)), 0)

    def shown_weapon(self) -> Weapon:
        return PARTS[self.selected]

    def _live(self, w: Weapon) -> bool:
        return self.aimed_at.intact(w) > 0

    def handle_body(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, w in enumerate(PARTS):
                if self._live(w) and self.row_rect(i).collidepoint(event.pos):
                    self.selected = i

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            for _ in range(len(PARTS)):
                self.selected = (self.selected + step) % len(PARTS)
                if self._live(PARTS[self.selected]):
                    break
            return True
        return super().handle_event(event)

    def kill_text(self) -> str:
        part = PARTS[self.selected]
        aim = Aiming(part=part, attackers=(self.attacker.id,) * self.squads,
                     ogre=self.aimed_at.id)
        return f"Probability of kill: {combat.percent(aim_kill_probability(self.state, aim))}%"

    def draw_body(self, surface: ink.Target) -> None:
        o = self.aimed_at
        for i, w in enumerate(PARTS):
            r = self.row_rect(i)
            live = self._live(w)
            if i == self.selected and live:
                ink.rect(surface, theme.BUTTON_HOT, r, border_radius=4)
            st = WEAPON_STATS[w]
            label = "Treads" if w is Weapon.TREADS else f"{st.name}  D{st.defense}"
            colour = theme.TEXT if live else theme.TEXT_DIM
            theme.text(surface, label, (r.left + 8, r.top + 7), 22, colour)
            theme.text(surface, f"{o.intact(w)} left", (r.right - 90, r.top + 7), 22, colour)
        self.draw_kill(surface, len(PARTS))

