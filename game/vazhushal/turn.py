"""Applying actions: the one place where the rules of a turn live (RULES.md V5-V9).

:func:`apply` checks an action and returns the new state, or raises :class:`IllegalAction` and
leaves the state as it was.  ``apply(state, action, check=False)`` skips the checks that look back
over the turn (V6.4b, V6.5b) and the look-ahead of a meld before the draw, for search on actions
a bot took from the legal-move source; readings are chosen the same way, so a legal action gives
the same state either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import islice, product
from operator import attrgetter

from game.core.cards import KIND_OF, KIND_TEXT, kind_text
from game.core.errors import IllegalAction
from game.core.front import legality
from game.core.reading import well_formed

from .actions import ARRANGE, DISCARD, DONE, DRAW_STOCK, MELD, TAKE_LINE, Action
from .deal import has_pure_sequence
from .melds import SEQUENCE, Meld, readings, written_readings
from .scoring import stock_out_result
from .state import DRAW, FINAL, OVER, PLAY, WENT_OUT, Result, State
from .wipes import Pool, find_meld

MAX_READING_COMBOS = 4096


def apply(state: State, action: Action | dict, *, check: bool = True) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when the rules forbid it, and
    :class:`StateError` when it is no well-formed action (a bad JSON object, a card that is not one)."""
    if type(action) is not Action or action.shape_error() is not None:  # (the usual case checked inline)
        action = well_formed(Action, action, state.players)
    if state.phase == OVER:
        raise IllegalAction("hand_over", "V8", "the hand is over; deal the next hand")
    if action.player != state.turn:
        name = state.seats[state.turn].name if 0 <= state.turn < len(state.seats) else state.turn
        raise IllegalAction("not_your_turn", "V5", f"it is {name}'s turn, not seat {action.player}'s",
                            {"name": name, "seat": action.player})
    new = state.copy()
    _HANDLERS[action.type](new, action, check)
    return new


is_legal = legality(apply)  # is_legal(state, action): apply would accept it


# --- helpers ---------------------------------------------------------------------------------

def _text(kinds: Sequence[int]) -> str:
    return "-".join(kind_text(k) for k in kinds)


def pick(pool: Sequence[int], kinds: Sequence[int]) -> list[int] | None:
    """Physical cards from ``pool`` for each kind in ``kinds`` (a multiset), or ``None``."""
    by_kind: dict[int, list[int]] = {}
    for c in pool:
        by_kind.setdefault(KIND_OF[c], []).append(c)
    out = []
    for k in kinds:
        ids = by_kind.get(k)
        if not ids:
            return None
        out.append(ids.pop())
    return out


def _pick_one(pool: Sequence[int], kind: int) -> list[int] | None:
    """``pick(pool, [kind])``: the last card of ``kind`` in ``pool``, or ``None``."""
    for i in range(len(pool) - 1, -1, -1):
        if KIND_OF[pool[i]] == kind:
            return [pool[i]]
    return None


def _missing(pool: Sequence[int], kinds: Sequence[int]) -> int:
    """A kind in ``kinds`` that ``pool`` lacks (first one)."""
    counts: dict[int, int] = {}
    for c in pool:
        counts[KIND_OF[c]] = counts.get(KIND_OF[c], 0) + 1
    for k in kinds:
        if counts.get(k, 0) == 0:
            return k
        counts[k] -= 1
    raise AssertionError("nothing missing")


def _remove(cards: list[int], used: Sequence[int]) -> None:
    for c in used:
        cards.remove(c)


def premelded(state: State) -> bool:
    """V6.4b: the seat to move laid down a pure sequence before drawing this turn."""
    if state.phase != DRAW:
        return False
    p = state.turn
    for entry in reversed(state.history):  # this turn's actions so far, latest first
        if entry["player"] != p:
            return False
        if entry["type"] == MELD:
            return True
    return False


