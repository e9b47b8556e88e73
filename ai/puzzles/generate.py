"""The puzzle generator: decisions cut from bot-vs-bot hands, kept only when the best move beats every
other by a clear margin that holds on fresh guesses of the hidden cards (docs/puzzles.md).

A **source hand** (:func:`source`) is one hand of the game dealt from ``(seed, hand)``: two to four
seats, each a level drawn from :data:`SOURCE_LEVELS` (heuristics: they answer the same from their
seed, so the hand is played again exactly), seated by :class:`ai.players.SeatPlayer`.  The decisions
likely to have a clear answer (:func:`promising`) are **cut** (:func:`cut`), each from the deciding
seat's observation alone:

1. every distinct legal move of the decision (by its key: :mod:`ai.puzzles.adapt`), discards
   shortlisted to the Expert's first :attr:`Settings.width`, is played out on the same
   :attr:`Settings.first` determinizations with the review's play-outs (the first pass); a position
   whose first pass leads by less than :attr:`Settings.gate` is dropped, and the moves more than
   :attr:`Settings.window` below its best are left out of the rest (at most :attr:`Settings.keep` go on);
2. the moves left are played on to full depth (:attr:`Settings.depth` determinizations, the review's
   own depth; the first pass's are the first of them), a chunk at a time, all on the same
   determinizations (:class:`Rated`, :func:`deepen`); the position is kept only when the best beats
   each other move by at least :attr:`Settings.margin` (the review's :data:`ai.rating.MISTAKE`, 0.10
   win chance) and beyond noise (the paired difference above :data:`ai.rating.NOISE_Z` standard
   errors); a rating whose leader cannot get there even with :attr:`Settings.futile_z` standard
   errors of luck stops early (:data:`FUTILE_Z` on the re-guessings);
3. the same moves are rated again, to full depth each, on :attr:`Settings.guesses` other seeds of
   the hidden cards, and the position is kept only when the same move is best by the margin, beyond
   noise, each time; the puzzle's margin is the smallest of these;
4. the simulated **solvers** (:mod:`ai.puzzles.solvers`) answer it, which gives its rating.

A puzzle's id is a hash of the seat's observation (the position as the seat sees it, its hand in
any order), so the same position cut twice is one puzzle.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.cards import JOKER, physical_kind, rank_of

from ..insights import phase_at
from ..paired import paired
from ..players import SeatPlayer, clocked, seat_seed
from ..rating import ITERATIONS, MISTAKE, NOISE_Z, decision_seed
from . import solvers
from .adapt import RANDOM, Adapter, adapter
from .words import taken_kind

# the mix of the source hands' seats: the heuristics, which answer in milliseconds and the same from their seed
# (the searches and the look-ahead Experts take seconds a move; against the random bot every move wins alike)
SOURCE_LEVELS = ("Easy", "Medium", "Medium")
PLAYERS = (2, 2, 2, 3, 4)  # the table sizes of the source hands (each as likely as it is listed)


@dataclass(frozen=True)
class Settings:
    """How hard the generator looks (docs/puzzles.md gives the values the shipped sets used)."""

    first: int = 8  # determinizations of the first pass over every move shortlisted
    depth: int = ITERATIONS  # determinizations of each full rating (the review's depth)
    guesses: int = 3  # re-guessings of the hidden cards the answer must survive
    margin: float = MISTAKE  # the least win chance the answer must hold over every other move
    window: float = 0.20  # moves this far below the first pass's best are not rated again
    keep: int = 4  # at most this many moves rated at full depth
    gate: float = 0.06  # the least lead of the first pass's best for a position to be rated at full depth
    width: int = 5  # discards rated: the Expert's first choices (every other kind of move is rated)
    share: float = 1.0  # the share of the likeliest decisions cut (:func:`promising`)
    other_share: float = 0.25  # the share of the other decisions cut
    finish_share: float = 1.0  # the share cut of the plays where the hand may finish (declare, see the maal)
    solver_seeds: int = 3  # answers of each solver level (each its own seed)
    clock: bool = True  # the solvers think against their clock, as at the table
    solver_iterations: int | None = None  # unclocked solvers' search depth cap
    split: bool = False  # only decisions where Medium and the Expert answer apart (:func:`split_here`)
    futile_z: float = 1.5  # the first rating's optimism before it gives up (:data:`FUTILE_Z`; lower stops sooner)


# --- the source hands ---------------------------------------------------------------------------

def hand_seed(seed: int, hand: int) -> int:
    return decision_seed(seed, 1_000_000 + hand)


def moment_seed(seed: int, hand: int, step: int) -> int:
    """The seed of the decision at ``step`` of source hand ``hand``: its rating's and its solvers'."""
    return decision_seed(hand_seed(seed, hand), step)


def table_of(made: Adapter, seed: int, hand: int) -> tuple[int, list[str]]:
    """The source hand's table size and each seat's level."""
    rng = random.Random(hand_seed(seed, hand))
    low, high = made.engine.players
    players = max(low, min(high, rng.choice(PLAYERS)))
    levels = [name for name in SOURCE_LEVELS if not clocked(made.level(name))]
    return players, [rng.choice(levels) for _seat in range(players)]


def source(made: Adapter, seed: int, hand: int) -> Iterator[tuple[Any, int, int, int, int]]:
    """The decisions of one source hand as it is played: (state, seat, step, the seat's turn
    number from 1, the stock dealt)."""
    players, levels = table_of(made, seed, hand)
    front = made.front
    deal_seed = hand_seed(seed, hand) >> 1
    state = front.deal(front.preset(made.engine.default_preset, players), random.Random(deal_seed))
    seats = [SeatPlayer(front, "Bot: random" if levels[s] == RANDOM else levels[s], seat_seed(deal_seed, s))
             for s in range(players)]
    stock = stock_count(state)
    turns = [0] * players
    last = None
    for step in range(front.max_actions):
        if state.result is not None:
            return
        seat = state.turn
        if seat != last:
            turns[seat] += 1
            last = seat
        yield state, seat, step, turns[seat], stock
        _action, state = seats[seat].advance(state)


def stock_count(state: Any) -> int:
    return len(state.stock)


# --- one decision -------------------------------------------------------------------------------

def canonical(obs: Any) -> str:
    """The position as the seat sees it, its hand in any order, as text: a puzzle's identity."""
    doc = obs.to_json()
    doc.pop("seats", None)  # the names do not change the position
    for name in ("hand",):
        if isinstance(doc.get(name), list):
            doc[name] = sorted(map(str, doc[name]))
    return json.dumps(doc, sort_keys=True, default=str)


