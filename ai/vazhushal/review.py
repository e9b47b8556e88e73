"""The hand review: every decision of one seat in a recorded hand, rated by the Expert's search.

    python -m ai.vazhushal.review REPLAY [--seat N] [--json] [--iterations K] [--seed S]

A Vazhushal turn holds two decisions: the **draw** (the stock, or a wipe of the line and how deep)
and the **play** (what to meld or lay off, and what to discard, or going out).  For each one the
review takes *only the seat's observation at that moment* (V12: its hand, the table, the line, the
public history; never the hidden cards), lists the move played, the Expert's first choices and
the heuristic's, and plays every one of them out on the same determinizations of the hidden cards
(:func:`ai.vazhushal.determinize.sample_state`, with the search's belief about what each opponent holds)
with the search's play-outs (:class:`ai.vazhushal.search.SearchBot`).  Each option gets

* ``win``: the estimated chance that the seat wins the hand, and
* ``score``: the expected V9.3 score of the seat (melded cards minus the hand) where the
  play-outs stop, so the *point swing* of a choice is the difference of two options' scores.

Because all options are tried on the same determinizations, the luck of the deal cancels out of
their paired difference, and the review gives each difference a standard error: a move is
**best**, **good** (within noise of the best), an **inaccuracy** or a **mistake** (it loses at
least :data:`MISTAKE` of win chance, beyond noise).  Accuracy is the share of best and good moves.

**One source of advice.**  The table's Hint is this review's best move for the seat's current
decision (:func:`best_move`): the same candidates, the same determinizations (seeded by the
decision, :func:`decision_seed`) and the same depth as the review of that decision, and a plan is
rated by the position it leads to, not by how its actions are written.  So a move played as the
Hint said is the review's best move when the hand is reviewed (a test plays whole hands so).

Reproducible: the same replay, seat, iterations and seed give the same review, whatever the
machine (no clock in the loop).  :func:`analyse` reads nothing but an observation, so the review
cannot depend on a hidden card (a test changes them and gets the same analysis).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace

from game.core.cards import JOKER, KIND_OF, kind_pretty
from game.core.storage import parse_document
from game.replay import MalformedReplay, ReplayError, states
from game.vazhushal import DRAW, PLAY, Action, Observation, State, apply, legal_draws, observe, readings, to_json
from game.vazhushal.scoring import seat_score

from ..paired import paired
from .belief import belief_weights
from .determinize import public_record, sample_state, view_state
from .search import SearchBot

ITERATIONS = 48  # determinizations per decision: the default depth (about a quarter of a second a decision)
WIDTH = 3  # the Expert's first choices looked at
MISTAKE = 0.10  # win chance lost: a mistake
INACCURACY = 0.04  # win chance lost beyond noise: an inaccuracy
NOISE_Z = 2.0  # standard errors within which two options are "the same"


class Cancelled(Exception):
    """The review was cancelled (``cancel()`` said so)."""


@dataclass(frozen=True)
class Option:
    """One way to play a decision, as rated."""

    actions: tuple[dict, ...]  # the actions, as CONTRACT.md action objects
    text: str
    win: float  # estimated chance of winning the hand
    score: float  # expected V9.3 score where the play-outs stop
    expert: bool = False  # the Expert's own choice


@dataclass(frozen=True)
class Decision:
    step: int  # index in the replay's actions of the decision's first action
    seat: int
    kind: str  # "draw" or "play"
    chosen: Option
    best: Option
    others: tuple[Option, ...]  # up to two more alternatives
    loss: float  # win chance the chosen move gives up against the best (>= 0)
    noise: float  # standard error of that difference
    verdict: str  # "best", "good", "inaccuracy", "mistake", "only"
    note: str  # one line for the player

    @property
    def swing(self) -> float:
        """Expected points the chosen move gives up against the best (V9.3)."""
        return self.best.score - self.chosen.score


@dataclass(frozen=True)
class Review:
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def rated(self) -> list[Decision]:
        return [d for d in self.decisions if d.verdict != "only"]

    @property
    def accuracy(self) -> float | None:
        """Share of the rated decisions played best or within noise of the best."""
        rated = self.rated
        return None if not rated else sum(d.verdict in ("best", "good") for d in rated) / len(rated)

    @property
    def biggest(self) -> Decision | None:
        """The decision that gave up most win chance (a mistake or an inaccuracy), if any."""
        bad = [d for d in self.decisions if d.verdict in ("mistake", "inaccuracy")]
        return max(bad, key=lambda d: d.loss) if bad else None

    def summary(self) -> str:
        """One line: the accuracy and how many moves went wrong (the biggest one: :attr:`biggest`)."""
        acc = self.accuracy
        if acc is None:
            return "No decision to rate in this hand."
        words = f"Accuracy {round(100 * acc)} % over {len(self.rated)} decisions"
        counts = [(sum(d.verdict == v for d in self.rated), v) for v in ("mistake", "inaccuracy")]
        wrong = [f"{n} {v}{'s' if n != 1 else ''}" for n, v in counts if n]
        return words + (": " + ", ".join(wrong) if wrong else ": no mistakes")

    def to_json(self) -> dict:
        big = self.biggest
        return {"seat": self.seat, "accuracy": self.accuracy, "summary": self.summary(),
                "biggest": None if big is None else self.decisions.index(big),
                "decisions": [{**asdict(d), "swing": d.swing} for d in self.decisions]}


# --- describing moves -----------------------------------------------------------------------

def _card(kind: int) -> str:
    return "Joker" if kind == JOKER else kind_pretty(kind)


def _cards(kinds: Sequence[int]) -> str:
    return " ".join(_card(k) for k in kinds)


_IDS: dict[int, list[int]] = {}


def _meld(kinds: Sequence[int], wild: Sequence[bool]) -> str:
    """A meld's cards in the order the engine reads it (``Q♠ K♠ A♠``, each wild card in its place)."""
    if not _IDS:
        for c, k in enumerate(KIND_OF):
            _IDS.setdefault(k, []).append(c)
    used: dict[int, int] = {}
    ids = []
    for k in kinds:
        pool = _IDS.get(k, [])
        n = used.get(k, 0)
        if n >= len(pool):
            return _cards(kinds)
        ids.append(pool[n])
        used[k] = n + 1
    found = readings(ids, wild)
    return _cards([KIND_OF[c] for c in found[0].cards] if found else kinds)


