"""The belief over hidden cards (ai/vazhushal/belief.py) and the weighted deal it feeds (ai/vazhushal/determinize.py):
it reads only the observation (V12), every determinization keeps the public record, the weights
move the right way, and the search stays reproducible with it."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.vazhushal.base import LegalMoves, make_bot
from ai.vazhushal.belief import BeliefParams, belief_weights, hand_score
from ai.vazhushal.determinize import UNKNOWN, deal, public_record, resample, sample_state, unseen_cards
from game.core.cards import KIND_OF
from game.vazhushal import DRAW, OVER, Action, RuleSet, apply, new_hand, observe, parse_kind
from tests.ai.helpers import RULE_VARIANTS
from tests.ai.vazhushal.test_privacy import random_play_states, reshuffle_hidden
from tools.vazhushal.belief_fit import evaluate, record_hands


def heuristic_states(rules: RuleSet, seed: int):
    """States at every draw of a hand of heuristic self-play."""
    rng = random.Random(seed)
    state = new_hand(rules, rng)
    from ai.vazhushal.runner import safe_bot

    bots = [safe_bot(make_bot("heuristic", random.Random(seed * 7 + s))) for s in range(rules.players)]
    while state.phase != OVER:
        if state.phase == DRAW:
            yield state
        state = bots[state.turn].advance(state)[1]


def check_deal(obs, record, hands, stock):
    """Everything the public record says, the determinization keeps."""
    seen = list(obs.line) + [c for seat in obs.melds for m in seat for c in m.cards]
    dealt = [c for h in hands for c in h] + list(stock)
    everything = Counter(seen + dealt)
    assert sorted(everything) == list(range(obs.rules.decks * 54)), "every physical card once"
    assert max(everything.values()) == 1
    assert [len(h) for h in hands] == list(obs.hand_counts)
    assert len(stock) == obs.stock_count
    assert hands[obs.seat] == list(obs.hand)
    for s, hand in enumerate(hands):
        if s != obs.seat:  # cards the record puts in this hand are there
            assert record.known[s] <= Counter(KIND_OF[c] for c in hand)
    for i, k in enumerate(record.stock[:obs.stock_count]):
        if k != UNKNOWN:  # known stock slots (the indicator at the bottom, V2.4; V6.6)
            assert KIND_OF[stock[i]] == k
    placed_elsewhere = Counter(k for k in record.stock[:obs.stock_count] if k != UNKNOWN)
    for s in range(len(hands)):
        if s != obs.seat:
            placed_elsewhere += record.known[s]
    for s, hand in enumerate(hands):  # no hand takes a copy the record puts in another hand or the stock
        if s != obs.seat:
            mine = Counter(KIND_OF[c] for c in hand)
            others = placed_elsewhere - record.known[s]
            for k, c in mine.items():
                unseen = obs.rules.decks * (2 if k == 52 else 1) - sum(
                    1 for x in seen + list(obs.hand) if KIND_OF[x] == k)
                assert c <= unseen - others[k]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(variant=st.integers(0, len(RULE_VARIANTS) - 1), seed=st.integers(0, 10_000), pick=st.integers(0, 400))
def test_weighted_determinizations_keep_the_public_record(variant, seed, pick):
    rules = RULE_VARIANTS[variant]
    states = list(random_play_states(rules, seed, limit=pick + 1))
    state = states[min(pick, len(states) - 1)]
    obs = observe(state, state.turn)
    record = public_record(obs)
    weights = belief_weights(obs, record)
    assert weights[obs.seat] is None
    assert all(w is not None and min(w) > 0 for s, w in enumerate(weights) if s != obs.seat)
    rng = random.Random(seed)
    for _ in range(3):
        check_deal(obs, record, *deal(obs, rng, record, weights))
    score = hand_score(obs, lambda hand, table: -sum(hand) / 10, 0.05)  # any score: still consistent
    check_deal(obs, record, *resample(obs, rng, record, weights, score, 3))
    world = sample_state(obs, rng, record, weights, score, 3)
    assert sorted(world.all_cards()) == sorted(state.all_cards())


def test_weighted_determinizations_keep_the_record_in_self_play():
    """Heuristic play takes from the line and melds: many known cards, 2, 4 and 3-one-deck seats."""
    rng = random.Random(1)
    checked = 0
    for rules in (RuleSet(players=2), RuleSet(players=4), RuleSet(players=3, one_deck_for_three=True)):
        for seed in range(3):
            for state in heuristic_states(rules, seed):
                obs = observe(state, state.turn)
                record = public_record(obs)
                check_deal(obs, record, *deal(obs, rng, record, belief_weights(obs, record)))
                checked += 1
    assert checked > 100


def test_the_belief_never_reads_hidden_cards():
    """Other hands and the stock dealt differently (same observation): the same weights."""
    rng = random.Random(4)
    checked = 0
    for rules in RULE_VARIANTS[:4]:
        for state in heuristic_states(rules, checked + 3):
            if rng.random() < 0.7:
                continue
            seat = state.turn
            twin = reshuffle_hidden(state, seat, rng)
            obs, obs_twin = observe(state, seat), observe(twin, seat)
            assert obs == obs_twin and twin.hands != state.hands
            assert belief_weights(obs) == belief_weights(obs_twin)
            checked += 1
    assert checked > 10


def crafted(discard: str):
    """Two players, printed jokers only: seat 0 (holding ``discard``) draws from the stock and
    discards it; the states before and after that discard."""
    rules = RuleSet(players=2, negative_joker=False)
    state = new_hand(rules, random.Random(9)).copy()
    kind = parse_kind(discard)
    assert KIND_OF[state.line[0]] != kind
    if all(KIND_OF[c] != kind for c in state.hands[0]):  # swap the card into seat 0's hand
        for place in (state.hands[1], state.stock):
            for i, c in enumerate(place):
                if KIND_OF[c] == kind:
                    place[i], state.hands[0][0] = state.hands[0][0], c
                    break
    state.turn = 0
    state = apply(state, Action.draw_stock(0))
    return state, apply(state, Action.discard(0, kind))


def test_a_discard_lowers_the_weight_of_what_melds_with_it():
    before, after = crafted("7H")
    w0, w1 = belief_weights(observe(before, 1))[0], belief_weights(observe(after, 1))[0]
    assert w0 is not None and w1 is not None
    for near in ("7D", "6H", "8H", "7C", "5H", "9H"):
        assert w1[parse_kind(near)] < w0[parse_kind(near)], near
    drop = {k: w1[parse_kind(k)] / w0[parse_kind(k)] for k in ("6H", "5H")}
    assert drop["6H"] < drop["5H"]  # one rank away counts more than two
    plain = replace(BeliefParams(), live=0.0)  # liveness moves with every card that comes in sight
    w0, w1 = belief_weights(observe(before, 1), None, plain)[0], belief_weights(observe(after, 1), None, plain)[0]
    assert w0 is not None and w1 is not None
    for far in ("2C", "KS", "JK", "QD"):  # the rest keep their weights
        assert math.isclose(w1[parse_kind(far)], w0[parse_kind(far)])
    assert belief_weights(observe(after, 1))[1] is None  # nothing about the observer's own hand


def test_a_line_top_left_lowers_its_suit_neighbours():
    """Seat 1 draws from the stock past 7H: before its first meld only a pure sequence could
    have taken it (V6.4), so 6H and 8H drop, and the other 7s do not."""
    _, after = crafted("7H")
    params = replace(BeliefParams(), live=0.0, value=0.0)  # these two also move with the draw count
    before = belief_weights(observe(after, 0), None, params)[1]
    refused = belief_weights(observe(apply(after, Action.draw_stock(1)), 0), None, params)[1]
    assert before is not None and refused is not None
    for near in ("6H", "8H"):
        assert refused[parse_kind(near)] < before[parse_kind(near)]
    for other in ("7D", "7C", "QD"):
        assert math.isclose(refused[parse_kind(other)] / refused[parse_kind("2C")],
                            before[parse_kind(other)] / before[parse_kind("2C")])


def test_weights_steer_the_deal():
    """A kind with a tiny weight is dealt to that opponent far less often than uniformly."""
    obs = observe(crafted("7H")[1], 1)
    record = public_record(obs)
    low = KIND_OF[unseen_cards(obs)[5]]
    weights = [None, None]
    weights[0] = tuple(0.01 if k == low else 1.0 for k in range(53))
    rng = random.Random(2)
    uniform = sum(any(KIND_OF[c] == low for c in deal(obs, rng, record)[0][0]) for _ in range(300))
    steered = sum(any(KIND_OF[c] == low for c in deal(obs, rng, record, weights)[0][0]) for _ in range(300))
    assert uniform > 50 and steered < uniform / 5


def test_search_with_the_belief_is_reproducible():
    """Same seed and iteration budget (no clock): the same decision, with and without the belief."""
    for belief, tilt in ((True, 0.0), (False, 0.0), (True, 0.01)):
        for seed, state in enumerate(list(heuristic_states(RuleSet(players=2), 5))[2:8]):
            obs = observe(state, state.turn)
            plans = []
            for _ in range(2):
                bot = make_bot("search", random.Random(seed), iterations=12, time_s=None, width=3,
                               max_turns=2, belief=belief, tilt=tilt)
                plans.append(bot.choose(obs, LegalMoves(obs)))
            assert plans[0] == plans[1]
    rng_a, rng_b = random.Random(8), random.Random(8)
    obs = observe(state, state.turn)
    weights = belief_weights(obs)
    assert sample_state(obs, rng_a, None, weights) == sample_state(obs, rng_b, None, weights)


def test_the_measurement_runs_and_the_belief_beats_uniform():
    data = record_hands(2, 1000, 6)
    out = evaluate(data, BeliefParams())
    assert out["cards"] > 100 and out["belief"] > out["uniform"]
    sampled = evaluate(data[:2], BeliefParams(), samples=8, seed=1)
    assert sampled["hands"] == 2 and math.isfinite(sampled["gain"])
