"""The ``heuristic`` bot: one-turn look-ahead over an evaluation of the hand.

* **Goes out** whenever the exact solver finds an arrangement leaving one card (V8).
* **Draws** by comparing the stock (the hand as it is plus the expected worth of an unknown card)
  with every legal wipe of the line (the cards gained, the meld the wipe lays down, the best
  discard afterwards and what that discard gives away), each scored by
  :class:`ai.vazhushal.evaluate.Evaluator`.  A wipe whose quick upper bound is already below the best
  draw found is not scored (:meth:`Policy.best_draw`: the same choice, with less work).
* **Discards** the card whose loss hurts the hand least, less the danger of feeding the next
  player: from the public record (V12) it knows the cards each opponent took from the line and
  still holds, and weighs every meld the discard could complete for them.  Wild cards are kept
  because the evaluation prices them as the meld cards they will become.
* **Holds melds back**: after the stock runs out every seat may still meld from its hand (V9.2),
  so melding early earns nothing at the stock-out score; kept in hand, melds hide information
  and stay usable for wipes (the new meld of a wipe may not use table cards, V6.3, and V6.4b lets
  a pure sequence in hand unlock a wipe).  It melds to go out, when a rule requires it (V6.5b), at
  the final melding (V9.2), or always with the option ``meld_early``.

:class:`Policy` works on a :class:`~game.vazhushal.State` for the seat to move and reads only what
that seat may know (its hand, the line, the tables, counts), so the bot can run it on the view
state built from its observation and the search bot on sampled states.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.core.cards import KIND_OF
from game.vazhushal import DRAW, FINAL, PLAY, Action, DrawOption, Observation, State, legal_actions, legal_draws

from ..paired import collector_paused
from ..weights import tuned
from .base import LegalMoves, Plan, register
from .determinize import PublicRecord, public_record
from .evaluate import Evaluator
from .solver import Solver


@dataclass(frozen=True, slots=True)
class Params:
    """Weights of the heuristic (tuned with the arena)."""

    count_weight: float = 6.0  # evaluation: cost of each card left over, besides its value
    value_weight: float = 1.0  # evaluation: share of a left-over card's value (V10) it costs
    meld_weight: float = 0.0  # evaluation: share of the value of melds it earns (going out first matters more)
    wild_hold: float = 10.0  # evaluation: worth of a wild card held for later
    partial: float = 0.5  # evaluation: share of that cost a partial meld still pays
    no_pure: float = 20.0  # evaluation: a hand that cannot make a pure sequence yet
    stock_hope: float = 4.0  # expected gain of an unknown stock card
    danger_weight: float = 15.0  # cost of a discard the next player surely melds
    draw_danger: bool = False  # also weigh, when drawing, the danger of the discard to follow (no gain measured)
    line_live: float = 0.5  # a card in the line counts this much as a card that may still come
    take_depth: int | None = None  # consider only wipes of at most this many cards (quick play-outs)
    exact_hope: bool = False  # value the stock by the hand after each card it may bring (not stock_hope)
    out_worth: float = 60.0  # with exact_hope: worth of a stock card that lets the seat go out, over the hand now
    meld_early: bool = False


DEFAULT_PARAMS = tuned(Params(), "vazhushal-heuristic")  # the hand-set weights, with the tuned ones laid over


class Brain:
    """Solver and evaluator for one wild table (their memos live as long as the brain)."""

    def __init__(self, wild: tuple[bool, ...], wild_value: int, params: Params) -> None:
        self.wild = wild
        self.solver = Solver(wild, wild_value)
        self.evaluator = Evaluator(wild, wild_value, count_weight=params.count_weight,
                                   value_weight=params.value_weight, meld_weight=params.meld_weight,
                                   partial=params.partial, no_pure=params.no_pure, wild_hold=params.wild_hold)


class Threat:
    """How likely the next player is to hold each kind (for the danger of a discard)."""

    __slots__ = ("hold", "wild_chance", "has_melds")

    def __init__(self, hold: list[float], wild_chance: float, has_melds: bool) -> None:
        self.hold = hold
        self.wild_chance = wild_chance
        self.has_melds = has_melds

    @classmethod
    def of(cls, state: State, seat: int, record: PublicRecord | None) -> Threat:
        """The threat of the player after ``seat``, as ``seat`` sees it (its hand, the line, the
        tables, the record of what that player took and still holds)."""
        n = state.players
        nxt = (seat + 1) % n
        unseen = unseen_counts(state, seat)
        known = record.known[nxt] if record is not None else Counter()
        free_slots = max(0, len(state.hands[nxt]) - sum(known.values()))
        pool = max(1, sum(unseen) - sum(known.values()))
        share = min(1.0, free_slots / pool)
        hold = [min(1.0, (unseen[k] - known.get(k, 0)) * share) for k in range(53)]
        for k, c in known.items():
            if c > 0:
                hold[k] = 1.0
        wilds = [k for k in range(53) if state.wild[k]]
        miss = 1.0
        for k in wilds:
            miss *= 1.0 - hold[k]
        return cls(hold, 1.0 - miss, bool(state.melds[nxt]))

    def danger(self, kind: int, wild: Sequence[bool]) -> float:
        """Chance that the next player can lay ``kind`` down in a new meld (V6.3)."""
        if wild[kind]:
            return 1.0
        hold, w = self.hold, self.wild_chance
        miss = 1.0
        for x, y in _PURE_PAIRS[kind]:  # d-2 d-1 | d-1 d+1 | d+1 d+2 (and Q K for an ace)
            miss *= 1.0 - hold[x] * hold[y]
        for q in _SUIT_NEIGHBOURS[kind]:
            miss *= 1.0 - hold[q] * w * 0.7
        pure_only = 1.0 - miss
        a, b, c = _SAME_RANK[kind]
        ha, hb, hc = hold[a], hold[b], hold[c]
        miss_set = 1.0 - ha * hb
        miss_set *= 1.0 - ha * hc
        miss_set *= 1.0 - ha * w * 0.5
        miss_set *= 1.0 - hb * hc
        miss_set *= 1.0 - hb * w * 0.5
        miss_set *= 1.0 - hc * w * 0.5
        any_meld = 1.0 - miss * miss_set
        if self.has_melds:
            return any_meld
        return pure_only + 0.3 * (any_meld - pure_only)  # V6.4: a first meld must be pure


def _danger_tables() -> tuple[tuple, tuple, tuple]:
    """For each natural kind: the pairs of kinds that make a pure sequence with it, the kinds next
    to it in its suit (a sequence with a wild), the kinds of its rank in the other suits."""
    pairs, near, same = [], [], []
    for kind in range(52):
        suit, r = divmod(kind, 13)
        pos = r + 1
        seq = [(suit * 13 + (p - 1) % 13) if 1 <= p <= 14 else None for p in range(pos - 2, pos + 3)]
        kind_pairs = [(seq[a], seq[b]) for a, b in ((0, 1), (1, 3), (3, 4))
                      if seq[a] is not None and seq[b] is not None]
        kind_near = [q for q in (seq[1], seq[3]) if q is not None]
        if r == 0:  # an ace also ends Q-K-A
            kind_pairs.append((suit * 13 + 11, suit * 13 + 12))
            kind_near.append(suit * 13 + 12)
        pairs.append(tuple(kind_pairs))
        near.append(tuple(kind_near))
        same.append(tuple(s * 13 + r for s in range(4) if s != suit))
    return tuple(pairs), tuple(near), tuple(same)


_PURE_PAIRS, _SUIT_NEIGHBOURS, _SAME_RANK = _danger_tables()


class Policy:
    """The heuristic's choices for the seat to move of a state."""

    def __init__(self, params: Params | None = None, rng: random.Random | None = None, blunder: float = 0.0) -> None:
        self.params = params or DEFAULT_PARAMS
        self.rng = rng or random.Random(0)
        self.blunder = blunder
        self._brains: dict[tuple, Brain] = {}

    def brain(self, state: State) -> Brain:
        """The solver and evaluator for this hand, told which cards may still come to the seat."""
        key = (state.wild, state.rules.wild_in_hand_value)
        found = self._brains.get(key)
        if found is None:
            if len(self._brains) >= 2:  # a new hand: the memos of older ones are of no more use
                self._brains.clear()
            found = self._brains[key] = Brain(state.wild, state.rules.wild_in_hand_value, self.params)
        if self.params.line_live >= 0:
            found.evaluator.set_live(live_cards(state, self.params.line_live))
        return found

    def plan(self, state: State, record: PublicRecord | None = None) -> list[Action]:
        if state.phase == DRAW:
            return list(self.choose_draw(state, record).steps)
        if state.phase == FINAL:
            return self.final_melds(state)
        return self.play(state, record)

    # --- draw --------------------------------------------------------------------------------

    def choose_draw(self, state: State, record: PublicRecord | None = None) -> DrawOption:
        options = legal_draws(state)
        if len(options) == 1:
            return options[0]
        value, best = self.best_draw(state, options, record)
        if self.blunder and value != float("inf") and self.rng.random() < self.blunder:
            return self.rng.choice(options)  # a beginner's draw, but never past a free going-out
        return best

    def draw_values(self, state: State, options: list[DrawOption] | None = None,
                    record: PublicRecord | None = None) -> list[tuple[float, DrawOption]]:
        """Every legal draw with its worth (infinite for a wipe that lets the seat go out): the
        hand after the draw and the best discard, less what that discard gives the next player."""
        rate = self._draw_rater(state, options, record)
        out = []
        for option in rate.options:
            if option.steps[0].type == "draw_stock":
                out.append((rate.stock(), option))
            else:
                after = rate.after(option)
                out.append((float("inf") if rate.goes_out(*after) else rate.take(*after), option))
        return out

    def best_draw(self, state: State, options: list[DrawOption] | None = None,
                  record: PublicRecord | None = None) -> tuple[float, DrawOption]:
        """The first of the best :meth:`draw_values` and its worth, with less work: the first
        wipe that lets the seat go out, else the wipes priced from the highest
        :meth:`~ai.vazhushal.evaluate.Evaluator.discard_bound` down, until the bound falls below the best
        worth found (no wipe left can be better)."""
        rate = self._draw_rater(state, options, record)
        options = rate.options
        best_value, best_index = float("-inf"), -1
        takes = []
        for i, option in enumerate(options):
            if option.steps[0].type == "draw_stock":
                value = rate.stock()
                if best_index < 0 or value > best_value:
                    best_value, best_index = value, i
                continue
            after = rate.after(option)
            if rate.goes_out(*after):
                return float("inf"), option
            takes.append((rate.bound(*after), i, after))
        takes.sort(key=lambda t: (-t[0], t[1]))
        for bound, i, after in takes:
            if best_index >= 0 and bound < best_value:
                break
            value = rate.take(*after)
            if best_index < 0 or value > best_value or (value == best_value and i < best_index):
                best_value, best_index = value, i
        return best_value, options[best_index]

    def _draw_rater(self, state: State, options: list[DrawOption] | None,
                    record: PublicRecord | None) -> _DrawRater:
        if options is None:
            options = legal_draws(state)
        depth = self.params.take_depth
        if depth is not None:
            options = [o for o in options if o.take is None or len(state.line) - o.take.index <= depth] or options
        costs = self.discard_costs(state, record) if self.params.draw_danger else None
        return _DrawRater(self, state, options, record, costs)

    def stock_value(self, state: State, brain: Brain, hand: list[int], table: list[tuple[int, ...]],
                    record: PublicRecord | None) -> float:
        """The worth of drawing from the stock: the hand after the card drawn and its best
        discard, averaged over the cards the seat cannot see (less those an opponent is known to
        hold).  A card that goes with nothing in hand or on the table is thrown back."""
        unseen = unseen_counts(state, state.turn)
        if record is not None:
            for s, known in enumerate(record.known):
                if s != state.turn:
                    for k, c in known.items():
                        unseen[k] -= c
        total = sum(c for c in unseen if c > 0)
        ev = brain.evaluator
        now = ev.value(hand, table)
        if total <= 0:
            return now
        near = _near(hand, table)
        worth = 0.0
        for k, c in enumerate(unseen):
            if c > 0:
                if state.wild[k] or k in near:
                    more = hand + [k]
                    if self.params.out_worth and brain.solver.going_out(more, _flat(table)) is not None:
                        worth += c * (now + self.params.out_worth)
                    else:
                        worth += c * ev.best_discard(more, table)[0]
                else:
                    worth += c * now
        return worth / total

    # --- play --------------------------------------------------------------------------------

    def play(self, state: State, record: PublicRecord | None) -> list[Action]:
        p = state.turn
        brain = self.brain(state)
        hand, table = _cards(state, p)
        out = brain.solver.going_out(hand, _flat(table))
        if out is not None:  # V8
            return _arrange_if_new(p, out.melds, table) + [Action.discard(p, out.leftover[0])]
        required = legal_actions(state)
        if required and required[0].type == "meld":  # V6.5b: the pure sequence goes down now
            return [max(required, key=lambda a: self._after_meld(brain, hand, table, a.melds[0]))]
        plan: list[Action] = []
        if self.params.meld_early:
            best = brain.solver.best(hand, _flat(table), keep=1)
            plan = _arrange_if_new(p, best.melds, table)
            if plan:
                table, hand = list(best.melds), list(best.leftover)
        return plan + [Action.discard(p, self.choose_discard(state, brain, hand, table, record))]

    def _after_meld(self, brain: Brain, hand: list[int], table: list[tuple[int, ...]], meld: Sequence[int]) -> float:
        rest = list(hand)
        for k in meld:
            rest.remove(k)
        return brain.evaluator.after_discard(rest, table + [tuple(meld)])

    def choose_discard(self, state: State, brain: Brain, hand: list[int], table: list[tuple[int, ...]],
                       record: PublicRecord | None) -> int:
        if self.blunder and self.rng.random() < self.blunder:
            natural = sorted({k for k in hand if not state.wild[k]})
            if natural:  # a beginner's discard, but never a wild card while a natural one may go
                return self.rng.choice(natural)
        return brain.evaluator.best_discard(hand, table, self.discard_costs(state, record))[1]

    def discard_costs(self, state: State, record: PublicRecord | None) -> list[float] | None:
        """The danger of each kind as a discard, in evaluation points."""
        if not self.params.danger_weight:
            return None
        threat = Threat.of(state, state.turn, record)
        weight = self.params.danger_weight
        costs = [0.0] * 53  # only the kinds in hand can be discarded
        for k in {KIND_OF[c] for c in state.hands[state.turn]}:
            costs[k] = weight * threat.danger(k, state.wild)
        return costs

    def discard_values(self, state: State, record: PublicRecord | None) -> list[tuple[float, int]]:
        """Every kind the seat to move may discard, with the worth of the hand without it less
        its danger (best first)."""
        brain = self.brain(state)
        hand, table = _cards(state, state.turn)
        costs = self.discard_costs(state, record)
        out = []
        for k in sorted(set(hand)):
            rest = list(hand)
            rest.remove(k)
            out.append((brain.evaluator.value(rest, table) - (costs[k] if costs else 0.0), k))
        out.sort(key=lambda vk: -vk[0])
        return out

    def final_melds(self, state: State) -> list[Action]:
        """V9.2: lay down the best arrangement of hand and table, then finish."""
        p = state.turn
        brain = self.brain(state)
        hand, table = _cards(state, p)
        best = brain.solver.best(hand, _flat(table), keep=0)
        return _arrange_if_new(p, best.melds, table) + [Action.done(p)]


