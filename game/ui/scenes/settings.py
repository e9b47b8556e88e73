"""Settings: effects and music volume, animation and bot speed, card colours (two, four, or the
colour-blind-safe deck), card size, fullscreen, key help, spoken announcements (off by default;
they need the optional accessible-output2 package).  Every change is saved at once."""

from __future__ import annotations

import pygame

from ..persist import ANIMATION_SPEEDS, BOT_SPEEDS, CARD_SIZES
from ..widgets import MUTED, Button, Choice, Toggle, label
from .base import FormScene

VOLUMES = [str(v) for v in range(11)]
DECKS = ["Red and black", "Four colours", "Colour-blind safe"]


class SettingsScene(FormScene):
    name = "settings"
    title = "Settings"
    subtitle = "Saved as you change them"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        anim, bot, size = list(ANIMATION_SPEEDS), list(BOT_SPEEDS), list(CARD_SIZES)
        self.form.widgets = [
            Choice("Effects volume", VOLUMES, s.effects_volume, lambda i: self.set(effects_volume=i)),
            Choice("Music volume", VOLUMES, s.music_volume, lambda i: self.set(music_volume=i)),
            Choice("Animations", anim, anim.index(s.animation), lambda i: self.set(animation=anim[i])),
            Choice("Bot speed", bot, bot.index(s.bot_speed), lambda i: self.set(bot_speed=bot[i])),
            Choice("Card colours", DECKS, 2 if s.colour_blind else int(s.four_colour), self.set_deck),
            Choice("Card size", size, size.index(s.card_size), lambda i: self.set(card_size=size[i])),
            Toggle("Fullscreen (F11)", s.fullscreen, self.fullscreen),
            Toggle("Key help on the table", s.key_help, lambda v: self.set(key_help=v)),
            speech := Toggle("Spoken announcements", s.speech, self.set_speech),
            Button("Back", self.back, "Esc"),
        ]
        self.speech = speech

    def set(self, **change: object) -> None:
        for k, v in change.items():
            setattr(self.app.settings, k, v)
        self.app.save_settings()
        self.app.dirty = True

    def set_deck(self, i: int) -> None:
        self.set(four_colour=i == 1, colour_blind=i == 2)

    def set_speech(self, on: bool) -> None:
        self.set(speech=on)
        if on:
            self.app.speak("Spoken announcements on")
            if not self.app.settings.speech:  # not available here: the toggle shows it is off
                self.speech.index = 0
                self.app.save_settings()

    def fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.save_settings()

    def layout(self, top: int) -> None:
        w = self.app.screen.get_width()
        bw, bh, gap = min(w - self.px(40), max(self.px(640), 420)), max(self.px(46), self.fs(22) + 8), self.px(8)
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        label(surf, "↑↓ choose · ←→ change · Esc back", (surf.get_width() // 2, surf.get_height() - self.px(16)),
              self.fs(18), MUTED, anchor="midbottom")
