"""The ``heuristic`` bot of Indian Marriage: one turn of look-ahead over an evaluation of the hand.

The hand is priced by :class:`~ai.marriage.evaluate.Evaluator` in missing cards, route by route:
before seeing, the better of the pure route (three pure combinations to see, then four more) and
the dublee route (seven dublees to see, an eighth to finish); after seeing, the route it saw by,
with its jokers, and its maal (M10) as a bonus.  Then:

* **Exposes** (M2.3) the dealt tunnelas whose exposure leaves the best hand: each scores maal
  points (M10.1) and counts toward seeing, but a tunnela laid is no dublee, so a dublee-rich hand
  keeps the ones its dublee route needs.
* **Draws** the top discard when taking it lets it finish, or when the hand after taking it and
  its best discard is better by ``take_gain`` missing cards (it completes or nearly completes a
  combination or a dublee), else the stock.
* **Finishes** (M7) whenever the engine finds a valid finish, keeping its maal off the finish card
  (M10: the finish card does not count).
* **Sees** the maal (M6) whenever it can: seeing costs nothing but shows combinations, and a seat
  that has seen pays 3 game points instead of 10 (M11); by the route, and with the combinations,
  that leave the best hand (both routes open: the one that finishes sooner).
* **Discards** the card whose loss leaves the best hand, plus its danger: feeding the next seat in
  play (a card of a kind it took from the discard pile, or next to one; for a seat that saw by
  dublees, any card it may hold, since an 8th dublee finishes it); with ``safe_weight`` (the
  cautious style) a kind that seat threw or let lie on the pile is the safe discard, worth that
  many missing cards (its danger weighed as before).  A seat that has seen keeps its
  jokers and maal cards (they price low), and never throws a joker while another card would do.
  With ``lookahead`` (the Expert level: five) its best few discards are re-ranked by what the next
  stock card is expected to bring, over the cards it cannot see.

:class:`Policy` works on a :class:`~game.marriage.State` for the seat to move and reads only what
that seat may know (its hand, what lies on the table, counts, the public history, and the tiplu
only once it has seen), so the bot runs it on the view state built from its observation and the
search bot on sampled states.  The option ``blunder`` (for Easy) makes a random draw, or a random
discard among the better half, that often; it never refuses a finish or a sight, nor throws a
joker it knows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.cards import rank_of, suit_of
from game.marriage import Action, State, legal_actions
from game.marriage.deck import KIND, NATURALS, Jokers
from game.marriage.maal import maal_points
from game.marriage.solver import dublee_kinds, finishes, see_choices
from game.marriage.state import DISCARD, DRAW, DUBLEE_ROUTE, EXPOSE, PURE_ROUTE
from game.marriage.turn import DUBLEES_TO_SEE, W1, banned_kind, finish_route, joker_take_refused, see_need

from ..policy_bot import policy_bot
from ..weights import tuned
from .base import register
from .evaluate import Evaluator, Weights, counts_of
from .view import PublicRecord, public_record, view_state

EXPOSE_POINTS = 5.8  # M10.1: an exposed tunnela's expected maal points (5, 10 or 20 once the jokers are known)
SEE_LIMIT = 8  # ways to see by the pure route weighed
FAST_LIMIT = 5  # cards priced as discards in a play-out


@dataclass(frozen=True, slots=True)
class Params:
    """Weights of the heuristic (``tools.tune`` may tune them); the evaluator's :class:`Weights` too."""

    weights: Weights = Weights()
    take_gain: float = 0.45  # missing cards a take from the discard pile must save (a stock card may help too)
    danger_weight: float = 0.35  # cost of a discard next to (or of the kind of) a card the next seat took
    dublee_danger: float = 4.0  # cost of feeding a dublee to a next seat that saw by dublees, times the chance
    safe_weight: float = 0.0  # worth of a discard of a kind the next seat threw or let lie (the cautious style)
    expose_points: float = EXPOSE_POINTS
    lookahead: int = 0  # re-rank this many best discards by the hand's expected price after the next card
    lookahead_weight: float = 1.0


