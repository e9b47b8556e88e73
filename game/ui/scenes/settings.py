"""Settings: language, effects and music volume, animation and bot speed, card colours (two, four, or
the colour-blind-safe deck), card size, fullscreen, key help, spoken announcements (off by default;
they need the optional accessible-output2 package).  Every change is saved at once.

The language takes effect at once: the scene is built again in it, and every scene built after it
speaks it (``App.set_language``).  Each language is listed by its own name; the pseudo-language is
listed only while it is in force (a developer's choice, ``VAZHUSHAL_LANGUAGE=en_XA``)."""

from __future__ import annotations

import pygame

from game.i18n import LANGUAGES, N_, PSEUDO, _, language
from game.i18n.pseudo import transform

from ..persist import ANIMATION_SPEEDS, BOT_SPEEDS, CARD_SIZES
from ..widgets import MUTED, Button, Choice, Toggle, label
from .base import FormScene

VOLUMES = [str(v) for v in range(11)]
DECKS = [N_("Red and black"), N_("Four colours"), N_("Colour-blind safe")]


def shown(names: list[str]) -> list[str]:
    """Stored names (English) as the player reads them."""
    return [_(n) for n in names]


class SettingsScene(FormScene):
    name = "settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.build()

    def build(self) -> None:
        """The widgets, in the language in force (the focus kept where it was)."""
        s = self.app.settings
        self.title, self.subtitle = _("Settings"), _("Saved as you change them")
        anim, bot, size = list(ANIMATION_SPEEDS), list(BOT_SPEEDS), list(CARD_SIZES)
        self.codes = list(LANGUAGES) + ([PSEUDO] if language() == PSEUDO else [])
        names = [LANGUAGES.get(code) or transform("Pseudo") for code in self.codes]
        self.form.widgets = [
            Choice(_("Language"), names, self.codes.index(language()) if language() in self.codes else 0,
                   self.set_language),
            Choice(_("Effects volume"), VOLUMES, s.effects_volume, lambda i: self.set(effects_volume=i)),
            Choice(_("Music volume"), VOLUMES, s.music_volume, lambda i: self.set(music_volume=i)),
            Choice(_("Animations"), shown(anim), anim.index(s.animation), lambda i: self.set(animation=anim[i])),
            Choice(_("Bot speed"), shown(bot), bot.index(s.bot_speed), lambda i: self.set(bot_speed=bot[i])),
            Choice(_("Card colours"), shown(DECKS), 2 if s.colour_blind else int(s.four_colour), self.set_deck),
            Choice(_("Card size"), shown(size), size.index(s.card_size), lambda i: self.set(card_size=size[i])),
            Toggle(_("Fullscreen (F11)"), s.fullscreen, self.fullscreen),
            Toggle(_("Key help on the table"), s.key_help, lambda v: self.set(key_help=v)),
            speech := Toggle(_("Spoken announcements"), s.speech, self.set_speech),
            Button(_("Back"), self.back, "Esc"),
        ]
        self.speech = speech
        self.app.dirty = True

    def set(self, **change: object) -> None:
        for k, v in change.items():
            setattr(self.app.settings, k, v)
        self.app.save_settings()
        self.app.dirty = True

    def set_language(self, i: int) -> None:
        """Speak the chosen language from now on, saved; this screen is built again in it."""
        self.app.set_language(self.codes[i])
        self.build()

    def set_deck(self, i: int) -> None:
        self.set(four_colour=i == 1, colour_blind=i == 2)

    def set_speech(self, on: bool) -> None:
        self.set(speech=on)
        if on:
            self.app.speak(_("Spoken announcements on"))
            if not self.app.settings.speech:  # not available here: the toggle shows it is off
                self.speech.index = 0
                self.app.save_settings()

    def fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.save_settings()

    def layout(self, top: int) -> None:
        """One column, its rows closer together when they would reach the key hint at the bottom."""
        w, h = self.app.screen.get_size()
        bw, bh, gap = min(w - self.px(40), max(self.px(800), 420)), max(self.px(46), self.fs(22) + 8), self.px(8)
        room = h - top - self.px(16) - self.fs(18) - self.px(12)  # above the key hint
        n = len(self.form.widgets)
        if n * (bh + gap) > room:
            bh = max(self.fs(22) + 6, room // n - gap)
        for i, widget in enumerate(self.form.widgets):
            widget.rect = pygame.Rect((w - bw) // 2, top + i * (bh + gap), bw, bh)

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        label(surf, _("↑↓ choose · ←→ change · Esc back"), (surf.get_width() // 2, surf.get_height() - self.px(16)),
              self.fs(18), MUTED, anchor="midbottom")