def describe(actions: Sequence[Action], state: State) -> str:
    """A turn's actions in a player's words: "wipe 3 cards from the line (9♠ 10♠ J♠); discard 7♥"."""
    words = []
    for a in actions:
        if a.type == "draw_stock":
            words.append("draw from the stock")
        elif a.type == "take_line":
            taken = [KIND_OF[c] for c in state.line[a.index:]]
            n = len(taken)
            words.append(f"take {_cards(taken)} from the line" + (f" for {_meld(a.meld, state.wild)}" if a.meld else "")
                         if n <= 3 else
                         f"wipe {n} cards from the line (down to {_card(taken[0])})")
        elif a.type in ("meld", "arrange"):
            words.append("meld " + ", ".join(_meld(m, state.wild) for m in a.melds or ()))
        elif a.type == "discard":
            words.append(f"discard {_card(a.card)}")
        elif a.type == "done":
            words.append("finish")
        try:
            state = apply(state, a, check=False)
        except Exception:  # noqa: BLE001  (a description never stops a review)
            break
    return "; ".join(words)


# --- one decision ---------------------------------------------------------------------------

def _draw_options(view: State, bot: SearchBot, record) -> list[list[Action]]:
    values = bot.policy.draw_values(view, None, record)
    values.sort(key=lambda vo: -vo[0])
    return [list(option.steps) for _, option in values[:WIDTH]]


