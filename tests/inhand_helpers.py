"""What the tests of the in-hand games (13- and 21-card Indian Rummy, Indian Marriage) wrote once a
game and now write once here, beside :mod:`tests.family`: hand-built state documents and the
invariants of a deal with drops, the checks of the bots, the referee's command line, reviews and
records, and tests shared whole.  A shared test is bound by each game's module under its own name
(``test_x, test_y = shared_tests(...)``): pytest collects a test by the name it has in the module,
so every game keeps its test ids (``tests/<game>/...::test_x[...]``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from game.core.cards import kind_text, parse_kind
from game.core.hand_state import DISCARD, DRAW, INVALID, OVER
from tests import family
from tests.family import CardPool, cli, no_wild_while_natural, tokens_of


def case_ids(cases: Iterable[tuple]) -> list[str]:
    """Test ids of ``(players, options, ...)`` cases: ``3p-stock_out=void`` (``standard`` without options)."""
    return [f"{c[0]}p-" + ("-".join(f"{k}={v}" for k, v in c[1].items()) or "standard") for c in cases]


def random_play_tests(play: Callable[..., None], rule_set: Callable[..., Any], preset: Callable[[str, int], Any],
                      cases: Sequence[tuple[int, dict, int]], preset_cases: Sequence[tuple[str, int]],
                      endings: Sequence[str], preset_deals: int) -> tuple[Callable, Callable]:
    """``test_random_play_invariants`` (every ``(players, options, deals)`` case plays ``deals``
    deals, each ending one of ``endings``) and ``test_random_play_presets`` (``preset_deals`` deals
    of every preset case) for a game whose ``play(rules, seed, deals, stats)`` checks every action."""

    @pytest.mark.parametrize("players, options, deals", cases, ids=case_ids(cases))
    def test_random_play_invariants(players: int, options: dict, deals: int) -> None:
        stats: Counter = Counter()
        play(rule_set(players=players, **options), seed=players * 100 + len(options), deals=deals, stats=stats)
        assert sum(stats[r] for r in endings) == deals

    @pytest.mark.parametrize("name, players", preset_cases)
    def test_random_play_presets(name: str, players: int) -> None:
        stats: Counter = Counter()
        play(preset(name, players), seed=players, deals=preset_deals, stats=stats)
        assert stats["actions"] > 0

    return test_random_play_invariants, test_random_play_presets


def wrong_turn(action: Any) -> Callable[[Any, random.Random], list]:
    """Illegal actions for the random play of a draw-discard game (``action``: its ``Action``): the
    next seat drawing, the seat to move throwing a card it does not hold, and throwing before drawing."""

    def wrong(state: Any, rng: random.Random) -> list:
        other = (state.turn + 1) % state.players
        actions = [action.draw_stock(other), action.discard(state.turn, 52 if rng.random() < 0.5 else 0)]
        if state.phase == "draw":
            actions.append(action.discard(state.turn, 0))
        return actions

    return wrong


def soak(configs: Sequence[tuple[int, dict]], rule_set: Callable[..., Any], play_deal: Callable[..., Any],
         check: Callable[..., Any], deals: int = 3000, seed: int = 2024) -> Counter:
    """``deals`` deals played by ``play_deal`` over ``configs`` in turn (``check`` after each action): the stats."""
    stats: Counter = Counter()
    rng = random.Random(seed)
    for i in range(deals):
        players, options = configs[i % len(configs)]
        play_deal(rule_set(players=players, **options), rng, stats, check=check)
    return stats


def piles(top: list[str], explicit: list[str] | None, rest: list[str], discard: list[str]) -> tuple[list, list]:
    """A hand-built document's stock and discard pile: without an ``explicit`` stock every card not
    placed (``rest``) goes to the stock under ``top``; with one, the cards left over go under the
    discard pile."""
    if explicit is None:
        return top + rest, discard
    return top + explicit, rest + discard


def doc_head(fmt: str, rules: Any, players: int, turn: int, dealer: int | None) -> dict:
    """The keys every hand-built state document starts with: format, version, rules, seats (all
    human) and the dealer (the seat before ``turn`` unless given)."""
    return {"format": fmt, "version": 1, "rules": rules.to_json(),
            "seats": [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)],
            "dealer": (turn - 1) % players if dealer is None else dealer}


# --- the states of the cut-joker games (13- and 21-card Indian Rummy), built by hand ---------------

def cut_joker_doc_maker(fmt: str, rule_set: Callable[..., Any], counts: Callable[[Any], Sequence[int]], where: str,
                        size: Callable[[Any], int], drawn: Callable[[list, str, int], list[bool]],
                        cut_default: str) -> Callable[..., dict]:
    """``make_doc(...)`` of a game whose state document is a ``fmt`` (CONTRACT.md's cut-joker
    state: ``indian13-state``, ``indian21-state``) with exact card counts.  ``counts(rules)``: the
    deck's count of each kind (``where`` names it in errors); ``size(rules)``: a hand's size;
    ``drawn(out, phase, turn)``: ``has_drawn`` when a test gives none.

    ``hands``: one entry a seat: a card string/list, an int ``n`` for ``n`` filler cards, or a pair
    ``(cards, n)``: those cards and filler cards up to ``n`` in all (missing seats get a hand's
    filler cards; the seat to move in phase ``discard``, and a seat out by an invalid declaration,
    one more).  Filler cards are drawn at random (``seed``) from the cards not placed.  ``cut``: the
    cut joker (``None`` where the rules have none).  Without ``stock`` every card not placed goes to
    the stock (``stock_top`` first); with an explicit ``stock`` (top first) the cards left over go
    under the discard pile."""

    def make_doc(players: int = 2, hands: Sequence[object] | None = None, discard: object = "5C",
                 cut: str | None = cut_default, stock: object | None = None, stock_top: object = (), turn: int = 0,
                 dealer: int | None = None, phase: str = "draw", out: Sequence[str | None] | None = None,
                 has_drawn: Sequence[bool] | None = None, taken: str | None = None, finish: str | None = None,
                 history: Sequence[dict] = (), totals: Sequence[int] | None = None, result: dict | None = None,
                 seed: int = 0, **options: object) -> dict:
        rules = rule_set(players=players, **options)
        n, held = players, size(rules)
        pool = CardPool(dict(enumerate(counts(rules))), where)
        out = list(out) if out is not None else [None] * n
        specs = list(hands or [])
        for s in range(len(specs), n):
            specs.append(held + 1 if (phase == DISCARD and s == turn) or out[s] == INVALID else held)
        fill = [spec[1] if isinstance(spec, tuple) else spec if isinstance(spec, int) else 0 for spec in specs]
        hand_docs: list[list[str]] = [[] if isinstance(spec, int)
                                      else pool.take(tokens_of(spec[0] if isinstance(spec, tuple) else spec))
                                      for spec in specs]
        discard_doc = pool.take(tokens_of(discard))
        cut_doc = pool.take([cut])[0] if cut is not None else None
        finish_doc = pool.take([finish])[0] if finish is not None else None
        top = pool.take(tokens_of(stock_top))
        explicit = None if stock is None else pool.take(tokens_of(stock))
        rest = pool.rest()
        random.Random(seed).shuffle(rest)
        for i, total in enumerate(fill):
            if total:
                more = total - len(hand_docs[i])
                hand_docs[i], rest = hand_docs[i] + rest[:more], rest[more:]
        stock_doc, discard_doc = piles(top, explicit, rest, discard_doc)
        return {
            **doc_head(fmt, rules, n, turn, dealer),
            "cut_joker": cut_doc, "stock": stock_doc, "discard": discard_doc, "hands": hand_docs,
            "finish": finish_doc, "out": out, "has_drawn": list(drawn(out, phase, turn) if has_drawn is None
                                                                else has_drawn),
            "taken_discard": None if taken is None else kind_text(parse_kind(taken)),
            "turn": turn, "phase": phase, "totals": list(totals) if totals is not None else [0] * n,
            "result": result, "history": [dict(h) for h in history],
        }

    return make_doc


def check_dropping_state(state: Any, deck: Sequence[int], size: int, rules: tuple[str, str],
                         check_result: Callable[[Any], None], to_json: Callable, from_json: Callable,
                         check_observation: Callable[[Any, int], None], round_trip: bool, observations: bool) -> None:
    """What must hold in every reachable state of a game where seats may drop: every card of
    ``deck`` once and hands of ``size`` (one more for the seat to move in phase ``discard`` and a
    seat out by an invalid declaration), a result exactly when the deal is over (checked by
    ``check_result``), a stock at every turn's start and two seats in play until the end; with
    ``round_trip`` the JSON round trip, with ``observations`` what every seat sees.  ``rules``: the
    rule ids of the card count and of the stock."""
    n = state.players
    assert sorted(state.all_cards()) == list(deck), f"a card was lost or duplicated ({rules[0]})"
    for s in range(n):
        held = size + (state.out[s] == INVALID or (state.phase == DISCARD and s == state.turn
                                                     and state.out[s] is None))
        assert len(state.hands[s]) == held, (s, state.phase, state.out[s], len(state.hands[s]))
    assert (state.result is None) == (state.phase != OVER)
    if state.phase == DRAW:
        assert state.stock, f"a turn never starts with an empty stock ({rules[1]})"
    if state.phase != OVER:
        assert state.out[state.turn] is None and len(state.in_play()) >= 2 or state.phase == "show"
    else:
        check_result(state)
    if round_trip:
        doc = to_json(state)
        assert to_json(from_json(doc)) == doc
    if observations:
        for seat in range(n):
            check_observation(state, seat)


# --- the bots of the cut-joker games ------------------------------------------------------------

def bound_helpers(new_deal: Callable, observe: Callable, apply: Callable, kind_of: Any) -> tuple[Callable, Callable]:
    """A game's ``with_hand(state, seat, text, top=None)`` and ``play_checked(rules, bots, seed,
    max_actions=400, check=None)``: :func:`tests.family.with_hand` and
    :func:`tests.family.play_checked` bound to its engine."""
    def with_hand(state: Any, seat: int, text: str, top: str | None = None) -> Any:
        return family.with_hand(state, seat, text, top, kind_of)

    def play_checked(rules: Any, bots: Sequence, seed: int, max_actions: int = 400,
                     check: Callable[[Any, Any], None] | None = None) -> Any:
        return family.play_checked(new_deal, observe, apply, rules, bots, seed, max_actions, check)

    return with_hand, play_checked


def sensible(kind_of: Any, banned_kind: Callable, declarations_of: Callable, rules: tuple[str, str]) -> Callable:
    """``check(state, action)`` for a deal of a cut-joker game: a wild card is thrown only when
    every other card is wild or may not be thrown (``rules[0]``), and a valid declaration is never
    refused (``rules[1]``)."""
    def check(state: Any, action: Any) -> None:
        no_wild_while_natural(state, action, banned_kind(state), kind_of)
        if state.phase == DISCARD and declarations_of(state):
            assert action.type == "declare", f"a valid declaration refused ({rules[1]})"

    return check


def shows_within(play_checked: Callable, rules: Any, bots: Sequence, seeds: int, max_actions: int) -> None:
    """Some deal of the first ``seeds`` reaches the show phase (losers arranging their own cards)."""
    for seed in range(seeds):
        state = play_checked(rules, bots, seed=seed, max_actions=max_actions)
        if state.result is not None and any(e["type"] == "show" for e in state.history):
            return
    pytest.fail("no deal reached the show phase")


def safe_in_every_phase(play_checked: Callable, quick_bot: Callable, observe: Callable, apply: Callable,
                        safe_action: Callable, rules: Any, no_wild: Callable) -> None:
    """Over a deal of heuristic bots, the safe move of every position is legal, draws from the
    stock, and throws no wild card while a natural one may go (``no_wild(state, action)``)."""
    bots = [quick_bot("heuristic", 1), quick_bot("heuristic", 2), quick_bot("heuristic", 3)]

    def check(state: Any, action: Any) -> None:
        safe = safe_action(observe(state, state.turn))
        apply(state, safe)  # legal
        if state.phase == DRAW:
            assert safe.type == "draw_stock"
        elif state.phase == DISCARD and safe.type == "discard":
            no_wild(state, safe)

    play_checked(rules, bots, seed=3, max_actions=300, check=check)


def never_drops(quick_bot: Callable, observe: Callable, state: Any, seat: int, names: Iterable[str]) -> None:
    """No bot of ``names`` drops the hand ``seat`` holds in ``state``."""
    for name in names:
        assert quick_bot(name, 1).choose(observe(state, seat)).type != "drop"


def drops_when_cheap(quick_bot: Callable, levels: Any, obs: Any, drops: bool) -> None:
    """The heuristic and the search drop the hopeless hand of ``obs`` exactly when ``drops``; the
    heuristic told not to drop, and the Easy level, never do."""
    for name in ("heuristic", "search"):
        assert (quick_bot(name, 1).choose(obs).type == "drop") is drops
    assert quick_bot("heuristic", 1, drop=False).choose(obs).type != "drop"
    assert levels["Easy"].make(random.Random(1)).choose(obs).type != "drop"


def play_series(series: Any, rng: random.Random, play_out: Callable[[Any], Any],
                scores: Callable[[Any], Sequence[int]]) -> tuple[list[int], list[int]]:
    """Play ``series`` to its end (each deal by ``play_out``), checking that each deal starts with
    the totals so far: the dealers of its deals and the sum of ``scores(end)`` over them."""
    dealers: list[int] = []
    totals = [0] * series.rules.players
    while not series.over:
        state = series.deal(rng)
        dealers.append(state.dealer)
        assert state.totals == totals
        end = play_out(state)
        series.record(end)
        totals = [t + n for t, n in zip(totals, scores(end))]
    return dealers, totals


# --- the referee's command line -------------------------------------------------------------------

def refused_as_bad_input(doc: object) -> None:
    """``python -m game.referee`` refuses ``doc`` (a document, or raw text) as bad input: exit 2, a
    message, no traceback and nothing on stdout."""
    proc = cli(stdin=doc if isinstance(doc, str) else json.dumps(doc))
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stderr.strip() and b"Traceback" not in proc.stderr and proc.stdout == b""


def new_by_cli(game: str, players: int, seed: int, preset_name: str, options: dict, preset: Callable,
               new_deal: Callable, to_json: Callable) -> dict:
    """``--new`` with a preset and rules laid over it on the command line: exit 0, and the document
    the engine deals for those rules and ``seed``."""
    proc = cli("--new", "--game", game, "--players", str(players), "--seed", str(seed), "--preset", preset_name,
               "--rules", json.dumps(options))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc == to_json(new_deal(preset(preset_name, players).with_options(options), random.Random(seed)))
    return doc


# --- observations, records and reviews ------------------------------------------------------------

def taking_is_public(state: Any, act: Callable, observe: Callable, toks: Callable, kind: Callable,
                     action: Any) -> None:
    """From ``state`` (three seats, ``KH`` on top of the discard pile): the card seat 0 takes from
    the discard pile is seen by the others; seat 1's stock draw names no card."""
    after = act(state, action.take_discard(0))
    assert toks([observe(after, 1).taken_discard]) == ["KH"]
    after = act(after, action.discard(0, kind(toks(after.hands[0])[0])), action.draw_stock(1))
    assert observe(after, 2).history[-1] == {"player": 1, "type": "draw_stock"}


