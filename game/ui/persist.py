"""Settings, statistics, the autosave and hand replays: JSON files under the platform's user data
directory (platformdirs), written atomically by :mod:`game.core.storage`.

``VAZHUSHAL_DATA_DIR`` overrides the folder (tests, smoke test, screenshots).  Nothing here ever
raises to the caller for a bad or unwritable file: a corrupt file is set aside under a new name
and reported as a message; a failed write is logged and reported.  The messages are kept in English
with what they were made of (:class:`Notice`) and put in the player's language when shown: the first
ones come before the language is known (the settings name it).

Hand replays go to ``<data folder>/replays`` (:meth:`Store.write_replay`, the newest 200 kept); a
second, read-only window writes none.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import SupportsIndex, TypeVar

from ai.insights import clean_profile
from ai.match_me import MatchMe
from game.core.storage import CorruptFile, backup_path, clean_stale_temps, load_json, save_json, set_aside
from game.i18n import N_, _, known
from game.replay import save_replay

from .instance import InstanceLock
from .safe_text import clean_text

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_REASON = 200  # characters of why a file could not be read, in a message or the log
SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
SAVE_FILE = "autosave.json"
REPLAYS_DIR = "replays"


def data_dir() -> Path:
    override = os.environ.get("VAZHUSHAL_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("Vazhushal", appauthor=False))


# The stored names stay English; the settings screen shows them translated (marked N_ for the catalogue).
ANIMATION_SPEEDS = {N_("Off"): 0.0, N_("Fast"): 0.18, N_("Normal"): 0.32, N_("Slow"): 0.55}
BOT_SPEEDS = {N_("Instant"): 0.0, N_("Fast"): 0.25, N_("Normal"): 0.7, N_("Slow"): 1.3}
CARD_SIZES = {N_("Small"): 0.88, N_("Medium"): 1.0, N_("Large"): 1.12}


@dataclass
class Settings:
    effects_volume: int = 7  # 0..10
    music_volume: int = 3  # 0..10
    animation: str = "Normal"
    bot_speed: str = "Normal"
    four_colour: bool = False
    colour_blind: bool = False  # the colour-blind-safe deck (palette and large suit shapes)
    speech: bool = False  # spoken announcements through a screen reader (accessible-output2, optional)
    card_size: str = "Medium"
    fullscreen: bool = False
    key_help: bool = True
    wild_intro_seen: bool = False  # the negative joker and the wild cards were explained once
    last_game: str = ""  # the game last started from New game, and its seats ([name, level] each):
    last_seats: list = field(default_factory=list)  # New game opens on them again
    join_name: str = ""  # the last table joined by address (Join a table fills them in again after a drop)
    join_address: str = ""
    join_code: str = ""
    join_game: str = ""
    language: str = ""  # the language's code (game.i18n); "": the system's
    tutorials_offered: list = field(default_factory=list)  # the games whose guided first hand New game offered

    @classmethod
    def from_json(cls, data: object) -> Settings:
        out = cls()
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if isinstance(value, type(getattr(out, f.name))):
                    setattr(out, f.name, value)
        out.last_seats = [list(s) for s in out.last_seats if isinstance(s, list) and len(s) == 2
                          and all(isinstance(x, str) for x in s)]
        out.tutorials_offered = [g for g in out.tutorials_offered if isinstance(g, str)]
        out.effects_volume = min(10, max(0, out.effects_volume))
        out.music_volume = min(10, max(0, out.music_volume))
        for name, table in (("animation", ANIMATION_SPEEDS), ("bot_speed", BOT_SPEEDS), ("card_size", CARD_SIZES)):
            if getattr(out, name) not in table:
                setattr(out, name, getattr(cls, name))
        if out.language and not known(out.language):
            out.language = cls.language
        return out

    @classmethod
    def parse(cls, data: object) -> Settings:
        """Strict reading for a file: ``ValueError`` naming the first value that is not a setting."""
        if not isinstance(data, dict):
            raise ValueError(f"expected an object of settings, found {_json_type(data)}")
        out = cls.from_json(data)
        for key, value in out.to_json().items():
            if key in data and (data[key] != value or type(data[key]) is not type(value)):
                raise ValueError(f"{key!r} cannot be {_short(data[key])}")
        return out

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Stats:
    """Hands and matches played and won by a human player: per opponent level (a row for every
    level at the table), and per game (each hand counted once)."""

    levels: dict[str, dict[str, int]] = field(default_factory=dict)
    games: dict[str, dict[str, int]] = field(default_factory=dict)  # game name -> counts
    # game name -> one entry a rated hand, oldest first (ai.skill): {"hand": "<match id>-h<n>", "d": the
    # duplicate result against Medium on the same cards, "acc": the review's accuracy or None, "loss": the
    # review's average win chance lost a decision or None, and optionally "coach": the hand's profile for the
    # coach, ai.insights, added once computed}
    skill: dict[str, list[dict]] = field(default_factory=dict)
    match_me: dict[str, MatchMe] = field(default_factory=dict)  # game name -> where Match me stands (ai.match_me)

    KEYS = ("hands_played", "hands_won", "matches_played", "matches_won")
    KEEP_RATED = 1000  # rated hands kept a game (the oldest go)

    def row(self, level: str) -> dict[str, int]:
        return self.levels.setdefault(level, {k: 0 for k in self.KEYS})

    def record(self, levels: list[str], what: str, won: bool, alone: str = "Humans only",
               game: str | None = None) -> None:
        """``what`` is ``hands`` or ``matches``; every opponent level at the table is credited
        (``alone`` when there is no bot at the table), and the game once."""
        rows = [self.row(level) for level in sorted(set(levels)) or [alone]]
        if game is not None:
            rows.append(self.games.setdefault(game, {k: 0 for k in self.KEYS}))
        for row in rows:
            row[f"{what}_played"] += 1
            row[f"{what}_won"] += int(won)

    def rate(self, game: str, hand: str, d: float) -> None:
        """A hand's duplicate result (once a hand)."""
        rated = self.skill.setdefault(game, [])
        if any(e["hand"] == hand for e in rated):
            return
        rated.append({"hand": hand, "d": float(d), "acc": None, "loss": None})
        del rated[:-self.KEEP_RATED]

    def note_accuracy(self, game: str, hand: str, accuracy: float, loss: float | None = None) -> bool:
        """The review's accuracy (and average win chance lost a decision) of a rated hand
        (``False`` when the hand is not rated)."""
        entry = next((e for e in self.skill.get(game, []) if e["hand"] == hand), None)
        if entry is None:
            return False
        entry["acc"] = float(accuracy)
        entry["loss"] = None if loss is None else float(loss)
        return True

    def note_profile(self, game: str, hand: str, profile: dict) -> bool:
        """The coach's profile of a rated hand (:func:`ai.insights.profile`; ``False`` when the hand
        is not rated or the profile is not one)."""
        entry = next((e for e in self.skill.get(game, []) if e["hand"] == hand), None)
        clean = clean_profile(profile)
        if entry is None or clean is None:
            return False
        entry["coach"] = clean
        return True

    def totals(self, rows: list[str] | None = None) -> dict[str, int]:
        """The counts summed over the level ``rows`` (every row by default)."""
        chosen = self.levels.values() if rows is None else [self.levels[r] for r in rows if r in self.levels]
        return {k: sum(r.get(k, 0) for r in chosen) for k in self.KEYS}

    def game_totals(self, game: str, rows: list[str]) -> dict[str, int]:
        """A game's counts, each hand once; from its level ``rows`` for files written before games
        were counted apart."""
        return dict(self.games[game]) if game in self.games else self.totals(rows)

    @classmethod
    def from_json(cls, data: object) -> Stats:
        out = cls()
        if not isinstance(data, dict):
            return out
        for key, table in (("levels", out.levels), ("games", out.games)):
            if isinstance(data.get(key), dict):
                for name, row in data[key].items():
                    if isinstance(row, dict):  # a level name is drawn on the statistics screen: cleaned
                        counts = {k: row.get(k, 0) for k in cls.KEYS}
                        table[clean_text(name, 40)] = {k: int(v) if isinstance(v, int) else 0
                                                       for k, v in counts.items()}
        skill = data.get("skill")
        if isinstance(skill, dict):
            for game, rated in skill.items():
                if isinstance(game, str) and isinstance(rated, list):
                    out.skill[clean_text(game, 40)] = [e for e in map(_rated, rated) if e is not None][-cls.KEEP_RATED:]
        followed = data.get("match_me")
        if isinstance(followed, dict):
            for game, doc in followed.items():
                try:
                    out.match_me[clean_text(game, 40)] = MatchMe.from_json(doc)
                except ValueError:
                    continue
        return out

    @classmethod
    def parse(cls, data: object) -> Stats:
        """Strict reading for a file: ``ValueError`` for anything that is not a table of counts."""
        if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
            raise ValueError("expected an object with 'levels'")
        if not isinstance(data.get("games", {}), dict):
            raise ValueError("'games' is not a table of counts")
        skill = data.get("skill", {})
        if not isinstance(skill, dict) or not all(isinstance(v, list) for v in skill.values()):
            raise ValueError("'skill' is not a table of rated hands")
        for game, rated in skill.items():
            for entry in rated:
                if _rated(entry) is None:
                    raise ValueError(f"a rated hand of {_short(game)} cannot be {_short(entry)}")
        followed = data.get("match_me", {})
        if not isinstance(followed, dict):
            raise ValueError("'match_me' is not a table of games")
        for game, doc in followed.items():
            try:
                MatchMe.from_json(doc)
            except ValueError:
                raise ValueError(f"Match me of {_short(game)} cannot be {_short(doc)}") from None
        for name, row in (*data["levels"].items(), *data.get("games", {}).items()):
            if not isinstance(row, dict):
                raise ValueError(f"level {_short(name)} is not a row of counts")
            for key, value in row.items():
                if key not in cls.KEYS or type(value) is not int or not 0 <= value < 10**12:
                    raise ValueError(f"level {_short(name)}: {_short(key)} cannot be {_short(value)}")
        return cls.from_json(data)

    def to_json(self) -> dict:
        out = {"levels": self.levels, "games": self.games, "skill": self.skill}
        if self.match_me:
            out["match_me"] = {game: me.to_json() for game, me in self.match_me.items()}
        return out


