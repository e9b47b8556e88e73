"""Shared helpers for the engine tests: hand-built states, card shorthands, invariant checks and
a random policy for simulations.

States are built as CONTRACT.md documents and loaded through :func:`from_json`, so every test
state is one the engine would also accept from a file.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from game.core.cards import CARDS_PER_DECK, JOKER, KIND_OF
from game.vazhushal import (
    DRAW,
    FINAL,
    OVER,
    PLAY,
    Action,
    State,
    apply,
    from_json,
    greedy_arrangement,
    kind_text,
    legal_actions,
    legal_draws,
    observe,
    parse_kind,
    readings,
    to_json,
)
from game.vazhushal.melds import position_kind, wild_table, written_reading
from game.vazhushal.rules import RuleSet, deck_count
from tests.family import SNAKE as SNAKE  # re-exported
from tests.family import CardPool, acting, refusing, tokens_of
from tests.family import K as K  # re-exported: the tests take the shorthand from here

# --- cards -----------------------------------------------------------------------------------

def Ks(text: str | Iterable[str]) -> tuple[int, ...]:
    """Kinds of card tokens: ``Ks("8S 9S 10S")`` or ``Ks(["8S", "9S"])``."""
    tokens = text.split() if isinstance(text, str) else list(text)
    return tuple(parse_kind(t) for t in tokens)


def toks(text: str | Iterable[str]) -> list[str]:
    """Canonical tokens: ``toks("8s th")`` -> ``["8S", "10H"]``."""
    return [kind_text(k) for k in Ks(text)]


def ids(text: str | Iterable[str]) -> list[int]:
    """Distinct physical ids for card tokens (second copy of a kind from the second deck)."""
    used: Counter[int] = Counter()
    out = []
    for k in Ks(text):
        n = used[k]
        used[k] += 1
        if k == JOKER:
            out.append((52, 53, 106, 107)[n])
        else:
            assert n < 2, "at most two of a natural card"
            out.append(k + CARDS_PER_DECK * n)
    return out


def texts(cards: Iterable[int]) -> list[str]:
    """Tokens of physical ids, in order."""
    return [kind_text(KIND_OF[c]) for c in cards]


def bag(cards: str | Iterable[int] | Iterable[str]) -> Counter[str]:
    """Multiset of tokens of physical ids, or of card tokens (a list or one spaced string)."""
    if isinstance(cards, str):
        cards = cards.split()
    out: Counter[str] = Counter()
    for c in cards:
        out[kind_text(KIND_OF[c]) if isinstance(c, int) else kind_text(parse_kind(c))] += 1
    return out


def hand(state: State, seat: int) -> Counter[str]:
    return bag(state.hands[seat])


def table(state: State, seat: int) -> list[list[str]]:
    """The seat's melds as token lists, in table order (written order)."""
    return [m.text() for m in state.melds[seat]]


# --- building states -------------------------------------------------------------------------

def _meld_doc(meld: object, wild: Sequence[bool]) -> dict:
    if isinstance(meld, dict):
        return meld
    tokens = toks(meld)  # type: ignore[arg-type]
    cards = ids(tokens)
    kind = "sequence" if written_reading("sequence", cards, wild) is not None else "set"
    return {"kind": kind, "cards": tokens}


def make_doc(players: int = 2, hands: Sequence[object] | None = None, line: object = (),
             melds: Sequence[Sequence[object]] | None = None, indicator: str | None = "4C",
             stock_top: object = (), stock: object | None = None, rest_to: object = "line",
             turn: int = 0, dealer: int | None = None, phase: str = "draw",
             line_first_dealt: bool = False, history: Sequence[dict] = (),
             wins: Sequence[int] | None = None, result: dict | None = None, seed: int = 0,
             **rule_options: object) -> dict:
    """A CONTRACT.md state document with exact card counts.

    ``hands``: one entry a seat (missing seats get an empty hand): a card string/list, or an int
    ``n`` for ``n`` filler cards from what is left.  ``melds``: one list a seat of melds (card
    strings or ``{"kind", "cards"}``).  ``indicator``: the negative joker (``None`` turns the
    option off).  Without ``stock`` every card not placed goes to the stock (``stock_top`` first,
    shuffled with ``seed`` after, the indicator last).  With an explicit ``stock`` (top first) the
    cards left over go to ``rest_to``: ``"line"`` (oldest end of the line) or a seat index (hand).
    """
    rules = RuleSet(players=players, negative_joker=indicator is not None, **rule_options)  # type: ignore[arg-type]
    n = players
    decks = deck_count(n, rules.one_deck_for_three)
    pool = CardPool(Counter(KIND_OF[c] for c in range(decks * CARDS_PER_DECK)), "the decks")

    wild = wild_table(indicator is not None, None if indicator is None else parse_kind(indicator))
    hand_specs = list(hands or [])
    hand_specs += [[]] * (n - len(hand_specs))
    hand_docs: list[list[str] | int] = []
    for spec in hand_specs:
        hand_docs.append(spec if isinstance(spec, int) else pool.take(tokens_of(spec)))
    line_doc = pool.take(tokens_of(line))
    meld_specs = list(melds or [])
    meld_specs += [[]] * (n - len(meld_specs))
    meld_docs = []
    for seat_melds in meld_specs:
        seat_doc = []
        for m in seat_melds:
            d = _meld_doc(tokens_of(m) if not isinstance(m, dict) else m, wild)
            d = {"kind": d["kind"], "cards": pool.take(d["cards"])}
            seat_doc.append(d)
        meld_docs.append(seat_doc)
    top = pool.take(tokens_of(stock_top))
    explicit_stock = None if stock is None else pool.take(tokens_of(stock))
    ind = None
    if indicator is not None and explicit_stock is None:
        ind = pool.take([indicator])
    rng = random.Random(seed)
    rest = pool.rest()
    rng.shuffle(rest)
    # filler hands
    for i, spec in enumerate(hand_docs):
        if isinstance(spec, int):
            hand_docs[i], rest = rest[:spec], rest[spec:]
    if explicit_stock is None:
        stock_doc = top + rest + (ind or [])
    else:
        stock_doc = top + explicit_stock
        if rest_to == "line":
            line_doc = rest + line_doc
        else:
            hand_docs[rest_to] = list(hand_docs[rest_to]) + rest  # type: ignore[index]
    return {
        "format": "vazhushal-state",
        "version": 1,
        "rules": rules.to_json(),
        "seats": [{"name": f"Player {i + 1}", "kind": "human"} for i in range(n)],
        "dealer": (turn - 1) % n if dealer is None else dealer,
        "indicator": indicator if indicator is None else kind_text(parse_kind(indicator)),
        "stock": stock_doc,
        "line": line_doc,
        "line_first_dealt": line_first_dealt,
        "hands": hand_docs,
        "melds": meld_docs,
        "turn": turn,
        "phase": phase,
        "wins": list(wins) if wins is not None else [0] * n,
        "result": result,
        "history": [dict(h) for h in history],
    }


