"""Drawing the table's panels: the wipe (the meld a take from the line needs), the log of public
actions, and cards in flight.  Words are translated as they are drawn (:mod:`game.i18n`)."""

from __future__ import annotations

import math
import time

import pygame

from game.core.cards import KIND_OF
from game.i18n import _

from ...resources import font, wrap
from ...textdraw import new_layer
from ...widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from .geometry import Geometry
from .presentation import TableView


def draw_wipe(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    """The wipe: what it takes, the new meld (click, or Space on a focused card, to change it),
    the engine's verdict; its title and words fit the panel beside the buttons."""
    w = scene.wipe
    lay = geo.layout
    p = lay.px
    r = geo.wipe_panel
    s = scene.state
    new_layer()  # a dialog over the table: what it hides is not compared with it
    panel(surf, r, (12, 34, 26), 255, border=ACCENT)
    heads, says, verdicts = geo.wipe_lines
    y = r.y + p(10)
    for line in heads:  # beside the buttons
        label(surf, line, (r.x + p(20), y), scene.fs(22), ACCENT, bold=True)
        y += font(scene.fs(22), True).get_linesize()
    y = max(y + p(4), scene.buttons["wipe_ok"].rect.bottom + p(2))
    up = max(scene.fs(21), font(scene.fs(18)).get_linesize())
    for line in says:
        label(surf, line, (r.x + p(20), y), scene.fs(18), INK)
        y += up
    focus = scene.cursor_card() if scene.cursor[0] == "wipe" else None
    for c, rect in geo.wipe_meld:
        scene.app.art.draw_face(surf, rect.topleft, KIND_OF[c], lay.line_w, wild=s.wild[KIND_OF[c]], card_id=c)
        if c == w.deepest:
            pygame.draw.rect(surf, ACCENT, rect.inflate(4, 4), width=3, border_radius=7)
    below = (geo.wipe_meld or geo.wipe_taken)[0][1].bottom + p(4) if (geo.wipe_meld or geo.wipe_taken) else r.y
    label(surf, _("New meld"), (r.x + p(20), below), scene.fs(18), MUTED)
    if geo.wipe_taken:
        x1 = geo.wipe_taken[0][1].x
        for c, rect in geo.wipe_taken:
            scene.app.art.draw_face(surf, rect.topleft, KIND_OF[c], lay.line_w, wild=s.wild[KIND_OF[c]], card_id=c)
        label(surf, _("Also to your hand"), (x1, below), scene.fs(18), MUTED)
    for c, rect in geo.wipe_meld + geo.wipe_taken:
        if c == focus:
            pygame.draw.rect(surf, INK, rect.inflate(8, 8), width=3, border_radius=9)
    ok = w.check()[0]
    y = r.bottom - p(8) - len(verdicts) * up
    for line in verdicts:
        label(surf, line, (r.x + p(20), y), scene.fs(18), GOOD if ok else BAD, bold=True)
        y += up
    scene.buttons["wipe_ok"].enabled = ok
    scene.buttons["wipe_ok"].draw(surf, False, scene.fs(18))
    scene.buttons["wipe_cancel"].draw(surf, False, scene.fs(18))


def draw_log(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    r = geo.log_panel
    p = geo.layout.px
    new_layer()  # a panel over the table
    panel(surf, r, (10, 28, 22), 240)
    label(surf, _("Log (L to close)"), (r.x + p(10), r.y + p(6)), scene.fs(18), ACCENT, bold=True)
    lines = []
    for entry in scene.log_lines():
        lines += wrap(entry, scene.fs(18), r.w - p(20))
    up = max(scene.fs(21), font(scene.fs(18)).get_linesize())  # the type's own line height, never less
    room = (r.h - p(36)) // up
    y = r.y + p(32)
    for line in lines[-room:]:  # the newest (a log scrolls: the older are kept, not cut)
        label(surf, line, (r.x + p(10), y), scene.fs(18), INK)
        y += up


def draw_flyers(scene: TableView, surf: pygame.Surface, geo: Geometry) -> None:
    now = time.monotonic()
    for f in scene.flyers:
        t = (now - f.t0) / f.duration
        if t < 0:
            continue
        t = min(1.0, t)
        e = 0.5 - math.cos(math.pi * t) / 2
        x = f.start[0] + (f.end[0] - f.start[0]) * e
        y = f.start[1] + (f.end[1] - f.start[1]) * e - math.sin(math.pi * t) * geo.layout.px(30)
        if f.kind is None:
            scene.app.art.draw_back(surf, (round(x), round(y)), f.width)
        else:
            scene.app.art.draw_face(surf, (round(x), round(y)), f.kind, f.width, wild=scene.state.wild[f.kind],
                                    card_id=f.card_id)