def took_dealt_wild_unmelded(state: State) -> bool:
    """V6.5b: the seat took the dealt wild this turn without a meld, on the strength of the pure
    sequence in its hand, and has not laid that sequence down yet.

    (A seat that took the dealt wild this way still holds its pure sequence: cards only came in.
    The automatic take of ``first_player_takes`` happens when no hand holds a pure sequence, so it
    carries no duty unless the wild itself completes one.)"""
    p = state.turn
    if state.melds[p]:
        return False
    for entry in reversed(state.history):  # this turn's actions so far, latest first
        if entry["player"] != p:
            return False
        if entry["type"] == TAKE_LINE and entry.get("meld") is None:
            return has_pure_sequence(state.hands[p])
    return False


def settle(state: State, groups: Sequence[Sequence[int]], fixed: Sequence[Meld], *,
           first_meld: bool, pure_only: bool = False, pure_code: tuple[str, str, str, dict | None] | None = None,
           hints: Sequence[Meld] = ()) -> list[Meld]:
    """Choose a reading for every group of physical cards (V4.6) so that, with the ``fixed``
    melds, the table is legal (V7.2): the preferred reading of each group first, then the next
    ones in order.  Raises the error of the preferred combination when none is legal.

    A group holding exactly the cards of a ``hints`` meld (an unchanged table meld) tries that
    meld's reading first."""
    if hints:
        kept = _kept(hints, groups)
        if any(kept):
            # Fast path: unchanged melds keep their reading; re-read them only if that fails.
            try:
                options = [[_with_cards(m, g)] if m is not None else _group_readings(state, g, pure_only, pure_code)
                           for g, m in zip(groups, kept)]
                return first_legal(options, fixed, first_meld)
            except IllegalAction:
                pass
    options = [_group_readings(state, g, pure_only, pure_code) for g in groups]
    for i, m in enumerate(kept if hints else ()):
        if m is not None:
            options[i] = [r for r in options[i] if r.key == m.key] + [r for r in options[i] if r.key != m.key]
    return first_legal(options, fixed, first_meld)


def _kept(hints: Sequence[Meld], groups: Sequence[Sequence[int]]) -> list[Meld | None]:
    """For each group, the ``hints`` meld holding the same kinds (each hint once, the earliest
    first), or ``None``."""
    n = len(hints)
    if len(groups) >= n and all(m.cards == tuple(g) for m, g in zip(hints, groups)):
        # each hint's own cards in its place (a table kept as it was, groups added after it): the
        # search below would match each group to its own hint, the earliest of its kinds left
        return [*hints] + [None] * (len(groups) - n)
    by_cards: dict[tuple[int, ...], list[Meld]] = {}
    for m in reversed(hints):
        by_cards.setdefault(_kinds_key(m.cards), []).append(m)
    kept = []
    for g in groups:
        same = by_cards.get(_kinds_key(g))
        kept.append(same.pop() if same else None)
    return kept


def _with_cards(meld: Meld, group: Sequence[int]) -> Meld:
    """``meld``'s reading with the physical cards of ``group`` (which holds the same kinds)."""
    if meld.cards == tuple(group) or sorted(meld.cards) == sorted(group):
        return meld
    pool = pick(group, [KIND_OF[c] for c in meld.cards])
    assert pool is not None
    return replace(meld, cards=tuple(pool))


def _kinds_key(cards: Sequence[int]) -> tuple[int, ...]:
    """The sorted kinds of ``cards`` (remembered: a hand matches the same groups turn after turn)."""
    ids = tuple(cards)
    found = _KINDS_KEYS.get(ids)
    if found is None:
        if len(_KINDS_KEYS) >= 50_000:
            _KINDS_KEYS.clear()
        found = _KINDS_KEYS[ids] = tuple(sorted(map(KIND_OF.__getitem__, ids)))
    return found