class _DrawRater:
    """The worth of each draw option of one decision (:meth:`Policy.draw_values`)."""

    def __init__(self, policy: Policy, state: State, options: list[DrawOption], record: PublicRecord | None,
                 costs: list[float] | None) -> None:
        self.policy, self.state, self.options, self.record, self.costs = policy, state, options, record, costs
        self.bounded = costs is None or min(costs) >= 0.0  # the discard bound holds for costs, not gains
        self.brain = policy.brain(state)
        self.hand, self.table = _cards(state, state.turn)

    def stock(self) -> float:
        """The worth of drawing from the stock."""
        policy, brain, hand, table, costs = self.policy, self.brain, self.hand, self.table, self.costs
        # as if the unknown card were discarded again, at the danger of the card the hand would give up now
        danger = costs[brain.evaluator.best_discard(hand, table, costs)[1]] if costs else 0.0
        if policy.params.exact_hope:
            return policy.stock_value(self.state, brain, hand, table, self.record) - danger
        return brain.evaluator.value(hand, table) + policy.params.stock_hope - danger

    def after(self, option: DrawOption) -> tuple[list[int], list[tuple[int, ...]]]:
        """The kinds in hand and on the table after a wipe."""
        return _after_draw(self.state, option, self.hand, self.table)

    def goes_out(self, hand: list[int], table: list[tuple[int, ...]]) -> bool:
        return self.brain.solver.going_out(hand, _flat(table)) is not None

    def bound(self, hand: list[int], table: list[tuple[int, ...]]) -> float:
        """An upper bound of :meth:`take` (:meth:`~ai.vazhushal.evaluate.Evaluator.discard_bound`, which
        holds for discard costs that are no gains)."""
        return self.brain.evaluator.discard_bound(hand, table) if self.bounded else float("inf")

    def take(self, hand: list[int], table: list[tuple[int, ...]]) -> float:
        """The worth of a wipe that does not let the seat go out: the hand after its best discard."""
        return self.brain.evaluator.best_discard(hand, table, self.costs)[0]


