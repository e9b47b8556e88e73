"""The results of a 21-card Indian Rummy deal (T10-T12, T14): how the deal ended, the cut joker and
its value cards, then a row a player: what it paid (its count, a drop or a wrong show), its value
points, its net for the deal and its running total, and under it the groups it was judged on
(written as cards, each group edged in its label's colour, wild cards on gold); then the next deal,
the replay (and the review when the game's bots have one), or the end of the game with its
winners.  From the menu during a deal it shows the totals and the deals played so far."""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.i18n.names import shown_name
from game.indian21.deck import KIND
from game.indian21.state import ALL_DROPPED, DECLARED, FIRST_DROP, INVALID, INVALID_END, MIDDLE_DROP, VOID

from ..cardart import GOLD
from ..inhand.groups import meld_order
from ..inhand.results import DealResults, deal_headline
from ..resources import elide, font, text, wrap
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label, panel
from ..wording import card_text
from .hand import (
    DUBLEE,
    JOKERS,
    PURE,
    SEQUENCE,
    SET,
    TUNNELA,
    cut_words,
    marriages,
    role_words,
    show_verdict,
    value_roles,
)
from .hand import INVALID as INVALID_LABEL
from .hand import label as group_label
from .match import Indian21Match
from .view import MARK_COLOUR

OUT_WORDS = {FIRST_DROP: N_("first drop"), MIDDLE_DROP: N_("middle drop"), INVALID: N_("wrong show")}
EDGES = {PURE: GOOD, TUNNELA: GOOD, SEQUENCE: (170, 220, 250), SET: (170, 220, 250), DUBLEE: (200, 190, 250),
         JOKERS: ACCENT, INVALID_LABEL: (200, 110, 100)}
SUIT_INK = ((235, 235, 235), (255, 150, 140), (255, 150, 140), (235, 235, 235))  # spades, hearts, diamonds, clubs


def headline(match: Indian21Match) -> str:
    return deal_headline(match, {DECLARED: N_("{who} showed and won the deal"),
                                 ALL_DROPPED: N_("Everyone else is out: {who} wins the deal"),
                                 VOID: N_("The stock ran out: the deal is void, nobody scores"),
                                 INVALID_END: N_("A wrong show ended the deal")})


