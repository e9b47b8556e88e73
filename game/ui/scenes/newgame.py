"""New game: the game (Vazhushal or 13-card Indian Rummy), 2-6 seats (Human, a bot level or any
registered bot by name; editable names), the rule preset and the match length first, every house
rule of the rule book under "Advanced" (each with one line saying what it does, with an example).
Default: Vazhushal, you against one Medium bot."""

from __future__ import annotations

import dataclasses

import pygame

from game.indian13 import DEFAULT_PRESET as I13_DEFAULT
from game.indian13 import PRESETS as I13_PRESETS
from game.indian13 import RuleSet as I13Rules
from game.vazhushal import PRESETS, RuleSet
from game.vazhushal.rules import FIRST_WILD_OPTIONS, TARGET_WIN_CHOICES

from .. import bots
from ..indian13 import bots as i13_bots
from ..indian13 import setup as i13
from ..indian13.match import Match13
from ..match import HUMAN, Match, SeatSetup
from ..resources import elide, wrap
from ..widgets import MUTED, Button, Choice, TextField, Toggle, label
from .base import FormScene

BOT_NAMES = ("Meena", "Ravi", "Kavya", "Arjun", "Lakshmi")
FIRST_WILD_WORDS = {"standard": "Standard", "must_meld": "Must meld", "return_to_deck": "Joker back to deck",
                    "first_player_takes": "First player takes"}
PRESET_WORDS = {
    "Standard": "The usual game: a negative joker, 2 decks for 3 or more players.",
    "Two-player classic": "The usual game for two: one deck and its 2 jokers.",
    "Easy wilds": "A wild first line card nobody can use goes to the first player.",
    "Printed jokers only": "No negative joker: only the printed jokers are wild.",
    "Three with one deck": "Three share one deck; the discard line keeps at most 10 cards.",
}
# One line a house rule (RULES.md V1-V11): what it does, with an example.
HOUSE_RULE_WORDS = {
    "Negative joker": "The bottom stock card: its rank, other colour, is wild (7♥ → 7♠ 7♣).",
    "Dealt wild": {
        "standard": "Wild first line card: as itself in a pure sequence, or if you hold one.",
        "must_meld": "Wild first line card: taken like any card, into the new meld.",
        "return_to_deck": "A joker turned first goes back into the stock if nobody can use it.",
        "first_player_takes": "A wild first card nobody can use goes to the first player.",
    },
    "One deck for three": "Three share one deck; the 11th line card goes back under the stock.",
    "Redeal on 3 doubles": "Two decks: a hand with three identical pairs is dealt again.",
    "Wild left in hand": "A wild still in hand when the stock runs out costs 20 (or 10).",
}
WORDS_SIZE = 15  # pixels at 1280x720: the line under each rule
GAMES = {"vazhushal": "Vazhushal", "indian13": "Indian Rummy"}
GAME_WORDS = {"vazhushal": "The Chennai game: wipe cards off the discard line into new melds.",
              "indian13": "13-card Indian Rummy: a cut joker; declare with two sequences, one pure."}


