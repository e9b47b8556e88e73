"""What the new-game screen offers for 21-card Indian Rummy (and 27-card Rummy): its presets and
house rules (the "T options" table of INDIAN_21.md), each with one line saying what it does.  Data
only; the screen builds the widgets.

Every option of the rule set is here as data: :data:`HOUSE_RULES` are the ones the new-game screen
shows (nine rows under "Advanced" is what it has room for at 1280x720), :data:`OTHER_OPTIONS` the
rest, each with the line that says what it does (the presets set them, the referee's ``--rules``
sets any of them; a test checks that the two together name every option).

27 cards are dealt to 2-5 players only (T16): :class:`TableRules` is the rule set as the screen
holds it, whose ``with_players`` deals 21 cards when six sit down with a 27-card preset (the note
under the seats says so), so no choice on the screen can make a table the rules refuse.
"""

from __future__ import annotations

from dataclasses import fields, replace

from game.i18n import N_, _, ngettext
from game.indian21 import DEFAULT_PRESET, PRESETS, RuleSet
from game.indian21.rules import MAX_PLAYERS, OPTION_NAMES, TWENTY_SEVEN

from ..front import HouseRule, Setup

_TWENTY_ONE = {name: getattr(RuleSet(), name) for name in TWENTY_SEVEN}  # what T16 changes, as 21 cards have it


class TableRules(RuleSet):
    """The rule set as the new-game screen holds it: the engine's :class:`RuleSet` whose
    ``with_players`` gives a table the rules allow for any number of seats the screen offers (a
    27-card preset at six seats deals 21 cards, T16)."""

    __slots__ = ()

    def with_players(self, players: int) -> TableRules:
        if players > MAX_PLAYERS[self.hand_size]:
            options = {f.name: getattr(self, f.name) for f in fields(RuleSet)}
            return Fallen(**{**options, **_TWENTY_ONE, "players": players})
        return replace(self, players=players)


class Fallen(TableRules):
    """A 27-card rule set dealt as 21 cards because more players sit than 27 cards allow."""

    __slots__ = ()


def engine_rules(rules: RuleSet) -> RuleSet:
    """The engine's own :class:`RuleSet` of the same options (what a match plays and saves)."""
    return RuleSet(**{f.name: getattr(rules, f.name) for f in fields(RuleSet)})


def table_rules(rules: RuleSet) -> TableRules:
    return TableRules(**{f.name: getattr(rules, f.name) for f in fields(RuleSet)})


TABLE_PRESETS = {name: table_rules(rules) for name, rules in PRESETS.items()}

PRESET_WORDS = {
    N_("21-card standard"): N_("21 cards each. Show with 3 pure sequences, 3 tunnelas, 8 dublees or 8 jokers; "
                        "value cards and marriages score."),
    N_("27-card"): N_("27 cards each (2-5 players), two upper and two lower jokers. Show with 4 pure sequences, "
               "4 tunnelas, 10 dublees or 10 jokers."),
    N_("21-card no value cards"): N_("As standard, but the cut joker's copies and its upper and lower jokers score "
                              "no value points."),
    N_("21-card deals"): N_("A fixed number of deals (one a player): the results add up and the highest total wins."),
}

