"""Fuzzed actions from random reachable states: mostly illegal.  Each is rejected with a
snake_case code and a message naming the rule, leaving the state unchanged; or it is accepted
and every invariant holds afterwards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.cards import KIND_OF
from game.vazhushal import OVER, Action, IllegalAction, RuleSet, apply, new_hand, to_json
from tests.helpers import SNAKE, check_invariants, random_turn_step

DOCUMENTED_CODES = {
    "not_your_turn", "wrong_phase", "hand_over", "stock_empty", "bad_line_index", "meld_required",
    "deepest_card_not_in_meld", "cards_not_available", "must_keep_card", "first_meld_not_pure",
    "no_pure_sequence", "identical_melds", "illegal_meld", "first_wild_forbidden", "meld_before_draw",
    "premeld_not_pure", "premeld_without_take", "must_take_line", "no_melds", "card_not_in_hand",
    "melded_cards_missing", "pure_sequence_required",
}


def _pick(rng, pool, n):
    return [rng.choice(pool) for _ in range(n)] if pool else []


def random_action(state, rng):
    n = state.players
    p = state.turn if rng.random() < 0.85 else rng.randrange(n)
    hand = [KIND_OF[c] for c in state.hands[p]]
    line = [KIND_OF[c] for c in state.line]
    own = [[KIND_OF[c] for c in m.cards] for m in state.melds[p]]
    table = [k for m in own for k in m]
    anything = list(range(53))

    def some_cards(lo, hi):
        size = rng.randint(lo, hi)
        out = []
        for _ in range(size):
            source = rng.choices([hand, line, table, anything], weights=[6, 2, 1, 1])[0] or anything
            out.append(rng.choice(source))
        return out

    def near_group(source, extra=()):
        """A group that often is a meld: a card and its neighbours in suit or rank (and wilds)."""
        if not source:
            return some_cards(2, 4)
        k = rng.choice(source)
        if k == 52:
            return [k] + some_cards(2, 3)
        rest = list(source) + list(extra)
        rest.remove(k) if k in rest else None
        if rng.random() < 0.5:  # a run around k
            near = sorted({x for x in rest if x != 52 and x // 13 == k // 13 and 0 < abs(x % 13 - k % 13) <= 3})
        else:  # a set with k
            near = list({x // 13: x for x in rest if x != 52 and x % 13 == k % 13 and x // 13 != k // 13}.values())
        wilds = [x for x in rest if state.wild[x]]
        rng.shuffle(near)
        group = [k] + near[:rng.randint(1, 3)] + wilds[:rng.randint(0, 1)]
        rng.shuffle(group)
        return group

    weights = {
        "draw": {"draw_stock": 2, "take_line": 6, "meld": 2, "arrange": 1, "discard": 1, "done": 1},
        "play": {"draw_stock": 1, "take_line": 1, "meld": 5, "arrange": 4, "discard": 3, "done": 1},
        "final": {"draw_stock": 1, "take_line": 1, "meld": 5, "arrange": 4, "discard": 1, "done": 2},
        "over": {"draw_stock": 1, "take_line": 1, "meld": 1, "arrange": 1, "discard": 1, "done": 1},
    }[state.phase]
    kind = rng.choices(list(weights), weights=list(weights.values()))[0]
    if kind == "draw_stock":
        return Action.draw_stock(p)
    if kind == "take_line":
        index = rng.randint(-1, len(line))
        if rng.random() < 0.2:
            return Action.take_line(p, index)
        deepest = [line[index]] if 0 <= index < len(line) and rng.random() < 0.8 else []
        if deepest and rng.random() < 0.7:
            meld = near_group(deepest, hand + line[index + 1:])
        else:
            meld = deepest + some_cards(1, 4)
        rng.shuffle(meld)
        return Action.take_line(p, index, meld)
    if kind == "meld":
        groups = [near_group(hand) if rng.random() < 0.7 else some_cards(0, 5) for _ in range(rng.randint(0, 2))]
        return Action.meld_(p, groups)
    if kind == "arrange":
        groups = [list(m) for m in own]
        for g in groups:
            if rng.random() < 0.3 and hand:
                g.append(rng.choice(hand))
            if rng.random() < 0.1 and g:
                g.pop(rng.randrange(len(g)))
        if rng.random() < 0.4:
            groups.append(near_group(hand) if rng.random() < 0.7 else some_cards(2, 4))
        if rng.random() < 0.2 and len(groups) > 1:
            a, b = rng.sample(range(len(groups)), 2)
            if groups[a]:
                groups[b].append(groups[a].pop())
        rng.shuffle(groups)
        return Action.arrange(p, groups)
    if kind == "discard":
        return Action.discard(p, rng.choice(hand) if hand and rng.random() < 0.7 else rng.randrange(53))
    return Action.done(p)


@pytest.mark.parametrize("players, options", [
    (2, {}), (3, {}), (4, {"first_wild": "must_meld"}), (5, {"negative_joker": False}),
    (6, {"first_wild": "first_player_takes"}), (3, {"one_deck_for_three": True, "first_wild": "return_to_deck"}),
])
def test_fuzzed_actions(players, options):
    rng = random.Random(players * 7 + len(options))
    rules = RuleSet(players=players, **options)
    codes: Counter = Counter()
    accepted = 0
    for _ in range(6):
        state = new_hand(rules, rng)
        while state.phase != OVER:
            for _ in range(6):
                action = random_action(state, rng)
                before = to_json(state)
                try:
                    after = apply(state, action)
                except IllegalAction as exc:
                    assert to_json(state) == before, f"{action.to_json()} changed the state"
                    assert SNAKE.match(exc.code), exc.code
                    assert exc.rule.startswith("V") and exc.message.startswith(exc.rule + ": "), exc.message
                    assert len(exc.message) > len(exc.rule) + 10
                    codes[exc.code] += 1
                    continue
                assert to_json(state) == before
                check_invariants(after)
                accepted += 1
            for step in random_turn_step(state, rng):
                state = apply(state, step)
        # and after the hand is over
        action = random_action(state, rng)
        try:
            apply(state, action)
        except IllegalAction as exc:
            assert exc.code in ("hand_over",)
    assert set(codes) <= DOCUMENTED_CODES, set(codes) - DOCUMENTED_CODES
    assert len(codes) >= 10, codes
    assert accepted >= 50, accepted
