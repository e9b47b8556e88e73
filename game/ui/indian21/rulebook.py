"""How to play 21-card Indian Rummy and 27-card Rummy (INDIAN_21.md part A with the project's
defaults), in plain words with drawn examples: the pages the How-to-play screen shows for this
game.  No rule id is written here (players read these pages).

Each page is ``(title, text, [(caption, cards, wild cards)])`` as for the other games' pages.
"""

from __future__ import annotations

from game.i18n import N_

PAGES = [
    (N_("The aim"), N_("Three decks and three printed jokers are shuffled together and everyone gets 21 cards. Each "
     "turn you draw one card (from the stock, or the top of the discard pile) and discard one.\nArrange your "
     "cards into sequences and sets. When they make a valid show, draw your 22nd card, put one card face down "
     "as your finish card and declare: you win the deal, and everyone else pays the points of their cards."),
     [(N_("pure sequence"), "5H 6H 7H", ""), (N_("sequence"), "9C JK JC", "JK"), (N_("set"), "7S 7H 7C", "")]),
    (N_("Jokers and value cards"), N_("After the deal a card is cut and laid face up: the cut joker. Every card of its "
     "rank is a joker, and so are the card one above it and one below it in its suit (the upper and lower "
     "jokers) and the printed jokers. Cut 7♥: every 7, 8♥, 6♥ and the printed jokers are jokers. Jokers carry "
     "a gold W.\nThe other 7♥s, the 8♥s and the 6♥s are value cards, marked ● ▲ ▼ in your hand: each kind "
     "scores 10, 30 or 50 for one, two or three cards, and one of each is a marriage worth 100."),
     [(N_("cut joker 7♥"), "7H", "7H"), (N_("also jokers"), "7S 8H 6H JK", "7S 8H 6H JK"),
      (N_("a marriage"), "7H 8H 6H", "7H 8H 6H")]),
    (N_("Melds"), N_("A sequence is 3 or more cards of one suit in order (A-2-3 or Q-K-A, never K-A-2); it is pure "
     "when no joker stands in. A joker used as itself is natural: 6♥ 7♥ 8♥ is pure under a 7♥ cut. A set is "
     "3 or 4 cards of one rank, all suits different. A tunnela is three identical cards, and counts as a "
     "pure sequence. A dublee is two identical cards.\nGroup your cards by dragging them: each group is "
     "labelled, and your points as grouped are shown beside them."),
     [(N_("tunnela"), "QS QS QS", ""), (N_("dublee"), "4D 4D", ""), (N_("not a set"), "9H 9H 9C", "")]),
    (N_("Four ways to show"), N_("Your 21 cards (the finish card apart) make a valid show in any of four ways:\n"
     "1. Every card in a meld, with at least 3 pure sequences (tunnelas count); spare jokers may make one "
     "group of their own.\n2. Three tunnelas; the other cards do not matter.\n3. Eight dublees; the other "
     "cards do not matter.\n4. Eight jokers in one group.\nWith 27 cards each it is 4 pure sequences, 4 "
     "tunnelas, 10 dublees or 10 jokers. Declare tells you first whether your groups are valid and, if "
     "not, how far each way is."),
     [(N_("three tunnelas"), "4D 4D 4D 10S 10S 10S QH QH QH", ""), (N_("eight jokers"), "JK JK 7S 7D 7C 8H 6H 7H",
                                                                 "JK 7S 7D 7C 8H 6H 7H")]),
    (N_("Points"), N_("Cards count A, K, Q, J, 10: 10 points; 2-9 their pips; jokers 0. A loser with no pure sequence "
     "pays for all its cards; with one or two pure sequences, for every card outside them; with three, only "
     "for cards outside melds. A loser whose cards nearly show (a valid show, six dublees or seven jokers) "
     "pays 2. Nobody pays more than 120, and a loser who had not played a turn yet pays half.\nThe winner "
     "collects everything paid. Value points are settled between the players still in: each collects its "
     "value points from every other."),
     [(N_("counts 25"), "KS 8D 7C", ""), (N_("counts 0"), "JK", "JK")]),
    (N_("Drop, wrong shows, 27 cards"), N_("Before you draw you may drop: you give up the deal for 30 points (before "
     "your first draw) or 70 (later), and your value cards score nothing. A show that is not valid costs 120 "
     "and you sit out the rest of the deal.\n27-card Rummy, for 2 to 5 players: 27 cards each, two upper "
     "and two lower jokers (cut 5♠: 3♠ 4♠ 6♠ 7♠), a marriage of five, and the show needs 4 pure sequences, 4 "
     "tunnelas, 10 dublees or 10 jokers. Nobody pays more than 150."),
     [(N_("cut 5♠: value cards"), "5S 6S 7S 4S 3S", "5S 6S 7S 4S 3S")]),
    (N_("Controls"), N_("Click the stock or the discard pile to draw. Click cards to select them; drag a card (or the "
     "selected cards) onto another group to join it, or into a gap between groups to start a new group. "
     "Drag a card onto the discard pile, or double-click it, to discard. To declare, select your finish card "
     "and press Declare.\nKeys: N draws from the stock, T takes the discard, ←/→ move over your cards and ↑/↓ "
     "between groups, Space selects, 1-9 move the selection into a group (0: a new one), G groups, S sorts, "
     "U undoes, D discards the selected (or focused) card, F declares, X drops, W shows, H hints, F1 explains a "
     "message, Esc opens the menu."),
     []),
]

# The page above that explains each rule id of the rule book (F1 at the table opens it for a message).
RULE_PAGES = {"T4": 0, "T4.2": 1, "T5": 0, "T6": 2, "T7": 3, "T8": 5, "T9": 5, "T10": 4, "T11": 1, "T13": 0}
