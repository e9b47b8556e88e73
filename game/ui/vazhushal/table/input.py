"""Mouse and keyboard on the table: selection (click, shift-click, lasso), drag and drop onto the
new-meld zone, a meld, the hand (reorder) or the line (discard), clicks on the line (wipe) and
the stock (draw), and the keys of the key help.

Every action can be played from the keyboard: arrows move a focus over the stock and the line,
the wipe's cards (while a wipe is open), your melds and your hand; Space selects (or moves a card
in or out of the wipe's meld), Enter draws, wipes, confirms; M melds, 1-9 add to a meld,
Backspace takes staged cards back, D discards (or finishes), Shift+←/→ moves a card in the hand,
G starts a group at it, F1 explains the message.  The focused card is announced in words along
the bottom of the table (:meth:`TableInput.focus_words`), its parts (`` · `` between them) messages
of the catalogue (:mod:`game.i18n`)."""

from __future__ import annotations

import time

import pygame

from game.core.cards import KIND_OF
from game.i18n import _, ngettext
from game.vazhushal import DRAW, PLAY

from ...wording import card_text
from .grouping import keep_breaks
from .presentation import Drag

DRAG_START = 6
DOUBLE_CLICK = 0.4
ZONES = ("line", "wipe", "melds", "hand")


class TableInput:
    # --- mouse ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self.mouse_down(event.pos, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            elif event.button == 3:
                self.selected.clear()
                self.touch()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            geo = self.geo()
            if geo.line is not None and geo.line.max_scroll:
                self.line_scroll = max(0, min(geo.line.max_scroll, self.line_scroll + event.y))
                self.touch()

    def mouse_down(self, pos: tuple[int, int], shift: bool) -> None:
        self.keyboard = False
        geo = self.geo()
        for name in geo.buttons:
            b = self.buttons[name]
            if b.rect.collidepoint(pos):
                if b.enabled:
                    self.app.sounds.play("click")
                b.activate()
                self.touch()
                return
        if self.wipe is not None:
            for card, rect in reversed(geo.wipe_meld + geo.wipe_taken):
                if rect.collidepoint(pos):
                    self.wipe.toggle(card)
                    self.wipe_feedback()
                    return
        card = geo.hand_at(pos)
        if card is not None:
            if shift and self.selected:
                self.select_range(card)
            self.press = (pos, "hand", card)
            return
        hit = geo.meld_card_at(pos)
        if hit is not None:
            self.press = (pos, "meld", hit[1])
            return
        index = geo.line_at(pos)
        if index is not None:
            self.press = (pos, "line", index)
            return
        if geo.layout.stock.collidepoint(pos) or geo.layout.indicator.collidepoint(pos):
            self.press = (pos, "stock", None)
            return
        lay = geo.layout
        if lay.hand_area.collidepoint(pos) or lay.melds_area.collidepoint(pos):
            self.lasso = pygame.Rect(pos, (0, 0))
            self.press = (pos, "lasso", None)

    def mouse_move(self, pos: tuple[int, int]) -> None:
        geo = self.geo()
        hover = geo.line_at(pos)
        if hover != self.hover_line:
            self.hover_line = hover
            self.hover_text = self.line_words(hover)
            self.hover_said = self.said  # a message said after this (a refusal) is shown over it
            self.app.dirty = True
        if self.drag is not None:
            self.drag.pos = pos
            self.app.dirty = True
            return
        if self.press is None:
            return
        start, source, card = self.press
        if source == "lasso" and self.lasso is not None:
            self.lasso = pygame.Rect(min(start[0], pos[0]), min(start[1], pos[1]),
                                     abs(pos[0] - start[0]), abs(pos[1] - start[1]))
            self.app.dirty = True
            return
        if source in ("hand", "meld") and (abs(pos[0] - start[0]) + abs(pos[1] - start[1])) > DRAG_START:
            rects = dict(geo.hand) if source == "hand" else {c: r for _, cs in geo.groups for c, r in cs}
            if card in self.selected:
                cards = [c for c in (self.hand_cards() if source == "hand" else self.staged_cards())
                         if c in self.selected]
                if source == "meld":
                    cards = [c for c in self.staged_cards() if c in self.selected]
            else:
                cards = [card]
            grab_rect = rects.get(card)
            grab = (start[0] - grab_rect.x, start[1] - grab_rect.y) if grab_rect else (10, 10)
            self.drag = Drag(cards, source, grab, pos)
            self.press = None
            self.touch()

    def mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if self.drag is not None:
            drag, self.drag = self.drag, None
            self.drop(drag, pos)
            self.touch()
            return
        if self.lasso is not None:
            lasso, self.lasso = self.lasso, None
            geo = self.geo()
            if lasso.w > 4 or lasso.h > 4:
                hits = [c for c, r in geo.hand if r.colliderect(lasso)]
                hits += [c for _, cs in geo.groups for c, r in cs if r.colliderect(lasso)]
                self.selected = set(hits) if hits else self.selected
            self.touch()
            return
        if press is None:
            return
        _, source, target = press
        if source == "hand":
            now = time.monotonic()
            last_t, last_card = self.last_click
            self.last_click = (now, target)
            if last_card == target and now - last_t < DOUBLE_CLICK and self.state.phase == PLAY:
                self.discard(target)
                return
            if self.wipe is not None:
                self.wipe.toggle(target)
                self.wipe_feedback()
                return
            self.toggle_select(target)
        elif source == "meld":
            self.toggle_select(target)
        elif source == "line":
            self.click_line(target)
        elif source == "stock":
            self.draw_stock()

    def toggle_select(self, card: int) -> None:
        self.selected ^= {card}
        self.touch()

    def select_range(self, card: int) -> None:
        cards = self.hand_cards()
        picked = [i for i, c in enumerate(cards) if c in self.selected]
        if card in cards and picked:
            i = cards.index(card)
            lo, hi = min(picked[-1], i), max(picked[-1], i)
            self.selected |= set(cards[lo:hi + 1])
            self.touch()

    def staged_cards(self) -> list[int]:
        return [c for _, cs in self.geo().groups for c, _ in cs]

    # --- dropping ------------------------------------------------------------------------------

    def drop(self, drag, pos: tuple[int, int]) -> None:
        geo = self.geo()
        lay = geo.layout
        cards = drag.cards
        if self.wipe is not None and geo.wipe_panel is not None and geo.wipe_panel.collidepoint(pos):
            for c in cards:
                if c not in self.wipe.meld:
                    self.wipe.toggle(c)
            self.wipe_feedback()
            return
        target_group = geo.group_at(pos)
        on_new = geo.new_meld is not None and geo.new_meld.inflate(12, 12).collidepoint(pos)
        if on_new or target_group is not None:
            if self.staging is None or not self.my_turn():
                self.say(_("You can meld only on your turn"), "bad")
                return
            if on_new:
                self.staging.new_group(cards)
            else:
                self.staging.add_to(target_group, cards)
            self.selected.clear()
            self.staging_feedback()
            return
        if lay.line_area.collidepoint(pos) and drag.source == "hand":
            if len(cards) != 1:
                self.say(_("Discard one card at a time"), "bad")
            else:
                self.discard(cards[0])
            return
        if lay.hand_area.collidepoint(pos):
            if drag.source == "meld":
                if self.staging is not None:
                    why = self.staging.to_hand(cards)
                    if why:
                        self.say(why, "bad")
                    else:
                        self.staging_feedback()
                return
            self.reorder(cards, pos)
            return
        self.say(_("Drop cards on the new meld zone, on one of your melds, or one card on the line"), "info")

    def reorder(self, cards: list[int], pos: tuple[int, int]) -> None:
        """Move dragged cards within the hand.  Dropped on a card, they join its group; dropped in
        a gap between groups, or past either end, they make a group of their own."""
        geo = self.geo()
        rest = [c for c in self.hand_order if c not in cards]
        shown = [c for c, r in geo.hand if c not in cards and r.centerx < pos[0]]
        after = shown[-1] if shown else None
        at = rest.index(after) + 1 if after in rest else 0
        under = [c for c, r in geo.hand if c not in cards and r.collidepoint(pos)]
        following = rest[at] if at < len(rest) else None
        self.breaks -= set(cards)
        if not under:  # a new group here
            self.breaks.add(cards[0])
            if following is not None:
                self.breaks.add(following)
        elif under[-1] == following and following in self.breaks:  # the front of the next group
            self.breaks.discard(following)
            self.breaks.add(cards[0])
        self.hand_order = rest[:at] + cards + rest[at:]
        self.breaks = keep_breaks(self.hand_order, self.breaks, set(self.hand_order))
        self.touch()

    def staging_feedback(self) -> None:
        if self.staging is None:
            return
        ok, why = self.staging.check(self.state)
        if not self.staging.changed:
            self.say("", "info")
        else:
            self.say(why, "good" if ok else "bad")
        self.touch()

    def wipe_feedback(self) -> None:
        if self.wipe is not None:
            ok, why = self.wipe.check()
            self.say(why, "good" if ok else "bad")
        self.touch()

    # --- keyboard ------------------------------------------------------------------------------

    def wipe_cards(self) -> list[int]:
        """The wipe's cards as its panel shows them: the new meld, then the rest taken."""
        if self.wipe is None:
            return []
        geo = self.geo()
        return [c for c, _ in geo.wipe_meld + geo.wipe_taken]

    def zone_cards(self, zone: str) -> list[int]:
        if zone == "hand":
            return self.hand_cards()
        if zone == "melds":
            return self.staged_cards()
        if zone == "wipe":
            return self.wipe_cards()
        return []

    def cursor_card(self) -> int | None:
        zone, i = self.cursor
        cards = self.zone_cards(zone)
        return cards[i] if 0 <= i < len(cards) else None

    def zone_size(self, zone: str) -> int:
        if zone == "line":
            return len(self.state.line) + 1  # the stock, then the line
        return len(self.zone_cards(zone))

    def show_line_card(self, index: int) -> None:
        """Scroll the line so that its card ``index`` is in view (the keyboard focus is on it)."""
        geo = self.geo()
        line = geo.line
        if line is None or index in line.visible or not line.max_scroll:
            return
        lay = geo.layout
        for scroll in range(line.max_scroll + 1):
            if index in lay.line_layout(len(self.state.line), scroll).visible:
                self.line_scroll = scroll
                self.touch()
                return

    def focus_words(self) -> str:
        """The focused card (or the stock, or a line card) in words, and what the keys do with it:
        the keyboard player's view of the table, along its bottom."""
        zone, i = self.cursor
        s = self.state
        wild = s.wild
        if zone == "line":
            if i == 0:
                n = len(s.stock)
                words = ngettext("The stock: {n} card", "The stock: {n} cards", n).format(n=n)
                if self.my_turn() and s.phase == DRAW:
                    words += " · " + _("Enter draws")
                return words + " · " + _("↑↓ other rows")
            words = self.line_words(i - 1, keyboard=True)
            return _("Line card {n} of {total}: {words}").format(n=i, total=len(s.line), words=words) if words else ""
        card = self.cursor_card()
        cards = self.zone_cards(zone)
        if card is None:
            return ""
        name = card_text(KIND_OF[card])
        if wild[KIND_OF[card]]:
            name = _("{card} (wild)").format(card=name)
        where = {"hand": _("Your hand, card {n} of {total}: {card}"),
                 "melds": _("Your melds, card {n} of {total}: {card}"),
                 "wipe": _("The wipe, card {n} of {total}: {card}")}[zone]
        words = where.format(n=i + 1, total=len(cards), card=name)
        if zone == "wipe" and self.wipe is not None:
            inside = card in self.wipe.meld
            words += " — " + (_("in the new meld") if inside else _("to your hand"))
            return words + " · " + _("Space moves it") + " · " + _("Enter wipes")
        if card in self.selected:
            words += ", " + _("selected")
        if zone == "hand":
            if self.wipe is not None:
                return words + " · " + _("Space puts it in the wipe's meld") + " · " + _("Enter wipes")
            return words + " · " + _("Space select · M meld · D discard · Shift+←→ move · G group")
        gi = next((n for n, (_r, cs) in enumerate(self.geo().groups) if any(c == card for c, _r in cs)), None)
        if gi is not None:
            words += " " + _("in meld {n}").format(n=gi + 1)
        return words + " · " + _("Space select · 1-9 add to a meld · Backspace back to hand")

    def key(self, event: pygame.event.Event) -> None:
        k, mods = event.key, event.mod
        self.keyboard = True
        zone, i = self.cursor
        if self.zone_size(zone) == 0 and zone != "line":  # the zone emptied (a wipe closed, cards melded)
            zone, i = "hand" if self.zone_size("hand") else "line", 0
            self.cursor = (zone, i)
        if k == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
            elif self.wipe is not None:
                self.cancel_wipe()
            elif self.selected:
                self.selected.clear()
            else:
                self.open_menu()
            self.touch()
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            d = -1 if k == pygame.K_LEFT else 1
            n = self.zone_size(zone)
            if zone == "hand" and mods & pygame.KMOD_SHIFT and (card := self.cursor_card()) is not None:
                order = self.hand_order
                j = order.index(card)
                if 0 <= j + d < len(order):
                    order[j], order[j + d] = order[j + d], order[j]
            self.cursor = (zone, max(0, min(n - 1, i + d)) if n else 0)
            if zone == "line" and self.cursor[1] > 0:
                self.show_line_card(self.cursor[1] - 1)
        elif k in (pygame.K_UP, pygame.K_DOWN):
            at = ZONES.index(zone)
            step = -1 if k == pygame.K_UP else 1
            nxt = at + step
            while 0 <= nxt < len(ZONES) and self.zone_size(ZONES[nxt]) == 0:
                nxt += step
            if 0 <= nxt < len(ZONES):
                z = ZONES[nxt]
                self.cursor = (z, min(i, self.zone_size(z) - 1) if z != "line" else self.zone_size(z) - 1)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate_cursor(k != pygame.K_SPACE)
        elif k == pygame.K_m:
            self.meld_key()
        elif k == pygame.K_d:
            self.discard_selected()
        elif k == pygame.K_s:
            self.toggle_sort()
        elif k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_u or (k == pygame.K_z and mods & pygame.KMOD_CTRL):
            self.undo()
        elif k == pygame.K_r:
            self.reset_staging()
        elif k == pygame.K_l:
            self.toggle_log()
        elif k == pygame.K_n:
            self.draw_stock()
        elif k == pygame.K_F1:
            self.explain_message()
        elif k == pygame.K_g and zone == "hand" and (card := self.cursor_card()) is not None:
            cards = self.hand_cards()
            if cards and card != cards[0]:
                self.breaks ^= {card}  # a group starts here (or no longer does)
        elif k == pygame.K_BACKSPACE and self.staging is not None:
            why = self.staging.to_hand([c for c in self.staged_cards() if c in self.selected])
            self.say(why, "bad") if why else self.staging_feedback()
        elif pygame.K_1 <= k <= pygame.K_9 and self.staging is not None:
            gi = k - pygame.K_1
            cards = [c for c in self.hand_cards() + self.staged_cards() if c in self.selected]
            if gi < len(self.staging.groups) and cards and self.my_turn():
                self.staging.add_to(gi, cards)
                self.selected.clear()
                self.staging_feedback()
        else:
            return
        self.touch()
        if self.app.settings.speech:  # the focused card, aloud (only when it changed)
            words = self.focus_words()
            if words != getattr(self, "_spoken", None):
                self._spoken = words
                self.app.speak(words.split(" · ")[0])

    def activate_cursor(self, enter: bool) -> None:
        zone, i = self.cursor
        if self.wipe is not None and enter:
            self.confirm_wipe()
            return
        if zone == "line":
            if i == 0:
                self.draw_stock()
            elif i - 1 < len(self.state.line):
                self.click_line(i - 1)
            return
        if enter and self.staging is not None and self.staging.changed:
            self.confirm()
            return
        card = self.cursor_card()
        if card is None:
            return
        if self.wipe is not None and zone in ("hand", "wipe"):
            self.wipe.toggle(card)
            self.wipe_feedback()
        else:
            self.toggle_select(card)

    def meld_key(self) -> None:
        """M: put the selected cards into a new meld, and confirm when the arrangement is legal."""
        if self.staging is None or not self.my_turn():
            self.say(self.wait_reason(), "info")
            return
        cards = [c for c in self.hand_cards() + self.staged_cards() if c in self.selected]
        if cards:
            self.staging.new_group(cards)
            self.selected.clear()
        ok, why = self.staging.check(self.state)
        if ok:
            self.confirm()
        else:
            self.staging_feedback()