def puzzle_id(game: str, obs: Any) -> str:
    return f"{game}-{hashlib.sha256(canonical(obs).encode()).hexdigest()[:12]}"


def best_of(wins: Sequence[Sequence[float]], scores: Sequence[float]) -> int:
    return max(range(len(wins)), key=lambda i: (sum(wins[i]) / len(wins[i]), scores[i], -i))


def clear_margin(wins: Sequence[Sequence[float]], best: int, margin: float) -> float | None:
    """The smallest win chance the best move holds over each other move, when it holds at least
    ``margin`` over every one of them beyond noise (``NOISE_Z`` standard errors); else ``None``."""
    least = float("inf")
    for i in range(len(wins)):
        if i == best:
            continue
        loss, noise, _n = paired(wins[best], wins[i])
        if loss < margin or loss - NOISE_Z * noise <= 0:
            return None
        least = min(least, loss)
    return least


def kind_of(decision: str, answer: Sequence[Any]) -> str:
    """The puzzle's kind: the answer's when it ends the choice (a drop, a declaration, seeing the
    maal), else the decision's."""
    last = answer[-1].type
    if last == "drop":
        return "drop"
    if last in ("declare", "done"):
        return "declare"
    if last == "see_maal":
        return "see"
    if decision == "play" and last == "discard":
        return "discard"
    return decision


def card_kind(card: int | None) -> int | None:
    return None if card is None else physical_kind(card)


def is_wild(view: Any, kind: int | None) -> bool:
    wild = getattr(view, "wild", None)
    return kind is not None and (kind == JOKER or (wild is not None and len(wild) > kind and bool(wild[kind])))


