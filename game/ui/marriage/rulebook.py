"""How to play Indian Marriage (INDIAN_21.md Part B with the project's defaults), in plain words
with drawn examples: the pages the How-to-play screen shows for this game.

Each page is ``(title, text, [(caption, cards, wild cards)])`` as for the other games' pages.
"""

from __future__ import annotations

from game.i18n import N_

PAGES = [
    (N_("The aim"), N_("Three decks are shuffled together (no printed jokers) and everyone gets 21 cards. Each "
     "turn you draw one card (from the stock, or the top of the discard pile) and discard one.\nFirst you see the "
     "maal: lay three pure combinations face up (or seven dublees). Only then do you learn which cards are jokers, "
     "and only then may you finish: every card in combinations, one card face down. Points come from the maal "
     "cards you hold and from the game points the losers pay the winner."),
     [(N_("tunnela"), "7H 7H 7H", ""), (N_("pure sequence"), "4S 5S 6S", ""), (N_("dublee"), "QD QD", "")]),
    (N_("Combinations"), N_("A combination is exactly three cards. A tunnela is three identical cards (one from each "
     "deck). A pure sequence is three cards in a row in one suit; the ace is low (A-2-3) or high (Q-K-A), "
     "never K-A-2. A triplet is three cards of one rank, all suits different. A dublee is two identical "
     "cards.\nCombinations stay in your hand until you lay them: group your cards by dragging them, and each "
     "group is labelled as the rules read it."),
     [(N_("A low"), "AS 2S 3S", ""), (N_("triplet"), "KS KH KC", ""), (N_("not a combination"), "9S 9S 9C", "")]),
    (N_("Exposing tunnelas"), N_("Before the first draw, each player in turn may lay the tunnelas it was dealt face "
     "up. Only tunnelas exposed at the deal score tunnela points (5, or 10 and 20 when their cards turn out to be "
     "jokers), and each one counts as one of the three pure combinations you need to see the maal.\nThe table "
     "groups your dealt tunnelas first: press Expose (E) to lay them, or K to keep them in hand."),
     [(N_("exposed: 5 points"), "KH KH KH", "")]),
    (N_("Seeing the maal"), N_("After drawing, a player who has not seen may lay three pure combinations (pure "
     "sequences or tunnelas; exposed tunnelas count) or seven dublees. It then sees the maal: the first player "
     "to see turns up a card from the middle of the stock, the tiplu, and from then on every player who sees "
     "learns it. Players who have not seen do not know it: for them every card is itself.\nLaid cards stay on "
     "the table and are never discarded. Select the groups to lay and press See maal (M)."),
     [(N_("three pure"), "2C 3C 4C", ""), ("", "8D 9D 10D", ""), ("", "JS JS JS", "")]),
    (N_("Jokers"), N_("The tiplu makes 17 jokers: its two other copies, the card one rank above it in its suit "
     "(the poplu) and one below (the jhiplu), three copies each, and the tiplu's rank in the other suits. For "
     "you they carry a gold W once you have seen. A joker may stand in for a missing card of a sequence or "
     "triplet (a dirty combination); a joker in its own place is itself. Two identical cards and a joker are "
     "never a combination. Once you have seen you may not take a joker from the discard pile."),
     [(N_("tiplu 5♦"), "5D", "5D"), (N_("jokers"), "6D 4D 5S 5H 5C", "6D 4D 5S 5H 5C"),
      (N_("dirty sequence"), "8C 9C 5S", "5S")]),
    (N_("Finishing"), N_("A player who saw with pure combinations finishes by grouping the rest of its hand into "
     "four more combinations (dirty ones allowed) and putting one card face down: select that finish card and "
     "press Declare (F). A player who saw with seven dublees finishes with an eighth dublee and a finish card. "
     "The table tells you first whether your finish is valid; a wrong one costs you your game points plus 10 "
     "and you are out of the deal."),
     [(N_("a finish"), "7S 8S 9S", ""), ("", "KS KC KH", ""), (N_("finish card"), "QS", "")]),
    (N_("Maal and points"), N_("At the end every player counts its maal: a tiplu scores 3 (two: 7), poplu and jhiplu "
     "2 each (two: 5, three: 10), and a marriage (tiplu, poplu and jhiplu together) 10, a double marriage 20. "
     "Exposed tunnelas add their points. Each loser owes the winner 3 game points if it saw, 10 if not (5 more "
     "when the winner finished with dublees).\nYour net is your maal times the number of players, less everyone's "
     "maal, less what you owe (the winner adds what it is owed). Over several deals the highest total wins."),
     [(N_("a marriage: 10"), "5D 6D 4D", "5D 6D 4D")]),
    (N_("Controls"), N_("Click the stock or the discard pile to draw. Click cards to select them; drag a card (or the "
     "selected cards) onto another group to join it, or into a gap to start a new group. Drag a card onto the "
     "discard pile, or double-click it, to discard.\nKeys: N draws from the stock, T takes the discard, ←/→ "
     "move over your cards and ↑/↓ between groups, Space selects, D discards the selected (or focused) card, G "
     "groups the selected cards, S sorts, U undoes, E exposes your tunnelas, K keeps them, M sees the maal, F "
     "declares, H hints, F1 explains a message, Esc opens the menu."),
     []),
]

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"M2": 2, "M3": 1, "M4": 4, "M5": 0, "M6": 3, "M7": 5, "M8": 5, "M9": 6, "M10": 6, "M11": 6, "M12": 6}
