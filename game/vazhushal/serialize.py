"""The state document of CONTRACT.md: JSON out, and JSON in with full validation.

A document read from outside is checked whole before use and gives one clear
:class:`StateError` naming the problem and the key; it is never half-loaded.
"""

from __future__ import annotations

from game.core.cards import CARDS_PER_DECK, JOKER, KIND_OF, CardError, kind_text, parse_kind
from game.core.documents import state_document, texts
from game.core.errors import IllegalAction, StateError
from game.core.reading import CardPool, read_int, read_list, read_table

from .actions import Action
from .melds import SEQUENCE, SET, Meld, written_readings
from .rules import RulesError, RuleSet
from .state import OVER, PHASES, STOCK_OUT, WENT_OUT, Result, State
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
    return State(rules, seats, dealer, indicator, stock_top_first[::-1], line, doc["line_first_dealt"],
                 hands, melds, turn, phase, wins, result, history, probe.wild)



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
