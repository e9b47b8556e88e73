"""The replay viewer: a finished hand shown again step by step, from one seat's view.

``app.open("replay", doc, seat=None, start=0)`` opens it on a replay document (docs/replays.md)
at step ``start``, seen by ``seat`` (by default the first person at the table, else seat 0).
Steps count states: 0 is the deal, ``i`` the table after the ``i``-th action, so ``start=k``
shows the table as the action ``doc["actions"][k]`` was about to be played (out of range: the
nearest end; a seat out of range: the default).  The
document is played once through its game's checked engine (:class:`~.timeline.Timeline`); a
document that cannot be played, or does not end where it was recorded, never opens: the scene
says why in a message when it enters and closes (no traceback, whatever went wrong).

The scene owns the step, the seat, "every hand shown" and the controls; the game's board (its
front's ``replay`` adapter, ``game.ui.<game>.replay``) draws the table for a :class:`~.board.Frame` and says where
the controls go.  Keys: ←/→ a step, Home/End the deal and the end, PgUp/PgDn the previous and
next key move, Tab (Shift+Tab) the next seat, A every hand, R the review of the seat shown (when
the game has one), Esc or Backspace leaves (back to the scene below, or to the title screen when
the viewer is alone).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.i18n.names import shown_name
from game.replay import MalformedReplay, ReplayError

from ..safe_text import clean_text
from ..scene import Scene
from ..widgets import Button
from .board import Chrome, Frame
from .controls import CONTROLS, SNAP, draw_legend, draw_strip, fit_caption, step_at
from .source import reason
from .timeline import Timeline


def failure_words(exc: BaseException) -> str:
    """Why a replay could not be opened, for a player."""
    if isinstance(exc, MemoryError):
        return _("it is too long for the memory this computer has left")
    if isinstance(exc, ReplayError):
        return clean_text(reason(exc), 200).rstrip(".")
    return _("the replay cannot be played ({error})").format(error=clean_text(type(exc).__name__, 40))


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, doc: dict, seat: int | None = None, start: int = 0) -> None:
        super().__init__(app)
        self.failure: str | None = None
        try:
            game = doc.get("game") if isinstance(doc, dict) else None
            if game not in app.games:
                raise MalformedReplay("unknown_game", _("a replay of a game this window cannot show ({game})").format(
                    game=repr(str(game)[:20])))
            adapter = app.games[game].replay
            self.timeline = Timeline(doc, adapter, app.games[game].bots.levels)
            self.board = adapter.Board(app)
        except (Exception, MemoryError) as exc:  # noqa: BLE001  (one message when it opens, never a traceback)
            self.failure = failure_words(exc)
            return
        self.index = self.timeline.clamp(start)
        players = self.timeline.players
        self.seat = seat if isinstance(seat, int) and 0 <= seat < players else self.timeline.default_seat()
        self.show_all = False
        self.scrubbing = False  # the pointer is held down on the progress strip
        self.pressed: str | None = None  # the button under a press, activated when released on it
        actions = {"first": self.first, "prev_key": self.prev_key, "back": self.back, "next": self.forward,
                   "next_key": self.next_key, "last": self.last, "seat": self.next_seat, "all": self.toggle_all,
                   "review": self.review, "same": self.same_cards, "close": self.close}
        self.buttons = {name: Button(_(captions[0]), actions[name], key) for name, captions, key in CONTROLS}
        self._chrome: Chrome | None = None

    def enter(self) -> None:
        if self.failure is not None:  # a replay that cannot be shown: say why, back where it was opened
            self.app.toast(_("This replay could not be opened: {reason}.").format(reason=self.failure), 10.0)
            self.close()

    # --- what is shown ---------------------------------------------------------------------------

    def frame(self) -> Frame:
        return Frame(self.timeline, self.index, self.seat, self.show_all)

    @property
    def state(self) -> Any:
        """The state shown: ``game.replay.states(doc)[index]``."""
        return self.timeline.states[self.index]

    def chrome(self) -> Chrome:
        """Where the controls are now (the board's answer for this frame and window size)."""
        self._chrome = self.board.chrome(self.frame())
        return self._chrome

    # --- commands --------------------------------------------------------------------------------

    def go(self, index: int) -> None:
        self.index = self.timeline.clamp(index)
        self.app.dirty = True

    def first(self) -> None:
        self.go(0)

    def last(self) -> None:
        self.go(self.timeline.last)

    def back(self) -> None:
        self.go(self.index - 1)

    def forward(self) -> None:
        self.go(self.index + 1)

    def prev_key(self) -> None:
        self.go(self.timeline.prev_key(self.index))

    def next_key(self) -> None:
        self.go(self.timeline.next_key(self.index))

    def next_seat(self, delta: int = 1) -> None:
        self.seat = (self.seat + delta) % self.timeline.players
        self.app.dirty = True

    def toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.app.dirty = True

    def can_review(self) -> bool:
        """The game has a review (its bot front's)."""
        return self.app.games[self.timeline.doc["game"]].bots.review is not None

    def review(self) -> None:
        """The game's review of the decisions of the seat shown."""
        if self.can_review():
            self.app.open("review", self.timeline.doc, self.seat)

    def same_cards(self) -> None:
        """The hand played again from its deal with the Expert in the seat shown, the others as they were."""
        self.app.open("samecards", self.timeline.doc, self.seat)

    def close(self) -> None:
        """Back to the scene that opened the viewer, or to the title screen."""
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.reset_to(self.app.make("title"))

    # --- input -----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.scrubbing:
            self.scrub(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.board.scroll(pygame.mouse.get_pos(), event.y):
                self.app.dirty = True

    def key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_TAB:
            self.next_seat(-1 if mod & pygame.KMOD_SHIFT else 1)
            return
        actions = {pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward, pygame.K_HOME: self.first,
                   pygame.K_END: self.last, pygame.K_PAGEUP: self.prev_key, pygame.K_PAGEDOWN: self.next_key,
                   pygame.K_a: self.toggle_all, pygame.K_r: self.review, pygame.K_c: self.same_cards,
                   pygame.K_ESCAPE: self.close,
                   pygame.K_BACKSPACE: self.close}
        if key in actions:
            actions[key]()

    def strip_zone(self, chrome: Chrome) -> pygame.Rect:
        """Where a press lands on the strip: a little taller than the strip, easy to hit."""
        return chrome.strip.inflate(0, self.px(8))

    def mouse_down(self, pos: tuple[int, int]) -> None:
        chrome = self._chrome or self.chrome()
        for name, rect in chrome.buttons.items():
            if rect.collidepoint(pos):
                self.pressed = name
                return
        if self.strip_zone(chrome).collidepoint(pos):
            self.scrubbing = True
            self.scrub(pos)

    def scrub(self, pos: tuple[int, int]) -> None:
        chrome = self._chrome or self.chrome()
        self.go(step_at(chrome.strip, pos, self.timeline, self.px(SNAP)))

    def mouse_up(self, pos: tuple[int, int]) -> None:
        pressed, self.pressed = self.pressed, None
        self.scrubbing = False
        chrome = self._chrome or self.chrome()
        if pressed is not None and chrome.buttons[pressed].collidepoint(pos):
            self.buttons[pressed].activate()

    # --- drawing ---------------------------------------------------------------------------------

    def update_buttons(self, chrome: Chrome, size: int) -> None:
        """Rects from the board; captions that fit them; what cannot be done now, greyed."""
        at_start, at_end = self.index == 0, self.index == self.timeline.last
        for name, captions, _key in CONTROLS:
            button = self.buttons[name]
            button.rect = chrome.buttons[name]
            if name == "seat":
                captions = (_("Seat: {name}").format(name=shown_name(self.timeline.names[self.seat])), _("Seat"))
            elif name == "all" and self.show_all:
                captions = (_("Show one hand"), _("One hand"), _("One"))
            else:
                captions = tuple(_(c) for c in captions)  # marked in CONTROLS
            fit_caption(button, captions, size)
        for name in ("first", "prev_key", "back"):
            self.buttons[name].enabled = not at_start
        for name in ("next", "next_key", "last"):
            self.buttons[name].enabled = not at_end
        self.buttons["review"].enabled = self.can_review()

    def draw(self, surf: pygame.Surface) -> None:
        frame = self.frame()
        self.board.draw(surf, frame)
        chrome = self.chrome()
        size = self.fs(18)
        self.update_buttons(chrome, size)
        for button in self.buttons.values():
            button.draw(surf, False, size)
        draw_strip(surf, chrome.strip, self.timeline, self.index, self.px)
        if chrome.legend is not None:
            draw_legend(surf, chrome.legend, self.fs(16), self.px)
