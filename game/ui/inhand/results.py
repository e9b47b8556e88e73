"""The results screen of a deal, for the in-hand games: the frame every game's results share (the
title with how the deal ended, a panel the game fills with its rows, the buttons) and what the
buttons do (the next deal, the replay, the review when the game's bots have one, the end of the
game, or back to the table when it is opened from the menu during a deal).

The buttons always match the match as it stands now: a results screen left under another one whose
Next deal already dealt (or that ended the game) offers what is possible now, never a button that
fails.  A game subclasses :class:`DealResults` with its ``name``, :meth:`headline`,
:meth:`subtitle` and :meth:`draw_rows`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.core.hand_state import OVER  # every in-hand game's last phase ("over")
from game.i18n import N_, _, ngettext
from game.i18n.names import shown_name

from ..scene import Scene, felt, title_bar
from ..widgets import Button, Form, panel


def deal_headline(match: Any, endings: dict[str, str]) -> str:
    """The results' headline: how the deal ended (``endings``: reason -> words marked with ``N_``,
    ``{who}`` the winner's name), or the deals played so far while it goes on."""
    r = match.state.result
    if r is None:
        n = match.series.deals_played
        return ngettext("After {n} deal", "After {n} deals", n).format(n=n)
    who = None if r.winner is None else match.name(r.winner)
    return _(endings.get(r.reason, N_("The deal is over"))).format(who=who)


def names_words(names: list[str]) -> str:
    """``Asha and Ravi``: names in a list (ties)."""
    listed = names[0] if names else ""
    for name in names[1:]:
        # Translators: two names, or a list of names and one more ("Asha and Ravi").
        listed = _("{first} and {last}").format(first=listed, last=name)
    return listed


class DealResults(Scene):
    """See the module docstring.  ``MARGINS``: the panel's side margin and the room under it, and
    the buttons' distance from the bottom (at 1280x720)."""

    REVIEW: ClassVar[str] = N_("Review")  # the review button's words (translated where it is made)
    MARGINS: ClassVar[tuple[int, int, int]] = (30, 90, 70)

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
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
        """The buttons for the match as it stands."""
        self.final, self.game_over = self.mode()
        doc = self.match.last_replay if self.final else None
        replay = [Button(_("Replay"), self.replay, "P")] if doc is not None else []
        reviewer = self.app.games[self.match.game].bots.review
        review = [Button(_(self.REVIEW), self.review, "R")] if doc is not None and reviewer is not None else []
        review += [Button(_("Same cards"), self.same_cards, "C")] if doc is not None else []
        if not self.final:
            buttons = [Button(_("Back"), self.back, "Esc")]
        elif self.game_over:
            buttons = [Button(_("New game"), self.new_game, "Enter"), *replay, *review,
                       Button(_("Title"), self.to_title, "Esc")]
        else:
            buttons = [Button(_("Next deal"), self.next_deal, "Enter"), *replay, *review,
                       Button(_("Menu"), self.table.open_menu, "Esc")]
        self.form = Form(buttons)

    def enter(self) -> None:
        focus = self.form.focus
        self.build()  # back from Settings: the buttons in the language in force
        self.form.focus = focus

    def update(self, dt: float) -> None:
        if self.mode() != (self.final, self.game_over):
            self.build()

    # --- buttons -------------------------------------------------------------------------------

    def back(self) -> None:
        self.app.pop()

    def viewer(self) -> int:
        """The (deal) seat whose view the replay and the review take: the one looking at the table."""
        seat = self.table.viewer
        return seat if seat is not None else (self.match.humans or [0])[0]

    def replay(self) -> None:
        """The deal just played, step by step, from the viewer's seat (every hand shown at its end)."""
        if self.match.last_replay is not None:
            self.app.open("replay", self.match.last_replay, seat=self.viewer())

    def review(self) -> None:
        """The game's review of the viewer's decisions this deal."""
        if self.match.last_replay is not None:
            self.app.open("review", self.match.last_replay, self.viewer())

    def same_cards(self) -> None:
        """This deal played again from its deal with the Expert in the viewer's seat."""
        if self.match.last_replay is not None:
            self.app.open("samecards", self.match.last_replay, self.viewer())

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
        self.drop_save()
        self.app.reset_to(self.app.make("title"))
        self.app.open("newgame")

    def to_title(self) -> None:
        self.drop_save()
        self.app.reset_to(self.app.make("title"))

    def drop_save(self) -> None:
        """The finished game's save goes; after the guided first hand, the match you are playing stays."""
        if not self.match.practice:
            self.app.drop_save()

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

    # --- the game's parts ------------------------------------------------------------------------

    def headline(self) -> str:
        raise NotImplementedError

    def subtitle(self) -> str:
        raise NotImplementedError

    def game_over_words(self, highest_total: bool = False) -> str:
        """``Game over: Meena wins`` (ties shared), ``(highest total)`` after it when asked."""
        m = self.match
        names = [m.series.seats[s].name for s in m.winners()]
        one = len(names) == 1 and names[0] != "You"  # the seat's stored name "You" (newgame), not shown text
        if highest_total:
            words = (_("Game over: {name} wins (highest total)") if one
                     else _("Game over: {names} win (highest total)"))
        else:
            words = _("Game over: {name} wins") if one else _("Game over: {names} win")
        listed = names_words([shown_name(name) for name in names])
        return words.format(name=listed, names=listed)

    def draw_rows(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        raise NotImplementedError

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        top = title_bar(surf, self, self.headline(), self.subtitle())  # a long subtitle wraps
        w, h = surf.get_size()
        p = self.px
        side, under, buttons_y = self.MARGINS
        box = pygame.Rect(p(side), top, w - p(2 * side), h - top - p(under))
        panel(surf, box, alpha=220)
        self.draw_rows(surf, box)
        n = len(self.form.widgets)
        bw = min(p(280), (w - p(40)) // n - p(20))
        x0 = w // 2 - (n * bw + (n - 1) * p(20)) // 2
        for i, b in enumerate(self.form.widgets):
            b.rect = pygame.Rect(x0 + i * (bw + p(20)), h - p(buttons_y), bw, p(50))
        self.form.draw(surf, self.fs(22))
