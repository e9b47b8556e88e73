"""The engine's speed-ups answer exactly what the plain code answers: the memo of meld readings,
the bit-parallel "no meld here" of a take (V6.3) and the lane-bit pure-sequence test (V4.4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import CARDS_PER_DECK, JOKER, KIND_OF, parse_kind
from game.vazhushal.deal import has_pure_sequence, pure_sequence_mask
from game.vazhushal.melds import POSITION_KINDS, _readings, readings, wild_table
from game.vazhushal.wipes import Pool, hopeless


def _pure_mask_loop(cards: list[int]) -> int:
    """The plain form of ``pure_sequence_mask``: suits holding three cards in a row."""
    bits = [0, 0, 0, 0]
    for c in cards:
        k = KIND_OF[c]
        if k != JOKER:
            r = k % 13 + 1
            bits[k // 13] |= (1 << r) | ((1 << 14) if r == 1 else 0)
    return sum(1 << s for s in range(4) if bits[s] & (bits[s] >> 1) & (bits[s] >> 2))


def _hopeless_loop(card: int, pool: Pool, pure_only: bool) -> bool:
    """The plain form of ``hopeless``: no three-card window or set within reach of the card."""
    fillers = 0 if pure_only else pool.wild_total
    if pool.wild[card] or fillers >= 2:  # a wild card, or two wilds: never hopeless
        return False
    counts = pool.counts
    suit, rank = divmod(card, 13)
    rank += 1
    kinds = POSITION_KINDS[suit]
    for pos in (1, 14) if rank == 1 else (rank,):
        for low in range(max(1, pos - 2), min(pos, 12) + 1):
            missing = (counts[kinds[low]] == 0) + (counts[kinds[low + 1]] == 0) + (counts[kinds[low + 2]] == 0)
            if missing <= fillers:
                return False
    if pure_only:
        return True
    others = sum(1 for t in range(4) if t != suit and counts[t * 13 + rank - 1] > 0)
    return others + fillers < 2


@settings(max_examples=300)
@given(st.integers(0, 10**9))
def test_v4_remembered_readings_equal_fresh_ones(seed):
    """Asking twice (the second answer comes from the memo, with other physical cards of the
    same kinds) gives the readings a fresh search gives, card for card."""
    rng = random.Random(seed)
    indicator = rng.choice([None, rng.randrange(53)])
    wild = wild_table(indicator is not None, indicator)
    ids = list(range(2 * CARDS_PER_DECK))
    suit, low = rng.randrange(4), rng.randrange(1, 12)
    near = [c for c in ids if KIND_OF[c] == JOKER or wild[KIND_OF[c]]
            or (KIND_OF[c] // 13 == suit and low <= KIND_OF[c] % 13 + 1 <= low + 4) or KIND_OF[c] % 13 == low]
    group = rng.sample(near, rng.randrange(3, 7))
    first = readings(group, wild)
    twin = [(c + CARDS_PER_DECK) % (2 * CARDS_PER_DECK) for c in group]  # same kinds, other deck
    assert readings(group, wild) == first == _readings(group, wild)
    assert readings(twin, wild) == _readings(twin, wild)


@settings(max_examples=300)
@given(st.integers(0, 10**9))
def test_v3_remembered_readings_follow_the_wild_table(seed):
    """The memo is shared by every wild table: a group read under one indicator and then under
    another (the same cards wild or not) gets each table's own fresh readings."""
    rng = random.Random(seed)
    tables = [wild_table(True, rng.randrange(52)) for _ in range(3)] + [wild_table(False, None)]
    suit, low = rng.randrange(4), rng.randrange(1, 12)
    near = [c for c in range(2 * CARDS_PER_DECK) if KIND_OF[c] == JOKER
            or (KIND_OF[c] // 13 == suit and low <= KIND_OF[c] % 13 + 1 <= low + 4) or KIND_OF[c] % 13 == low]
    group = rng.sample(near, rng.randrange(3, 6))
    for wild in tables + tables[::-1]:
        assert readings(group, wild) == _readings(group, wild)


def test_v3_5_a_card_wild_under_one_indicator_is_natural_under_another():
    """5S-6S-9S is a sequence only where the 9S is wild; the memo of one table never answers for
    the other."""
    group = [parse_kind(t) for t in ("5S", "6S", "9S")]  # in the first deck, card id = kind
    plain = wild_table(False, None)
    nines_wild = wild_table(True, parse_kind("9H"))  # a red indicator: the black nines are wild
    assert nines_wild[group[2]] and not plain[group[2]]
    for _ in range(2):
        assert readings(group, plain) == []
        found = readings(group, nines_wild)
        assert found and found[0].kind == "sequence" and not found[0].pure

@settings(max_examples=300)
@given(st.lists(st.integers(0, 2 * CARDS_PER_DECK - 1), max_size=16, unique=True))
def test_v4_4_pure_sequence_bits_agree_with_the_plain_count(cards):
    assert pure_sequence_mask(cards) == _pure_mask_loop(cards)
    assert has_pure_sequence(cards) == bool(_pure_mask_loop(cards))


@settings(max_examples=400)
@given(st.integers(0, 10**9), st.booleans())
def test_v6_3_quick_no_agrees_with_the_plain_windows(seed, pure_only):
    rng = random.Random(seed)
    indicator = rng.choice([None, rng.randrange(53)])
    wild = wild_table(indicator is not None, indicator)
    kinds = [rng.randrange(53) for _ in range(rng.randrange(1, 20))]
    pool = Pool(kinds, wild)
    for card in set(kinds):
        if card != JOKER:
            assert hopeless(card, pool, pure_only) == _hopeless_loop(card, pool, pure_only)


def test_state_copy_carries_every_field_and_shares_no_list():
    """``State.copy`` (made without ``__init__``, apply copies at every action) sets every field,
    equal to the original, and its lists can change without touching the original."""
    from dataclasses import fields

    from game.vazhushal import Action, RuleSet, apply
    from game.vazhushal.deal import new_hand

    state = new_hand(RuleSet(players=3), random.Random(4))
    state = apply(state, Action.draw_stock(state.turn))
    copy = state.copy()
    for f in fields(state):
        assert getattr(copy, f.name) == getattr(state, f.name), f.name
    def lists(s):
        return [list(h) for h in s.hands], [list(m) for m in s.melds], s.stock[:], s.line[:], s.history[:], s.wins[:]

    before = lists(state)
    for seq in (copy.stock, copy.line, copy.wins, copy.history, copy.hands, copy.melds, *copy.hands, *copy.melds):
        seq.append(0)
    assert lists(state) == before


def test_v4_a_group_without_wild_cards_reads_one_way():
    """The bound the greedy arrangement's quick legality test relies on: every group of fewer than
    13 natural cards (every set, every run of one suit, and random groups) reads in at most one
    way; the whole suit reads two ways (the ace low or high)."""
    wild = wild_table(True, 0)  # the red aces wild: no card below is one of them
    naturals = [c for c in range(2 * CARDS_PER_DECK) if not wild[KIND_OF[c]]]
    groups = []
    for suit in range(4):
        cards = [c for c in naturals if KIND_OF[c] // 13 == suit and c < CARDS_PER_DECK]
        for low in range(13):
            for high in range(low + 3, 14):
                groups.append(cards[low:high])
        groups.append(cards[1:] + cards[:1])  # 2..K then the ace high
    for rank in range(13):
        same = [c for c in naturals if KIND_OF[c] % 13 == rank and c < CARDS_PER_DECK]
        groups += [same[:3], same[1:], same]
    rng = random.Random(5)
    groups += [rng.sample(naturals, rng.randint(3, 6)) for _ in range(20_000)]
    for group in groups:
        assert len(readings(group, wild)) <= (2 if len(group) == 13 else 1), group


def test_v7_2_greedy_quick_legality_agrees_with_settle(monkeypatch):
    """The greedy arrangement's quick test (one legal reading each, no identical melds, a pure
    sequence) gives the same arrangements as asking the engine's settle every time, and every
    one of them is legal."""
    import game.vazhushal.greedy as greedy
    from game.vazhushal import DRAW, FINAL, OVER, Action, RuleSet, apply, legal_actions, legal_draws
    from game.vazhushal.deal import new_hand

    def arrangements(seed: int) -> list:
        out = []
        rng = random.Random(seed)
        for hand in range(40):
            state = new_hand(RuleSet(players=2 + hand % 5), random.Random(hand))
            while state.phase != OVER:
                if state.phase == DRAW:
                    for step in rng.choice(legal_draws(state)).steps:
                        state = apply(state, step)
                    continue
                action = greedy.greedy_arrangement(state)
                out.append(action)
                if action is not None:
                    state = apply(state, action)  # legal, or this raises
                if state.phase == FINAL:
                    state = apply(state, Action.done(state.turn))
                    continue
                state = apply(state, rng.choice(legal_actions(state)))
        return out

    quick = arrangements(3)
    monkeypatch.setattr(greedy, "_surely_legal", lambda *args: False)
    assert arrangements(3) == quick
    assert sum(a is not None for a in quick) > 100


def test_v6_4b_premeld_filter_drops_no_legal_draw(monkeypatch):
    """The quick "no premeld can help" of the legal-move source is sound: with it and without it
    every draw position of random play gives the same legal draws."""
    import game.vazhushal.legal as legal
    from game.vazhushal import DRAW, FINAL, OVER, Action, RuleSet, apply, greedy_arrangement, legal_actions
    from game.vazhushal.deal import new_hand

    states = []
    rng = random.Random(8)
    for hand in range(60):
        state = new_hand(RuleSet(players=2 + hand % 5), random.Random(hand))
        while state.phase != OVER:
            if state.phase == DRAW:
                states.append(state)
                for step in rng.choice(legal.legal_draws(state)).steps:
                    state = apply(state, step)
                continue
            action = greedy_arrangement(state)
            if action is not None:
                state = apply(state, action)
            if state.phase == FINAL:
                state = apply(state, Action.done(state.turn))
                continue
            state = apply(state, rng.choice(legal_actions(state)))
    quick = [legal.legal_draws(s) for s in states]
    monkeypatch.setattr(legal, "_premeld_may_help", lambda *args: True)
    assert [legal.legal_draws(s) for s in states] == quick
    assert sum(len(o.steps) == 2 for options in quick for o in options) > 0  # premelds were found

