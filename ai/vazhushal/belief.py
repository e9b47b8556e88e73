"""What each opponent probably holds, read from the public record (RULES.md V12).

Uniform dealing (:func:`ai.vazhushal.determinize.deal` without weights) treats every unseen card as equally
likely in every hidden hand.  But the public actions of the hand say more.  A player keeps the
cards that work together and throws away the ones that do not, and takes from the line when the
top card melds with its hand.  So, per opponent, each unseen kind gets a log-weight, the sum of:

* **discards**: an opponent who discarded ``d`` is less likely to hold the kinds that meld with
  it: the same suit one rank away (weight 1), two ranks away (``gap``), the same rank in another
  suit (``set``); times ``discard``;
* **refused takes**: an opponent who drew from the stock past a line whose top card would have
  let it meld (V6.2) is less likely to hold that card's neighbours (``refuse``, the next two
  cards down at ½ and ¼; only the same suit before its first meld, which must be pure, V6.4);
* **takes**: kinds next to the cards it took into its hand from the line are more likely
  (``pick``);
* **wilds** are never thrown away, so they gather in the hands: a wild kind gets
  ``wild`` × log(1 + draws / 13) after the opponent's ``draws`` draws;
* **dead cards go first**: kinds whose meld partners are still unseen are likelier (``live``),
  high cards less likely (``value``), both growing with the opponent's draws (a fresh deal is
  random);
* older evidence counts less: ``fade`` per draw the opponent made since.

Wild kinds take no evidence from discards or refusals (a player holds a wild whatever it
throws).  The weights (``exp`` of the sum) feed :func:`ai.vazhushal.determinize.sample_state`, which still
deals every card the record places (cards taken and still held, known stock slots) where it lies.
Everything here reads the observation only.  Per-kind weights cannot say that a kept hand hangs
together; :func:`hand_score` can, as a log-weight of whole dealt hands for resampling (``tilt``).

How much it helps is measured by ``python -m tools.vazhushal.belief_fit`` (its docstring has the
figures): a little, and not enough to win more hands, so :class:`ai.vazhushal.search.SearchBot` deals
uniformly unless told otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from game.core.cards import JOKER, KIND_OF, KINDS, rank_value
from game.vazhushal import Observation

from .determinize import UNKNOWN, PublicRecord, _kind, public_record

REFUSE_DEPTH = (1.0, 0.5, 0.25)  # share of ``refuse`` for the top card of the line and the next two


@dataclass(frozen=True, slots=True)
class BeliefParams:
    """The few numbers of the belief (fitted by ``python -m ai.vazhushal.belief --fit`` on seeds 1000+)."""

    discard: float = 0.56  # log-weight off a kind that melds with a card the opponent discarded
    refuse: float = 0.29  # log-weight off a kind that melds with a line top the opponent left
    pick: float = 0.52  # log-weight on a kind next to a card the opponent took into its hand
    wild: float = 0.12  # exponent of (1 + draws / 13) for a wild kind
    gap: float = 0.62  # a kind two ranks away counts this much of one rank away
    set: float = 1.18  # a kind of the same rank in another suit counts this much
    fade: float = 0.97  # evidence counts this much less per draw the opponent made since
    live: float = 0.3  # log-weight per unseen partner (per deck): kept cards are live cards
    value: float = -0.2  # log-weight per 10 points of card value (high cards go first)


Weights = tuple[tuple[float, ...] | None, ...]


@lru_cache(maxsize=16)
def _neighbours(gap: float, set_share: float, same_suit_only: bool) -> tuple[tuple[tuple[int, float], ...], ...]:
    """For each kind, the kinds that meld with it and how much (one rank away in the suit: 1,
    two away: ``gap``, same rank: ``set_share``; the ace is next to the 2 and the king)."""
    table = []
    for d in range(KINDS):
        row = []
        if d != JOKER:
            suit, r = divmod(d, 13)
            for k in range(52):
                if k == d:
                    continue
                ks, kr = divmod(k, 13)
                if ks == suit:
                    high = abs((13 if r == 0 else r) - (13 if kr == 0 else kr))  # aces high
                    dist = min(abs(r - kr), high)
                    if dist == 1:
                        row.append((k, 1.0))
                    elif dist == 2 and gap:
                        row.append((k, gap))
                elif kr == r and not same_suit_only and set_share:
                    row.append((k, set_share))
        table.append(tuple(row))
    return tuple(table)


def belief_weights(obs: Observation, record: PublicRecord | None = None,
                   params: BeliefParams = BeliefParams()) -> Weights:
    """Per seat, a positive weight for each kind (``None`` for the observer's own seat)."""
    if record is None:
        record = public_record(obs)
    n = obs.rules.players
    wild = obs.wild
    full = _neighbours(params.gap, params.set, False)
    suited = _neighbours(params.gap, params.set, True)
    draws = [0] * n
    melded = [False] * n
    events: list[list[tuple[int, int, float, bool]]] = [[] for _ in range(n)]  # (draws then, kind, size, full)
    line = [KIND_OF[obs.line[0]] if obs.line_first_dealt and obs.line else UNKNOWN]
    cap = obs.rules.line_cap
    seat = obs.seat
    for entry in obs.history:
        p, kind = entry["player"], entry["type"]
        if kind == "draw_stock":
            if p != seat and params.refuse:
                for share, k in zip(REFUSE_DEPTH, reversed(line)):
                    if k != UNKNOWN and not wild[k]:
                        events[p].append((draws[p], k, -params.refuse * share, melded[p]))
            draws[p] += 1
        elif kind == "take_line":
            taken = line[entry["index"]:]
            del line[entry["index"]:]
            for t in entry.get("meld") or ():
                k = _kind(t)
                if k in taken:
                    taken.remove(k)
            if p != seat and params.pick:
                events[p] += [(draws[p], k, params.pick, True) for k in taken if k != UNKNOWN]
            draws[p] += 1
            melded[p] = True
        elif kind in ("meld", "arrange"):
            melded[p] = True
        elif kind == "discard":
            k = _kind(entry["card"])
            line.append(k)
            if cap is not None and len(line) > cap:
                line.pop(0)
            if p != seat and params.discard and not wild[k]:
                events[p].append((draws[p], k, -params.discard, True))
    live = _liveness(obs, full) if params.live else [0.0] * KINDS
    out: list[tuple[float, ...] | None] = []
    for p in range(n):
        if p == seat:
            out.append(None)
            continue
        logw = [0.0] * KINDS
        for then, d, size, is_full in events[p]:
            if params.fade != 1.0:
                size *= params.fade ** (draws[p] - then)
            for k, share in (full if is_full else suited)[d]:
                logw[k] += size * share
        settled = draws[p] / (draws[p] + _SETTLE)
        for k in range(KINDS):
            logw[k] += settled * (params.live * live[k] + params.value * _VALUE[k])
        boost = params.wild * math.log1p(draws[p] / 13)
        for k in range(KINDS):
            if wild[k]:
                logw[k] = boost
        out.append(tuple(math.exp(v) for v in logw))
    return tuple(out)


def draws_made(obs: Observation) -> list[int]:
    """How many times each seat has drawn (from the stock or the line) this hand."""
    draws = [0] * obs.rules.players
    for entry in obs.history:
        if entry["type"] in ("draw_stock", "take_line"):
            draws[entry["player"]] += 1
    return draws


def hand_score(obs: Observation, value: Callable[[list[int], list[tuple[int, ...]]], float],
               tilt: float) -> Callable[[list[list[int]]], float]:
    """A log-weight of dealt hands for :func:`ai.vazhushal.determinize.sample_state`: players keep the
    cards that work together, so an opponent's real hand is better than a dealt one, the more so
    the longer it has played; ``tilt`` per evaluation point (``value``, say the heuristic's
    :meth:`ai.vazhushal.evaluate.Evaluator.value`) per draw it made."""
    draws = draws_made(obs)
    tables = [[tuple(KIND_OF[c] for c in m.cards) for m in seat] for seat in obs.melds]
    factors = [(s, tilt * draws[s]) for s in range(obs.rules.players) if s != obs.seat and draws[s]]

    def score(hands: list[list[int]]) -> float:
        return sum(f * value([KIND_OF[c] for c in hands[s]], tables[s]) for s, f in factors)

    return score


_SETTLE = 5  # draws after which a hand is half kept cards, half dealt ones
_VALUE = tuple((rank_value(k % 13 + 1) - 7) / 10 if k != JOKER else 0.0 for k in range(KINDS))


def _liveness(obs: Observation, neighbours: tuple[tuple[tuple[int, float], ...], ...]) -> list[float]:
    """For each kind, how many unseen copies of the kinds that meld with it there are (per deck,
    less the mean over the natural kinds): a kind whose partners are all in sight is dead, and
    a player throws dead cards first."""
    unseen = [obs.rules.decks] * 52 + [2 * obs.rules.decks]
    for c in obs.visible_cards():
        unseen[KIND_OF[c]] -= 1
    live = [sum(share * unseen[j] for j, share in neighbours[k]) / obs.rules.decks for k in range(KINDS)]
    mean = sum(live[:52]) / 52
    return [v - mean for v in live[:52]] + [0.0]


# --- measurement: how well the weights predict the real hands -----------------------------------
