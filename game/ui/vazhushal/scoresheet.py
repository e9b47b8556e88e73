"""The score sheet: every hand of the match so far (who won, how, the stock-out scores, the cards
each seat still held, hints asked for), and the hands won.  Over the table, the hand-over or the
match-over screen.  Its words are translated as it is drawn (:mod:`game.i18n`)."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext

from ..resources import elide, font, measure
from ..scene import Scene, dim
from ..widgets import ACCENT, INK, MUTED, Button, Form, label, panel


def hands_phrase(n: int) -> str:
    """``1 hand``, ``2 hands``."""
    return ngettext("{n} hand", "{n} hands", n).format(n=n)


def how_it_ended(winner: str, reason: str) -> str:
    """A hand of the sheet: ``Ravi went out``, ``Ravi stock ran out`` (``reason``: the engine's)."""
    if reason == "went_out":
        return _("{name} went out").format(name=winner)
    # Translators: the result column of the score sheet: the hand ended when the stock ran out.
    return _("{name} stock ran out").format(name=winner)


def sheet_rows(match) -> list[tuple[str, str, list[str]]]:
    """(hand, how it ended, one cell a seat) for every finished hand: the winner's cell says
    so; a stock-out shows each seat's score; each cell shows the cards left in hand."""
    names = [match.name(i) for i in range(match.players)]
    rows = []
    for h in match.sheet:
        winner = _("drawn hand") if h.winner is None else how_it_ended(names[h.winner], h.reason)
        cells = []
        for i in range(match.players):
            cell = "★ " if h.winner == i else ""
            if h.scores is not None:
                cell += f"{h.scores[i]:+d} · "
            cell += _("{n} left").format(n=h.cards_left[i])
            if h.hints and h.hints[i]:
                cell += " · " + ngettext("{n} hint", "{n} hints", h.hints[i]).format(n=h.hints[i])
            cells.append(cell)
        rows.append((str(h.hand + 1), winner, cells))
    return rows


def draw_sheet(scene: Scene, surf: pygame.Surface, match, box: pygame.Rect) -> None:
    """The sheet in ``box``: a header row of seats, a row a hand (the newest last; older rows
    give way when there is no room), and the hands won."""
    p, fs = scene.px, scene.fs
    n = match.players
    first_w = max(p(60), font(fs(18), True).size(_("Hand"))[0] + p(12))
    rows = sheet_rows(match)
    # the result column as wide as its longest words, where the seats' columns keep room for theirs
    widest = max([measure(how, fs(18))[0] + p(16) for _hand, how, _cells in rows] + [0])
    cells_w = max([measure(cell, fs(18))[0] + p(6) for *_rest, cells in rows for cell in cells] + [p(60)])
    how_w = max(min(p(260), box.w // 4), min(widest, box.w - first_w - p(20) - n * cells_w))
    col_w = (box.w - first_w - how_w - p(20)) // n
    x0 = box.x + p(10)
    y = box.y + p(8)
    label(surf, _("Hand"), (x0, y), fs(18), MUTED, True)
    label(surf, _("Result"), (x0 + first_w, y), fs(18), MUTED, True)
    for i in range(n):
        label(surf, elide(match.name(i), fs(18), col_w - p(8), True), (x0 + first_w + how_w + i * col_w, y), fs(18),
              MUTED, True)
    row_h = max(fs(18) + p(8), font(fs(18)).get_linesize() + 1)
    y += row_h
    room = max(1, (box.bottom - y - row_h - p(6)) // row_h)
    if len(rows) > room:
        earlier = len(rows) - room + 1
        label(surf, ngettext("… {n} hand earlier", "… {n} hands earlier", earlier).format(n=earlier), (x0, y),
              fs(18), MUTED)
        y += row_h
        rows = rows[len(rows) - room + 1:]
    if not rows:
        label(surf, _("No hand finished yet."), (x0, y), fs(18), MUTED)
        y += row_h
    for hand, how, cells in rows:
        label(surf, hand, (x0, y), fs(18), INK)
        label(surf, elide(how, fs(18), how_w - p(8)), (x0 + first_w, y), fs(18), INK)
        for i, cell in enumerate(cells):
            label(surf, elide(cell, fs(18), col_w - p(6)), (x0 + first_w + how_w + i * col_w, y), fs(18),
                  ACCENT if cell.startswith("★") else INK)
        y += row_h
    pygame.draw.line(surf, MUTED, (x0, y), (box.right - p(10), y), 1)
    y += p(6)
    label(surf, _("Hands won"), (x0, y), fs(18), INK, True)
    for i in range(n):
        label(surf, str(match.state.wins[i]), (x0 + first_w + how_w + i * col_w, y), fs(18), INK, True)


class ScoreSheetScene(Scene):
    name = "scoresheet"
    overlay = True

    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.form = Form([Button(_("Close"), self.app.pop, "Esc")])

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_s):
            self.app.pop()
            return
        self.form.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        dim(surf, 170)
        w, h = surf.get_size()
        p = self.px
        box = pygame.Rect(p(30), p(30), w - p(60), h - p(60))
        panel(surf, box, alpha=250, border=ACCENT)
        target = self.match.state.rules.target_wins
        head = (ngettext("Score sheet · first to {n} hand wins the match",
                         "Score sheet · first to {n} hands wins the match", target).format(n=target)
                if target else _("Score sheet"))
        label(surf, head, (box.centerx, box.y + p(14)), self.fs(28), ACCENT, True, "midtop")
        inner = pygame.Rect(box.x + p(10), box.y + p(64), box.w - p(20), box.h - p(150))
        draw_sheet(self, surf, self.match, inner)
        b = self.form.widgets[0]
        b.rect = pygame.Rect(box.centerx - p(130), box.bottom - p(70), p(260), p(50))
        self.form.draw(surf, self.fs(22))