def themes_of(made: Adapter, view: Any, kind: str, plans: Sequence[Sequence[Any]], best: int,
              scores: Sequence[float]) -> list[str]:
    """The puzzle's themes (docs/puzzles.md's list)."""
    answer = plans[best]
    types = {p[-1].type for p in plans}
    last = answer[-1]
    out: list[str] = []
    if last.type in ("take_discard", "take_line"):
        out.append("take")
    elif last.type == "draw_stock" and types & {"take_discard", "take_line"}:
        out.append("stock")
    elif last.type == "discard":
        out.append("discard")
    elif last.type in ("declare", "done"):
        out.append("declare")
    elif last.type == "drop":
        out.append("drop")
    elif last.type == "see_maal":
        out.append("see")
    if last.type not in ("declare", "done") and types & {"declare", "done"}:
        out.append("hold")
    drops = [i for i, p in enumerate(plans) if p[-1].type == "drop"]
    if last.type != "drop" and drops and scores[drops[0]] > scores[best]:
        out.append("stay")  # dropping would cost fewer points on average, yet playing on wins more
    # descriptive: the card the answer takes or throws, and the cards the other moves throw
    taken = taken_kind(view, answer)
    thrown = [card_kind(p[-1].card) for p in plans if p[-1].type == "discard"]
    if is_wild(view, taken) or any(is_wild(view, k) for i, k in enumerate(thrown) if plans[i] is not answer):
        out.append("joker")
    if last.type == "discard" and last.card is not None and rank_of(card_kind(last.card)) in (1, 10, 11, 12, 13) \
            and not is_wild(view, card_kind(last.card)):
        out.append("high")
    from .words import fit

    hand = [physical_kind(c) for c in view.hands[view.turn]]
    if taken is not None and not is_wild(view, taken):
        shape, _cards = fit(taken, hand, getattr(view, "wild", None))
        if shape in ("pure", "set"):
            out.append(shape)
    return out


def chance(plans: Sequence[Sequence[Any]]) -> float:
    """The chance of finding the answer by luck: one over the moves the random bot picks among (it
    never drops)."""
    return 1 / max(1, sum(1 for p in plans if p[-1].type != "drop"))


class Rated:
    """Moves rated on determinizations added a chunk at a time (every chunk played by every move,
    so the paired differences stay paired): each move's wins a play-out, and its mean score."""

    def __init__(self, made: Adapter, obs: Any, plans: list[list[Any]]) -> None:
        self.made, self.obs, self.plans = made, obs, plans
        self.wins: list[list[float]] = [[] for _plan in plans]
        self.score_sums = [0.0] * len(plans)
        self.chunks = 0

    def add(self, iterations: int, seed: int) -> None:
        wins, scores = self.made.rate(self.obs, self.plans, iterations, seed)
        for i in range(len(self.plans)):
            self.wins[i] += wins[i]
            self.score_sums[i] += scores[i]
        self.chunks += 1

    @property
    def n(self) -> int:
        return len(self.wins[0])

    def means(self) -> list[float]:
        return [sum(w) / len(w) for w in self.wins]

    def scores(self) -> list[float]:
        return [t / self.chunks for t in self.score_sums]

    def best(self) -> int:
        return best_of(self.wins, self.scores())

    def futile(self, answer: int, margin: float, z: float) -> bool:
        """Even ``z`` standard errors optimistic, ``answer`` does not lead some move by ``margin``:
        more play-outs would not likely keep it (a stop that saves time, not the test itself)."""
        for i in range(len(self.plans)):
            if i != answer:
                loss, noise, _n = paired(self.wins[answer], self.wins[i])
                if loss + z * noise < margin:
                    return True
        return False

    def subset(self, keep: Sequence[int]) -> Rated:
        made = Rated(self.made, self.obs, [self.plans[i] for i in keep])
        made.wins = [list(self.wins[i]) for i in keep]
        made.score_sums = [self.score_sums[i] for i in keep]
        made.chunks = self.chunks
        return made


FUTILE_Z = 1.5  # standard errors of optimism before a re-guessing's rating is given up early
FUTILE_AFTER = 16  # ... and never on fewer play-outs than these


