"""The result table of an Indian Rummy deal: why it ended, every player's groups (as shown or as
the engine arranged them, I7.5) and points, the running totals; then the next deal, or the end of
the game (I12).  From the menu during a deal it shows the totals and the deals played so far."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.i18n.names import shown_name
from game.indian13.state import ALL_DROPPED, DECLARED, FIRST_DROP, INVALID, INVALID_END, MIDDLE_DROP, VOID

from ..cardart import strip_width
from ..inhand.groups import meld_order
from ..inhand.results import DealResults, deal_headline
from ..resources import elide, font, text
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label
from .hand import INVALID as INVALID_GROUP
from .hand import PURE
from .hand import label as group_label
from .match import Indian13Match

SHORT = {"Pure sequence": N_("Pure seq."), "Sequence": N_("Seq.")}


SMALLEST = 11  # the groups' labels never in smaller type


def group_caption(name: str, size: int, room: int) -> tuple[str, int]:
    """The label of a group (its English key) in words as it fits in ``room`` pixels, and its type
    size: whole, else shortened, in ``size`` else a step smaller; cut off only when nothing fits."""
    forms = (_(name), _(SHORT.get(name, name)))
    for sz in dict.fromkeys((size, max(SMALLEST, size - 1))):
        for words in forms:
            if text(words, sz).get_width() <= room:
                return words, sz
    sz = max(SMALLEST, size - 1)
    return elide(forms[-1], sz, room), sz


def caption_need(name: str, size: int) -> int:
    """How wide a group's label must be at the least (its short form a step smaller)."""
    return text(_(SHORT.get(name, name)), max(SMALLEST, size - 1)).get_width()


OUT_WORDS = {FIRST_DROP: N_("First drop"), MIDDLE_DROP: N_("Middle drop"), INVALID: N_("Invalid declaration")}


def headline(match: Indian13Match) -> str:
    return deal_headline(match, {DECLARED: N_("{who} declared and won the deal"),
                                 ALL_DROPPED: N_("Everyone else dropped: {who} wins the deal"),
                                 VOID: N_("The stock ran out: the deal is void, nobody scores"),
                                 INVALID_END: N_("An invalid declaration ended the deal")})


