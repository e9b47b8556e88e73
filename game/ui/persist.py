"""Settings, statistics and the autosave: JSON files under the platform's user data directory
(platformdirs), written atomically by :mod:`game.engine.storage`.

``VAZHUSHAL_DATA_DIR`` overrides the folder (tests, smoke test, screenshots).  Nothing here ever
raises to the caller for a bad or unwritable file: a corrupt file is set aside under a new name
and reported as a message; a failed write is logged and reported.
"""

from __future__ import annotations

import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.engine.storage import CorruptFile, load_json, save_json, set_aside

log = logging.getLogger(__name__)

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
SAVE_FILE = "autosave.json"


def data_dir() -> Path:
    override = os.environ.get("VAZHUSHAL_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("Vazhushal", appauthor=False))


ANIMATION_SPEEDS = {"Off": 0.0, "Fast": 0.18, "Normal": 0.32, "Slow": 0.55}
BOT_SPEEDS = {"Instant": 0.0, "Fast": 0.25, "Normal": 0.7, "Slow": 1.3}
CARD_SIZES = {"Small": 0.88, "Medium": 1.0, "Large": 1.12}


@dataclass
class Settings:
    effects_volume: int = 7  # 0..10
    music_volume: int = 3  # 0..10
    animation: str = "Normal"
    bot_speed: str = "Normal"
    four_colour: bool = False
    card_size: str = "Medium"
    fullscreen: bool = False
    key_help: bool = True

    @classmethod
    def from_json(cls, data: object) -> Settings:
        out = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if isinstance(value, type(getattr(out, f.name))):
                    setattr(out, f.name, value)
        out.effects_volume = min(10, max(0, out.effects_volume))
        out.music_volume = min(10, max(0, out.music_volume))
        for name, table in (("animation", ANIMATION_SPEEDS), ("bot_speed", BOT_SPEEDS), ("card_size", CARD_SIZES)):
            if getattr(out, name) not in table:
                setattr(out, name, getattr(cls, name))
        return out

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Stats:
    """Hands and matches played and won by a human player, per opponent level."""

    levels: dict[str, dict[str, int]] = field(default_factory=dict)

    KEYS = ("hands_played", "hands_won", "matches_played", "matches_won")

    def row(self, level: str) -> dict[str, int]:
        return self.levels.setdefault(level, {k: 0 for k in self.KEYS})

    def record(self, levels: list[str], what: str, won: bool) -> None:
        """``what`` is ``hands`` or ``matches``; every opponent level at the table is credited."""
        for level in sorted(set(levels)) or ["Humans only"]:
            row = self.row(level)
            row[f"{what}_played"] += 1
            row[f"{what}_won"] += int(won)

    def totals(self) -> dict[str, int]:
        return {k: sum(r.get(k, 0) for r in self.levels.values()) for k in self.KEYS}

    @classmethod
    def from_json(cls, data: object) -> Stats:
        out = cls()
        if isinstance(data, dict) and isinstance(data.get("levels"), dict):
            for level, row in data["levels"].items():
                if isinstance(row, dict):
                    out.levels[str(level)] = {k: int(row.get(k, 0)) if isinstance(row.get(k, 0), int) else 0
                                              for k in cls.KEYS}
        return out

    def to_json(self) -> dict:
        return {"levels": self.levels}


class Store:
    """The player's files in one folder; every problem becomes a message in ``notices``."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()
        self.notices: list[str] = []

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str) -> object | None:
        """The JSON of ``name``; a corrupt file is set aside and reported, giving ``None``."""
        try:
            return load_json(self.path(name))
        except CorruptFile as exc:
            self.set_aside(name, exc.reason)
            return None
        except OSError as exc:
            self.notices.append(f"Could not read {name}: {exc}")
            return None

    def set_aside(self, name: str, reason: str) -> None:
        try:
            kept = set_aside(self.path(name))
            self.notices.append(f"The file {name} could not be read ({reason}). It was kept as {kept.name}.")
        except OSError as exc:
            self.notices.append(f"The file {name} could not be read ({reason}) nor moved aside ({exc}).")
        log.warning("bad file %s: %s", name, reason)

    def write(self, name: str, data: object) -> bool:
        try:
            save_json(self.path(name), data)
            return True
        except OSError as exc:
            message = f"Could not save {name}: {exc.strerror or exc}"
            if message not in self.notices:
                self.notices.append(message)
            log.warning("%s", message)
            return False

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def remove(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except OSError:
            pass

    def load_settings(self) -> Settings:
        return Settings.from_json(self.read(SETTINGS_FILE))

    def save_settings(self, settings: Settings) -> bool:
        return self.write(SETTINGS_FILE, settings.to_json())

    def load_stats(self) -> Stats:
        return Stats.from_json(self.read(STATS_FILE))

    def save_stats(self, stats: Stats) -> bool:
        return self.write(STATS_FILE, stats.to_json())
