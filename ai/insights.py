"""The coach: where a player's win chance goes, over the rated hands of a game (issue 49, item 3).

The hand review (:mod:`ai.rating`) rates every decision of a seat with the Expert's search: the win
chance the move played gave up against the best one found.  The coach sorts those losses

* by **kind** of decision (:data:`KINDS`): the draw (the stock or the discard), the discard (in
  Vazhushal the play: melds and the discard), declaring (too late or too early), dropping, seeing the
  maal, and Marriage's first exposing of tunnelas.  A decision is filed under declaring, dropping or
  seeing when the move played or the best move was one, else under its turn's kind;
* by **phase** of the hand (:data:`PHASES`, the puzzles' phases): ``early`` (the seat's first three
  turns), ``late`` (the stock below a third of what it was after the deal, or, where melds go down
  from the hand, the seat two cards from going out), else ``middle``;
* into **habits** (:data:`HABITS`): a named pattern of the move played against the best (drawing
  from the stock when taking the discard was best, declaring later than it could...), each tied to
  a puzzle theme that practises it (docs/puzzles.md).

A hand's **profile** (:func:`profile`) holds these sums for the player and for Medium and the Expert
playing the seat again on the same cards (:func:`ai.same_cards.play_again`), each hand reviewed the
same way at the lighter depth :data:`LIGHT`.  It is small JSON, kept beside the hand's rating in
the statistics file (``coach``).  Over a game's profiles (:func:`coach`): the mean win chance lost a
hand and a decision by kind and phase with a 95 % interval, and the habits ranked by the win chance
they cost per 100 hands **beyond what Medium loses on the same cards** (the luck of which decisions a
deal asks for cancels out of the difference).  The top three are the coach's advice.

Nothing at the top of this module imports the bots (the statistics file reads profiles with
:func:`clean_profile` at the app's start); :func:`profile` imports them when called.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import N_, _, ngettext

VERSION = 1
LIGHT = 16  # determinizations a decision in a profile's reviews (the review's own depth is 48)
FEWEST = 10  # profiled hands before the coach speaks
PER = 100  # habits are counted per this many hands
LEAST = 0.5  # a habit the coach names costs at least this many wins per PER hands beyond Medium
Z95 = 1.96
WHO = ("you", "medium", "expert")  # the profiles of a hand: the player, then Medium and the Expert on the same cards

# The kinds of decision, in the order the coach draws them, with their words (translated where shown).
KINDS: dict[str, str] = {
    # Translators: a kind of decision in the coach's chart: choosing the stock or the discard.
    "draw": N_("Drawing"),
    # Translators: a kind of decision in the coach's chart: which card to throw.
    "discard": N_("Discarding"),
    # Translators: a kind of decision in the coach's chart (Vazhushal's turn: melds, then a discard).
    "play": N_("Melding and discarding"),
    # Translators: a kind of decision in the coach's chart: when to declare (too late or too early).
    "declare": N_("Declaring"),
    # Translators: a kind of decision in the coach's chart: dropping out of the deal or playing on.
    "drop": N_("Dropping"),
    # Translators: a kind of decision in the coach's chart (Indian Marriage): when to see the maal.
    "see": N_("Seeing the maal"),
    # Translators: a kind of decision in the coach's chart (Indian Marriage): laying tunnelas face up.
    "expose": N_("Showing tunnelas"),
}
PHASES: dict[str, str] = {
    # Translators: a phase of a hand in the coach's chart: the player's first three turns.
    "early": N_("First three turns"),
    # Translators: a phase of a hand in the coach's chart.
    "middle": N_("Middle of the hand"),
    # Translators: a phase of a hand in the coach's chart: little stock left, or nearly out.
    "late": N_("End of the hand"),
}
EARLY_TURNS = 3


@dataclass(frozen=True)
class HabitInfo:
    """A habit the coach can name: the puzzle theme that practises it and its words."""

    theme: str
    words: str  # N_-marked: translated where shown


HABITS: dict[str, HabitInfo] = {
    "take": HabitInfo("take", N_("You draw from the stock when taking the discard would have helped you")),
    "stock": HabitInfo("stock", N_("You take the discard when the stock was the better draw")),
    "discard": HabitInfo("discard", N_("You throw cards your melds needed")),
    "high": HabitInfo("high", N_("You keep high cards too long")),
    "declare": HabitInfo("declare", N_("You declare later than you could")),
    "hold": HabitInfo("hold", N_("You declare too early, when playing on would have won more")),
    "stay": HabitInfo("stay", N_("You drop too often")),
    "drop": HabitInfo("drop", N_("You play on where dropping would save points")),
    "see": HabitInfo("see", N_("You see the maal late")),
}

TAKES = ("take_discard", "take_line")
FINISH = ("declare",)


# --- one decision ------------------------------------------------------------------------------


def _types(actions: Sequence[dict]) -> set[str]:
    return {a.get("type", "") for a in actions if isinstance(a, dict)}


def _card_value(token: object) -> int:
    """The points of a card token (``"KS"`` 10, ``"7H"`` 7); a joker or an unreadable token 0."""
    from game.core.cards import JOKER, parse_kind, rank_of, rank_value

    try:
        kind = parse_kind(token)
    except ValueError:
        return 0
    return 0 if kind >= JOKER else rank_value(rank_of(kind))


def _thrown(actions: Sequence[dict]) -> object:
    last = next((a for a in reversed(actions) if isinstance(a, dict) and a.get("type") == "discard"), None)
    return None if last is None else last.get("card")


def decision_kind(review_kind: str, chosen: Sequence[dict], best: Sequence[dict]) -> str:
    """The coach's kind of a rated decision: seeing, dropping or declaring when the move played or
    the best move was one, else the review's kind of the turn (``draw``, ``discard``, ``play``...)."""
    types = _types(chosen) | _types(best)
    if "see_maal" in types:
        return "see"
    if "drop" in types:
        return "drop"
    if types & set(FINISH):
        return "declare"
    return review_kind if review_kind in KINDS else "discard"


