"""The bot interface, registry and levels, and what each bot is meant to do."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ai.vazhushal.base import LEVELS, LegalMoves, bot_names, make_bot, register
from ai.vazhushal.determinize import PublicRecord
from ai.vazhushal.evaluate import Evaluator
from ai.vazhushal.heuristic import DEFAULT_PARAMS, Policy, Threat
from ai.vazhushal.runner import bot_for_level
from game.core.cards import KIND_OF
from game.vazhushal import (
    DRAW,
    PLAY,
    Action,
    RuleSet,
    Seat,
    apply,
    from_json,
    is_legal,
    kind_text,
    legal_draws,
    new_hand,
    observe,
    parse_kind,
)
from game.vazhushal.melds import wild_table
from game.vazhushal.state import State
from tests.ai.helpers import QUICK, quick_bot


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def hand_state(hand: str, line: str, *, phase: str = DRAW, indicator: str = "KC") -> State:
    """A two-player state document (CONTRACT.md): seat 0 to move holding ``hand``, ``line`` the
    discard line, the other cards dealt to seat 1 and the stock (indicator at the bottom)."""
    deck = Counter({k: 1 for k in range(52)})
    deck[52] = 2
    used = Counter(kinds(hand)) + Counter(kinds(line)) + Counter([parse_kind(indicator)])
    rest = sorted((deck - used).elements())
    random.Random(0).shuffle(rest)
    text = lambda ks: [kind_text(k) for k in ks]  # noqa: E731
    doc = {
        "format": "vazhushal-state", "version": 1, "rules": RuleSet(players=2).to_json(),
        "seats": [{"name": "a", "kind": "bot:heuristic"}, {"name": "b", "kind": "bot:heuristic"}],
        "dealer": 1, "indicator": indicator, "stock": text(rest[13:]) + [indicator], "line": line.split(),
        "line_first_dealt": False, "hands": [hand.split(), text(rest[:13])], "melds": [[], []],
        "turn": 0, "phase": phase, "wins": [0, 0], "result": None, "history": [],
    }
    return from_json(doc)


def test_registry_finds_bots_by_name_and_plugs_in_new_ones():
    assert {"random", "heuristic", "search"} <= set(bot_names())
    with pytest.raises(KeyError):
        make_bot("nonesuch", random.Random(0))

    @register("always-stock")
    class AlwaysStock:
        name = "always-stock"

        def __init__(self, rng):
            self.rng = rng

        def choose(self, obs, legal):
            return legal.actions()[0]

    assert isinstance(make_bot("always-stock", random.Random(0)), AlwaysStock)


def test_levels_map_onto_bots_and_budgets():
    assert list(LEVELS) == ["Easy", "Medium", "Hard", "Expert"]
    for level in LEVELS.values():
        bot = level.make(random.Random(1))
        assert bot.name == level.bot and level.budget_s > 0
    safe = bot_for_level("Medium", random.Random(2), threaded=False)
    state = new_hand(RuleSet(players=2), random.Random(3))
    assert is_legal(state, safe.next_action(state)) and not safe.faults


def test_seat_kind_names_a_registered_bot():
    assert Seat("x", "bot:search").bot_name in bot_names()


def test_legal_moves_come_from_the_observation_alone():
    state = new_hand(RuleSet(players=3), random.Random(8))
    obs = observe(state, state.turn)
    legal = LegalMoves(obs)
    assert legal.state.hands[state.turn] == state.hands[state.turn]
    assert [o.steps for o in legal.draws()] == [o.steps for o in legal_draws(state)]
    assert legal.is_legal(Action.draw_stock(state.turn))
    assert not legal.is_legal(Action.done(state.turn))


def test_heuristic_goes_out_whenever_it_can_v8():
    state = hand_state("5H 6H 7H 9S 9D 9C 2C 3C 4C JD QD KD 8S", "8H", phase=DRAW)
    bot = make_bot("heuristic", random.Random(0))
    obs = observe(state, 0)
    plan = bot.choose(obs, LegalMoves(obs))
    steps = plan if isinstance(plan, list) else [plan]
    for step in steps:
        state = apply(state, step)
    obs = observe(state, 0)
    plan = bot.choose(obs, LegalMoves(obs))
    for step in plan:
        state = apply(state, step)
    assert state.result is not None and state.result.winner == 0


def test_heuristic_keeps_wild_cards_and_holds_melds_back():
    # JK is wild; 2C-3C-4C is a meld it could lay down but has no reason to
    state = hand_state("2C 3C 4C JK 9S KD 5H 7D QS 8C 10H 6S", "AS", phase=DRAW)
    state = apply(state, Action.draw_stock(0))
    obs = observe(state, 0)
    plan = make_bot("heuristic", random.Random(0)).choose(obs, LegalMoves(obs))
    assert [a.type for a in plan] == ["discard"]
    assert plan[0].card != parse_kind("JK")


def test_heuristic_wipes_the_line_when_it_completes_a_meld_v6():
    state = hand_state("9H 10H KS KD 2C 5D 7S AS 3H 6C 8D QC 4S", "2D JH", phase=DRAW)
    obs = observe(state, 0)
    plan = make_bot("heuristic", random.Random(0)).choose(obs, LegalMoves(obs))
    assert plan[-1].type == "take_line" and parse_kind("JH") in plan[-1].meld


def test_discard_danger_uses_the_public_record():
    """The next player took 7H and 8H from the line: a 9H or 6H feeds them."""
    policy = Policy()
    state = hand_state("2C 3C 4C 9H KS", "AS", phase=PLAY)
    record = PublicRecord((Counter(), Counter(kinds("7H 8H"))), (), (Counter(), Counter()), (Counter(), Counter()))
    threat = Threat.of(state, 0, record)
    assert threat.danger(parse_kind("9H"), state.wild) > 0.9
    assert threat.danger(parse_kind("KS"), state.wild) < 0.5
    high = PublicRecord((Counter(), Counter(kinds("QD KD"))), (), (Counter(), Counter()), (Counter(), Counter()))
    assert Threat.of(state, 0, high).danger(parse_kind("AD"), state.wild) > 0.9  # Q-K-A
    assert policy.choose_discard(state, policy.brain(state), kinds("2C 3C 4C 9H KS"), [], record) != parse_kind("9H")


def test_evaluator_discard_search_matches_trying_every_discard():
    rng = random.Random(4)
    for _ in range(40):
        wild = wild_table(True, rng.randrange(52))
        ev = Evaluator(wild)
        hand = rng.sample([k for k in range(52)] + [52, 52], 15)
        cost = [rng.random() * 10 for _ in range(53)]
        value, kind = ev.best_discard(hand, (), cost)
        each = {}
        for k in set(hand):
            rest = list(hand)
            rest.remove(k)
            each[k] = ev.value(rest) - cost[k]
        assert value == pytest.approx(max(each.values()))
        assert each[kind] == pytest.approx(value)


def test_evaluator_discard_search_matches_trying_every_discard_with_table_melds():
    rng = random.Random(5)
    tables = [[kinds("7S 8S 9S")], [kinds("AS AD AC"), kinds("4H 5H 6H 7H")], [kinds("JK 9C 10C")]]
    for i in range(45):
        wild = wild_table(True, rng.randrange(52))
        ev = Evaluator(wild)
        table = tables[i % len(tables)]
        used = Counter(k for m in table for k in m)
        pool = list((Counter({k: 1 for k in range(52)} | {52: 2}) - used).elements())
        hand = rng.sample(pool, 12)
        for cost in (None, [rng.random() * 10 for _ in range(53)]):
            value, kind = ev.best_discard(hand, table, cost)
            each = {}
            for k in set(hand):
                rest = list(hand)
                rest.remove(k)
                each[k] = ev.value(rest, table) - (cost[k] if cost else 0.0)
            assert value == pytest.approx(max(each.values()))
            assert each[kind] == pytest.approx(value)


def test_a_card_that_extends_a_table_meld_may_still_join_a_meld_in_hand():
    """6S could go onto 7S-8S-9S, but it is worth more in the set 6S 6D 6C (the heuristic once
    counted it as laid off, broke the set and discarded 6D; seen in an arena hand)."""
    ev = Evaluator(wild_table(False, None))
    table = [kinds("7S 8S 9S"), kinds("8C 9C JK"), kinds("AS AD AC")]
    with_set = ev.value(kinds("4H 4D 6D 6S 6C"), table)
    broken = ev.value(kinds("4H 4D 6S 6C JC"), table)
    assert with_set > broken + 5
    value, kind = ev.best_discard(kinds("4H 4D 6D 6S 6C JC"), table)
    assert kind_text(kind)[0] != "6"


def test_search_is_deterministic_for_a_seed_and_iteration_budget():
    state = new_hand(RuleSet(players=2), random.Random(12))
    obs = observe(state, state.turn)
    opts = {**QUICK["search"], "iterations": 6, "width": 3}
    first = make_bot("search", random.Random(99), **opts).choose(obs, LegalMoves(obs))
    again = make_bot("search", random.Random(99), **opts).choose(obs, LegalMoves(obs))
    assert first == again


def test_search_deals_with_its_own_sampler():
    """The sampler is the bot's attribute (tools.vazhushal.study's oracle swaps it): the search deals every
    determinization with exactly that one."""
    from ai.vazhushal.determinize import sample_state
    calls = []
    for seed in range(12, 30):
        state = new_hand(RuleSet(players=2), random.Random(seed))
        obs = observe(state, state.turn)
        bot = make_bot("search", random.Random(99), **{**QUICK["search"], "iterations": 6, "width": 3})
        bot.sample = lambda *args: calls.append(args) or sample_state(*args)
        bot.choose(obs, LegalMoves(obs))
        if calls:
            break
    assert calls and all(args[0] is obs for args in calls)


def _race(monkeypatch, widen: int, means: dict[str, float]) -> tuple[int, list[str]]:
    """The search's race over made-up candidates whose play-outs score ``means`` (plus noise that
    every candidate shares on a determinization): the candidate picked and the order in which
    candidates were first played."""
    import ai.vazhushal.search
    monkeypatch.setattr(ai.vazhushal.search, "apply", lambda state, action, check=False: (state, action))
    bot = make_bot("search", random.Random(1), iterations=96, time_s=None, width=2, widen=widen)
    noise = random.Random(5)
    bot.sample = lambda *args: noise.random()
    played: list[str] = []

    def play_out(state, seat):
        luck, name = state
        if name not in played:
            played.append(name)
        return means[name] + luck

    bot.play_out = play_out
    obs = type("Obs", (), {"seat": 0})()
    candidates = [[name] for name in means][:2 + widen]  # as many as candidates() lists
    return bot._search(obs, None, candidates), played


def test_search_widens_its_race_as_it_narrows(monkeypatch):
    """Progressive widening (``widen``): once a candidate is dropped, the next of the heuristic's
    choices joins the race and is compared on the determinizations both played."""
    means = {"first": 0.5, "worse": 0.0, "also worse": 0.1, "best": 0.9}
    assert _race(monkeypatch, 0, means) == (0, ["first", "worse"])
    assert _race(monkeypatch, 2, means) == (3, ["first", "worse", "also worse", "best"])
    assert _race(monkeypatch, 1, means)[1] == ["first", "worse", "also worse"]


def test_a_late_candidate_is_paired_from_where_it_joined():
    from ai.paired import pick
    base = [0.0] * 10 + [1.0] * 6  # the first choice did better once the late one joined
    late = [1.0] * 6
    assert pick([base, late], 1.0, starts=[0, 10]) == 0  # the same results where both played
    assert pick([base, late], 1.0) == 1  # paired from the start, the late one would look better


def test_search_takes_the_heuristic_shortcuts():
    """Going out needs no search."""
    state = hand_state("5H 6H 7H 9S 9D 9C 2C 3C 4C JD QD KD 8S", "8H", phase=DRAW)
    obs = observe(state, 0)
    plan = quick_bot("search", 1).choose(obs, LegalMoves(obs))
    assert plan[-1].type == "take_line"


def test_easy_blunders_but_never_absurdly():
    """Issue 11: Easy's mistakes are a beginner's, never absurd: it does not throw a wild card
    while it holds a natural one, nor pass up a draw that lets it go out.  Forced to blunder at
    every decision, over the positions of many self-played hands."""
    from game.core.cards import KIND_OF

    always = Policy(rng=random.Random(5), blunder=1.0)
    sure = Policy()
    decisions = free_outs = discards = 0
    for seed in range(40):
        state = new_hand(RuleSet(players=2), random.Random(seed))
        while state.phase in (DRAW, PLAY):
            p = state.turn
            steps = always.plan(state)
            if state.phase == DRAW and max(v for v, _ in sure.draw_values(state)) == float("inf"):
                free_outs += 1
                after = state
                for action in steps:
                    after = apply(after, action)
                hand = [KIND_OF[c] for c in after.hands[p]]
                table = [KIND_OF[c] for m in after.melds[p] for c in m.cards]
                assert sure.brain(after).solver.going_out(hand, table) is not None, "Easy passed up going out"
            elif state.phase == PLAY and len(steps) == 1 and steps[0].type == "discard":
                discards += 1
                if any(not state.wild[KIND_OF[c]] for c in state.hands[p]):
                    assert not state.wild[steps[0].card], "Easy threw a wild card while holding a natural one"
            decisions += 1
            for action in steps:
                state = apply(state, action)
    assert discards > 300 and free_outs > 0


def _stock_worth_by_hand(policy: Policy, state: State, unseen: list[int]) -> float:
    """The stock's worth as ``exact_hope`` defines it, averaged over the physical cards in
    ``unseen`` (one entry a card)."""
    brain = policy.brain(state)
    hand = [KIND_OF[c] for c in state.hands[0]]
    now = brain.evaluator.value(hand, [])
    near = {k for k in range(52) if any(k % 13 == q % 13 or (k // 13 == q // 13 and (k - q) % 13 in (1, 2, 11, 12))
                                        for q in hand if q != 52)}
    total = 0.0
    for k in unseen:
        more = hand + [k]
        if brain.solver.going_out(more, []) is not None:
            total += now + policy.params.out_worth
        elif state.wild[k] or k in near:
            total += brain.evaluator.best_discard(more, [])[0]
        else:
            total += now
    return total / len(unseen)


def test_v12_exact_hope_averages_the_stock_over_the_cards_the_seat_cannot_see():
    """The stock's worth with ``exact_hope``: every card the seat cannot see (the stock and the
    other hand, less what the other seat is known to hold from the line) brings its best hand."""
    state = hand_state("5H 6H 7H 9S 9D 9C 2C 3C 4C JD QD 4S 8S", "4D 10C")
    policy = Policy(replace(DEFAULT_PARAMS, exact_hope=True))
    hidden = [KIND_OF[c] for c in state.stock] + [KIND_OF[c] for c in state.hands[1]]
    assert policy.stock_value(state, policy.brain(state), [KIND_OF[c] for c in state.hands[0]], [], None) == \
        pytest.approx(_stock_worth_by_hand(policy, state, hidden))
    held = KIND_OF[state.hands[1][0]]
    record = PublicRecord((Counter(), Counter([held])), (), (Counter(), Counter()), (Counter(), Counter()))
    hidden.remove(held)
    assert policy.stock_value(state, policy.brain(state), [KIND_OF[c] for c in state.hands[0]], [], record) == \
        pytest.approx(_stock_worth_by_hand(policy, state, hidden))


def test_exact_hope_values_a_stock_that_often_lets_the_seat_go_out():
    """One card from going out with a dozen outs: the stock is worth far more than the hand as it
    is plus the constant ``stock_hope``, and more than the same hand with the outs gone."""
    state = hand_state("5H 6H 7H 9S 9D 9C 2C 3C 4C JD QD KD 8S", "4D")
    policy = Policy(replace(DEFAULT_PARAMS, exact_hope=True))
    values = dict((o.steps[0].type, v) for v, o in policy.draw_values(state))
    now = policy.brain(state).evaluator.value(kinds("5H 6H 7H 9S 9D 9C 2C 3C 4C JD QD KD 8S"))
    assert values["draw_stock"] > now + DEFAULT_PARAMS.stock_hope + 0.2 * policy.params.out_worth
    plain = dict((o.steps[0].type, v) for v, o in Policy(DEFAULT_PARAMS).draw_values(state))
    assert plain["draw_stock"] == pytest.approx(now + DEFAULT_PARAMS.stock_hope)