def record_sees_a_reshuffle(states_of: Callable[[int], Iterable[Any]], observe: Callable,
                            public_record: Callable) -> None:
    """Some deal of ten (``states_of(seed)``) reshuffles the stock, and seat 0's public record says
    so with the whole new discard pile."""
    for seed in range(10):
        for state in states_of(seed):
            record = public_record(observe(state, 0))
            if record.reshuffled:
                assert len(record.pile) == len(state.discard)
                return
    pytest.fail("no random deal reshuffled the stock")


def deal_recorder(front: Any, rule_set: Callable[..., Any]) -> Callable[..., dict]:
    """``recorded_deal(seed, players=2, bot="heuristic", seat_bot=None, rules=None)``: a deal played
    by ``front``'s bots, recorded as a replay; seat 0 is played by ``seat_bot`` if given
    (:func:`tests.family.recorded_deal`)."""
    def recorded_deal(seed: int, players: int = 2, bot: str = "heuristic", seat_bot: str | None = None,
                      rules: Any = None) -> dict:
        return family.recorded_deal(front, rules or rule_set(players=players), seed, bot, seat_bot)

    return recorded_deal


def charged_as_recorded(doc: dict, states: Callable, charged: Callable, drop: Callable, apply: Callable) -> None:
    """:func:`tests.family.charged_as_settled` over the recorded deal ``doc`` (``drop(seat)``: the
    drop action of the seat to move at its start)."""
    played = states(doc)
    start = played[0]
    family.charged_as_settled(charged, start, played[-1], drop(start.turn), apply)


