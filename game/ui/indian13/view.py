"""What the Indian Rummy table draws besides what every table whose melds stay in the hand draws
(:mod:`game.ui.inhand.view`): the cut joker, the rank it makes wild, the stock and the discard
pile in the middle, and the game's rules in one line.  Never changes anything."""

from __future__ import annotations

import pygame

from game.core.cards import JOKER, rank_of
from game.indian13.deck import KIND

from ..inhand.view import draw_pile
from ..resources import font, wrap
from ..widgets import ACCENT, label

RANK_NAMES = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def wild_words(s) -> str:
    """What the cut joker makes wild (I3)."""
    if s.cut_joker is None:
        return "Only the printed jokers are wild" if s.rules.jokers != "none" else "No jokers in this game"
    kind = KIND[s.cut_joker]
    if kind == JOKER:
        return "Aces are wild" if s.rules.pj_cut == "aces_wild" else "Only the printed jokers are wild"
    rank = rank_of(kind)
    name = RANK_NAMES.get(rank, f"{rank}s")
    return f"All {name} are wild"


def draw_middle(scene, surf: pygame.Surface, lay) -> None:
    s = scene.state
    p = lay.px
    small = scene.fs(16)
    # the cut joker, face up and set apart (I2.5)
    if s.cut_joker is not None:
        scene.app.art.draw_face(surf, lay.cut.topleft, KIND[s.cut_joker], lay.center_w, wild=True, card_id=s.cut_joker)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.cut, width=2, border_radius=8)
    label(surf, "Cut joker", (lay.cut.centerx, lay.cut.y - p(4)), small, ACCENT, True, "midbottom")
    y = lay.cut.bottom + p(6)
    for line in wrap(wild_words(s), small, lay.cut.w + p(110)):  # whole, on two lines in a small window
        label(surf, line, (lay.cut.centerx, y), small, ACCENT, anchor="midtop")
        y += font(small).get_linesize()
    draw_pile(scene, surf, lay, s.wild)


def rules_line(scene) -> str:
    """The game's format and charges, in one line."""
    rules = scene.state.rules
    fmt = {"points": "Points game", "pool101": "Pool 101", "pool201": "Pool 201",
           "deals": f"Deals: {scene.match.series.deals_played + 1} of {rules.deal_count}"}[rules.format]
    return f"{fmt} · drop {rules.first_drop}/{rules.middle_drop} · invalid declaration {rules.invalid_declare_penalty}"
