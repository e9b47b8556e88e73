"""How far a hand of 21-card Indian Rummy (or 27-card Rummy) is from a valid show: the heuristic's
evaluation, in *cards still to find* (lower is better, 0 for a hand that shows now).

The exact solvers of the engine (:mod:`game.indian21.arrange`) say what a hand *counts now*; a bot
also needs to know what it is *worth keeping*.  The hand is priced along each of the four ways to
show (T7.2) and the routes are blended by a soft minimum (the hand keeps the options of all of
them, but mostly of the nearest):

* **a. melds** with at least ``show_pure_sequences`` pure sequences (tunnelas count).  Each suit is
  packed on its own (:meth:`Evaluator.suit_table`, memoised on the suit's cards, so a new card
  re-prices one suit only) into pure sequences (a wild card may stand as itself, T3.6, at a price
  ``own``: it is a joker less), tunnelas, pure partials (two cards a card short: ``adjacent`` with
  two open ends, ``edge`` with one or an inside gap; a dublee is a tunnela a card short) and loose
  cards.  The suits' packings are merged by how many pure sequences, complete and partial, they
  give; then the loose cards of every suit make sets (three or four suits of a rank) or a set a
  card short (``pair``), and the wild cards fill what is one card short, then pairs of them a loose
  card (T6.5: a sequence or set needs one natural card).  Each pure sequence still lacking with no
  partial of it costs ``no_pure``.
* **b. tunnelas**: the cards missing from the best ``show_tunnelas`` kinds (a kind whose copies are
  all seen elsewhere is dead).
* **c. dublees**: the dublees missing to ``show_dublees``, each found by pairing a single.
* **d. jokers**: the wild cards missing to ``show_jokers``.

Two terms are added: the **risk**, the points the hand would be charged if another seat showed
now (T10: every card with no pure sequence, the cards outside the pure sequences below the pure
sequences needed, else the cards outside melds; 2 for a near show; capped), weighted more as the
deal goes on (the bot sets ``set_stage``); and, subtracted, the hand's **value points** (T11:
marriages first), so value cards are kept for their points.

The evaluation is an estimate, kept fast (a 28-card hand is priced in well under a millisecond
once its suits are known); whether a hand may show is always asked of the engine.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.core.cards import JOKER, rank_value
from game.indian21.deck import Jokers
from game.indian21.rules import RuleSet
from game.indian21.scoring import value_points

INF = float("inf")
RANKS = 13
_TRIED = 6  # packings of route a priced with their sets and stand-ins (the cheapest before them)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluator's prices, in cards still to find (see the module docstring)."""

    loose: float = 1.0
    adjacent: float = 0.55
    edge: float = 0.7
    dublee: float = 0.8
    pair: float = 0.65
    own: float = 0.25
    set_hint: float = 0.05  # a loose card that may make a set with two other suits' cards (a hint)
    no_pure: float = 2.0
    route_tunnela: float = 1.3  # route b: a card missing from a tunnela
    route_dublee: float = 0.9  # route c: a dublee missing
    route_joker: float = 1.4  # route d: a wild card missing
    dead: float = 4.0  # a missing card of which no copy can come
    softness: float = 0.4  # the soft minimum of the routes (0: the plain minimum)
    risk: float = 0.004  # each point the hand would be charged now (T10) ...
    risk_growth: float = 0.25  # ... grows by this share of itself every round
    value: float = 0.008  # each value point the hand scores (T11)


# an entry of a packing: (cost, own cards used as themselves, extra pure partials, loose kinds,
# points of the natural cards in complete pure groups)
Entry = tuple[float, int, int, tuple[int, ...], int]
Table = dict[tuple[int, int], Entry]


@dataclass(frozen=True, slots=True)
class Detail:
    """The evaluation of one hand, route by route (:meth:`Evaluator.detail`)."""

    value: float
    melds: float  # route a
    tunnelas: float  # route b
    dublees: float  # route c
    jokers: float  # route d
    risk: int  # points the hand would be charged now (T10, capped)
    pure: int  # complete pure sequences and tunnelas found (route a)
    loose: tuple[int, ...]  # natural kinds left out of route a's groups
    worth: int  # value points (T11)


