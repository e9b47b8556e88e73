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

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import replace

from game.core.cards import JOKER, KIND_OF, kind_pretty
from game.i18n import _, ngettext
from game.i18n.names import shown_name
from game.replay import states
from game.vazhushal import DRAW, PLAY, Action, Observation, State, apply, legal_draws, observe, to_json
from game.vazhushal.melds import kinds_reading
from game.vazhushal.scoring import seat_score

from .. import rating as core
from ..rating import ITERATIONS, WIDTH, Cancel, Cancelled, Decision, Option, Progress, Review  # noqa: F401
from .belief import belief_weights
from .determinize import public_record, sample_state, view_state
from .search import SearchBot

# --- describing moves -----------------------------------------------------------------------

def _card(kind: int) -> str:
    return _("Joker") if kind == JOKER else kind_pretty(kind)


def _cards(kinds: Sequence[int]) -> str:
    return " ".join(_card(k) for k in kinds)


def _meld(kinds: Sequence[int], wild: Sequence[bool]) -> str:
    """A meld's cards in the order the engine reads it (``Q♠ K♠ A♠``, each wild card in its place)."""
    return _cards(kinds_reading(kinds, wild) or kinds)


def _move(a: Action, state: State) -> str:
    """One action of a turn in a player's words, in the language in force (``""``: none)."""
    if a.type == "draw_stock":
        return _("draw from the stock")
    if a.type == "take_line":
        taken = [KIND_OF[c] for c in state.line[a.index:]]
        n = len(taken)
        if n > 3:
            return ngettext("wipe {n} card from the line (down to {card})",
                            "wipe {n} cards from the line (down to {card})", n).format(n=n, card=_card(taken[0]))
        if a.meld:
            # Translators: {cards} are the cards taken ("9♠ 10♠"), {meld} the meld they go to ("8♠ 9♠ 10♠").
            return _("take {cards} from the line for {meld}").format(cards=_cards(taken),
                                                                      meld=_meld(a.meld, state.wild))
        return _("take {cards} from the line").format(cards=_cards(taken))
    if a.type in ("meld", "arrange"):
        # Translators: {melds} are the melds' cards, each meld apart ("Q♠ K♠ A♠, 7♥ 7♦ 7♣").
        return _("meld {melds}").format(melds=", ".join(_meld(m, state.wild) for m in a.melds or ()))
    if a.type == "discard":
        return _("discard {card}").format(card=_card(a.card))
    if a.type == "done":
        return _("finish")
    return ""


def describe(actions: Sequence[Action], state: State) -> str:
    """A turn's actions in a player's words, in the language in force: "wipe 4 cards from the line
    (down to 9♠); discard 7♥"."""
    words = []
    for a in actions:
        move = _move(a, state)
        if move:
            words.append(move)
        try:
            state = apply(state, a, check=False)
        except Exception:  # noqa: BLE001  (a description never stops a review)
            break
    return "; ".join(words)


# --- one decision ---------------------------------------------------------------------------

def _draw_options(view: State, bot: SearchBot, record) -> list[list[Action]]:
    values = bot.policy.draw_values(view, None, record)
    values.sort(key=lambda vo: -vo[0])
    return [list(option.steps) for _value, option in values[:WIDTH]]


def _play_options(view: State, bot: SearchBot, record) -> list[list[Action]]:
    plan = bot.policy.play(view, record)
    options = [plan]
    if plan and plan[-1].type == "discard" and len(plan) <= 2:
        melds, base = plan[:-1], view
        for a in melds:
            base = apply(base, a)
        for _value, k in bot.policy.discard_values(base, record)[:WIDTH]:
            options.append(melds + [Action.discard(view.turn, k)])
    return options


def _key(actions: Sequence[Action]) -> str:
    return json.dumps([a.to_json() for a in actions])


def outcome(view: State, plan: Sequence[Action]) -> str:
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
    """The seed of the determinizations of the decision ``obs`` is about (:func:`ai.rating.decision_seed`)."""
    return core.decision_seed(seed, len(obs.history))


def decision_kind(obs: Observation) -> str | None:
    """``draw``, ``play``, or ``None`` (the final melding: not rated)."""
    return "draw" if obs.phase == DRAW else "play" if obs.phase == PLAY else None


def _expert(view: State, bot: SearchBot, record, kind: str) -> list[list[Action]]:
    return _draw_options(view, bot, record) if kind == "draw" else _play_options(view, bot, record)


