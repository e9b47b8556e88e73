"""The results of a Marriage deal (M10, M11, M12): how the deal ended, the tiplu and its jokers
(public now, M13), every seat's maal cards, maal, game points and net, the running totals, the
winner's finishing groups; then the next deal, the replay (and the review when the game's bots have
one), or the end of the game with its winners.  From the menu during a deal it shows the totals
and the deals played so far."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.i18n.names import shown_name
from game.marriage.deck import KIND, jokers_of
from game.marriage.state import ALL_OUT, DECLARED, DUBLEES, INVALID_FINISH, VOID

from ..cardart import card_height, strip_width
from ..inhand.results import DealResults, deal_headline
from ..resources import elide, text
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, label
from ..wording import card_text
from .hand import SEEN_WORDS, cards_words
from .hand import label as group_label
from .layout import rows_of
from .match import MarriageMatch


def headline(match: MarriageMatch) -> str:
    return deal_headline(match, {DECLARED: N_("{who} finished with seven combinations"),
                                 DUBLEES: N_("{who} finished with eight dublees"),
                                 ALL_OUT: N_("Everyone else finished invalidly: {who} wins"),
                                 VOID: N_("The stock ran out: the deal is void")})


def cards_of(name: str) -> str:
    """``Your cards`` for the person called You (the seat's stored name), else ``Meena's cards``."""
    return _("Your cards") if name == "You" else _("{name}'s cards").format(name=shown_name(name))


def maal_cards(state, seat: int) -> list[int]:
    """The maal cards a seat kept (M10): its exposed tunnelas (each scores, of ordinary cards too:
    M10.1), then its tiplu, poplu and jhiplu, as kinds (the finish card is not kept)."""
    if state.tiplu is None:
        return []
    j = jokers_of(KIND[state.tiplu])
    kept = [KIND[c] for c in state.hands[seat]] + [KIND[c] for g in state.shown[seat] for c in g]
    exposed = [KIND[c] for g in state.exposed[seat] for c in g]
    return exposed + sorted((k for k in kept if k in j.maal), key=j.maal.index)


class MarriageResultsScene(DealResults):
    name = "marriage_results"

    def headline(self) -> str:
        return headline(self.match)

    def subtitle(self) -> str:
        m = self.match
        if self.game_over:
            return self.game_over_words(highest_total=True)
        if m.rules.format == "deals":
            return _("Deal {deal} of {count} · the highest total wins").format(deal=m.series.deals_played,
                                                                                count=m.rules.deal_count)
        return _("One deal: each seat settles its net")

    def status(self, seat: int) -> tuple[str, tuple]:
        s = self.match.state
        r = s.result if self.final else None
        if r is not None and r.winner == seat:
            return _("winner"), GOOD
        if s.out[seat] == INVALID_FINISH:
            return _("invalid finish"), BAD
        return _(SEEN_WORDS[s.seen[seat]]), MUTED

    def tiplu_words(self) -> str:
        s = self.match.state
        if s.tiplu is None:
            return _("Nobody saw the maal: no tiplu was turned up.")
        j = jokers_of(KIND[s.tiplu])
        return _("Tiplu {tiplu} · poplu {poplu} · jhiplu {jhiplu} · the other jokers: {cards}").format(
            tiplu=card_text(j.tiplu), poplu=card_text(j.poplu), jhiplu=card_text(j.jhiplu),
            cards=cards_words(sorted(j.ordinary)))

    # --- drawing -------------------------------------------------------------------------------

    def draw_rows(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        m = self.match
        s = m.state
        r = s.result if self.final else None
        p = self.px
        size = self.fs(18)
        small = max(11, self.fs(15))
        y = box.y + p(10)
        if r is not None:
            tip = elide(self.tiplu_words(), size, box.w - p(32))
            label(surf, tip, (box.x + p(16), y), size, ACCENT, True)
            y += size + p(12)
        money = r is not None and m.rules.point_value != 1
        heads = [N_("Maal"), N_("Game"), N_("Net"), N_("Total")] + ([N_("Money")] if money else [])  # English keys
        col_w = max(p(110), max(text(_(h_), size, True).get_width() for h_ in heads) + p(24))
        x_cols = [box.right - p(16) - col_w * (len(heads) - i) for i in range(len(heads))]
        # the names' column as wide as its words need (a long status), the maal cards keeping room for a few
        words_w = max(max(text(self.status(seat)[0], small).get_width(),
                          text(shown_name(m.series.seats[seat].name), size, bold=True).get_width())
                      for seat in range(m.players)) + p(10)
        name_w = max(p(190), 90, min(words_w, x_cols[0] - p(16) - box.x - p(16) - max(p(160), 80)))
        x_cards = box.x + p(16) + name_w
        label(surf, _("Player"), (box.x + p(16), y), size, MUTED, True)
        if r is not None:
            label(surf, _("Maal cards"), (x_cards, y), size, MUTED, True)
        for x, words in zip(x_cols, heads):
            if r is not None or words == "Total":
                label(surf, _(words), (x, y), size, MUTED, True)
        y += size + p(8)
        winner_band = self.winner_height(box.w - p(32)) + p(6) if r is not None else 0
        rows = m.players
        row_h = max(size + small + p(12), min(p(80), (box.bottom - y - winner_band - p(8)) // rows))
        cw = max(26, min(p(40), round((row_h - p(8)) / 1.4)))
        for seat in range(rows):
            winner = r is not None and r.winner == seat
            name = shown_name(m.series.seats[seat].name)
            label(surf, elide(name, size, name_w - p(10), True), (box.x + p(16), y + p(4)),
                  size, GOOD if winner else INK, True)
            words, colour = self.status(seat)
            label(surf, elide(words, small, name_w - p(10)), (box.x + p(16), y + p(8) + size), small, colour)
            if r is not None:
                cards = maal_cards(s, seat)
                self.draw_cards(surf, cards, (x_cards, y + p(2)), cw, x_cols[0] - x_cards - p(16))
                if not cards:
                    label(surf, _("none"), (x_cards, y + p(6)), small, MUTED)
                values = [r.maal[seat], r.game_points[seat] if not winner else -sum(r.game_points),
                          r.net[seat], m.series.totals[seat]]
                texts = [str(values[0]), "—" if r.reason == VOID else (f"+{-values[1]}" if winner else
                                                                        f"-{values[1]}" if values[1] else "0"),
                         f"{values[2]:+d}" if values[2] else "0", str(values[3])]
                if money:
                    texts.append(f"{r.net[seat] * m.rules.point_value:+.2f}")
                for i, (x, words) in enumerate(zip(x_cols, texts)):
                    label(surf, words, (x, y + p(4)), size, ACCENT if i == 3 else (GOOD if winner else INK), True)
            else:
                label(surf, str(m.series.totals[seat]), (x_cols[-1], y + p(4)), size, ACCENT, True)
            y += row_h
        if winner_band:
            self.draw_winner(surf, pygame.Rect(box.x + p(16), y + p(6), box.w - p(32), winner_band - p(6)))

    def draw_cards(self, surf: pygame.Surface, kinds: list[int], pos: tuple[int, int], cw: int, width: int) -> None:
        step = strip_width(cw)
        x, y = pos
        for k in kinds:
            if x + cw > pos[0] + width:
                break
            self.app.art.draw_face(surf, (x, y), k, cw, wild=True)
            x += step

    def winner_items(self) -> list[tuple[list[int], str]]:
        """The winner's groups: those it laid (exposed tunnelas, what it showed to see the maal),
        then those it finished with as it declared them, each with its label (an English key,
        translated where drawn), and the finish card."""
        s = self.match.state
        r = s.result
        if r is None or r.winner is None:
            return []
        w = r.winner
        tiplu = None if s.tiplu is None else KIND[s.tiplu]
        wilds = s.rules.max_wilds_per_combo
        items = [([KIND[c] for c in g], N_("Exposed")) for g in s.exposed[w]]
        items += [([KIND[c] for c in g], group_label([KIND[c] for c in g], tiplu, wilds)) for g in s.shown[w]]
        items += [(list(g), group_label(g, tiplu, wilds)) for g in (r.groups[w] or ())]
        if s.finish is not None:
            items.append(([KIND[s.finish]], N_("Finish card")))
        return items

    def winner_layout(self, width: int) -> tuple[int, list[int], list[list[int]]]:
        """The card width, each item's span and the rows of items of the winner's band."""
        items = self.winner_items()
        size = max(11, self.fs(15))
        cw = max(36, self.px(50))
        step = strip_width(cw)
        spans = [max(cw + step * (len(g) - 1), text(_(name), size).get_width()) for g, name in items]
        return cw, spans, rows_of(spans, width, self.px(14))

    def winner_height(self, width: int) -> int:
        if not self.winner_items():
            return 0
        cw, _, rows = self.winner_layout(width)
        size = max(11, self.fs(15))
        return size + self.px(6) + len(rows) * (size + self.px(4) + card_height(cw) + self.px(8))

    def draw_winner(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        s = self.match.state
        p = self.px
        size = max(11, self.fs(15))
        tiplu = None if s.tiplu is None else KIND[s.tiplu]
        wild = jokers_of(tiplu).wild if tiplu is not None else (False,) * 52
        items = self.winner_items()
        label(surf, cards_of(self.match.stored_name(s.result.winner)), (area.x, area.y), size, MUTED, True)
        cw, spans, rows = self.winner_layout(area.w)
        step = strip_width(cw)
        y = area.y + size + p(6)
        for row in rows:
            x = area.x
            for i in row:
                g, name = items[i]
                colour = GOOD if name in ("Tunnela", "Pure sequence", "Dublee", "Exposed") else \
                    MUTED if name == "Finish card" else INK
                label(surf, _(name), (x, y), size, colour)
                for j, k in enumerate(g):
                    self.app.art.draw_face(surf, (x + j * step, y + size + p(4)), k, cw, wild=wild[k])
                x += spans[i] + p(14)
            y += size + p(4) + card_height(cw) + p(8)
