"""What the new-game screen offers for Indian Marriage: its presets and house rules (the options
table of INDIAN_21.md Part B), each with one line saying what it does.  Data only; the screen
builds the widgets."""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.marriage import DEFAULT_PRESET, PRESETS, RuleSet

from ..front import HouseRule, Setup

# the engine's presets under shorter names (the new-game screen shows them beside "Preset")
UI_PRESETS = {"Standard": PRESETS["Marriage standard"], "MaalCounter": PRESETS["Marriage maalCounter"],
              "Seen-only maal": PRESETS["Marriage seen-only maal"]}
UI_DEFAULT = next(name for name, rules in UI_PRESETS.items() if rules == PRESETS[DEFAULT_PRESET])

PRESET_WORDS = {
    N_("Standard"): N_("The usual rules (Marriage standard): see the maal with three pure combinations or seven "
                       "dublees."),
    N_("MaalCounter"): N_("As standard, but a double marriage (tiplu, poplu and jhiplu twice) scores 30."),
    N_("Seen-only maal"): N_("As standard, but a player who never saw the maal scores no maal."),
}

# Every option of INDIAN_21.md Part B's table (the rules column scrolls when they do not all fit).
HOUSE_RULES = (
    HouseRule(N_("Game length"), "deals", (None, 1, 3, 5, 10),
              (N_("One deal a player"), N_("One deal"), N_("3 deals"), N_("5 deals"), N_("10 deals")),
              N_("Deal after deal, the dealer passing on; the highest total wins."), advanced=False, matched=False),
    HouseRule(N_("Seeing by dublees"), "dublee_route", (True, False), (N_("Allowed"), N_("Not allowed")),
              N_("Seven dublees (pairs of identical cards) may be laid to see the maal.")),
    HouseRule(N_("Eight dublees, no show"), "dublee_finish_without_show", (False, True), (N_("No"), N_("Yes")),
              N_("Yes: eight dublees finish a deal even without seeing the maal first.")),
    HouseRule(N_("Finish the turn you see"), "finish_same_turn", (True, False), (N_("Yes"), N_("No")),
              N_("Whether a player may finish in the same turn it sees the maal.")),
    HouseRule(N_("Jokers in a combination"), "max_wilds_per_combo", (2, 1), (N_("Up to two"), N_("One")),
              N_("How many jokers may stand in within one combination of three.")),
    HouseRule(N_("Maal of unseen players"), "unseen_maal", ("counted", "zero"), (N_("Counted"), N_("Zero")),
              N_("Whether a player who never saw the maal still scores the maal it holds.")),
    HouseRule(N_("Double marriage"), "double_marriage_points", (20, 30), ("20", "30"),
              N_("What two marriages (tiplu, poplu and jhiplu, twice) score.")),
    HouseRule(N_("Unseen loser pays"), "unseen_game_points", (10, 15, 20), ("10", "15", "20"),
              N_("The game points a loser who never saw the maal pays the winner (3 when it saw).")),
    HouseRule(N_("Seen loser pays"), "seen_game_points", (3, 0, 5), ("3", "0", "5"),
              N_("The game points a loser who saw the maal pays the winner.")),
    HouseRule(N_("Dublee win bonus"), "dublee_bonus", (5, 0, 10), ("5", "0", "10"),
              N_("What each loser pays on top when the winner finished with eight dublees.")),
    HouseRule(N_("Invalid finish"), "invalid_finish_penalty", (10, 20, 30), ("10", "20", "30"),
              N_("What a player whose finish does not hold pays the winner on top of its game points.")),
    HouseRule(N_("Point value"), "point_value", (1, 0.5, 2, 5), ("1", "0.5", "2", "5"),
              N_("What one point is worth in money when the deals are settled.")),
    HouseRule(N_("Stock runs out"), "stock_out", ("reshuffle", "void"), (N_("Reshuffle"), N_("Void deal")),
              N_("Reshuffle the discards into a new stock, or end the deal with no score.")),
)


def table_note(rules: RuleSet) -> str:
    if rules.format == "deals":
        return ngettext("3 decks, no printed jokers · 21 cards each · {n} deal",
                        "3 decks, no printed jokers · 21 cards each · {n} deals", rules.deal_count).format(
                            n=rules.deal_count)
    return _("3 decks, no printed jokers · 21 cards each · one deal")


SETUP = Setup(UI_PRESETS, UI_DEFAULT, PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 5))