def habit_of(chosen: Sequence[dict], best: Sequence[dict]) -> str | None:
    """The habit a decision shows (a key of :data:`HABITS`), or ``None``: the move played against
    the best, read as a pattern (a draw from the stock where the best took the discard: ``take``)."""
    mine, theirs = _types(chosen), _types(best)
    if mine == theirs and _thrown(chosen) == _thrown(best):
        return None
    if "see_maal" in theirs and "see_maal" not in mine:
        return "see"
    if "drop" in mine and "drop" not in theirs:
        return "stay"
    if "drop" in theirs and "drop" not in mine:
        return "drop"
    if theirs & set(FINISH) and not mine & set(FINISH):
        return "declare"
    if mine & set(FINISH) and not theirs & set(FINISH):
        return "hold"
    if "draw_stock" in mine and theirs & set(TAKES):
        return "take"
    if mine & set(TAKES) and "draw_stock" in theirs:
        return "stock"
    thrown, best_thrown = _thrown(chosen), _thrown(best)
    if thrown is not None and best_thrown is not None and thrown != best_thrown:
        if str(thrown).upper() == "JK":  # a joker thrown away: a card any meld needed
            return "discard"
        return "high" if _card_value(best_thrown) > _card_value(thrown) else "discard"
    return None


def phase_at(state: Any, seat: int, turn: int, dealt: int) -> str:
    """The phase of ``seat``'s decision in ``state`` (:data:`PHASES`), on its turn ``turn`` (0 for
    its first) of a hand whose stock was ``dealt`` cards after the deal: early for its first
    :data:`EARLY_TURNS` turns; late once the stock is below a third of the dealt stock, or the seat
    holds two cards or fewer (a game whose melds go down from the hand); else middle.  The one rule
    of the coach's phases and the puzzles' (:mod:`ai.puzzles.generate`)."""
    if turn < EARLY_TURNS:
        return "early"
    stock = getattr(state, "stock", None)
    hand = state.hands[seat] if hasattr(state, "hands") and hasattr(state, "melds") else None
    if (stock is not None and 3 * len(stock) < dealt) or (hand is not None and len(hand) <= 2):
        return "late"
    return "middle"


