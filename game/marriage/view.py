"""An Indian Marriage state rebuilt from one seat's observation document (:mod:`game.core.views`):
the state document a network client draws its table from, holding nothing the seat may not know.

The hidden cards go to the other hands and the stock in deck order.  A seat that has not seen the
maal does not know the tiplu (M13); once another seat has seen, the rebuilt state still needs one
(M4.1), so the first hidden card stands in for it: nothing the seat is shown depends on it.  The
card the seat to move took from the discard pile this turn is public (M5.2) and stays with it.
"""

from __future__ import annotations

from game.core.views import cards_of, fill_hidden, guarded, hidden_in_order

from .deck import DECK_IDS, KIND
from .serialize import FORMAT, VERSION
from .state import OVER


def _view(obs: dict) -> dict:
    """An observation document (``observe(state, seat).to_json()``) -> a state document whose
    observation for that seat is the same."""
    seat, counts, turn = obs["seat"], obs["hand_counts"], obs["turn"]
    hands: list[list | None] = [None if h is None else list(h) for h in obs["revealed_hands"]]
    hands[seat] = list(obs["hand"])
    laid = [cards_of(groups) for groups in obs["exposed"]] + [cards_of(groups) for groups in obs["shown"]]
    seen = list(obs["discard"]) + [c for c in (obs["tiplu"], obs["finish"]) if c is not None]
    seen += cards_of(laid) + cards_of(h for h in hands if h is not None)
    hidden = hidden_in_order((KIND[c] for c in DECK_IDS), seen)
    tiplu = obs["tiplu"]
    if tiplu is None and obs["phase"] != OVER and any(v is not None for v in obs["seen"]):
        tiplu = hidden.pop(0)  # M4.1: some tiplu is out of the stock; this seat may not know which
    taken = obs["taken_discard"]
    in_hand = taken is not None and taken not in cards_of(obs["shown"][turn])  # M5.2: then it is in that hand
    filled, stock = fill_hidden(obs, hands, hidden, counts, taken if in_hand else None)
    return {"format": FORMAT, "version": VERSION, "rules": obs["rules"], "seats": obs["seats"],
            "dealer": obs["dealer"], "stock": stock, "discard": obs["discard"], "hands": filled,
            "exposed": obs["exposed"], "shown": obs["shown"], "seen": obs["seen"], "tiplu": tiplu,
            "finish": obs["finish"], "out": obs["out"], "taken_discard": taken, "turn": turn,
            "phase": obs["phase"], "totals": obs["totals"], "result": obs["result"], "history": obs["history"]}


view_document = guarded(_view)
