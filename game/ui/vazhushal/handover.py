"""Hand over (why it ended, every seat's melds and remaining cards, the stock-out scores, hands won)
and match over.  Their words are translated as they are built and drawn (:mod:`game.i18n`)."""

from __future__ import annotations

import pygame

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.i18n.names import shown_name
from game.vazhushal import observe
from game.vazhushal.state import WENT_OUT

from ..cardart import card_height, strip_width
from ..match import SeatSetup
from ..resources import measure
from ..scene import Scene, felt, title_bar
from ..widgets import ACCENT, INK, MUTED, Button, Form, label, panel
from .scoresheet import draw_sheet


class HandOverScene(Scene):
    name = "handover"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        state = self.match.state
        self.done = state.match_over
        self.form = Form([])
        self.build()
        if state.result is not None and state.result.winner is not None and self.match.is_human(state.result.winner):
            app.sounds.play("win")

    def build(self) -> None:
        """The buttons, in the language in force (built again on coming back: Settings may change it)."""
        review = Button(_("Review this hand"), self.review, "R")
        same = Button(_("Same cards"), self.same_cards, "C")
        review.enabled = same.enabled = self.match.last_replay is not None
        self.form.widgets = [Button(_("See the match result") if self.done else _("Next hand"), self.next, "Enter"),
                             Button(_("Score sheet"), self.sheet, "S"), review, same]

    def enter(self) -> None:
        self.build()

    def next(self) -> None:
        if self.done:
            self.app.replace(self.app.make("matchover", self.table))
            return
        self.app.pop()
        self.table.start_next_hand()

    def sheet(self) -> None:
        self.app.open("scoresheet", self.match)

    def seat(self) -> int:
        return self.table.viewer if self.table.viewer is not None else (self.match.humans or [0])[0]

    def review(self) -> None:
        """The Expert's review of the viewer's decisions this hand (the hand is over)."""
        if self.match.last_replay is not None:
            self.app.open("review", self.match.last_replay, self.seat())

    def same_cards(self) -> None:
        """This hand played again from its deal with the Expert in the viewer's seat."""
        if self.match.last_replay is not None:
            self.app.open("samecards", self.match.last_replay, self.seat())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.open_menu()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.sheet()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.review()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            self.same_cards()
            return
        self.form.handle(event)

    def words(self) -> tuple[str, str]:
        state = self.match.state
        r = state.result
        names = [shown_name(s.name) for s in state.seats]
        if r is None:
            return _("Hand over"), ""
        if r.reason == WENT_OUT:
            return (_("{name} went out and won the hand").format(name=names[r.winner]),
                    _("Every card but one melded, the last one discarded"))
        if r.winner is None:
            return _("The stock ran out: a drawn hand"), _("Equal scores and equal cards left: nobody wins this hand")
        return (_("The stock ran out: {name} won the hand").format(name=names[r.winner]),
                _("Score = cards melded − cards left in hand (a wild left in hand counts {points})").format(
                    points=state.rules.wild_in_hand_value))

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        head, why = self.words()
        top = title_bar(surf, self, head, why)
        state = self.match.state
        obs = observe(state, 0)
        hands = obs.revealed_hands or tuple(() for _ in state.seats)
        w, h = surf.get_size()
        p = self.px
        n = len(state.seats)
        foot = button_rows(self, surf, self.form)  # the top of the buttons along the foot
        row_h = min(max(p(96), card_height(36) + p(14)), (foot - p(24) - top) // n)  # rows as tall as the cards
        cw = max(36, min(p(44), round((row_h - p(14)) / 1.4)))
        step = strip_width(cw)
        scores = state.result.scores if state.result is not None else None
        small, big = self.fs(18), self.fs(20)
        lefts = []  # each seat's words at the left: its name, hands won, score
        for i, seat in enumerate(state.seats):
            winner = state.result is not None and state.result.winner == i
            lefts.append([(("★ " if winner else "") + shown_name(seat.name), big, ACCENT if winner else INK, True),
                          (ngettext("{n} hand won", "{n} hands won", state.wins[i]).format(n=state.wins[i]), small,
                           MUTED, False)]
                         + ([(_("score {points}").format(points=f"{scores[i]:+d}"), small, INK, True)]
                            if scores is not None else []))
        left_w = max(p(200), max(measure(t, size, bold)[0] for words in lefts for t, size, _c, bold in words) + p(24))
        for i in range(len(state.seats)):
            y = top + i * row_h
            box = pygame.Rect(p(20), y, w - p(40), row_h - p(6))
            winner = state.result is not None and state.result.winner == i
            panel(surf, box, border=ACCENT if winner else (80, 120, 100))
            ly = box.y
            for (words, size, color, bold), at in zip(lefts[i], (p(8), p(34), p(56))):  # never closer than a line
                ly = label(surf, words, (box.x + p(12), max(box.y + at, ly)), size, color, bold).bottom
            x = box.x + left_w
            cy = box.y + (box.h - card_height(cw)) // 2
            melds = obs.melds[i]
            hand = sorted(hands[i], key=lambda c: KIND_OF[c])
            in_hand_w = measure(_("in hand:"), small)[0] + p(8)
            hand_w = (cw + step * max(0, len(hand) - 1) if hand else measure(_("none"), small)[0]) + in_hand_w + p(20)
            room = box.right - p(10) - x - hand_w  # what the melds may take, the hand on their right
            need = sum(cw + step * (len(m.cards) - 1) + p(10) for m in melds)
            mstep, gap = step, p(10)
            if melds and need > room:  # many melds: overlap them more, so the row never runs off
                overlaps = max(1, sum(len(m.cards) - 1 for m in melds))
                gap = p(6)
                mstep = max(p(8), (room - len(melds) * (cw + gap)) // overlaps)
            for m in melds:
                for j, c in enumerate(m.cards):
                    self.app.art.draw_face(surf, (x + j * mstep, cy), KIND_OF[c], cw, wild=state.wild[KIND_OF[c]],
                                           card_id=c)
                x += cw + mstep * (len(m.cards) - 1) + gap
            if not melds:
                x = label(surf, _("no melds"), (x, box.centery), small, MUTED, anchor="midleft").right + p(10)
            x += p(20)
            words = label(surf, _("in hand:"), (x, box.centery), small, MUTED, anchor="midleft")
            x = words.right + p(8)  # beside the cards, never under them
            if not hand:
                label(surf, _("none"), (x, box.centery), small, INK, anchor="midleft")
            hstep = step if len(hand) < 2 else max(p(8), min(step, (box.right - p(10) - x - cw) // (len(hand) - 1)))
            for j, c in enumerate(hand):
                self.app.art.draw_face(surf, (x + j * hstep, cy), KIND_OF[c], cw, wild=state.wild[KIND_OF[c]],
                                       card_id=c)
        sheet_box = pygame.Rect(p(20), top + n * row_h + p(4), w - p(40), foot - p(14) - top - n * row_h - p(4))
        if sheet_box.h >= p(110):  # the match so far, when there is room for it
            panel(surf, sheet_box)
            draw_sheet(self, surf, self.match, sheet_box)
        self.form.draw(surf, self.fs(20))


def button_rows(scene: Scene, surf: pygame.Surface, form: Form) -> int:
    """Lay ``form``'s buttons along the foot of the screen: side by side, centred, where their
    captions and keys fit (as :func:`~game.ui.background.draw_button_row` does), else two a row,
    the rows one over the other; the top of the buttons."""
    w, h = surf.get_size()
    p = scene.px
    n = len(form.widgets)
    per = n
    bw = min(p(300), (w - p(60)) // max(1, n) - p(16))
    if any(b.width_for(max(10, scene.fs(20) - 6)) > bw for b in form.widgets):
        per, bw = 2, (w - p(60)) // 2 - p(16)
    rows = -(-n // per)
    top = h - p(66) - (rows - 1) * (p(50) + p(8))
    x0 = w // 2 - (per * bw + (per - 1) * p(16)) // 2
    for i, b in enumerate(form.widgets):
        row, col = divmod(i, per)
        b.rect = pygame.Rect(x0 + col * (bw + p(16)), top + row * (p(50) + p(8)), bw, p(50))
    return top


class MatchOverScene(Scene):
    name = "matchover"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        # The save is kept until the player leaves this screen: a match closed here resumes here.
        again = _("New game") if self.match.practice else _("Play again")  # after the tutorial: a real game
        self.form = Form([Button(again, self.again, "Enter"), Button(_("Title"), self.to_title, "Esc")])

    def headline(self) -> tuple[str, str]:
        """The title and the line under it: who won, and after the tutorial what to try next."""
        state = self.match.state
        best = max(state.wins)
        winners = [s.name for s, wn in zip(state.seats, state.wins) if wn == best]
        hands = self.match.hand_no + 1
        after = ngettext("After {n} hand", "After {n} hands", hands).format(n=hands)
        if self.match.practice:
            return (winners_words(winners, tutorial=True),
                    _("Next: a real game against a bot (New game), or How to play"))
        return winners_words(winners), after

    def again(self) -> None:
        m = self.match
        if m.practice:  # after the tutorial: a real game, chosen on the new-game screen
            self.app.reset_to(self.app.make("title"))
            self.app.open("newgame")
            return
        seats = [SeatSetup(s.name, lv) for s, lv in zip(m.state.seats, m.levels)]
        match = type(m).new(seats, m.state.rules)
        self.app.autosave(match)  # replaces the finished match
        self.app.reset_to(self.app.make("title"))
        self.app.push(self.app.make("table", match))

    def to_title(self) -> None:
        self.app.drop_save()
        self.app.reset_to(self.app.make("title"))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_title()
            return
        self.form.handle(event)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        state = self.match.state
        top = title_bar(surf, self, *self.headline())
        w, h = surf.get_size()
        p = self.px
        order = sorted(range(len(state.seats)), key=lambda i: -state.wins[i])
        row = p(34)
        box = pygame.Rect(0, 0, p(520), p(30) + len(order) * row)
        box.midtop = (w // 2, top + p(4))
        panel(surf, box)
        for rank, i in enumerate(order):
            y = box.y + p(14) + rank * row
            name = shown_name(state.seats[i].name)
            label(surf, f"{rank + 1}.  {name}", (box.x + p(30), y), self.fs(22), INK, rank == 0)
            label(surf, _("{n} won").format(n=state.wins[i]), (box.right - p(30), y), self.fs(22), INK,
                  anchor="topright")
        sheet = pygame.Rect(p(40), box.bottom + p(12), w - p(80), h - p(104) - box.bottom - p(12))
        if sheet.h > p(80):
            panel(surf, sheet)
            draw_sheet(self, surf, self.match, sheet)
        for j, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(w // 2 - p(330) + j * p(340), h - p(90), p(320), p(52))
        self.form.draw(surf, self.fs(22))


def winners_words(winners: list[str], tutorial: bool = False) -> str:
    """``Ravi wins the match!``, ``You win ...``, ``Ravi and Mala win ...`` (each a whole sentence: the
    verb agrees with who won; "You" is the name of the one person at the screen, :mod:`game.ui.scenes.newgame`)."""
    if len(winners) == 1 and winners[0] == "You":
        return _("You win the tutorial hand!") if tutorial else _("You win the match!")
    winners = [shown_name(w) for w in winners]
    if len(winners) == 1:
        name = winners[0]
        return (_("{name} wins the tutorial hand!") if tutorial else _("{name} wins the match!")).format(name=name)
    names = winners[0]
    for last in winners[1:]:
        # Translators: the names of several winners, joined one at a time: "Ravi and Mala".
        names = _("{names} and {last}").format(names=names, last=last)
    return (_("{names} win the tutorial hand!") if tutorial else _("{names} win the match!")).format(names=names)