def make_state(*args: object, **kwargs: object) -> State:
    """:func:`make_doc` loaded through :func:`from_json`."""
    return from_json(make_doc(*args, **kwargs))  # type: ignore[arg-type]


# --- acting and checking -----------------------------------------------------------------------

def decks_of(state: State) -> int:
    return state.rules.decks


def check_invariants(state: State, *, observations: bool = True, round_trip: bool = True) -> None:
    """Everything that must hold in every reachable state."""
    n = state.players
    # no card lost or duplicated
    assert sorted(state.all_cards()) == list(range(decks_of(state) * CARDS_PER_DECK))
    # the indicator is the bottom of the stock until drawn (V2.4)
    if state.indicator is not None and state.stock:
        assert KIND_OF[state.stock[0]] == state.indicator
    if state.rules.line_cap is not None and state.phase in (DRAW, PLAY):
        assert len(state.line) <= state.rules.line_cap + (1 if state.phase == PLAY else 0)
    if state.line_first_dealt:
        assert state.line
    # every table is legal (V4, V7.2)
    for seat in range(n):
        melds = state.melds[seat]
        for m in melds:
            found = readings(m.cards, state.wild)
            assert any(r.key == m.key and r.value == m.value for r in found), (seat, m.text())
            if m.kind == "sequence":  # written low to high, each wild at the place it stands for (V4.6)
                for c, pos in zip(m.cards, range(m.low, m.high + 1)):
                    assert KIND_OF[c] == position_kind(m.suit, pos) or state.wild[KIND_OF[c]], (seat, m.text())
        if melds:
            assert any(m.is_pure_sequence for m in melds), f"seat {seat} has no pure sequence"
            keys = [m.key for m in melds]
            assert len(keys) == len(set(keys)), f"seat {seat} has identical melds"
    assert 0 <= state.turn < n and 0 <= state.dealer < n
    assert (state.result is None) == (state.phase != OVER)
    if state.phase == OVER:
        assert sum(state.wins) >= (1 if state.result.winner is not None else 0)
    if round_trip:
        doc = to_json(state)
        again = from_json(doc)
        assert to_json(again) == doc
        # the reloaded table holds the same readings (engine decision 2), not only the same text
        assert [[(m.key, m.value, m.pure) for m in seat] for seat in again.melds] == \
            [[(m.key, m.value, m.pure) for m in seat] for seat in state.melds]
    if observations:
        for seat in range(n):
            check_observation(state, seat)


def check_observation(state: State, seat: int) -> None:
    """V12: a seat sees the line, its own hand, every meld; counts of the rest."""
    obs = observe(state, seat)
    seen = sorted(obs.visible_cards())
    public = list(state.line) + list(state.hands[seat])
    for melds in state.melds:
        for m in melds:
            public += m.cards
    if state.phase != OVER:
        assert seen == sorted(public)
        doc = obs.to_json()
        assert doc["revealed_hands"] is None
        assert "hands" not in doc and "stock" not in doc
        assert doc["hand"] == texts(state.hands[seat])
        shown = bag(doc["line"]) + bag(doc["hand"]) + bag([t for ms in doc["melds"] for m in ms for t in m["cards"]])
        assert shown == bag(public)
    assert obs.hand_counts == tuple(len(h) for h in state.hands)
    assert obs.stock_count == len(state.stock)


# --- a random policy -----------------------------------------------------------------------------

def random_turn_step(state: State, rng: random.Random, *, check_witnesses: bool = False) -> list[Action]:
    """The next action(s) of a simple random player (legal by construction)."""
    p = state.turn
    if state.phase == DRAW:
        options = legal_draws(state)
        assert options, "a seat in phase draw has no legal draw"
        if check_witnesses:
            for option in options:
                s = state
                for step in option.steps:
                    s = apply(s, step)
        return list(rng.choice(options).steps)
    if state.phase in (PLAY, FINAL):
        out: list[Action] = []
        if rng.random() < 0.85:
            arrangement = greedy_arrangement(state)
            if arrangement is not None:
                return [arrangement]
        choices = legal_actions(state)
        assert choices, f"seat {p} in phase {state.phase} has no legal action"
        out.append(rng.choice(choices))
        return out
    raise AssertionError("the hand is over")


act = acting(apply, check_invariants)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "V")  # refused with its code and rule, nothing changed