DEFAULT_PARAMS = tuned(Params(), "marriage-heuristic", nested="weights")  # hand-set, tuned laid over (ai/tuned/)


def seat_jokers(state: State, seat: int) -> Jokers | None:
    """The jokers as ``seat`` knows them (M13: only once it has seen)."""
    return state.jokers if state.seen[seat] is not None else None


def live_counts(state: State, seat: int, record: PublicRecord | None = None) -> list[int]:
    """Copies of each kind ``seat`` cannot see (3 decks, M1.1), less those other seats are known
    to hold: what may still come to it."""
    counts = [3] * NATURALS
    for c in state.hands[seat]:
        counts[KIND[c]] -= 1
    for c in state.discard:
        counts[KIND[c]] -= 1
    for s in range(state.players):
        for g in state.exposed[s]:
            for c in g:
                counts[KIND[c]] -= 1
        for g in state.shown[s]:
            for c in g:
                counts[KIND[c]] -= 1
    if state.tiplu is not None and state.seen[seat] is not None:
        counts[KIND[state.tiplu]] -= 1
    if record is not None:
        for s, known in enumerate(record.known):
            if s != seat:
                for k, c in known.items():
                    counts[k] -= c
    return [max(0, c) for c in counts]


def _kinds(cards: Sequence[int]) -> list[int]:
    return [KIND[c] for c in cards]


def next_in_play(state: State, seat: int) -> int | None:
    n = state.players
    for step in range(1, n):
        s = (seat + step) % n
        if state.out[s] is None:
            return s
    return None


class Pricer:
    """The price of hands of one seat at one decision (see :mod:`ai.marriage.evaluate`)."""

    def __init__(self, state: State, seat: int, ev: Evaluator, record: PublicRecord | None,
                 live: Sequence[int] | None = None) -> None:
        self.state = state
        self.seat = seat
        self.ev = ev
        self.w = ev.w
        self.rules = state.rules
        self.seen = state.seen[seat]
        self.jokers = seat_jokers(state, seat)
        self.live = list(live) if live is not None else live_counts(state, seat, record)
        self.exposed = len(state.exposed[seat])
        self.shown = len(state.shown[seat])
        self.shown_kinds = [KIND[c] for g in state.shown[seat] for c in g]
        self.exposed_kinds = [[KIND[c] for c in g] for g in state.exposed[seat]]
        rules = self.rules
        self.dublee_ok = rules.dublee_route or rules.dublee_finish_without_show

    def maal(self, kinds: Sequence[int]) -> float:
        if self.jokers is None:
            return 0.0
        return maal_points(list(kinds) + self.shown_kinds, self.exposed_kinds, self.jokers,
                           self.rules.double_marriage_points)

    def price(self, kinds: Sequence[int]) -> float:
        """Lower is better: missing cards, less the maal bonus."""
        ev = self.ev
        counts = counts_of(kinds)
        if self.seen == PURE_ROUTE:
            groups = 7 - self.exposed - self.shown
            assert self.jokers is not None
            value = ev.seen_pure(kinds, self.jokers.wild, self.live, groups, self.rules.max_wilds_per_combo)
        elif self.seen == DUBLEE_ROUTE:
            value = ev.seen_dublee(counts, self.live)
        else:
            value = ev.pure_unseen(counts, self.live, self.exposed)
            if self.dublee_ok:
                value = min(value, ev.dublees(counts, self.live, DUBLEES_TO_SEE + 1))
            return value
        return value - self.w.maal_weight * self.maal(kinds)

    def routes(self, kinds: Sequence[int]) -> tuple[float, float]:
        """Before seeing: the prices of the pure and of the dublee route."""
        counts = counts_of(kinds)
        pure = self.ev.pure_unseen(counts, self.live, self.exposed)
        dublee = self.ev.dublees(counts, self.live, DUBLEES_TO_SEE + 1) if self.dublee_ok else float("inf")
        return pure, dublee

    def shortlist(self, kinds: Sequence[int], banned: int | None, limit: int | None = None) -> list[int]:
        """The kinds that may be thrown (not ``banned``); with ``limit``, only that many of those the
        hand keeps least by a quick count of their partners (:func:`game.marriage.policy.keep_scores`)."""
        options = sorted(set(kinds) - {banned})
        if limit is None or len(options) <= limit:
            return options
        scores = quick_keep(kinds, self.jokers, self.seen == PURE_ROUTE)
        return sorted(options, key=lambda k: (scores[k], k))[:limit]

    def best_discard(self, kinds: Sequence[int], banned: int | None, limit: int | None = None) -> tuple[float, int]:
        best: tuple[float, int] | None = None
        for k in self.shortlist(kinds, banned, limit):
            rest = list(kinds)
            rest.remove(k)
            v = self.price(rest)
            if best is None or v < best[0]:
                best = (v, k)
        assert best is not None
        return best