def phases(doc: dict, seat: int) -> Callable[[int], str]:
    """The phase of ``seat``'s decision at a replay step (:func:`phase_at`)."""
    from game.replay import states

    actions = doc.get("actions", [])
    all_states = states(doc)
    dealt = len(getattr(all_states[0], "stock", ())) or 1
    starts = [i for i, e in enumerate(actions)
              if e.get("seat") == seat and (i == 0 or actions[i - 1].get("seat") != seat)]

    def phase(step: int) -> str:
        return phase_at(all_states[step], seat, sum(1 for i in starts if i <= step) - 1, dealt)

    return phase


# --- a hand's profile ----------------------------------------------------------------------------


def _add(table: dict, key: str, value: float) -> None:
    table[key] = table.get(key, 0) + value


def hand_profile(decisions: Iterable[Any], phase: Callable[[int], str]) -> dict:
    """The profile of one reviewed hand (the review's rated decisions, ``phase(step)`` their phase):
    ``n``/``k`` decisions and win chance lost by kind, ``pn``/``p`` by phase, ``hn``/``h`` by habit."""
    out: dict[str, dict] = {"n": {}, "k": {}, "pn": {}, "p": {}, "hn": {}, "h": {}}
    for d in decisions:
        if d.verdict == "only":
            continue
        chosen, best = list(d.chosen.actions), list(d.best.actions)
        kind, where, habit = decision_kind(d.kind, chosen, best), phase(d.step), habit_of(chosen, best)
        loss = max(0.0, float(d.loss))
        _add(out["n"], kind, 1)
        _add(out["k"], kind, loss)
        _add(out["pn"], where, 1)
        _add(out["p"], where, loss)
        if habit is not None:
            _add(out["hn"], habit, 1)
            _add(out["h"], habit, loss)
    for key in ("k", "p", "h"):
        out[key] = {name: round(v, 4) for name, v in out[key].items()}
    return out


def rated_decisions(doc: dict, seat: int, *, iterations: int = LIGHT, seed: int = 0, known: Sequence[Any] = (),
                    cancel: Callable[[], bool] | None = None) -> list[Any]:
    """Every decision of ``seat`` in the replay ``doc`` rated as the game's review rates it (its
    ``analyse``, at ``iterations``, each decision on its own determinizations), except those of
    ``known`` (decisions already rated, by step) whose moves the replay repeats: the same moment and
    the same move are rated the same, so a hand played again is rated only where it went elsewhere."""
    from .games import front as bot_front
    from .rating import Cancelled

    front = bot_front(doc["game"])
    review = front.review
    if review is None:
        raise ValueError(f"no review for {doc['game']!r}")
    already = {d.step: d for d in known}
    out = []
    for step, kind, chosen, before in review.decisions_of(doc, seat):
        if cancel is not None and cancel():
            raise Cancelled()
        moves = tuple(a.to_json() for a in chosen)
        done = already.get(step)
        if done is not None and done.kind == kind and tuple(done.chosen.actions) == moves:
            out.append(done)
            continue
        obs = front.observe(before, seat)
        out.append(review.analyse(obs, chosen, kind, iterations=iterations, seed=review.decision_seed(seed, obs),
                                  step=step, cancel=cancel))
    return out


def _shared(doc: dict, again: dict, rated: Sequence[Any]) -> list[Any]:
    """The decisions of ``rated`` (from ``doc``) taken before ``again`` parted from ``doc``."""
    actions, other = doc["actions"], again["actions"]
    first = next((i for i, (a, b) in enumerate(zip(actions, other, strict=False)) if a != b),
                 min(len(actions), len(other)))
    return [d for d in rated if d.step + len(d.chosen.actions) <= first]


