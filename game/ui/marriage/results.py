"""The results of a Marriage deal (M10, M11, M12): how the deal ended, the tiplu and its jokers
(public now, M13), every seat's maal cards, maal, game points and net, the running totals, the
winner's finishing groups; then the next deal, the replay (and the review when the game's bots have
one), or the end of the game with its winners.  From the menu during a deal it shows the totals
and the deals played so far."""

from __future__ import annotations

import pygame

from game.core.cards import kind_pretty
from game.marriage.deck import KIND, jokers_of
from game.marriage.state import ALL_OUT, DECLARED, DUBLEES, INVALID_FINISH, OVER, VOID

from ..cardart import card_height, strip_width
from ..resources import elide, text
from ..scene import Scene, felt, title_bar
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, Button, Form, label, panel
from .hand import SEEN_WORDS, cards_words
from .hand import label as group_label
from .layout import rows_of
from .match import MarriageMatch


def headline(match: MarriageMatch) -> str:
    r = match.state.result
    if r is None:
        n = match.series.deals_played
        return f"After {n} deal{'s' if n != 1 else ''}"
    who = None if r.winner is None else match.name(r.winner)
    return {DECLARED: f"{who} finished with seven combinations",
            DUBLEES: f"{who} finished with eight dublees",
            ALL_OUT: f"Everyone else finished invalidly: {who} wins",
            VOID: "The stock ran out: the deal is void"}.get(r.reason, "The deal is over")


def possessive(name: str) -> str:
    """"Your" for the person called You, else "Meena's"."""
    return "Your" if name == "You" else f"{name}'s"


def maal_cards(state, seat: int) -> list[int]:
    """The maal cards a seat kept (M10): its exposed tunnelas of maal, then its tiplu, poplu and
    jhiplu, as kinds (the finish card is not kept)."""
    if state.tiplu is None:
        return []
    j = jokers_of(KIND[state.tiplu])
    kept = [KIND[c] for c in state.hands[seat]] + [KIND[c] for g in state.shown[seat] for c in g]
    exposed = [KIND[c] for g in state.exposed[seat] for c in g if j.role[KIND[c]] is not None]
    return exposed + sorted((k for k in kept if k in j.maal), key=j.maal.index)


