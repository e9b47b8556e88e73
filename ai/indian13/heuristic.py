"""The ``heuristic`` bot of 13-card Indian Rummy: one turn of look-ahead over an evaluation.

* **Declares** exactly when the engine finds a valid declaration of its 14 cards (I7.2; the
  finish card is one the engine lists), and takes the top discard whenever that lets it declare.
* **Draws** by comparing the top discard with the stock: the discard is taken when the hand after
  taking it and its best discard (:class:`~ai.indian13.evaluate.Evaluator`) gains more than an
  average stock card would, worked out over the cards the seat cannot see.
* **Discards** the card whose loss leaves the best hand, less the danger of feeding the next
  seat in play: from the public record (I13) it knows the cards that seat took from the discard
  pile and still holds, and avoids a card of their rank or within two of them in their suit.  Ties
  go to the card whose discard keeps more cards near a meld, then to the higher points.  A wild
  card is never thrown while the hand holds a natural one.
* **Drops** (I9) when the hand is hopeless: when the points it expects from playing on (its chance
  of winning, from its value and how far the deal is, times what a winner collects, less what a
  loser with such a hand is charged; fitted on self-play) fall below the rule set's drop charge
  (``first_drop`` before its first draw, else ``middle_drop``) by more than ``caution``.
* **Shows** (I10.3) the engine's fewest-points grouping.

As the deal goes on every card outside a meld weighs more (``point_growth``): another seat is ever
closer to declaring, and what is left loose then counts against the bot (I10.3).

:class:`Policy` works on a :class:`~game.indian13.State` for the seat to move and reads only
what that seat may know (its hand, the discard pile, counts, the public history), so the bot
runs it on the view state built from its observation and the search bot on sampled states.
The option ``blunder`` (for Easy) makes a random draw, or a random discard among the better half,
that often; it never refuses a declaration nor throws a wild card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.indian13 import Action, State, find_declaration
from game.indian13.deck import KIND, deck_kind_counts
from game.indian13.legal import declarations_of, legal_actions
from game.indian13.scoring import meld_rules
from game.indian13.state import DISCARD, DRAW
from game.indian13.turn import apply as _apply
from game.indian13.turn import banned_kind, joker_take_refused

from ..drop_policy import DropPolicy, logistic_win, near, unseen_counts_of
from ..policy_bot import policy_bot
from ..weights import tuned
from .base import register
from .evaluate import Evaluator, Weights
from .view import PublicRecord, public_record, view_state

_DECLARE_GATE = 0.05  # play-outs ask the engine for a declaration only when the evaluator sees one
_STAGE_ROUNDS, _STAGES = 2, 6  # the point weight steps up every 2 rounds, 6 times at most (memo reuse)


@dataclass(frozen=True, slots=True)
class Params:
    """Weights of the heuristic (tuned with the arena); the evaluator's :class:`Weights` too."""

    weights: Weights = Weights()
    point_growth: float = 0.2  # the point weight grows by this share of itself every round
    stock_hope: float = 0.3  # expected gain of a stock card when ``exact_hope`` is off
    exact_hope: bool = True  # work the stock card's expected gain out over the unseen cards
    take_margin: float = 0.05  # a take shows the table a card: it must beat the stock by this much
    danger_weight: float = 0.5  # cost of a discard that joins cards the next seat is known to hold
    live: bool = False  # price partial melds by their unseen completing cards (Evaluator.set_live)
    lookahead: int = 0  # re-rank this many best discards by the rest's expected gain from the next card
    lookahead_weight: float = 1.0
    drop: bool = True  # drop hopeless hands (I9)
    caution: float = 35.0  # points: drop only when playing on looks this much worse than the drop


DEFAULT_PARAMS = tuned(Params(), "indian13-heuristic", nested="weights")  # hand-set, tuned laid over


