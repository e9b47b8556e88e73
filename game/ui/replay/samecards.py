"""Same cards, another player: the hand just played (or any replay) played again from its deal with
the Expert (or Medium) in your seat, the other seats as they were (:mod:`ai.same_cards`).

The hand is played off the UI thread with a progress bar and can be cancelled.  Then the two
endings side by side (who won, after how many of your turns, your points), the first move where the
two hands parted, and what could not be played again exactly.  "Show me" opens the replay of
either hand at that move.

The levels (``Expert``, ``Medium``) are values; they and this screen's words are translated where
shown.  The notes and the points' word are :mod:`ai.same_cards`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ai.same_cards import Cancelled, Ending, SameCards, play_again
from game.i18n import N_, _
from game.i18n.names import shown_name

from .. import background
from ..background import Job, progress_bar
from ..resources import font, wrap
from ..safe_text import clean_name
from ..scene import Scene, felt, title_bar
from ..textdraw import fit_lines, note_elided
from ..widgets import ACCENT, BAD, GOOD, INK, MUTED, Button, Form, arrange_buttons, label, panel
from .timeline import Timeline

LEVELS = ("Expert", "Medium")  # who can take your seat; the other is one click away


@dataclass
class Played(Job):
    """The hand played again in the background (:attr:`result`: a :class:`SameCards`)."""

    moves: tuple[str, str] = ("", "")  # the move each hand made where they parted, in words


# a loss by a winner's way out ({winners}: their names)
HOW = {"declared": N_("Lost: {winners} showed"), "went_out": N_("Lost: {winners} went out"),
       "dublees": N_("Lost: {winners} finished with dublees")}
LOST = N_("Lost: {winners} won")  # any other way out
ENDED = {"declared": N_("a show"), "went_out": N_("going out"), "dublees": N_("dublees"),
         "stock_out": N_("the stock ran out"), "all_dropped": N_("the others dropped"),
         "all_out": N_("the others were out"), "void": N_("no winner: the deal was void"),
         "invalid_declaration": N_("an invalid show"), "unfinished": N_("given up unfinished")}  # how a hand ended


def both(names: list[str]) -> str:
    """Names joined as players read them: ``Meena and Ravi`` (``A and B and C`` for three)."""
    out = names[0] if names else ""
    for name in names[1:]:
        # Translators: two names (or a list so far, then a name) joined: "Meena and Ravi".
        out = _("{first} and {second}").format(first=out, second=name)
    return out


def ending_words(e: Ending, names: list[str] | None = None, seat: int | None = None) -> tuple[str, tuple]:
    """How a hand ended for the seat, in a few words, and its colour: ``Won (a show)``, ``Lost:
    Meena showed`` (``names``: the seats' names; ``seat``: the one compared)."""
    how = _(ENDED[e.ending]) if e.ending in ENDED else e.ending.replace("_", " ")
    if e.won == 1:
        return _("Won ({how})").format(how=how), GOOD
    if e.won:
        return _("Shared the win ({how})").format(how=how), GOOD
    others = [names[w] for w in e.winners if w != seat and 0 <= w < len(names)] if names else []
    if others:
        return _(HOW.get(e.ending, LOST)).format(winners=both(others)), BAD
    return _("Lost ({how})").format(how=how), BAD


class SameCardsScene(Scene):
    name = "samecards"

    def __init__(self, app, doc: dict, seat: int, level: str = "Expert") -> None:
        super().__init__(app)
        self.doc = doc
        self.seat = seat
        self.level = level
        self.job = Played()
        self.cancel_button = Button(_("Cancel"), self.back, "Esc")
        self.mine_button = Button(_("Show me: you"), self.show_mine, "Enter")
        self.theirs_button = Button(_("Show me: {level}").format(level=_(level)), self.show_theirs, "E")
        other = next(lv for lv in LEVELS if lv != level)
        self.other_button = Button(_("{level} instead").format(level=_(other)), self.switch, "M")
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.form = Form([self.cancel_button])
        self.top = self.bottom = 0  # the columns' room between the heading and the buttons, as last drawn
        self.start()

    # --- the hand played again -----------------------------------------------------------------

    def start(self) -> None:
        def work(progress, cancel) -> SameCards:
            result = play_again(self.doc, self.seat, self.level, progress=progress, cancel=cancel)
            self.job.moves = self.parting_words(result)
            return result

        background.start(self.app, self.job, work, Cancelled)

    def parting_words(self, result: SameCards) -> tuple[str, str]:
        """What each hand's move was where the two parted, as the replay viewer words it."""
        k = result.first_difference
        if k is None:
            return "", ""
        table = self.app.games[self.doc["game"]]
        words = []
        for doc in (self.doc, result.again):
            if k < len(doc["actions"]):
                timeline = Timeline(doc, table.replay, table.bots.levels)
                if doc is result.again:  # the hand played again is told with the level in the seat
                    timeline.names[self.seat] = _(self.level)
                words.append(timeline.captions[k + 1])
            else:
                words.append(_("the hand was already over"))
        return words[0], words[1]

    def back(self) -> None:
        self.job.cancelled = True
        self.app.pop()

    def switch(self) -> None:
        """The same comparison with the other level in the seat."""
        other = next(lv for lv in LEVELS if lv != self.level)
        self.job.cancelled = True
        self.app.replace(self.app.make("samecards", self.doc, self.seat, other))

    def busy(self) -> bool:
        return not self.job.finished.is_set()

    def update(self, dt: float) -> None:
        if self.job.finished.is_set() and self.form.widgets == [self.cancel_button]:
            result = self.job.result
            parted = result is not None and result.first_difference is not None
            self.mine_button.enabled = self.theirs_button.enabled = parted
            self.form.widgets = [self.mine_button, self.theirs_button, self.other_button, self.back_button]
            self.form.focus = 0 if parted else 3
            self.app.dirty = True

    def show_mine(self) -> None:
        self._show(self.doc)

    def show_theirs(self) -> None:
        if self.job.result is not None:
            self._show(self.job.result.again)

    def _show(self, doc: dict) -> None:
        """A replay at the first move where the two hands parted, from this seat's view."""
        result = self.job.result
        if result is not None and result.first_difference is not None:
            self.app.open("replay", doc, seat=self.seat, start=min(result.first_difference, len(doc["actions"])))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.form.handle(event)

    # --- drawing -------------------------------------------------------------------------------

    def lines(self) -> tuple[str, str]:
        names = [shown_name(clean_name(str(s.get("name", "?")))) for s in self.doc["initial"]["seats"]]
        level = _(self.level)
        head = _("Same cards: {name} and {level}, hand {number}").format(name=names[self.seat], level=level,
                                                                          number=self.doc.get("hand_no", 0) + 1)
        job = self.job
        if job.error:
            return head, _("The hand could not be played again ({reason}).").format(reason=job.error)
        if job.result is None:
            return head, _("{level} is playing your seat: move {number}…").format(level=level, number=job.done + 1)
        r = job.result
        if r.first_difference is None:
            return head, _("{level} played every move as you did.").format(level=level)
        if r.duplicate > 0:
            verdict = _("You won where {level} did not.").format(level=level)
        elif r.duplicate < 0:
            verdict = _("{level} won where you did not.").format(level=level)
        else:
            verdict = _("The same result for both.")
        number = r.first_difference + 1
        if r.difference_seat == self.seat:
            parted = _("The hands parted at move {number} (you).").format(number=number)
        else:
            parted = _("The hands parted at move {number} (seat {seat}).").format(
                number=number, seat=(r.difference_seat or 0) + 1)
        return head, f"{verdict} {parted}"

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        head, sub = self.lines()
        w, h = surf.get_size()
        p = self.px
        y = max(p(76), title_bar(surf, self, head) - p(12))
        for line in wrap(sub, self.fs(20), w - p(60)):
            label(surf, line, (w // 2, y), self.fs(20), MUTED, anchor="midtop")
            y += font(self.fs(20)).get_linesize()
        self.top = max(p(130), y + p(12))
        buttons_top = arrange_buttons(self.form.widgets, self.fs(18), w // 2, h - p(16), w - p(60), p(300), p(50),
                                      p(16))
        self.bottom = buttons_top - p(30)
        if self.job.result is None:
            self.draw_progress(surf)
        else:
            self.draw_columns(surf, self.job.result)
        self.form.draw(surf, self.fs(18))

    def draw_progress(self, surf: pygame.Surface) -> None:
        progress_bar(surf, self, self.job,
                     _("The same deal, the same stock and the same opponents, playing as they would."))

    def column(self, r: SameCards, k: int, width: int) -> list[tuple[str, int, tuple, bool, int]]:
        """One side's lines, wrapped whole to ``width``: (words, type size, colour, bold, the room
        above it)."""
        p = self.px
        names = [shown_name(clean_name(str(seat.get("name", "?")))) for seat in self.doc["initial"]["seats"]]
        e = r.yours if k == 0 else r.theirs
        out = [(line, self.fs(24), INK, True, 0) for line in wrap(_("You") if k == 0 else _(self.level), self.fs(24),
                                                                width, True)]
        words, colour = ending_words(e, names, self.seat)
        out += [(line, self.fs(22), colour, True, p(12) if i == 0 else 0)
                for i, line in enumerate(wrap(words, self.fs(22), width, True))]
        turns = (_("after {turns} of your turns ({moves} moves in all)") if k == 0 else
                 _("after {turns} of its turns ({moves} moves in all)"))
        facts = [turns.format(turns=e.turns, moves=e.actions)]
        others = [names[s] for s in e.winners if s != self.seat]
        if others and e.won:  # a shared win (a loss names the winners above)
            facts.insert(0, _("shared with {players}").format(players=both(others)))
        if e.points is not None:
            facts.append(_("{what}: {points}").format(what=_(e.points_word), points=f"{e.points:g}"))
        for j, fact in enumerate(facts):
            out += [(line, self.fs(19), INK, False, (p(10) if j == 0 else p(8)) if i == 0 else 0)
                    for i, line in enumerate(wrap(fact, self.fs(19), width))]
        move = self.job.moves[k] if k < len(self.job.moves) else ""
        if move and r.first_difference is not None:
            at = _("At move {number}:").format(number=(r.first_difference or 0) + 1)
            out += [(line, self.fs(18), MUTED, True, p(18) if i == 0 else 0)
                    for i, line in enumerate(wrap(at, self.fs(18), width, True))]
            out += [(line, self.fs(19), ACCENT, False, p(6) if i == 0 else 0)
                    for i, line in enumerate(fit_lines(wrap(move, self.fs(19), width), 4))]
        return out

    def draw_columns(self, surf: pygame.Surface, r: SameCards) -> None:
        w, h = surf.get_size()
        p = self.px
        top, bottom = self.top, self.bottom
        note_step = max(self.fs(17) + p(4), font(self.fs(17)).get_linesize())
        notes_h = note_step * min(4, len(self.note_lines(r, w))) + p(16) if r.notes else 0
        width = w // 2 - p(36) - p(36)
        columns = [self.column(r, k, width) for k in (0, 1)]

        def step(size: int, bold: bool) -> int:
            return max(size + p(6), font(size, bold).get_linesize())

        content = p(28) + max(sum(above + step(size, bold) for _w, size, _c, bold, above in lines) for lines in columns)
        box_h = min(bottom - top - notes_h, content)
        for k, lines in enumerate(columns):
            box = pygame.Rect(p(24) + k * (w // 2 - p(12)), top, w // 2 - p(36), box_h)
            panel(surf, box)
            x, y = box.x + p(18), box.y + p(14)
            for words, size, colour, bold, above in lines:
                y += above
                if y + step(size, bold) > box.bottom:  # no room left in the box: the rest counts as cut
                    note_elided(words)
                    continue
                label(surf, words, (x, y), size, colour, bold)
                y += step(size, bold)
        if r.notes:
            y = top + box_h + p(12)
            for line in fit_lines(self.note_lines(r, w), 4):
                label(surf, line, (p(30), y), self.fs(17), MUTED)
                y += note_step

    def note_lines(self, r: SameCards, w: int) -> list[str]:
        out: list[str] = []
        for note in r.notes:
            out += wrap(note, self.fs(17), w - self.px(60))
        return out

