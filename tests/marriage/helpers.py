"""Shared helpers for the Indian Marriage tests: hand-built states, card shorthands, invariant checks.

States are built as CONTRACT.md ``marriage-state`` documents and loaded through ``from_json``, so
every test state is one the engine would also accept from a file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.core.cards import kind_text, parse_kind
from game.marriage import State, apply, from_json, jokers_of, to_json
from game.marriage.deck import KIND
from game.marriage.rules import RuleSet
from game.marriage.simulate import check_state
from tests.family import CardPool, acting, refusing, tokens_of  # re-exported: the tests take the shorthands from here
from tests.family import K as K
from tests.family import Ks as Ks
from tests.inhand_helpers import doc_head, piles

# --- cards -----------------------------------------------------------------------------------

def groups(text: str) -> list[list[int]]:
    """Groups written as in INDIAN_21.md: ``"7S 8S 5S | KS KC KH"``."""
    return [Ks(g) for g in text.split("|") if g.strip()]


def toks(cards: Iterable[int]) -> list[str]:
    """Tokens of physical ids."""
    return [kind_text(KIND[c]) for c in cards]


def flat(text: str) -> list[str]:
    """The card tokens of groups written with ``|``."""
    return text.replace("|", " ").split()


# --- building states -------------------------------------------------------------------------

def _group_specs(value: object) -> list[list[str]]:
    if value is None:
        return []
    if isinstance(value, str):
        return [g.split() for g in value.split("|") if g.strip()]
    return [list(g.split() if isinstance(g, str) else g) for g in value]  # type: ignore[union-attr]


def make_doc(players: int = 2, hands: Sequence[object] | None = None, exposed: Sequence[object] | None = None,
             shown: Sequence[object] | None = None, seen: Sequence[str | None] | None = None,
             tiplu: str | None = None, discard: object = "KC", stock: object | None = None,
             stock_top: object = (), turn: int = 0, dealer: int | None = None, phase: str = "draw",
             out: Sequence[str | None] | None = None, taken: str | None = None, finish: str | None = None,
             history: Sequence[dict] = (), totals: Sequence[int] | None = None, result: dict | None = None,
             seed: int = 0, **options: object) -> dict:
    """A ``marriage-state`` document with exact card counts.

    ``hands``: one entry a seat: a card string or list (topped up with filler cards to 21 cards in
    all, 22 for the seat to move in phase ``discard``), or an int ``n`` for exactly ``n`` filler
    cards; missing seats get filler only.
    ``exposed`` and ``shown``: one entry a seat, groups written ``"6H 6H 6H | AS 2S 3S"``.
    Filler never holds a maal card of ``tiplu`` (so maal counts are exactly the cards written).
    Without ``stock`` every card not placed goes to the stock (``stock_top`` first, the rest
    shuffled with ``seed``); with an explicit ``stock`` (top first) the cards left over go under
    the discard pile.
    """
    rules = RuleSet(players=players, **options)  # type: ignore[arg-type]
    n = players
    pool = CardPool({k: 3 for k in range(52)}, "the three decks")
    out = list(out) if out is not None else [None] * n
    seen = list(seen) if seen is not None else [None] * n

    exposed_docs = [[pool.take(g) for g in _group_specs(e)]
                    for e in list(exposed or []) + [None] * (n - len(exposed or []))]
    shown_docs = [[pool.take(g) for g in _group_specs(e)] for e in list(shown or []) + [None] * (n - len(shown or []))]
    tiplu_doc = pool.take([tiplu])[0] if tiplu is not None else None
    finish_doc = pool.take([finish])[0] if finish is not None else None
    specs = list(hands or []) + [None] * (n - len(hands or []))
    hand_docs: list[list[str]] = []
    fill: list[int] = []
    for s, spec in enumerate(specs):
        laid = sum(len(g) for g in exposed_docs[s] + shown_docs[s])
        size = 21 - laid + (phase == "discard" and s == turn)
        cards = [] if spec is None or isinstance(spec, int) else pool.take(tokens_of(spec))
        hand_docs.append(cards)
        fill.append(spec if isinstance(spec, int) else max(0, size - len(cards)))
    discard_doc = pool.take(tokens_of(discard))
    top = pool.take(tokens_of(stock_top))
    explicit = None if stock is None else pool.take(tokens_of(stock))
    maal = set(jokers_of(parse_kind(tiplu)).maal) if tiplu is not None else set()
    rest = pool.rest()
    random.Random(seed).shuffle(rest)
    filler = [t for t in rest if parse_kind(t) not in maal]
    for i, count in enumerate(fill):
        extra, filler = filler[:count], filler[count:]
        hand_docs[i] += extra
        for t in extra:
            rest.remove(t)
    stock_doc, discard_doc = piles(top, explicit, rest, discard_doc)
    return {
        **doc_head("marriage-state", rules, n, turn, dealer),
        "stock": stock_doc, "discard": discard_doc, "hands": hand_docs, "exposed": exposed_docs,
        "shown": shown_docs, "seen": seen, "tiplu": tiplu_doc, "finish": finish_doc, "out": out,
        "taken_discard": None if taken is None else kind_text(parse_kind(taken)),
        "turn": turn, "phase": phase, "totals": list(totals) if totals is not None else [0] * n,
        "result": result, "history": [dict(h) for h in history],
    }


def make_state(*args: object, **kwargs: object) -> State:
    """:func:`make_doc` loaded through ``from_json``."""
    return from_json(make_doc(*args, **kwargs))  # type: ignore[arg-type]


# --- acting and checking -----------------------------------------------------------------------


act = acting(apply, check_state)  # apply actions in order (each legal), checking the state after each
expect_illegal = refusing(apply, to_json, "M")  # refused with its code and rule, nothing changed
