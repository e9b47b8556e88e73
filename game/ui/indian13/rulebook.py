"""How to play 13-card Indian Rummy (INDIAN_RUMMY.md with the project's defaults), in plain words
with drawn examples: the pages the How-to-play screen shows for this game.

Each page is ``(title, text, [(caption, cards, wild cards)])`` as for Vazhushal's pages.
"""

from __future__ import annotations

from game.i18n import N_

PAGES = [
    (N_("The aim"), N_("Everyone gets 13 cards. Each turn you draw one card (from the stock, or the top of the "
     "discard pile) and discard one. Arrange your 13 cards into sequences and sets; when all of them are in "
     "valid groups, draw your 14th card, put one card face down as your finish card, and declare.\nA valid "
     "declaration needs at least two sequences, and at least one of them pure (no joker standing in). The "
     "others lose the points of their cards not in melds."),
     [(N_("pure sequence"), "5H 6H 7H", ""), (N_("sequence"), "9C JK JC", "JK"), (N_("set"), "7S 7H 7C", "")]),
    (N_("Jokers"), N_("After the deal one card is cut from the stock and laid face up: the cut joker. Every card of "
     "its rank, in any suit, is a joker, and so are the printed jokers. A joker may stand in for any "
     "missing card of a sequence or set (one joker a meld by default). Jokers carry a gold W badge.\nA "
     "joker used as itself, in its own place, is natural: 4♣ 5♣ 6♣ 7♣ is pure even when 6s are wild. "
     "If the cut card is a printed joker, the aces are wild."),
     [(N_("cut joker 6♦"), "6D", "6D"), (N_("so these are jokers"), "6S 6H JK", "6S 6H JK"),
      (N_("still pure"), "4C 5C 6C 7C", "6C")]),
    (N_("Melds"), N_("A sequence is 3 or more cards of one suit in order; the ace is low (A-2-3) or high (Q-K-A), "
     "never both, and K-A-2 is not a sequence. A set is 3 or 4 cards of one rank, all of different suits: "
     "7♥ 7♥ 7♣ is not a set.\nMelds stay in your hand: nothing is laid on the table until someone declares. "
     "Group your cards by dragging them: each group is labelled Pure sequence, Sequence, Set or Invalid, and "
     "your hand's points are shown beside them."),
     [(N_("A low"), "AS 2S 3S", ""), (N_("A high"), "QD KD AD", ""), (N_("not a set"), "7H 7H 7C", "")]),
    (N_("Drop, points, winning"), N_("Before you draw you may drop: you give up the deal for 10 points (before your "
     "first draw) or 30 (later). A wrong declaration costs 80 and you sit out the rest of the deal.\nCards "
     "count A, K, Q, J, 10: 10 points; 2-9 their pips; jokers 0. A loser with two sequences, one pure, counts "
     "only the cards outside melds; otherwise all 13 count, at most 80. The winner collects everyone's points. "
     "In a pool game (101 or 201) points add up instead: reach the limit and you are out."),
     [(N_("counts 25"), "KS 8D 7C", ""), (N_("counts 0"), "JK", "JK")]),
    (N_("Controls"), N_("Click the stock or the discard pile to draw. Click cards to select them; drag a card (or the "
     "selected cards) onto another group to join it, or into a gap between groups to start a new group. "
     "Drag a card onto the discard pile, or double-click it, to discard. To declare, select your finish card "
     "and press Declare: the table tells you first whether your groups are valid.\nKeys: N draws from the "
     "stock, T takes the discard, ←/→ move over your cards and ↑/↓ between groups, Space selects, D discards "
     "the selected (or focused) card, G groups the selected cards, 1-9 move them into a group (0: a new one), "
     "S sorts, U undoes, F declares, X drops, W shows, H hints, F1 explains a message, Esc opens the menu."),
     []),
]

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"I4": 0, "I4.2": 1, "I5": 0, "I6": 2, "I7": 3, "I8": 3, "I9": 3, "I10": 3, "I11": 3, "I12": 3}
