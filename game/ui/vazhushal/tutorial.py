"""The guided first hand: a fixed deal in which you draw, meld, wipe the line, lay off and go out,
with a coach mark for each step.  No pygame here: the table draws the coach marks and asks the
tutorial what the patient opponent does.

The deal is a CONTRACT.md state document, validated by the engine like any saved game.  The
opponent only draws and throws back (the J♥ on its first turn, so that you can wipe it), so the
script holds whatever you do; if you leave it, the coach says so and the hand plays on.
"""

from __future__ import annotations

from typing import ClassVar

from game.core.cards import KIND_OF, RANKS, SUITS
from game.i18n import N_
from game.vazhushal import DRAW, OVER, PLAY, Action, State, from_json, parse_kind

from ..tutorial import Script, Step
from .match import HUMAN, VazhushalMatch

YOU = ("2S 3S 4S 5S 6S "  # the pure sequence of your first meld (with the 7♠ you draw)
       "9H 10H "  # waiting for the J♥ the opponent throws: your wipe
       "QC QD 2H "  # a set with a wild 2♥ (the negative joker 2♣ makes red 2s wild)
       "AC KS 9C")  # the three cards you discard, one a turn
STOCK_TOP = "7S 4D 6C 8S"  # you draw 7♠; the opponent 4♦, then 6♣; you draw 8♠ to lay off
FIRST_LINE_CARD = "10C"
INDICATOR = "2C"
OPPONENT_FIRST = ("JH",)
# Translators: the kind of player the tutorial's opponent is, shown under its name (as "Medium" is for a bot).
TUTOR = N_("Tutor")  # stored English (the match's level), translated where it is drawn


def tutorial_state() -> State:
    """The fixed deal: you (seat 0) against one patient opponent, you to play first."""
    used = (YOU + " " + STOCK_TOP + " " + FIRST_LINE_CARD + " " + INDICATOR).split() + list(OPPONENT_FIRST)
    deck = [r + s for s in SUITS for r in RANKS] + ["JK", "JK"]
    rest = list(deck)
    for token in used:
        rest.remove(token)
    opponent = list(OPPONENT_FIRST) + rest[:12]
    stock = STOCK_TOP.split() + rest[12:] + [INDICATOR]
    doc = {
        "format": "vazhushal-state", "version": 1,
        "rules": {"players": 2, "negative_joker": True, "first_wild": "standard", "one_deck_for_three": False,
                  "redeal_on_three_doubles": True, "wild_in_hand_value": 20, "target_wins": 1},
        "seats": [{"name": "You", "kind": "human"}, {"name": "Coach", "kind": "bot:tutor"}],
        "dealer": 1, "indicator": INDICATOR, "stock": stock, "line": [FIRST_LINE_CARD], "line_first_dealt": True,
        "hands": [YOU.split(), opponent], "melds": [[], []], "turn": 0, "phase": DRAW, "wins": [0, 0],
        "result": None, "history": [],
    }
    return from_json(doc)


def tutorial_match() -> VazhushalMatch:
    """A practice match: never saved over your match, never counted in the statistics."""
    state = tutorial_state()
    match = VazhushalMatch(state, [HUMAN, TUTOR], seed=0, hand_start=state)
    match.practice = True
    return match


def opponent_move(state: State) -> Action:
    """The patient opponent: draws from the stock, then throws back the J♥ if it holds it, else
    the card it drew (a legal move that never interferes)."""
    seat = state.turn
    if state.phase == DRAW:
        return Action.draw_stock(seat)
    hand = state.hands[seat]
    jack = parse_kind("JH")
    kinds = [KIND_OF[c] for c in hand]
    return Action.discard(seat, jack if jack in kinds else kinds[-1])


STEPS = (
    Step("draw", N_("1. Draw"), N_("Each turn starts with a card: click the stock (or press N)."), "stock"),
    Step("meld", N_("2. Meld"), N_("Your first meld must be a pure sequence. Select 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ (click "
         "them, or ←→ and Space), drag them onto “New meld”, then press Confirm (or just press M)."), "new_meld"),
    Step("discard", N_("3. Discard"), N_("Every turn ends with a discard. Double-click the K♠ (or drag it onto the "
         "line, or ←→ to it and press D)."), "hand"),
    Step("wait", N_("Your opponent plays"), N_("Watch: the opponent draws and throws the J♥ onto the line."), "line"),
    Step("wipe", N_("4. Wipe the line"), N_("Click the J♥ on the line (or ↑ to the line, ←→ to it, Enter): it must "
         "go straight into a new meld, here 9♥ 10♥ J♥ with cards from your hand. Then press Wipe "
         "(Enter)."), "line"),
    Step("discard2", N_("5. Discard"), N_("Discard the 9♣ (double-click it, or ←→ to it and D)."), "hand"),
    Step("wait2", N_("Your opponent plays"), N_("The opponent draws and throws back."), "line"),
    Step("draw2", N_("6. Draw"), N_("Draw from the stock (click it, or N): it is the 8♠."), "stock"),
    Step("layoff", N_("7. Lay off"), N_("Drag the 8♠ onto your spade meld to add it (lay it off), then Confirm. By "
         "keys: Space on the 8♠, 1 for meld 1, then Enter."), "melds"),
    Step("out", N_("8. Go out"), N_("Meld Q♣ Q♦ with the wild 2♥ as a set (select them, M), confirm, and discard the "
         "A♣ (D): all your cards but one melded and the last discarded — you go out and win the hand."),
         "new_meld"),
)


class Tutorial(Script):
    """Where the guided hand is: the step shown, and whether the player left the script."""

    STEPS: ClassVar[tuple[Step, ...]] = STEPS

    def is_done(self, key: str, s: State, *seen: object) -> bool:
        mine = [e for e in s.history if e["player"] == 0]
        types = [e["type"] for e in mine]
        melds = s.melds[0]
        if key == "draw":
            return "draw_stock" in types
        if key == "meld":
            return len(melds) >= 1
        if key in ("discard", "discard2"):
            return types.count("discard") >= (1 if key == "discard" else 2)
        if key in ("wait", "wait2"):
            theirs = [e for e in s.history if e["player"] == 1 and e["type"] == "discard"]
            return len(theirs) >= (1 if key == "wait" else 2)
        if key == "wipe":
            return "take_line" in types
        if key == "draw2":
            return types.count("draw_stock") >= 2
        if key == "layoff":
            return any(len(m.cards) >= 7 for m in melds) or s.phase == OVER
        return s.phase == OVER

    def note(self, state: State) -> str:
        """A line for the coach bubble when the player left the script (it still plays on)."""
        if state.phase == PLAY and state.turn == 0 and self.current is not None:
            expected = {"wipe": "take_line", "draw2": "draw_stock", "draw": "draw_stock"}
            last = state.history[-1]["type"] if state.history else ""
            if self.current.key in expected and last not in (expected[self.current.key], "arrange", "meld"):
                self.off_script = True
        return self.left_script_words()
