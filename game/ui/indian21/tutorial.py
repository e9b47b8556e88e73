"""The guided first hand of 21-card Indian Rummy: a fixed deal in which you meet the cut joker with
its lower and upper jokers, draw from the stock and from the discard pile, group three pure
sequences, a marriage of value cards, a tunnela, a set and a sequence with a joker, and make a
first valid show; the closing words say what 27 Cards changes.  No pygame here: the in-hand table
draws the coach bubble and asks the tutorial what the patient opponent does.

The deal is a CONTRACT.md ``indian21-state`` document, validated by the engine like any saved
game.  The 7♥ is cut (T3): every 7 is wild, and so are the 6♥ and 8♥ (its lower and upper jokers);
7♥ 6♥ 8♥ are the value cards, together a marriage (T11.2: 100 points).  You draw the 4♦ (2♦ to
6♦), throw the Q♠, take the J♣ the opponent throws (9♣ 10♣ J♣ Q♣), group 6♥ 7♥ 8♥ (pure: each
wild card in its own place, T3.6), 5♠ 5♠ 5♠ (a tunnela, counted as a pure sequence, T6.3), K♦ K♠
K♣ (a set) and J♥ Q♥ 7♦ (the 7♦ stands in for the K♥), and show with the 2♣ face down (T7.2a).
The opponent (``DEAL.opponent_move``) only draws from the stock and throws back (the J♣ first),
never showing, so the script holds whatever you do; if you leave it, the coach says so and the
hand plays on.
"""

from __future__ import annotations

from game.i18n import N_
from game.indian21 import RuleSet, Series, State, from_json
from game.indian21.state import OVER

from ..tutorial import (
    CutJokerDeal,
    HandScript,
    Step,
    kinds,
    practice_match,
    turn_steps,
)
from .match import Indian21Match

YOU = ("2D 3D 5D 6D "  # a pure sequence once you draw the 4♦
       "9C 10C QC "  # a pure sequence once you take the J♣ the opponent throws
       "6H 7H 8H "  # the cut joker with its lower and upper jokers: a pure sequence and a marriage
       "5S 5S 5S "  # a tunnela: counts as a pure sequence
       "KD KS KC "  # a set
       "JH QH 7D "  # a sequence with a joker: the 7♦ stands in for the K♥
       "QS 2C")  # the Q♠ you discard, the 2♣ you show with (face down)
CUT = "7H"
OPEN_CARD = "9D"  # the discard pile's first card: no use to you
STOCK_TOP = "4D 8C"  # you draw 4♦, the opponent 8♣ (and throws the J♣ it holds)
OPPONENT = "JC AC 3C 6C 4S 6S 9S 10S 9D 10D QD AD 2H 3H 4H 10H AH 2S 3S JD 4C"  # loose: no show, no joker
THROWN = "JC"  # what the opponent throws on its first turn
FINISH = "2C"

GROUPS = {"pure": ("2D 3D 4D 5D 6D",), "keys": ("9C 10C JC QC",), "values": ("6H 7H 8H",), "tunnela": ("5S 5S 5S",),
          "set": ("KD KS KC",), "joker": ("JH QH 7D",)}
EXPECTED = (("draw_stock", None), ("discard", "QS"), ("take_discard", None), ("declare", None))  # your moves
DEAL = CutJokerDeal("indian21-state", 3, 3, CUT, YOU, OPPONENT, STOCK_TOP, OPEN_CARD, THROWN)


def tutorial_match() -> Indian21Match:
    """The fixed deal, you (seat 0) to play first against one patient opponent, as a practice game of
    one deal: never saved over your game, never counted in the statistics."""
    return practice_match(Indian21Match, Series, DEAL.state(from_json, RuleSet(players=2)))


# The steps in order.  The steps that group cards share one hint (the cards named from ``GROUPS``).
STEPS = (
    Step("draw", N_("1. The cut joker"),
         N_("The 7♥ is cut: every 7 is wild, as are the 6♥ and 8♥ (its lower and upper jokers) and printed jokers. "
            "Each turn starts with a card: click the stock (or press N)."),
         "stock", N_("Start your turn from the stock: click it, or press N.")),
    Step("pure", N_("2. A pure sequence, by mouse"),
         N_("You drew the 4♦: 2♦ 3♦ 4♦ 5♦ 6♦ is a pure sequence, one suit in a row, no wild card. Drag the 4♦ onto "
            "the 2♦ (or ←→ to it, then 1–9: its group)."), "hand",
         N_("Drag the 4♦ onto the group of the 2♦ and 3♦.")),
    *turn_steps("QS", THROWN, "10C", "QC", GROUPS["keys"][0]),
    Step("values", N_("6. A marriage"),
         N_("6♥ 7♥ 8♥ (the cut joker and its lower and upper jokers) are value cards: together a marriage, 100 "
            "points, and here a pure sequence too. Select them, then G."), "hand"),
    Step("tunnela", N_("7. A tunnela"),
         N_("5♠ 5♠ 5♠ is a tunnela (three identical cards): it counts as a pure sequence. Three tunnelas alone are a "
            "show, as are eight dublees (identical pairs). Select them, then G."), "hand"),
    Step("set", N_("8. A set"),
         N_("K♦ K♠ K♣ (one rank, each of another suit) is a set. A show needs three pure sequences and every other "
            "card in a meld. Select the three, then G."), "hand"),
    Step("joker", N_("9. A joker stands in"),
         N_("J♥ Q♥ 7♦ is a sequence with a joker: the wild 7♦ stands in for the K♥. Select the three, then G."),
         "hand"),
    Step("declare", N_("10. Show"),
         N_("Select the 2♣, your finish card, then Declare (or F). 27 Cards (New game) is the same with 27 cards a "
            "hand, two upper and two lower jokers, four pure sequences to show."),
         "hand", N_("Select only the 2♣ (click it, or ←→ and Space), then F.")),
)


class Tutorial21(HandScript):
    """The 21-card guided hand's coach: the step shown, the last wrong try, whether you left the
    script.  The 4♦ may join a group of diamonds holding more (the K♦ sorted with them)."""

    STEPS, GROUPS, EXPECTED = STEPS, GROUPS, EXPECTED  # the class's (declared by HandScript)

    def is_done(self, key: str, s: State, *seen: object) -> bool:
        groups = seen[0] if seen else []
        if s.phase == OVER:
            return True
        if key == "pure":  # the 4♦ with the other diamonds: their group may hold more cards (the K♦)
            want = kinds(GROUPS[key][0])
            return any(all(list(g).count(k) >= want.count(k) for k in want) for g in groups)
        return self.common_done(key, s, groups)