def analyse(obs: Observation, chosen: Sequence[Action], kind: str, *, iterations: int = ITERATIONS,
            seed: int = 0, step: int = 0, progress: Progress | None = None,
            cancel: Cancel | None = None) -> Decision:
    """Rate the ``chosen`` actions of one decision (``kind`` "draw" or "play") from ``obs`` alone.

    Every plan is played out on the same determinizations (dealt from ``seed``), each play-out
    depending only on its determinization and the plan, so a plan gets the same rating whatever
    other plans are rated beside it: the best move found by :func:`best_move` with the same seed
    and depth, played, is rated best here."""
    rng = random.Random(seed)
    bot = SearchBot(random.Random(rng.getrandbits(64)), iterations=iterations, time_s=None)
    record = public_record(obs)
    view = view_state(obs)
    expert = _expert(view, bot, record, kind)
    plans = core.distinct([list(chosen), *expert], lambda plan: outcome(view, plan))
    expert_key = outcome(view, expert[0]) if expert else None
    if len(plans) == 1:
        return core.only(step, obs.seat, kind, _option(plans[0], view, [1.0], [0.0], expert_key))
    wins, scores = play_outs(obs, record, plans, bot, rng, iterations, progress, cancel)
    options = [_option(p, view, w, s, expert_key) for p, w, s in zip(plans, wins, scores)]
    return core.rate(step, obs.seat, kind, options, wins)


def _option(plan: list[Action], view: State, wins: list[float], scores: list[float], expert_key: str | None) -> Option:
    return Option(tuple(a.to_json() for a in plan), describe(plan, view), core.mean(wins), core.mean(scores),
                  outcome(view, plan) == expert_key)


def play_outs(obs: Observation, record, plans: list[list[Action]], bot: SearchBot, rng: random.Random,
              iterations: int, progress: Progress | None = None,
              cancel: Cancel | None = None) -> tuple[list[list[float]], list[list[float]]]:
    """Every plan on the same determinizations: the win estimate and the V9.3 score of each play-out."""
    weights = belief_weights(obs, record)

    def run(world: State, plan: Sequence[Action]) -> tuple[float, float]:
        state = world
        for a in plan:
            state = apply(state, a, check=False)
        win, end = bot.play_out_state(state, obs.seat)
        return win, float(seat_score(end, obs.seat))

    return core.play_outs(plans, iterations, lambda: sample_state(obs, rng, record, weights), run, progress, cancel)


# --- a whole hand ---------------------------------------------------------------------------

def decisions_of(doc: dict, seat: int) -> list[tuple[int, str, list[Action], State]]:
    """The decisions of ``seat`` in a replay: ``(first action index, kind, actions, state before)``."""
    if doc.get("game") != "vazhushal":
        raise ValueError("this is the review of Vazhushal hands")
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
           progress: Progress | None = None, cancel: Cancel | None = None) -> Review:
    """Rate every decision of ``seat`` (raises :class:`Cancelled` when ``cancel()`` turns true).

    Each decision is rated at the same depth and on the same
    determinizations as the table's Hint for it (:func:`best_move`)."""
    def rate_one(step: int, kind: str, chosen: list[Action], before: State) -> Decision | None:
        obs = observe(before, seat)
        if kind == "draw" and len(legal_draws(view_state(obs))) == 1:
            return None  # nothing to choose
        decision = analyse(obs, chosen, kind, iterations=iterations, seed=decision_seed(seed, obs), step=step)
        return _with_consequence(decision, doc, step + len(chosen))

    return core.review_each(decisions_of(doc, seat), seat, rate_one, progress, cancel)


def best_move(obs: Observation, *, iterations: int = ITERATIONS, seed: int = 0,
              progress: Progress | None = None, cancel: Cancel | None = None) -> Option:
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
    plans = core.distinct(_expert(view, bot, record, kind), lambda plan: outcome(view, plan))
    if len(plans) == 1:
        return _option(plans[0], view, [1.0], [0.0], None)
    wins, scores = play_outs(obs, record, plans, bot, rng, iterations, progress, cancel)
    options = [_option(p, view, w, sc, None) for p, w, sc in zip(plans, wins, scores)]
    return options[core.best_index(options)]


def _with_consequence(decision: Decision, doc: dict, after: int) -> Decision:
    """A bad discard the next player then took from the line says so (public: everyone saw it)."""
    last = decision.chosen.actions[-1] if decision.chosen.actions else {}
    if decision.verdict not in ("mistake", "inaccuracy") or last.get("type") != "discard":
        return decision
    nxt = doc["actions"][after]["action"] if after < len(doc["actions"]) else {}
    if nxt.get("type") != "take_line":
        return decision
    name = shown_name(doc["initial"]["seats"][nxt["player"]]["name"])
    # Translators: {note} is the review's note of a bad discard; {name} the next player, who took the card.
    return replace(decision, note=_("{note}; {name} took it from the line").format(note=decision.note, name=name))


def main(argv: list[str] | None = None) -> int:
    return core.command(sys.modules[__name__], argv, "python -m ai.vazhushal.review")


if __name__ == "__main__":
    sys.exit(main())