class MarriageResultsScene(Scene):
    name = "marriage_results"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match: MarriageMatch = table.match
        self.final = self.game_over = False
        self.form = Form([])
        self.build()
        r = self.match.state.result
        if self.final and r is not None and r.winner is not None and self.match.is_human(r.winner):
            app.sounds.play("win")

    def mode(self) -> tuple[bool, bool]:
        """(the deal is over, the game is over), as the match stands now."""
        final = self.match.state.phase == OVER
        return final, final and self.match.series.over

    def build(self) -> None:
        """The buttons for the match as it stands (a stale results screen, one left under another
        whose Next deal already dealt, offers what is possible now, never a button that fails)."""
        self.final, self.game_over = self.mode()
        doc = self.match.last_replay if self.final else None
        replay = [Button("Replay", self.replay, "P")] if doc is not None else []
        reviewer = self.app.games[self.match.game].bots.review
        review = [Button("Review", self.review, "R")] if doc is not None and reviewer is not None else []
        if not self.final:
            buttons = [Button("Back", self.back, "Esc")]
        elif self.game_over:
            buttons = [Button("New game", self.new_game, "Enter"), *replay, *review,
                       Button("Title", self.to_title, "Esc")]
        else:
            buttons = [Button("Next deal", self.next_deal, "Enter"), *replay, *review,
                       Button("Menu", self.table.open_menu, "Esc")]
        self.form = Form(buttons)

    def update(self, dt: float) -> None:
        if self.mode() != (self.final, self.game_over):
            self.build()

    # --- buttons -------------------------------------------------------------------------------

    def back(self) -> None:
        self.app.pop()

    def viewer(self) -> int:
        seat = self.table.viewer
        return seat if seat is not None else (self.match.humans or [0])[0]

    def replay(self) -> None:
        if self.match.last_replay is not None:
            self.app.open("replay", self.match.last_replay, seat=self.viewer())

    def review(self) -> None:
        if self.match.last_replay is not None:
            self.app.open("review", self.match.last_replay, self.viewer())

    def next_deal(self) -> None:
        final, game_over = self.mode()
        if not final:  # the next deal is already dealt (this screen was left under another one)
            self.app.pop()
        elif game_over:  # the game ended meanwhile: offer its end instead
            self.build()
        else:
            self.app.pop()
            self.table.start_next_deal()

    def new_game(self) -> None:
        self.app.drop_save()
        self.app.reset_to(self.app.make("title"))
        self.app.open("newgame")

    def to_title(self) -> None:
        self.app.drop_save()
        self.app.reset_to(self.app.make("title"))

    def handle(self, event: pygame.event.Event) -> None:
        if self.mode() != (self.final, self.game_over):
            self.build()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.widgets[-1].activate()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.form.widgets[0].activate()
            return
        if event.type == pygame.KEYDOWN:
            for button in self.form.widgets:
                if getattr(button, "key", None) and button.key.lower() == pygame.key.name(event.key):
                    button.activate()
                    return
        self.form.handle(event)

    # --- words ---------------------------------------------------------------------------------

    def subtitle(self) -> str:
        m = self.match
        if self.game_over:
            names = [m.series.seats[s].name for s in m.winners()]
            one = len(names) == 1 and names[0] != "You"
            return f"Game over: {' and '.join(names)} win{'s' if one else ''} (highest total)"
        if m.rules.format == "deals":
            return f"Deal {m.series.deals_played} of {m.rules.deal_count} · the highest total wins"
        return "One deal: each seat settles its net"

    def status(self, seat: int) -> tuple[str, tuple]:
        s = self.match.state
        r = s.result if self.final else None
        if r is not None and r.winner == seat:
            return "winner", GOOD
        if s.out[seat] == INVALID_FINISH:
            return "invalid finish", BAD
        return SEEN_WORDS[s.seen[seat]], MUTED

    def tiplu_words(self) -> str:
        s = self.match.state
        if s.tiplu is None:
            return "Nobody saw the maal: no tiplu was turned up."
        j = jokers_of(KIND[s.tiplu])
        return (f"Tiplu {kind_pretty(j.tiplu)} · poplu {kind_pretty(j.poplu)} · jhiplu {kind_pretty(j.jhiplu)}"
                f" · the other jokers: {cards_words(sorted(j.ordinary))}")

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        top = title_bar(surf, self, headline(self.match), self.subtitle())
        w, h = surf.get_size()
        p = self.px
        box = pygame.Rect(p(30), top, w - p(60), h - top - p(90))
        panel(surf, box, alpha=220)
        self.draw_rows(surf, box)
        n = len(self.form.widgets)
        bw = min(p(280), (w - p(40)) // n - p(20))
        x0 = w // 2 - (n * bw + (n - 1) * p(20)) // 2
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(x0 + i * (bw + p(20)), h - p(70), bw, p(50))
        self.form.draw(surf, self.fs(22))

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
        heads = ["Maal", "Game", "Net", "Total"] + (["Money"] if money else [])
        col_w = max(p(110), max(text(h_, size, True).get_width() for h_ in heads) + p(24))
        x_cols = [box.right - p(16) - col_w * (len(heads) - i) for i in range(len(heads))]
        name_w = max(p(190), 90)
        x_cards = box.x + p(16) + name_w
        label(surf, "Player", (box.x + p(16), y), size, MUTED, True)
        if r is not None:
            label(surf, "Maal cards", (x_cards, y), size, MUTED, True)
        for x, words in zip(x_cols, heads):
            if r is not None or words == "Total":
                label(surf, words, (x, y), size, MUTED, True)
        y += size + p(8)
        winner_band = self.winner_height(box.w - p(32)) + p(6) if r is not None else 0
        rows = m.players
        row_h = max(size + small + p(12), min(p(80), (box.bottom - y - winner_band - p(8)) // rows))
        cw = max(26, min(p(40), round((row_h - p(8)) / 1.4)))
        for seat in range(rows):
            winner = r is not None and r.winner == seat
            label(surf, elide(m.series.seats[seat].name, size, name_w - p(10), True), (box.x + p(16), y + p(4)),
                  size, GOOD if winner else INK, True)
            words, colour = self.status(seat)
            label(surf, elide(words, small, name_w - p(10)), (box.x + p(16), y + p(8) + size), small, colour)
            if r is not None:
                cards = maal_cards(s, seat)
                self.draw_cards(surf, cards, (x_cards, y + p(2)), cw, x_cols[0] - x_cards - p(16))
                if not cards:
                    label(surf, "none", (x_cards, y + p(6)), small, MUTED)
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
        then those it finished with as it declared them, each with its label, and the finish card."""
        s = self.match.state
        r = s.result
        if r is None or r.winner is None:
            return []
        w = r.winner
        tiplu = None if s.tiplu is None else KIND[s.tiplu]
        wilds = s.rules.max_wilds_per_combo
        items = [([KIND[c] for c in g], "Exposed") for g in s.exposed[w]]
        items += [([KIND[c] for c in g], group_label([KIND[c] for c in g], tiplu, wilds)) for g in s.shown[w]]
        items += [(list(g), group_label(g, tiplu, wilds)) for g in (r.groups[w] or ())]
        if s.finish is not None:
            items.append(([KIND[s.finish]], "Finish card"))
        return items

    def winner_layout(self, width: int) -> tuple[int, list[int], list[list[int]]]:
        """The card width, each item's span and the rows of items of the winner's band."""
        items = self.winner_items()
        size = max(11, self.fs(15))
        cw = max(36, self.px(50))
        step = strip_width(cw)
        spans = [max(cw + step * (len(g) - 1), text(name, size).get_width()) for g, name in items]
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
        label(surf, possessive(self.match.name(s.result.winner)) + " cards", (area.x, area.y), size, MUTED, True)
        cw, spans, rows = self.winner_layout(area.w)
        step = strip_width(cw)
        y = area.y + size + p(6)
        for row in rows:
            x = area.x
            for i in row:
                g, name = items[i]
                colour = GOOD if name in ("Tunnela", "Pure sequence", "Dublee", "Exposed") else \
                    MUTED if name == "Finish card" else INK
                label(surf, name, (x, y), size, colour)
                for j, k in enumerate(g):
                    self.app.art.draw_face(surf, (x + j * step, y + size + p(4)), k, cw, wild=wild[k])
                x += spans[i] + p(14)
            y += size + p(4) + card_height(cw) + p(8)
