"""Property tests against brute-force oracles written from RULES.md first principles.

* ``readings`` (V3, V4, V4.6) against an oracle that tries every assignment of each wild card
  (to its own identity or to any of the 52 natural cards), and against a second oracle that
  matches the cards to every possible target meld (for more wilds).
* ``legal_takes`` (V6) against trying every small meld through ``apply``.
"""

from __future__ import annotations

import random
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cards import JOKER, KIND_OF, make_kind, rank_of, rank_value, suit_of
from game.core.errors import IllegalAction
from game.vazhushal import DRAW, OVER, Action, RuleSet, apply, legal_takes, new_hand, readings
from game.vazhushal.melds import position_kind, wild_table, written_readings
from tests.helpers import random_turn_step

NATURALS = range(52)


# --- first-principles validity ----------------------------------------------------------------------

def classify(represented):
    """Every (kind, suit, low, high) a list of *represented* natural kinds forms (V4.1, V4.2)."""
    n = len(represented)
    out = []
    if n < 3:
        return out
    ranks = [rank_of(k) for k in represented]
    suits = [suit_of(k) for k in represented]
    if n <= 4 and len(set(ranks)) == 1 and len(set(suits)) == n:
        out.append(("set", -1, ranks[0], ranks[0]))
    if n <= 13 and len(set(suits)) == 1 and len(set(ranks)) == n:
        for ace in (1, 14):
            pos = sorted(ace if r == 1 else r for r in ranks)
            if pos[-1] - pos[0] == n - 1:
                out.append(("sequence", suits[0], pos[0], pos[-1]))
    return out


def span_value(kind, low, high, n):
    if kind == "set":
        return n * rank_value(low)
    return sum(rank_value(p) for p in range(low, high + 1))


def brute_force(kinds, wild):
    """{(kind, suit, low, high): (value, pure possible, set of natural-suit masks)} by trying every
    assignment of the wild cards."""
    found: dict = {}
    wild_at = [i for i, k in enumerate(kinds) if wild[k]]
    for choice in product(NATURALS, repeat=len(wild_at)):
        rep = list(kinds)
        for i, k in zip(wild_at, choice):
            rep[i] = k
        itself = [rep[i] == kinds[i] for i in range(len(kinds))]  # a joker never is
        if not any(itself):
            continue  # V4.3: at least one card used as its natural identity
        for key in classify(rep):
            value = span_value(key[0], key[2], key[3], len(kinds))
            mask = sum(1 << suit_of(rep[i]) for i in range(len(kinds)) if itself[i]) if key[0] == "set" else 0
            old = found.get(key, (value, False, set()))
            found[key] = (value, old[1] or all(itself), old[2] | {mask})
    return found


def by_matching(kinds, wild):
    """The same answer (masks aside) by matching the cards to every target meld: the natural cards
    must sit at their own place, the wild cards fill the rest (any of them may sit at its own place)."""
    n = len(kinds)
    found = {}
    naturals = [k for k in kinds if not wild[k]]
    wild_own = [k for k in kinds if wild[k] and k != JOKER]
    targets = []
    if 3 <= n <= 4:
        for rank in range(1, 14):
            for suits in combinations(range(4), n):
                targets.append((("set", -1, rank, rank), [make_kind(rank, s) for s in suits]))
    if 3 <= n <= 13:
        for suit in range(4):
            for low in range(1, 16 - n):
                targets.append((("sequence", suit, low, low + n - 1),
                                [position_kind(suit, p) for p in range(low, low + n)]))
    for key, target in targets:
        left = list(target)
        ok = True
        for k in naturals:
            if k in left:
                left.remove(k)
            else:
                ok = False
                break
        if not ok:
            continue
        if not naturals and not any(k in target for k in wild_own):
            continue
        found[key] = (span_value(key[0], key[2], key[3], n), sorted(kinds) == sorted(target))
    return found


def preference(key, value):
    kind, suit, low, _ = key
    return (-value, 0 if kind == "sequence" else 1, low, suit)


def physical(kinds):
    seen: dict = {}
    out = []
    for k in kinds:
        n = seen.get(k, 0)
        seen[k] = n + 1
        out.append((52, 53, 106, 107)[n] if k == JOKER else k + 54 * n)
    return out


