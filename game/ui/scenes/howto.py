"""How to play: the rules in plain words, with drawn examples (one page at a time).  Opened from
the table's "?" on the page of the rule a message is about, with the message on top."""

from __future__ import annotations

import pygame

from game.vazhushal import parse_kind

from ..cardart import card_height
from ..indian13.rulebook import PAGES as INDIAN_PAGES
from ..resources import wrap
from ..widgets import ACCENT, INK, MUTED, Button, label, panel
from .base import FormScene

# (title, text, [(caption, cards, wild cards)])
PAGES = [
    ("Melds", "Everyone gets 13 cards. Lay your cards down in melds; the first to meld all but one card and "
     "discard the last goes out and wins the hand.\nA sequence is 3 or more cards of one suit in order; the "
     "ace is low (A-2-3) or high (Q-K-A), never both. A set is 3 or 4 cards of one rank, all of different "
     "suits. A pure sequence has no card used as a wild.",
     [("pure sequence", "5H 6H 7H 8H", ""), ("set", "7S 7H 7C", ""), ("sequence with a joker", "9C JK JC", "JK")]),
    ("Wild cards", "The bottom card of the stock is turned face up: the negative joker. Cards of its rank and the "
     "OTHER colour are wild, and so are the printed jokers. A wild stands for any card; every meld needs at "
     "least one natural card. Wild cards carry a gold W badge everywhere.\nA wild card used as itself, in its own "
     "place, is natural: 8♥ 9♥ 10♥ is still pure with red 8s wild.",
     [("negative joker 8♣", "8C", ""), ("so these are wild", "8H 8D JK", "8H 8D JK"),
      ("still pure", "8H 9H 10H", "8H")]),
    ("A turn", "1. Draw the top card of the stock, or wipe cards from the discard line (next page).\n"
     "2. Meld as much as you like: new melds, add cards to your melds, rearrange your own melds.\n"
     "3. Discard one card onto the newest end of the line. Every turn ends with a discard, so keep one card.\n"
     "Cards once melded stay on your table. You never touch another player's melds.",
     [("draw", "", ""), ("meld", "QS KS AS", ""), ("discard", "4D", "")]),
    ("The wipe", "The discard line stays in order, every card visible. You may take any card of it together with "
     "every newer card. The deepest card you take must at once start a NEW meld, with cards from your hand "
     "and/or the other cards taken. The rest go to your hand.\nExample (oldest first): line 6♦ Q♠ J♠ K♦ 9♠, "
     "your hand 8♠ 10♠ 6♣ 6♥, no melds yet. You may take the 9♠ for 8♠ 9♠ 10♠, or go down to the J♠ for "
     "8♠ 9♠ 10♠ J♠ — but not to the 6♦ for a set of 6s: a first meld must be a pure sequence.",
     [("the line, oldest first", "6D QS JS KD 9S", ""), ("your hand", "8S 10S 6C 6H", ""),
      ("wipe to the J♠", "8S 9S 10S JS", "")]),
    ("First meld, dealt wild", "Your first meld of the hand must be a pure sequence, and your melds must "
     "always include one. Before your first meld there are two ways to wipe: the new meld is a pure "
     "sequence holding the deepest card, or you first lay down a pure sequence from your hand — the only "
     "meld allowed before drawing — and then wipe for any legal meld.\nThe first card of the line, when "
     "it is wild, may be taken only as itself in a pure sequence, or by a player with a pure sequence on the "
     "table or in hand.",
     [("first meld: pure", "3D 4D 5D", ""), ("then anything", "KS KH JK", "JK")]),
    ("End of a hand", "Going out ends the hand at once. When the last stock card (the negative joker) is "
     "drawn and the player does not go out, everyone may still meld from the hand once, in turn; then "
     "each scores melded cards minus cards left in hand. A, K, Q, J, 10 count 10, 2–9 their pips; a wild left "
     "in hand costs 20. Highest score wins the hand; each hand won is a point, and the first to the target "
     "(5 by default) wins the match.",
     [("melded: +30", "10C JC QC", ""), ("left in hand: −29", "9S JK", "JK")]),
    ("Controls", "Mouse: click the stock to draw; click a line card to wipe (hover shows what you would take). "
     "Click cards to select them (shift-click for a range, or drag a box around them); drag them onto “New meld” "
     "or onto one of your melds, then Confirm. Drag a card back to your hand or between melds to rearrange. "
     "Drag one card onto the line, or double-click it, to discard.\nKeys: arrows move, Space selects, M melds "
     "(and confirms), 1–9 add the selection to meld n, D discards (Done after the stock runs out), N draws, "
     "S sorts, H hints, U undoes within the turn, L shows the log, Esc opens the menu, F11 fullscreen.",
     []),
]


