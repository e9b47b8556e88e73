"""The guided first hand of 13-card Indian Rummy: a fixed deal in which you meet the cut joker,
draw from the stock and from the discard pile, group a pure sequence (by dragging), a pure sequence
by keys, a sequence with a joker and a set, watch your points fall, discard, and declare.  No
pygame here: the in-hand table draws the coach bubble and asks the tutorial what the patient
opponent does.

The deal is a CONTRACT.md ``indian13-state`` document, validated by the engine like any saved
game.  The 5♦ is cut, so every 5 is wild (the 5♠ in your hand too).  You draw the 4♦ (2♦ 3♦ 4♦),
throw the K♠, take the 9♥ the opponent throws (7♥ 8♥ 9♥ 10♥), group J♣ Q♣ 5♠ and 4♠ 4♣ 4♥, and
declare with the 10♠ face down.  The opponent only draws from the stock and throws back (the 9♥
first), never declaring, so the script holds whatever you do; if you leave it, the coach says so
and the hand plays on.
"""

from __future__ import annotations

from typing import ClassVar

from game.core.cards import KIND_OF, RANKS, SUITS, parse_kind
from game.i18n import N_, _
from game.indian13 import Action, RuleSet, Series, State, from_json
from game.indian13.state import DRAW, OVER

from ..match import HUMAN
from ..tutorial import Script, Step
from ..wording import card_text
from .match import Indian13Match

YOU = ("2D 3D "  # a pure sequence once you draw the 4♦
       "7H 8H 10H "  # a pure sequence once you take the 9♥ the opponent throws
       "JC QC 5S "  # a sequence with a joker: the 5♠ is wild (the cut 5♦ makes every 5 wild)
       "4S 4C 4H "  # a set
       "KS 10S")  # the K♠ you discard, the 10♠ you declare with (face down)
CUT = "5D"
OPEN_CARD = "KD"  # the discard pile's first card: no use to you
STOCK_TOP = "4D 6C"  # you draw 4♦, the opponent 6♣ (and throws the 9♥ it holds)
OPPONENT = "9H AC 3C 7C 9C KC 6D 8D 10D QD 2H 6H JH"  # loose cards: the 9♥ it throws, no meld, no joker
FINISH = "10S"
# Translators: the kind of player the tutorial's opponent is, shown under its name (as "Medium" is for a bot).
TUTOR = N_("Tutor")  # stored English (the match's level), translated where it is drawn

GROUPS = {"pure": "2D 3D 4D", "keys": "7H 8H 9H 10H", "joker": "JC QC 5S", "set": "4S 4C 4H"}


def kinds(cards: str) -> tuple[int, ...]:
    """``"2D 3D"`` as the engine's kinds."""
    return tuple(parse_kind(c) for c in cards.split())


def tutorial_state() -> State:
    """The fixed deal: you (seat 0) against one patient opponent, you to play first."""
    used = (YOU + " " + OPPONENT + " " + STOCK_TOP + " " + OPEN_CARD + " " + CUT).split()
    deck = [r + s for _ in range(2) for s in SUITS for r in RANKS] + ["JK"] * 4
    rest = list(deck)
    for token in used:
        rest.remove(token)
    stock = STOCK_TOP.split() + rest  # top first
    doc = {
        "format": "indian13-state", "version": 1, "rules": RuleSet(players=2).to_json(),
        "seats": [{"name": "You", "kind": "human"}, {"name": "Coach", "kind": "bot:tutor"}],
        "dealer": 1, "cut_joker": CUT, "stock": stock, "discard": [OPEN_CARD], "hands": [YOU.split(), OPPONENT.split()],
        "finish": None, "out": [None, None], "has_drawn": [False, False], "taken_discard": None, "turn": 0,
        "phase": DRAW, "totals": [0, 0], "result": None, "history": [],
    }
    return from_json(doc)


def tutorial_match() -> Indian13Match:
    """A practice game of one deal: never saved over your game, never counted in the statistics."""
    state = tutorial_state()
    series = Series.start(state.rules, state.seats)
    series.seat_map = [0, 1]
    series.dealer = state.dealer
    match = Indian13Match(series, state, [HUMAN, TUTOR], seed=0, deal_start=state)
    match.practice = True
    return match


def opponent_move(state: State) -> Action:
    """The patient opponent: draws from the stock, then throws back the 9♥ if it holds it, else the
    card it drew (a legal move that never interferes, never a declaration)."""
    seat = state.turn
    if state.phase == DRAW:
        return Action.draw_stock(seat)
    hand = [KIND_OF[c] for c in state.hands[seat]]
    nine = kinds("9H")[0]
    return Action.discard(seat, nine if nine in hand else hand[-1])


