"""What the new-game screen offers for Indian Marriage: its presets and house rules (the options
table of INDIAN_21.md Part B), each with one line saying what it does.  Data only; the screen
builds the widgets."""

from __future__ import annotations

from game.marriage import DEFAULT_PRESET, PRESETS, RuleSet

from ..front import HouseRule, Setup

# the engine's presets under shorter names (the new-game screen shows them beside "Preset")
UI_PRESETS = {"Standard": PRESETS["Marriage standard"], "MaalCounter": PRESETS["Marriage maalCounter"],
              "Seen-only maal": PRESETS["Marriage seen-only maal"]}
UI_DEFAULT = next(name for name, rules in UI_PRESETS.items() if rules == PRESETS[DEFAULT_PRESET])

PRESET_WORDS = {
    "Standard": "The usual rules (Marriage standard): see the maal with three pure combinations or seven dublees.",
    "MaalCounter": "As standard, but a double marriage (tiplu, poplu and jhiplu twice) scores 30.",
    "Seen-only maal": "As standard, but a player who never saw the maal scores no maal.",
}

# Every option of INDIAN_21.md Part B's table (the rules column scrolls when they do not all fit).
HOUSE_RULES = (
    HouseRule("Game length", "deals", (None, 1, 3, 5, 10), ("One deal a player", "One deal", "3 deals", "5 deals",
                                                             "10 deals"),
              "Deal after deal, the dealer passing on; the highest total wins.", advanced=False, matched=False),
    HouseRule("Seeing by dublees", "dublee_route", (True, False), ("Allowed", "Not allowed"),
              "Seven dublees (pairs of identical cards) may be laid to see the maal."),
    HouseRule("Eight dublees, no show", "dublee_finish_without_show", (False, True), ("No", "Yes"),
              "Yes: eight dublees finish a deal even without seeing the maal first."),
    HouseRule("Finish the turn you see", "finish_same_turn", (True, False), ("Yes", "No"),
              "Whether a player may finish in the same turn it sees the maal."),
    HouseRule("Jokers in a combination", "max_wilds_per_combo", (2, 1), ("Up to two", "One"),
              "How many jokers may stand in within one combination of three."),
    HouseRule("Maal of unseen players", "unseen_maal", ("counted", "zero"), ("Counted", "Zero"),
              "Whether a player who never saw the maal still scores the maal it holds."),
    HouseRule("Double marriage", "double_marriage_points", (20, 30), ("20", "30"),
              "What two marriages (tiplu, poplu and jhiplu, twice) score."),
    HouseRule("Unseen loser pays", "unseen_game_points", (10, 15, 20), ("10", "15", "20"),
              "The game points a loser who never saw the maal pays the winner (3 when it saw)."),
    HouseRule("Seen loser pays", "seen_game_points", (3, 0, 5), ("3", "0", "5"),
              "The game points a loser who saw the maal pays the winner."),
    HouseRule("Dublee win bonus", "dublee_bonus", (5, 0, 10), ("5", "0", "10"),
              "What each loser pays on top when the winner finished with eight dublees."),
    HouseRule("Invalid finish", "invalid_finish_penalty", (10, 20, 30), ("10", "20", "30"),
              "What a player whose finish does not hold pays the winner on top of its game points."),
    HouseRule("Point value", "point_value", (1, 0.5, 2, 5), ("1", "0.5", "2", "5"),
              "What one point is worth in money when the deals are settled."),
    HouseRule("Stock runs out", "stock_out", ("reshuffle", "void"), ("Reshuffle", "Void deal"),
              "Reshuffle the discards into a new stock, or end the deal with no score."),
)


def table_note(rules: RuleSet) -> str:
    deals = f"{rules.deal_count} deal{'s' if rules.deal_count != 1 else ''}" if rules.format == "deals" else "one deal"
    return f"3 decks, no printed jokers · 21 cards each · {deals}"


SETUP = Setup(UI_PRESETS, UI_DEFAULT, PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 5))
