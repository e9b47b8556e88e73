"""A puzzle's answer explained in a player's words, worded when it is shown (so it is in the language
in force): what the best move keeps or makes (the sequence a card completes, the set it joins, the
joker it keeps, the high card that fits nothing), what the other moves (or the move tried) give
away, and the win chances as "about 6 hands in 10".

The words are read from the puzzle's data: the seat's hand in the stored state, the answer and the
moves rated beside it.  A card "fits" a hand as a player sees it (:func:`fit`): two cards of its
suit that run with it (a pure sequence), two of its rank in other suits (a set), or one card of its
suit within two ranks or of its rank (a start of one); a wild card fits anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.cards import JOKER, kind_pretty, physical_kind, rank_of, suit_of
from game.i18n import _, ngettext

HIGH_RANKS = (1, 10, 11, 12, 13)  # A, 10, J, Q, K: the cards that count 10 points


def _wild(kind: int, wild: Sequence[bool] | None) -> bool:
    return kind == JOKER or (wild is not None and len(wild) > kind and bool(wild[kind]))


def _runs(rank: int) -> list[int]:
    """The ranks a natural of ``rank`` stands for in a sequence (an ace is low and high)."""
    return [1, 14] if rank == 1 else [rank]


def fit(card: int, hand: Sequence[int], wild: Sequence[bool] | None = None) -> tuple[str, list[int]]:
    """How ``card`` (a kind) fits ``hand`` (kinds, without it): ``("pure", cards)`` two cards of its
    suit that run with it, ``("set", cards)`` two of its rank in other suits, ``("near", cards)``
    one card that could make a meld with it, ``("joker", [])`` a wild card, else ``("none", [])``."""
    if _wild(card, wild):
        return "joker", []
    naturals = [k for k in hand if not _wild(k, wild)]
    suit, rank = suit_of(card), rank_of(card)
    same_suit = {}
    for k in naturals:
        if suit_of(k) == suit and k != card:
            for r in _runs(rank_of(k)):
                same_suit.setdefault(r, k)
    for r in _runs(rank):
        for low in (r - 2, r - 1, r):
            need = [x for x in (low, low + 1, low + 2) if x != r]
            if len(need) == 2 and all(x in same_suit for x in need):
                return "pure", [same_suit[x] for x in need]
    others = {}
    for k in naturals:
        if rank_of(k) == rank and suit_of(k) != suit:
            others.setdefault(suit_of(k), k)
    if len(others) >= 2:
        return "set", sorted(others.values())[:2]
    near = [same_suit[x] for r in _runs(rank) for x in (r - 2, r - 1, r + 1, r + 2) if x in same_suit]
    if near:
        return "near", near[:1]
    if others:
        return "near", list(others.values())[:1]
    return "none", []


def thrown_fit(thrown: int, hand: Sequence[int], wild: Sequence[bool] | None) -> tuple[int, str, list[int]]:
    """A thrown card (a kind or a card id), as a kind, and how it fits the rest of ``hand`` (:func:`fit`)."""
    kind = physical_kind(thrown)
    rest = list(hand)
    if kind in rest:
        rest.remove(kind)
    return (kind, *fit(kind, rest, wild))


def card(kind: int) -> str:
    """A card as a player reads it (``7♥``, ``Joker``)."""
    return _("Joker") if kind == JOKER else kind_pretty(kind)


def cards(kinds: Sequence[int]) -> str:
    return " ".join(card(k) for k in kinds)


def chances(win: float) -> str:
    """A win chance as a player reads it: "about 6 hands in 10" (in 100 when tenths would not tell
    two moves apart is :func:`chance_pair`'s business)."""
    n = int(win * 10 + 0.5)
    if n == 10:
        return _("every hand") if win >= 0.995 else _("nearly every hand")
    if n == 0:
        return _("no hand") if win <= 0.005 else _("almost no hand")
    return ngettext("about {n} hand in 10", "about {n} hands in 10", n).format(n=n)


def chance_pair(best: float, other: float) -> tuple[str, str]:
    """Two win chances in words, in tenths, or in hundredths when tenths make them look equal."""
    if int(best * 10 + 0.5) != int(other * 10 + 0.5):
        return chances(best), chances(other)

    def hundred(win: float) -> str:
        n = int(win * 100 + 0.5)
        return ngettext("about {n} hand in 100", "about {n} hands in 100", n).format(n=n)

    return hundred(best), hundred(other)


def taken_kind(view: Any, plan: Sequence[Any]) -> int | None:
    """The kind of the card a draw takes from the discard pile or the line (the deepest one)."""
    for a in plan:
        if a.type == "take_discard" and getattr(view, "discard", None):
            return physical_kind(view.discard[-1])
        if a.type == "take_line" and getattr(view, "line", None):
            return physical_kind(view.line[a.index])
    return None


def _offered(view: Any) -> int | None:
    """The card on offer: the top of the discard pile (none in Vazhushal, whose line has many)."""
    pile = getattr(view, "discard", None)
    return physical_kind(pile[-1]) if pile else None


def keeps(view: Any, plan: Sequence[Any], hand: list[int], wild: Sequence[bool] | None) -> str:
    """What the answer does, in one sentence."""
    last = plan[-1]
    taken = taken_kind(view, plan)
    if any(a.type == "take_line" for a in plan):
        return ""  # a wipe of the line is best said in the move's own words
    if taken is not None:
        shape, with_ = fit(taken, hand, wild)
        shown = card(taken)
        if shape == "joker" and taken == JOKER:
            return _("Take the Joker: it fits any meld.")
        if shape == "joker":
            return _("Take the {card}: it is a joker, and a joker fits any meld.").format(card=shown)
        if shape == "pure":
            return _("Take the {card}: it joins your {cards} into a pure sequence.").format(card=shown,
                                                                                            cards=cards(with_))
        if shape == "set":
            return _("Take the {card}: it makes a set with your {cards}.").format(card=shown, cards=cards(with_))
        if shape == "near":
            return _("Take the {card}: it goes with your {cards}.").format(card=shown, cards=cards(with_))
        return _("Take the {card}.").format(card=shown)
    if last.type == "draw_stock":
        offered = _offered(view)
        if offered is not None:
            shape, _with = fit(offered, hand, wild)
            if shape == "none":
                return _("Draw from the stock: the {card} on the discard pile fits nothing in your hand.").format(
                    card=card(offered))
            return _("Draw from the stock rather than take the {card}.").format(card=card(offered))
        return _("Draw from the stock.")
    if last.type == "discard" and last.card is not None:
        kind, shape, _with = thrown_fit(last.card, hand, wild)
        shown = card(kind)
        if shape == "none" and rank_of(kind) in HIGH_RANKS:
            return _("Discard the {card}: a high card that fits nothing in your hand.").format(card=shown)
        if shape == "none":
            return _("Discard the {card}: it fits nothing in your hand.").format(card=shown)
        return _("Discard the {card}: it does the least for your hand.").format(card=shown)
    if last.type in ("declare", "done"):
        return _("Finish now: your hand is complete.")
    if last.type == "see_maal":
        return _("See the maal now.")
    if last.type == "expose" and last.groups:
        shown = ", ".join(cards(g) for g in last.groups)
        # Translators: Marriage's exposing of tunnelas at the deal (M2.3); {groups} are their cards ("2♣ 2♣ 2♣").
        return ngettext("Expose {groups}: it counts toward the three combinations you need to see the maal.",
                        "Expose {groups}: each counts toward the three combinations you need to see the maal.",
                        len(last.groups)).format(groups=shown)
    if last.type == "drop":
        return _("Drop now: this hand is too far from a declaration.")
    return ""


def _spends_joker(view: Any, plan: Sequence[Any], wild: Sequence[bool] | None) -> tuple[list[int], list[int]] | None:
    """The cards a take from the line takes and the meld it makes, when that meld spends a joker of
    the hand (none of the cards taken is one); else ``None``."""
    take = next((a for a in plan if a.type == "take_line"), None)
    if take is None or not getattr(view, "line", None):
        return None
    taken = [physical_kind(c) for c in view.line[take.index:]]
    meld = list(take.meld or ())
    if any(_wild(k, wild) for k in meld) and not any(_wild(k, wild) for k in taken):
        return taken, meld
    return None


def gives_away(view: Any, plan: Sequence[Any], hand: list[int], wild: Sequence[bool] | None,
               answer: Sequence[Any] = ()) -> str:
    """What another move (``plan``) gives away beside the ``answer``, in one sentence (empty when
    nothing simple can be said)."""
    last = plan[-1]
    take = next((a for a in plan if a.type == "take_line"), None)
    if take is not None and getattr(view, "line", None):
        taken = [physical_kind(c) for c in view.line[take.index:]]
        spent = _spends_joker(view, plan, wild)
        if spent is not None and _spends_joker(view, answer, wild) is None:
            # Translators: {cards} are the cards taken from the line ("A♣ A♥"), {meld} the meld they go to.
            return _("Taking {cards} would spend a joker on {meld}.").format(cards=cards(taken),
                                                                              meld=cards(spent[1]))
        if answer and answer[-1].type == "draw_stock":
            return ngettext("Taking {cards} would add {n} card to your hand.",
                            "Taking {cards} would add {n} cards to your hand.", len(taken)).format(
                cards=cards(taken), n=len(taken))
        return ""
    if last.type == "discard" and last.card is not None:
        kind, shape, with_ = thrown_fit(last.card, hand, wild)
        shown = card(kind)
        thrown = [physical_kind(a.card) for a in answer if a.type == "discard" and a.card is not None]
        if thrown and thrown[-1] in with_:
            return ""  # the answer throws a card of the same meld: it breaks it up too, so say nothing of it
        if shape == "joker":
            return _("Throwing the {card} would give away a joker.").format(card=shown)
        if shape == "pure":
            return _("Throwing the {card} would break up your {cards}.").format(card=shown,
                                                                               cards=cards([kind, *with_]))
        if shape == "set":
            return _("Throwing the {card} would break up your set of {cards}.").format(card=shown,
                                                                                      cards=cards([kind, *with_]))
    if last.type in ("declare", "done"):
        return _("Finishing now gives up the chance of a better hand.")
    if last.type == "expose" and answer and answer[-1].type == "expose":
        kept = [g for g in answer[-1].groups or () if g not in (last.groups or ())]
        if kept:
            # Translators: Marriage's tunnelas left hidden at the deal; {groups} are their cards ("2♣ 2♣ 2♣").
            return ngettext("Keeping {groups} hidden gives up its tunnela points: only a tunnela laid face up at "
                            "the deal scores them.",
                            "Keeping {groups} hidden gives up their tunnela points: only tunnelas laid face up at "
                            "the deal score them.",
                            len(kept)).format(groups=", ".join(cards(g) for g in kept))
    if last.type == "drop":
        return _("Dropping gives up any chance of winning this hand.")
    return ""


def explain(p: Any, actions: list[dict] | None = None) -> str:
    """:func:`ai.puzzles.explain`: see the module docstring."""
    from .adapt import adapter

    made = adapter(p.game)
    state = p.position()
    obs = made.front.observe(state, p.seat)
    view = made.view(obs)
    hand = [physical_kind(c) for c in obs.hand]
    wild = getattr(obs, "wild", None)
    answer = made.parse(state, list(p.answer))
    best = p.best
    tried, tried_key, unplayable = None, None, False
    if actions:
        try:
            tried = made.parse(state, actions)
            tried_key = made.key(view, tried)
        except Exception:  # noqa: BLE001  (a move that cannot be read: explained as no move)
            unplayable = True
    others = [o for o in p.options if o.get("key") != p.key]
    if tried is not None and tried_key != p.key:
        other = next((o for o in others if o.get("key") == tried_key), None)
        other_plan = tried
    else:
        other = others[0] if others else None
        other_plan = made.parse(state, other["actions"]) if other is not None else None
    parts = [_("That move cannot be played here.")] if unplayable else []
    parts.append(keeps(view, answer, hand, wild) or _("Best: {move}.").format(move=made.describe(view, answer)))
    if other is not None and other_plan is not None:
        lost = gives_away(view, other_plan, hand, wild, answer)
        if lost:
            parts.append(lost)
        win_best, win_other = chance_pair(float(best["win"]), float(other["win"]))
        move = made.describe(view, other_plan)
        if tried is not None and tried_key != p.key:
            # Translators: {move} is the move the player tried ("discard K♠"); the chances are "about 4 hands in 10".
            parts.append(_("You chose to {move}: that wins {other}; the best move wins {best}.").format(
                move=move, other=win_other, best=win_best))
        else:
            # Translators: {move} is the next best move ("draw from the stock"); the chances are "about 6 hands in 10".
            parts.append(_("The best move wins {best}; the next best, to {move}, wins {other}.").format(
                best=win_best, move=move, other=win_other))
    elif tried is not None and tried_key != p.key:  # a move the search ranked too low to play out
        lost = gives_away(view, tried, hand, wild, answer)
        if lost:
            parts.append(lost)
        # Translators: {move} is the move the player tried ("discard K♠"); {best} is "about 6 hands in 10".
        parts.append(_("You chose to {move}, far behind the other moves; the best move wins {best}.").format(
            move=made.describe(view, tried), best=chances(float(best["win"]))))
    return " ".join(x for x in parts if x)
