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
from .wipes import KIND_BITS, SAME_RANK, WINDOW_STARTS, Pool, hopeless


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
    return [take for take, _ in _scan_line(state, False)[0]]


def _scan_line(state: State, premeld_view: bool) -> tuple[list[tuple[Action, DrawOption]], bool]:
    """:func:`legal_takes` (phase draw), each take with its draw option, and with ``premeld_view``
    whether a premeld might help (:func:`_premeld_may_help`) in the same pass over the line: both
    grow the same pool."""
    p, line, wild = state.turn, state.line, state.wild
    hand, table = state.hands[p], state.melds[p]
    pool = Pool(map(KIND_OF.__getitem__, hand), wild)
    counts, present, wilds = pool.counts, pool.present, pool.wild_total
    blocked = None
    out = []
    pure_only = not table
    may_help = False
    for i in range(len(line) - 1, -1, -1):
        deepest = KIND_OF[line[i]]
        counts[deepest] += 1  # pool.add(deepest), and hopeless(deepest, pool, ...) below, inline: this
        present |= KIND_BITS[deepest]  # loop runs over the whole line at every draw
        if wild[deepest]:
            wilds += 1
        else:  # a natural card: hopeless when fewer than two wilds and no window or set within reach
            fillers = 0 if pure_only else wilds
            if fillers < 2:
                b1, b2 = present >> 1, present >> 2
                windows = present & b1 & b2 if fillers == 0 else (present & b1) | (present & b2) | (b1 & b2)
                if not windows & WINDOW_STARTS[deepest] and (
                        pure_only or (present & SAME_RANK[deepest]).bit_count() + fillers < 2):
                    if premeld_view and not may_help and not _hopeless_any(deepest, present, wilds):
                        may_help = True
                    continue
        pool.present, pool.wild_total = present, wilds
        if blocked is None:
            blocked = {m.key for m in table}
        witness = take_witness(state, i, hand, table, pool, blocked)
        if witness is not False:
            out.append(_take(p, i, witness))
        elif premeld_view and not may_help and not hopeless(deepest, pool, False):
            may_help = True
    out.reverse()
    return out, may_help


def _take(p: int, index: int, witness: tuple[int, ...] | None) -> tuple[Action, DrawOption]:
    """The take (and the draw option of it alone): values, remembered (each is asked for turn after turn)."""
    key = (p, index, witness)
    found = _TAKES.get(key)
    if found is None:
        if len(_TAKES) >= 50_000:
            _TAKES.clear()
        take = Action.take_line(p, index, witness)
        found = _TAKES[key] = (take, DrawOption((take,)))
    return found


_TAKES: dict[tuple, tuple[Action, DrawOption]] = {}


def _hopeless_any(card: int, present: int, wilds: int) -> bool:
    """``hopeless(card, pool, False)`` for a natural ``card`` and a pool with the ``present`` bits
    and ``wilds`` wild cards."""
    if wilds >= 2:
        return False
    b1, b2 = present >> 1, present >> 2
    windows = present & b1 & b2 if wilds == 0 else (present & b1) | (present & b2) | (b1 & b2)
    return not windows & WINDOW_STARTS[card] and (present & SAME_RANK[card]).bit_count() + wilds < 2


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
    options = [] if already or not state.stock else [_STOCK_DRAWS[p]]
    premeld_view = not (state.melds[p] or already)
    takes, may_help = _scan_line(state, premeld_view)
    options += [option for _, option in takes]
    if not premeld_view:
        return options
    covered = {t.index for t, _ in takes}
    if not _premeld_may_help(state, covered, may_help):
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


def _premeld_may_help(state: State, covered: set[int], found: bool | None = None) -> bool:
    """Whether some position of the line not taken yet might become takeable after a pure
    sequence is laid down (V6.4b): ``False`` when the quick, sound "no" of :func:`hopeless` holds
    at each of them even for a meld of any kind from the whole hand (a premeld only removes cards).
    ``found``: the answer :func:`_scan_line` already gave in its pass over the line."""
    if found is not None:
        return found
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
        return [discards[k] for k in sorted(set(map(KIND_OF.__getitem__, hand)))]
    if state.phase == FINAL:
        return [Action.done(p)]
    return []


# Actions are immutable values: the discard of every kind by every seat, built once; so is a draw from the stock.
_DISCARDS = tuple(tuple(Action.discard(p, k) for k in range(KINDS)) for p in range(6))
_STOCK_DRAWS = tuple(DrawOption((Action.draw_stock(p),)) for p in range(6))


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
