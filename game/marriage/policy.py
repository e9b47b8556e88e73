"""The two policies every caller shares: :func:`random_action`, a random legal move that exposes,
sees and finishes often enough for deals to end (soak runs, benchmarks, the terminal demo), and
:func:`plain_action`, a plain sensible move (tests and harnesses drive deals with it).

Both read only what the seat to move may know (M13): the jokers only once it has seen.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from game.core.cards import rank_of, suit_of
from game.core.errors import IllegalAction

from .actions import Action
from .deck import KIND, NATURALS, Jokers
from .legal import finish_options, legal_actions, see_options
from .solver import dublee_kinds
from .state import DISCARD, DRAW, DUBLEE_ROUTE, EXPOSE, State
from .turn import W1, banned_kind, finish_route, joker_take_refused

# --- what a hand keeps -------------------------------------------------------------------------

def _near(kind: int) -> list[tuple[int, int]]:
    """Kinds one or two places away in a sequence of the same suit (the ace at either end, M1.2),
    with how close they are."""
    rank, suit = rank_of(kind), suit_of(kind)
    out = set()
    for pos in ((1, 14) if rank == 1 else (rank,)):
        for d in (-2, -1, 1, 2):
            p = pos + d
            if 1 <= p <= 14:
                out.add((suit * 13 + (p if p <= 13 else 1) - 1, 3 - abs(d)))
    return sorted(out)


NEAR: tuple[list[tuple[int, int]], ...] = tuple(_near(k) for k in range(NATURALS))


def keep_scores(kinds: Sequence[int], jokers: Jokers | None, dublees: bool) -> dict[int, float]:
    """How much each kind of the hand is worth keeping: jokers (for a seat that knows them), pairs
    and tunnelas, and cards one or two places from another of their suit (or of their rank)."""
    counts = Counter(kinds)
    scores: dict[int, float] = {}
    for k, c in counts.items():
        if jokers is not None and jokers.wild[k]:
            scores[k] = 100.0
            continue
        if dublees:
            score = 10.0 * (c >= 2) + 4.0 * (c >= 3)
        else:
            score = 20.0 * (c >= 3) + 5.0 * (c == 2)
            score += sum(2.0 * w for near, w in NEAR[k] if counts[near])
            score += sum(1.0 for s in range(4) if s != suit_of(k) and counts[s * 13 + rank_of(k) - 1])
        scores[k] = score
    return scores


def _aims_at_dublees(state: State, kinds: Sequence[int]) -> bool:
    seen = state.seen[state.turn]
    if seen is not None:
        return seen == DUBLEE_ROUTE
    rules = state.rules
    return (rules.dublee_route or rules.dublee_finish_without_show) and len(dublee_kinds(kinds)) >= 5


def _seat_jokers(state: State) -> Jokers | None:
    """The jokers as the seat to move knows them (M13)."""
    return state.jokers if state.seen[state.turn] is not None else None


def _worst(state: State, rng: random.Random | None) -> int:
    """The kind the seat to move keeps least (ties broken at random, or the lowest kind)."""
    hand = [KIND[c] for c in state.hands[state.turn]]
    scores = keep_scores(hand, _seat_jokers(state), _aims_at_dublees(state, hand))
    banned = banned_kind(state)
    choices = [k for k in scores if k != banned]
    low = min(scores[k] for k in choices)
    worst = sorted(k for k in choices if scores[k] == low)
    return rng.choice(worst) if rng is not None else worst[0]


def _wants_discard(state: State) -> bool:
    """Whether the top discard is worth more to the seat to move than a card from the stock."""
    if not state.discard or joker_take_refused(state):
        return False
    hand = [KIND[c] for c in state.hands[state.turn]]
    top = KIND[state.discard[-1]]
    dublees = _aims_at_dublees(state, hand)
    score = keep_scores(hand + [top], _seat_jokers(state), dublees)[top]
    return score >= (10 if dublees else 8)


def _expose_all(state: State) -> Action:
    return legal_actions(state)[-1]  # the last choice lays every dealt tunnela


# --- the two policies --------------------------------------------------------------------------

def random_action(state: State, rng: random.Random, *, invalid: float = 0.01, see: float = 0.9,
                  finish: float = 0.9, wander: float = 0.15) -> Action:
    """A random legal action: tunnelas mostly exposed, a sight or a valid finish taken when there
    is one (with probabilities ``see`` and ``finish``), now and then an invalid finish, and
    otherwise a draw and a discard of a card the hand keeps least (a random card with probability
    ``wander``)."""
    p = state.turn
    if state.phase == EXPOSE:
        return _expose_all(state) if rng.random() < 0.8 else rng.choice(legal_actions(state))
    if state.phase == DRAW:
        options = legal_actions(state)
        if len(options) > 1 and (_wants_discard(state) or rng.random() < 0.05):
            return options[1]
        return options[0]
    if state.phase != DISCARD:
        raise ValueError("nobody is to move in a finished deal")
    valid = finish_options(state)
    if valid and rng.random() < finish:
        return rng.choice(valid)
    if rng.random() < invalid and (valid or _may_finish(state)):
        return _careless_finish(state, rng)
    sights = see_options(state)
    if sights and rng.random() < see:
        return rng.choice(sights)
    if rng.random() < wander:
        return rng.choice(legal_actions(state, searches=False))
    return Action.discard(p, _worst(state, rng))


def _may_finish(state: State) -> bool:
    try:
        finish_route(state, state.turn)
    except IllegalAction:  # M7.3
        return False
    return True


def _careless_finish(state: State, rng: random.Random) -> Action:
    """A finish grouped at random (most often invalid, M8); its cards are the seat's own."""
    p = state.turn
    hand = [KIND[c] for c in state.hands[p]]
    rng.shuffle(hand)
    hand.sort(key=lambda k: k == banned_kind(state))  # the taken card may not be the finish
    finish, rest = hand[0], hand[1:]
    if finish_route(state, p) == W1:
        return Action.declare(p, finish, [rest[i:i + 3] for i in range(0, len(rest), 3)])
    return Action.declare(p, finish, [rest[:2]])


def plain_action(state: State) -> Action:
    """A plain sensible move for the seat to move, from what it may know (M13): expose every dealt
    tunnela; take the top discard when it fits the hand, else draw from the stock; finish when it
    can (keeping maal off the finish card), else see the maal when it can (pure combinations
    first), else discard the card the hand keeps least."""
    p = state.turn
    if state.phase == EXPOSE:
        return _expose_all(state)
    if state.phase == DRAW:
        options = legal_actions(state)
        return options[1] if len(options) > 1 and _wants_discard(state) else options[0]
    if state.phase != DISCARD:
        raise ValueError("nobody is to move in a finished deal")
    valid = finish_options(state)
    if valid:
        jokers = _seat_jokers(state)
        return min(valid, key=lambda a: (jokers is not None and jokers.role[a.card] is not None, a.card))
    sights = see_options(state)
    if sights:
        return min(sights, key=lambda a: len(a.groups or ()) == 7)
    return Action.discard(p, _worst(state, None))