_KINDS_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _group_readings(state: State, group: Sequence[int], pure_only: bool,
                    pure_code: tuple[str, str, str, dict | None] | None) -> list[Meld]:
    found = readings(group, state.wild)
    if not found:
        short = len(group) < 3
        why = "a meld needs at least 3 cards" if short else (
            "it is neither a sequence (3+ cards of one suit in order, ace low or high, no "
            "wrapping) nor a set (3-4 cards of one rank, all suits different), with at least "
            "one natural card")
        kinds = [KIND_OF[c] for c in group]
        raise IllegalAction("illegal_meld", "V4", f"{_text(kinds)} is not a meld: {why}",
                            {"group": kinds, "case": "short" if short else "neither"})
    if pure_only:
        found = [m for m in found if m.is_pure_sequence]
        if not found:
            raise IllegalAction(*(pure_code or ("first_meld_not_pure", "V7.1", "your first meld must be a pure "
                                                "sequence", {"case": "short"})))
    return found


_KEY, _PURE = attrgetter("key"), attrgetter("is_pure_sequence")  # of a Meld


def first_legal(options: list[list[Meld]], fixed: Sequence[Meld], first_meld: bool) -> list[Meld]:
    fixed_keys = list(map(_KEY, fixed))
    fixed_pure = any(map(_PURE, fixed))
    first_error: IllegalAction | None = None
    for combo in islice(product(*options), MAX_READING_COMBOS):
        keys = fixed_keys + list(map(_KEY, combo))
        if len(set(keys)) != len(keys):
            if first_error is None:
                first_error = _identical_error(list(fixed) + list(combo))
            continue
        if combo and not fixed_pure and not any(map(_PURE, combo)):
            if first_error is None:
                first_error = (IllegalAction("first_meld_not_pure", "V7.1",
                                             "your first meld must be a pure sequence (3 or more cards "
                                             "of one suit in order, no wild cards)", {"case": "first"})
                               if first_meld else
                               IllegalAction("no_pure_sequence", "V7.2",
                                             "your melds must always include a pure sequence"))
            continue
        return list(combo)
    assert first_error is not None
    raise first_error


def canonical(melds: list[Meld], wild: Sequence[bool]) -> list[Meld]:
    """A seat's melds as their *written* cards read best together (V4.6): the reading a saved
    game reads back.  Only melds with wild cards can be read more than one way; a written sequence
    such as 8H-8D-JK (red 8s wild) fits hearts 8-10 and diamonds 7-9, and takes the better one the
    rest of the table allows (V4.5)."""
    # A natural (non-wild) card pins a written sequence to its place, and a set has one reading:
    # only a sequence written with wild cards alone can fit more than one reading.
    for m in melds:
        if m.kind == SEQUENCE:
            for c in m.cards:
                if not wild[KIND_OF[c]]:
                    break
            else:
                break  # a sequence of wild cards only
    else:
        return melds
    options = [written_readings(m.kind, m.cards, wild) for m in melds]
    if all(len(o) == 1 for o in options):
        return [o[0] for o in options]
    return first_legal(options, (), first_meld=False)


def _identical_error(melds: list[Meld]) -> IllegalAction:
    seen: dict[tuple, Meld] = {}
    for m in melds:
        if m.key in seen:
            first, second = seen[m.key], m
            return IllegalAction("identical_melds", "V4.5",
                                 f"you may not have two identical melds ({'-'.join(first.text())} "
                                 f"and {'-'.join(second.text())})",
                                 {"first": [KIND_OF[c] for c in first.cards],
                                  "second": [KIND_OF[c] for c in second.cards]})
        seen[m.key] = m
    raise AssertionError("no identical melds")


def _keep_a_card(hand_after: int) -> None:
    if hand_after < 1:
        raise IllegalAction("must_keep_card", "V5.3",
                            "you must keep one card in your hand to discard at the end of the turn")


