"""The battle's turning points (X11): the Command Post destroyed, the Ogre immobilized, its last
gun lost, the Ogre leaving the map - each said in a banner over the map that stays until a click
or a key, so that it never scrolls away with the results. The action that ends the battle raises
no banner: the battle-over dialog says its turning points, and nothing waits behind it."""

from __future__ import annotations

import pygame

from ogre.rules.scenarios import DUELS, duellist_name
from ogre.rules.state import OGRE_ID, GameState, Ogre
from ogre.ui.toolkit import ink, theme

GO_ON = "A click or a key goes on."


def turning_points(before: GameState, after: GameState) -> list[str]:
    """What turned between two positions, in the order the player should read it."""
    said = []
    if before.command_post is not None and after.command_post is None:
        said.append("The Command Post is destroyed!")
    duel = after.scenario in DUELS
    for b, a in zip(before.ogres, after.ogres):
        said += _ogre_turns(b, a, duellist_name(a.id) if duel else
                            "The Ogre" if a.id == OGRE_ID else a.name)
    return said


def _ogre_turns(b: Ogre, a: Ogre, name: str) -> list[str]:
    """What turned for one Ogre, named as the battle names it."""
    said = []
    if b.treads > 0 and a.treads == 0:
        said.append(f"{name} is immobilized: its treads are gone.")
    if any(b.weapons) and not any(a.weapons) and not a.destroyed:
        said.append(f"{name} has lost its last gun.")
    if not b.exited and a.exited:
        said.append(f"{name} leaves the map.")
    return said


# what the battle-over dialog says anyway (status.victory_words: the Command Post, the Ogre)
SAID_AT_THE_END = ("The Command Post is destroyed!", "The Ogre leaves the map.")


def end_words(result: str, victory: str, turned: list[str]) -> str:
    """The battle-over dialog's words: the result, the turning points of the last action
    that the victory words do not say already, then the victory words."""
    news = [line for line in turned if line not in SAID_AT_THE_END]
    return "\n".join([f"{result}.", *news, victory])


def banner_rect(map_rect: pygame.Rect, lines: list[str]) -> pygame.Rect:
    """A band across the map, a little above its middle, as tall as its lines."""
    w = min(map_rect.width - 40, 640)
    h = 40 * len(lines) + 44
    r = pygame.Rect(0, 0, w, h)
    r.center = (map_rect.centerx, map_rect.top + map_rect.height * 2 // 5)
    return r


def draw_banner(surface: ink.Target, map_rect: pygame.Rect, lines: list[str]) -> None:
    if not lines:
        return
    r = banner_rect(map_rect, lines)
    ink.rect(surface, theme.PANEL, r, border_radius=10)
    ink.rect(surface, theme.ACCENT, r, 3, border_radius=10)
    inside = r.inflate(-24, -16)
    paras = [theme.Para(line, 30, theme.ACCENT, bold=True, gap=6) for line in lines]
    paras.append(theme.Para(GO_ON, 18, theme.TEXT_DIM, gap=8))
    theme.draw_paragraphs(surface, paras, inside, smallest=16, center=True)
