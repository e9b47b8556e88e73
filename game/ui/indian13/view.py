"""What the Indian Rummy table draws besides what every table whose melds stay in the hand draws
(:mod:`game.ui.inhand.view`): the cut joker, the rank it makes wild, the stock and the discard
pile in the middle, and the game's rules in one line.  Never changes anything."""

from __future__ import annotations

import pygame

from game.core.cards import JOKER, rank_of
from game.i18n import N_, _
from game.indian13.deck import KIND

from ..inhand.view import draw_pile
from ..resources import font, wrap
from ..widgets import ACCENT, label

WILD_RANKS = {1: N_("All aces are wild"), 11: N_("All jacks are wild"), 12: N_("All queens are wild"),
              13: N_("All kings are wild")}


def wild_words(s) -> str:
    """What the cut joker makes wild (I3)."""
    if s.cut_joker is None:
        return _("Only the printed jokers are wild") if s.rules.jokers != "none" else _("No jokers in this game")
    kind = KIND[s.cut_joker]
    if kind == JOKER:
        return _("Aces are wild") if s.rules.pj_cut == "aces_wild" else _("Only the printed jokers are wild")
    rank = rank_of(kind)
    if rank in WILD_RANKS:
        return _(WILD_RANKS[rank])
    # Translators: {rank} is a number from 2 to 10 ("All 7s are wild").
    return _("All {rank}s are wild").format(rank=rank)


def draw_middle(scene, surf: pygame.Surface, lay) -> None:
    s = scene.state
    p = lay.px
    small = scene.fs(16)
    # the cut joker, face up and set apart (I2.5)
    if s.cut_joker is not None:
        scene.app.art.draw_face(surf, lay.cut.topleft, KIND[s.cut_joker], lay.center_w, wild=True, card_id=s.cut_joker)
    else:
        pygame.draw.rect(surf, (60, 100, 80), lay.cut, width=2, border_radius=8)
    label(surf, _("Cut joker"), (lay.cut.centerx, lay.cut.y - p(4)), small, ACCENT, True, "midbottom")
    y = lay.cut.bottom + p(6)
    for line in wrap(wild_words(s), small, lay.cut.w + p(110)):  # whole, on two lines in a small window
        label(surf, line, (lay.cut.centerx, y), small, ACCENT, anchor="midtop")
        y += font(small).get_linesize()
    draw_pile(scene, surf, lay, s.wild)


def rules_line(scene) -> str:
    """The game's format and charges, in one line."""
    rules = scene.state.rules
    fmt = {"points": _("Points game"), "pool101": _("Pool 101"), "pool201": _("Pool 201"),
           "deals": _("Deals: {deal} of {count}").format(deal=scene.match.series.deals_played + 1,
                                                          count=rules.deal_count)}[rules.format]
    return _("{format} · drop {first}/{middle} · invalid declaration {points}").format(
        format=fmt, first=rules.first_drop, middle=rules.middle_drop, points=rules.invalid_declare_penalty)