def _wrong_phase(state: State, action: Action) -> IllegalAction:
    if state.phase == DRAW:
        message = "start your turn by drawing from the stock or taking from the discard line"
        return IllegalAction("wrong_phase", "V5.1", message, {"case": DRAW})
    if state.phase == PLAY:
        if action.type == DONE:
            return IllegalAction("wrong_phase", "V9.2", "'done' ends the final melding after the stock ran out",
                                 {"case": DONE})
        return IllegalAction("wrong_phase", "V5.1", "you have already drawn this turn", {"case": PLAY})
    return IllegalAction("wrong_phase", "V9.2",
                         "the stock has run out: you may only meld from your hand, rearrange your melds, or finish",
                         {"case": FINAL})


def _log(state: State, action: Action, **fields: object) -> None:
    state.history.append({"player": action.player, "type": action.type, **fields})


# --- handlers --------------------------------------------------------------------------------

def _draw_stock(state: State, action: Action, check: bool) -> None:
    if state.phase != DRAW:
        raise _wrong_phase(state, action)
    if check and premelded(state):
        raise IllegalAction("must_take_line", "V6.4b",
                            "you melded before drawing, so you must now take from the discard line")
    if not state.stock:
        raise IllegalAction("stock_empty", "V9.1", "the stock is empty")
    state.hands[action.player].append(state.stock.pop())
    state.phase = PLAY
    state.history.append({"player": action.player, "type": DRAW_STOCK})  # (_log, inline: every other action)


def _take_line(state: State, action: Action, check: bool) -> None:
    if state.phase != DRAW:
        raise _wrong_phase(state, action)
    p, i, line = action.player, action.index, state.line
    if i is None or not 0 <= i < len(line):
        raise IllegalAction("bad_line_index", "V6.2",
                            f"there is no card at position {i} of the discard line (it holds {len(line)} cards)",
                            {"position": i, "size": len(line)})
    hand, table = state.hands[p], state.melds[p]
    taken = line[i:]
    deepest = taken[0]
    dk = KIND_OF[deepest]
    dealt_wild = (i == 0 and state.line_first_dealt and state.wild[dk]
                  and state.rules.first_wild != "must_meld")
    if action.meld is None:
        if not dealt_wild:
            raise IllegalAction("meld_required", "V6.3",
                                f"the {kind_text(dk)} you take from the line must start a new meld: name that meld",
                                {"card": dk})
        if check and not table and not has_pure_sequence(hand):
            raise IllegalAction("first_wild_forbidden", "V6.5",
                                f"the dealt wild {kind_text(dk)} may be taken only by a player with a pure "
                                "sequence on the table or in hand, or to use it as itself in a pure sequence",
                                {"card": dk})
        hand.extend(taken)
        del line[:]
        state.line_first_dealt = False
        state.phase = PLAY
        _log(state, action, index=i)
        return
    kinds = list(action.meld)
    if dk not in kinds:
        raise IllegalAction("deepest_card_not_in_meld", "V6.3",
                            f"the {kind_text(dk)} you take from the line must start a new meld, "
                            "and this meld does not hold it", {"card": dk})
    kinds.remove(dk)
    pool = hand + taken[1:]
    rest = pick(pool, kinds)
    if rest is None:
        missing = _missing(pool, kinds)
        raise IllegalAction("cards_not_available", "V6.3",
                            f"the new meld may use only cards from your hand and the cards you take, "
                            f"and the {kind_text(missing)} is not among them", {"card": missing})
    group = [deepest] + rest
    _keep_a_card(len(hand) + len(taken) - len(group))
    if table:
        meld = settle(state, [group], table, first_meld=False)[0]
    else:
        rule = "V6.5" if dealt_wild else "V6.4a"
        message = (f"before your first meld, the {kind_text(dk)} you take from the line must go into a pure "
                   "sequence (no wild cards); or first lay down a pure sequence from your hand")
        meld = settle(state, [group], (), first_meld=True, pure_only=True,
                      pure_code=("first_meld_not_pure", rule, message, {"card": dk, "case": "line"}))[0]
    hand.extend(taken)
    _remove(hand, group)
    del line[i:]
    if i == 0:
        state.line_first_dealt = False
    table.append(meld)
    state.melds[p] = canonical(table, state.wild)
    state.phase = PLAY
    _log(state, action, index=i, meld=meld.text())


