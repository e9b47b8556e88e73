"""What the new-game screen offers for Vazhushal: its presets and house rules (RULES.md V1-V11),
each with one line saying what it does, with an example.  Data only; the screen builds the widgets.
Every word here is marked for the catalogue (``N_``) and stays English: the screen translates what
it shows (the names of the presets and of the choices are also the values it compares)."""

from __future__ import annotations

from game.i18n import N_, ngettext
from game.vazhushal import PRESETS, RuleSet
from game.vazhushal.rules import FIRST_WILD_OPTIONS, TARGET_WIN_CHOICES

from ..front import HouseRule, Setup

PRESET_WORDS = {
    N_("Standard"): N_("The usual game: a negative joker, 2 decks for 3 or more players."),
    N_("Two-player classic"): N_("The usual game for two: one deck and its 2 jokers."),
    N_("Easy wilds"): N_("A wild first line card nobody can use goes to the first player."),
    N_("Printed jokers only"): N_("No negative joker: only the printed jokers are wild."),
    N_("Three with one deck"): N_("Three share one deck; the discard line keeps at most 10 cards."),
}

HOUSE_RULES = (
    HouseRule(N_("Hands to win match"), "target_wins", TARGET_WIN_CHOICES,
              tuple(str(t) if t else N_("Unlimited") for t in TARGET_WIN_CHOICES),
              N_("The first to win this many hands wins the match."), advanced=False, matched=False),
    HouseRule(N_("Negative joker"), "negative_joker", (False, True), (N_("Off"), N_("On")),
              N_("The bottom stock card: its rank, other colour, is wild (7♥ → 7♠ 7♣).")),
    HouseRule(N_("Dealt wild"), "first_wild", FIRST_WILD_OPTIONS,
              (N_("Standard"), N_("Must meld"), N_("Joker back to deck"), N_("First player takes")),
              (N_("Wild first line card: as itself in a pure sequence, or if you hold one."),
               N_("Wild first line card: taken like any card, into the new meld."),
               N_("A joker turned first goes back into the stock if nobody can use it."),
               N_("A wild first card nobody can use goes to the first player."))),
    HouseRule(N_("One deck for three"), "one_deck_for_three", (False, True), (N_("Off"), N_("On")),
              N_("Three share one deck; the 11th line card goes back under the stock.")),
    HouseRule(N_("Redeal on 3 doubles"), "redeal_on_three_doubles", (False, True), (N_("Off"), N_("On")),
              N_("Two decks: a hand with three identical pairs is dealt again.")),
    HouseRule(N_("Wild left in hand"), "wild_in_hand_value", (20, 10), ("20", "10"),
              N_("A wild still in hand when the stock runs out costs 20 (or 10).")),
)


def table_note(rules: RuleSet) -> str:
    """The line under the seats (translated: the screen calls it as it draws)."""
    return ngettext("{n} deck with jokers for this table", "{n} decks with jokers for this table",
                    rules.decks).format(n=rules.decks)


SETUP = Setup(PRESETS, "Standard", PRESET_WORDS, HOUSE_RULES, table_note, players=(2, 6),
              preset_players={"Three with one deck": 3})