def _rated(entry: object) -> dict | None:
    """A rated hand of the statistics file, or ``None`` when it is not one."""
    if not isinstance(entry, dict) or not {"hand", "d", "acc"} <= set(entry) <= {"hand", "d", "acc", "loss", "coach"}:
        return None
    hand, d, acc, loss = entry["hand"], entry["d"], entry["acc"], entry.get("loss")
    number = (int, float)
    if not isinstance(hand, str) or len(hand) > 80 or type(d) not in number or not -1 <= d <= 1:
        return None
    for share in (acc, loss):
        if share is not None and (type(share) not in number or not 0 <= share <= 1):
            return None
    out = {"hand": hand, "d": float(d), "acc": None if acc is None else float(acc),
           "loss": None if loss is None else float(loss)}
    coach = clean_profile(entry.get("coach"))  # optional (ai.insights); one that cannot be read is left out
    if coach is not None:
        out["coach"] = coach
    return out


class Notice(str):
    """A message for the player: the English words (the string itself: the log, the tests) of a
    ``message`` marked for the catalogue, and what fills it, to say it in the language in force when
    it is shown (:meth:`words`).  The values named in ``marked`` are marked messages too ("Your
    settings"), translated with it."""

    message: str
    values: dict[str, object]
    marked: tuple[str, ...]

    def __new__(cls, message: str, marked: tuple[str, ...] = (), **values: object) -> Notice:
        self = super().__new__(cls, message.format(**values))
        self.message, self.values, self.marked = message, values, marked
        return self

    def words(self) -> str:
        """The message in the language in force (the English words if its translation is damaged)."""
        values = {k: _(str(v)) if k in self.marked else v for k, v in self.values.items()}
        try:
            return _(self.message).format(**values)
        except (KeyError, IndexError, ValueError):
            return str(self)


