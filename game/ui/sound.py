"""Sound effects and the music loop; silent (never an error) when no audio device opens."""

from __future__ import annotations

import logging

import pygame

from .resources import asset

log = logging.getLogger(__name__)
EFFECTS = ("deal", "draw", "wipe", "meld", "discard", "win", "click", "error")


class Sounds:
    def __init__(self, effects_volume: int = 7, music_volume: int = 3) -> None:
        self.ok = False
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
            for name in EFFECTS:
                path = asset("sounds", f"{name}.wav")
                if path.exists():
                    self.effects[name] = pygame.mixer.Sound(str(path))
            path = asset("sounds", "music.wav")
            if path.exists():
                self.music = pygame.mixer.Sound(str(path))
            self.ok = True
        except (pygame.error, OSError, NotImplementedError) as exc:
            log.info("no audio (%s): playing silently", exc)
            self.effects, self.music = {}, None
        self.set_volumes(effects_volume, music_volume)

    def set_volumes(self, effects: int, music: int) -> None:
        self.effects_volume = effects / 10
        self.music_volume = music / 10
        if not self.ok:
            return
        for s in self.effects.values():
            s.set_volume(self.effects_volume)
        if self.music is not None:
            self.music.set_volume(self.music_volume * 0.6)
            if self.music_volume > 0 and self._music_channel is None:
                try:
                    self._music_channel = self.music.play(loops=-1)
                except pygame.error:
                    self._music_channel = None
            elif self.music_volume == 0 and self._music_channel is not None:
                self._music_channel.stop()
                self._music_channel = None

    def play(self, name: str) -> None:
        if not self.ok or self.effects_volume <= 0:
            return
        sound = self.effects.get(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass
