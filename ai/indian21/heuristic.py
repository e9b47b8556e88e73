"""The ``heuristic`` bot of 21-card Indian Rummy: one turn of look-ahead over an evaluation.

* **Shows** exactly when the engine finds a valid show of its cards (T7.2, any of the four
  ways), with the finish card that keeps the most value points in the hand (T11.1: the finish
  card scores nothing), and takes the top discard whenever that lets it show.
* **Draws** by comparing the top discard with the stock: the discard is taken when the hand after
  taking it and its best discard (:class:`~ai.indian21.evaluate.Evaluator`: pure sequences toward
  the three a show needs, tunnelas and dublees as the other ways to show, the points at risk, the
  value cards) gains more than a stock card would on average, worked out over the cards the seat
  cannot see.
* **Discards** the card whose loss leaves the best hand (with ``lookahead``, its best few re-ranked
  by what the next card is expected to add to the rest), less the danger of feeding the next seat
  in play: from the public record (T15) it knows the cards that seat took from the discard pile
  and still holds, and avoids their kind (a dublee or a tunnela for them), their rank and their
  suit within two.  A wild card is never thrown while the hand holds a natural one, a value card
  only after every other wild card.
* **Drops** (T9) when the points it expects from playing on (its chance of winning from its
  hand's value and how far the deal is, what a winner collects, what a loser with such a hand
  pays, its value points) fall below the drop charge (``first_drop`` before its first draw, else
  ``middle_drop``) by more than ``caution``.
* **Shows its cards** as a loser (T10) in the engine's lowest-count grouping.

As the deal goes on the points at risk weigh more (:meth:`Evaluator.set_stage`): another seat is
ever closer to showing, and then the hand is charged (T10).

:class:`Policy` works on a :class:`~game.indian21.State` for the seat to move and reads only what
that seat may know (its hand, the discard pile, counts, the public history), so the bot runs it
on the view state built from its observation and the search bot on sampled states.  The option
``blunder`` (for Easy) makes a random draw, or a random discard among the better half, that
often; it never refuses a show nor throws a wild card.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from game.core.cards import JOKER
from game.indian21 import Action, State
from game.indian21.arrange import find_show
from game.indian21.deck import DECK_COUNTS, KIND
from game.indian21.legal import legal_actions, might_show
from game.indian21.scoring import value_points
from game.indian21.state import DISCARD, DRAW
from game.indian21.turn import apply as _apply
from game.indian21.turn import banned_kind, joker_take_refused

from ..drop_policy import DropPolicy, logistic_win, near, unseen_counts_of
from ..policy_bot import policy_bot
from ..weights import tuned
from .base import register
from .evaluate import Evaluator, Weights
from .view import PublicRecord, public_record, view_state

_SHOW_GATE = 0.9  # the engine is asked for a show only when the evaluation is this close to one


@dataclass(frozen=True, slots=True)
class Params:
    """Weights of the heuristic; the evaluator's :class:`Weights` too."""

    weights: Weights = Weights()
    stock_hope: float = 0.25  # expected gain of a stock card when ``exact_hope`` is off
    exact_hope: bool = False  # work the stock card's expected gain out over the unseen cards
    take_margin: float = 0.05  # a take shows the table a card: it must beat the stock by this much
    danger_weight: float = 0.3  # cost of a discard that joins cards the next seat is known to hold
    drop: bool = True  # drop hopeless hands (T9)
    lookahead: int = 0  # re-rank this many best discards by the rest's expected gain from the next card
    lookahead_weight: float = 1.0
    caution: float = 20.0  # points: drop only when playing on looks this much worse than the drop


DEFAULT_PARAMS = tuned(Params(), "indian21-heuristic", nested="weights")  # hand-set, tuned laid over


class Policy(DropPolicy):
    """The 21-card heuristic's choices for the seat to move, its shows searched by the engine."""

    take_refused = staticmethod(joker_take_refused)  # T4.2: a joker on the pile stays there
    action = Action
    defaults = DEFAULT_PARAMS

    def declaration(self, state: State) -> Action | None:
        """T7.2: a valid show of the seat's cards, if it has one."""
        return self.show(state)

    def evaluator(self, state: State) -> Evaluator:
        """The evaluator of this deal's rules and jokers, its stage set for how far the deal is."""
        key = (state.rules, state.jokers)
        found = self._evaluators.get(key)
        if found is None:
            if len(self._evaluators) >= 2:  # a new deal: the memos of older ones are of no more use
                self._evaluators.clear()
            found = self._evaluators[key] = Evaluator(state.rules, state.jokers,  # type: ignore[arg-type]
                                                      self.params.weights)
        found.set_stage(rounds(state))
        return found

    def act(self, state: State, record: PublicRecord | None = None) -> Action:
        """The action of the seat to move."""
        if state.phase == DRAW:
            return self.draw(state, record)
        if state.phase == DISCARD:
            return self.discard(state, record)
        return legal_actions(state)[0]  # phase show: the lowest-count grouping (T10)

    def look(self, state: State, record: PublicRecord | None) -> None:
        """Tell the evaluator which cards may still come to the seat to move."""
        self.evaluator(state).set_live(unseen_counts(state, record))

    # --- draw ----------------------------------------------------------------------------------------

    def draw_values(self, state: State, record: PublicRecord | None = None) -> list[tuple[float, Action]]:
        """:meth:`DropPolicy.draw_values` (a take that lets the seat show is worth infinity, T7.2);
        a play-out prices the take by the cards the hand leaves loose."""
        stock, take = self.draws(state)
        if take is None:
            return [(0.0, stock)]
        ev, hand = self.evaluator(state), _kinds(state.hands[state.turn])
        top = KIND[state.discard[-1]]
        taken = hand + [top]
        if self.fast:  # the card thrown is one the hand leaves loose now (or the one taken: no gain)
            loose = set(ev.detail(hand).loose) - {top}
            value = min((ev.value(_without(taken, k)) for k in loose), default=math.inf)
            if value == math.inf:
                value = ev.discard_values(taken, banned=top)[0][0]
        else:
            value = ev.discard_values(taken, banned=top)[0][0]
        if value < _SHOW_GATE and might_show(taken, state.meld_rules):  # type: ignore[arg-type]
            if self.show(_apply(state, take)) is not None:
                return [(math.inf, take), (0.0, stock)]
        now = ev.value(hand)
        gain = now - value
        if gain <= 0:
            return [(self.params.stock_hope, stock), (gain - self.params.take_margin, take)]
        hope = self.stock_gain(state, ev, hand, now, record)
        out = [(gain - self.params.take_margin, take), (hope, stock)]
        out.sort(key=lambda va: -va[0])
        return out

    def stock_gain(self, state: State, ev: Evaluator, hand: list[int], now: float,
                   record: PublicRecord | None) -> float:
        """The expected gain of a stock card: the hand with it in place of the card the seat would
        throw now, averaged over the cards the seat cannot see (less those other seats are known
        to hold); a card worse than that one is thrown back (no gain)."""
        if not self.params.exact_hope or self.fast:
            return self.params.stock_hope
        unseen = unseen_counts(state, record)
        total = sum(unseen)
        if total <= 0:
            return 0.0
        throw = ev.best_discard(hand)[1]
        rest = list(hand)
        rest.remove(throw)
        gain = 0.0
        for kind, count in enumerate(unseen):
            if count > 0:
                value = ev.value(rest + [kind])
                if value < now:
                    gain += count * (now - value)
        return gain / total

    def should_drop(self, state: State) -> bool:
        """T9: drop when playing on is expected to cost more than the drop charge by ``caution``
        points (see :func:`play_on_value`)."""
        p = state.turn
        rules = state.rules
        charge = rules.first_drop if not state.has_drawn[p] else rules.middle_drop
        ev = self.evaluator(state)
        detail = ev.detail(_kinds(state.hands[p]))
        players = len(state.in_play())
        expected = play_on_value(detail.value, detail.risk, rounds(state), players, rules.cap)
        if detail.worth and rules.value_cards:
            expected += (players - 1) * detail.worth  # a seat that drops scores no value points (T11.1)
        return expected + self.params.caution < -charge

    # --- discard -------------------------------------------------------------------------------------

    def quick_discard(self, state: State) -> Action:
        """A play-out's discard: a show when the engine finds one (asked only when the evaluation
        is close to one), else the loose card whose loss leaves the best hand (every card when
        none is loose)."""
        p = state.turn
        ev = self.evaluator(state)
        hand = _kinds(state.hands[p])
        banned = banned_kind(state)
        detail = ev.detail(hand)
        if detail.value < _SHOW_GATE:
            show = self.show(state)
            if show is not None:
                return show
        loose = [k for k in set(detail.loose) if k != banned]
        if loose:
            best = min(loose, key=lambda k: (ev.value(_without(hand, k)), -state.points[k], k))
            return Action.discard(p, best)
        return Action.discard(p, ev.best_discard(hand, banned)[1])

    def show(self, state: State) -> Action | None:
        """A valid show of the seat to move (T7.2), with the finish card that keeps the most value
        points (T11.1: the finish card scores nothing), or ``None`` when its cards have none.

        The engine judges every show; the finish cards are tried in the order a show is likeliest
        with: the cards the evaluation leaves loose, then the others, highest points first (value
        cards last), so a show is usually found at the first try."""
        hand = _kinds(state.hands[state.turn])
        rules = state.meld_rules
        assert rules is not None
        if not might_show(hand, rules):
            return None
        ev = self.evaluator(state)
        loose = set(ev.detail(hand).loose)
        values = set(ev.value_kinds)
        banned = banned_kind(state)
        order = sorted(set(hand) - {banned}, key=lambda k: (k in values, k not in loose, -state.points[k], k))
        found: list[Action] = []
        for finish in order:
            if found and finish in values:
                break  # a show that keeps every value card is found: none keeps more
            rest = _without(hand, finish)
            show = find_show(rest, rules)
            if show is not None:
                found.append(Action.declare(state.turn, finish, show[1]))
                if finish not in values:
                    break
        return best_show(state, found) if found else None

    def discard_values(self, state: State, record: PublicRecord | None = None) -> list[tuple[float, int]]:
        """:meth:`DropPolicy.discard_values`: the evaluator ranks the rests, the danger of feeding the
        next seat added (wild cards last, T3)."""
        p = state.turn
        ev = self.evaluator(state)
        hand = _kinds(state.hands[p])
        ranked = ev.discard_values(hand, banned_kind(state))
        watched = self.watched(state, record)
        if watched:
            weight = self.params.danger_weight
            wild = state.wild
            ranked = [(v + weight * _danger(k, watched), k) for v, k in ranked]
            natural = any(not wild[k] for _, k in ranked)
            ranked.sort(key=lambda vk: (natural and wild[vk[1]], vk[1] in ev.value_kinds, vk[0], -state.points[vk[1]],
                                        vk[1]))
        if self.params.lookahead and not self.fast and len(ranked) > 1:
            ranked = self._look_ahead(state, ev, hand, ranked, record)
        return ranked

    def _look_ahead(self, state: State, ev: Evaluator, hand: list[int], ranked: list[tuple[float, int]],
                    record: PublicRecord | None) -> list[tuple[float, int]]:
        """Re-rank the best ``lookahead`` discards by the rest's expected gain from the next card
        (one step of look-ahead over the cards the seat cannot see: the hand with that card and its
        best discard then, against the hand without it), wild cards staying last."""
        wild = state.wild
        top = [(v, k) for v, k in ranked[:self.params.lookahead] if not wild[k]]
        if len(top) < 2:
            return ranked
        unseen = unseen_counts(state, record)
        total = sum(unseen)
        if total <= 0:
            return ranked
        adjusted = []
        for value, k in top:
            rest = _without(hand, k)
            now = ev.value(rest)
            gain = 0.0
            for kind, count in enumerate(unseen):
                if count > 0 and _touches(kind, rest, wild):  # a card that joins nothing lies loose
                    after = ev.best_discard(rest + [kind])[0]
                    if after < now:
                        gain += count * (now - after)
            adjusted.append((value - self.params.lookahead_weight * gain / total, k))
        adjusted.sort(key=lambda vk: (vk[0], -state.points[vk[1]], vk[1]))
        chosen = {k for _, k in adjusted}
        return adjusted + [vk for vk in ranked if vk[1] not in chosen]


def best_show(state: State, shows: list[Action]) -> Action:
    """Of the valid shows (one a finish card), the one that keeps the most value points in the
    hand (T11.1: the finish card scores nothing), then the highest finish card (no matter)."""
    rules = state.rules
    if not rules.value_cards:
        return shows[0]
    hand = _kinds(state.hands[state.turn])
    kinds = state.jokers.value_kinds  # type: ignore[union-attr]

    def kept(action: Action) -> int:
        return value_points(_without(hand, action.card), kinds, rules.value_table,  # type: ignore[arg-type]
                            rules.marriage_table)

    return max(shows, key=kept)


# A seat about to draw with evaluation v wins with chance 1 / (1 + (n - 1) exp(WIN_SLOPE (v - t) -
# MOVER_EDGE)) against n - 1 seats of typical value t = TYPICAL * TYPICAL_FALL ** rounds; a loser
# pays about LOSS_SHARE of the points at risk now (its hand still improves), a winner gains about
# LOSER_PAYS a loser.  Fitted on heuristic self-play (6,778 positions of 300 two-player and 150
# four-player deals, maximum likelihood on a grid).
WIN_SLOPE, MOVER_EDGE = 0.7, 0.0
TYPICAL, TYPICAL_FALL = 4.0, 0.9
LOSER_PAYS, LOSS_SHARE = 60.0, 0.6