class Policy(DropPolicy):
    """The heuristic's choices for the seat to move of a state."""

    action = Action
    defaults = DEFAULT_PARAMS
    take_refused = staticmethod(joker_take_refused)  # I5.6

    def declaration(self, state: State) -> Action | None:
        """I7.2: the engine's valid declaration of the seat's cards, if it has one."""
        declarations = declarations_of(state)
        return declarations[0] if declarations else None

    def evaluator(self, state: State) -> Evaluator:
        """The evaluator for this deal's wild cards, its point weight set for how far the deal is."""
        key = (state.wild, state.rules.joker_cap, state.rules.trios)
        found = self._evaluators.get(key)
        if found is None:
            if len(self._evaluators) >= 2:  # a new deal: the memos of older ones are of no more use
                self._evaluators.clear()
            found = self._evaluators[key] = Evaluator(state.wild, state.points, state.rules.joker_cap,
                                                      state.rules.trios, self.params.weights)
        stage = min(_STAGES, _draws(state) // (_STAGE_ROUNDS * max(1, len(state.in_play()))))
        growth = self.params.point_growth * _STAGE_ROUNDS * stage
        found.set_point_weight(self.params.weights.point_weight * (1.0 + growth))
        return found

    def act(self, state: State, record: PublicRecord | None = None) -> Action:
        """The action of the seat to move."""
        self.look(state, record)
        if state.phase == DRAW:
            return self.draw(state, record)
        if state.phase == DISCARD:
            return self.discard(state, record)
        return legal_actions(state)[0]  # phase show: the fewest-points grouping (I10.3)

    def look(self, state: State, record: PublicRecord | None) -> None:
        """With ``live``, tell the evaluator which cards may still come to the seat to move."""
        ev = self.evaluator(state)
        ev.set_live(unseen_counts(state, record) if self.params.live else None)

    # --- draw ----------------------------------------------------------------------------------------

    def draw_values(self, state: State, record: PublicRecord | None = None) -> list[tuple[float, Action]]:
        """:meth:`DropPolicy.draw_values`: a take that lets the seat declare (I7) is worth infinity."""
        stock, take = self.draws(state)
        if take is None:
            return [(0.0, stock)]
        ev, hand, top = self.evaluator(state), _kinds(state.hands[state.turn]), KIND[state.discard[-1]]
        if not state.wild[top] and not ev.joins(top, hand):
            return [(self.params.stock_hope, stock), (-self.params.take_margin, take)]  # it would lie loose
        value, thrown = ev.best_discard(hand + [top])
        if (not self.fast or value < _DECLARE_GATE) and declarations_of(_apply(state, take)):
            return [(float("inf"), take), (0.0, stock)]
        now = ev.value(hand)
        gain = now - value if thrown != top else 0.0
        hope = self.stock_gain(state, ev, hand, now, record) if gain > 0 else self.params.stock_hope
        out = [(gain - self.params.take_margin, take), (hope, stock)]
        out.sort(key=lambda va: -va[0])
        return out

    def stock_gain(self, state: State, ev: Evaluator, hand: list[int], now: float,
                   record: PublicRecord | None) -> float:
        """The expected gain of a stock card: the hand's gain after its best discard, averaged
        over the cards the seat cannot see (less the ones other seats are known to hold); a card
        that joins nothing in hand is counted as no gain."""
        if not self.params.exact_hope:
            return self.params.stock_hope
        return self._expected_gain(state, ev, hand, now, unseen_counts(state, record))

    def _expected_gain(self, state: State, ev: Evaluator, hand: list[int], now: float, unseen: list[int]) -> float:
        """The hand's gain from one more card and its best discard, averaged over ``unseen``."""
        total = sum(unseen)
        if total <= 0:
            return 0.0
        gain = 0.0
        for kind, count in enumerate(unseen):
            if count > 0 and (state.wild[kind] or ev.joins(kind, hand)):  # a card that joins nothing lies loose
                value = ev.best_discard(hand + [kind])[0]
                if value < now:
                    gain += count * (now - value)
        return gain / total

    def should_drop(self, state: State) -> bool:
        """I9: drop when playing on is expected to cost more than the drop charge by ``caution``
        points (see :func:`play_on_value`); the margin stands for what the bot cannot know, how
        weak its opponents are, so only hopeless hands are given up."""
        p = state.turn
        rules = state.rules
        charge = rules.first_drop if not state.has_drawn[p] else rules.middle_drop
        value = _base_value(self.evaluator(state), _kinds(state.hands[p]))
        rounds = _draws(state) // max(1, len(state.in_play()))
        expected = play_on_value(value, rounds, len(state.in_play()), rules.cap)
        return expected + self.params.caution < -charge

    # --- discard -------------------------------------------------------------------------------------

    def quick_discard(self, state: State) -> Action:
        """Throw the evaluator's best discard (one search), or declare with it as the finish card
        when the engine finds a declaration of the rest (a play-out's shortcut: the full
        :meth:`discard` asks the engine about every finish card)."""
        p = state.turn
        ev = self.evaluator(state)
        hand = _kinds(state.hands[p])
        value, kind = ev.best_discard(hand)
        banned = banned_kind(state)
        if value < _DECLARE_GATE and kind != banned:  # the evaluator melds the rest: ask the engine
            rest = list(hand)
            rest.remove(kind)
            groups = find_declaration(rest, meld_rules(state))
            if groups is not None:
                return Action.declare(p, kind, groups)
        if kind == banned or state.wild[kind]:
            return Action.discard(p, self.discard_values(state)[0][1])
        return Action.discard(p, kind)

    def discard_values(self, state: State, record: PublicRecord | None = None) -> list[tuple[float, int]]:
        """:meth:`DropPolicy.discard_values`, by the evaluator's value of each rest (I3: wild cards last)."""
        p = state.turn
        ev = self.evaluator(state)
        hand = _kinds(state.hands[p])
        banned = banned_kind(state)
        watched = self.watched(state, record)
        weight = self.params.danger_weight
        out = []
        for value, k in ev.discard_values(hand):
            if k == banned:
                continue
            rest = list(hand)
            rest.remove(k)
            cost = value + (weight * _danger(k, watched) if watched else 0.0)
            out.append((cost, k, -ev.near_count(rest)))
        has_natural = any(not state.wild[k] for _, k, _ in out)
        out.sort(key=lambda c: (has_natural and state.wild[c[1]], c[0], c[2], -state.points[c[1]], c[1]))
        ranked = [(cost, k) for cost, k, _ in out]
        if self.params.lookahead:
            ranked = self._look_ahead(state, ev, hand, ranked, record)
        return ranked

    def _look_ahead(self, state: State, ev: Evaluator, hand: list[int], ranked: list[tuple[float, int]],
                    record: PublicRecord | None) -> list[tuple[float, int]]:
        """Re-rank the best ``lookahead`` discards by the rest's expected gain from the next card
        (one step of look-ahead over the cards the seat cannot see), wild cards staying last."""
        width = self.params.lookahead
        top = [(c, k) for c, k in ranked[:width] if not state.wild[k]]
        if len(top) < 2:
            return ranked
        unseen = unseen_counts(state, record)
        adjusted = []
        for cost, k in top:
            rest = list(hand)
            rest.remove(k)
            gain = self._expected_gain(state, ev, rest, ev.value(rest), unseen)
            adjusted.append((cost - self.params.lookahead_weight * gain, k))
        adjusted.sort(key=lambda ck: (ck[0], -state.points[ck[1]], ck[1]))
        chosen = {k for _, k in adjusted}
        return adjusted + [ck for ck in ranked if ck[1] not in chosen]


# Fitted on heuristic self-play (2 players, 2,949 positions): a seat about to draw with value v
# wins with chance sigma(WIN_SLOPE * (v_other - v) + MOVER_EDGE); the other seat's value falls from
# about 5.4 by a quarter a round; a loser is charged about 33 + 2v; a winner gains about 39 a loser.
WIN_SLOPE, MOVER_EDGE = 0.46, 0.25


def win_chance(value: float, rounds: int, players: int) -> float:
    """The chance that a seat about to draw with hand value ``value`` wins the deal against
    ``players - 1`` seats of typical value for ``rounds`` rounds played."""
    return logistic_win(value, rounds, players, WIN_SLOPE, MOVER_EDGE, 1.2, 5.4, 0.75)


def play_on_value(value: float, rounds: int, players: int, cap: int | None) -> float:
    """Expected points of playing the deal on (I12.1): the gain if the seat wins, less its
    charge if it loses (capped, I10.4)."""
    p = win_chance(value, rounds, players)
    loss = 33.0 + 2.0 * value
    if cap is not None:
        loss = min(loss, cap)
    return p * 39.0 * (players - 1) - (1.0 - p) * loss


def unseen_counts(state: State, record: PublicRecord | None) -> list[int]:
    """Copies of each kind the seat to move cannot see, less those other seats are known to
    hold: what the next stock card may be."""
    return unseen_counts_of(deck_kind_counts(state.rules), state, record, KIND)


def _danger(kind: int, watched: Counter) -> float:
    """1 when ``kind`` joins a card the next seat holds: same rank, or same suit within two."""
    return 1.0 if any(other == kind or other >= 52 or near(kind, other) for other in watched) else 0.0


def _base_value(ev: Evaluator, hand: list[int]) -> float:
    """The hand's value at the evaluator's base point weight and fixed prices (the drop decision
    was fitted on those)."""
    weight, live = ev.point_weight, ev.live
    ev.set_point_weight(ev.weights.point_weight)
    ev.set_live(None)
    value = ev.value(hand)
    ev.set_point_weight(weight)
    ev.set_live(live)
    return value


def _kinds(cards: list[int]) -> list[int]:
    return [KIND[c] for c in cards]


def _draws(state: State) -> int:
    return sum(1 for e in state.history if e["type"] in ("draw_stock", "take_discard"))


HeuristicBot = register("heuristic")(policy_bot(
    Policy, DEFAULT_PARAMS, view_state, public_record,
    "See the module docstring and :class:`ai.policy_bot.PolicyBot`.  Options: ``blunder`` and any :class:`Params` "
    "or :class:`~ai.indian13.evaluate.Weights` field."))


__all__ = ["DEFAULT_PARAMS", "HeuristicBot", "Params", "Policy", "play_on_value", "unseen_counts", "win_chance"]
