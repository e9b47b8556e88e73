"""A state rebuilt from one seat's observation document, for a table that must never hold the real
state (a network client, :mod:`game.net`): what every game's ``view`` (its front's
:attr:`~game.core.front.GameFront.view`) shares.

The cards the seat cannot see are dealt to the other hands and the stock in the deck's fixed
order, so the state looks to that seat exactly as the real one does (its observation of the
rebuilt state is the observation it was given) and holds nothing else: two deals that look the
same to the seat give the same rebuilt state.

>>> hidden_in_order([0, 1, 1, 52], ["2S", "JK"])
['AS', '2S']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .cards import CardError, kind_text, parse_kind
from .errors import StateError


def hidden_in_order(deck: Iterable[int], seen: Iterable[object]) -> list[str]:
    """The cards of ``deck`` (kinds, one a physical card, in the deck's order) that the card tokens
    of ``seen`` do not account for, as tokens in deck order; raises :class:`StateError` when
    ``seen`` holds a card the deck has not (or more of a kind than it holds)."""
    wanted: Counter[int] = Counter()
    for token in seen:
        try:
            wanted[parse_kind(token)] += 1
        except CardError as exc:
            raise StateError(f"the observation names no card: {exc}") from None
    out = []
    for kind in deck:
        if wanted[kind]:
            wanted[kind] -= 1
        else:
            out.append(kind_text(kind))
    extra = +wanted
    if extra:
        kind = next(iter(extra))
        raise StateError(f"the observation shows more {kind_text(kind)} cards than the deck holds")
    return out


def take(cards: list[str], count: object) -> list[str]:
    """The first ``count`` of ``cards``, removed from it; raises :class:`StateError` when there are
    fewer (the observation's counts do not add up)."""
    if type(count) is not int or not 0 <= count <= len(cards):
        raise StateError(f"the observation's card counts do not add up ({str(count)[:20]} cards wanted)")
    out = cards[:count]
    del cards[:count]
    return out


def guarded(build: Callable[[dict], dict]) -> Callable[[object], dict]:
    """``build`` (observation document -> state document) made safe for documents from outside:
    anything that is no observation raises :class:`StateError`, never another error."""

    def view(doc: object) -> dict:
        if not isinstance(doc, dict):
            raise StateError("an observation must be a JSON object")
        try:
            return build(doc)
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
            raise StateError(f"not an observation of this game ({type(exc).__name__}: {str(exc)[:80]})") from None

    view.__doc__ = build.__doc__
    view.__name__ = getattr(build, "__name__", "view")
    return view


def cards_of(groups: Any) -> list[object]:
    """Every card token of a list of card lists (a seat's melds or groups)."""
    return [c for g in groups for c in g]


def fill_hidden(obs: dict, hands: list, hidden: list[str], counts: Sequence[int], taken: str | None
                ) -> tuple[list[list], list[str]]:
    """The hands the seat cannot see filled from ``hidden`` in order (``counts[s]`` cards each; the
    seat to move first holds ``taken``, the discard it took this turn, when that is known to be in
    its hand), then the stock; raises ``ValueError`` when cards are left over."""
    unseen = [s for s, hand in enumerate(hands) if hand is None]
    filled: list[list] = [[] if hand is None else hand for hand in hands]
    turn = obs["turn"]
    if taken is not None and turn in unseen:  # known to be in that hand
        filled[turn].append(hidden.pop(hidden.index(taken)))
    for s in unseen:
        filled[s] += take(hidden, counts[s] - len(filled[s]))
    stock = take(hidden, obs["stock_count"])
    if hidden:
        raise ValueError(f"{len(hidden)} cards are nowhere")
    return filled, stock


def hand_view(fmt: str, version: int, deck: Callable[[object], Iterable[int]]) -> Callable[[object], dict]:
    """The ``view`` of a game whose melds stay in the hand (13- and 21-card Indian Rummy): its state
    document has the keys of its observation but for the hands and the stock.  ``deck(rules)``
    gives the kinds of the table's deck, one a physical card, in a fixed order.  The card the seat
    to move took from the discard pile this turn is public and stays in its hand."""

    def build(obs: dict) -> dict:
        seat, counts, turn = obs["seat"], obs["hand_counts"], obs["turn"]
        hands: list[list | None] = [None if h is None else list(h) for h in obs["revealed_hands"]]
        hands[seat] = list(obs["hand"])
        seen = list(obs["discard"]) + [c for c in (obs["cut_joker"], obs["finish"]) if c is not None]
        seen += cards_of(h for h in hands if h is not None)
        hidden = hidden_in_order(deck(obs["rules"]), seen)
        taken = obs["taken_discard"]
        filled, stock = fill_hidden(obs, hands, hidden, counts, taken)
        return {"format": fmt, "version": version, "rules": obs["rules"], "seats": obs["seats"],
                "dealer": obs["dealer"], "cut_joker": obs["cut_joker"], "stock": stock, "discard": obs["discard"],
                "hands": filled, "finish": obs["finish"], "out": obs["out"], "has_drawn": obs["has_drawn"],
                "taken_discard": taken, "turn": turn, "phase": obs["phase"], "totals": obs["totals"],
                "result": obs["result"], "history": obs["history"]}

    build.__doc__ = "An observation document -> a state document whose observation for that seat is the same."
    return guarded(build)