def _meld(state: State, action: Action, check: bool) -> None:
    p = action.player
    hand, table = state.hands[p], state.melds[p]
    if state.phase == DRAW:
        if table:
            raise IllegalAction("meld_before_draw", "V6.4b",
                                "only a player with no melds yet may meld before drawing, to take from the line")
    elif state.phase not in (PLAY, FINAL):
        raise _wrong_phase(state, action)
    if not action.melds:
        raise IllegalAction("no_melds", "V5.2", "name at least one meld to lay down")
    flat = [k for m in action.melds for k in m]
    ids = pick(hand, flat)
    if ids is None:
        missing = _missing(hand, flat)
        raise IllegalAction("card_not_in_hand", "V5.2", f"you do not hold the {kind_text(missing)}", {"card": missing})
    groups, at = [], 0
    for m in action.melds:
        groups.append(ids[at:at + len(m)])
        at += len(m)
    if state.phase == DRAW:
        new = settle(state, groups, (), first_meld=True, pure_only=True,
                     pure_code=("premeld_not_pure", "V6.4b",
                                "before drawing you may lay down only a pure sequence from your hand", None))
    else:
        new = settle(state, groups, table, first_meld=not table)
    if state.phase == PLAY:
        _keep_a_card(len(hand) - len(ids))
    _remove(hand, ids)
    table.extend(new)
    state.melds[p] = canonical(table, state.wild)
    _log(state, action, melds=[m.text() for m in new])
    if state.phase == DRAW and check and not any_take(state):
        raise IllegalAction("premeld_without_take", "V6.4b",
                            "melding before the draw is allowed only to take from the line, and after this "
                            "meld no card of the line could go into a new meld")


def _arrange(state: State, action: Action, check: bool) -> None:
    if state.phase not in (PLAY, FINAL):
        raise _wrong_phase(state, action)
    p = action.player
    hand, table = state.hands[p], state.melds[p]
    on_table = [c for m in table for c in m.cards]
    on_table_kinds = list(map(KIND_OF.__getitem__, on_table))
    groups: list[list[int]] = []
    from_hand: list[int] = []
    if len(set(on_table_kinds)) == len(on_table):  # each kind on the table once (the usual case): one card a kind
        card_of = dict(zip(on_table_kinds, on_table))
        for m in action.melds or ():
            group = []
            for k in m:
                c = card_of.pop(k, -1)
                if c < 0:
                    from_hand.append(k)
                group.append(c)
            groups.append(group)
        left = list(card_of.values())
    else:  # the table's cards of each kind, the last one taken first
        by_kind: dict[int, list[int]] = {}
        for c, k in zip(on_table, on_table_kinds):
            by_kind.setdefault(k, []).append(c)
        for m in action.melds or ():
            group = []
            for k in m:
                ids = by_kind.get(k)
                if ids:
                    group.append(ids.pop())
                else:
                    from_hand.append(k)
                    group.append(-1)
            groups.append(group)
        left = [c for ids in by_kind.values() for c in ids]
    if left:
        kind = KIND_OF[left[0]]
        raise IllegalAction("melded_cards_missing", "V7.3",
                            f"cards once melded stay on your table, and the {kind_text(kind)} "
                            "is missing from your arrangement", {"card": kind})
    hand_ids = pick(hand, from_hand)
    if hand_ids is None:
        missing = _missing(hand, from_hand)
        raise IllegalAction("card_not_in_hand", "V5.2", f"you do not hold the {kind_text(missing)}", {"card": missing})
    fill = iter(hand_ids)
    groups = [[c if c >= 0 else next(fill) for c in g] for g in groups]
    new = settle(state, groups, (), first_meld=not table, hints=table)
    if state.phase == PLAY:
        _keep_a_card(len(hand) - len(hand_ids))
    _remove(hand, hand_ids)
    state.melds[p] = canonical(new, state.wild)
    _log(state, action, melds=[m.text() for m in new])