GAME_PAGES = {"vazhushal": ("Vazhushal", PAGES), "indian13": ("Indian Rummy", INDIAN_PAGES)}


class HowToScene(FormScene):
    name = "howto"
    title = "How to play"

    def __init__(self, app, page: int = 0, note: str = "", game: str = "vazhushal") -> None:
        super().__init__(app)
        self.game = game if game in GAME_PAGES else "vazhushal"
        self.page = max(0, min(len(self.pages) - 1, page))
        self.note = note  # the table's message this page explains
        self.prev = Button("‹ Previous", lambda: self.turn(-1), "←")
        self.next = Button("Next ›", lambda: self.turn(1), "→")
        self.other = Button("", self.switch_game, "G")
        self.form.widgets = [self.next, self.prev, Button("Back", self.back, "Esc"), self.other]

    @property
    def pages(self) -> list:
        return GAME_PAGES[self.game][1]

    def switch_game(self) -> None:
        """The other game's rules (both games share this screen)."""
        self.game = next(g for g in GAME_PAGES if g != self.game)
        self.page = 0
        self.note = ""
        self.app.dirty = True

    def turn(self, d: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + d))
        self.app.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.turn(-1 if event.key == pygame.K_LEFT else 1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_g:
            self.switch_game()
            return
        super().handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        name = GAME_PAGES[self.game][0]
        self.subtitle = f"{name} · page {self.page + 1} of {len(self.pages)}"
        other = next(GAME_PAGES[g][0] for g in GAME_PAGES if g != self.game)
        self.other.caption = f"{other} rules"
        top = self.draw_background(surf)
        w, h = surf.get_size()
        p = self.px
        head, body, examples = self.pages[self.page]
        if self.note:
            lines = wrap(self.note, self.fs(20), w - p(160))[:3]
            note = pygame.Rect(p(60), top, w - p(120), p(16) + len(lines) * self.fs(26))
            panel(surf, note, (70, 40, 20), 240, border=ACCENT)
            for i, line in enumerate(lines):
                label(surf, line, (note.x + p(20), note.y + p(8) + i * self.fs(26)), self.fs(20), INK)
            top = note.bottom + p(10)
        box = pygame.Rect(p(60), top, w - p(120), h - top - p(90))
        panel(surf, box)
        label(surf, head, (box.x + p(24), box.y + p(16)), self.fs(28), ACCENT, True)
        y = box.y + p(60)
        for para in body.split("\n"):
            for line in wrap(para, self.fs(20), box.w - p(48)):
                label(surf, line, (box.x + p(24), y), self.fs(20), INK)
                y += self.fs(26)
            y += p(8)
        cw = p(64)
        x = box.x + p(24)
        y += p(10)
        for caption, cards, wild in examples:
            kinds = [parse_kind(t) for t in cards.split()]
            wilds = {parse_kind(t) for t in wild.split()}
            label(surf, caption, (x, y), self.fs(18), MUTED, True)
            step = round(cw * 0.7)
            if not kinds and caption == "draw":
                self.app.art.draw_back(surf, (x, y + p(26)), cw)
                kinds_w = cw
            else:
                for i, k in enumerate(kinds):
                    self.app.art.draw_face(surf, (x + i * step, y + p(26)), k, cw, wild=k in wilds)
                kinds_w = cw + step * max(0, len(kinds) - 1)
            x += max(kinds_w, p(190)) + p(40)
            if x > box.right - p(200):
                x, y = box.x + p(24), y + card_height(cw) + p(40)
        bw = p(260)
        for i, b in enumerate([self.prev, self.next, self.form.widgets[2]]):
            b.rect = pygame.Rect(w // 2 - bw * 3 // 2 - p(20) + i * (bw + p(20)), h - p(70), bw, p(50))
        self.other.rect = pygame.Rect(w - p(60) - p(300), p(24), p(300), p(44))
        self.prev.enabled = self.page > 0
        self.next.enabled = self.page < len(self.pages) - 1
        self.form.draw(surf, self.fs(20))