def deepen(rated: Rated, answer: int | None, settings: Settings, seed: int, salt: int) -> int | None:
    """Play ``rated`` on to :attr:`Settings.depth` determinizations, a chunk of
    :attr:`Settings.first` at a time, giving up as soon as the leader (``answer``, or the best so
    far) cannot hold its margin (:attr:`Settings.futile_z` standard errors optimistic on the first
    rating, :data:`FUTILE_Z` on a re-guessing's, whose answer already held once); the leader at
    full depth when it holds the margin beyond noise."""
    z = settings.futile_z if answer is None else FUTILE_Z
    chunk = 0
    while rated.n < settings.depth:
        rated.add(min(settings.first, settings.depth - rated.n), decision_seed(seed, salt + chunk))
        chunk += 1
        lead = rated.best() if answer is None else answer
        if rated.n >= FUTILE_AFTER and rated.futile(lead, settings.margin, z):
            return None
    lead = rated.best()
    if answer is not None and lead != answer:
        return None
    return lead if clear_margin(rated.wins, lead, settings.margin) is not None else None


def cut(made: Adapter, state: Any, seat: int, settings: Settings, seed: int) -> dict | None:
    """The puzzle of ``seat``'s decision in ``state``, or ``None`` when no move is clearly best
    (the steps of the module docstring; the solvers are asked by :func:`finish`).  The first pass
    is the first chunk of the full rating; each rating stops early once its leader cannot hold the
    margin (:func:`deepen`), so a position is dropped after a few play-outs and kept after all."""
    obs = made.front.observe(state, seat)
    decision = made.decision(obs)
    if decision is None:
        return None
    every = made.plans(obs)
    if len(every) < 2:
        return None
    plans = made.shortlist(obs, every, settings.width)
    if len(plans) < 2:
        return None
    view = made.view(obs)
    first = Rated(made, obs, plans)
    first.add(settings.first, decision_seed(seed, 0))
    means, scores = first.means(), first.scores()
    order = sorted(range(len(plans)), key=lambda i: (-means[i], -scores[i], i))
    if means[order[0]] - means[order[1]] < settings.gate:  # no clear best even on a first look
        return None
    chosen = [i for i in order if means[i] >= means[order[0]] - settings.window][:settings.keep]
    if len(chosen) < 2:
        chosen = order[:2]
    rated = first.subset(chosen)
    best = deepen(rated, None, settings, seed, 1)
    if best is None:
        return None
    margins = [clear_margin(rated.wins, best, settings.margin)]
    for guess in range(settings.guesses):
        again = Rated(made, obs, rated.plans)
        if deepen(again, best, settings, seed, 100 * (guess + 1)) is None:
            return None
        margins.append(clear_margin(again.wins, best, settings.margin))
    answer = rated.plans[best]
    answer_key = made.key(view, answer)
    full_means, full_scores = rated.means(), rated.scores()
    options = []
    for j, plan in enumerate(rated.plans):
        options.append({"actions": [a.to_json() for a in plan], "key": made.key(view, plan),
                        "win": round(full_means[j], 4), "score": round(full_scores[j], 3), "depth": settings.depth})
    for i in order:
        if i not in chosen:
            options.append({"actions": [a.to_json() for a in plans[i]], "key": made.key(view, plans[i]),
                            "win": round(means[i], 4), "score": round(scores[i], 3), "depth": settings.first})
    options.sort(key=lambda o: (o["key"] != answer_key, -o["win"], -o["score"]))
    kind = kind_of(decision, answer)
    best_index = next(i for i, p in enumerate(plans) if made.key(view, p) == answer_key)
    return {"id": puzzle_id(made.front.name, obs), "state": made.engine.to_json(state), "seat": seat, "kind": kind,
            "answer": [a.to_json() for a in answer], "key": answer_key, "options": options,
            "margin": round(min(m for m in margins if m is not None), 4), "phase": "middle",
            "themes": themes_of(made, view, kind, plans, best_index, scores),
            "rating": 1500.0, "rd": 350.0, "vol": 0.06, "source": {}, "choices": len(every),
            "chance": round(chance(every), 4)}


