"""The one legal-move source: every legal draw (with a witness meld for every legal take from the
line), the legal actions of each phase, and "is this action legal, and if not why".

Bots, the UI's highlights and the tests all ask here; the rules themselves live in
:mod:`game.vazhushal.turn`, which re-checks every answer given here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.cards import KIND_OF, KINDS, make_kind
from game.core.errors import IllegalAction

from .actions import Action
from .deal import pure_sequence_mask
from .state import DRAW, FINAL, OVER, PLAY, State
from .turn import apply, premelded, take_witness, took_dealt_wild_unmelded
from .wipes import Pool, hopeless


@dataclass(frozen=True, slots=True)
class DrawOption:
    """One way to start a turn: draw from the stock, take from the line, or (V6.4b) lay down a pure
    sequence and then take from the line.  ``steps`` are applied in order."""

    steps: tuple[Action, ...]

    @property
    def take(self) -> Action | None:
        last = self.steps[-1]
        return last if last.type == "take_line" else None


def explain(state: State, action: Action | dict) -> IllegalAction | None:
    """``None`` when ``action`` is legal, else the error saying why."""
    try:
        apply(state, action)
    except IllegalAction as exc:
        return exc
    return None


def legal_takes(state: State) -> list[Action]:
    """Every position of the line the seat to move may take from now, each with a witness meld."""
    if state.phase != DRAW:
        return []
    p, line = state.turn, state.line
    hand, table = state.hands[p], state.melds[p]
    pool = Pool([KIND_OF[c] for c in hand], state.wild)
    blocked = None
    out = []
    pure_only = not table
    for i in range(len(line) - 1, -1, -1):
        deepest = KIND_OF[line[i]]
        pool.add(deepest)
        if hopeless(deepest, pool, pure_only):  # a natural card: no dealt wild, and find_meld says no
            continue
        if blocked is None:
            blocked = {m.key for m in table}
        witness = take_witness(state, i, hand, table, pool, blocked)
        if witness is not False:
            out.append(Action.take_line(p, i, witness))
    out.reverse()
    return out


def pure_sequences_in(cards: list[int]) -> list[tuple[int, ...]]:
    """Kinds of every pure sequence (3 or more cards) the cards hold, longest first."""
    found = []
    mask = pure_sequence_mask(cards)
    if not mask:
        return []
    have = {KIND_OF[c] for c in cards}
    for suit in range(4):
        if not mask >> suit & 1:
            continue
        present = [False] + [make_kind(1 if p == 14 else p, suit) in have for p in range(1, 15)]
        for low in range(1, 13):
            for high in range(low + 2, min(low + 12, 14) + 1):
                if not present[high]:
                    break
                if all(present[low:high + 1]):
                    found.append(tuple(make_kind(1 if p == 14 else p, suit) for p in range(low, high + 1)))
    found.sort(key=len, reverse=True)
    return found


def legal_draws(state: State) -> list[DrawOption]:
    """Every legal way to draw: the stock, each legal take (one witness each), and for a seat with
    no melds each further take that a pure sequence laid down first makes legal (V6.4b)."""
    if state.phase != DRAW:
        return []
    p = state.turn
    already = premelded(state)
    options = [] if already or not state.stock else [DrawOption((Action.draw_stock(p),))]
    takes = legal_takes(state)
    options += [DrawOption((t,)) for t in takes]
    if state.melds[p] or already:
        return options
    covered = {t.index for t in takes}
    if not _premeld_may_help(state, covered):
        return options
    for seq in pure_sequences_in(state.hands[p]):
        if len(covered) == len(state.line):
            break
        premeld = Action.meld_(p, [seq])
        try:
            after = apply(state, premeld)
        except IllegalAction:
            continue
        for t in legal_takes(after):
            if t.index not in covered:
                covered.add(t.index)
                options.append(DrawOption((premeld, t)))
    return options


def _premeld_may_help(state: State, covered: set[int]) -> bool:
    """Whether some position of the line not taken yet might become takeable after a pure
    sequence is laid down (V6.4b): ``False`` when the quick, sound "no" of :func:`hopeless` holds
    at each of them even for a meld of any kind from the whole hand (a premeld only removes cards)."""
    line = state.line
    if len(covered) == len(line):
        return False
    pool = Pool([KIND_OF[c] for c in state.hands[state.turn]], state.wild)
    for i in range(len(line) - 1, -1, -1):
        deepest = KIND_OF[line[i]]
        pool.add(deepest)
        if i not in covered and not hopeless(deepest, pool, False):
            return True
    return False


def legal_actions(state: State) -> list[Action]:
    """Actions the seat to move may take now.  Melds and arrangements are many; this lists the
    ones a turn cannot do without (draws, discards, ``done``, and a required pure sequence)."""
    p = state.turn
    if state.phase == DRAW:
        seen: list[Action] = []
        for option in legal_draws(state):
            if option.steps[0] not in seen:
                seen.append(option.steps[0])
        return seen
    if state.phase == PLAY:
        hand = state.hands[p]
        if not state.melds[p] and took_dealt_wild_unmelded(state):
            return [Action.meld_(p, [seq]) for seq in pure_sequences_in(hand)
                    if len(seq) < len(hand)]
        discards = _DISCARDS[p]
        return [discards[k] for k in sorted({KIND_OF[c] for c in hand})]
    if state.phase == FINAL:
        return [Action.done(p)]
    return []


# Actions are immutable values: the discard of every kind by every seat, built once.
_DISCARDS = tuple(tuple(Action.discard(p, k) for k in range(KINDS)) for p in range(6))


def stuck_reason(state: State) -> str | None:
    """Why the hand cannot go on from ``state`` (the seat to move has no legal action), or ``None``.

    A state document may spread its cards in ways no hand can reach (CONTRACT.md checks cards,
    counts and melds, not how the hand got there); a saved game is refused when it leaves the
    player with nothing to do.

    >>> import random
    >>> from .deal import new_hand
    >>> from .rules import RuleSet
    >>> stuck_reason(new_hand(RuleSet(players=2), random.Random(1))) is None
    True
    """
    if state.phase == OVER:
        return None if state.result is not None else "the hand is over but has no result"
    if legal_actions(state):
        return None
    seat = state.seats[state.turn].name
    if state.phase == DRAW:
        return f"{seat} must draw, but the stock is empty and no take from the line is legal"
    if not state.hands[state.turn]:
        return f"{seat} must discard, but holds no card"
    return f"{seat} has no legal move in phase {state.phase!r}"
