"""A puzzle's position as its seat sees it, read from the seat's observation document (CONTRACT.md)
the same way for every game: the hand grouped by suit (wild cards last), the discard pile, the
stock, each other seat's card count and the melds it has laid or shown, the card that names the
wild cards, whose turn it is, and what the puzzle asks.

Nothing here draws (no pygame): the screen (:mod:`game.ui.scenes.puzzles`) draws a
:class:`Position`, the tests read it.  Only the seat's observation is read, so the screen can never
show a card the seat could not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.cards import JOKER, parse_kind, rank_of, suit_of
from game.i18n import N_, _, ngettext

# The card that names the wild cards, by its key in an observation document, and its words.
JOKER_KEYS = {"cut_joker": N_("Cut joker"), "indicator": N_("Wild card indicator"), "tiplu": N_("Tiplu")}
PILE_KEYS = ("discard", "line")  # the discard pile's key in an observation document
OPEN_PILES = ("line",)  # the piles whose every card lies open and may be taken (not only the top)
SUIT_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: black and red take turns, so neighbouring groups are told apart

QUESTIONS = {
    "draw": N_("Your turn: take the discard or draw from the stock?"),
    "discard": N_("Which card do you throw?"),
    "declare": N_("Declare now, or throw a card and play on?"),
    "hold": N_("Declare now, or throw a card and play on?"),
    "drop": N_("Drop now, or play on?"),
    "stay": N_("Drop now, or play on?"),
    "see": N_("See the maal now, or play on?"),
    "play": N_("Which card do you throw?"),
    # Translators: Marriage (M2.3): before the first draw a seat may lay the tunnelas it was dealt face up.
    "expose": N_("Before the first draw: lay your dealt tunnelas face up, or keep them in your hand?"),
}  # translated where shown
QUESTION = N_("Your turn: what do you play?")
LINE_QUESTION = N_("Your turn: take from the discard line or draw from the stock?")


@dataclass(frozen=True)
class Seat:
    """Another seat (or the puzzle's own, ``you``): its name, cards in hand and melds on the table."""

    name: str
    count: int
    melds: tuple[tuple[int, ...], ...]
    you: bool = False
    out: bool = False  # dropped, or out of the deal
    seen: bool = False  # has seen the maal (the games where a seat sees it)

    def words(self) -> str:
        """What the seat's box says under its name: its cards, and whether it is out or has seen the maal."""
        if self.out:
            return _("Dropped out")
        cards = ngettext("{n} card", "{n} cards", self.count).format(n=self.count)
        return _("{cards} · has seen the maal").format(cards=cards) if self.seen else cards


@dataclass(frozen=True)
class Position:
    """What the seat may know at the decision (kinds as :mod:`game.core.cards` numbers them)."""

    seat: int
    hand: tuple[tuple[int, ...], ...]  # the seat's cards in groups, each sorted
    pile: tuple[int, ...]  # the discard pile, oldest first (what the seat saw thrown)
    stock: int  # cards left in the stock
    seats: tuple[Seat, ...]  # every seat in turn order, the seat's own among them
    joker: tuple[str, int] | None  # (words naming it, the card) when the seat may see it
    wild: tuple[bool, ...]  # kind -> wild, as far as the seat knows
    kind: str  # what the puzzle asks (its decision: "draw", "discard", "declare", ...)
    whole_pile: bool = False  # every card of the pile lies open in a line (taken from at any depth)

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def question(self) -> str:
        """What the puzzle asks, in the language in force."""
        if self.kind == "draw" and self.whole_pile:
            return _(LINE_QUESTION)
        return _(QUESTIONS.get(self.kind, QUESTION))

    def joker_words(self) -> str:
        return _(self.joker[0]) if self.joker else ""


def _kinds(cards: Any) -> tuple[int, ...]:
    return tuple(parse_kind(c) for c in cards or ())


def _melds(entry: Any) -> tuple[tuple[int, ...], ...]:
    """A seat's melds on the table: a list of card lists, or of ``{"cards": [...]}`` objects."""
    out = []
    for group in entry or ():
        cards = group.get("cards", ()) if isinstance(group, dict) else group
        if cards:
            out.append(_kinds(cards))
    return tuple(out)


def group_hand(hand: tuple[int, ...], wild: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
    """The hand in groups a player would make at a glance: one a suit (black and red in turn),
    each by rank, then the wild cards and jokers together."""
    wilds = sorted((k for k in hand if k == JOKER or wild[k]), key=lambda k: (k == JOKER, k))
    groups = [sorted((k for k in hand if k != JOKER and not wild[k] and suit_of(k) == s), key=rank_of)
              for s in SUIT_ORDER]
    return tuple(tuple(g) for g in (*groups, wilds) if g)


def read(obs: dict, kind: str, state: Any = None) -> Position:
    """The :class:`Position` of an observation document (``obs``, the seat's ``to_json``); ``state``
    (the engine state) gives the wild cards once the seat may see the card that names them."""
    seat = int(obs["seat"])
    joker = next(((words, parse_kind(obs[key])) for key, words in JOKER_KEYS.items() if obs.get(key)), None)
    known = getattr(state, "wild", None) if joker is not None else None
    wild = tuple(bool(w) for w in known) if isinstance(known, tuple) and len(known) > JOKER else (False,) * JOKER
    wild = (*wild[:JOKER], True)  # a printed joker is always wild
    pile = next((_kinds(obs[key]) for key in PILE_KEYS if key in obs), ())
    whole = any(key in obs for key in OPEN_PILES)
    counts = obs.get("hand_counts") or []
    tables = obs.get("melds") or obs.get("shown") or []
    out, seen = obs.get("out") or [], obs.get("seen") or []
    seats = []
    for i, s in enumerate(obs.get("seats", ())):
        melds = _melds(tables[i]) if i < len(tables) else ()
        if "exposed" in obs and i < len(obs["exposed"]):
            melds += _melds(obs["exposed"][i])
        seats.append(Seat(str(s.get("name", "?")), int(counts[i]) if i < len(counts) else 0, melds, i == seat,
                          i < len(out) and out[i] is not None, i < len(seen) and bool(seen[i])))
    hand = _kinds(obs.get("hand"))
    return Position(seat, group_hand(hand, wild), pile, int(obs.get("stock_count") or 0), tuple(seats), joker, wild,
                    kind, whole)


def position_of(front: Any, puzzle: Any) -> tuple[Any, Position]:
    """(the engine state, the seat's :class:`Position`) of ``puzzle`` through the game's bot front
    (its engine's ``from_json`` and its ``observe``)."""
    state = front.engine.from_json(puzzle.state)
    obs = front.observe(state, puzzle.seat)
    return state, read(obs.to_json(), puzzle.kind, state)
