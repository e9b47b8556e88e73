"""The state document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use (the cards, the melds, and every field
the history determines against it) and gives one clear :class:`StateError` naming the problem and
the key; it is never half-loaded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core.cards import CARDS_PER_DECK, JOKER, KIND_OF, CardError, kind_text, parse_kind
from game.core.documents import expect_after, expect_reason, state_document, texts
from game.core.errors import IllegalAction, StateError
from game.core.reading import CardPool, read_int, read_list, read_table

from .actions import ARRANGE, DISCARD, DONE, DRAW_STOCK, MELD, TAKE_LINE, Action
from .melds import SEQUENCE, SET, Meld, written_readings
from .rules import RulesError, RuleSet
from .state import DRAW, FINAL, OVER, PHASES, PLAY, STOCK_OUT, WENT_OUT, Result, State
from .turn import first_legal

FORMAT = "vazhushal-state"
VERSION = 1
KEYS = ("format", "version", "rules", "seats", "dealer", "indicator", "stock", "line",
        "line_first_dealt", "hands", "melds", "turn", "phase", "wins", "result", "history")


def to_json(state: State) -> dict:
    """The CONTRACT.md state document (stock top first)."""
    middle = {"indicator": None if state.indicator is None else kind_text(state.indicator),
              "stock": texts(reversed(state.stock), KIND_OF), "line": texts(state.line, KIND_OF),
              "line_first_dealt": state.line_first_dealt, "hands": [texts(h, KIND_OF) for h in state.hands],
              "melds": [[m.to_json() for m in seat] for seat in state.melds]}
    return state_document(state, FORMAT, VERSION, middle, {"wins": list(state.wins)})


def from_json(doc: object) -> State:
    """Validate a state document and build the :class:`State`; raises :class:`StateError`."""
    table = read_table(doc, KEYS, FORMAT, VERSION, RuleSet.from_json, (RulesError, TypeError), PHASES)
    doc, rules, seats, dealer, turn, phase = table.doc, table.rules, table.seats, table.dealer, table.turn, table.phase
    n = rules.players
    wins = [read_int(w, "wins", 0, 10**9) for w in read_list(doc["wins"], "wins", n)]
    if not isinstance(doc["line_first_dealt"], bool):
        raise StateError("key 'line_first_dealt' must be true or false")

    decks = rules.decks
    cards = CardPool(range(decks * CARDS_PER_DECK), KIND_OF,
                     lambda k: f"the decks for this table hold {decks * (2 if k == JOKER else 1)}",
                     "of the decks are missing from stock, line, hands and melds (every card must be there "
                     "exactly once)")
    indicator = None
    if doc["indicator"] is not None:
        if not rules.negative_joker:
            raise StateError("key 'indicator' must be null when rules.negative_joker is off")
        try:
            indicator = parse_kind(doc["indicator"])
        except CardError as exc:
            raise StateError(f"key 'indicator': {exc}") from None
    elif rules.negative_joker:
        raise StateError("key 'indicator' must name the negative joker when rules.negative_joker is on")
    stock_top_first = cards.list(doc["stock"], "stock")
    if indicator is not None and stock_top_first and KIND_OF[stock_top_first[-1]] != indicator:
        raise StateError("key 'stock': the indicator must be the last card of the stock until it is drawn (V2.4)")
    line = cards.list(doc["line"], "line")
    if doc["line_first_dealt"] and not line:
        raise StateError("key 'line_first_dealt' cannot be true when the line is empty")
    hands = [cards.list(h, "hands") for h in read_list(doc["hands"], "hands", n)]
    probe = State(rules, seats, dealer, indicator, [], [], False, [[] for _ in range(n)],
                  [[] for _ in range(n)], turn, phase, wins)
    melds = [_seat_melds(m, cards, probe.wild) for m in read_list(doc["melds"], "melds", n)]
    cards.check_all_used()
    result = _result(doc["result"], phase, n)
    history = [Action.from_json(e, n).to_json() for e in read_list(doc["history"], "history")]
    state = State(rules, seats, dealer, indicator, stock_top_first[::-1], line, doc["line_first_dealt"],
                  hands, melds, turn, phase, wins, result, history, probe.wild)
    _check_history(state)
    return state


def _seat_melds(value: object, cards: CardPool, wild: tuple[bool, ...]) -> list[Meld]:
    options: list[list[Meld]] = []
    for m in read_list(value, "melds"):
        if not isinstance(m, dict) or set(m) != {"kind", "cards"}:
            raise StateError("key 'melds': a meld must be an object with exactly 'kind' and 'cards'")
        if m["kind"] not in (SEQUENCE, SET):
            raise StateError(f"key 'melds': meld kind must be 'sequence' or 'set', not {m['kind']!r}")
        ids = cards.list(m["cards"], "melds")
        found = written_readings(m["kind"], ids, wild)
        if not found:
            raise StateError(f"key 'melds': {'-'.join(kind_text(KIND_OF[c]) for c in ids)} is not a legal "
                             f"{m['kind']} (V4)")
        options.append(found)
    if not options:
        return []
    try:  # a written meld may fit several readings: the same choice as the engine's (turn.canonical)
        return first_legal(options, (), first_meld=False)
    except IllegalAction as exc:
        raise StateError(f"key 'melds': a seat's melds break {exc.message}") from None


def _result(value: object, phase: str, n: int) -> Result | None:
    if phase != OVER:
        if value is not None:
            raise StateError("key 'result' must be null until the phase is 'over'")
        return None
    if not isinstance(value, dict) or set(value) != {"winner", "reason", "scores"}:
        raise StateError("key 'result' must be an object with 'winner', 'reason' and 'scores' when the hand is over")
    winner = value["winner"]
    if winner is not None:
        winner = read_int(winner, "result.winner", 0, n - 1)
    if value["reason"] not in (WENT_OUT, STOCK_OUT):
        raise StateError("key 'result.reason' must be 'went_out' or 'stock_out'")
    scores = value["scores"]
    if scores is not None:
        scores = tuple(read_int(s, "result.scores", -10**6, 10**6) for s in read_list(scores, "result.scores", n))
    return Result(winner, value["reason"], scores)


# --- what the history says -----------------------------------------------------------------------
# The history may be empty, or hold only the hand's latest actions (a hand-written state): every
# check reads what the entries present say.

DRAWS = (DRAW_STOCK, TAKE_LINE)


def _check_history(state: State) -> None:
    """The fields the history determines: the phase, the seat to move and how the hand ended after
    the last action, and this turn's draw (V5); the newest end of the line and the dealt card
    (V6); the cards on each table (V7.3); the final melding still going on (V9.2)."""
    history = state.history
    if not history:
        return
    last = history[-1]
    seat, kind = last["player"], last["type"]
    after = (seat + 1) % state.players
    if kind in DRAWS:
        expect_after(state, last, (PLAY,), seat, "V5.1")
    elif kind == MELD:  # before the draw too (V6.4b), or in the final melding (V9.2)
        expect_after(state, last, (DRAW, PLAY, FINAL), seat, "V5.2")
    elif kind == ARRANGE:
        expect_after(state, last, (PLAY, FINAL), seat, "V5.2")
    elif kind == DISCARD:
        expect_after(state, last, (OVER, FINAL) if not state.stock else (OVER, DRAW), after,
                     "V9.1" if not state.stock else "V5.3")
        expect_reason(state, last, (WENT_OUT,), "V8")
        if state.phase == OVER and state.result.winner != seat:
            raise StateError(f"key 'result.winner' must be seat {seat}: it went out with the history's last discard "
                             "(V8)")
    else:  # done
        expect_after(state, last, (FINAL, OVER), after, "V9.2")
        expect_reason(state, last, (STOCK_OUT,), "V9.2")
    _check_turn(state, history)
    _check_line(state, history)
    _check_tables(state, history)
    if state.phase == FINAL and sum(1 for e in history if e["type"] == DONE) >= state.players:
        raise StateError("key 'phase' cannot be 'final': the history holds a 'done' from every seat, so the hand is "
                         "over (V9.2)")


def _check_turn(state: State, history: Sequence[dict]) -> None:
    """This turn's actions so far (the history's last ones by the seat to move) against the phase:
    one draw in phase ``play`` (when the history shows where the turn began), none in phases
    ``draw`` (a meld before it at most, V6.4b) and ``final``."""
    if state.phase == OVER:
        return
    start = len(history)
    while start and history[start - 1]["player"] == state.turn:
        start -= 1
    kinds = [e["type"] for e in history[start:]]
    draws = sum(1 for k in kinds if k in DRAWS)
    if state.phase == PLAY and (draws > 1 or (start > 0 and draws == 0)):
        raise StateError(f"key 'phase' cannot be 'play': the history shows seat {state.turn} "
                         f"{'drawing twice' if draws else 'has not drawn'} this turn (V5.1)")
    if state.phase in (DRAW, FINAL) and draws:
        raise StateError(f"key 'phase' must be 'play': the history shows seat {state.turn} drew this turn (V5.1)")
    if state.phase == DRAW and kinds not in ([], [MELD]):
        raise StateError(f"key 'phase' cannot be 'draw': before its draw seat {state.turn} may only lay down one pure "
                         f"sequence, and the history shows its actions this turn: {', '.join(kinds)} (V6.4b)")


def _check_line(state: State, history: Sequence[dict]) -> None:
    """The newest end of the line is the history's last discard, unless a take came after it; a take
    leaves the line as long as its index; the dealt card is gone once the line was taken from its
    bottom (V6.5)."""
    if state.line_first_dealt and any(e["type"] == TAKE_LINE and e["index"] == 0 for e in history):
        raise StateError("key 'line_first_dealt' must be false: the history shows the line taken from its first card "
                         "(V6.5)")
    latest = next((e for e in reversed(history) if e["type"] in (DISCARD, TAKE_LINE)), None)
    if latest is None:
        return
    if latest["type"] == TAKE_LINE and len(state.line) != latest["index"]:
        index = latest["index"]
        raise StateError(f"key 'line' must hold {index} card{'' if index == 1 else 's'}, not {len(state.line)}: the "
                         f"history's last take from the line took it from position {index} on (V6.2)")
    if latest["type"] == DISCARD and (not state.line or KIND_OF[state.line[-1]] != parse_kind(latest["card"])):
        raise StateError(f"key 'line': its newest card must be the {latest['card']} the history last discarded (V5.3)")


def _check_tables(state: State, history: Sequence[dict]) -> None:
    """Every card the history shows a seat melding is still on its table (V7.3): those of its latest
    arrangement and of the melds it laid down after it."""
    laid: list[Counter[int]] = [Counter() for _ in range(state.players)]
    done: set[int] = set()
    for entry in reversed(history):
        seat, kind = entry["player"], entry["type"]
        if seat in done:
            continue
        if kind in (MELD, ARRANGE):
            laid[seat].update(parse_kind(t) for m in entry["melds"] for t in m)
        elif kind == TAKE_LINE and entry.get("meld"):
            laid[seat].update(parse_kind(t) for t in entry["meld"])
        if kind == ARRANGE:
            done.add(seat)  # the whole table then: what came before is in it
    for seat, cards in enumerate(laid):
        missing = cards - Counter(KIND_OF[c] for m in state.melds[seat] for c in m.cards)
        if missing:
            card = kind_text(next(iter(missing)))
            raise StateError(f"key 'melds': seat {seat}'s table must hold the {card} it melded in the history (cards "
                             "once melded stay on the table, V7.3)")
