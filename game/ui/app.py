"""The application: the window, the scene stack, the main loop, workers and persistence.

The loop sleeps in ``pygame.event.wait`` while nothing moves (idle CPU stays near zero) and ticks
at 60 frames a second only while a scene is busy (animations, a bot thinking, a drag).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from ai import insights, match_me, skill
from ai.match_me import MatchMe
from game import i18n

from .cardart import CardArt
from .catalog import SCENES
from .games import GAMES
from .match import Match
from .persist import SAVE_FILE, Settings, Store
from .resources import asset
from .scene import Scene
from .sound import Sounds
from .widgets import ACCENT, INK, panel

log = logging.getLogger(__name__)
MIN_SIZE = (640, 480)  # the smallest window every scene is made for (tests/ui/test_small_window.py)
COACH_AFTER = 5.0  # seconds after a hand is rated before the coach's review of it starts (the results settle first)


def load_saved_match(doc: object) -> Match:
    """A saved match of the game its document names (no ``game``: the first game, as saved before
    there were two); raises ``ValueError`` for anything else."""
    first = next(iter(GAMES))
    game = doc.get("game", first) if isinstance(doc, dict) else first
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"a saved game of an unknown kind ({str(game)[:20]!r})")
    match = GAMES[game].match.from_json(doc)
    match.network = doc.get("network")  # a hosted network table's seats and tokens (game.ui.lobby), or None
    if doc.get("match_me") is not None:  # where Match me stood (ai.match_me)
        match.match_me = MatchMe.from_json(doc["match_me"])
    return match


class App:
    def __init__(self, size: tuple[int, int] = (1280, 720), store: Store | None = None, *,
                 audio: bool = True) -> None:
        pygame.display.init()
        pygame.font.init()
        self.store = store or Store()
        self.store.claim()
        self.settings: Settings = self.store.load_settings()
        i18n.set_language(i18n.startup_language(self.settings.language))
        self.stats = self.store.load_stats()
        self.windowed_size = size
        self.screen = self._set_mode(self.settings.fullscreen)
        pygame.display.set_caption("Vazhushal")
        self._set_icon()
        pygame.key.set_repeat(350, 45)
        self.art = CardArt(self.settings.four_colour, self.settings.colour_blind)
        self.speaker: object | None = None  # the screen reader, once asked for (``speak``)
        self.sounds = Sounds(self.settings.effects_volume, self.settings.music_volume) if audio else Sounds(0, 0)
        self.games = GAMES  # every game's front, by name: how scenes reach a game (game.ui.games)
        self.network = None  # this screen's session at a network table (game.ui.lobby.session), drawn over the scenes
        self.stack: list[Scene] = []
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vazhushal-save")
        self.saves: list[Future] = []
        self.toasts: list[tuple[str, float]] = []
        self.dirty = True
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.visited: set[str] = set()
        self.rating_jobs: list[tuple[str, str, Future]] = []  # (game, hand, its duplicate result on the way)
        self.rating_docs: dict[str, dict] = {}  # hand -> its replay while its rating is on the way (the coach's)
        self.coach_jobs: list[tuple[str, str, Future]] = []  # (game, hand, its coach's profile on the way)
        self.coach_profiles = True  # rated hands are profiled for the coach (off for the harness: quick_settings)
        self.bots_quiet = threading.Event()  # no bot of a table is thinking: a rating may play a move
        self.bots_quiet.set()
        self.closing = False

    @staticmethod
    def _set_icon() -> None:
        try:
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))
        except (pygame.error, FileNotFoundError):  # an icon is a nicety, never a reason to stop
            pass

    # --- the stack -----------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self.visited.add(scene.name)
        scene.enter()
        self.dirty = True

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.top is not None:
            self.top.enter()
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def make(self, name: str, *args, **kwargs) -> Scene:
        """A new scene by name (:mod:`game.ui.catalog`): how scenes open other scenes."""
        return SCENES[name](self, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push a new scene by name; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.push(scene)
        return scene

    def quit(self) -> None:
        self.running = False

    # --- workers and files ---------------------------------------------------------------------

    def submit(self, fn: Callable, *args) -> Future:
        """Run ``fn(*args)`` off the UI thread (bots, hints); poll the future.

        Each job gets a daemon thread, so a bot that never answers can neither freeze the window
        nor keep the game from quitting."""
        future: Future = Future()

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # noqa: BLE001  (handed to the UI thread)
                future.set_exception(exc)

        threading.Thread(target=run, name="vazhushal-bot", daemon=True).start()
        return future

    def abandon_worker(self) -> None:
        """Give up on a job that does not answer (a stuck bot); its daemon thread is left behind."""

    def autosave(self, match: Match) -> None:
        """Save the match off the UI thread, and the replay of a hand that just ended."""
        replay = match.take_replay()
        if replay is not None:
            self.saves.append(self.writer.submit(self.store.write_replay, replay))
        if match.practice:  # the tutorial never replaces the match you are playing
            return
        doc = match.to_json()
        if match.match_me is not None:
            doc["match_me"] = match.match_me.to_json()
        self.saves = [f for f in self.saves if not f.done()]
        self.saves.append(self.writer.submit(self.store.write, SAVE_FILE, doc))

    def flush_saves(self) -> None:
        for f in self.saves:
            f.result()
        self.saves = []

    def load_match(self) -> Match | None:
        """The saved match of either game, or ``None``: a save that cannot be read, or from which
        the game cannot go on, is set aside under a dated name with a message for the player,
        never a crash."""
        self.flush_saves()
        return self.store.load(SAVE_FILE, load_saved_match, lambda: None, "Your saved match")

    def drop_save(self) -> None:
        self.flush_saves()
        self.store.remove(SAVE_FILE)

    def save_settings(self) -> None:
        self.store.save_settings(self.settings)
        self.art.set_four_colour(self.settings.four_colour)
        self.art.set_colour_blind(self.settings.colour_blind)
        self.sounds.set_volumes(self.settings.effects_volume, self.settings.music_volume)

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on (every scene built after this), saved for the next start."""
        self.settings.language = i18n.set_language(code)
        self.save_settings()
        self.dirty = True

    def record_result(self, match: Match) -> None:
        """Statistics (per game and opponent level) for a finished hand, and for the match when it
        is over, once; then the match is saved."""
        if match.practice or not match.humans or match.state.result is None or not match.count_result():
            return
        prefix = self.games[match.game].stats_prefix
        levels, alone = match.bot_levels(prefix), prefix + "Humans only"
        self.stats.record(levels, "hands", match.hand_won(), alone, match.game)
        followed = match.followed()
        if followed is not None:  # Match me moved: the next table of the game starts where it stands
            self.stats.match_me[match.game] = followed
        if match.match_over:
            self.stats.record(levels, "matches", match.match_won(), alone, match.game)
        self.store.save_stats(self.stats)
        self.autosave(match)
        self.rate_hand(match)

    def match_me_start(self, game: str) -> MatchMe:
        """Where Match me starts a new table of ``game``: where the last one left it, else at the
        player's rating in the game (once it shows), else at Medium's 0."""
        found = self.stats.match_me.get(game)
        if found is not None:
            return found
        r = skill.rating([e["d"] for e in self.stats.skill.get(game, [])])
        return match_me.start(self.games[game].bots, None if r is None else r.value)

    def rate_hand(self, match: Match) -> None:
        """The hand just finished played again with Medium in the person's seat, off the UI thread
        (:func:`ai.skill.duplicate`): its duplicate result joins the game's rating in the
        statistics.  Only a hand with one person at the table, every other seat a recorded bot."""
        doc = match.last_replay
        humans = match.humans
        if doc is None or len(humans) != 1 or not skill.rateable(doc, humans[0]):
            return
        self.rating_jobs.append((match.game, skill.hand_key(doc),
                                 self.submit(skill.duplicate, doc, humans[0], self._rating_turn)))
        self.rating_docs[skill.hand_key(doc)] = doc

    def _rating_turn(self) -> bool:
        """Before each move of a rating: wait while a table's bot thinks (a rating plays while the
        table waits for a person, never taking a thinking bot's time); ``True`` (stop) when the app
        closes."""
        while not self.bots_quiet.wait(0.5):
            if self.closing:
                break
        return self.closing

    def note_accuracy(self, doc: dict, seat: int, accuracy: float | None, loss: float | None = None) -> None:
        """A review's accuracy (and average win chance lost a decision) of ``seat``, kept beside the
        rating of the hand (if it rated that seat)."""
        if accuracy is None or not skill.rateable(doc, seat):
            return
        if self.stats.note_accuracy(doc.get("game", ""), skill.hand_key(doc), accuracy, loss):
            self.store.save_stats(self.stats)

    @staticmethod
    def _finished(jobs: list[tuple[str, str, Future]], failed: str):
        """The background jobs of ``jobs`` that are done, taken off it: ``(game, hand, result)`` of
        each that gave one (one cancelled gives nothing; one that failed is logged as ``failed``
        with the hand, never worth a crash)."""
        for job in [j for j in jobs if j[2].done()]:
            jobs.remove(job)
            game, hand, future = job
            try:
                yield game, hand, future.result()
            except skill.Cancelled:
                continue
            except Exception as exc:  # noqa: BLE001
                log.warning(failed, hand, exc)

    def _collect_ratings(self) -> None:
        for game, hand, result in self._finished(self.rating_jobs, "the hand %s could not be rated: %r"):
            doc = self.rating_docs.pop(hand, None)
            self.stats.rate(game, hand, result.duplicate)
            self.store.save_stats(self.stats)
            if doc is not None and self.coach_profiles:
                self.profile_hand(game, hand, doc, result)
        pending = {hand for _, hand, _ in self.rating_jobs}  # a rating cancelled or failed leaves no replay behind
        for hand in [h for h in self.rating_docs if h not in pending]:
            del self.rating_docs[hand]

    def profile_hand(self, game: str, hand: str, doc: dict, rated: skill.SameCards) -> None:
        """The coach's profile of a hand just rated (:func:`ai.insights.profile`: the hand and Medium's
        and the Expert's on the same cards, reviewed), off the UI thread and paused while a table's bot
        thinks, as the rating is; dropped when the app closes."""
        self.coach_jobs.append((game, hand, self.submit(self._profile, doc, rated.seat, rated.again)))

    def _profile(self, doc: dict, seat: int, medium: dict) -> dict:
        start = time.monotonic() + COACH_AFTER
        while time.monotonic() < start:
            if self.closing:
                raise skill.Cancelled
            time.sleep(0.25)
        return insights.profile(doc, seat, medium=medium, cancel=self._rating_turn)

    def _collect_profiles(self) -> None:
        failed = "the hand %s could not be profiled for the coach: %r"
        for game, hand, profile in self._finished(self.coach_jobs, failed):
            if self.stats.note_profile(game, hand, profile):
                self.store.save_stats(self.stats)

    def speak(self, words: str) -> None:
        """Say ``words`` through the screen reader when spoken announcements are on (Settings; off
        by default).  They need the optional ``accessible-output2`` package; without it (or without
        a screen reader or speech service) the setting turns itself off with a message, and the
        game goes on silently."""
        if not self.settings.speech or not words:
            return
        if self.speaker is None:
            try:
                from accessible_output2.outputs.auto import Auto  # optional: pip install accessible-output2

                self.speaker = Auto()
            except Exception as exc:  # noqa: BLE001  (missing package, no speech service: never a crash)
                log.info("no spoken announcements: %r", exc)
                self.settings.speech = False
                self.toast("Spoken announcements need the accessible-output2 package and a screen reader "
                           "or speech service; they are off.", 8.0)
                return
        try:
            self.speaker.speak(words, interrupt=True)  # type: ignore[attr-defined]
        except Exception as exc:  # noqa: BLE001
            log.info("speaking failed: %r", exc)

    def toast(self, message: str, seconds: float = 5.0) -> None:
        self.toasts.append((message, time.monotonic() + seconds))
        self.dirty = True

    # --- display -------------------------------------------------------------------------------

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        try:
            if fullscreen:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error as exc:
            log.info("no fullscreen (%s)", exc)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.screen = self._set_mode(on)
        self.dirty = True

    # --- the loop ------------------------------------------------------------------------------

    def busy(self) -> bool:
        return bool(self.toasts) or any(s.busy() for s in self.stack[-2:])

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            if (w, h) != self.screen.get_size():
                self.windowed_size = (w, h)
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            self.save_settings()
            return
        if self.top is not None:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if self.toasts:
            self.toasts = [t for t in self.toasts if t[1] > now]
            self.dirty = True
        while self.store.notices:
            self.toast(self.store.notices.pop(0), 7.0)
        if self.rating_jobs or self.coach_jobs:
            self._collect_ratings()
            self._collect_profiles()
            thinking = any(getattr(s, "bot_job", None) is not None or getattr(s, "hint_job", None) is not None
                           for s in self.stack)
            if thinking:
                self.bots_quiet.clear()
            else:
                self.bots_quiet.set()
        for scene in list(self.stack[-2:]):
            scene.update(dt)
        if self.busy():
            self.dirty = True

    def draw(self) -> None:
        self.art.begin_frame()
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[max(0, start):]:
            scene.draw(self.screen)
        if self.network is not None:
            self.network.draw(self.screen)
        self.draw_toasts()
        self.frames += 1

    def draw_toasts(self) -> None:
        from .resources import wrap
        from .textdraw import draw_text
        if not self.toasts:
            return
        w = self.screen.get_width()
        y = 12
        for message, _ in self.toasts[-3:]:
            lines = wrap(message, 18, min(900, w - 80))
            h = 16 + 24 * len(lines)
            rect = pygame.Rect(0, y, min(940, w - 40), h)
            rect.centerx = w // 2
            panel(self.screen, rect, (60, 30, 20), 235, border=ACCENT)
            for i, line in enumerate(lines):
                draw_text(self.screen, line, (rect.x + 16, rect.y + 8 + 24 * i), 18, INK)
            y += h + 8

    def step(self, events: list[pygame.event.Event] = (), dt: float = 1 / 60) -> None:
        """One turn of the loop without waiting (tests and the smoke test drive the app so)."""
        for event in events:
            self.handle(event)
        self.update(dt)
        if self.dirty:
            self.draw()
            pygame.display.flip()
            self.dirty = False

    def run(self) -> None:
        last = time.monotonic()
        self.step()
        while self.running and self.stack:
            if self.busy():
                self.clock.tick(60)
                events = pygame.event.get()
            else:
                first = pygame.event.wait(500)
                events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
            now = time.monotonic()
            self.step(events, now - last)
            last = now
        self.shutdown()

    def shutdown(self) -> None:
        self.closing = True
        self.bots_quiet.set()
        for scene in reversed(self.stack):
            scene.exit()
        self.stack.clear()
        if self.network is not None:  # a hosted table closes (saved, its players told); a joined one is left
            self.network.close()
        try:
            self.flush_saves()
        except Exception as exc:  # noqa: BLE001
            log.warning("saving failed at exit: %s", exc)
        self.writer.shutdown(wait=True)
        self.store.release()
