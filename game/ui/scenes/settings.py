"""Settings: effects and music volume, animation and bot speed, 4-colour deck, card size,
fullscreen, key help.  Every change is saved at once."""

from __future__ import annotations

import pygame

from ..persist import ANIMATION_SPEEDS, BOT_SPEEDS, CARD_SIZES
from ..widgets import MUTED, Button, Choice, Toggle, label
from .base import FormScene

VOLUMES = [str(v) for v in range(11)]


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
            Toggle("Four-colour deck", s.four_colour, lambda v: self.set(four_colour=v)),
            Choice("Card size", size, size.index(s.card_size), lambda i: self.set(card_size=size[i])),
            Toggle("Fullscreen (F11)", s.fullscreen, self.fullscreen),
            Toggle("Key help on the table", s.key_help, lambda v: self.set(key_help=v)),
            Button("Back", self.back, "Esc"),
        ]

    def set(self, **change: object) -> None:
        for k, v in change.items():
            setattr(self.app.settings, k, v)
        self.app.save_settings()
        self.app.dirty = True

    def fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.save_settings()

    def layout(self, top: int) -> None:
        w = self.app.screen.get_width()
        bw, bh, gap = self.px(640), self.px(46), self.px(8)
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        label(surf, "↑↓ choose · ←→ change · Esc back", (surf.get_width() // 2, surf.get_height() - self.px(16)),
              self.fs(18), MUTED, anchor="midbottom")