class Policy:
    """The heuristic's choices for the seat to move of a state."""

    def __init__(self, params: Params | None = None, rng: random.Random | None = None, blunder: float = 0.0,
                 *, fast: bool = False) -> None:
        self.params = params or DEFAULT_PARAMS
        self.rng = rng or random.Random(0)
        self.blunder = blunder
        self.limit = FAST_LIMIT if fast else None  # play-outs: price only the few cards kept least
        self.fast = fast
        self.fixed_live: list[int] | None = None  # play-outs: the outs as the seat saw them at the decision
        self.fixed_seat: int | None = None
        self.ev = Evaluator(self.params.weights)

    def pricer(self, state: State, record: PublicRecord | None = None) -> Pricer:
        fixed = self.fixed_live if self.fast and state.turn == self.fixed_seat else None
        return Pricer(state, state.turn, self.ev, record, fixed)

    def act(self, state: State, record: PublicRecord | None = None) -> Action:
        """The action of the seat to move."""
        if state.phase == EXPOSE:
            return self.expose(state)
        if state.phase == DRAW:
            return self.draw(state, record)
        if state.phase == DISCARD:
            return self.discard(state, record)
        raise ValueError("nobody is to move in a finished deal")

    # --- expose -------------------------------------------------------------------------------------

    def expose(self, state: State) -> Action:
        """M2.3: the choice of dealt tunnelas that leaves the best hand, each exposed one worth its
        expected maal points."""
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        p = state.turn
        hand = _kinds(state.hands[p])
        pricer = self.pricer(state)
        best: tuple[float, int] | None = None
        for i, option in enumerate(options):
            rest = list(hand)
            for g in option.groups or ():
                for k in g:
                    rest.remove(k)
            pricer.exposed = len(option.groups or ())
            value = pricer.price(rest) - self.params.weights.maal_weight * self.params.expose_points * pricer.exposed
            if best is None or value < best[0] - 1e-9:
                best = (value, i)
        assert best is not None
        return options[best[1]]

    # --- draw ---------------------------------------------------------------------------------------

    def draw(self, state: State, record: PublicRecord | None = None) -> Action:
        p = state.turn
        stock = Action.draw_stock(p)
        if not state.discard or joker_take_refused(state):
            return stock
        take = Action.take_discard(p)
        gain = self.take_value(state, record)
        if gain == float("inf"):
            return take
        if self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice([stock, take])
        return take if gain >= self.params.take_gain else stock

    def take_value(self, state: State, record: PublicRecord | None = None) -> float:
        """Missing cards the top discard saves (after the best discard); infinite when taking it
        lets the seat finish."""
        p = state.turn
        hand = _kinds(state.hands[p])
        top = KIND[state.discard[-1]]
        if self._finishes_with(state, hand + [top], top):
            return float("inf")
        pricer = self.pricer(state, record)
        now = pricer.price(hand)
        value, _ = pricer.best_discard(hand + [top], top, self.limit)
        return now - value

    def _finishes_with(self, state: State, kinds: list[int], banned: int) -> bool:
        """Whether the seat to move could finish holding ``kinds`` (the taken card ``banned`` may
        not be the finish card, M5.2)."""
        p = state.turn
        try:
            route = finish_route(state, p)
        except Exception:  # noqa: BLE001  (M7.3: it may not finish)
            return False
        if route == W1:
            if state.jokers is None:
                return False
            return bool(finishes(kinds, banned, state.tiplu_kind, state.rules.max_wilds_per_combo))
        pairs = dublee_kinds(kinds)
        wanted = 1 if state.seen[p] is not None else DUBLEES_TO_SEE + 1
        return len(pairs) >= wanted

    # --- discard, see, finish --------------------------------------------------------------------------

    def discard(self, state: State, record: PublicRecord | None = None) -> Action:
        finish = self.finish(state)
        if finish is not None:
            return finish
        sight = self.see(state)
        if sight is not None:
            return sight
        ranked = self.discard_values(state, record)
        if len(ranked) > 1 and self.blunder and self.rng.random() < self.blunder:
            jokers = seat_jokers(state, state.turn)
            plain = [k for _, k in ranked if jokers is None or not jokers.wild[k]] or [k for _, k in ranked]
            return Action.discard(state.turn, self.rng.choice(plain[:max(1, (len(plain) + 1) // 2)]))
        return Action.discard(state.turn, ranked[0][1])

    def finish(self, state: State) -> Action | None:
        """M7: the valid finish that keeps the most maal (M10: the finish card does not count), or
        ``None``."""
        p = state.turn
        try:
            route = finish_route(state, p)
        except Exception:  # noqa: BLE001  (M7.3)
            return None
        hand = _kinds(state.hands[p])
        banned = banned_kind(state)
        pricer = self.pricer(state)
        if route == W1:
            if state.jokers is None:
                return None
            if self.fast and not may_finish_w1(self.ev, state, p, hand):
                return None
            found = finishes(hand, banned, state.tiplu_kind, state.rules.max_wilds_per_combo)
            if not found:
                return None
            wild = state.jokers.wild
            card = max(found, key=lambda f: (pricer.maal(_without(hand, f)), not wild[f], -f))
            return Action.declare(p, card, found[card])
        pairs = dublee_kinds(hand)
        if state.seen[p] is None:  # M7.2 without a show: all eight at once
            wanted = DUBLEES_TO_SEE + 1
            if len(pairs) < wanted:
                return None
            groups = [(k, k) for k in pairs[:wanted]]
        elif pairs:
            groups = [(pairs[0], pairs[0])]
        else:
            return None
        rest = list(hand)
        for g in groups:
            for k in g:
                rest.remove(k)
        options = [k for k in set(rest) if k != banned]
        if not options:
            return None
        card = max(options, key=lambda f: (pricer.maal(_without(hand, f)), -f))
        return Action.declare(p, card, groups)

    def see(self, state: State) -> Action | None:
        """M6: the way to see that leaves the best hand, or ``None`` when the seat cannot see."""
        p = state.turn
        if state.seen[p] is not None:
            return None
        hand = _kinds(state.hands[p])
        options: list[tuple[float, Action]] = []
        pricer = self.pricer(state)
        ev = self.ev
        w = self.params.weights
        groups_after = 7 - len(state.exposed[p]) - see_need(state, p)
        banned = banned_kind(state)
        for way in see_choices(hand, see_need(state, p), limit=SEE_LIMIT):
            rest = list(hand)
            for g in way:
                for k in g:
                    rest.remove(k)
            # the card to throw is one of the rest left loose: the price of all of them is the same
            value = ev.seen_pure(rest, [False] * NATURALS, pricer.live, groups_after, state.rules.max_wilds_per_combo)
            options.append((max(0.0, value - w.joker_hope), Action.see_maal(p, way)))
        if state.rules.dublee_route:
            pairs = dublee_kinds(hand)
            if len(pairs) >= DUBLEES_TO_SEE:
                laid = pairs[:DUBLEES_TO_SEE]
                rest = list(hand)
                for k in laid:
                    rest.remove(k)
                    rest.remove(k)
                if dublee_kinds(rest):
                    value = 0.0
                else:
                    value = min(ev.seen_dublee(counts_of(_without(rest, k)), pricer.live)
                                for k in set(rest) if k != banned) if rest else 0.0
                options.append((value * w.dublee_factor, Action.see_maal(p, [(k, k) for k in laid])))
        if not options:
            return None
        return min(options, key=lambda va: va[0])[1]

    def discard_values(self, state: State, record: PublicRecord | None = None) -> list[tuple[float, int]]:
        """Every kind the seat to move may discard with the price of the hand without it plus its
        danger (best first; a known joker last while another card may go)."""
        p = state.turn
        hand = _kinds(state.hands[p])
        banned = banned_kind(state)
        pricer = self.pricer(state, record)
        danger = self.danger(state, record, pricer)
        jokers = pricer.jokers
        out = []
        for k in pricer.shortlist(hand, banned, self.limit):
            rest = list(hand)
            rest.remove(k)
            out.append((pricer.price(rest) + danger(k), k))
        has_plain = jokers is not None and any(not jokers.wild[k] for _, k in out)
        out.sort(key=lambda vk: (has_plain and jokers.wild[vk[1]], vk[0], -pricer.live[vk[1]], vk[1]))  # type: ignore[union-attr]
        if self.params.lookahead and len(out) > 1:
            out = self._look_ahead(hand, out, pricer, has_plain)
        return out

    def _look_ahead(self, hand: list[int], ranked: list[tuple[float, int]], pricer: Pricer,
                    has_plain: bool) -> list[tuple[float, int]]:
        """Re-rank the best ``lookahead`` discards (within a missing card of the best) by what the
        hand is expected to gain from the next stock card: over the cards the seat cannot see, the
        price after that card and the best discard then, against the price without it."""
        width = self.params.lookahead
        jokers = pricer.jokers
        best = ranked[0][0]
        top = [(v, k) for v, k in ranked[:width]
               if v <= best + 1.0 and not (has_plain and jokers is not None and jokers.wild[k])]
        if len(top) < 2:
            return ranked
        live = pricer.live
        total = sum(live)
        if total <= 0:
            return ranked
        adjusted = []
        for value, k in top:
            rest = list(hand)
            rest.remove(k)
            base = pricer.price(rest)
            gain = 0.0
            for kind, count in enumerate(live):
                if count <= 0 or not _touches(kind, rest, jokers):
                    continue
                after, _ = pricer.best_discard(rest + [kind], None, FAST_LIMIT)
                if after < base:
                    gain += count * (base - after)
            adjusted.append((value - self.params.lookahead_weight * gain / total, k))
        adjusted.sort(key=lambda vk: (vk[0], vk[1]))
        chosen = {k for _, k in adjusted}
        return adjusted + [vk for vk in ranked if vk[1] not in chosen]

    def danger(self, state: State, record: PublicRecord | None, pricer: Pricer):
        """The cost of feeding the next seat in play a kind (a function of the kind)."""
        p = state.turn
        nxt = next_in_play(state, p)
        params = self.params
        if nxt is None or record is None:
            return lambda k: 0.0
        known = record.known[nxt]
        if state.seen[nxt] == DUBLEE_ROUTE:
            hidden = sum(pricer.live) + sum(known.values())
            share = len(state.hands[nxt])  # cards it holds (the count is public)

            def dublee(k: int) -> float:
                if known[k]:
                    return params.dublee_danger
                chance = min(1.0, pricer.live[k] * share / max(1, hidden))
                return params.dublee_danger * chance
            return dublee
        if params.safe_weight:
            return self._guarded(known, record.shed[nxt] + record.refused[nxt])
        if not known or not params.danger_weight:
            return lambda k: 0.0
        weight = params.danger_weight

        def near(k: int) -> float:
            return weight * _joins(k, known)
        return near

    def _guarded(self, known: Counter, unwanted: Counter):
        """The cautious style's danger: feeding a kind the next seat took (or one next to it) costs
        ``danger_weight`` as always, and a kind it threw or let lie on the pile, and so hardly
        wants, is worth ``safe_weight`` (the safe discard a careful player looks for)."""
        weight, safe = self.params.danger_weight, self.params.safe_weight

        def guarded(k: int) -> float:
            return weight * _joins(k, known) - (safe if unwanted[k] and not known[k] else 0.0)
        return guarded


def may_finish_w1(ev: Evaluator, state: State, seat: int, kinds: Sequence[int]) -> bool:
    """A quick look before the exact search (:func:`game.marriage.solver.finishes`, for play-outs):
    the evaluator, jokers taken as stand-ins, finds the hand complete but for one loose card (it
    misses the rare finish that needs a joker in its own place, M3.7)."""
    jokers = state.jokers
    assert jokers is not None
    groups = 7 - len(state.exposed[seat]) - len(state.shown[seat])
    return ev.seen_whole(kinds, jokers.wild, groups, state.rules.max_wilds_per_combo)


def quick_keep(kinds: Sequence[int], jokers: Jokers | None, triplets: bool) -> dict[int, float]:
    """How much a hand keeps each of its kinds, by a quick count: copies (pairs, tunnelas), cards
    of its suit one or two ranks away, of its rank in other suits (when triplets count), and
    known jokers above all."""
    counts = Counter(kinds)
    out: dict[int, float] = {}
    for k, c in counts.items():
        if jokers is not None and jokers.wild[k]:
            out[k] = 100.0
            continue
        score = 6.0 * (c - 1)
        suit, rank = divmod(k, 13)
        for d, weight in ((1, 2.0), (2, 1.0)):
            for r in (rank - d, rank + d):
                if r == 13:
                    r = 0  # the ace above the king
                if 0 <= r < 13 and counts.get(suit * 13 + r):
                    score += weight
        if triplets:
            score += sum(1.0 for s in range(4) if s != suit and counts.get(s * 13 + rank))
        out[k] = score
    return out


def _touches(kind: int, kinds: Sequence[int], jokers: Jokers | None) -> bool:
    """Whether a new card of ``kind`` may improve the hand: a joker the seat knows, a copy of a card
    held, or a card of the same suit within two ranks, or of the same rank."""
    if jokers is not None and jokers.wild[kind]:
        return True
    suit, rank = divmod(kind, 13)
    for k in kinds:
        if k == kind:
            return True
        s2, r2 = divmod(k, 13)
        if r2 == rank:
            return True
        if s2 == suit:
            gap = abs(r2 - rank)
            if gap <= 2 or gap >= 11:
                return True
    return False


def _without(kinds: Sequence[int], kind: int) -> list[int]:
    rest = list(kinds)
    rest.remove(kind)
    return rest


def _joins(kind: int, known: Counter) -> float:
    """1 when ``kind`` is of a kind the seat holds, or joins one (same rank, or same suit within
    two), else 0."""
    suit, rank = suit_of(kind), rank_of(kind)
    for other, n in known.items():
        if n <= 0:
            continue
        if other == kind:
            return 1.0
        if rank_of(other) == rank:
            return 0.6
        if suit_of(other) == suit:
            gap = abs(rank_of(other) - rank)
            if gap <= 2 or 13 - gap <= 1:
                return 0.6
    return 0.0


HeuristicBot = register("heuristic")(policy_bot(
    Policy, DEFAULT_PARAMS, view_state, public_record,
    "See the module docstring and :class:`ai.policy_bot.PolicyBot`.  Options: ``blunder`` and any :class:`Params` "
    "or :class:`~ai.marriage.evaluate.Weights` field."))


__all__ = ["DEFAULT_PARAMS", "HeuristicBot", "Params", "Policy", "live_counts", "seat_jokers"]