class Evaluator:
    """Hand values for one deal's rules and jokers (memoised)."""

    def __init__(self, rules: RuleSet, jokers: Jokers, weights: Weights | None = None) -> None:
        self.rules = rules
        self.wild = jokers.wild
        self.points = jokers.points
        self.value_kinds = jokers.value_kinds if rules.value_cards else ()
        self.weights = w = weights or Weights()
        self.need = rules.show_pure_sequences  # route a (0: off)
        self.cap = rules.pure_needed  # how many pure sequences T10.2 asks for
        self.life = max(1, self.need)  # the pure sequences the packings keep count of
        self.single_joker = rules.joker_cap == 1
        self.live: list[int] | None = None
        self.stage_weight = w.risk
        self._suits: dict[tuple, Table] = {}
        self._merges: dict[tuple[int, int], tuple[Table, Table, Table]] = {}
        self._values: dict[tuple, Detail] = {}
        self._posts: dict[tuple, tuple[float, tuple[int, ...], int]] = {}
        # per suit: which ranks are wild kinds (a wild card of its suit may stand as itself)
        self.wild_kinds = tuple(k for k in range(JOKER + 1) if self.wild[k])
        self.rank_points = tuple(tuple(self.points[s * RANKS + r] for r in range(RANKS)) for s in range(4))
        self.nat_points = tuple(rank_value(r + 1) for r in range(RANKS))

    # --- settings ---------------------------------------------------------------------------------

    def set_stage(self, rounds: int) -> None:
        """How far the deal is (rounds played): the risk of holding points grows with it."""
        weight = round(self.weights.risk * (1.0 + self.weights.risk_growth * max(0, rounds)), 6)
        if weight != self.stage_weight:
            self.stage_weight = weight
            self._values.clear()

    def set_live(self, live: Sequence[int] | None) -> None:
        """Copies of each kind that may still come to the seat (``None``: every copy not held)."""
        new = None if live is None else list(live)
        if new != self.live:
            self.live = new
            self._values.clear()

    # --- public -----------------------------------------------------------------------------------

    def value(self, kinds: Iterable[int]) -> float:
        """The cost of holding ``kinds`` (lower is better)."""
        return self.detail(kinds).value

    def detail(self, kinds: Iterable[int]) -> Detail:
        key = tuple(sorted(kinds))
        found = self._values.get(key)
        if found is None:
            if len(self._values) > 50_000:
                self._values.clear()
            found = self._values[key] = self._detail(key)
        return found

    def discard_values(self, kinds: Sequence[int], banned: int | None = None) -> list[tuple[float, int]]:
        """Every kind of ``kinds`` (but ``banned``) with the value of the rest after discarding it,
        best first: wild cards last while a natural card may go, value cards after other wild
        cards; ties go to the higher points."""
        out = []
        for k in sorted(set(kinds)):
            if k == banned:
                continue
            rest = list(kinds)
            rest.remove(k)
            out.append((self.value(rest), k))
        natural = any(not self.wild[k] for _, k in out)
        out.sort(key=lambda vk: (natural and self.wild[vk[1]], vk[1] in self.value_kinds, vk[0],
                                 -self.points[vk[1]], vk[1]))
        return out

    def best_discard(self, kinds: Sequence[int], banned: int | None = None) -> tuple[float, int]:
        """The discard that leaves the best hand, and that hand's value."""
        return self.discard_values(kinds, banned)[0]

    # --- the routes -------------------------------------------------------------------------------

    def _detail(self, kinds: tuple[int, ...]) -> Detail:
        w = self.weights
        counts = [0] * (JOKER + 1)
        for k in kinds:
            counts[k] += 1
        wilds = 0
        for k in self.wild_kinds:
            wilds += counts[k]
        melds, pure, loose, risk = self._melds(counts, wilds)
        ones = twos = threes = dublees_held = 0
        live = self.live
        for k, h in enumerate(counts):
            if h:
                dublees_held += h >> 1
                left = live[k] if live is not None else 3 - h
                if h >= 3:
                    threes += 1
                elif h == 2:
                    twos += left >= 1
                elif left >= 1:
                    ones += 1
        tunnelas = self._tunnelas(counts, threes, twos)
        dublees = self._dublees(dublees_held, ones)
        jokers = self._jokers(wilds)
        routes = [r for r in (melds, tunnelas, dublees, jokers) if r < INF]
        best = min(routes) if routes else 50.0
        if w.softness > 0 and len(routes) > 1:
            t = w.softness
            best = best - t * math.log(sum(math.exp(-(r - best) / t) for r in routes))
        rules = self.rules
        near = rules.near_show_points and (
            best <= 0.0
            or (rules.near_dublees and dublees_held >= rules.near_dublees)
            or (rules.near_jokers and wilds >= rules.near_jokers))
        if near:
            risk = rules.near_show_points
        elif rules.cap is not None:
            risk = min(risk, rules.cap)
        worth = 0
        if self.value_kinds:
            worth = value_points(kinds, self.value_kinds, rules.value_table, rules.marriage_table)
        value = best + self.stage_weight * risk - w.value * worth
        return Detail(value, melds, tunnelas, dublees, jokers, risk, pure, loose, worth)

    def _tunnelas(self, counts: list[int], threes: int, twos: int) -> float:
        """Route b: the best ``show_tunnelas`` kinds, each short of a tunnela by the cards missing
        (a kind whose missing copies cannot all come is dead)."""
        short = _missing(self.rules.show_tunnelas, threes)
        if short == 0 or short == INF:
            return short
        w = self.weights
        cost = min(short, twos) * w.route_tunnela
        short -= min(short, twos)
        if short:  # then singles with both other copies still to come, or nothing yet
            live = self.live
            singles = sum(1 for k, h in enumerate(counts) if h == 1 and (live is None or live[k] >= 2))
            cost += min(short, singles) * 2 * w.route_tunnela + max(0, short - singles) * 3 * w.route_tunnela
        return cost

    def _dublees(self, have: int, singles: int) -> float:
        """Route c: each dublee missing is a single paired (a single whose copies are all seen
        elsewhere is dead)."""
        missing = _missing(self.rules.show_dublees, have)
        if missing == 0 or missing == INF:
            return missing
        paired = min(singles, missing)
        return paired * self.weights.route_dublee + (missing - paired) * self.weights.dead

    def _jokers(self, wilds: int) -> float:
        need = self.rules.show_jokers
        if not need:
            return INF
        return max(0, need - wilds) * self.weights.route_joker

    # --- route a: melds -----------------------------------------------------------------------------

    def _melds(self, counts: list[int], wilds: int) -> tuple[float, int, tuple[int, ...], int]:
        """(cost, complete pure groups, loose natural kinds, points charged now) of route a; the
        cost is infinite when the route is off."""
        wild = self.wild
        points = self.points
        nat = [0] * 52
        own = [0] * 52
        total_points = 0
        held = [0] * RANKS  # suits holding each rank
        for k in range(52):
            n = counts[k]
            if n:
                if wild[k]:
                    own[k] = n
                else:
                    nat[k] = n
                    total_points += points[k] * n
                    held[k % RANKS] += 1
        tables = []
        for s in range(4):
            base = s * RANKS
            row = nat[base:base + RANKS]
            tables.append(self.suit_table(s, tuple(row), tuple(own[base:base + RANKS]),
                                          tuple([h - 1 if x else 0 for h, x in zip(held, row)])))
        merged = self._merge(self._merge(tables[0], tables[1]), self._merge(tables[2], tables[3]))
        w = self.weights
        life = self.life
        ranked = []
        for (pc, pp), (cost, own_used, extra, loose, pure_points) in merged.items():
            missing = max(0, life - pc)
            covered = min(pp, missing)
            ranked.append((cost + (missing - covered) * w.no_pure, pc, extra + pp - covered, loose, own_used,
                           pure_points))
        ranked.sort(key=lambda e: e[0])
        best: tuple[float, int, tuple[int, ...], int] | None = None
        risk = total_points  # T10.2: the lowest count of the packings found
        for tried, (cost, pc, extra, loose, own_used, pure_points) in enumerate(ranked):
            if pc:
                risk = min(risk, total_points - pure_points)
            if best is not None and (tried >= _TRIED or cost - (len(loose) * w.loose + extra * w.adjacent) >= best[0]):
                continue  # nothing the sets and jokers save can make it the best
            saved, left, melded_points = self._sets_and_jokers(loose, extra, wilds - own_used, held)
            if pc >= self.cap:
                risk = min(risk, total_points - pure_points - melded_points)
            cost -= saved
            if best is None or cost < best[0]:
                best = (cost, pc, left, 0)
        assert best is not None
        return (best[0] if self.need else INF), best[1], best[2], risk

    def loose_price(self, others: int) -> float:
        """What a loose card costs in a suit's packing when ``others`` other suits hold its rank:
        a card that may make a set is priced as a share of one (a hint: :meth:`_post` prices the
        sets the loose cards of every suit really make)."""
        w = self.weights
        if others >= 2:
            return -w.set_hint
        if others == 1:
            return w.pair / 2
        return w.loose

    def _sets_and_jokers(self, loose: tuple[int, ...], extra: int, jokers: int,
                         held: list[int]) -> tuple[float, tuple[int, ...], int]:
        """What the loose cards of every suit save as sets (T6.2), and the wild cards as stand-ins:
        (cost saved, natural kinds still loose, points of the loose cards melded).  The suits
        priced a loose card by the sets it might make (:meth:`loose_price`); here it is priced as
        what it is."""
        key = (loose, extra, jokers, tuple(held[k % RANKS] for k in loose))
        found = self._posts.get(key)
        if found is None:
            if len(self._posts) > 100_000:
                self._posts.clear()
            found = self._posts[key] = self._post(loose, extra, jokers, held)
        return found

    def _post(self, loose: tuple[int, ...], extra: int, jokers: int,
              held: list[int]) -> tuple[float, tuple[int, ...], int]:
        w = self.weights
        price = {k: self.loose_price(held[k % RANKS] - 1) for k in set(loose)}
        saved = 0.0
        melded = 0
        left = list(loose)
        if len(left) >= 2:
            by_rank: dict[int, list[int]] = {}
            for k in left:
                by_rank.setdefault(k % RANKS, []).append(k)
            for ks in by_rank.values():
                suits = sorted(set(ks))
                if len(suits) >= 3:
                    for k in suits[:4]:
                        left.remove(k)
                        melded += self.points[k]
                        saved += price[k]
                elif len(suits) == 2:
                    if jokers > 0:  # a stand-in completes the set now
                        jokers -= 1
                        saved += price[suits[0]] + price[suits[1]]
                        melded += self.points[suits[0]] + self.points[suits[1]]
                    else:
                        saved += price[suits[0]] + price[suits[1]] - w.pair
                    for k in suits:
                        left.remove(k)
        for k in left:  # a loose card is a loose card
            saved += price[k] - w.loose
        if jokers > 0 and extra > 0:  # stand-ins complete what is a card short
            used = min(jokers, extra)
            jokers -= used
            saved += used * w.adjacent
        if jokers > 0 and left:
            left.sort(key=lambda k: -self.points[k])
            per = 1 if self.single_joker else 2  # a loose card and stand-ins make a meld
            while left and jokers >= per:
                k = left.pop(0)
                jokers -= per
                saved += w.loose - (w.pair if per == 1 else 0.0)
                melded += self.points[k] if per == 2 else 0
        return saved, tuple(left), melded

    def _merge(self, a: Table, b: Table) -> Table:
        """Two packings side by side, the best entry for each count of pure groups."""
        key = (id(a), id(b))
        found = self._merges.get(key)
        if found is not None:
            return found[2]
        if len(self._merges) > 20_000:
            self._merges.clear()
        life = self.life
        out: Table = {}
        for (pc1, pp1), (c1, o1, x1, l1, p1) in a.items():
            for (pc2, pp2), (c2, o2, x2, l2, p2) in b.items():
                cost = c1 + c2
                pc = pc1 + pc2
                if pc > life:
                    pc = life
                pp = pp1 + pp2
                extra = x1 + x2
                if pp > life:
                    extra += pp - life
                    pp = life
                k = (pc, pp)
                old = out.get(k)
                if old is None or cost < old[0]:
                    out[k] = (cost, o1 + o2, extra, l1 + l2, p1 + p2)
        out = _pareto(out)
        self._merges[key] = (a, b, out)  # the tables are kept so their ids stay theirs
        return out

    # --- one suit ----------------------------------------------------------------------------------

    def suit_table(self, suit: int, nat: tuple[int, ...], own: tuple[int, ...], others: tuple[int, ...]) -> Table:
        """The packings of one suit's cards: natural counts and wild cards (as themselves) by rank,
        ace first, and how many other suits hold each rank (:meth:`loose_price`).  For each
        (complete pure groups, pure partials), capped, the cheapest."""
        key = (suit, nat, own, others)
        found = self._suits.get(key)
        if found is None:
            if len(self._suits) > 200_000:
                self._suits.clear()
                self._merges.clear()
            found = self._suits[key] = self._pack(suit, nat, own, others)
        return found

    def _pack(self, suit: int, nat: tuple[int, ...], own: tuple[int, ...], others: tuple[int, ...]) -> Table:
        r = next((i for i, n in enumerate(nat) if n), -1)
        if r < 0:
            return {(0, 0): (0.0, 0, 0, (), 0)}
        w = self.weights
        life = self.life
        base = suit * RANKS
        points = self.rank_points[suit]
        out: Table = {}

        def add(child_nat: list[int], child_own: list[int], cost: float, dpc: int, dpp: int, used: int,
                loose: tuple[int, ...], pts: int) -> None:
            child = self.suit_table(suit, tuple(child_nat), tuple(child_own), others)
            for (pc, pp), (c, o, x, lo, p) in child.items():
                pc2 = pc + dpc
                if pc2 > life:
                    pc2 = life
                pp2 = pp + dpp
                x2 = x
                if pp2 > life:
                    x2 += pp2 - life
                    pp2 = life
                total = c + cost
                k = (pc2, pp2)
                old = out.get(k)
                if old is None or total < old[0]:
                    out[k] = (total, o + used, x2, loose + lo if loose else lo, p + pts)

        n = list(nat)
        o = list(own)
        # loose
        n[r] -= 1
        add(n, o, self.loose_price(others[r]), 0, 0, 0, (base + r,), 0)
        n[r] += 1
        # a tunnela (T6.3) and a dublee, a tunnela one card short
        if nat[r] >= 3:
            n[r] -= 3
            add(n, o, 0.0, 1, 0, 0, (), 3 * points[r])
            n[r] += 3
        if nat[r] >= 2:
            n[r] -= 2
            add(n, o, w.dublee, 0, 1, 0, (), 0)
            n[r] += 2
        # sequences through r as their lowest natural card, up the suit (positions r..12, 13 = high ace)
        # and, for an ace, down from the high ace
        walks = [list(range(r + 1, 14 if r else 13))]
        if r == 0:
            walks.append(list(range(12, 0, -1)))
        for down, walk in enumerate(walks):
            n[r] -= 1
            taken: list[tuple[int, bool]] = []  # (rank index, as a wild card itself)
            pts = points[r]
            used = 0
            for p in walk:
                q = p % RANKS
                if n[q] > 0:
                    n[q] -= 1
                    taken.append((q, False))
                    pts += points[q]
                elif o[q] > 0:
                    o[q] -= 1
                    taken.append((q, True))
                    used += 1
                else:
                    break
                if len(taken) == 1:  # two cards: a pure sequence one card short
                    one_end = down or r == 0 or p == 13  # K-A waits for the Q, A-2 for the 3
                    price = w.edge if one_end else w.adjacent
                    add(n, o, price + used * w.own, 0, 1, used, (), 0)
                else:
                    add(n, o, used * w.own, 1, 0, used, (), pts)
            for q, is_own in taken:
                if is_own:
                    o[q] += 1
                else:
                    n[q] += 1
            n[r] += 1
        # a pure sequence one card short with an inside gap: r and the card two above (or Q-A)
        for p in ((r + 2,) if r + 2 <= 13 else ()) + ((11,) if r == 0 else ()):
            q = p % RANKS
            if q == r:
                continue
            if n[q] > 0 or o[q] > 0:
                is_own = n[q] == 0
                n[r] -= 1
                if is_own:
                    o[q] -= 1
                else:
                    n[q] -= 1
                add(n, o, w.edge + (w.own if is_own else 0.0), 0, 1, int(is_own), (), 0)
                if is_own:
                    o[q] += 1
                else:
                    n[q] += 1
                n[r] += 1
        return _pareto(out)


def _pareto(table: Table) -> Table:
    """The entries no other entry beats: one with as many complete pure groups, as many pure
    groups complete or partial, and a cost no higher is at least as good."""
    if len(table) <= 1:
        return table
    items = sorted(table.items(), key=lambda kv: kv[1][0])
    kept: list[tuple[tuple[int, int], Entry]] = []
    for (pc, pp), entry in items:
        if not any(kpc >= pc and kpc + kpp >= pc + pp for (kpc, kpp), _ in kept):
            kept.append(((pc, pp), entry))
    return dict(kept)


def _missing(need: int, have: int) -> float:
    """What a show route that needs ``need`` (groups, 0: the rules offer no such route) still
    misses with ``have``: ``INF`` without the route, else ``need - have`` and at least 0.0."""
    return INF if not need else float(max(0, need - have))