# The steps in order.  The steps that group cards share one hint (the cards named from ``GROUPS``).
STEPS = (
    Step("draw", N_("1. The cut joker, then draw"),
         N_("The 5♦ under “Cut joker” makes every 5 wild (your 5♠ too), as are the printed jokers: a wild card "
            "stands in for any card a meld needs. Each turn starts with a card: click the stock (or press N)."),
         "stock", N_("Start your turn from the stock: click it, or press N.")),
    Step("pure", N_("2. A pure sequence, by mouse"), N_("You drew the 4♦. 2♦ 3♦ 4♦ is a pure sequence: three or "
         "more cards in a row of one suit, no wild card. Drag the 4♦ onto your 2♦ 3♦ group (keys: ←→ to the 4♦, "
         "then 1–9 for the group's number)."), "hand",
         N_("Put the 4♦ into the group of the 2♦ and 3♦: drag it there.")),
    Step("discard", N_("3. Discard"), N_("Every turn ends with a discard. The K♠ is no use to you: double-click "
         "it (or drag it onto the discard pile, or ←→ to it and press D)."), "hand",
         N_("Now throw the K♠: double-click it, or ←→ to it and D.")),
    Step("wait", N_("Your opponent plays"), N_("Watch: your opponent draws and throws the 9♥."), "discard"),
    Step("take", N_("4. Take from the discard pile"),
         N_("The 9♥ fits between your 8♥ and 10♥: click the discard pile (or press T) to take it. A card you take "
            "from the pile stays in your hand this turn."),
         "discard", N_("Take the 9♥: click the discard pile, or press T.")),
    Step("keys", N_("5. A pure sequence, by keys"), N_("Make 7♥ 8♥ 9♥ 10♥ a group: ←→ to each of them and Space "
         "to select it, then G (or click them and press Group). The 9♥ you took cannot be thrown this turn."), "hand"),
    Step("joker", N_("6. A sequence with a joker"),
         N_("J♣ Q♣ and the wild 5♠ (standing in for the K♣) are a sequence too. Select the three, then G. You need "
            "two sequences, one of them pure; the others may use jokers."), "hand"),
    Step("set", N_("7. A set, and your points"), N_("4♠ 4♣ 4♥ (one rank, each of another suit) is a set: click "
         "them (or ←→ and Space), then G. Watch Points over your hand: cards outside a meld count (face cards "
         "10), melds count nothing."), "hand"),
    Step("declare", N_("8. Declare"),
         N_("Only the 10♠ is left: it is your finish card. Select it, then Declare (or F) and confirm: it goes "
            "face down and your groups win the deal. The results come next; New game there starts a real game."),
         "hand", N_("Select only the 10♠ (click it, or ←→ and Space), then F.")),
)


class Tutorial13(Script):
    """Where the guided hand is: the step shown, the last wrong try, whether the player left the script."""

    STEPS: ClassVar[tuple[Step, ...]] = STEPS

    def is_done(self, key: str, s: State, *seen: object) -> bool:
        groups = {tuple(sorted(g)) for g in (seen[0] if seen else [])}
        mine = [e["type"] for e in s.history if e["player"] == 0]
        if key == "draw":
            return bool(mine)
        if key in GROUPS:
            return tuple(sorted(kinds(GROUPS[key]))) in groups or s.phase == OVER
        if key == "discard":
            return "discard" in mine
        if key == "wait":
            return any(e["player"] == 1 and e["type"] == "discard" for e in s.history)
        if key == "take":
            return mine.count("draw_stock") + mine.count("take_discard") >= 2
        return s.phase == OVER

    def wrong_try(self) -> None:
        self.tried = self.current is not None

    def hint(self) -> str:
        step = self.current
        if not self.tried or step is None or step.hint or step.key not in GROUPS:
            return super().hint()
        cards = " ".join(card_text(k) for k in kinds(GROUPS[step.key]))
        return _("Select just {cards} (click them, or ←→ and Space), then G.").format(cards=cards)

    def note(self, state: State) -> str:
        """The hint after a wrong try, or (once the player left the script) that the hand plays on."""
        mine = [e for e in state.history if e["player"] == 0]
        expected = [("draw_stock", None), ("discard", "KS"), ("take_discard", None), ("declare", None)]
        for entry, (kind, card) in zip(mine, expected):
            if entry["type"] != kind or (card is not None and entry.get("card") != card):
                self.off_script = True
        return self.left_script_words() or self.hint()