def _play_options(view: State, bot: SearchBot, record) -> list[list[Action]]:
    plan = bot.policy.play(view, record)
    options = [plan]
    if plan and plan[-1].type == "discard" and len(plan) <= 2:
        melds, base = plan[:-1], view
        for a in melds:
            base = apply(base, a)
        for _, k in bot.policy.discard_values(base, record)[:WIDTH]:
            options.append(melds + [Action.discard(view.turn, k)])
    return options


def _key(actions: Sequence[Action]) -> str:
    return json.dumps([a.to_json() for a in actions])


def _outcome(view: State, plan: Sequence[Action]) -> str:
    """Where a plan leads, whatever the order its melds and cards are written in: two plans with
    the same outcome are the same move (the table writes a meld as the player staged it)."""
    state = view
    try:
        for a in plan:
            state = apply(state, a, check=False)
    except Exception:  # noqa: BLE001  (a plan that cannot be played is its own move)
        return "actions:" + _key(plan)
    doc = to_json(state)
    doc.pop("history", None)

    def cards(meld: object) -> list:
        return sorted(map(str, meld.get("cards", []) if isinstance(meld, dict) else meld))  # type: ignore[arg-type]

    doc["melds"] = [sorted(cards(m) for m in seat) for seat in doc["melds"]]
    doc["hands"] = [sorted(map(str, h)) for h in doc["hands"]]
    return json.dumps(doc, sort_keys=True, default=str)


def decision_seed(seed: int, obs: Observation) -> int:
    """The seed of the determinizations of the decision ``obs`` is about: the same for the review of
    a recorded hand and for the table's Hint at that moment (it depends on the moment, not on
    where the decision sits in a file)."""
    return _seed(seed, len(obs.history))


def decision_kind(obs: Observation) -> str | None:
    """``draw``, ``play``, or ``None`` (the final melding: not rated)."""
    return "draw" if obs.phase == DRAW else "play" if obs.phase == PLAY else None


def analyse(obs: Observation, chosen: Sequence[Action], kind: str, *, iterations: int = ITERATIONS,
            seed: int = 0, step: int = 0, progress: Callable[[int, int], None] | None = None,
            cancel: Callable[[], bool] | None = None) -> Decision:
    """Rate the ``chosen`` actions of one decision (``kind`` "draw" or "play") from ``obs`` alone.

    Every plan is played out on the same determinizations (dealt from ``seed``), each play-out
    depending only on its determinization and the plan, so a plan gets the same rating whatever
    other plans are rated beside it: the best move found by :func:`best_move` with the same seed
    and depth, played, is rated best here."""
    rng = random.Random(seed)
    bot = SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None)
    record = public_record(obs)
    view = view_state(obs)
    expert = _draw_options(view, bot, record) if kind == "draw" else _play_options(view, bot, record)
    plans: list[list[Action]] = [list(chosen)]
    seen = {_outcome(view, chosen)}
    for plan in expert:
        outcome = _outcome(view, plan)
        if outcome not in seen:
            seen.add(outcome)
            plans.append(plan)
    expert_key = _outcome(view, expert[0]) if expert else None
    if len(plans) == 1:
        only = _option(plans[0], view, [1.0], [0.0], expert_key)
        return Decision(step, obs.seat, kind, only, only, (), 0.0, 0.0, "only", "the only sensible move")
    wins, scores = _play_outs(obs, record, plans, bot, rng, iterations, progress, cancel)
    options = [_option(p, view, w, s, expert_key) for p, w, s in zip(plans, wins, scores)]
    best = max(range(len(options)), key=lambda i: (options[i].win, options[i].score, -i))
    loss, noise, _ = paired(wins[best], wins[0])
    verdict = _verdict(best == 0, loss, noise)
    others = tuple(o for i, o in enumerate(options) if i not in (0, best))[:2]
    return Decision(step, obs.seat, kind, options[0], options[best], others, max(0.0, loss), noise, verdict,
                    _note(verdict, loss, options[0], options[best]))


