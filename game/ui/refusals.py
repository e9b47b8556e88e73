"""The engines' refusals in the player's language (issue 48): what a table says when a move breaks a rule.

An engine refuses with :class:`~game.core.errors.IllegalAction` (``code``, ``rule``, an English
``message`` the referee and its JSON keep byte for byte) and the details the message names as raw
``params`` (card kinds, groups of kinds, counts, seat indices; a ``case`` or ``doing`` picks one of a
code's sentences).  Here each sentence is a template with named placeholders (``{card}``, ``{group}``,
``{held}``, ...), filled from the params in the language in force.  Why groups are no valid
declaration or show (Indian Rummy's and 21-card Indian Rummy's meld readings) is said the same way:
a :class:`~game.core.errors.Verdict` is that English sentence carrying a code, a rule and params.

In English, and wherever the language has no translation of a template, a code or a detail is missing
(a host's refusal arrives as ``{code, message}``: only its params-free sentences can be said here), or
a translation is damaged, the words are the engine's as :func:`~game.ui.wording.shown` makes them.

A template is found by the code, the game's letter of its rule id (V Vazhushal, I Indian Rummy,
T 21-card Indian Rummy, M Marriage) and the case: ``code:letter:case``, ``code:case`` when the error
names a case, else ``code:letter``, ``code``.  No rule id is in any template (the "?" opens the rule).

>>> from game.core.errors import IllegalAction
>>> refusal_words(IllegalAction("card_not_in_hand", "V5.3", "you do not hold the 9S", {"card": 8}))
'You do not hold the 9♠'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import Any

from game import i18n
from game.i18n import N_, _

from .wording import card_text, shown

# A count's sentence: a function of (ngettext, params), called with the language's ngettext and with
# English's (to know whether the language has it); the parameter's name lets the catalogue find it.
Plural = Callable[[Callable[[str, str, int], str], Mapping[str, Any]], str]
Template = str | Plural

_ENGLISH = gettext.NullTranslations()  # the words as marked

EMPTY_GROUP = N_("an empty group")  # a Marriage group with no cards


def _see_groups(ngettext: Callable[[str, str, int], str], p: Mapping[str, Any]) -> str:
    need, exposed = p["need"], p["exposed"]
    if not exposed:
        return ngettext("To see the maal lay exactly {need} pure combination, or seven dublees.",
                        "To see the maal lay exactly {need} pure combinations, or seven dublees.", need)
    if exposed == 1:
        return ngettext("To see the maal lay exactly {need} pure combination (your exposed tunnela counts as one), "
                        "or seven dublees.",
                        "To see the maal lay exactly {need} pure combinations (your exposed tunnela counts as one), "
                        "or seven dublees.", need)
    return ngettext("To see the maal lay exactly {need} pure combination (your {exposed} exposed tunnelas count as "
                    "{exposed}), or seven dublees.",
                    "To see the maal lay exactly {need} pure combinations (your {exposed} exposed tunnelas count "
                    "as {exposed}), or seven dublees.", need)


TEMPLATES: dict[str, Template] = {
    # --- every game's turn (game.core.turns, game.core.hand_turn, Marriage's own) ---
    "deal_over": N_("The deal is over; deal the next one."),
    "not_your_turn": N_("It is {name}'s turn, not seat {seat}'s."),
    "not_show_time:I": N_("Cards are shown for scoring only after a valid declaration."),
    "not_show_time:T": N_("Cards are shown for scoring only after a valid show."),
    "wrong_phase:I:draw": N_("The deal is being shown, so you may not draw; show your groups."),
    "wrong_phase:I:discard": N_("The deal is being shown, so you may not discard; show your groups."),
    "wrong_phase:I:drop": N_("The deal is being shown, so you may not drop; show your groups."),
    "wrong_phase:I:declare": N_("The deal is being shown, so you may not declare; show your groups."),
    "wrong_phase:T:draw": N_("The deal is being scored, so you may not draw; show your groups."),
    "wrong_phase:T:discard": N_("The deal is being scored, so you may not discard; show your groups."),
    "wrong_phase:T:drop": N_("The deal is being scored, so you may not drop; show your groups."),
    "wrong_phase:T:show": N_("The deal is being scored, so you may not show; show your groups."),
    "drop_after_draw": N_("A player may drop only at the start of the turn, before drawing."),
    "already_drawn:I": N_("This turn's card is drawn; discard or declare."),
    "already_drawn:T": N_("This turn's card is drawn; discard or show."),
    "already_drawn:M": N_("This turn's card is drawn; see the maal, discard or declare."),
    "draw_first:discard": N_("Draw a card before you discard."),
    "draw_first:declare": N_("Draw a card before you declare."),
    "draw_first:show": N_("Draw a card before you show."),
    "draw_first:see the maal": N_("Draw a card before you see the maal."),
    "discard_pile_empty": N_("The discard pile is empty; draw from the stock."),
    "joker_on_discard_pile": N_("The {card} on the discard pile is a joker and may not be taken; draw from the "
                                "stock."),
    "joker_on_discard_pile:M": N_("The {card} on the discard pile is a joker, and a seat that has seen the maal may "
                                  "not take it."),
    "card_not_in_hand": N_("You hold no {card} to discard."),
    "discard_taken_card": N_("The {card} just taken from the discard pile may not be discarded this turn."),
    "declare_cards_mismatch": lambda ngettext, p: ngettext(
        "The finish card and the groups must be exactly the {held} card you hold.",
        "The finish card and the groups must be exactly the {held} cards you hold.", p["held"]),
    "declare_cards_mismatch:M:in_hand": lambda ngettext, p: ngettext(
        "The finish card and the groups must be exactly the {held} card in your hand.",
        "The finish card and the groups must be exactly the {held} cards in your hand.", p["held"]),
    "declare_cards_mismatch:M:part": N_("The finish card and the groups must be cards in your hand."),
    "finish_taken_card": N_("The {card} just taken from the discard pile may not be the finish card (finishing is "
                            "discarding)."),
    "finish_taken_card:T": N_("The {card} just taken from the discard pile may not be the finish card."),
    "show_cards_mismatch": lambda ngettext, p: ngettext(
        "The groups must be exactly the {held} card you hold.",
        "The groups must be exactly the {held} cards you hold.", p["held"]),
    # --- Marriage ---
    "may_not_finish:unseen": N_("A seat that has not seen the maal may not finish."),
    "may_not_finish:this_turn": N_("You saw the maal this turn and may finish from your next turn on "
                                   "(finish_same_turn is off)."),
    "expose_first:draw": N_("Every seat in turn exposes its dealt tunnelas (or none) before the first draw, so you "
                            "may not draw yet."),
    "expose_first:see the maal": N_("Every seat in turn exposes its dealt tunnelas (or none) before the first "
                                    "draw, so you may not see the maal yet."),
    "expose_first:discard": N_("Every seat in turn exposes its dealt tunnelas (or none) before the first draw, so "
                               "you may not discard yet."),
    "expose_first:declare": N_("Every seat in turn exposes its dealt tunnelas (or none) before the first draw, so "
                               "you may not declare yet."),
    "not_expose_time": N_("Tunnelas are exposed only before the first draw."),
    "not_a_tunnela": N_("{group} is not a tunnela (three identical cards)."),
    "cards_not_in_hand:tunnelas": N_("You do not hold the cards of those tunnelas."),
    "cards_not_in_hand:groups": N_("You do not hold the cards of those groups."),
    "already_seen": N_("You have seen the maal already."),
    "dublee_route_off": N_("Seeing the maal by seven dublees is off in these rules."),
    "not_a_dublee": N_("{group} is not a dublee (two identical cards)."),
    "not_a_pure_combination": N_("{group} is not a pure sequence or a tunnela."),
    "wrong_see_groups": _see_groups,
    # --- the verdicts on a declaration's or a show's groups (game.core.errors.Verdict; no final stop:
    # the table's sentence around them ends it) ---
    "spare_joker_groups:I": N_("Only one group of jokers that are not used in melds is allowed"),
    "spare_joker_groups:T": N_("Only one group of spare jokers is allowed"),
    "not_a_meld": N_("{group} is not a meld"),
    "needs_pure_sequence": N_("A declaration needs a pure sequence"),
    "needs_two_sequences": N_("A declaration needs at least two sequences"),
    "needs_four_card_sequence": N_("One of the two sequences must hold 4 or more cards"),
    "show_way_off": N_("This way to show is off (show_pure_sequences is 0)"),
    "show_pure_sequences": lambda ngettext, p: ngettext(
        "A show needs {needed} pure sequence (tunnelas count), not {count}",
        "A show needs {needed} pure sequences (tunnelas count), not {count}", p["needed"]),
    "no_show_way": N_("None of the four ways to show holds"),
    # --- Vazhushal ---
    "hand_over": N_("The hand is over; deal the next hand."),
    "hand_over:ended": N_("The hand is over."),
    "illegal_meld:short": N_("{group} is not a meld: a meld needs at least 3 cards."),
    "illegal_meld:neither": N_("{group} is not a meld: it is neither a sequence (3+ cards of one suit in order, ace "
                               "low or high, no wrapping) nor a set (3-4 cards of one rank, all suits different), "
                               "with at least one natural card."),
    "first_meld_not_pure:short": N_("Your first meld must be a pure sequence."),
    "first_meld_not_pure:first": N_("Your first meld must be a pure sequence (3 or more cards of one suit in order, "
                                    "no wild cards)."),
    "first_meld_not_pure:line": N_("Before your first meld, the {card} you take from the line must go into a pure "
                                   "sequence (no wild cards); or first lay down a pure sequence from your hand."),
    "premeld_not_pure": N_("Before drawing you may lay down only a pure sequence from your hand."),
    "no_pure_sequence": N_("Your melds must always include a pure sequence."),
    "identical_melds": N_("You may not have two identical melds ({first} and {second})."),
    "must_keep_card": N_("You must keep one card in your hand to discard at the end of the turn."),
    "wrong_phase:V:draw": N_("Start your turn by drawing from the stock or taking from the discard line."),
    "wrong_phase:V:done": N_("'Done' ends the final melding after the stock ran out."),
    "wrong_phase:V:play": N_("You have already drawn this turn."),
    "wrong_phase:V:final": N_("The stock has run out: you may only meld from your hand, rearrange your melds, or "
                              "finish."),
    "must_take_line": N_("You melded before drawing, so you must now take from the discard line."),
    "stock_empty": N_("The stock is empty."),
    "bad_line_index": lambda ngettext, p: ngettext(
        "There is no card at position {position} of the discard line (it holds {size} card).",
        "There is no card at position {position} of the discard line (it holds {size} cards).", p["size"]),
    "meld_required": N_("The {card} you take from the line must start a new meld: name that meld."),
    "first_wild_forbidden": N_("The dealt wild {card} may be taken only by a player with a pure sequence on the "
                               "table or in hand, or to use it as itself in a pure sequence."),
    "deepest_card_not_in_meld": N_("The {card} you take from the line must start a new meld, and this meld does not "
                                   "hold it."),
    "cards_not_available": N_("The new meld may use only cards from your hand and the cards you take, and the "
                              "{card} is not among them."),
    "meld_before_draw": N_("Only a player with no melds yet may meld before drawing, to take from the line."),
    "no_melds": N_("Name at least one meld to lay down."),
    "card_not_in_hand:V": N_("You do not hold the {card}."),
    "card_not_in_hand:V:melded": N_("Melded cards stay on the table: you cannot discard the {card}."),
    "premeld_without_take": N_("Melding before the draw is allowed only to take from the line, and after this meld "
                               "no card of the line could go into a new meld."),
    "melded_cards_missing": N_("Cards once melded stay on your table, and the {card} is missing from your "
                               "arrangement."),
    "pure_sequence_required": N_("You took the dealt wild card on the strength of the pure sequence in your hand: "
                                 "lay that sequence down before you discard."),
}

_GROUP_JOIN = {"V": "-", "I": "-", "T": "-"}  # how a game writes a group's cards (Marriage: with spaces)


def template_key(exc: Any) -> str | None:
    """The key of :data:`TEMPLATES` that says ``exc`` (``None``: none does)."""
    code, rule = getattr(exc, "code", None), str(getattr(exc, "rule", None) or "")
    params = getattr(exc, "params", None) or {}
    letter = rule[:1]
    case = params.get("case") or params.get("doing")
    keys = (f"{code}:{letter}:{case}", f"{code}:{case}") if case else (f"{code}:{letter}", f"{code}")
    return next((k for k in keys if k in TEMPLATES), None)


def _values(params: Mapping[str, Any], letter: str) -> dict[str, Any]:
    """The params as words: cards named, groups' cards joined as the game writes them."""
    join = _GROUP_JOIN.get(letter, " ")
    out: dict[str, Any] = {}
    for name, value in params.items():
        if value is None:
            continue  # a detail the engine could not name: its placeholder is missing
        if name == "card":
            out[name] = card_text(value)
        elif name in ("group", "first", "second"):
            out[name] = join.join(card_text(k) for k in value) or _(EMPTY_GROUP)
        else:
            out[name] = value
    return out


def refusal_words(exc: Any) -> str:
    """What the player reads for an engine's refusal ``exc`` (an :class:`IllegalAction`, or anything
    with its ``code``, ``rule``, ``message`` and maybe ``params``): in English exactly
    ``shown(exc.message)``; else its template in the language in force, filled from the params."""
    return translated_words(exc) or shown(exc.message)


def translated_words(exc: Any) -> str | None:
    """``exc`` said in the language in force from its template and params; ``None`` when it cannot be
    (English, no translation, no template, a detail missing, a damaged translation)."""
    key = template_key(exc)
    if key is None:
        return None
    template = TEMPLATES[key]
    params = getattr(exc, "params", None) or {}
    try:
        if callable(template):
            mine = template(i18n.ngettext, params)
            if mine == template(_ENGLISH.ngettext, params):
                return None
        else:
            mine = _(template)
            if mine == template:
                return None
        words = mine.format(**_values(params, str(exc.rule or "")[:1]))
    except (KeyError, IndexError, ValueError, TypeError):  # a detail missing, or a damaged translation
        return None
    return words[:1].upper() + words[1:]