def profile(doc: dict, seat: int, *, iterations: int = LIGHT, medium: dict | None = None, expert: bool = True,
            cancel: Callable[[], bool] | None = None) -> dict:
    """A hand's profile (the statistics file's ``coach``): ``you`` (``seat`` as played), ``medium``
    and ``expert`` (the seat played again by each on the same cards, each reviewed the same way).
    ``medium`` is Medium's replay when it is at hand (the rating played it); ``expert=False`` leaves
    the Expert out (``None``).  ``cancel()`` is asked before each move and decision; true raises
    :class:`ai.skill.Cancelled`."""
    from . import rating
    from .players import seat_seed
    from .same_cards import Cancelled, play_again
    from .skill import REFERENCE

    try:
        yours = rated_decisions(doc, seat, iterations=iterations, cancel=cancel)
        if medium is None:
            medium = play_again(doc, seat, REFERENCE, seed=seat_seed(doc.get("seed"), seat), cancel=cancel).again
        played = {"you": doc, "medium": medium}
        if expert:
            played["expert"] = play_again(doc, seat, "Expert", seed=seat_seed(doc.get("seed"), seat),
                                          cancel=cancel).again
        out: dict[str, Any] = {"v": VERSION, "you": None, "medium": None, "expert": None}
        for who, hand in played.items():
            rated = yours if who == "you" else rated_decisions(hand, seat, iterations=iterations, cancel=cancel,
                                                               known=_shared(doc, hand, yours))
            out[who] = hand_profile(rated, phases(hand, seat))
    except rating.Cancelled:
        raise Cancelled from None
    return out


# --- reading a profile back (the statistics file) -------------------------------------------------

_TABLES = {"n": KINDS, "k": KINDS, "pn": PHASES, "p": PHASES, "hn": HABITS, "h": HABITS}


def _clean_side(side: object) -> dict | None:
    if not isinstance(side, dict) or set(side) - set(_TABLES):
        return None
    out: dict[str, dict] = {}
    for key, names in _TABLES.items():
        table = side.get(key, {})
        if not isinstance(table, dict) or set(table) - set(names):
            return None
        counts = key in ("n", "pn", "hn")
        for v in table.values():
            if type(v) not in (int, float) or not 0 <= v <= 10_000 or (counts and v != int(v)):
                return None
        out[key] = {k: (int(v) if counts else float(v)) for k, v in table.items()}
    return out


def clean_profile(data: object) -> dict | None:
    """A profile as the statistics file may hold it, checked (``None``: not one): known kinds,
    phases and habits only, numbers in bounds."""
    if not isinstance(data, dict) or data.get("v") != VERSION or set(data) != {"v", *WHO}:
        return None
    you = _clean_side(data["you"])
    if you is None:
        return None
    out: dict[str, Any] = {"v": VERSION, "you": you}
    for who in WHO[1:]:
        side = None if data[who] is None else _clean_side(data[who])
        if data[who] is not None and side is None:
            return None
        out[who] = side
    return out


# --- over a game's hands ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Mean:
    """A mean over hands with its 95 % interval (``value ± half``), in wins per :data:`PER` hands."""

    value: float
    half: float
    hands: int


