"""How to play Vazhushal (RULES.md with the project's defaults), in plain words with drawn
examples: the pages the How-to-play screen shows for this game.

Each page is ``(title, text, [(caption, cards, wild cards)])`` (:data:`game.ui.front.Page`); the
words are marked for the catalogue (``N_``) and translated where How to play shows them.
"""

from __future__ import annotations

from game.i18n import N_

PAGES = [
    (N_("Melds"), N_("Everyone gets 13 cards. Lay your cards down in melds; the first to meld all but one card and "
     "discard the last goes out and wins the hand.\nA sequence is 3 or more cards of one suit in order; the "
     "ace is low (A-2-3) or high (Q-K-A), never both. A set is 3 or 4 cards of one rank, all of different "
     "suits. A pure sequence has no card used as a wild."),
     [(N_("pure sequence"), "5H 6H 7H 8H", ""), (N_("set"), "7S 7H 7C", ""),
      (N_("sequence with a joker"), "9C JK JC", "JK")]),
    (N_("Wild cards"), N_("The bottom card of the stock is turned face up: the negative joker. Cards of its rank "
     "and the OTHER colour are wild, and so are the printed jokers. A wild stands for any card; every meld needs at "
     "least one natural card. Wild cards carry a gold W badge everywhere.\nA wild card used as itself, in its own "
     "place, is natural: 8♥ 9♥ 10♥ is still pure with red 8s wild."),
     [(N_("negative joker 8♣"), "8C", ""), (N_("so these are wild"), "8H 8D JK", "8H 8D JK"),
      (N_("still pure"), "8H 9H 10H", "8H")]),
    (N_("A turn"), N_("1. Draw the top card of the stock, or wipe cards from the discard line (next page).\n"
     "2. Meld as much as you like: new melds, add cards to your melds, rearrange your own melds.\n"
     "3. Discard one card onto the newest end of the line. Every turn ends with a discard, so keep one card.\n"
     "Cards once melded stay on your table. You never touch another player's melds."),
     [(N_("draw"), "", ""), (N_("meld"), "QS KS AS", ""), (N_("discard"), "4D", "")]),
    (N_("The wipe"), N_("The discard line stays in order, every card visible. You may take any card of it "
     "together with every newer card. The deepest card you take must at once start a NEW meld, with cards from your hand "
     "and/or the other cards taken. The rest go to your hand.\nExample (oldest first): line 6♦ Q♠ J♠ K♦ 9♠, "
     "your hand 8♠ 10♠ 6♣ 6♥, no melds yet. You may take the 9♠ for 8♠ 9♠ 10♠, or go down to the J♠ for "
     "8♠ 9♠ 10♠ J♠ — but not to the 6♦ for a set of 6s: a first meld must be a pure sequence."),
     [(N_("the line, oldest first"), "6D QS JS KD 9S", ""), (N_("your hand"), "8S 10S 6C 6H", ""),
      (N_("wipe to the J♠"), "8S 9S 10S JS", "")]),
    (N_("First meld, dealt wild"), N_("Your first meld of the hand must be a pure sequence, and your melds must "
     "always include one. Before your first meld there are two ways to wipe: the new meld is a pure "
     "sequence holding the deepest card, or you first lay down a pure sequence from your hand — the only "
     "meld allowed before drawing — and then wipe for any legal meld.\nThe first card of the line, when "
     "it is wild, may be taken only as itself in a pure sequence, or by a player with a pure sequence on the "
     "table or in hand."),
     [(N_("first meld: pure"), "3D 4D 5D", ""), (N_("then anything"), "KS KH JK", "JK")]),
    (N_("End of a hand"), N_("Going out ends the hand at once. When the last stock card (the negative joker) is "
     "drawn and the player does not go out, everyone may still meld from the hand once, in turn; then "
     "each scores melded cards minus cards left in hand. A, K, Q, J, 10 count 10, 2–9 their pips; a wild left "
     "in hand costs 20. Highest score wins the hand; each hand won is a point, and the first to the target "
     "(5 by default) wins the match."),
     [(N_("melded: +30"), "10C JC QC", ""), (N_("left in hand: −29"), "9S JK", "JK")]),
    (N_("Controls"), N_("Mouse: click the stock to draw; click a line card to wipe (hover shows what you would take). "
     "Click cards to select them (shift-click for a range, or drag a box around them); drag them onto “New meld” "
     "or onto one of your melds, then Confirm. Drag a card back to your hand or between melds to rearrange. "
     "Drag one card onto the line, or double-click it, to discard.\nKeys: arrows move, Space selects, M melds "
     "(and confirms), 1–9 add the selection to meld n, D discards (Done after the stock runs out), N draws, "
     "S sorts, H hints, U undoes within the turn, L shows the log, Esc opens the menu, F11 fullscreen."),
     []),
]