class Notices(list[str]):
    """The messages waiting to be shown: popping one gives its words in the language in force (the
    app pops each as it shows it)."""

    def pop(self, index: SupportsIndex = -1) -> str:
        item = super().pop(index)
        return item.words() if isinstance(item, Notice) else item


def _json_type(value: object) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Store:
    """The player's files in one folder; every problem becomes a message in ``notices``.

    One loading path for every file (:meth:`load`): a file that cannot be parsed or does not
    have the expected shape is set aside under a dated name (its bytes are kept), the previous
    version (``.bak``) is tried, and failing that the defaults are used, with one message for the
    player.  Only one running game writes here at a time (:meth:`claim`); a second window reads
    but never writes, so the two can never overwrite each other's match."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or data_dir()
        self.notices: list[str] = Notices()
        self.lock: InstanceLock | None = None
        self.read_only = False

    def path(self, name: str) -> Path:
        return self.folder / name

    # --- one game at a time ----------------------------------------------------------------

    def claim(self) -> bool:
        """Take the folder for this process; ``False`` (and read-only) when another game has it."""
        if self.lock is not None:
            return not self.read_only
        self.lock = InstanceLock(self.folder / "instance.lock")
        if self.lock.acquire():
            # only the window holding the lock writes here: any temp file left is a dead writer's
            clean_stale_temps(self.folder, older_than_s=0)
            clean_stale_temps(self.folder / REPLAYS_DIR, older_than_s=0)
            return True
        self.read_only = True
        self.notices.append(Notice(N_("Vazhushal is already open in another window. This window will not save "
                                      "anything, so the two cannot overwrite each other's match.")))
        return False

    def release(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # --- reading ---------------------------------------------------------------------------

    def load(self, name: str, parse: Callable[[object], T], default: Callable[[], T], what: str) -> T:
        """``parse`` of the JSON in ``name`` (``what`` names it for the player: "Your settings", marked
        for the catalogue).

        ``parse`` raises ``ValueError`` (or anything else) for a document of the wrong shape.  A
        missing file gives ``default()`` silently; a bad one is set aside and the previous version
        tried; nothing escapes."""
        kept: Path | None = None
        reason = ""
        for path in (self.path(name), backup_path(self.path(name))):
            if not path.exists():
                continue
            try:
                value = parse(load_json(path))  # JSON null reaches parse (not a missing file)
            except CorruptFile as exc:
                problem = clean_text(exc.reason, MAX_REASON)
            except Exception as exc:  # noqa: BLE001  (a bad file must never stop the game)
                problem = clean_text(str(exc) or type(exc).__name__, MAX_REASON)  # a damaged value may be huge
                if not isinstance(exc, (ValueError, TypeError, KeyError)):
                    log.warning("reading %s failed", path, exc_info=True)
            else:
                if kept is not None:
                    self.notices.append(Notice(N_("{what} could not be read ({reason}); it was kept as {file}. "
                                                  "The previous copy was used instead."), ("what",),
                                               what=what, reason=reason, file=kept.name))
                elif path != self.path(name):
                    log.warning("%s was missing; read its previous copy %s", name, path.name)
                return value
            moved = self._set_aside(path, problem)
            if kept is None:
                kept, reason = moved, problem
        if kept is not None:
            self.notices.append(Notice(N_("{what} could not be read ({reason}); it was kept as {file}."), ("what",),
                                       what=what, reason=reason, file=kept.name))
        return default()

    def _set_aside(self, path: Path, reason: str) -> Path | None:
        log.warning("bad file %s: %s", path, reason)
        try:
            return set_aside(path)
        except OSError as exc:
            self.notices.append(Notice(N_("The file {file} could not be read ({reason}) nor moved aside ({problem})."),
                                       file=path.name, reason=reason, problem=exc))
            return None

    # --- writing ---------------------------------------------------------------------------

    def write(self, name: str, data: object) -> bool:
        if self.read_only:
            return False
        try:
            save_json(self.path(name), data)
            return True
        except (OSError, ValueError, TypeError) as exc:
            message = Notice(N_("Could not save {file}: {problem}"), file=name,
                             problem=getattr(exc, "strerror", None) or exc)
            if message not in self.notices:
                self.notices.append(message)
            log.warning("%s", message)
            return False

    def write_replay(self, doc: dict) -> Path | None:
        """A finished hand's replay (:mod:`game.replay`) into ``replays/``, keeping the newest 200:
        the path, or ``None`` in a read-only window or when the write failed (logged, never raised:
        a replay is never a reason to stop the game)."""
        if self.read_only:
            return None
        try:
            return save_replay(self.folder / REPLAYS_DIR, doc)
        except Exception:  # noqa: BLE001
            log.warning("could not write the replay of hand %s of match %s", doc.get("hand_no"),
                        doc.get("match_id"), exc_info=True)
            return None

    def remove(self, name: str) -> None:
        """Delete a file and its previous copy (a finished match)."""
        if self.read_only:
            return
        for path in (self.path(name), backup_path(self.path(name))):
            try:
                path.unlink()
            except OSError:
                pass

    # --- the files -------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        return self.load(SETTINGS_FILE, Settings.parse, Settings, N_("Your settings"))

    def save_settings(self, settings: Settings) -> bool:
        return self.write(SETTINGS_FILE, settings.to_json())

    def load_stats(self) -> Stats:
        return self.load(STATS_FILE, Stats.parse, Stats, N_("Your statistics"))

    def save_stats(self, stats: Stats) -> bool:
        return self.write(STATS_FILE, stats.to_json())
