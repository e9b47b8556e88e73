"""What every game's hand review shares: each decision of one seat in a recorded hand, rated by
the game's Expert search (``python -m ai.review REPLAY``: :mod:`ai.review`).

A game's review module (its bot front's ``review``: :mod:`ai.vazhushal.review`,
:mod:`ai.indian13.review`) knows the game's decisions and how its Expert plays one out; what is the
same for every game lives here:

* the records (:class:`Option`, :class:`Decision`, :class:`Review`) the review screen and the
  command line show;
* the rating (:func:`rate`): every plan played out on the *same* determinizations of the hidden
  cards (:func:`play_outs`), so the luck of the deal cancels out of the paired difference of two
  plans, and a move is **best**, **good** (within noise of the best), an **inaccuracy** or a
  **mistake** (it loses at least :data:`MISTAKE` of win chance, beyond noise).  Accuracy is the
  share of best and good moves;
* the seeds (:func:`decision_seed`: a decision's determinizations depend on the moment, so the
  table's Hint and the review of the same decision agree), the default seat, and the command line
  (:func:`command`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from types import ModuleType
from typing import Any

from game.core.storage import parse_document
from game.i18n import _, ngettext

from .paired import paired

ITERATIONS = 48  # determinizations per decision: the default depth
WIDTH = 3  # the Expert's first choices looked at
MISTAKE = 0.10  # win chance lost: a mistake
INACCURACY = 0.04  # win chance lost beyond noise: an inaccuracy
NOISE_Z = 2.0  # standard errors within which two options are "the same"

Progress = Callable[[int, int], None]
Cancel = Callable[[], bool]


class Cancelled(Exception):
    """The review was cancelled (``cancel()`` said so)."""


@dataclass(frozen=True)
class Option:
    """One way to play a decision, as rated."""

    actions: tuple[dict, ...]  # the actions, as CONTRACT.md action objects
    text: str
    win: float  # estimated chance of winning the hand
    score: float  # expected score of the seat where the play-outs stop (higher is better)
    expert: bool = False  # the Expert's own choice


@dataclass(frozen=True)
class Decision:
    step: int  # index in the replay's actions of the decision's first action
    seat: int
    kind: str  # the game's word for the decision: "draw", "play", "discard"
    chosen: Option
    best: Option
    others: tuple[Option, ...]  # up to two more alternatives
    loss: float  # win chance the chosen move gives up against the best (>= 0)
    noise: float  # standard error of that difference
    verdict: str  # "best", "good", "inaccuracy", "mistake", "only"
    note: str  # one line for the player

    @property
    def swing(self) -> float:
        """Expected points the chosen move gives up against the best."""
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
    def mean_loss(self) -> float | None:
        """The average win chance given up per rated decision."""
        rated = self.rated
        return None if not rated else sum(d.loss for d in rated) / len(rated)

    @property
    def biggest(self) -> Decision | None:
        """The decision that gave up most win chance (a mistake or an inaccuracy), if any."""
        bad = [d for d in self.decisions if d.verdict in ("mistake", "inaccuracy")]
        return max(bad, key=lambda d: d.loss) if bad else None

    def summary(self) -> str:
        """One line in the language in force: the accuracy and how many moves went wrong (the
        biggest one: :attr:`biggest`)."""
        acc = self.accuracy
        if acc is None:
            return _("No decision to rate in this hand.")
        n, percent = len(self.rated), round(100 * acc)
        mistakes = sum(d.verdict == "mistake" for d in self.rated)
        inaccuracies = sum(d.verdict == "inaccuracy" for d in self.rated)
        if not mistakes and not inaccuracies:
            return ngettext("Accuracy {percent} % over {n} decision: no mistakes",
                            "Accuracy {percent} % over {n} decisions: no mistakes", n).format(percent=percent, n=n)
        mistake_words = ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes)
        inaccuracy_words = ngettext("{n} inaccuracy", "{n} inaccuracies", inaccuracies).format(n=inaccuracies)
        if mistakes and inaccuracies:
            # Translators: "2 mistakes, 1 inaccuracy" in a review's summary.
            wrong = _("{mistakes}, {inaccuracies}").format(mistakes=mistake_words, inaccuracies=inaccuracy_words)
        else:
            wrong = mistake_words if mistakes else inaccuracy_words
        # Translators: {wrong} is "2 mistakes", "1 inaccuracy" or "2 mistakes, 1 inaccuracy".
        return ngettext("Accuracy {percent} % over {n} decision: {wrong}",
                        "Accuracy {percent} % over {n} decisions: {wrong}", n).format(percent=percent, n=n, wrong=wrong)

    def to_json(self) -> dict:
        big = self.biggest
        return {"seat": self.seat, "accuracy": self.accuracy, "mean_loss": self.mean_loss, "summary": self.summary(),
                "biggest": None if big is None else self.decisions.index(big),
                "decisions": [{**asdict(d), "swing": d.swing} for d in self.decisions]}


# --- rating one decision -----------------------------------------------------------------------

def distinct(plans: Sequence[Sequence[Any]], outcome: Callable[[Sequence[Any]], str]) -> list[list[Any]]:
    """The plans that lead to different positions, first found first (two plans with the same
    outcome are the same move, however their actions are written)."""
    seen: set[str] = set()
    out: list[list[Any]] = []
    for plan in plans:
        key = outcome(plan)
        if key not in seen:
            seen.add(key)
            out.append(list(plan))
    return out


def play_outs(plans: Sequence[Sequence[Any]], iterations: int, sample: Callable[[], Any],
              run: Callable[[Any, Sequence[Any]], tuple[float, float]], progress: Progress | None = None,
              cancel: Cancel | None = None) -> tuple[list[list[float]], list[list[float]]]:
    """Every plan on the same determinizations (``sample()`` deals one): the win estimate and the
    score of each play-out (``run(world, plan)``)."""
    wins: list[list[float]] = [[] for _plan in plans]
    scores: list[list[float]] = [[] for _plan in plans]
    for n in range(iterations):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, iterations)
        world = sample()
        for i, plan in enumerate(plans):
            win, score = run(world, plan)
            wins[i].append(win)
            scores[i].append(score)
    return wins, scores


def verdict(is_best: bool, loss: float, noise: float) -> str:
    if is_best:
        return "best"
    beyond = loss - NOISE_Z * noise
    if beyond <= 0 or loss < INACCURACY:
        return "good"
    return "mistake" if loss >= MISTAKE else "inaccuracy"


def note(said: str, loss: float, chosen: Option, best: Option) -> str:
    """The decision's line for the player, in the language in force (the moves are the options' words)."""
    if said == "best":
        return _("{move}: the best move").format(move=chosen.text)
    if said == "good":
        return _("{move}: as good as {best} (within noise)").format(move=chosen.text, best=best.text)
    # Translators: "−12 % win chance: discard K♠ instead of discard 7♥" (the win chance the move gave up).
    return _("−{percent} % win chance: {move} instead of {best}").format(percent=round(100 * loss), move=chosen.text,
                                                                         best=best.text)


def best_index(options: Sequence[Option]) -> int:
    """The option with the best win chance (then score, then the first)."""
    return max(range(len(options)), key=lambda i: (options[i].win, options[i].score, -i))


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def rate(step: int, seat: int, kind: str, options: Sequence[Option], wins: Sequence[Sequence[float]]) -> Decision:
    """The decision whose option 0 was played, every option rated on the same play-outs."""
    best = best_index(options)
    loss, noise, _pairs = paired(wins[best], wins[0])
    said = verdict(best == 0, loss, noise)
    others = tuple(o for i, o in enumerate(options) if i not in (0, best))[:2]
    return Decision(step, seat, kind, options[0], options[best], others, max(0.0, loss), noise, said,
                    note(said, loss, options[0], options[best]))


def only(step: int, seat: int, kind: str, option: Option) -> Decision:
    """A decision with one sensible move: not rated."""
    return Decision(step, seat, kind, option, option, (), 0.0, 0.0, "only", _("the only sensible move"))


def review_each(found: Sequence[tuple[int, str, list, Any]], seat: int, rate_one: Callable[..., Decision | None],
                progress: Progress | None, cancel: Cancel | None) -> Review:
    """The review of ``seat`` over the decisions ``found`` ((step, kind, chosen, state before)),
    each rated by ``rate_one(step, kind, chosen, before)`` (``None``: nothing to rate), with the
    progress said and a cancel asked before each (raises :class:`Cancelled`)."""
    rated = []
    for n, (step, kind, chosen, before) in enumerate(found):
        if cancel is not None and cancel():
            raise Cancelled()
        if progress is not None:
            progress(n, len(found))
        decision = rate_one(step, kind, chosen, before)
        if decision is not None:
            rated.append(decision)
    if progress is not None:
        progress(len(found), len(found))
    return Review(seat, tuple(rated))


def decision_seed(seed: int, moment: int) -> int:
    """The seed of the determinizations of the decision taken at ``moment`` (the length of the
    public history then): the same for the review of a recorded hand and for the table's Hint at
    that moment (it depends on the moment, not on where the decision sits in a file)."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{moment}".encode()).digest()[:8], "big")


