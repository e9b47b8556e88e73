"""The guided first hand of 13-card Indian Rummy: a fixed deal in which you meet the cut joker,
draw from the stock and from the discard pile, group a pure sequence (by dragging), a pure sequence
by keys, a sequence with a joker and a set, watch your points fall, discard, and declare.  No
pygame here: the in-hand table draws the coach bubble and asks the tutorial what the patient
opponent does.

The deal is a CONTRACT.md ``indian13-state`` document, validated by the engine like any saved
game.  The 5♦ is cut, so every 5 is wild (the 5♠ in your hand too).  You draw the 4♦ (2♦ 3♦ 4♦),
throw the K♠, take the 9♥ the opponent throws (7♥ 8♥ 9♥ 10♥), group J♣ Q♣ 5♠ and 4♠ 4♣ 4♥, and
declare with the 10♠ face down.  The opponent only draws from the stock and throws back (the 9♥
first), never declaring, so the script holds whatever you do; if you leave it, the coach says so
and the hand plays on.
"""

from __future__ import annotations

from functools import partial

from game.i18n import N_
from game.indian13 import Action, RuleSet, Series, State, from_json
from game.indian13.state import OVER

from ..tutorial import CutJokerDeal, HandScript, Step, practice_match, turn_steps
from .match import Indian13Match

YOU = ("2D 3D "  # a pure sequence once you draw the 4♦
       "7H 8H 10H "  # a pure sequence once you take the 9♥ the opponent throws
       "JC QC 5S "  # a sequence with a joker: the 5♠ is wild (the cut 5♦ makes every 5 wild)
       "4S 4C 4H "  # a set
       "KS 10S")  # the K♠ you discard, the 10♠ you declare with (face down)
CUT = "5D"
OPEN_CARD = "KD"  # the discard pile's first card: no use to you
STOCK_TOP = "4D 6C"  # you draw 4♦, the opponent 6♣ (and throws the 9♥ it holds)
OPPONENT = "9H AC 3C 7C 9C KC 6D 8D 10D QD 2H 6H JH"  # loose cards: the 9♥ it throws, no meld, no joker
THROWN = "9H"  # what the opponent throws on its first turn
FINISH = "10S"

GROUPS = {"pure": ("2D 3D 4D",), "keys": ("7H 8H 9H 10H",), "joker": ("JC QC 5S",), "set": ("4S 4C 4H",)}
EXPECTED = (("draw_stock", None), ("discard", "KS"), ("take_discard", None), ("declare", None))  # your moves
DEAL = CutJokerDeal("indian13-state", 2, 4, CUT, YOU, OPPONENT, STOCK_TOP, OPEN_CARD, THROWN)


def tutorial_match() -> Indian13Match:
    """The fixed deal, you (seat 0) to play first against one patient opponent, as a practice game of
    one deal: never saved over your game, never counted in the statistics."""
    return practice_match(Indian13Match, Series, DEAL.state(from_json, RuleSet(players=2)))


# The patient opponent: draws from the stock, then throws back the 9♥ if it holds it, else the card it
# drew (a legal move that never interferes, never a declaration).
opponent_move = partial(DEAL.opponent_move, actions=Action)


# The steps in order.  The steps that group cards share one hint (the cards named from ``GROUPS``).
STEPS = (
    Step("draw", N_("1. The cut joker, then draw"),
         N_("The 5♦ under “Cut joker” makes every 5 wild (your 5♠ too), as are the printed jokers: a wild card "
            "stands in for any card a meld needs. Each turn starts with a card: click the stock (or press N)."),
         "stock", N_("Start your turn from the stock: click it, or press N.")),
    Step("pure", N_("2. A pure sequence, by mouse"), N_("You drew the 4♦. 2♦ 3♦ 4♦ is a pure sequence: three or "
         "more cards in a row of one suit, no wild card. Drag the 4♦ onto your 2♦ 3♦ group (keys: ←→ to the 4♦, "
         "then 1–9 for the group's number)."), "hand",
         N_("Put the 4♦ into the group of the 2♦ and 3♦: drag it there.")),
    *turn_steps("KS", THROWN, "8H", "10H", GROUPS["keys"][0]),
    Step("joker", N_("6. A sequence with a joker"),
         N_("J♣ Q♣ and the wild 5♠ (standing in for the K♣) are a sequence too. Select the three, then G. You need "
            "two sequences, one of them pure; the others may use jokers."), "hand"),
    Step("set", N_("7. A set, and your points"), N_("4♠ 4♣ 4♥ (one rank, each of another suit) is a set: click "
         "them (or ←→ and Space), then G. Watch Points over your hand: cards outside a meld count (face cards "
         "10), melds count nothing."), "hand"),
    Step("declare", N_("8. Declare"),
         N_("Only the 10♠ is left: it is your finish card. Select it, then Declare (or F) and confirm: it goes "
            "face down and your groups win the deal. The results come next; New game there starts a real game."),
         "hand", N_("Select only the 10♠ (click it, or ←→ and Space), then F.")),
)


class Tutorial13(HandScript):
    """The 13-card guided hand's coach: the step shown, the last wrong try, whether you left the script."""

    STEPS, GROUPS, EXPECTED = STEPS, GROUPS, EXPECTED  # the class's (declared by HandScript)

    def is_done(self, key: str, s: State, *seen: object) -> bool:
        return s.phase == OVER or self.common_done(key, s, seen[0] if seen else [])