HOUSE_RULES = (
    HouseRule(N_("Joker from discards"), "joker_from_discard", ("refused", "allowed"),
              (N_("Not allowed"), N_("Allowed")),
              N_("Whether a joker on top of the discard pile may be taken (the open card always may).")),
    HouseRule(N_("Jokers in one meld"), "max_jokers_per_meld", ("unlimited", 1), (N_("Any number"), N_("One")),
              N_("How many jokers may stand in within one sequence or set (one card of it stays itself).")),
    HouseRule(N_("Value cards"), "value_cards", (True, False), (N_("Score"), N_("Off")),
              N_("The cut joker's copies and its upper and lower jokers score 10, 30, 50; a marriage of them 100.")),
    HouseRule(N_("First drop"), "first_drop", (30, 20, 40), ("30", "20", "40"),
              N_("Points charged for giving up a deal before your first draw.")),
    HouseRule(N_("Middle drop"), "middle_drop", (70, 50, 80), ("70", "50", "80"),
              N_("Points charged for giving up a deal later on.")),
    HouseRule(N_("Points cap"), "cap", (120, 150, None), ("120", "150", N_("No cap")),
              N_("The most a loser pays for its cards (a wrong show costs as much).")),
    HouseRule(N_("Half for a first turn"), "half_rule", (True, False), (N_("Yes"), N_("No")),
              N_("A loser who had not played a turn when the show came pays half its count.")),
    HouseRule(N_("Wrong show"), "invalid_declare_ends_deal", (False, True), (N_("Sits out"), N_("Ends the deal")),
              N_("A show that is not valid is charged as the cap; the others play on, or the deal ends.")),
    HouseRule(N_("Losers' cards"), "auto_arrange_losers", (True, False), (N_("Auto-grouped"), N_("They show")),
              N_("After a show the table groups each loser's cards for the fewest points, or each loser groups "
              "and shows its own.")),
)

# Every other option of the T table, with what it does (the presets and the referee's --rules set them).
OTHER_OPTIONS = {
    "hand_size": N_("Cards dealt to each player: 21, or 27 (the 27-card preset)."),
    "value_offsets": N_("Upper and lower jokers: one each (21 cards) or two each (27 cards)."),
    "wild_rank": N_("The cut card's rank is wild in every suit, or in the cut card's own suit only."),
    "pj_cut_value": N_("A printed joker cut: the A♠ alone is a value card, or A♠ with K♠ and 2♠."),
    "show_pure_sequences": N_("Pure sequences (tunnelas count) that show with every card in a meld; 0: that way "
                              "is off."),
    "show_tunnelas": N_("Tunnelas that make a show whatever the other cards; 0: off."),
    "show_dublees": N_("Dublees that make a show whatever the other cards; 0: off."),
    "show_jokers": N_("Jokers in one group that make a show whatever the other cards; 0: off."),
    "near_show_points": N_("What a loser pays whose cards nearly make a show; 0: no such rule."),
    "near_dublees": N_("Dublees that make a loser's near show."),
    "near_jokers": N_("Jokers that make a loser's near show."),
    "half_rounding": N_("Half a count rounded down or up."),
    "invalid_declare_penalty": N_("What a wrong show costs."),
    "auto_arrange_declarer": N_("A show judged as grouped, or as the table can group the same cards."),
    "value_table": N_("What 1, 2 and 3 value cards of one kind score."),
    "marriage_table": N_("What 1, 2 and 3 marriages score."),
    "stock_out": N_("When the stock runs out: the discards are shuffled into a new one, or the deal is void."),
    "format": N_("One deal settled alone (points), or a number of deals added up."),
    "point_value": N_("Money a point is worth."),
    "deals": N_("Deals in a game of deals (none: one a player)."),
}
assert set(OTHER_OPTIONS) | {r.option for r in HOUSE_RULES} == set(OPTION_NAMES), "every option, once"


def table_note(rules: RuleSet) -> str:
    """The line under the seats: the cards and the game's length."""
    if isinstance(rules, Fallen):
        return _("27 cards are for 2-{most} players: with {players}, 21 cards each").format(
            most=MAX_PLAYERS[27], players=rules.players)
    if rules.format == "deals":
        return ngettext("3 decks and 3 jokers · {cards} cards each · {n} deal",
                        "3 decks and 3 jokers · {cards} cards each · {n} deals", rules.deal_count).format(
                            cards=rules.hand_size, n=rules.deal_count)
    return _("3 decks and 3 jokers · {cards} cards each · one deal").format(cards=rules.hand_size)


SETUP = Setup(TABLE_PRESETS, DEFAULT_PRESET, PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 6))
