"""A Vazhushal state rebuilt from one seat's observation document (:mod:`game.core.views`): the
state document a network client draws its table from, holding nothing the seat may not know.

The hidden cards go to the other hands and the stock in deck order; while the negative joker is
still in the stock it stays its last card (V2.4), as the document requires.
"""

from __future__ import annotations

from game.core.cards import CARDS_PER_DECK, KIND_OF
from game.core.views import cards_of, guarded, hidden_in_order, take

from .rules import RuleSet
from .serialize import FORMAT, VERSION


def _view(obs: dict) -> dict:
    """An observation document (``observe(state, seat).to_json()``) -> a state document whose
    observation for that seat is the same."""
    rules = RuleSet.from_json(obs["rules"])
    seat, counts, revealed = obs["seat"], obs["hand_counts"], obs["revealed_hands"]
    hands: list[list | None] = [None] * rules.players
    hands[seat] = list(obs["hand"])
    if revealed is not None:
        hands = [list(h) for h in revealed]
    seen = list(obs["line"]) + cards_of(m["cards"] for seat_melds in obs["melds"] for m in seat_melds)
    seen += cards_of(h for h in hands if h is not None)
    hidden = hidden_in_order((KIND_OF[c] for c in range(rules.decks * CARDS_PER_DECK)), seen)
    bottom = []
    indicator = obs["indicator"]
    if indicator is not None and obs["stock_count"]:
        bottom = [hidden.pop(hidden.index(indicator))]  # V2.4: the negative joker is the last card
    for s, hand in enumerate(hands):
        if hand is None:
            hands[s] = take(hidden, counts[s])
    stock = take(hidden, obs["stock_count"] - len(bottom)) + bottom
    if hidden:
        raise ValueError(f"{len(hidden)} cards are nowhere")
    return {"format": FORMAT, "version": VERSION, "rules": obs["rules"], "seats": obs["seats"],
            "dealer": obs["dealer"], "indicator": indicator, "stock": stock, "line": obs["line"],
            "line_first_dealt": obs["line_first_dealt"], "hands": hands, "melds": obs["melds"],
            "turn": obs["turn"], "phase": obs["phase"], "wins": obs["wins"], "result": obs["result"],
            "history": obs["history"]}


view_document = guarded(_view)