def finish(made: Adapter, puzzle: dict, settings: Settings, seed: int) -> dict:
    """The puzzle with its solvers' answers and its Glicko-2 rating from them."""
    state = made.engine.from_json(puzzle["state"])
    obs = made.front.observe(state, puzzle["seat"])
    results = solvers.attempts(made, obs, puzzle["key"], settings.solver_seeds, seed, clock=settings.clock,
                               iterations=settings.solver_iterations)
    rating = solvers.rate(results)
    return {**puzzle, "rating": round(rating.r, 1), "rd": round(rating.rd, 1), "vol": round(rating.vol, 5),
            "solved": {level: marks for level, marks in results.items()}}


def promising(made: Adapter, obs: Any, decision: str, luck: float, settings: Settings, skip: Sequence[str]) -> bool:
    """Whether a decision is worth the play-outs (``luck``: a uniform draw of the source's own).

    Most decisions of a hand have no clearly best move, and the play-outs that find out cost a second
    or more each, so the generator looks first where a clear answer is likely: in the in-hand games, a
    draw whose discard would complete a pure sequence or a set, or is a joker, and the rare choices
    that are neither a draw nor a play (Marriage's tunnelas at the deal) at :attr:`Settings.share`
    (the other draws at :attr:`Settings.other_share`), a play when the hand could finish (declare, see
    the maal) at :attr:`Settings.finish_share` and the other plays at :attr:`Settings.other_share`; in
    Vazhushal, every draw (:attr:`Settings.share`) and its plays at :attr:`Settings.other_share`.  Once
    draws are no longer wanted every other decision is looked at."""
    share = 1.0 if "draw" in skip else settings.other_share
    if not made.single():
        return luck < (settings.share if decision == "draw" else share)
    if decision == "draw":
        pile = getattr(obs, "discard", None)
        if pile:
            from .words import fit

            shape, _cards = fit(physical_kind(pile[-1]), [physical_kind(c) for c in obs.hand],
                                getattr(obs, "wild", None))
            if shape in ("pure", "set", "joker"):
                return luck < settings.share
        return luck < settings.other_share
    if decision != "discard":
        return luck < settings.share
    if any(a.type in ("declare", "see_maal") for a in made.moves(obs).actions()):
        return luck < settings.finish_share
    return luck < share


def split_here(made: Adapter, obs: Any, settings: Settings, seed: int) -> bool:
    """Whether Medium and the Expert, each asked the seat's decision from its observation (as the
    solvers ask them), choose different moves: a cheap filter before any play-out for the puzzles
    that tell the two apart (:attr:`Settings.split`; the rating then finds which of them, if either,
    is clearly right)."""
    view = made.view(obs)
    keys = set()
    for n, name in enumerate(("Medium", "Expert")):
        level = made.level(name, clock=settings.clock, iterations=settings.solver_iterations)
        plan = made.answer(level, decision_seed(seed, 9_000 + n), obs)
        keys.add(made.key(view, plan) if plan else f"none-{n}")
    return len(keys) > 1


def from_hand(game: str, seed: int, hand: int, settings: Settings, skip: Sequence[str] = ()) -> list[dict]:
    """The puzzles cut from one source hand (``skip``: decision kinds not wanted any more)."""
    made = adapter(game)
    rng = random.Random(hand_seed(seed, hand) ^ 0x5EED)
    out = []
    players, levels = table_of(made, seed, hand)
    for state, seat, step, turn, dealt in source(made, seed, hand):
        obs = made.front.observe(state, seat)
        decision = made.decision(obs) if state.turn == seat else None
        if decision is None or decision in skip:
            continue
        moment = moment_seed(seed, hand, step)
        if settings.split:  # where the two answer apart, whatever the decision looks like
            if not split_here(made, obs, settings, moment):
                continue
        elif not promising(made, obs, decision, rng.random(), settings, skip):
            continue
        puzzle = cut(made, state, seat, settings, moment)
        if puzzle is None or puzzle["kind"] in skip:
            continue
        puzzle["phase"] = phase_at(state, seat, turn - 1, dealt)  # the coach's phases
        puzzle["source"] = {"seed": seed, "hand": hand, "step": step, "players": players, "levels": levels}
        out.append(finish(made, puzzle, settings, moment))
    return out