def win_chance(value: float, rounds_played: int, players: int) -> float:
    """The chance that a seat about to draw with hand value ``value`` wins the deal against
    ``players - 1`` seats of typical value for ``rounds_played`` rounds played."""
    return logistic_win(value, rounds_played, players, WIN_SLOPE, MOVER_EDGE, 0.8, TYPICAL, TYPICAL_FALL)


def play_on_value(value: float, risk: int, rounds_played: int, players: int, cap: int | None) -> float:
    """Expected points of playing the deal on (T12): the gain if the seat wins, less what it pays
    if it loses (a share of its points at risk, capped, T10.3)."""
    p = win_chance(value, rounds_played, players)
    loss = LOSS_SHARE * float(risk if cap is None else min(risk, cap))
    return p * LOSER_PAYS * (players - 1) - (1.0 - p) * loss


def unseen_counts(state: State, record: PublicRecord | None) -> list[int]:
    """Copies of each kind the seat to move cannot see, less those other seats are known to
    hold: what the next stock card may be."""
    return unseen_counts_of(list(DECK_COUNTS), state, record, KIND)


def _danger(kind: int, watched: Counter) -> float:
    """1 when ``kind`` joins a card the next seat holds: the same kind, the same rank, or the
    same suit within two."""
    if kind == JOKER:
        return 1.0
    return 1.0 if any(other == kind or other != JOKER and near(kind, other) for other in watched) else 0.0


def _touches(kind: int, kinds: list[int], wild: tuple[bool, ...]) -> bool:
    """Whether a new card of ``kind`` may improve the hand: a wild card, a copy of a card held (a
    dublee, a tunnela), a card of the same rank, or of the same suit within two ranks."""
    if wild[kind] or kind == JOKER:
        return True
    return any(k == kind or k != JOKER and near(kind, k) for k in kinds)


def _kinds(cards: list[int]) -> list[int]:
    return [KIND[c] for c in cards]


def _without(kinds: list[int], kind: int) -> list[int]:
    rest = list(kinds)
    rest.remove(kind)
    return rest


def rounds(state: State) -> int:
    """Rounds played: the draws so far over the seats in play."""
    draws = sum(1 for e in state.history if e["type"] in ("draw_stock", "take_discard"))
    return draws // max(1, len(state.in_play()))


HeuristicBot = register("heuristic")(policy_bot(
    Policy, DEFAULT_PARAMS, view_state, public_record,
    "See the module docstring and :class:`ai.policy_bot.PolicyBot`.  Options: ``blunder`` and any :class:`Params` "
    "or :class:`~ai.indian21.evaluate.Weights` field.",
    prepare=lambda bot, state, record: bot.policy.look(state, record)))  # the live counts before each choice


__all__ = ["DEFAULT_PARAMS", "HeuristicBot", "Params", "Policy", "best_show", "play_on_value", "rounds",
           "unseen_counts", "win_chance"]
