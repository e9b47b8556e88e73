"""Practice puzzles: one decision from a real hand, shown from the deciding seat's view, answered by
playing the move; then right or wrong, the best move, why (the puzzle's explanation), and the
player's puzzle rating before and after (docs/app.md, Puzzles).

``app.open("puzzles")`` asks which game first; ``app.open("puzzles", game=G)`` starts that game's
puzzles, ``theme=T`` only those of one theme (the coach's "practise this"), ``daily=True`` the
puzzle of the day (:func:`ai.puzzles.pick.daily`).  The position is drawn here with the card art
rather than on the game's own table, the same way for every game (:mod:`game.ui.puzzles.position`):
the hand at the foot (click a card to lift it, click it again, or press Enter, to throw it), the
stock and the discard pile in the middle (click one to draw from it), the other seats above, and
every other move of the puzzle (declare, drop, see the maal) a button.

Only the first try at a puzzle moves the rating (Glicko-2 against the puzzle's own rating:
:mod:`ai.glicko2`); showing the answer before trying counts as a miss; Try again is for practice.
The record lives in its own file (:mod:`game.ui.puzzles.record`).  The puzzles and their words come
from :mod:`ai.puzzles` (``load``, ``is_answer``, ``explain``, ``word_move``), imported when the
screen first needs them.
"""

from __future__ import annotations

import datetime as dt
import importlib
import logging
import random
from typing import Any

import pygame

from ai.glicko2 import Rating
from ai.puzzles import pick
from game.core.cards import parse_kind
from game.i18n import N_, _, ngettext
from game.i18n.names import shown_name

from ..cardart import card_height, strip_width
from ..puzzles import record as records
from ..puzzles.position import Position, position_of
from ..resources import font, measure, wrap
from ..scene import felt
from ..textdraw import draw_text
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, Button, arrange_buttons, panel, rows_of
from .base import FormScene


def draws(kind: str | None) -> bool:
    """Whether an action type draws a card (from the stock, or taken from the discards)."""
    return kind == "draw_stock" or str(kind).startswith("take")


# How to answer, by (the pile's kind, whether some moves are buttons): translated where shown.
log = logging.getLogger(__name__)

DRAW_HOW = {(False, False): N_("Click the stock or the discard pile."),
            (False, True): N_("Click the stock or the discard pile, or choose a move at the foot of the screen."),
            (True, False): N_("Click the stock or the discard line."),
            (True, True): N_("Click the stock or the discard line, or choose a move at the foot of the screen.")}
THROW_HOW = N_("Click a card to lift it, then click it again (or press Enter) to throw it.")
BUTTON_HOW = N_("Choose a move at the foot of the screen.")  # a puzzle whose every move is a button


def api() -> Any:
    """The puzzles' package (:mod:`ai.puzzles`), imported when first needed."""
    return importlib.import_module("ai.puzzles")


def source(puzzles: Any) -> Any:
    """What :mod:`ai.puzzles.pick` reads the puzzles through: ``None`` for the shipped ones (it then
    reads only the files it needs), else the made-up set's ``load``."""
    return None if getattr(puzzles, "__name__", "") == "ai.puzzles" else puzzles.load


def today() -> dt.date:
    return dt.date.today()


def capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def rating_words(r: Rating) -> str:
    """A rating as a player reads it: ``1512`` and, while it is still unsure, ``1512?``."""
    # Translators: a puzzle rating still unsure (few puzzles tried), e.g. "1500?".
    return _("{rating}?").format(rating=round(r.r)) if r.rd > 110 else str(round(r.r))


def daily_status(app: Any, day: dt.date | None = None) -> tuple[str, str, bool | None] | None:
    """(game, game title, solved today: ``None`` when not yet tried) of the day's puzzle, or
    ``None`` when there are no puzzles (the title screen's Daily puzzle button)."""
    day = day or today()
    found = pick.daily(day, source=source(api()), games=list(app.games))
    if found is None:
        return None
    game = found[0]
    return game, _(app.games[game].title), records.of_app(app).daily.get(day.isoformat())


