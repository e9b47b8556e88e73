"""The title screen: the app's name and its games, then Continue (when a saved game exists), New
game, Host a table, Join a table, the Tutorial, Puzzles, the Daily puzzle (its game named, and
whether it was solved today), How to play, Statistics, Settings, Quit in two columns (eleven buttons
in one column do not fit a 1280x720 window under the heading)."""

from __future__ import annotations

import pygame

from game.core.cards import make_kind
from game.i18n import N_, _

from ..cardart import card_height
from ..resources import measure
from ..scene import felt
from ..textdraw import draw_text
from ..widgets import ACCENT, MUTED, Button
from .base import FormScene
from .puzzles import daily_status

NUMBER_WORDS = {2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six")}


def tutorials(app) -> dict[str, object]:
    """The games with a guided first hand (their front's ``tutorial``), by name, in the registry's order."""
    return {name: g.tutorial for name, g in app.games.items() if g.tutorial is not None}


def tutorial_of(app, game: str | None = None):
    """The guided first hand of ``game`` (else of the first game that has one), or ``None``."""
    found = tutorials(app)
    return found.get(game) if game is not None else next(iter(found.values()), None)


def open_tutorial(app, game: str | None = None) -> None:
    """Open the guided first hand of ``game`` (else of the first game that has one) over the scenes below."""
    name, args, kwargs = tutorial_of(app, game)()
    app.open(name, *args, **kwargs)


class TutorialChoiceScene(FormScene):
    """Which game's guided first hand to play: one button a game that has one (a new game gets
    its button by setting its front's ``tutorial``), and Back."""

    name = "tutorials"
    title = N_("Tutorial: your first hand")
    subtitle = N_("Which game would you like to learn?")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form.widgets = [Button(_(self.app.games[name].title), lambda name=name: self.play(name))
                             for name in tutorials(app)] + [Button(_("Back"), self.back, "Esc")]

    def play(self, game: str) -> None:
        self.app.pop()
        open_tutorial(self.app, game)


class TitleScene(FormScene):
    name = "title"
    title = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        items = []
        self.saved = self.app.load_match()  # checked here, so a bad save is reported at once
        if self.saved is not None:
            items.append(Button(_("Continue"), self.continue_game))
        items += [
            Button(_("New game"), lambda: self.app.open("newgame")),
            Button(_("Host a table"), lambda: self.app.open("host")),
            Button(_("Join a table"), lambda: self.app.open("join")),
            *([Button(_("Tutorial: your first hand"), self.tutorial)] if tutorial_of(self.app) else []),
            Button(_("Puzzles"), lambda: self.app.open("puzzles")),
            *self.daily_button(),
            Button(_("How to play"), lambda: self.app.open("howto")),
            Button(_("Statistics"), lambda: self.app.open("stats")),
            Button(_("Settings"), lambda: self.app.open("settings")),
            Button(_("Quit"), self.app.quit),
        ]
        self.form.widgets = items
        self.form.focus = 0
        self.app.dirty = True

    def enter(self) -> None:
        if self.app.network is not None:  # back from a network table: it is left (a hosted one closed, saved)
            self.app.network.close()
        self.build()

    def daily_button(self) -> list[Button]:
        """The day's puzzle, its game named (and whether it was solved today); none without puzzles."""
        found = daily_status(self.app)
        if found is None:
            return []
        _game, title, solved = found
        if solved is None:
            words = _("Daily puzzle: {game}").format(game=title)
        elif solved:
            words = _("Daily puzzle: {game}, solved today").format(game=title)
        else:
            words = _("Daily puzzle: {game}, tried today").format(game=title)
        return [Button(words, lambda: self.app.open("puzzles", daily=True))]

    def tutorial(self) -> None:
        """The guided first hand (never saved over your match, never counted): of the one game that
        has one, else chosen among them."""
        if len(tutorials(self.app)) > 1:
            self.app.push(TutorialChoiceScene(self.app))
        else:
            open_tutorial(self.app)

    def back(self) -> None:
        self.app.quit()

    def continue_game(self, quiet: bool = True) -> None:
        """Open the saved match; without one, stay here (``quiet=False``: and say so)."""
        match = self.saved if self.saved is not None else self.app.load_match()
        self.saved = None  # read again next time: the file changes as the match goes on
        if match is None:
            if not quiet and not self.app.store.notices:
                self.app.toast(_("There is no saved match to continue."))
            self.build()
            return
        if match.network is not None:  # a hosted network table: open it again, its players rejoin
            self.app.open("lobby", resume=match)
            return
        self.app.open(getattr(match, "scene", "table"), match)

    def subtitle_words(self) -> str:
        """What the app holds: its games by name (each front's title, marked for the catalogue)."""
        names = [_(g.title) for g in self.app.games.values()]
        if len(names) == 1:
            return _("The rummy game {game}").format(game=names[0])
        # Translators: the end of a list of the games' names ("Vazhushal, 21 Cards and Marriage").
        listed = _("{games} and {last}").format(games=", ".join(names[:-1]), last=names[-1])
        count = _(NUMBER_WORDS[len(names)]) if len(names) in NUMBER_WORDS else str(len(names))
        return _("{count} rummy games: {games}").format(count=count, games=listed)

    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(felt(surf.get_size()), (0, 0))
        w = surf.get_width()
        art = self.app.art
        cw, step, top = self.px(80), self.px(44), self.px(20)
        fan = [make_kind(1, 0), make_kind(13, 1), make_kind(12, 2), make_kind(11, 3), 52]
        x0 = w // 2 - (cw + step * (len(fan) - 1)) // 2
        for i, k in enumerate(fan):
            art.draw_face(surf, (x0 + i * step, top + abs(i - 2) * self.px(8)), k, cw, wild=k == 52)
        y = top + card_height(cw) + self.px(16) + self.px(6)
        y = draw_text(surf, "Vazhushal", (w // 2, y), self.fs(56), ACCENT, True, "midtop").bottom
        words, size = self.subtitle_words(), self.fs(20)
        while size > 11 and measure(words, size)[0] > w - self.px(24):  # a long translation: smaller type
            size -= 1
        y = draw_text(surf, words, (w // 2, y), size, MUTED, anchor="midtop").bottom
        self.layout(y + self.px(20))
        self.form.draw(surf, self.fs(22))

    def layout(self, top: int) -> None:
        """Two columns of buttons, filled down the first then the second (Up and Down follow them),
        so every button stays in the window with or without Continue, down to 640x480; wider than
        usual (up to half the window) when a caption needs it (a longer translation)."""
        w = self.app.screen.get_width()
        items = self.form.widgets
        rows = (len(items) + 1) // 2
        bh, gap = self.px(44), self.px(10)
        widest = max((measure("› " + b.caption, self.fs(22), True)[0] + 16 for b in items), default=0)
        bw = max(self.px(340), min(widest, w // 2 - gap - self.px(12)))
        for i, widget in enumerate(items):
            column, row = divmod(i, rows)
            x = w // 2 - bw - gap // 2 if column == 0 else w // 2 + (gap + 1) // 2
            widget.rect = pygame.Rect(x, top + row * (bh + gap), bw, bh)