class Results21Scene(DealResults):
    name = "results21"
    MARGINS = (20, 84, 68)

    def headline(self) -> str:
        return headline(self.match)

    def subtitle(self) -> str:
        m = self.match
        if self.game_over and m.rules.format == "deals":
            return self.game_over_words(highest_total=True)
        if m.rules.format == "deals":
            return _("Deal {deal} of {count} · the highest total wins").format(deal=m.series.deals_played,
                                                                                count=m.rules.deal_count)
        return _("One deal: the winner collects the counts; value points settle between the players still in")

    def status(self, seat: int) -> tuple[str, tuple]:
        """What became of a seat this deal, in words."""
        s = self.match.state
        r = s.result if self.final else None
        if r is None:
            return "", MUTED
        if r.winner == seat:
            groups = r.groups[seat]
            if r.reason == DECLARED and groups is not None:
                return _("winner: {way}").format(way=show_verdict(groups, s).words), GOOD
            return _("winner"), GOOD
        if s.out[seat] is not None:
            return _(OUT_WORDS[s.out[seat]]), BAD
        if r.reason == VOID:
            return "", MUTED
        if r.reason == DECLARED and s.rules.half_rule and not s.has_drawn[seat]:
            return _("had not played: pays half"), MUTED
        return "", MUTED

    def jokers_line(self) -> str:
        s = self.match.state
        words = _("Cut joker {card}").format(card=card_text(KIND[s.cut_joker])) + f" · {cut_words(s)}"
        roles = role_words(s)
        return words + (f" · {roles}" if roles else "")

    # --- drawing -------------------------------------------------------------------------------

    def columns(self, box: pygame.Rect, size: int, money: bool) -> tuple[list[str], list[int]]:
        """The columns' heads (English keys, translated where drawn) and where each begins."""
        heads = [N_("Paid"), N_("Value"), N_("Net"), N_("Total")] + ([N_("Money")] if money else [])
        col_w = max(self.px(104), max(text(_(x), size, INK, True).get_width() for x in heads) + self.px(20))
        return heads, [box.right - self.px(12) - col_w * (len(heads) - i) for i in range(len(heads))]

    def draw_rows(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        m = self.match
        s = m.state
        r = s.result if self.final else None
        p = self.px
        size = max(12, self.fs(18))
        x0 = box.x + p(14)
        y = box.y + p(8)
        if r is not None:
            small = max(11, self.fs(16))
            for line in wrap(self.jokers_line(), small, box.w - p(28), True):
                label(surf, line, (x0, y), small, ACCENT, True)
                y += font(small, True).get_linesize()
            y += p(6)
        money = r is not None and m.rules.point_value != 1
        heads, xs = self.columns(box, size, money)
        label(surf, _("Player"), (x0, y), size, MUTED, True)
        for x, words in zip(xs, heads):
            if r is not None or words == "Total":
                label(surf, _(words), (x, y), size, MUTED, True)
        y += size + p(8)
        rows = m.players
        small = max(11, self.fs(15))
        under = [self.status_under(seat, box, xs[0], size) for seat in range(rows)]
        below = sum(len(lines) * font(small).get_linesize() + p(4) for lines in under if lines)
        chips = self.chip_plan(box, r, box.bottom - p(6) - y - below, size)
        for seat in range(rows):
            winner = r is not None and r.winner == seat
            name_w = xs[0] - x0 - p(10)
            name = shown_name(m.series.seats[seat].name)
            label(surf, elide(name, size, name_w // 2, True), (x0, y), size,
                  GOOD if winner else INK, True)
            words, colour = self.status(seat)
            if words and not under[seat]:
                nx = x0 + min(name_w // 2, text(name, size, INK, True).get_width()) + p(12)
                label(surf, words, (nx, y + font(size, True).get_linesize() // 2), small, colour, anchor="midleft")
            if r is not None:
                values = [r.points[seat], r.value[seat], m.deal_scores()[seat], m.series.totals[seat]]
                texts = ["—" if r.reason == VOID else ("0" if winner else str(values[0])),
                         str(values[1]) if s.out[seat] is None and r.reason != VOID else "—",
                         f"{values[2]:+d}" if values[2] else "0", str(values[3])]
                if money:
                    texts.append(f"{values[2] * m.rules.point_value:+.2f}")
                for i, (x, t) in enumerate(zip(xs, texts)):
                    colour = ACCENT if i == 3 else GOOD if winner else INK
                    label(surf, t, (x, y), size, colour, True)
            else:
                label(surf, str(m.series.totals[seat]), (xs[-1], y), size, ACCENT, True)
            y += font(size, True).get_linesize() + p(4)
            for line in under[seat]:  # words too long for the room beside the name: lines of their own
                label(surf, line, (x0 + p(12), y), small, colour)
                y += font(small).get_linesize()
            y += p(4) if under[seat] else 0
            if chips is not None:
                y = self.draw_chips(surf, seat, pygame.Rect(x0, y, box.right - p(14) - x0, 0), chips) + p(6)

    def status_under(self, seat: int, box: pygame.Rect, numbers_x: int, size: int) -> list[str]:
        """What became of a seat, wrapped on lines of its own under its row when it does not fit
        between the name and the numbers (a long verdict, a long translation); none when it does."""
        words = self.status(seat)[0]
        if not words:
            return []
        p, small = self.px, max(11, self.fs(15))
        x0 = box.x + p(14)
        name_w = numbers_x - x0 - p(10)
        name = shown_name(self.match.series.seats[seat].name)
        nx = x0 + min(name_w // 2, text(name, size, INK, True).get_width()) + p(12)
        if font(small).size(words)[0] <= numbers_x - nx - p(8):
            return []
        return wrap(words, small, box.right - p(14) - x0 - p(12))

    def seat_groups(self, seat: int) -> list[tuple[int, ...]] | None:
        """The groups a seat was judged on (as shown, or as the table grouped them), written as
        melds read; ``None`` for a hand not shown (a drop, a wrong show when play went on)."""
        s = self.match.state
        r = s.result
        groups = None if r is None else r.groups[seat]
        if groups is None:
            return None
        wild = s.wild
        return [tuple(KIND[c] for c in meld_order(_ids(g), wild)) for g in groups]

    def chip_plan(self, box: pygame.Rect, r, room: int, size: int) -> int | None:
        """The font size of the groups under each row: the largest from 15 down to 11 (at 1280x720)
        at which every row's groups fit the room; ``None`` when there is no result to show."""
        if r is None:
            return None
        width = box.w - self.px(28)
        for chip in range(max(11, self.fs(16)), 10, -1):
            line = font(size, True).get_linesize() + self.px(4)
            need = sum(line + self.chip_lines(seat, width, chip) * (chip + self.px(8)) + self.px(6)
                       for seat in range(self.match.players))
            if need <= room:
                return chip
        return 11

    def chip_spans(self, seat: int, chip: int) -> list[tuple[tuple[int, ...], str, int]]:
        """A seat's groups with their labels and the width of each chip (as :meth:`draw_chips` draws it)."""
        s = self.match.state
        groups = self.seat_groups(seat)
        if groups is None:
            return []
        return [(g, group_label(g, s.meld_rules), chip_width(g, chip)) for g in groups if g]

    def chip_lines(self, seat: int, width: int, chip: int) -> int:
        spans = self.chip_spans(seat, chip)
        if not spans:
            return 1
        lines, x = 1, 0
        gap = max(4, self.px(8))
        for _group, _name, w in spans:
            if x and x + gap + w > width:
                lines, x = lines + 1, 0
            x += (gap if x else 0) + w
        return lines

    def draw_chips(self, surf: pygame.Surface, seat: int, area: pygame.Rect, chip: int) -> int:
        """A seat's groups as chips of card words in rows across ``area``; returns the y under them."""
        s = self.match.state
        spans = self.chip_spans(seat, chip)
        h = chip + max(4, chip // 3) + 2
        y = area.y
        if not spans:
            out = s.out[seat]
            words = (_("cards not shown") if out is not None or s.result.reason == ALL_DROPPED
                     else _("no cards counted") if s.result.reason == VOID else "")
            label(surf, words, (area.x, y + 1), chip, MUTED)
            return y + h
        gap = max(4, self.px(8))
        x = area.x
        married = marriages([k for g, _name, _w in spans for k in g], s)
        values = value_roles(s)
        for g, name, w in spans:
            if x > area.x and x + w > area.right:
                x, y = area.x, y + h + self.px(4)
            rect = pygame.Rect(x, y, w, h)
            panel(surf, rect, (34, 70, 56), 255, radius=max(3, chip // 3), border=EDGES.get(name, MUTED))
            tx = x + chip_pad(chip)
            for k in g:
                spot = token(k, chip, s.wild[k]).get_rect(midleft=(tx, rect.centery))
                if s.wild[k]:
                    pygame.draw.rect(surf, GOLD, spot.inflate(2, 0), border_radius=3)
                if k in values:  # a value card: the purple of its mark at the table, under it
                    pygame.draw.line(surf, MARK_COLOUR, (spot.x, spot.bottom - 1), (spot.right, spot.bottom - 1), 2)
                label(surf, card_text(k), spot.topleft, chip, token_ink(k, s.wild[k]), True)
                tx = spot.right + space(chip)
            x += w + gap
        if married:
            tag = ngettext("{n} marriage", "{n} marriages", married).format(n=married)
            if x + text(tag, chip, ACCENT).get_width() <= area.right:
                label(surf, tag, (x, y + 1), chip, ACCENT)
        return y + h


def chip_pad(size: int) -> int:
    return max(3, size // 3)


def token_ink(kind: int, wild: bool) -> tuple:
    """One card written in a chip: dark on the gold of a wild card, else in its suit's light ink."""
    return (20, 20, 20) if wild else SUIT_INK[kind // 13] if kind < 52 else INK


def token(kind: int, size: int, wild: bool) -> pygame.Surface:
    return text(card_text(kind), size, token_ink(kind, wild), True)


def space(size: int) -> int:
    return text(" ", size, INK, True).get_width()


def chip_width(group, size: int) -> int:
    """The width of a group's chip: its cards written with a space between, and a pad each side."""
    return (sum(token(k, size, False).get_width() for k in group) + space(size) * (len(group) - 1)
            + 2 * chip_pad(size))


def _ids(kinds) -> list[int]:
    """Kinds as card ids for :func:`meld_order`: each copy of a kind from another deck."""
    seen: dict[int, int] = {}
    out = []
    for k in kinds:
        out.append(k + 54 * seen.get(k, 0))
        seen[k] = seen.get(k, 0) + 1
    return out