class PuzzlesScene(FormScene):
    """See the module docstring."""

    name = "puzzles"

    def __init__(self, app, game: str | None = None, theme: str | None = None, daily: bool = False,
                 rng: random.Random | None = None, day: dt.date | None = None) -> None:
        super().__init__(app)
        self.rng = rng or random.Random()
        self.api = api()  # the puzzles and their words (a made-up set in the tests)
        self.theme = theme
        self.record = records.of_app(app)
        self.chose_here = game is None and not daily  # Back from a puzzle returns to the choice of game
        self.game: str | None = None
        self.puzzle: Any = None
        self.state: Any = None
        self.pos: Position | None = None
        self.day: str | None = None  # the daily puzzle's date (ISO) while it is shown
        self.empty = ""  # why there is no puzzle to show
        self.skipped: set[str] = set()  # puzzles that could not be shown
        self.reset_answer()
        self.card_rects: list[tuple[pygame.Rect, int]] = []
        self.stock_rect: pygame.Rect | None = None
        self.pile_rect: pygame.Rect | None = None
        if daily:
            self.start_daily(day or today())
        elif game is not None:
            self.start(game)
        else:
            self.choose()

    def reset_answer(self) -> None:
        self.armed = False  # Enter may act on the focused button (see build)
        self.tried: list[dict] | None = None  # the move played, once played
        self.right = False
        self.revealed = False  # the answer was shown
        self.rated = False  # the first try was counted
        self.change: tuple[Rating, Rating] | None = None
        self.selected: int | None = None  # the lifted card (an index into the hand as drawn)

    # --- choosing -----------------------------------------------------------------------------

    def puzzles_of(self, game: str) -> tuple:
        return pick.puzzles_of(game, self.api.load)

    def choose(self) -> None:
        """Which game's puzzles: a button a game that has puzzles (with the player's rating), Back."""
        self.game, self.puzzle, self.pos = None, None, None
        ready = [g for g in self.app.games if self.puzzles_of(g)]
        missing = [_(front.title) for g, front in self.app.games.items() if g not in ready]
        self.empty = "" if not missing else _("There are no puzzles yet.") if not ready else ngettext(
            "No puzzles yet for {games}.", "No puzzles yet for {games}.", len(missing)).format(games=", ".join(missing))
        buttons = []
        for g in ready:
            words = _("{game} · your rating {rating}").format(game=_(self.app.games[g].title),
                                                              rating=rating_words(self.record.rating(g)))
            buttons.append(Button(words, lambda g=g: self.start(g)))
        self.form.widgets = buttons + [Button(_("Back"), self.back, "Esc")]
        self.form.focus = 0
        self.app.dirty = True

    def start(self, game: str) -> None:
        """The next puzzle of ``game`` near the player's rating (of the theme, if one was asked)."""
        self.game, self.day = game, None
        done = set(self.record.games[game].done) if game in self.record.games else set()
        done |= self.skipped
        avoid = self.puzzle.id if self.puzzle is not None else None
        found = pick.next_puzzle(game, self.record.rating(game), done, self.theme, self.rng, source=self.api.load,
                                 avoid=avoid)
        title = _(self.app.games[game].title) if game in self.app.games else game
        if found is None and self.theme is not None and self.puzzles_of(game):
            self.show_empty(_("There are no puzzles of this kind for {game} yet.").format(game=title), any_button=True)
            return
        if found is None or game not in self.app.games:
            self.show_empty(_("There are no puzzles for {game} yet.").format(game=title))
            return
        self.show(found)

    def start_daily(self, day: dt.date) -> None:
        found = pick.daily(day, source=source(self.api), games=list(self.app.games))
        if found is None:
            self.show_empty(_("There are no puzzles yet."))
            return
        self.game = found[0]
        self.show(found[1])
        self.day = day.isoformat()
        self.rated = self.day in self.record.daily  # tried today already: for practice only
        self.build()

    def show_empty(self, words: str, any_button: bool = False, next_button: bool = False) -> None:
        self.puzzle, self.pos, self.empty = None, None, words
        buttons = [Button(_("Any puzzle of this game"), self.any_theme)] if any_button else []
        buttons += [Button(_("Next puzzle"), self.next, "N")] if next_button else []
        self.form.widgets = buttons + [Button(_("Back"), self.back, "Esc")]
        self.form.focus = 0
        self.app.dirty = True

    def any_theme(self) -> None:
        self.theme = None
        if self.game is not None:
            self.start(self.game)

    def show(self, puzzle: Any) -> None:
        try:
            self.state, self.pos = position_of(self.app.games[self.game].bots, puzzle)
        except Exception:  # noqa: BLE001  (a damaged puzzle is never worth a crash: said, and the next offered)
            log.warning("puzzle %s cannot be shown", getattr(puzzle, "id", "?"), exc_info=True)
            self.skipped.add(getattr(puzzle, "id", ""))
            self.show_empty(_("This puzzle cannot be shown."), next_button=True)
            return
        self.puzzle, self.empty = puzzle, ""
        self.reset_answer()
        self.build()

    # --- the moves ----------------------------------------------------------------------------

    def options(self) -> list[list[dict]]:
        return [list(o["actions"]) for o in self.puzzle.options]

    def move_of(self, types: tuple[str, ...]) -> list[dict] | None:
        """The puzzle's move that starts with an action of one of ``types`` (the fewest actions first)."""
        found = [a for a in self.options() if a and a[0].get("type") in types]
        return min(found, key=len) if found else None

    def takes(self) -> list[list[dict]]:
        """The puzzle's moves that take from the discards (one for most games; one a card and meld in some)."""
        return [a for a in self.options() if a and draws(a[0].get("type")) and a[0].get("type") != "draw_stock"]

    def take(self) -> list[dict] | None:
        """The one move a click on the discard pile plays (none when there are several: their buttons say which)."""
        found = self.takes()
        return found[0] if len(found) == 1 else None

    def throws_of(self, kind: int) -> list[list[dict]]:
        """The puzzle's moves that end by throwing a card of ``kind``, the plain throw first (in some
        games a throw may come after melds laid down: each such move is its own)."""
        found = [a for a in self.options() if a and a[-1].get("type") == "discard" and "card" in a[-1]
                 and parse_kind(a[-1]["card"]) == kind and all(x.get("type") != "declare" for x in a)]
        return sorted(found, key=len)

    def discard_of(self, kind: int) -> list[dict] | None:
        """The puzzle's plain throw of a card of ``kind`` (the first of :meth:`throws_of`)."""
        found = self.throws_of(kind)
        return found[0] if found else None

    def button_moves(self) -> list[list[dict]]:
        """The moves that are not a click on a pile or a card: each a button (declare, drop, see...)."""
        out = []
        for actions in self.options():
            types = [a.get("type") for a in actions]
            if draws(types[0]) or types == ["discard"]:
                continue
            if types[-1] == "discard" and "declare" not in types and len(types) > 1:
                continue  # a throw with its arrangement: the card's click plays it
            out.append(actions)
        return out

    def hand_kinds(self) -> list[int]:
        return [k for g in self.pos.hand for k in g]

    def throws(self) -> bool:
        """Whether a card of the hand may be thrown in this puzzle."""
        return any(self.discard_of(k) is not None for k in set(self.hand_kinds()))

    def play(self, actions: list[dict]) -> None:
        """The player's answer: right or wrong, the rating moved on the first try."""
        if self.puzzle is None or self.tried is not None:
            return
        self.tried = actions
        self.right = bool(self.api.is_answer(self.puzzle, actions))
        self.selected = None
        if not self.rated:
            self.rate(self.right)
        self.build()

    def rate(self, solved: bool) -> None:
        p = self.puzzle
        self.change = self.record.result(self.game, p.id, Rating(p.rating, p.rd, p.vol), solved, self.day)
        self.rated = True
        records.save(self.app.store, self.record)

    def show_answer(self) -> None:
        if self.puzzle is None:
            return
        if not self.rated:  # shown before any try: a miss
            self.rate(False)
        self.revealed = True
        self.build()

    def try_again(self) -> None:
        if self.puzzle is not None:
            self.tried, self.right, self.selected = None, False, None
            self.revealed = False
            self.build()

    def next(self) -> None:
        if self.game is not None:
            self.start(self.game)

    def back(self) -> None:
        if self.chose_here and self.game is not None:
            self.choose()
        else:
            self.app.pop()

    # --- the buttons --------------------------------------------------------------------------

    def build(self) -> None:
        """The buttons for where the puzzle is: the moves before an answer, what next after it."""
        if self.puzzle is None:
            return
        buttons: list[Button] = []
        if self.tried is None and not self.revealed:
            for actions in (*self.takes(), self.move_of(("draw_stock",))):
                if actions is not None:
                    buttons.append(Button(capital(self.api.word_move(self.puzzle, actions)),
                                          lambda a=actions: self.play(a)))
            if self.selected is not None:
                for i, move in enumerate(self.throws_of(self.hand_kinds()[self.selected])):
                    buttons.append(Button(capital(self.api.word_move(self.puzzle, move)), lambda a=move: self.play(a),
                                          "" if i else "Enter"))
            buttons += [Button(capital(self.api.word_move(self.puzzle, a)), lambda a=a: self.play(a))
                        for a in self.button_moves()]
            buttons.append(Button(_("Show answer"), self.show_answer, "S"))
        else:
            buttons.append(Button(_("Next puzzle"), self.next, "N"))
            if not self.right:
                buttons.append(Button(_("Try again"), self.try_again, "T"))
                if not self.revealed:
                    buttons.append(Button(_("Show answer"), self.show_answer, "S"))
        buttons.append(Button(_("Back"), self.back, "Esc"))
        self.form.widgets = buttons
        self.form.focus = 0
        # While a puzzle waits for its answer, Enter or Space acts on a button only once the player has
        # moved to it (Tab, Up, Down, the mouse) or lifted a card: a stray key is never a rated answer.
        self.armed = self.selected is not None
        self.app.dirty = True

    # --- input --------------------------------------------------------------------------------

    def select(self, index: int | None) -> None:
        """Lift the card at ``index`` of the hand as drawn (``None``: put it back)."""
        self.selected = index if index is not None and 0 <= index < len(self.hand_kinds()) else None
        self.build()

    def click_card(self, index: int) -> None:
        """Lift the card; the lifted one clicked again is thrown (when it is thrown one way only)."""
        kind = self.hand_kinds()[index]
        if self.selected == index and len(self.throws_of(kind)) == 1:
            self.play(self.throws_of(kind)[0])
        elif self.throws():
            self.select(index)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.puzzle is not None and self.handle_key(event):
                return
            if event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
                self.armed = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.puzzle is not None \
                    and self.tried is None and not self.revealed and not self.armed:
                return
        if event.type == pygame.MOUSEMOTION and any(b.rect.collidepoint(event.pos) for b in self.form.widgets):
            self.armed = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.puzzle is not None:
            if self.form.handle(event):
                return
            if self.tried is None and not self.revealed and self.handle_click(event.pos):
                return
            return
        self.form.handle(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """The puzzle's keys (N, T, S, Left, Right, Enter on a lifted card); ``False`` for the rest."""
        key, answering = event.key, self.tried is None and not self.revealed
        if key == pygame.K_n and not answering:
            self.next()
        elif key == pygame.K_t and self.tried is not None and not self.right:
            self.try_again()
        elif key == pygame.K_s and not self.revealed and (answering or not self.right):
            self.show_answer()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and answering and self.throws():
            n = len(self.hand_kinds())
            step = 1 if key == pygame.K_RIGHT else -1
            self.select((self.selected + step) % n if self.selected is not None else (0 if step > 0 else n - 1))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and answering and self.selected is not None \
                and self.discard_of(self.hand_kinds()[self.selected]) is not None:
            self.play(self.discard_of(self.hand_kinds()[self.selected]))
        else:  # after the answer Enter presses the focused button: Next puzzle, unless the player moved
            return False
        return True

    def handle_click(self, pos: tuple[int, int]) -> bool:
        """A click on the hand (lift, or throw the lifted card), the stock or the pile (draw from it)."""
        order = list(range(len(self.card_rects) - 1, -1, -1))
        if self.selected is not None and self.selected < len(self.card_rects):
            order.insert(0, self.selected)  # the lifted card lies over its neighbours
        for i in order:
            if self.card_rects[i][0].collidepoint(pos):
                self.click_card(i)
                return True
        if self.stock_rect is not None and self.stock_rect.collidepoint(pos):
            move = self.move_of(("draw_stock",))
            if move is not None:
                self.play(move)
                return True
        if self.pile_rect is not None and self.pile_rect.collidepoint(pos):
            move = self.take()
            if move is not None:
                self.play(move)
                return True
        if self.selected is not None:
            self.select(None)
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------

    def heading(self) -> tuple[str, str]:
        """The title and the line under it: the game, the player's rating, the puzzle's, the streak."""
        if self.game is None:
            return _("Puzzles"), _("Choose a game. Each puzzle is one decision from a real hand.")
        title = _(self.app.games[self.game].title) if self.game in self.app.games else self.game
        if self.day is not None:
            head = _("Daily puzzle: {game}").format(game=title)
        else:
            head = _("Puzzle: {game}").format(game=title)
        if self.puzzle is None:
            return head, ""
        rec = self.record.games.get(self.game)
        mine = rating_words(self.record.rating(self.game))
        info = _("Your rating {rating} · this puzzle {puzzle}").format(rating=mine, puzzle=round(self.puzzle.rating))
        if rec is not None and rec.streak:
            info += " · " + ngettext("{n} solved in a row", "{n} solved in a row", rec.streak).format(n=rec.streak)
        return head, info

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        w, h = surf.get_size()
        p = self.px
        head, info = self.heading()
        y = draw_text(surf, head, (w // 2, p(10)), self.fs(30), INK, True, "midtop").bottom
        for line in wrap(info, self.fs(18), w - p(40)) if info else ():
            y = draw_text(surf, line, (w // 2, y + p(2)), self.fs(18), MUTED, anchor="midtop").bottom
        top = y + p(10)
        if self.puzzle is None:
            for line in wrap(self.empty, self.fs(20), w - p(60)) if self.empty else ():
                top = draw_text(surf, line, (w // 2, top), self.fs(20), ACCENT, anchor="midtop").bottom
            self.card_rects, self.stock_rect, self.pile_rect = [], None, None
            self.layout(top + p(16))
            self.form.draw(surf, self.fs(22))
            return
        size = self.fs(20)
        buttons_top = arrange_buttons(self.form.widgets, size, w // 2, h - p(12), w - p(32), p(300), p(44), p(10))
        # the other seats' melds on one row when more would leave the hand and the middle too little room
        least = card_height(36) + p(16) + self.middle_need() + p(46)
        one_row = buttons_top - self.draw_seats(None, top) < least
        seats_bottom = self.draw_seats(surf, top, one_row)
        # the hand's cards as large as the middle leaves room for (the middle at its least)
        room = buttons_top - p(10) - (seats_bottom + p(10) + self.middle_need() + p(10)) - p(16) - p(16)
        hand_top = self.draw_hand(surf, buttons_top - p(10), max(36, min(max(50, p(92)), int(room / 1.4))))
        self.draw_middle(surf, pygame.Rect(p(16), seats_bottom + p(10), w - p(32), hand_top - seats_bottom - p(20)))
        self.form.draw(surf, size)

    def layout(self, top: int) -> None:
        w = self.app.screen.get_width()
        bw = min(self.px(560), w - self.px(40))
        widest = max((measure("› " + b.caption, self.fs(22), True)[0] + 16 for b in self.form.widgets), default=0)
        bw = max(bw, min(widest, w - self.px(24)))
        bh, gap = self.px(48), self.px(10)
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)

    def card_width(self, n: int, groups: int, room: int, most: int) -> tuple[int, int]:
        """(card width, step between overlapped cards) for ``n`` cards in ``groups`` groups in ``room``."""
        gap = self.px(14)
        cw = most
        while True:
            step = strip_width(cw)
            need = cw * groups + step * (n - groups) + gap * (groups - 1)
            if need <= room or cw <= 36:
                if need > room and n > groups:
                    step = max(8, (room - cw * groups - gap * (groups - 1)) // (n - groups))
                return cw, step
            cw -= 2

    def middle_need(self) -> int:
        """The least height of the middle: its cards at their smallest, their words, the line or the
        cards thrown before the top."""
        p = self.px
        line = font(self.fs(17)).get_linesize()
        need = card_height(30) + p(4) + line * max(len(lines) for _what, lines in self.columns())
        if self.pos.pile[:-1] or (self.pos.whole_pile and self.pos.pile):
            need += line + card_height(max(30, p(40))) + p(12)
        return need

    def draw_hand(self, surf: pygame.Surface, bottom: int, most: int) -> int:
        """The seat's hand in its groups along ``bottom`` (cards at most ``most`` wide), the lifted
        card raised; returns its top."""
        w = surf.get_width()
        p = self.px
        groups = self.pos.hand
        n = sum(len(g) for g in groups)
        cw, step = self.card_width(n, len(groups), w - p(32), most)
        gap = p(14)
        total = cw * len(groups) + step * (n - len(groups)) + gap * (len(groups) - 1)
        lift = p(16)
        y = bottom - card_height(cw)
        x = (w - total) // 2
        self.card_rects = []
        i = 0
        for g in groups:
            for j, kind in enumerate(g):
                raised = i == self.selected
                pos = (x + j * step, y - (lift if raised else 0))
                rect = pygame.Rect(pos, (cw, card_height(cw)))
                if not raised:
                    self.app.art.draw_face(surf, pos, kind, cw, wild=self.pos.wild[kind])
                self.card_rects.append((rect, kind))
                i += 1
            x += cw + step * (len(g) - 1) + gap
        if self.selected is not None and self.selected < len(self.card_rects):  # the lifted card on top
            rect, kind = self.card_rects[self.selected]
            self.app.art.draw_face(surf, rect.topleft, kind, cw, wild=self.pos.wild[kind])
            pygame.draw.rect(surf, ACCENT, rect.inflate(4, 4), width=3, border_radius=6)
        # only the part of each card not under the next one takes a click (the lifted card: all of it)
        for k in range(len(self.card_rects) - 1):
            rect, kind = self.card_rects[k]
            nxt = self.card_rects[k + 1][0]
            if rect.x < nxt.x < rect.right and k != self.selected:
                self.card_rects[k] = (pygame.Rect(rect.x, rect.y, nxt.x - rect.x, rect.h), kind)
        return y - lift

    def draw_groups(self, surf: pygame.Surface, melds: tuple, x: int, y: int, room: int, cw: int) -> None:
        """Small melds side by side from (x, y), overlapped to fit ``room``."""
        n, k = sum(len(m) for m in melds), len(melds)
        if not n:
            return
        gap = self.px(8)
        step = strip_width(cw)
        if n > k:
            step = max(6, min(step, (room - k * cw - (k - 1) * gap) // (n - k)))
        for m in melds:
            for j, kind in enumerate(m):
                self.app.art.draw_face(surf, (x + j * step, y), kind, cw, wild=self.pos.wild[kind])
            x += cw + step * (len(m) - 1) + gap

    def draw_seats(self, surf: pygame.Surface | None, top: int, one_row: bool = False) -> int:
        """A box a seat other than the puzzle's (its name, its cards, its melds), and the seat's own
        melds when it has laid some; returns the boxes' bottom (``surf`` ``None``: only measured).
        Words too long for a narrow box (many seats, a small window) go on more lines; the melds go
        on more rows too, unless ``one_row`` (a short window) squeezes them into one."""
        w = self.app.screen.get_width()
        p = self.px
        shown = [s for s in self.pos.seats if not s.you or s.melds]
        if not shown:
            return top
        small = max(30, p(40))
        size = self.fs(17)
        line = font(size).get_linesize()
        gap = p(10)
        box_w = (w - p(32) - gap * (len(shown) - 1)) // len(shown)
        room = box_w - p(20)
        texts = []
        for seat in shown:
            name = _("Your melds") if seat.you else shown_name(seat.name)
            lines = [(t, INK, True) for t in wrap(name, size, room, True)]
            lines += [] if seat.you else [(t, MUTED, False) for t in wrap(seat.words(), size, room)]
            texts.append(lines)
        words_h = line * max(len(t) for t in texts)
        rows = [([seat.melds] if seat.melds else []) if one_row else self.meld_rows(seat.melds, room, small)
                for seat in shown]
        row_h = card_height(small) + p(6)
        most = max(len(r) for r in rows)
        box_h = p(8) + words_h + (most * row_h + p(4) if most else 0)
        if surf is None:
            return top + box_h
        for i, (lines, melds) in enumerate(zip(texts, rows)):
            box = pygame.Rect(p(16) + i * (box_w + gap), top, box_w, box_h)
            panel(surf, box, alpha=150)
            y = box.y + p(4)
            for words, colour, bold in lines:
                draw_text(surf, words, (box.x + p(10), y), size, colour, bold, box=box)
                y += line
            for r, row in enumerate(melds):
                self.draw_groups(surf, row, box.x + p(10), box.y + p(8) + words_h + r * row_h, room, small)
        return top + box_h

    def meld_rows(self, melds: tuple, room: int, cw: int) -> list[tuple]:
        """``melds`` in rows that fit ``room`` with their cards' indices showing (a meld wider than
        the room alone on its row, overlapped more)."""
        step = strip_width(cw)
        rows = rows_of([cw + step * (len(meld) - 1) for meld in melds], room, self.px(8))
        return [tuple(melds[i] for i in row) for row in rows]

    def columns(self) -> list[tuple[str, list[str]]]:
        """The middle's columns (stock, discard pile unless the whole line is shown, the card naming
        the wild cards), each with its words' lines."""
        size = self.fs(17)
        stock_words = ngettext("Stock: {n} card", "Stock: {n} cards", self.pos.stock).format(n=self.pos.stock)
        out = [("stock", stock_words)]
        if not (self.pos.whole_pile and self.pos.pile):
            out.append(("pile", _("Discard pile") if self.pos.top is not None else _("No discard yet")))
        if self.pos.joker is not None:
            out.append(("joker", self.pos.joker_words()))
        return [(what, self.column_lines(words, size)) for what, words in out]

    def draw_middle(self, surf: pygame.Surface, area: pygame.Rect) -> None:
        """The stock, the discard pile's top (and the cards thrown before it) and the card that
        names the wild cards at the left, the question or the answer at the right; a discard line
        whose every card is open (taken from at any depth) in a row of its own under them.  When the
        words do not fit beside them, the words take the whole middle (the moves stay buttons)."""
        p = self.px
        size = self.fs(17)
        line = font(size).get_linesize()
        self.stock_rect = self.pile_rect = None
        whole = self.pos.whole_pile and bool(self.pos.pile)
        earlier = () if whole else self.pos.pile[-9:-1]
        small = max(30, p(40))  # the line's and the earlier discards' cards (middle_need counts on it)
        columns = self.columns()
        upper = area.copy()
        if whole:
            upper.h -= card_height(small) + line + p(10)
        reserve = line + card_height(small) + p(10) if earlier else 0
        label_h = line * max(len(lines) for _what, lines in columns)
        cw = max(30, min(p(76), int((upper.h - label_h - p(4) - reserve) / 1.4)))
        width = [max(cw, max(measure(word, size)[0] for word in lines)) for _what, lines in columns]
        board_w = min(sum(width) + p(18) * (len(columns) - 1), area.w * 3 // 5)
        right = area.x + board_w + p(16)
        text_box = pygame.Rect(right, upper.y, area.right - right, upper.h)
        words = self.fitted_words(text_box)
        crowded = words is None or card_height(cw) + p(4) + label_h + reserve > upper.h
        if crowded:  # a short window: the words across the middle, the stock and the joker left out
            columns, earlier = [], ()
            text_box = upper if upper.h >= p(120) else area  # no room above the line: over it
            words = self.fitted_words(text_box)
        if whole:  # the line along the foot of the middle, the whole width
            row_top = area.bottom - card_height(small)
            draw_text(surf, _("The discard line, oldest first:"), (area.x, row_top - line - p(2)), size, MUTED)
            rect = self.draw_row(surf, self.pos.pile, area.x, row_top, area.w, small)
            self.pile_rect = rect if self.take() is not None else None
        x = area.x
        bottom = area.y
        for (what, lines), col_w in zip(columns, width):
            cx = x + col_w // 2
            pos = (cx - cw // 2, area.y)
            if what == "stock":
                if self.pos.stock:
                    rect = self.app.art.draw_back(surf, pos, cw)
                    if self.move_of(("draw_stock",)) is not None:
                        self.stock_rect = rect
            elif what == "pile":
                if self.pos.top is not None:
                    rect = self.app.art.draw_face(surf, pos, self.pos.top, cw, wild=self.pos.wild[self.pos.top])
                    if self.take() is not None:
                        self.pile_rect = rect
            else:
                self.app.art.draw_face(surf, pos, self.pos.joker[1], cw)
            ty = area.y + card_height(cw) + p(4)
            for text_line in lines:
                ty = draw_text(surf, text_line, (cx, ty), size, MUTED, anchor="midtop").bottom
            bottom = max(bottom, ty)
            x += col_w + p(18)
        if earlier:
            y = draw_text(surf, _("Thrown before it:"), (area.x, bottom + p(6)), size, MUTED).bottom + p(4)
            self.draw_row(surf, earlier, area.x, y, board_w, small)
        self.draw_words(surf, text_box, words)
        if crowded and self.pos.top is not None and not whole and self.take() is not None:
            self.pile_rect = None  # the pile is not shown: its button takes it

    def draw_row(self, surf: pygame.Surface, cards: tuple, x: int, y: int, room: int, cw: int) -> pygame.Rect:
        """``cards`` in one overlapped row from (x, y) within ``room``; returns the row's rectangle."""
        step = strip_width(cw)
        if len(cards) > 1:
            step = max(6, min(step, (room - cw) // (len(cards) - 1)))
        for i, kind in enumerate(cards):
            self.app.art.draw_face(surf, (x + i * step, y), kind, cw, wild=self.pos.wild[kind])
        return pygame.Rect(x, y, cw + step * (len(cards) - 1), card_height(cw))

    def column_lines(self, words: str, size: int) -> list[str]:
        """A pile's words under it, on lines of at most about a card and a half."""
        return wrap(words, size, max(84, self.px(120)))

    def answer_lines(self, width: int, size: int, extras: bool = True) -> list[tuple[str, int, tuple, bool]]:
        """The words at the right: (line, size, colour, bold) each, wrapped to ``width``; without
        ``extras``, only what matters (no hint how to answer)."""
        out: list[tuple[str, int, tuple, bool]] = []

        def add(words: str, colour: tuple = INK, bold: bool = False, big: int = 0, extra: bool = False) -> None:
            if extra and not extras:
                return
            for w in wrap(words, size + big, width, bold):
                out.append((w, size + big, colour, bold))

        p = self.puzzle
        if self.tried is None and not self.revealed:
            add(self.pos.question(), ACCENT, True, 4)
            if self.throws():
                add(_(THROW_HOW), MUTED, extra=True)
            elif any(draws(a[0].get("type")) for a in self.options()):
                buttons = bool(self.button_moves()) or len(self.takes()) > 1
                add(_(DRAW_HOW[self.pos.whole_pile, buttons]), MUTED, extra=True)
            elif self.button_moves():
                add(_(BUTTON_HOW), MUTED, extra=True)
            if self.rated:
                add(_("This try is not rated."), MUTED, extra=True)
            return out
        if self.tried is not None:
            add(_("Right!") if self.right else _("Not the best move."), GOOD if self.right else BAD, True, 4)
            add(_("You played: {move}").format(move=self.api.word_move(p, self.tried)))
        if not self.right:
            if self.revealed:
                add(_("The answer: {move}").format(move=self.api.word_move(p, list(p.answer))), GOOD, True)
            else:
                add(_("Try again, or show the answer."), MUTED, extra=True)
        if self.right or self.revealed:
            add(self.api.explain(p, self.tried if self.tried is not None and not self.right else None))
        if self.change is not None:
            before, after = self.change
            delta = round(after.r) - round(before.r)
            add(_("Your rating: {before} → {after} ({change})").format(
                before=round(before.r), after=round(after.r), change=f"{delta:+d}"), ACCENT)
        return out

    def fitted_words(self, box: pygame.Rect) -> list[tuple[str, int, tuple, bool]] | None:
        """The words for ``box``: in smaller type, then without the hints, while they do not fit;
        ``None`` when even that is too tall."""
        p = self.px
        for extras in (True, False):
            for size in range(self.fs(18), 11, -1):
                lines = self.answer_lines(box.w - p(24), size, extras)
                if sum(font(s, b).get_linesize() for _l, s, _c, b in lines) + p(16) <= box.h:
                    return lines
        return None

    def draw_words(self, surf: pygame.Surface, box: pygame.Rect,
                   lines: list[tuple[str, int, tuple, bool]] | None = None) -> None:
        """The question, or the verdict, the answer, why and the rating, in a panel as tall as they are."""
        p = self.px
        if lines is None:
            lines = self.fitted_words(box) or self.answer_lines(box.w - p(24), 12, False)
        height = sum(font(s, b).get_linesize() for _l, s, _c, b in lines) + p(16)
        box = pygame.Rect(box.x, box.y, box.w, min(box.h, max(height, self.px(120))))
        panel(surf, box, alpha=170)
        y = box.y + p(8)
        for words, s, colour, bold in lines:
            draw_text(surf, words, (box.x + p(12), y), s, colour, bold, box=box)
            y += font(s, bold).get_linesize()