def _discard(state: State, action: Action, check: bool) -> None:
    if state.phase != PLAY:
        raise _wrong_phase(state, action)
    p, n = action.player, state.players
    hand = state.hands[p]
    ids = _pick_one(hand, action.card)  # type: ignore[arg-type]
    if ids is None:
        on_table = any(KIND_OF[c] == action.card for m in state.melds[p] for c in m.cards)
        if on_table:
            raise IllegalAction("card_not_in_hand", "V7.3",
                                f"melded cards stay on the table: you cannot discard the {kind_text(action.card)}",
                                {"card": action.card, "case": "melded"})
        raise IllegalAction("card_not_in_hand", "V5.3", f"you do not hold the {kind_text(action.card)}",
                            {"card": action.card})
    if check and not state.melds[p] and took_dealt_wild_unmelded(state):
        raise IllegalAction("pure_sequence_required", "V6.5",
                            "you took the dealt wild card on the strength of the pure sequence in your hand: "
                            "lay that sequence down before you discard")
    hand.remove(ids[0])
    state.line.append(ids[0])
    state.history.append({"player": p, "type": DISCARD, "card": KIND_TEXT[action.card]})  # (_log, inline)
    if not hand:  # V8: went out
        state.result = Result(p, WENT_OUT, None)
        state.wins[p] += 1
        state.phase = OVER
        return
    if not state.stock:  # V9.1: the stock ran out this turn
        state.phase = FINAL
        state.turn = (p + 1) % n
        return
    cap = state.rules.line_cap
    if cap is not None and len(state.line) > cap:  # V6.6
        oldest = state.line.pop(0)
        state.stock.insert(1 if state.indicator is not None else 0, oldest)
        state.line_first_dealt = False
    state.turn = (p + 1) % n
    state.phase = DRAW


def _done(state: State, action: Action, check: bool) -> None:
    if state.phase != FINAL:
        raise _wrong_phase(state, action)
    _log(state, action)
    if sum(1 for e in state.history if e["type"] == DONE) >= state.players:
        state.result = stock_out_result(state)
        if state.result.winner is not None:
            state.wins[state.result.winner] += 1
        state.phase = OVER
        return
    state.turn = (action.player + 1) % state.players


_HANDLERS = {DRAW_STOCK: _draw_stock, TAKE_LINE: _take_line, MELD: _meld, ARRANGE: _arrange,
             DISCARD: _discard, DONE: _done}


# --- questions the handlers and the legal-move source share -----------------------------------

def take_witness(state: State, index: int, hand: Sequence[int] | None = None,
                 table: Sequence[Meld] | None = None, pool: Pool | None = None,
                 blocked: set | None = None) -> tuple[int, ...] | None | bool:
    """For the seat to move: the kinds of a new meld that makes taking the line at ``index`` legal,
    ``None`` when the take is legal with no meld (V6.5b), ``False`` when it is not legal."""
    p = state.turn
    hand = state.hands[p] if hand is None else hand
    table = state.melds[p] if table is None else table
    line = state.line
    deepest = KIND_OF[line[index]]
    if (index == 0 and state.line_first_dealt and state.wild[deepest]
            and state.rules.first_wild != "must_meld" and (table or has_pure_sequence(hand))):
        return None
    if pool is None:
        pool = Pool([KIND_OF[c] for c in hand] + [KIND_OF[c] for c in line[index:]], state.wild)
    if blocked is None:
        blocked = {m.key for m in table}
    found = find_meld(deepest, pool, len(hand) + len(line) - index - 1, not table, blocked)
    return False if found is None else found


def any_take(state: State) -> bool:
    """Whether the seat to move has any legal take from the line (phase ``draw``)."""
    return any(take_witness(state, i) is not False for i in range(len(state.line)))
