"""Plain words for the table: the wild cards, public actions (the log), hints.  Each is a whole
message of the catalogue (:mod:`game.i18n`), translated when it is asked for; cards and names are
its values.  Engine messages (:class:`IllegalAction`) are said by game/ui/refusals.py (in English as
the engine words them)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.core.cards import JOKER, KIND_OF, RANK_NAMES, SUIT_NAMES, is_red, make_kind, rank_of, suit_of
from game.i18n import N_, _
from game.vazhushal import Action, apply, parse_kind
from game.vazhushal.melds import kinds_reading

from ...refusals import translated_words
from ...wording import card_text, pretty_text

# The natural cards a negative joker makes wild, by colour then rank (ace first): each a message.
WILD_RANKS = {
    "black": (N_("black aces"), N_("black 2s"), N_("black 3s"), N_("black 4s"), N_("black 5s"), N_("black 6s"),
              N_("black 7s"), N_("black 8s"), N_("black 9s"), N_("black 10s"), N_("black jacks"),
              N_("black queens"), N_("black kings")),
    "red": (N_("red aces"), N_("red 2s"), N_("red 3s"), N_("red 4s"), N_("red 5s"), N_("red 6s"), N_("red 7s"),
            N_("red 8s"), N_("red 9s"), N_("red 10s"), N_("red jacks"), N_("red queens"), N_("red kings")),
}


def pretty(kinds: Sequence[int]) -> str:
    return " ".join(card_text(k) for k in kinds)


def pretty_tokens(tokens: Sequence[str]) -> str:
    return " ".join(card_text(parse_kind(t)) for t in tokens)


def meld_order(kinds: Sequence[int], wild: Sequence[bool] | None = None) -> list[int]:
    """The kinds of a meld in the order the engine reads it (a sequence low to high with each wild
    card in its place: ``Q♠ K♠ A♠``, not ``A♠ Q♠ K♠``); cards that make no meld, by suit and rank."""
    kinds = list(kinds)
    if wild is not None and len(kinds) >= 3:
        found = kinds_reading(kinds, wild)
        if found:
            return found
    return sorted(kinds, key=lambda k: (k // 13, k % 13))


def meld_text(kinds: Sequence[int], wild: Sequence[bool] | None = None) -> str:
    return pretty(meld_order(kinds, wild))


def melds_text(melds, wild: Sequence[bool] | None = None) -> str:
    """Several melds: ``3♦ 4♦ 5♦,  Q♠ K♠ A♠``."""
    return ",  ".join(meld_text(m, wild) for m in melds)


def wild_cards(indicator: int | None, negative_joker: bool = True) -> list[str]:
    """The wild cards by name, for the label beside the stock: ``["Wild: Q♠ Q♣", "and the jokers"]``
    for Q♥ (V3.2: its rank in the other colour); one message, its lines cut where it says."""
    if not negative_joker or indicator is None or indicator == JOKER:
        # Translators: two short lines under the stock (keep the line break).
        return _("Wild: the\nprinted jokers").split("\n")
    rank, suit = rank_of(indicator), suit_of(indicator)
    others = (0, 3) if is_red(suit) else (1, 2)
    cards = " ".join(card_text(make_kind(rank, s)) for s in others)
    # Translators: two short lines under the stock (keep the line break); {cards}: "Q♠ Q♣".
    return _("Wild: {cards}\nand the jokers").format(cards=cards).split("\n")


def wild_ranks(indicator: int) -> str:
    """The natural cards a (non-joker) negative joker makes wild: ``black 7s`` for 7♥ (V3.2)."""
    return _(WILD_RANKS["black" if is_red(suit_of(indicator)) else "red"][rank_of(indicator) - 1])


def entry_text(entry: dict, names: Sequence[str], wild: Sequence[bool] | None = None) -> str:
    """One public history entry (V12) in words (melds in the order the engine reads them)."""
    who = names[entry["player"]] if 0 <= entry["player"] < len(names) else "?"
    kind = entry["type"]
    if kind == "draw_stock":
        return _("{who} drew from the stock").format(who=who)
    if kind == "take_line":
        meld, n = entry.get("meld"), entry["index"] + 1
        if meld:
            return _("{who} wiped the line from card {n} for {meld}").format(
                who=who, n=n, meld=meld_text([parse_kind(t) for t in meld], wild))
        return _("{who} wiped the line from card {n}").format(who=who, n=n)
    if kind == "meld":
        melds = melds_text([[parse_kind(t) for t in m] for m in entry["melds"]], wild)
        return _("{who} laid down {melds}").format(who=who, melds=melds)
    if kind == "arrange":
        melds = melds_text([[parse_kind(t) for t in m] for m in entry["melds"]], wild)
        return _("{who} melded: {melds}").format(who=who, melds=melds)
    if kind == "discard":
        return _("{who} discarded {card}").format(who=who, card=pretty_tokens([entry["card"]]))
    if kind == "done":
        return _("{who} finished melding").format(who=who)
    return f"{who}: {kind}"


def action_text(action: Action, line: Sequence[int] = (), wild: Sequence[bool] | None = None) -> str:
    """A suggested action in words (hints)."""
    t = action.type
    if t == "draw_stock":
        return _("Draw from the stock")
    if t == "take_line":
        n = action.index + 1  # type: ignore[operator]
        meld = meld_text(action.meld, wild) if action.meld else None
        if action.index is not None and action.index < len(line):
            card = card_text(line[action.index])
            if meld:
                return _("Wipe the line from card {n} ({card}) and meld {meld}").format(n=n, card=card, meld=meld)
            return _("Wipe the line from card {n} ({card})").format(n=n, card=card)
        if meld:
            return _("Wipe the line from card {n} and meld {meld}").format(n=n, meld=meld)
        return _("Wipe the line from card {n}").format(n=n)
    if t == "meld":
        return _("Lay down {melds}").format(melds=melds_text(action.melds or (), wild))
    if t == "arrange":
        return _("Meld: {melds}").format(melds=melds_text(action.melds or (), wild))
    if t == "discard":
        return _("Discard the {card}").format(card=card_text(action.card))  # type: ignore[arg-type]
    if t == "done":
        return _("Finish (nothing more to meld)")
    return t


def plan_steps(state, plan: Sequence[Action]) -> list[str]:
    """A turn plan (the hint) as numbered steps a player can follow: the draw or wipe, the melds
    as what goes down new and what is added to which of your melds, the discard."""
    steps = []
    s = state
    for action in plan:
        before = [sorted(KIND_OF[c] for c in m.cards) for m in s.melds[action.player]]
        if action.type in ("meld", "arrange") and action.melds:
            new, grown = [], []
            left = list(before)
            for m in action.melds:
                kinds = sorted(m)
                if kinds in left:
                    left.remove(kinds)
                    continue
                base = next((b for b in left if all(kinds.count(k) >= b.count(k) for k in b)), None)
                if base is not None:
                    left.remove(base)
                    added = list(kinds)
                    for k in base:
                        added.remove(k)
                    grown.append((pretty(added), meld_text(base, s.wild)))
                else:
                    new.append(meld_text(m, s.wild))
            clauses = [_("Lay down {melds}").format(melds=",  ".join(new))] if new else []
            for cards, meld in grown:  # the first clause of the step begins with a capital
                words = _("add {cards} to {meld}") if clauses else _("Add {cards} to {meld}")
                clauses.append(words.format(cards=cards, meld=meld))
            steps.append("; ".join(clauses) if clauses else _("Rearrange your melds"))
        else:
            steps.append(action_text(action, [KIND_OF[c] for c in s.line], s.wild))
        try:
            s = apply(s, action)
        except Exception:  # noqa: BLE001  (a plan that went stale: stop describing it)
            break
    return [f"{i + 1}. {text}" for i, text in enumerate(steps)]


def card_name(kind: int) -> str:
    if kind == JOKER:
        return "joker"
    return f"{RANK_NAMES[rank_of(kind) - 1]} of {SUIT_NAMES[suit_of(kind)]}"


_RULE = re.compile(r"^\s*(V\d+(?:\.\d+[a-z]?)?)\s*:\s*")


def split_rule(message: str) -> tuple[str | None, str]:
    """``"V6.3: the 9S ..."`` -> (``"V6.3"``, ``"The 9♠ ..."``): players read plain words; the rule
    id goes to the "?" beside the message (and to the logs).

    >>> split_rule("V6.3: the 9S you take must start a new meld")
    ('V6.3', 'The 9♠ you take must start a new meld')
    >>> split_rule("Melded")
    (None, 'Melded')
    """
    m = _RULE.match(message)
    rule, rest = (m.group(1), message[m.end():]) if m else (None, message)
    rest = pretty_text(rest)
    return rule, rest[:1].upper() + rest[1:]


def reason(err) -> str:
    """An :class:`IllegalAction` in plain words for the player, in the language in force (the rule id
    kept for the "?")."""
    rule = getattr(err, "rule", None)
    text = translated_words(err) or split_rule(err.message)[1]
    return f"{rule}: {text}" if rule else text


# The page of How to play (scenes/howto.py) that explains each rule of the rule book.
RULE_PAGES = {"V1": 0, "V2": 0, "V3": 1, "V4": 0, "V5": 2, "V6": 3, "V6.4": 4, "V6.5": 4, "V7": 4, "V7.3": 2,
              "V8": 5, "V9": 5, "V10": 5, "V11": 5, "V12": 2}


def rule_page(rule: str | None) -> int | None:
    """The How-to-play page for a rule id (its most specific entry), ``None`` when unknown."""
    while rule:
        if rule in RULE_PAGES:
            return RULE_PAGES[rule]
        if rule[-1].islower():  # V6.4b -> V6.4
            rule = rule[:-1]
        else:  # V6.3 -> V6 -> (none)
            rule = rule.rpartition(".")[0]
    return None
