"""The guided first hand of Indian Marriage: a fixed deal in which you expose a dealt tunnela, draw,
make a pure sequence, see the maal (the tiplu is turned up: now you learn the jokers and the
maal), discard, take from the discard pile, use a joker, group the rest and finish; the results
then show the maal settled.  No pygame here: the in-hand table draws the coach bubble and asks the
tutorial what the patient opponent does.

The deal is a CONTRACT.md ``marriage-state`` document, validated by the engine like any saved
game.  You expose 8♠ 8♠ 8♠ (M2.3), draw the 4♦ and group 2♦ 3♦ 4♦: with 4♥ 5♥ 6♥ and the exposed
tunnela that is three pure combinations, so you see the maal (M6).  The tiplu is then the stock's
middle card (M4.1): the deal puts a 5♥ there, so every 5 is a joker, the 6♥ is the poplu and the
4♥ the jhiplu, and the 4♥ 5♥ 6♥ you laid turns out to be a marriage.  You throw the J♠, take the K♣
the opponent throws (K♠ K♦ K♣), group Q♥ K♥ 5♣ (the 5♣ stands in for the J♥), 9♠ 9♦ 9♣ and
7♠ 7♦ 7♣, and finish with the 2♣ face down (M7.1).  The opponent exposes nothing, only draws from
the stock and throws back (the K♣ first), never seeing nor finishing, so the script holds whatever
you do; if you leave it, the coach says so and the hand plays on.
"""

from __future__ import annotations

from typing import ClassVar

from game.i18n import N_
from game.marriage import Action, RuleSet, Series, State, from_json
from game.marriage.state import EXPOSE, OVER

from ..match import HUMAN
from ..tutorial import HandScript, Step, deck_less, guided_document, patient_move
from .match import MarriageMatch

TUNNELA = "8S 8S 8S"  # exposed at the deal: 5 maal points, and one of the three pure combinations
YOU = (TUNNELA + " "
       "2D 3D "  # a pure sequence once you draw the 4♦
       "4H 5H 6H "  # a pure sequence, and a marriage once the 5♥ is the tiplu
       "KS KD "  # a triplet once you take the K♣ the opponent throws
       "QH KH 5C "  # a sequence with a joker once the 5s are jokers (the 5♣ stands in for the J♥)
       "9S 9D 9C 7S 7D 7C "  # two triplets
       "JS 2C")  # the J♠ you discard, the 2♣ you finish with (face down)
OPEN_CARD = "QC"  # the discard pile's first card: no use to you
STOCK_TOP = "4D 10C"  # you draw the 4♦, the opponent the 10♣ (and throws the K♣ it holds)
TIPLU = "5H"  # the stock's middle card when you see (M4.1: index s // 2 of the s cards left)
# Loose cards, no tunnela, no maal card: the K♣ it throws, nothing it could finish with.
OPPONENT = "KC AC 3C 6C 10D QD AD 2H 3H 7H 10H AH 2S 4S 6S 10S QS JD 4C 9H 8H"
# Translators: the kind of player the tutorial's opponent is, shown under its name (as "Medium" is for a bot).
TUTOR = N_("Tutor")  # stored English (the match's level), translated where it is drawn

GROUPS = {"pure": ("2D 3D 4D",), "joker": ("QH KH 5C",), "rest": ("KS KD KC", "9S 9D 9C", "7S 7D 7C")}
EXPECTED = (("expose", None), ("draw_stock", None), ("see_maal", None), ("discard", "JS"), ("take_discard", None),
            ("declare", None))  # your moves in the script (``None``: any card)