def default_seat(doc: dict) -> int:
    """The first human seat of the hand, else seat 0."""
    seats = doc.get("initial", {}).get("seats", [])
    return next((i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"), 0)


# --- the command line ------------------------------------------------------------------------

def parser(prog: str, description: str, iterations: int) -> argparse.ArgumentParser:
    """The review command's arguments (the same for every game)."""
    made = argparse.ArgumentParser(prog=prog, description=description)
    made.add_argument("replay", help="a hand replay (docs/replays.md)")
    made.add_argument("--seat", type=int, default=None, help="the seat to review (default: the first human)")
    made.add_argument("--json", action="store_true", help="print the review as JSON")
    made.add_argument("--iterations", type=int, default=iterations, help="determinizations per decision")
    made.add_argument("--seed", type=int, default=0)
    return made


def command(module: ModuleType, argv: list[str] | None, prog: str) -> int:
    """A game's review command: ``module.review(doc, seat, iterations=, seed=)`` printed as text or
    JSON; ``module.ITERATIONS`` is the default depth, ``module.ERRORS`` what a bad replay raises."""
    arguments = parser(prog, (module.__doc__ or "").split("\n\n")[0], getattr(module, "ITERATIONS", ITERATIONS))
    args = arguments.parse_args(argv)
    try:
        with open(args.replay, "rb") as f:
            doc = parse_document(f.read())
        seat = default_seat(doc) if args.seat is None else args.seat
        players = len(doc["initial"]["seats"])
        if not 0 <= seat < players:
            arguments.error(f"--seat must be 0 to {players - 1}")
        result = module.review(doc, seat, iterations=args.iterations, seed=args.seed)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:  # a bad replay: UnreadableDocument too
        print(f"{prog.split()[-1]}: cannot review {args.replay}: {exc}", file=sys.stderr)
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
        print(f"{mark} step {d.step:3d} {d.kind:7s} win {100 * d.chosen.win:5.1f} %  {d.note}")
        if d.verdict in ("inaccuracy", "mistake"):
            for o in (d.best, *d.others):
                print(f"      {'best' if o is d.best else 'alt '}: {o.text}  (win {100 * o.win:.1f} %, "
                      f"score {o.score:+.1f})")
    return 0