class NewGameScene(FormScene):
    name = "newgame"
    title = "New game"
    subtitle = "Seats, rules and match length"

    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.seats = [SeatSetup("You", HUMAN), SeatSetup(BOT_NAMES[0], "Medium")]
        self.rules = RuleSet()
        self.preset = "Standard"
        self.game = "vazhushal"
        self.i13_rules = I13Rules()
        self.i13_preset = I13_DEFAULT
        self.advanced = False
        self.described: set[int] = set()  # ids of the rule widgets whose line is shown
        self.build()

    def levels(self) -> list[str]:
        return [HUMAN] + (bots.level_names() if self.game == "vazhushal" else i13_bots.level_names())

    def set_game(self, j: int) -> None:
        self.game = list(GAMES)[j]
        levels = self.levels()
        self.seats = [s if s.level in levels else dataclasses.replace(s, level="Medium" if "Medium" in levels
                                                                      else levels[1]) for s in self.seats]
        self.build()

    def build(self) -> None:
        levels = self.levels()
        self.seat_widgets: list[tuple[TextField, Choice]] = []
        widgets = []
        for i, seat in enumerate(self.seats):
            name = TextField(seat.name, 14, on_change=lambda v, i=i: self.set_seat(i, name=v))
            kind = Choice("", levels, levels.index(seat.level) if seat.level in levels else 0,
                          on_change=lambda j, i=i: self.set_seat(i, level=levels[j]))
            self.seat_widgets.append((name, kind))
            widgets += [name, kind]
        self.add = Button("Add player", self.add_seat)
        self.remove = Button("Remove player", self.remove_seat)
        self.add.enabled = len(self.seats) < 6
        self.remove.enabled = len(self.seats) > 2
        game = Choice("Game", list(GAMES.values()), list(GAMES).index(self.game), self.set_game)
        if self.game == "indian13":
            self.rule_widgets = [game] + self.i13_widgets()
        else:
            self.rule_widgets = [game] + self.vazhushal_widgets()
        self.start = Button("Start", self.start_game, "Enter")
        self.back_button = Button("Back", self.back, "Esc")
        focus = self.form.focus
        self.form.widgets = widgets + [self.add, self.remove] + self.rule_widgets + [self.start, self.back_button]
        self.form.focus = focus

    def advanced_button(self) -> Button:
        return Button(("▾ " if self.advanced else "▸ ") + "Advanced: house rules", self.toggle_advanced)

    def i13_widgets(self) -> list:
        """Indian Rummy: the preset (the game format comes with it), then its house rules."""
        r = self.i13_rules
        presets = list(I13_PRESETS) + (["Custom"] if self.i13_preset not in I13_PRESETS else [])
        out = [Choice("Preset", presets, presets.index(self.i13_preset), self.set_i13_preset),
               self.advanced_button()]
        if self.advanced:
            out += [Choice(rule.caption, list(rule.words), i13.choice_index(rule, r),
                           lambda j, rule=rule: self.set_i13_rule(rule, j)) for rule in i13.HOUSE_RULES]
        return out

    def set_i13_preset(self, j: int) -> None:
        if j >= len(I13_PRESETS):
            return
        self.i13_preset = list(I13_PRESETS)[j]
        self.i13_rules = I13_PRESETS[self.i13_preset]
        self.build()

    def set_i13_rule(self, rule, j: int) -> None:
        self.i13_rules = i13.with_choice(self.i13_rules, rule, j)
        before = self.i13_preset
        self.i13_preset = i13.matching_preset(self.i13_rules.with_players(2))
        if self.i13_preset != before:
            self.build()

    def vazhushal_widgets(self) -> list:
        r = self.rules
        presets = list(PRESETS) + (["Custom"] if self.preset not in PRESETS else [])
        targets = [str(t) if t else "Unlimited" for t in TARGET_WIN_CHOICES]
        out = [
            Choice("Preset", presets, presets.index(self.preset), self.set_preset),
            Choice("Hands to win match", targets, TARGET_WIN_CHOICES.index(r.target_wins)
                   if r.target_wins in TARGET_WIN_CHOICES else 2,
                   lambda j: self.set_rule(target_wins=TARGET_WIN_CHOICES[j])),
            self.advanced_button(),
        ]
        house = [
            Toggle("Negative joker", r.negative_joker, lambda v: self.set_rule(negative_joker=v)),
            Choice("Dealt wild", [FIRST_WILD_WORDS[o] for o in FIRST_WILD_OPTIONS],
                   FIRST_WILD_OPTIONS.index(r.first_wild), lambda j: self.set_rule(first_wild=FIRST_WILD_OPTIONS[j])),
            Toggle("One deck for three", r.one_deck_for_three, lambda v: self.set_rule(one_deck_for_three=v)),
            Toggle("Redeal on 3 doubles", r.redeal_on_three_doubles,
                   lambda v: self.set_rule(redeal_on_three_doubles=v)),
            Choice("Wild left in hand", ["20", "10"], 0 if r.wild_in_hand_value == 20 else 1,
                   lambda j: self.set_rule(wild_in_hand_value=(20, 10)[j])),
        ]
        return out + (house if self.advanced else [])

    def set_seat(self, i: int, **change: str) -> None:
        self.seats[i] = dataclasses.replace(self.seats[i], **change)

    def add_seat(self) -> None:
        if len(self.seats) < 6:
            used = {s.name for s in self.seats}
            name = next((n for n in BOT_NAMES if n not in used), f"Player {len(self.seats) + 1}")
            self.seats.append(SeatSetup(name, "Medium"))
            self.build()

    def remove_seat(self) -> None:
        if len(self.seats) > 2:
            self.seats.pop()
            self.build()

    def set_preset(self, j: int) -> None:
        if j >= len(PRESETS):  # "Custom": the house rules as they are set
            return
        self.preset = list(PRESETS)[j]
        self.rules = dataclasses.replace(PRESETS[self.preset], target_wins=self.rules.target_wins)
        if self.preset == "Three with one deck" and len(self.seats) != 3:
            while len(self.seats) < 3:
                self.add_seat()
            while len(self.seats) > 3:
                self.remove_seat()
        self.build()

    def set_rule(self, **change: object) -> None:
        self.rules = dataclasses.replace(self.rules, **change)
        mine = dataclasses.replace(self.rules, target_wins=RuleSet().target_wins)  # the match length is apart
        match = [name for name, preset in PRESETS.items() if preset == mine.with_players(preset.players)]
        before = self.preset
        self.preset = self.preset if self.preset in match else (match[0] if match else "Custom")
        if self.preset != before:
            self.build()  # the preset shown follows the house rules

    def toggle_advanced(self) -> None:
        self.advanced = not self.advanced
        self.build()

    def describe(self, widget) -> str:
        """The line under a rule widget: what the preset or house rule does, with an example."""
        caption = getattr(widget, "caption", "")
        if caption == "Game":
            return GAME_WORDS[self.game]
        if self.game == "indian13":
            if caption == "Preset":
                return i13.PRESET_WORDS.get(self.i13_preset, "Your own mix of the house rules below.")
            return next((rule.line for rule in i13.HOUSE_RULES if rule.caption == caption), "")
        if caption == "Preset":
            return PRESET_WORDS.get(self.preset, "Your own mix of the house rules below.")
        words = HOUSE_RULE_WORDS.get(caption, "")
        return words.get(self.rules.first_wild, "") if isinstance(words, dict) else words

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.form.focused
            if isinstance(focused, TextField):
                self.start_game()
                return
        super().handle(event)

    def start_game(self) -> None:
        seats = [SeatSetup(s.name.strip() or f"Player {i + 1}", s.level) for i, s in enumerate(self.seats)]
        if self.game == "indian13":
            game = Match13.new([s.name for s in seats], [s.level for s in seats],
                               self.i13_rules.with_players(len(seats)), self.seed, i13_bots.registry_names())
            self.app.autosave(game)
            self.app.sounds.play("deal")
            self.app.replace(self.app.make(game.scene, game))
            return
        match = Match.new(seats, self.rules.with_players(len(seats)), self.seed)
        self.app.autosave(match)
        self.app.sounds.play("deal")
        self.app.replace(self.app.make("table", match))

    def layout(self, top: int) -> None:
        w, h = self.app.screen.get_size()
        p = self.px
        left = w // 2 - p(600)
        right = w // 2 + p(20)
        y = top + p(30)
        for name, kind in self.seat_widgets:
            name.rect = pygame.Rect(left, y, p(230), p(42))
            kind.rect = pygame.Rect(left + p(240), y, p(330), p(42))
            kind.caption = ""
            y += p(50)
        self.add.rect = pygame.Rect(left, y + p(6), p(280), p(42))
        self.remove.rect = pygame.Rect(left + p(290), y + p(6), p(280), p(42))
        self.start.rect = pygame.Rect(w // 2 - p(310), h - p(70), p(300), p(50))
        # every rule's line under it when they all fit above Start, else the focused rule's only
        words = p(WORDS_SIZE + 8)
        described = [w for w in self.rule_widgets if self.describe(w)]
        full = top + p(30) + len(self.rule_widgets) * p(40) + len(described) * words
        self.described = {id(w) for w in described} if full <= self.start.rect.top - p(6) else (
            {id(self.form.focused)} & {id(w) for w in described})
        y = top + p(30)
        for widget in self.rule_widgets:
            widget.rect = pygame.Rect(right, y, p(580), p(36))
            y += p(40) + (words if id(widget) in self.described else 0)
        self.footer_y = max(self.add.rect.bottom + p(24), top + p(30))
        self.back_button.rect = pygame.Rect(w // 2 + p(10), h - p(70), p(300), p(50))

    def draw(self, surf: pygame.Surface) -> None:
        top = self.draw_background(surf)
        self.layout(top)
        w = surf.get_width()
        label(surf, f"Players ({len(self.seats)} of 2–6): name, and Human or a bot", (w // 2 - self.px(600), top),
              self.fs(20), MUTED, bold=True)
        label(surf, "Rules", (w // 2 + self.px(20), top), self.fs(20), MUTED, bold=True)
        self.form.draw(surf, self.fs(20))
        for widget in self.rule_widgets:
            words = self.describe(widget) if id(widget) in self.described else ""
            if words:
                size = max(11, self.px(WORDS_SIZE))
                label(surf, elide(words, size, surf.get_width() - widget.rect.x - self.px(14)),
                      (widget.rect.x + self.px(10), widget.rect.bottom + self.px(1)), size, MUTED)
        rules = self.rules if self.game == "vazhushal" else self.i13_rules
        decks = rules.with_players(len(self.seats)).decks
        focused = self.form.focused
        seat = next((i for i, (name, kind) in enumerate(self.seat_widgets) if focused in (name, kind)), None)
        y = self.footer_y
        if seat is not None:  # what the focused seat's choice means
            size = max(11, self.px(WORDS_SIZE))
            door = bots if self.game == "vazhushal" else i13_bots
            lines = wrap(door.level_description(self.seats[seat].level), size, self.px(570))
            if len(lines) > 2:  # two lines at most, the second cut with an ellipsis
                lines = [lines[0], elide(" ".join(lines[1:]), size, self.px(570))]
            for line in lines:
                label(surf, line, (w // 2 - self.px(600), y - self.px(4)), size, MUTED)
                y += self.px(20)
            y += self.px(2)
        label(surf, f"{decks} deck{'s' if decks > 1 else ''} with jokers for this table",
              (w // 2 - self.px(600), y), self.fs(18), MUTED)
        label(surf, "↑↓ move · ←→ change · type to rename", (w // 2 - self.px(600), y + self.fs(26)),
              self.fs(18), MUTED)