def check_meld_cards(m, ids, wild):
    """The reading holds exactly the cards, a sequence written low to high with each wild at the
    position it stands for (V4.6)."""
    assert sorted(m.cards) == sorted(ids)
    if m.kind == "sequence":
        for c, pos in zip(m.cards, range(m.low, m.high + 1)):
            assert KIND_OF[c] == position_kind(m.suit, pos) or wild[KIND_OF[c]]
        assert m.pure == all(KIND_OF[c] == position_kind(m.suit, p) for c, p in zip(m.cards, range(m.low, m.high + 1)))


# --- strategies -------------------------------------------------------------------------------------

@st.composite
def card_groups(draw, max_wilds):
    indicator = draw(st.one_of(st.none(), st.integers(0, 52)))
    wild = wild_table(indicator is not None, indicator)
    wild_kinds = [k for k in range(53) if wild[k]]
    shape = draw(st.sampled_from(["sequence", "set", "random", "wilds"]))
    if shape == "wilds":  # wild cards only: a wild-rank card as itself is the one natural card
        kinds = draw(st.lists(st.sampled_from(wild_kinds), min_size=3, max_size=4))
    elif shape == "sequence":
        suit = draw(st.integers(0, 3))
        n = draw(st.integers(3, 7))
        low = draw(st.integers(1, 15 - n))
        kinds = [position_kind(suit, p) for p in range(low, low + n)]
    elif shape == "set":
        rank = draw(st.integers(1, 13))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        kinds = [make_kind(rank, s) for s in suits]
    else:
        kinds = draw(st.lists(st.integers(0, 52), min_size=3, max_size=6))
    for _ in range(draw(st.integers(0, 2))):  # mutations
        i = draw(st.integers(0, len(kinds) - 1))
        what = draw(st.sampled_from(["random", "drop", "add"]))
        if what == "random":
            kinds[i] = draw(st.integers(0, 52))
        elif what == "drop" and len(kinds) > 1:
            kinds.pop(i)
        elif what == "add":
            kinds.append(draw(st.integers(0, 52)))
    for _ in range(draw(st.integers(0, max_wilds))):  # wild cards in, replacing or added
        wild_card = draw(st.sampled_from(wild_kinds))
        if draw(st.booleans()) and kinds:
            kinds[draw(st.integers(0, len(kinds) - 1))] = wild_card
        else:
            kinds.append(wild_card)
    kinds = [k for k in kinds if k == JOKER or kinds.count(k) <= 2]
    jokers = [k for k in kinds if k == JOKER]
    kinds = [k for k in kinds if k != JOKER] + jokers[:4]
    wild_count = sum(1 for k in kinds if wild[k])
    if wild_count > max_wilds:
        keep = max_wilds
        out = []
        for k in kinds:
            if wild[k]:
                if keep == 0:
                    continue
                keep -= 1
            out.append(k)
        kinds = out
    kinds = draw(st.permutations(kinds))
    return list(kinds), wild


# --- readings ---------------------------------------------------------------------------------------

def _read(group: tuple, oracle_of):
    """A drawn group's kinds, wild flags, physical cards, the engine's readings of them, each
    reading's key and what ``oracle_of(kinds, wild)`` says of them."""
    kinds, wild = group
    ids = physical(kinds)
    engine = readings(ids, wild)
    return kinds, wild, ids, engine, [(m.kind, m.suit, m.low, m.high) for m in engine], oracle_of(kinds, wild)


@settings(max_examples=150)
@given(card_groups(max_wilds=2))
def test_v4_readings_agree_with_brute_force(group):
    kinds, wild, ids, engine, keys, oracle = _read(group, brute_force)
    assert len(keys) == len(set(keys)), "a reading listed twice"
    assert set(keys) == set(oracle), (kinds, keys, sorted(oracle))
    for m, key in zip(engine, keys):
        value, pure_possible, masks = oracle[key]
        assert m.value == value
        if m.kind == "sequence":
            assert m.pure == pure_possible
        else:
            assert m.natural_suits in masks
            assert bin(m.natural_suits).count("1") == max(bin(x).count("1") for x in masks)
        check_meld_cards(m, ids, wild)
    # V4.6: best first
    assert keys == sorted(keys, key=lambda k: preference(k, oracle[k][0]))