def _mean(values: Sequence[float]) -> Mean:
    n = len(values)
    if n == 0:
        return Mean(0.0, 0.0, 0)
    m = sum(values) / n
    var = sum((x - m) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return Mean(PER * m, PER * Z95 * math.sqrt(var / n), n)


@dataclass(frozen=True)
class Bar:
    """One row of a chart: a kind or a phase, the win chance lost a hand (per :data:`PER` hands) by
    the player, Medium and the Expert on the same cards, and per decision (in %)."""

    key: str
    you: Mean
    medium: Mean | None
    expert: Mean | None
    per_decision: float | None  # the player's mean loss a decision of this kind, in %
    decisions: int  # the player's decisions of this kind over the hands

    def words(self) -> str:
        return _(KINDS.get(self.key) or PHASES[self.key])


@dataclass(frozen=True)
class Habit:
    """A habit, ranked: the win chance it costs per :data:`PER` hands beyond Medium on the same cards."""

    key: str
    excess: Mean  # you minus Medium, per PER hands
    you: float  # per PER hands
    medium: float
    times: int  # how often the player's moves showed it

    @property
    def theme(self) -> str:
        return HABITS[self.key].theme

    def words(self) -> str:
        return _(HABITS[self.key].words)

    def cost_words(self) -> str:
        n = max(1, round(self.excess.value))
        # Translators: under a habit the coach names; "wins" are hands won, counted over 100 hands.
        return ngettext("About {n} win lost in 100 hands more than Medium on the same cards",
                        "About {n} wins lost in 100 hands more than Medium on the same cards", n).format(n=n)


@dataclass(frozen=True)
class Coach:
    """What the coach says of a game's profiled hands."""

    hands: int
    kinds: tuple[Bar, ...]
    phases: tuple[Bar, ...]
    habits: tuple[Habit, ...]  # every habit seen, costliest beyond Medium first
    fewest: int = FEWEST

    @property
    def ready(self) -> bool:
        return self.hands >= self.fewest

    @property
    def needed(self) -> int:
        """Profiled hands still needed before the coach speaks."""
        return max(0, self.fewest - self.hands)

    @property
    def advice(self) -> tuple[Habit, ...]:
        """The three costliest habits (those that cost more than Medium loses on the same cards, by at
        least :data:`LEAST` wins per 100 hands)."""
        return tuple(h for h in self.habits if h.excess.value >= LEAST)[:3]


def _bars(profiles: Sequence[Mapping], count: str, loss: str, keys: Iterable[str]) -> tuple[Bar, ...]:
    bars = []
    for key in keys:
        if not any(key in (p[w] or {}).get(count, {}) for p in profiles for w in WHO):
            continue
        per_who: dict[str, Mean | None] = {}
        for who in WHO:
            sides = [p[who] for p in profiles if p.get(who) is not None]
            per_who[who] = _mean([s[loss].get(key, 0.0) for s in sides]) if sides else None
        n = sum(p["you"][count].get(key, 0) for p in profiles)
        total = sum(p["you"][loss].get(key, 0.0) for p in profiles)
        bars.append(Bar(key, per_who["you"] or Mean(0.0, 0.0, 0), per_who["medium"], per_who["expert"],
                        100 * total / n if n else None, n))
    return tuple(bars)


def coach(profiles: Iterable[Mapping | None], fewest: int = FEWEST) -> Coach:
    """The coach over a game's profiles (``None`` entries: hands without one are skipped)."""
    hands = [p for p in profiles if p is not None and p.get("you") is not None]
    kinds = _bars(hands, "n", "k", KINDS)
    phase_bars = _bars(hands, "pn", "p", PHASES)
    paired = [p for p in hands if p.get("medium") is not None]
    habits = []
    for key in HABITS:
        if not any(key in p["you"]["hn"] or key in p["medium"]["hn"] for p in paired):
            continue
        diffs = [p["you"]["h"].get(key, 0.0) - p["medium"]["h"].get(key, 0.0) for p in paired]
        you = PER * sum(p["you"]["h"].get(key, 0.0) for p in paired) / len(paired)
        medium = PER * sum(p["medium"]["h"].get(key, 0.0) for p in paired) / len(paired)
        habits.append(Habit(key, _mean(diffs), you, medium, sum(p["you"]["hn"].get(key, 0) for p in paired)))
    habits.sort(key=lambda h: (-h.excess.value, h.key))
    return Coach(len(hands), kinds, phase_bars, tuple(habits), fewest)
