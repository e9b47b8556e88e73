"""New game: the game, 2-6 seats (Human, a bot level or any registered bot by name; editable
names), the rule preset first (and the options a game shows beside it, such as the match length),
every house rule of the game's rule book under "Advanced" (each with one line saying what it does,
with an example).  Everything a game offers comes from its front (``app.games``: presets and house
rules as data, its levels, its match class), so this screen never names a game.  Default: the
game and seats started last (kept in the settings), else the first game, you against one Medium bot.

Names: one person at the table is "You"; when several people sit (hot seat) the seats they have
not named are "Player 1", "Player 2"..., so "You" only ever means the seat looking at the screen.
Starting a game while a match can be continued asks first, naming the match it would replace.

What a game's front offers (its title, blurb, presets, house rules' captions, choices and lines) is
English marked for the catalogue in its setup; this screen translates it where it is shown, and keeps
the English values (presets and levels are stored in the settings).  Seat names are values: the
defaults ("You", "Player 1", the bots' names) stay English (other screens compare "You"); a field
shows a default name in the player's language (:func:`game.i18n.names.shown_name`) until the player types."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from ai import match_me
from ai.personality import styles_of
from ai.strength import merged_levels
from game.i18n import N_, _, ngettext
from game.i18n.names import BOT_NAMES, shown_name

from ..bots import (
    HUMAN,
    PLAIN,
    choice_shown,
    join_seat,
    level_description,
    level_measured,
    level_shown,
    match_me_words,
    seat_choices,
    split_seat,
    styled,
)
from ..front import HouseRule, TableFront
from ..match import SeatSetup
from ..resources import elide, font, wrap
from ..widgets import MUTED, Button, Choice, TextField, label
from .base import FormScene
from .confirm import ConfirmScene

WORDS_SIZE = 15  # pixels at 1280x720: the line under each rule
WHOLE = 20  # lines: a rule's words are shown whole (none is near this long)


class NewGameScene(FormScene):
    name = "newgame"
    title = N_("New game")
    subtitle = N_("Seats, rules and match length")
    remember = True  # opens on the game and seats started last, and keeps those it starts

    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.seats = [SeatSetup("You", HUMAN), SeatSetup(BOT_NAMES[0], "Medium")]
        self.named: set[int] = set()  # seats whose name the player typed (never renamed for them)
        self.game = next(iter(app.games))
        # each game keeps its own choices while the player looks at another
        self.choices = {name: (front.setup.default_preset, front.setup.default_rules())
                        for name, front in app.games.items()}
        self.advanced = False
        self.described: set[int] = set()  # ids of the rule widgets whose line is shown
        self.rules_first = 0  # the first row of the rules column in view (when its rows do not fit)
        self.followed = None  # the focused widget the column last scrolled to
        self.hidden_rules: set[int] = set()  # ids of the rule widgets scrolled out of view
        self.more_rules = (0, 0)  # rows out of view above and below
        if self.remember:
            self.recall()
        self.build()

    def recall(self) -> None:
        """The game and seats started last, when that game is still here and the seats fit it."""
        settings = self.app.settings
        if settings.last_game not in self.app.games:
            return
        self.game = settings.last_game
        seats = [SeatSetup(name, level) for name, level in
                 ((name, self.fitting(level)) for name, level in settings.last_seats) if level is not None]
        low, high = self.front.setup.players
        if len(seats) == len(settings.last_seats) and low <= len(seats) <= high:
            self.seats = seats
            self.default_names()

    def keep(self, seats: list[SeatSetup]) -> None:
        """Remember the game and seats started (the next New game opens on them)."""
        settings = self.app.settings
        settings.last_game = self.game
        settings.last_seats = [[s.name, s.level] for s in seats]
        self.app.save_settings()

    # --- the game's choices ----------------------------------------------------------------------

    @property
    def front(self) -> TableFront:
        return self.app.games[self.game]

    @property
    def preset(self) -> str:
        return self.choices[self.game][0]

    @property
    def rules(self):  # the game's rule set as chosen (any player count)
        return self.choices[self.game][1]

    def _choose(self, preset: str, rules) -> None:
        self.choices[self.game] = (preset, rules)

    def levels(self) -> list[str]:
        """The seat choices of the game chosen (:func:`game.ui.bots.seat_choices`)."""
        return seat_choices(self.front.bots)

    def fitting(self, level: str) -> str | None:
        """``level`` (a stored seat level, a style and all) as a seat of the game chosen can be: a
        level merged into another as that one; ``None`` when it is none of the game's choices."""
        bots = self.front.bots
        choice, style = split_seat(bots, level)
        choice = merged_levels(bots).get(choice, choice)
        if choice not in self.levels() or (style is not None and style not in styles_of(bots)):
            return None
        return join_seat(choice, style if styled(bots, choice) else None)

    def set_game(self, j: int) -> None:
        self.game = list(self.app.games)[j]
        levels = self.levels()
        fallback = "Medium" if "Medium" in levels else levels[1]
        self.seats = [dataclasses.replace(s, level=self.fitting(s.level) or fallback) for s in self.seats]
        low, high = self.front.setup.players
        while len(self.seats) > high:
            self.seats.pop()
        while len(self.seats) < low:
            self.add_seat()
        self.build()

    # --- widgets --------------------------------------------------------------------------------

    def build(self) -> None:
        bots = self.front.bots
        levels = self.levels()
        styles = [None, *styles_of(bots)]
        self.seat_widgets: list[tuple[TextField, Choice]] = []
        self.style_widgets: dict[int, Choice] = {}  # seat -> its style (a bot that can play in one)
        widgets = []
        # the levels stay English (stored in the settings); a kept level names those merged into it
        # ("Medium = Hard") where the words fit, else only its own (layout() chooses)
        self.shown = ([choice_shown(bots, level) for level in levels], [level_shown(level) for level in levels])
        shown = self.shown[0]
        for i, seat in enumerate(self.seats):
            # a default name is shown in the player's language; it stays English until the player types
            name = TextField(seat.name if i in self.named else shown_name(seat.name), 14,
                             on_change=lambda v, i=i: self.set_seat(i, name=v))
            choice, style = split_seat(bots, seat.level)
            kind = Choice("", shown, levels.index(choice) if choice in levels else 0,
                          on_change=lambda j, i=i: self.set_choice(i, levels[j]))
            kind.compact = True  # the seat's row is narrow: its frame shows the focus
            self.seat_widgets.append((name, kind))
            widgets += [name, kind]
            if styled(bots, choice) and len(styles) > 1:
                self.style_widgets[i] = Choice("", [_(PLAIN) if x is None else _(x).capitalize() for x in styles],
                                               styles.index(style) if style in styles else 0,
                                               on_change=lambda j, i=i: self.set_style(i, styles[j]))
                self.style_widgets[i].compact = True  # a narrow choice: its frame shows the focus
                widgets.append(self.style_widgets[i])
        low, high = self.front.setup.players
        self.add = Button(_("Add player"), self.add_seat)
        self.remove = Button(_("Remove player"), self.remove_seat)
        self.add.enabled = len(self.seats) < high
        self.remove.enabled = len(self.seats) > low
        names = list(self.app.games)
        game = Choice(_("Game"), [_(self.app.games[g].title) for g in names], names.index(self.game), self.set_game)
        self.game_choice = game  # describe() knows it by identity (its caption is in the player's language)
        self.rule_widgets = [game] + self.game_widgets()
        self.start = Button(_("Start"), self.start_game, "Enter")
        self.back_button = Button(_("Back"), self.back, "Esc")
        focus = self.form.focus
        self.form.widgets = widgets + [self.add, self.remove] + self.rule_widgets + [self.start, self.back_button]
        self.form.focus = focus

    def game_widgets(self) -> list:
        """The preset, the options shown beside it, then (under Advanced) the house rules."""
        setup = self.front.setup
        presets = list(setup.presets) + ([N_("Custom")] if self.preset not in setup.presets else [])
        self.preset_choice = Choice(_("Preset"), [_(name) for name in presets], presets.index(self.preset),
                                    self.set_preset)
        out: list = [self.preset_choice]
        out += [self.rule_widget(rule) for rule in setup.rules if not rule.advanced]
        out.append(Button(("▾ " if self.advanced else "▸ ") + _("Advanced: house rules"), self.toggle_advanced))
        if self.advanced:
            out += [self.rule_widget(rule) for rule in setup.rules if rule.advanced]
        return out

    def rule_widget(self, rule: HouseRule) -> Choice:
        widget = Choice(_(rule.caption), [_(words) for words in rule.words], rule.index(self.rules),
                        lambda j, rule=rule: self.set_rule(**{rule.option: rule.values[j]}))
        widget.rule = rule  # type: ignore[attr-defined]  (describe() reads it)
        return widget

    # --- changes --------------------------------------------------------------------------------

    def set_seat(self, i: int, **change: str) -> None:
        self.seats[i] = dataclasses.replace(self.seats[i], **change)
        if "name" in change:
            self.named.add(i)
        if "level" in change and self.default_names():
            self.build()

    def set_choice(self, i: int, choice: str) -> None:
        """A seat's choice changed (its style kept when the new choice can play in one)."""
        bots = self.front.bots
        before, style = split_seat(bots, self.seats[i].level)
        self.set_seat(i, level=join_seat(choice, style if styled(bots, choice) else None))
        if styled(bots, before) != styled(bots, choice):
            self.build()  # the seat's style choice comes or goes

    def set_style(self, i: int, style: str | None) -> None:
        choice, _style = split_seat(self.front.bots, self.seats[i].level)
        self.set_seat(i, level=join_seat(choice, style))

    def default_names(self) -> bool:
        """Name the seats the player has not named: "You" for the one person at the table,
        "Player 1", "Player 2"... when several sit, a bot's name for a bot.  True when one changed."""
        humans = [i for i, seat in enumerate(self.seats) if seat.level == HUMAN]
        changed = False
        for i, seat in enumerate(self.seats):
            if i in self.named:
                continue
            default = seat.name in BOT_NAMES or seat.name == "You" or seat.name.startswith("Player ")
            if not default:
                continue
            if seat.level == HUMAN:
                name = "You" if len(humans) == 1 else f"Player {humans.index(i) + 1}"
            elif seat.name in BOT_NAMES:
                continue
            else:
                used = {s.name for s in self.seats}
                name = next((n for n in BOT_NAMES if n not in used), f"Player {i + 1}")
            if name != seat.name:
                self.seats[i] = dataclasses.replace(seat, name=name)
                changed = True
        return changed

    def add_seat(self) -> None:
        if len(self.seats) < self.front.setup.players[1]:
            used = {s.name for s in self.seats}
            name = next((n for n in BOT_NAMES if n not in used), f"Player {len(self.seats) + 1}")
            self.seats.append(SeatSetup(name, "Medium"))
            self.named.discard(len(self.seats) - 1)
            self.build()

    def remove_seat(self) -> None:
        if len(self.seats) > self.front.setup.players[0]:
            self.seats.pop()
            self.named.discard(len(self.seats))
            self.default_names()
            self.build()

    def set_preset(self, j: int) -> None:
        setup = self.front.setup
        if j >= len(setup.presets):  # "Custom": the house rules as they are set
            return
        name = list(setup.presets)[j]
        self._choose(name, setup.pick(self.rules, name))
        seats = setup.preset_players.get(name)
        if seats is not None:  # a preset made for a number of players
            while len(self.seats) < seats:
                self.add_seat()
            while len(self.seats) > seats:
                self.remove_seat()
        self.build()

    def set_rule(self, **change: object) -> None:
        rules = dataclasses.replace(self.rules, **change)
        preset = self.front.setup.matching_preset(rules, self.preset)
        before = self.preset
        self._choose(preset, rules)
        if preset != before:
            self.build()  # the preset shown follows the house rules

    def toggle_advanced(self) -> None:
        self.advanced = not self.advanced
        self.build()

    def match_me_words(self, level: str) -> str:
        """Where Match me stands in the game chosen (a Match me seat's second line)."""
        if not match_me.is_match_me(level):
            return ""
        me = self.app.stats.match_me.get(self.game)
        if me is None:
            return _("It starts at your skill rating in this game, or at Medium's 0 before you have one.")
        return match_me_words(me, self.front.bots)

    def seat_words(self, level: str) -> str:
        """What a seat's choice means, under the seats (the host's screen adds its own choices)."""
        return level_description(self.front.bots, level)

    def describe(self, widget) -> str:
        """The line under a rule widget: what the game, the preset or the house rule does."""
        if widget is getattr(self, "game_choice", None):
            return _(self.front.blurb)
        if widget is getattr(self, "preset_choice", None):
            words = self.front.setup.preset_words.get(self.preset)
            return _(words) if words else _("Your own mix of the house rules below.")
        rule = getattr(widget, "rule", None)
        words = rule.describe(self.rules) if rule is not None else ""
        return _(words) if words else ""

    def words_size(self) -> int:
        return max(11, self.px(WORDS_SIZE))

    def words_step(self) -> int:
        return max(self.px(WORDS_SIZE + 5), self.words_size() + 2, font(self.words_size()).get_linesize())

    def words_gap(self) -> int:
        """Between a rule widget and its words: two pixels clear of it at least (Devanagari and
        Tamil, and accented letters, sit high in their line)."""
        return max(self.px(1), 3)

    def words_height(self, lines: list[str]) -> int:
        """The height of a rule widget's words under it (none: nothing)."""
        return self.words_gap() + len(lines) * self.words_step() if lines else 0

    def words_lines(self, widget) -> list[str]:
        """A rule widget's words, wrapped to the rules column (``words_most`` lines at most, the last cut)."""
        words = self.describe(widget)
        if not words:
            return []
        width = min(self.px(570), self.app.screen.get_width() - widget.rect.x - self.px(24))
        lines = wrap(words, self.words_size(), max(40, width))
        most = getattr(self, "words_most", WHOLE)
        if len(lines) > most:
            lines = lines[:most - 1] + [elide(" ".join(lines[most - 1:]), self.words_size(), max(40, width))]
        return lines

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:  # the rules column scrolls (layout keeps it in range)
            self.rules_first -= event.y
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.form.focused
            if not isinstance(focused, Button):  # "Start  Enter": a choice changes by ←/→ or Space, never by Enter
                self.start_game()
                return
        super().handle(event)

    def start_game(self) -> None:
        """Start the game chosen; when a match can be continued, ask first (it would be replaced)."""
        saved = self.app.load_match()
        if saved is not None and not _finished(saved):
            self.app.open("confirm", _("Replace your saved match?"),
                          _("Starting this game ends {match}: it could not be continued any more.").format(
                              match=saved_words(self.app, saved)), _("Start new game"), self.start_now, _("Keep it"))
            return
        self.start_now()

    def start_now(self) -> None:
        """Start the game chosen; the first time a game with a guided first hand starts here, offer
        that hand first (the settings remember which games' hands were offered)."""
        settings = self.app.settings
        if self.front.tutorial is not None and self.game not in settings.tutorials_offered:
            settings.tutorials_offered = [*settings.tutorials_offered, self.game]
            self.app.save_settings()
            self.app.push(TutorialOffer(self.app, _(self.front.title), self.start_match, self.front.tutorial))
            return
        self.start_match()

    def start_match(self) -> None:
        front = self.front
        seats = [SeatSetup(s.name.strip() or f"Player {i + 1}", s.level) for i, s in enumerate(self.seats)]
        match = front.match.new(seats, self.rules.with_players(len(seats)), self.seed)
        if match.follows:
            match.follow(self.app.match_me_start(self.game))
        if self.remember:
            self.keep(seats)
        self.app.autosave(match)
        self.app.sounds.play("deal")
        self.app.replace(self.app.make(match.scene, match))

    # --- drawing --------------------------------------------------------------------------------

    def layout(self, top: int) -> None:
        w, h = self.app.screen.get_size()
        p = self.px
        head = max(p(30), font(self.fs(20), True).get_linesize() + 4)  # the columns' headings, then their rows
        after = max(p(4), 4)  # below a rule's words, before the next rule
        left = w // 2 - p(600)
        right = w // 2 + p(20)
        y = top + head
        seat_h = p(42)  # taller when a seat's choice needs its value on two lines (a long word)
        # name | choice | style (a bot that can play in one; else the choice runs on)
        # the names as wide as the longest needs (from 140 to 230 at 1280x720), the choices the rest
        gap, style_w = p(6), (p(196) if self.style_widgets else 0)
        longest = max((font(self.fs(20)).size(name.value + "|")[0] + 18 for name, _kind in self.seat_widgets),
                      default=0)
        name_w = min(p(230), max(p(140), longest))
        kind_w = p(570) - name_w - gap - (style_w + gap if style_w else 0)
        placed = []
        for i, (_name, kind) in enumerate(self.seat_widgets):
            style = self.style_widgets.get(i)
            kind.caption = ""
            kind.rect = pygame.Rect(left + name_w + gap, y, kind_w if style else kind_w + gap + style_w, seat_h)
            if style is not None:
                style.caption = ""
                style.rect = pygame.Rect(kind.rect.right + gap, y, style_w, seat_h)
            placed += [kind] + ([style] if style else [])
        if any(widget.tall(self.fs(20)) for widget in placed):
            seat_h = max(seat_h, max(widget.two_line_height(self.fs(20)) for widget in placed))
        for i, (name, kind) in enumerate(self.seat_widgets):
            name.rect = pygame.Rect(left, y, name_w, seat_h)
            kind.rect.y, kind.rect.h = y, seat_h
            kind.options = [full if kind.value_fits(full, self.fs(20)) else short for full, short in zip(*self.shown)]
            style = self.style_widgets.get(i)
            if style is not None:
                style.rect.y, style.rect.h = y, seat_h
            y += seat_h + gap
        self.add.rect = pygame.Rect(left, y + p(6), p(280), p(42))
        self.remove.rect = pygame.Rect(left + p(290), y + p(6), p(280), p(42))
        self.start.rect = pygame.Rect(w // 2 - p(310), h - p(70), p(300), p(50))
        # every rule's words under it (wrapped whole) when they all fit above Start, else the focused
        # rule's only (never cut short: the column scrolls)
        row = max(p(36), self.fs(20) + 6)
        rows = {}  # each rule widget's height (a choice whose caption and value do not fit side by side: two lines)
        for widget in self.rule_widgets:
            widget.rect = pygame.Rect(right, widget.rect.y, p(580), row)
            tall = isinstance(widget, Choice) and widget.tall(self.fs(20))
            rows[id(widget)] = max(row, widget.two_line_height(self.fs(20))) if tall else row
        for most in (WHOLE, 0):
            self.words_most = most or WHOLE
            lines = {id(wg): self.words_lines(wg) for wg in self.rule_widgets}
            full = top + head + sum(rows[id(wg)] + after + self.words_height(lines[id(wg)]) for wg in self.rule_widgets)
            described = {i for i, ls in lines.items() if ls}
            if most and full <= self.start.rect.top - p(6):
                self.described = described
                break
        else:
            self.described = {id(self.form.focused)} & described
        y = top + head
        spans = []  # each rule widget's top and bottom (its words under it included), unscrolled
        for widget in self.rule_widgets:
            words = lines[id(widget)] if id(widget) in self.described else []
            bottom = y + rows[id(widget)] + self.words_height(words)
            spans.append((y, bottom))
            y = bottom + after
        first, last = top + head, self.start.rect.top - p(6)
        self.scroll_rules(spans, first, last)
        shift = spans[self.rules_first][0] - first if spans else 0
        self.hidden_rules = set()
        for i, (widget, (y0, y1)) in enumerate(zip(self.rule_widgets, spans)):
            widget.rect = pygame.Rect(right, y0 - shift, p(580), rows[id(widget)])
            if i < self.rules_first or y1 - shift > last:  # scrolled out: neither drawn nor clicked
                self.hidden_rules.add(id(widget))
                widget.rect = pygame.Rect(-10 * w, -10 * h, widget.rect.w, widget.rect.h)
        self.more_rules = (self.rules_first, sum(y1 - shift > last for _y0, y1 in spans))
        self.footer_y = max(self.add.rect.bottom + p(24), top + head)
        self.back_button.rect = pygame.Rect(w // 2 + p(10), h - p(70), p(300), p(50))

    def scroll_rules(self, spans: list[tuple[int, int]], first: int, last: int) -> None:
        """Scroll the rules column by whole rows when they do not fit between ``first`` and ``last``
        (a game with many house rules, a small window): the focused row is always in view; the
        mouse wheel scrolls it too."""

        def fits(top_row: int, row: int) -> bool:  # row shown when the column starts at top_row
            return spans[row][1] - (spans[top_row][0] - first) <= last

        if not spans:
            self.rules_first = 0
            return
        end = len(spans) - 1
        lowest = next(i for i in range(len(spans)) if fits(i, end))  # the last row in view at the end
        focused = self.form.focused
        if focused is not self.followed:  # the focus moved: bring its row into view
            self.followed = focused
            row = next((i for i, wg in enumerate(self.rule_widgets) if wg is focused), None)
            if row is not None:
                if row < self.rules_first:
                    self.rules_first = row
                while self.rules_first < row and not fits(self.rules_first, row):
                    self.rules_first += 1
        self.rules_first = max(0, min(self.rules_first, lowest))

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        self.layout(top)
        w = surf.get_width()
        low, high = self.front.setup.players
        count = len(self.seats)
        head = _("Players ({count} of {low}–{high}): name, and Human or a bot").format(count=count, low=low,
                                                                                      high=high)
        if font(self.fs(20), True).size(head)[0] > self.px(570):  # a small window: the short heading
            head = _("Players ({count} of {low}–{high})").format(count=count, low=low, high=high)
        label(surf, head, (w // 2 - self.px(600), top), self.fs(20), MUTED, bold=True)
        label(surf, _("Rules"), (w // 2 + self.px(20), top), self.fs(20), MUTED, bold=True)
        above, below = self.more_rules
        if above or below:  # the column scrolls: say how much is out of view, and how to reach it
            words = " · ".join(([_("▲ {count} more").format(count=above)] if above else [])
                               + ([_("▼ {count} more").format(count=below)] if below else []))
            label(surf, _("{rows} (scroll)").format(rows=words), (w // 2 + self.px(600), top), self.fs(18), MUTED,
                  anchor="topright")
        self.form.draw(surf, self.fs(20))
        for widget in self.rule_widgets:
            if id(widget) in self.described and id(widget) not in self.hidden_rules:
                y = widget.rect.bottom + self.words_gap()
                for line in self.words_lines(widget):
                    label(surf, line, (widget.rect.x + self.px(10), y), self.words_size(), MUTED)
                    y += self.words_step()
        focused = self.form.focused
        seat = next((i for i, (name, kind) in enumerate(self.seat_widgets)
                     if focused in (name, kind, self.style_widgets.get(i))), None)
        self.draw_footer(surf, seat)

    def draw_footer(self, surf: pygame.Surface, seat: int | None) -> None:
        """Under the seats: what the focused seat's choice means (and what the ladder measured of it),
        the table's note and the keys, each wrapped whole to the seats column; the seat's words are
        cut (the last line with an ellipsis) only when they would reach the Start button."""
        w = surf.get_width()
        width = self.px(570)
        x = w // 2 - self.px(600)
        y = self.footer_y
        size = max(11, self.px(WORDS_SIZE))
        step = max(self.px(20), size + 2, font(size).get_linesize())
        note_size = self.fs(18)
        note_step = max(self.fs(26), font(note_size).get_linesize())
        note = self.front.setup.table_note(self.rules.with_players(len(self.seats)))
        keys = _("↑↓ move · ←→ change · type to rename")
        notes = wrap(note, note_size, width) + wrap(keys, note_size, width)
        if seat is not None:  # what the focused seat's choice means
            level = self.seats[seat].level
            lines = wrap(self.seat_words(level), size, width)
            measured = level_measured(self.front.bots, level) or self.match_me_words(level)
            more = wrap(measured, size, width) if measured else []  # what the ladder measured, its own lines
            room = (self.start.rect.top - self.px(6) - len(notes) * note_step - self.px(2) - y) // step
            if len(lines) + len(more) > room:  # the seat's words first, cut; the ladder's two lines at most
                more = more[:1] + ([elide(" ".join(more[1:]), size, width)] if len(more) > 1 else [])
                keep = max(1, room - len(more))
                if len(lines) > keep:
                    lines = lines[:keep - 1] + [elide(" ".join(lines[keep - 1:]), size, width)]
            for line in lines + more:
                label(surf, line, (x, y - self.px(4)), size, MUTED)
                y += step
            y += self.px(2)
        for line in notes:
            label(surf, line, (x, y), note_size, MUTED)
            y += note_step

def _finished(match) -> bool:
    """A match whose last hand is over and decided it (nothing left to continue)."""
    try:
        return match.state.result is not None and bool(match.match_over)
    except Exception:  # noqa: BLE001  (a match that cannot say: ask, to be safe)
        return False


def saved_words(app, match) -> str:
    """Which match a save holds, for a player: ``your Vazhushal match with You and Meena (2 hands
    played)``."""
    front = app.games.get(match.game)
    # Translators: in "your saved match with ...", when the game of the save is not known.
    title = _(front.title) if front is not None else _("saved")
    names = [match.name(i) for i in range(len(match.state.seats))]
    # Translators: the end of a list of players' names ("You, Meena and Ravi").
    who = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else (
        "".join(names))
    hands = len(getattr(match, "sheet", []) or [])
    word = getattr(front.bots, "hand_word", "hand") if front is not None else "hand"
    if not hands:
        return _("your {game} match with {players}").format(game=title, players=who)
    if word == "deal":
        words = ngettext("your {game} match with {players} ({n} deal played)",
                         "your {game} match with {players} ({n} deals played)", hands)
    else:
        words = ngettext("your {game} match with {players} ({n} hand played)",
                         "your {game} match with {players} ({n} hands played)", hands)
    return words.format(game=title, players=who, n=hands)


class TutorialOffer(ConfirmScene):
    """The first start of a game with a guided first hand: Enter plays that hand first, Esc (or the
    other button) goes straight to the match chosen."""

    def __init__(self, app, title: str, start: Callable[[], None], tutorial: Callable[[], tuple]) -> None:
        super().__init__(app, _("New to {game}?").format(game=title),
                         _("A guided first hand shows you the rules as you play: a coach says what to do and why. "
                           "It is never counted; New game after it brings you back here."),
                         _("Play the guided hand"), self.play, _("Start the game"))
        self.start, self.tutorial = start, tutorial

    def back(self) -> None:
        self.app.pop()
        self.start()

    def play(self) -> None:
        name, args, kwargs = self.tutorial()
        self.app.open(name, *args, **kwargs)