def unseen_counts(state: State, seat: int) -> list[int]:
    """Copies of each kind ``seat`` cannot see: not in its hand, the line or on the table."""
    unseen = [state.rules.decks] * 52 + [2 * state.rules.decks]
    for c in state.hands[seat]:
        unseen[KIND_OF[c]] -= 1
    for c in state.line:
        unseen[KIND_OF[c]] -= 1
    for melds in state.melds:
        for m in melds:
            for c in m.cards:
                unseen[KIND_OF[c]] -= 1
    return unseen


def live_cards(state: State, line_weight: float) -> list[float]:
    """Copies of each kind that may still come to the seat to move: those not on the table (counting
    the ones in the line ``line_weight`` each).  The seat's own hand is not taken off: a partial
    meld of the hand never waits for a card the hand already holds but for a twin (two decks),
    and this way the count, and the evaluator's memo, stay the same from draw to discard."""
    live = [float(state.rules.decks)] * 52 + [2.0 * state.rules.decks]
    for melds in state.melds:
        for m in melds:
            for c in m.cards:
                live[KIND_OF[c]] -= 1
    for c in state.line:
        live[KIND_OF[c]] -= 1 - line_weight
    return live


def _cards(state: State, seat: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """Kinds in the seat's hand, and the kinds of each of its table melds."""
    return ([KIND_OF[c] for c in state.hands[seat]],
            [tuple(KIND_OF[c] for c in m.cards) for m in state.melds[seat]])


def _near(hand: Sequence[int], table: Sequence[Sequence[int]]) -> set[int]:
    """Natural kinds that could meld with a card of the hand or the table: the same rank, or
    the same suit within two ranks (the ace both below the two and above the king)."""
    out: set[int] = set()
    for k in (*hand, *_flat(table)):
        if k == 52:
            continue
        suit, r = divmod(k, 13)
        out.update(s * 13 + r for s in range(4))
        for d in (-2, -1, 1, 2):
            out.add(suit * 13 + (r + d) % 13)
    return out


def _flat(table: Sequence[Sequence[int]]) -> list[int]:
    return [k for m in table for k in m]


def _arrange_if_new(seat: int, melds: Sequence[Sequence[int]], table: Sequence[Sequence[int]]) -> list[Action]:
    """An ``arrange`` action for ``melds``, unless it would lay down no new card."""
    if not melds or Counter(_flat(melds)) == Counter(_flat(table)):
        return []
    return [Action.arrange(seat, [tuple(m) for m in melds])]


def _after_draw(state: State, option: DrawOption, hand: list[int],
                table: list[tuple[int, ...]]) -> tuple[list[int], list[tuple[int, ...]]]:
    """Kinds in hand and table melds after the steps of a draw option (a take or V6.4b)."""
    hand, table = list(hand), list(table)
    for step in option.steps:
        if step.type == "meld":
            for m in step.melds or ():
                for k in m:
                    hand.remove(k)
                table.append(tuple(m))
        elif step.type == "take_line":
            hand += [KIND_OF[c] for c in state.line[step.index:]]
            for k in step.meld or ():
                hand.remove(k)
            if step.meld:
                table.append(tuple(step.meld))
    return hand, table


@register("heuristic")
class HeuristicBot:
    """See the module docstring.  Options: ``blunder`` (chance of a random draw or discard, for
    the Easy level) and any :class:`Params` field."""

    name = "heuristic"

    def __init__(self, rng: random.Random, blunder: float = 0.0, **params: object) -> None:
        self.rng = rng
        self.policy = Policy(replace(DEFAULT_PARAMS, **params), rng, blunder)  # type: ignore[arg-type]

    def choose(self, obs: Observation, legal: LegalMoves) -> Plan:
        params = self.policy.params
        wanted = obs.phase == PLAY or (obs.phase == DRAW and (params.draw_danger or params.exact_hope))
        record = public_record(obs) if wanted else None  # a plain draw reads no record
        with collector_paused():
            return self.policy.plan(legal.state, record)


__all__ = ["DEFAULT_PARAMS", "Brain", "HeuristicBot", "Params", "Policy", "Threat"]