@settings(max_examples=200)
@given(card_groups(max_wilds=4))
def test_v4_readings_agree_with_matching_oracle(group):
    kinds, wild, ids, engine, keys, oracle = _read(group, by_matching)
    assert set(keys) == set(oracle), (kinds, keys, sorted(oracle))
    for m, key in zip(engine, keys):
        assert m.value == oracle[key][0]
        if m.kind == "sequence":
            assert m.pure == oracle[key][1]
        check_meld_cards(m, ids, wild)
    assert keys == sorted(keys, key=lambda k: preference(k, oracle[k][0]))


@settings(max_examples=200)
@given(card_groups(max_wilds=4))
def test_v4_6_every_reading_reads_back_from_its_written_form(group):
    """What the engine writes (a state file, CONTRACT.md) fits the reading it took (V4.6, engine
    decision 2): reading the written cards back offers that reading; and when the written form fits
    only one reading, it is that one."""
    kinds, wild = group
    for m in readings(physical(kinds), wild):
        back = written_readings(m.kind, m.cards, wild)
        assert (m.key, m.value, m.pure) in [(r.key, r.value, r.pure) for r in back], (m.text(), m.key)
        if len(back) == 1:
            assert back[0].key == m.key


def test_oracles_agree_with_each_other():
    rng = random.Random(3)
    for _ in range(150):
        indicator = rng.choice([None] + list(range(53)))
        wild = wild_table(indicator is not None, indicator)
        wilds = [k for k in range(53) if wild[k]]
        suit, n = rng.randrange(4), rng.randint(3, 5)
        low = rng.randint(1, 15 - n)
        kinds = [position_kind(suit, p) for p in range(low, low + n)]
        kinds[rng.randrange(n)] = rng.choice(wilds)
        if rng.random() < 0.5:
            kinds[rng.randrange(n)] = rng.randrange(53)
        a = {k: v[:2] for k, v in brute_force(kinds, wild).items()}
        if sum(1 for k in kinds if wild[k]) <= 2 and kinds.count(JOKER) <= 4:
            assert a == by_matching(kinds, wild)


# --- legal_takes ------------------------------------------------------------------------------------

def _draw_states(seed, players, option, count=4):
    """``count`` states in phase draw spread over one randomly played hand."""
    rng = random.Random(seed)
    rules = RuleSet(players=players, first_wild=option)
    state = new_hand(rules, rng)
    out = []
    while state.phase != OVER:
        if state.phase == DRAW:
            out.append(state)
        for a in random_turn_step(state, rng):
            state = apply(state, a)
    step = max(1, len(out) // count)
    return out[step - 1::step][:count]


def _legal(state, action):
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


@settings(max_examples=12)
@given(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["standard", "must_meld"]))
def test_v6_legal_takes_sound_and_complete_for_small_melds(seed, players, option):
    for state in _draw_states(seed, players, option):
        p = state.turn
        takes = legal_takes(state)
        engine = {t.index for t in takes}
        for t in takes:  # sound: every witness applies
            apply(state, t)
        hand = state.hands[p]
        for i in range(len(state.line)):
            if i in engine:
                continue
            # complete: no meld of 3 or 4 cards (the deepest card and 2-3 from hand and taken cards)
            # and no meld-less take (V6.5b) is legal at a position legal_takes left out
            assert not _legal(state, Action.take_line(p, i)), (i, "meld-less take")
            deepest = KIND_OF[state.line[i]]
            pool = sorted({KIND_OF[c] for c in hand + state.line[i + 1:]} | set())
            counts = {}
            for c in hand + state.line[i + 1:]:
                counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
            multiset = [k for k in pool for _ in range(min(counts[k], 2))]
            tried = set()
            for size in (2, 3):
                for rest in combinations(multiset, size):
                    if rest in tried:
                        continue
                    tried.add(rest)
                    kinds = (deepest,) + rest
                    if not readings(physical(kinds), state.wild):
                        continue
                    assert not _legal(state, Action.take_line(p, i, kinds)), (i, kinds)