# --- history documents: the action a document's seat to move makes --------------------------------

def draw(doc: dict) -> dict:
    return {"player": doc["turn"], "type": "draw_stock"}


def take(doc: dict) -> dict:
    return {"player": doc["turn"], "type": "take_discard"}


def discard(doc: dict) -> dict:
    """A discard of the first card of the hand that is not the one taken this turn."""
    card = next(c for c in doc["hands"][doc["turn"]] if c != doc["taken_discard"])
    return {"player": doc["turn"], "type": "discard", "card": card}


def review_tests(front: Any, rule_set: Callable[..., Any], review: Callable, decisions_of: Callable,
                 iterations: int, suite_hands: int = 2) -> tuple[Callable, Callable, Callable]:
    """A game with drops's ``recorded_deal`` (:func:`deal_recorder`) and its tests
    ``test_the_review_rates_every_draw_and_discard`` and
    ``test_random_moves_are_marked_more_often_than_the_heuristics``
    (:func:`tests.family.rates_every_draw_and_discard`, :func:`tests.family.random_marked_more_often`)."""
    recorded_deal = deal_recorder(front, rule_set)

    def test_the_review_rates_every_draw_and_discard() -> None:
        family.rates_every_draw_and_discard(review, decisions_of, recorded_deal(7), iterations)

    @pytest.mark.parametrize("hands", [pytest.param(suite_hands, id=str(suite_hands)),
                                       pytest.param(3, marks=pytest.mark.long, id="3-long")])
    def test_random_moves_are_marked_more_often_than_the_heuristics(hands: int) -> None:
        """``suite_hands`` hands a bot in the suite, three in the long checks (docs/testing.md)."""
        family.random_marked_more_often(review, lambda seed, bot: recorded_deal(seed, seat_bot=bot), iterations,
                                        hands)

    return (recorded_deal, test_the_review_rates_every_draw_and_discard,
            test_random_moves_are_marked_more_often_than_the_heuristics)