def _option(plan: list[Action], view: State, wins: list[float], scores: list[float], expert_key: str | None) -> Option:
    return Option(tuple(a.to_json() for a in plan), describe(plan, view), sum(wins) / len(wins),
                  sum(scores) / len(scores), _outcome(view, plan) == expert_key)


def _play_outs(obs: Observation, record, plans: list[list[Action]], bot: SearchBot, rng: random.Random,
               iterations: int, progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None) -> tuple[list[list[float]], list[list[float]]]:
    """Every plan on the same determinizations: the win estimate and the score of each play-out."""
    weights = belief_weights(obs, record)
    wins: list[list[float]] = [[] for _ in plans]
    scores: list[list[float]] = [[] for _ in plans]
    for n in range(iterations):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, iterations)
        world = sample_state(obs, rng, record, weights)
        for i, plan in enumerate(plans):
            state = world
            for a in plan:
                state = apply(state, a, check=False)
            win, end = bot.play_out_state(state, obs.seat)
            wins[i].append(win)
            scores[i].append(float(seat_score(end, obs.seat)))
    return wins, scores


def _verdict(is_best: bool, loss: float, noise: float) -> str:
    if is_best:
        return "best"
    beyond = loss - NOISE_Z * noise
    if beyond <= 0 or loss < INACCURACY:
        return "good"
    return "mistake" if loss >= MISTAKE else "inaccuracy"


def _note(verdict: str, loss: float, chosen: Option, best: Option) -> str:
    if verdict == "best":
        return f"{chosen.text}: the best move"
    if verdict == "good":
        return f"{chosen.text}: as good as {best.text} (within noise)"
    return f"−{round(100 * loss)} % win chance: {chosen.text} instead of {best.text}"


# --- a whole hand ---------------------------------------------------------------------------

def decisions_of(doc: dict, seat: int) -> list[tuple[int, str, list[Action], State]]:
    """The decisions of ``seat`` in a replay: ``(first action index, kind, actions, state before)``."""
    if doc.get("game") != "vazhushal":
        raise ValueError("the review rates Vazhushal hands only, for now")
    all_states = states(doc)
    actions = [Action.from_json(e["action"]) for e in doc["actions"]]
    out: list[tuple[int, str, list[Action], State]] = []
    i = 0
    while i < len(actions):
        before = all_states[i]
        if before.turn != seat or before.phase not in (DRAW, PLAY):
            i += 1
            continue
        kind = "draw" if before.phase == DRAW else "play"
        j = i
        while j < len(actions) and all_states[j].turn == seat and all_states[j].phase == before.phase:
            j += 1
        out.append((i, kind, actions[i:j], before))
        i = max(j, i + 1)
    return out


def review(doc: dict, seat: int, *, iterations: int = ITERATIONS, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           cancel: Callable[[], bool] | None = None) -> Review:
    """Rate every decision of ``seat`` (raises :class:`Cancelled` when ``cancel()`` turns true).

    Each decision is rated at the same depth and on the same
    determinizations as the table's Hint for it (:func:`best_move`)."""
    found = decisions_of(doc, seat)
    rated = []
    for n, (step, kind, chosen, before) in enumerate(found):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, len(found))
        obs = observe(before, seat)
        if kind == "draw" and len(legal_draws(view_state(obs))) == 1:
            continue  # nothing to choose
        decision = analyse(obs, chosen, kind, iterations=iterations, seed=decision_seed(seed, obs), step=step)
        rated.append(_with_consequence(decision, doc, step + len(chosen)))
    if progress is not None:
        progress(len(found), len(found))
    return Review(seat, tuple(rated))