class Results13Scene(DealResults):
    name = "results13"

    def headline(self) -> str:
        return headline(self.match)

    def subtitle(self) -> str:
        m = self.match
        if self.game_over:
            return self.game_over_words()
        limit = m.limit()
        if limit is not None:
            return _("Pool {limit}: a player reaching {limit} points is out").format(limit=limit)
        if m.rules.format == "deals":
            return _("Deal {deal} of {count}").format(deal=m.series.deals_played, count=m.rules.deal_count)
        return _("Points game: the winner collects the losers' points")

    def draw_rows(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        m = self.match
        s = m.state
        r = s.result if self.final else None
        p = self.px
        size = self.fs(18)
        this_deal, total = _("This deal"), _("Total")
        head = this_deal if text(this_deal, size, True).get_width() + p(16) <= p(120) else _("Deal")
        name_w = p(190)
        pts_w = total_w = max(p(120), text(total, size, True).get_width() + p(16))
        x_groups = box.x + p(16) + name_w
        x_pts = box.right - p(16) - total_w - pts_w
        y = box.y + p(10)
        label(surf, _("Player"), (box.x + p(16), y), size, MUTED, True)
        label(surf, _("Groups") if r is not None else "", (x_groups, y), size, MUTED, True)
        label(surf, head if r is not None else "", (x_pts, y), size, MUTED, True)
        label(surf, total, (box.right - p(16) - total_w, y), size, MUTED, True)
        y += size + p(10)
        table_seats = list(range(m.players))
        rows = max(1, len(table_seats))
        # rows as tall as the room allows (at least what a 1280x720 window gives them, when it fits)
        row_h = max(size + p(8), min(max(p(100), 70), (box.bottom - y - p(8)) // rows))
        small = max(11, self.fs(13))
        cw = max(p(22), min(max(p(46), 34), round((row_h - p(10) - font(small).get_linesize()) / 1.4)))
        scores = dict(zip(m.series.seat_map, m.deal_scores())) if r is not None else {}
        for seat in table_seats:
            deal_seat = m.deal_seat(seat) if seat in m.series.seat_map else None
            name = shown_name(m.series.seats[seat].name)
            winner = r is not None and deal_seat is not None and r.winner == deal_seat
            colour = GOOD if winner else INK
            label(surf, elide(name, size, name_w - p(10), True), (box.x + p(16), y + p(6)), size, colour, True)
            status, bad = self.status(seat, deal_seat)
            if status:
                label(surf, elide(status, self.fs(15), name_w - p(10)), (box.x + p(16), y + p(8) + size),
                      self.fs(15), BAD if bad else MUTED)
            if r is not None and deal_seat is not None:
                self.draw_groups(surf, r.groups[deal_seat], (x_groups, y + p(4)), cw, x_pts - x_groups - p(16))
                added = scores.get(seat, 0)  # what the deal added to the total beside it
                pool = m.limit() is not None  # a pool adds points a player wants to keep low: no sign
                gain = f"+{added}" if added > 0 and not pool else str(added)
                label(surf, gain, (x_pts, y + p(6)), size, GOOD if winner else INK, True)
            label(surf, f"{m.series.totals[seat]}", (box.right - p(16) - total_w, y + p(6)), size, ACCENT, True)
            y += row_h

    def status(self, seat: int, deal_seat: int | None) -> tuple[str, bool]:
        """How a seat stands, in words, and whether it is bad news (out of the pool, an invalid declaration)."""
        m = self.match
        if deal_seat is None:
            return _("out of the pool"), True
        out = m.state.out[deal_seat]
        if out is not None:
            return _(OUT_WORDS[out]), out == INVALID
        r = m.state.result if self.final else None
        if r is not None and r.winner == deal_seat:
            return _("winner"), False
        if m.series.eliminated[seat]:
            return _("out of the pool"), True
        return "", False

    def draw_groups(self, surf: pygame.Surface, groups, pos: tuple[int, int], cw: int, width: int) -> None:
        """One player's groups in a row, each with a small label, or a word when hidden (I9.4)."""
        from game.indian13.scoring import meld_rules

        p = self.px
        x, y = pos
        rules = meld_rules(self.match.state)
        if groups is None:
            label(surf, _("cards not shown"), (x, y + p(8)), self.fs(16), MUTED)
            return
        art = self.app.art
        gap = p(18)
        groups = [meld_order(g, self.match.state.wild) for g in groups]  # as melds are written
        overlaps = max(1, sum(len(g) - 1 for g in groups))
        small = max(SMALLEST, self.fs(13))
        kinds = [group_label(g, rules) for g in groups]  # the labels' English keys
        # a group is at least as wide as its label at the least (a label may reach into the gap after
        # it; the last one the end of the row)
        least = [caption_need(kind, small) + p(4) - gap for kind in kinds[:-1]] + [0]

        def spans(cw: int) -> tuple[int, list[int]]:  # the cards' step, and each group's width
            room = width - len(groups) * cw - gap * max(0, len(groups) - 1)
            step = max(strip_width(cw), min(round(cw * 0.8), room // overlaps))
            return step, [max(cw + step * (len(g) - 1), need) for g, need in zip(groups, least)]

        last = caption_need(kinds[-1], small) if groups else 0
        while cw > p(16):  # every card keeps its index strip (and a wild card its badge) in sight
            step, wide = spans(cw)
            if sum(wide) + gap * max(0, len(groups) - 1) + max(0, last - wide[-1] if wide else 0) <= width:
                break
            cw -= 1
        step, wide = spans(cw)
        end = pos[0] + width
        for n, (g, kind) in enumerate(zip(groups, kinds)):
            if x > end - cw:
                break
            for i, k in enumerate(g):
                art.draw_face(surf, (x + i * step, y + font(small).get_linesize() + p(2)), k, cw,
                              wild=self.match.state.wild[k])
            room = wide[n] + gap - p(4) if n < len(groups) - 1 else max(wide[n] + gap - p(4), end - x)
            words, sz = group_caption(kind, small, room)
            label(surf, words, (x, y), sz, GOOD if kind == PURE else BAD if kind == INVALID_GROUP else MUTED)
            x += wide[n] + gap
