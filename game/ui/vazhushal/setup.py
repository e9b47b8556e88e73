"""What the new-game screen offers for Vazhushal: its presets and house rules (RULES.md V1-V11),
each with one line saying what it does, with an example.  Data only; the screen builds the widgets."""

from __future__ import annotations

from game.vazhushal import PRESETS, RuleSet
from game.vazhushal.rules import FIRST_WILD_OPTIONS, TARGET_WIN_CHOICES

from ..front import HouseRule, Setup

PRESET_WORDS = {
    "Standard": "The usual game: a negative joker, 2 decks for 3 or more players.",
    "Two-player classic": "The usual game for two: one deck and its 2 jokers.",
    "Easy wilds": "A wild first line card nobody can use goes to the first player.",
    "Printed jokers only": "No negative joker: only the printed jokers are wild.",
    "Three with one deck": "Three share one deck; the discard line keeps at most 10 cards.",
}

HOUSE_RULES = (
    HouseRule("Hands to win match", "target_wins", TARGET_WIN_CHOICES,
              tuple(str(t) if t else "Unlimited" for t in TARGET_WIN_CHOICES),
              "The first to win this many hands wins the match.", advanced=False, matched=False),
    HouseRule("Negative joker", "negative_joker", (False, True), ("Off", "On"),
              "The bottom stock card: its rank, other colour, is wild (7♥ → 7♠ 7♣)."),
    HouseRule("Dealt wild", "first_wild", FIRST_WILD_OPTIONS,
              ("Standard", "Must meld", "Joker back to deck", "First player takes"),
              ("Wild first line card: as itself in a pure sequence, or if you hold one.",
               "Wild first line card: taken like any card, into the new meld.",
               "A joker turned first goes back into the stock if nobody can use it.",
               "A wild first card nobody can use goes to the first player.")),
    HouseRule("One deck for three", "one_deck_for_three", (False, True), ("Off", "On"),
              "Three share one deck; the 11th line card goes back under the stock."),
    HouseRule("Redeal on 3 doubles", "redeal_on_three_doubles", (False, True), ("Off", "On"),
              "Two decks: a hand with three identical pairs is dealt again."),
    HouseRule("Wild left in hand", "wild_in_hand_value", (20, 10), ("20", "10"),
              "A wild still in hand when the stock runs out costs 20 (or 10)."),
)


def table_note(rules: RuleSet) -> str:
    return f"{rules.decks} deck{'s' if rules.decks > 1 else ''} with jokers for this table"


SETUP = Setup(PRESETS, "Standard", PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 6),
              preset_players={"Three with one deck": 3})