def best_move(obs: Observation, *, iterations: int = ITERATIONS, seed: int = 0,
              progress: Callable[[int, int], None] | None = None,
              cancel: Callable[[], bool] | None = None) -> Option:
    """The review's best move for the seat's current decision (the table's Hint): the draw, or
    the melds and the discard, that :func:`review` would rate best for this decision with the same
    ``iterations`` and ``seed`` (its defaults are the review's).  ``option.actions`` are the
    actions to play, in order.  Raises :class:`Cancelled` when ``cancel()`` turns true."""
    view = view_state(obs)
    kind = decision_kind(obs)
    if kind is None or (kind == "draw" and len(legal_draws(view)) == 1):  # nothing to rate
        bot = SearchBot(random.Random(0), iterations=1, time_s=None)
        record = public_record(obs)
        plan = (list(legal_draws(view)[0].steps) if kind == "draw" else bot.policy.plan(view, record))
        return _option(plan, view, [1.0], [0.0], None)
    rng = random.Random(decision_seed(seed, obs))
    bot = SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None)
    record = public_record(obs)
    expert = _draw_options(view, bot, record) if kind == "draw" else _play_options(view, bot, record)
    plans: list[list[Action]] = []
    seen: set[str] = set()
    for plan in expert:
        outcome = _outcome(view, plan)
        if outcome not in seen:
            seen.add(outcome)
            plans.append(plan)
    if len(plans) == 1:
        return _option(plans[0], view, [1.0], [0.0], None)
    wins, scores = _play_outs(obs, record, plans, bot, rng, iterations, progress, cancel)
    options = [_option(p, view, w, sc, None) for p, w, sc in zip(plans, wins, scores)]
    return options[max(range(len(options)), key=lambda i: (options[i].win, options[i].score, -i))]


def _with_consequence(decision: Decision, doc: dict, after: int) -> Decision:
    """A bad discard the next player then took from the line says so (public: everyone saw it)."""
    last = decision.chosen.actions[-1] if decision.chosen.actions else {}
    if decision.verdict not in ("mistake", "inaccuracy") or last.get("type") != "discard":
        return decision
    nxt = doc["actions"][after]["action"] if after < len(doc["actions"]) else {}
    if nxt.get("type") != "take_line":
        return decision
    name = doc["initial"]["seats"][nxt["player"]]["name"]
    return replace(decision, note=f"{decision.note}; {name} took it from the line")


def _seed(seed: int, step: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{step}".encode()).digest()[:8], "big")


def default_seat(doc: dict) -> int:
    """The first human seat of the hand, else seat 0."""
    seats = doc.get("initial", {}).get("seats", [])
    return next((i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"), 0)


# --- the command line -----------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.vazhushal.review", description=__doc__.split("\n\n")[0])
    parser.add_argument("replay", help="a hand replay (docs/replays.md)")
    parser.add_argument("--seat", type=int, default=None, help="the seat to review (default: the first human)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="determinizations per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        with open(args.replay, "rb") as f:
            doc = parse_document(f.read())
        seat = default_seat(doc) if args.seat is None else args.seat
        players = len(doc["initial"]["seats"])
        if not 0 <= seat < players:
            parser.error(f"--seat must be 0 to {players - 1}")
        result = review(doc, seat, iterations=args.iterations, seed=args.seed)
    except (OSError, ValueError, KeyError, TypeError, MalformedReplay, ReplayError) as exc:  # UnreadableDocument too
        print(f"ai.vazhushal.review: cannot review {args.replay}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    name = doc["initial"]["seats"][seat]["name"]
    print(f"Review of {name} (seat {seat}): {result.summary()}")
    if result.biggest is not None:
        print(f"Biggest mistake (step {result.biggest.step}): {result.biggest.note}")
    for d in result.decisions:
        mark = {"best": "✓", "good": "·", "inaccuracy": "?", "mistake": "✗", "only": " "}[d.verdict]
        print(f"{mark} step {d.step:3d} {d.kind:4s} win {100 * d.chosen.win:5.1f} %  {d.note}")
        if d.verdict in ("inaccuracy", "mistake"):
            for o in (d.best, *d.others):
                print(f"      {'best' if o is d.best else 'alt '}: {o.text}  (win {100 * o.win:.1f} %, "
                      f"score {o.score:+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
