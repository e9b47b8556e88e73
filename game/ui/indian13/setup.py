"""What the new-game screen offers for Indian Rummy: its presets and house rules (INDIAN_RUMMY.md),
each with one line saying what it does.  Data only; the screen builds the widgets."""

from __future__ import annotations

from game.i18n import N_, ngettext
from game.indian13 import DEFAULT_PRESET, PRESETS, RuleSet

from ..front import HouseRule, Setup

PRESET_WORDS = {
    N_("Standard points"): N_("One deal; the winner collects everyone's points (at most 80 each)."),
    N_("CatsAtCards classic"): N_("One deck with one joker a deck, no points cap, a dry stock voids the deal."),
    N_("Strict online (004)"): N_("A declaration needs a sequence of 4 or more; losers group their own cards."),
    N_("Pool 101"): N_("Deal after deal: reach 101 points and you are out; the last one in wins."),
    N_("Pool 201"): N_("Deal after deal: reach 201 points and you are out; the last one in wins."),
    N_("Deals"): N_("A fixed number of deals (one a player); the highest total wins."),
}

HOUSE_RULES = (
    HouseRule(N_("Jokers"), "jokers", ("cut", "printed_only", "none"),
              (N_("Cut joker + printed"), N_("Printed only"), N_("None")),
              N_("A card cut from the deck makes its rank wild (7♥ cut: every 7 is a joker).")),
    HouseRule(N_("Joker from discards"), "joker_from_discard", ("refused", "allowed"),
              (N_("Not allowed"), N_("Allowed")),
              N_("Whether a joker on top of the discard pile may be taken.")),
    HouseRule(N_("Life needs 4 cards"), "four_card_life", (False, True), (N_("No"), N_("Yes")),
              N_("Yes: one of the two sequences of a declaration must hold 4 or more cards.")),
    HouseRule(N_("First drop"), "first_drop", (10, 20, 25), ("10", "20", "25"),
              N_("Points charged for giving up a deal before your first draw.")),
    HouseRule(N_("Middle drop"), "middle_drop", (30, 40, 50), ("30", "40", "50"),
              N_("Points charged for giving up a deal later on.")),
    HouseRule(N_("Points cap"), "cap", (80, None), ("80", N_("No cap")), N_("The most a losing hand can be charged.")),
    HouseRule(N_("Stock runs out"), "stock_out", ("reshuffle", "void"), (N_("Reshuffle"), N_("Void deal")),
              N_("Reshuffle the discards into a new stock, or end the deal with no score.")),
    HouseRule(N_("Invalid declaration"), "invalid_declare_ends_deal", (False, True),
              (N_("Sit out"), N_("Ends the deal")),
              N_("A wrong declaration costs 80 points; the others play on, or the deal ends.")),
)


def table_note(rules: RuleSet) -> str:
    return ngettext("{n} deck with jokers for this table", "{n} decks with jokers for this table",
                    rules.decks).format(n=rules.decks)


SETUP = Setup(PRESETS, DEFAULT_PRESET, PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 6))