def tutorial_state() -> State:
    """The fixed deal: you (seat 0) against one patient opponent, you to expose and play first."""
    stock = STOCK_TOP.split() + deck_less(3, 0, YOU, OPPONENT, STOCK_TOP, OPEN_CARD, TIPLU)  # no printed jokers (M1.1)
    stock.insert(len(stock) // 2 + 1, TIPLU)  # the middle of the stock left when you see, after your draw (M4.1)
    rules = RuleSet(players=2, format="points").to_json()
    return from_json(guided_document(
        "marriage-state", rules, stock=stock, discard=[OPEN_CARD], hands=[YOU.split(), OPPONENT.split()],
        exposed=[[], []], shown=[[], []], seen=[None, None], tiplu=None, finish=None, out=[None, None],
        taken_discard=None, phase=EXPOSE, totals=[0, 0]))


def tutorial_match() -> MarriageMatch:
    """A practice game of one deal: never saved over your game, never counted in the statistics."""
    state = tutorial_state()
    series = Series(state.rules, list(state.seats), [0, 0], 0, state.dealer)
    match = MarriageMatch(series, state, [HUMAN, TUTOR], seed=0, deal_start=state)
    match.practice = True
    return match


def opponent_move(state: State) -> Action:
    """The patient opponent: exposes nothing, then draws from the stock and throws back the K♣ if it
    holds it, else the card it drew (it never sees nor finishes)."""
    return Action.expose(state.turn) if state.phase == EXPOSE else patient_move(state, Action, "KC")


# The steps in order: each one's key, title, words, the place on the table it points at, and the hint a
# wrong try adds (the steps that group cards share one, naming the cards: ``GROUPS``).
STEPS = (
    # at the deal (M2.3)
    Step(key="expose", title=N_("1. Expose your tunnela"), target="expose",
         words=N_("8♠ 8♠ 8♠ (three identical cards) is a tunnela. Laid face up now, before the first draw, it "
                  "scores maal points and counts as one of the three pure combinations you need to see the maal. "
                  "Press E (or Expose), then Expose."), hint=N_("Press E (or click Expose), then Expose.")),
    # your first turn: a draw, a pure sequence, seeing the maal (M6), what it shows (M4), a discard
    Step("draw", N_("2. Draw"), N_("Each turn starts with a card: click the stock (or press N). Nobody knows the "
         "jokers yet: the tiplu, which decides them, is turned up when someone first sees the maal."), "stock",
         hint=N_("Start your turn from the stock: click it, or press N.")),
    Step("pure", N_("3. A pure sequence"), N_("You drew the 4♦. 2♦ 3♦ 4♦ is a pure sequence: three cards in a "
         "row of one suit. Select the three (click each, or ←→ and Space), then Group (G)."), "hand"),
    Step("see", N_("4. See the maal"), target="see", hint=N_("Press M (or click See maal), then See the maal."),
         words=N_("4♥ 5♥ 6♥ is a pure sequence too: with your tunnela that makes three pure combinations. Press M "
                  "(or See maal) and confirm: the two sequences go face up and you see the tiplu.")),
    Step("jokers", N_("5. The tiplu: jokers and maal"), N_("The tiplu is 5♥: every 5 is now a joker, and so are "
         "the 6♥ (poplu) and 4♥ (jhiplu); jokers carry a W. Tiplu, poplu and jhiplu are the maal: your 4♥ 5♥ 6♥ "
         "is a marriage, 10 points. Throw the J♠: double-click it (or ←→ to it and D)."),
         "tiplu", hint=N_("Now throw the J♠: double-click it, or ←→ to it and D.")),
    # the opponent's turn, then yours: a take (M5), a joker (M3.4), the finish (M7.1)
    Step("wait", N_("Your opponent plays"), N_("Watch: your opponent draws and throws the K♣."), "discard"),
    Step("take", N_("6. Take from the discard pile"), N_("The K♣ makes K♠ K♦ K♣, a triplet (one rank, three "
         "suits): click the discard pile (or press T). A card you take stays in your hand this turn."), "discard",
         N_("Take the K♣: click the discard pile, or press T.")),
    Step("joker", N_("7. A joker stands in"), N_("Q♥ K♥ 5♣ is a sequence: the 5♣, a joker, stands in for the "
         "J♥. Only a player who has seen the maal may use jokers. Select the three, then G."), "hand"),
    Step("rest", N_("8. Every card in a combination"), N_("To finish, your hand must be four combinations of "
         "three and one card. Group K♠ K♦ K♣, then 9♠ 9♦ 9♣, then 7♠ 7♦ 7♣ (triplets): select each, then G."),
         "hand"),
    Step("declare", N_("9. Finish"), N_("Only the 2♣ is left: your finish card. Select it, then Declare (or F) "
         "and confirm. The results settle the maal (each player's points against the others') and the game "
         "points the loser pays: 10, as it has not seen. New game there starts a real game."),
         "declare", hint=N_("Select only the 2♣ (click it, or ←→ and Space), then F.")),
)


class TutorialMarriage(HandScript):
    """The coach of Marriage's guided hand (:data:`STEPS`), following the fixed deal."""

    GROUPS: ClassVar[dict[str, tuple[str, ...]]] = GROUPS
    STEPS: ClassVar[tuple[Step, ...]] = STEPS
    EXPECTED: ClassVar[tuple[tuple[str, str | None], ...]] = EXPECTED
    MOVES: ClassVar[dict[str, str]] = {"expose": "expose", "draw": "draw_stock", "see": "see_maal",
                                       "jokers": "discard"}  # a step done by a move of yours (the first is expose)

    def is_done(self, key: str, s: State, *seen: object) -> bool:
        mine = self.moves(s)
        if key in self.MOVES:
            return self.MOVES[key] in mine
        if key == "pure" and "see_maal" in mine:  # seen without grouping them first: the step is behind you
            return True
        return s.phase == OVER or self.common_done(key, s, seen[0] if seen else [])

    def note(self, state: State) -> str:
        exposed = next((e for e in state.history if e["player"] == 0 and e["type"] == "expose"), None)
        if exposed is not None and not exposed.get("groups"):  # the tunnela kept in hand: another way to see
            self.off_script = True
        return super().note(state)
