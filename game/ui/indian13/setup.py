"""What the new-game screen offers for Indian Rummy: its presets and house rules (INDIAN_RUMMY.md),
each with one line saying what it does.  Data only; the screen builds the widgets."""

from __future__ import annotations

from game.indian13 import DEFAULT_PRESET, PRESETS, RuleSet

from ..front import HouseRule, Setup

PRESET_WORDS = {
    "Standard points": "One deal; the winner collects everyone's points (at most 80 each).",
    "CatsAtCards classic": "One deck with one joker a deck, no points cap, a dry stock voids the deal.",
    "Strict online (004)": "A declaration needs a sequence of 4 or more; losers group their own cards.",
    "Pool 101": "Deal after deal: reach 101 points and you are out; the last one in wins.",
    "Pool 201": "Deal after deal: reach 201 points and you are out; the last one in wins.",
    "Deals": "A fixed number of deals (one a player); the highest total wins.",
}

HOUSE_RULES = (
    HouseRule("Jokers", "jokers", ("cut", "printed_only", "none"), ("Cut joker + printed", "Printed only", "None"),
              "A card cut from the deck makes its rank wild (7♥ cut: every 7 is a joker)."),
    HouseRule("Joker from discards", "joker_from_discard", ("refused", "allowed"), ("Not allowed", "Allowed"),
              "Whether a joker on top of the discard pile may be taken."),
    HouseRule("Life needs 4 cards", "four_card_life", (False, True), ("No", "Yes"),
              "Yes: one of the two sequences of a declaration must hold 4 or more cards."),
    HouseRule("First drop", "first_drop", (10, 20, 25), ("10", "20", "25"),
              "Points charged for giving up a deal before your first draw."),
    HouseRule("Middle drop", "middle_drop", (30, 40, 50), ("30", "40", "50"),
              "Points charged for giving up a deal later on."),
    HouseRule("Points cap", "cap", (80, None), ("80", "No cap"), "The most a losing hand can be charged."),
    HouseRule("Stock runs out", "stock_out", ("reshuffle", "void"), ("Reshuffle", "Void deal"),
              "Reshuffle the discards into a new stock, or end the deal with no score."),
    HouseRule("Invalid declaration", "invalid_declare_ends_deal", (False, True), ("Sit out", "Ends the deal"),
              "A wrong declaration costs 80 points; the others play on, or the deal ends."),
)


def table_note(rules: RuleSet) -> str:
    return f"{rules.decks} deck{'s' if rules.decks > 1 else ''} with jokers for this table"


SETUP = Setup(PRESETS, DEFAULT_PRESET, PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 6))
