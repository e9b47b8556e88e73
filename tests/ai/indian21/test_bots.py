"""The bots of 21-card Indian Rummy and 27-card Rummy: every action legal under the house rules and
to the end of a 27-card deal, the legal moves read from the observation alone (T15), the search's
own sampler and clock, and the choices a bot must never get wrong (a valid show taken, no wild card
thrown while a natural one may go, the finish card that keeps the value points, a hopeless hand
dropped only when the drop is cheap).  What every game's bots keep (legal at every table size and
preset, blind to hidden cards, reproducible, the levels) is tested for every game in
``tests/ai/test_every_bot.py``."""

from __future__ import annotations

import random
import time

import pytest

from ai.indian21 import FRONT, LEVELS, legal_moves_for, make_bot, safe_action
from ai.indian21.heuristic import Policy
from ai.indian21.search import won
from ai.indian21.view import public_record, sample_state
from game.indian21 import GAME, Action, RuleSet, State, apply, legal_actions, new_deal, observe, preset
from game.indian21.deck import KIND
from game.indian21.legal import declarations_of
from game.indian21.scoring import value_points
from game.indian21.state import DRAW, OVER
from game.indian21.turn import banned_kind
from tests import family
from tests.ai.indian21.helpers import dealt, play_checked, quick_bot, with_hand
from tests.family import no_wild_while_natural
from tests.inhand_helpers import drops_when_cheap, never_drops, safe_in_every_phase, sensible, shows_within

NAMES = ["random", "heuristic", "search"]


@pytest.mark.parametrize("players", [2, 5])
def test_t16_bots_play_27_card_rummy_to_the_end(players):
    rules = preset("27-card", players)
    bots = [quick_bot("heuristic", s) for s in range(players)]
    state = play_checked(rules, bots, seed=players, max_actions=2000)
    assert state.phase == OVER and state.result is not None


@pytest.mark.parametrize("options", [{"auto_arrange_losers": False}, {"joker_from_discard": "allowed"},
                                     {"max_jokers_per_meld": 1}, {"wild_rank": "same_suit_only"},
                                     {"invalid_declare_ends_deal": True, "stock_out": "void"},
                                     {"show_pure_sequences": 0}, {"value_cards": False}])
def test_t_options_every_bot_is_legal_under_the_house_rules(options):
    rules = RuleSet(players=3, **options)
    bots = [quick_bot("heuristic", 1), quick_bot("random", 2), quick_bot("search", 3)]
    play_checked(rules, bots, seed=7, max_actions=120)
    end = play_checked(rules, [quick_bot("heuristic", s) for s in range(3)], seed=8, max_actions=2000)
    assert end.phase == OVER


def test_t10_bots_show_when_losers_arrange_their_own_cards():
    rules = RuleSet(players=3, auto_arrange_losers=False)
    shows_within(play_checked, rules, [quick_bot("heuristic", 1), quick_bot("random", 2), quick_bot("search", 3)],
                 seeds=4, max_actions=900)


# --- T15: a bot sees only its observation ------------------------------------------------------

def _mid_deal(players: int, seed: int, actions: int, rules: RuleSet | None = None) -> State:
    bots = [quick_bot("heuristic", s, drop=False) for s in range(players)]
    return family.mid_deal(new_deal, observe, apply, rules or RuleSet(players=players), bots, seed, actions)


def test_t15_the_legal_moves_come_from_the_observation_alone():
    state = _mid_deal(2, seed=8, actions=4)
    other = GAME.from_json(GAME.view(observe(state, state.turn).to_json()))  # the hidden cards dealt otherwise
    family.legal_moves_from_the_observation(state, other, observe, legal_moves_for, legal_actions)


# --- reproducibility ---------------------------------------------------------------------------

def test_search_deals_with_its_own_sampler():
    """The sampler is the bot's attribute (an experiment may swap it): the search uses exactly
    that one, once a determinization."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(1)
        return sample_state(*args, **kwargs)

    for seed in range(3, 14):
        state = _mid_deal(2, seed=seed, actions=5)
        bot = make_bot("search", random.Random(11), iterations=8, time_s=None, max_turns=1)
        bot.sample = counted
        calls.clear()
        bot.choose(observe(state, state.turn))
        if bot.last_search[0] > 1:
            assert len(calls) == bot.last_search[1] > 0
            return
    pytest.fail("no position had two candidates to search")


def test_search_play_outs_stop_at_the_deadline():
    """Play-outs to the end of the deal (``max_turns=None``) still keep the clock: once the time
    is up a play-out is scored as it stands at its next draw."""
    state = _mid_deal(2, seed=4, actions=2)
    obs = observe(state, state.turn)
    record = public_record(obs)
    draws = {}
    for case in ("late", "free"):
        bot = make_bot("search", random.Random(11), iterations=2, time_s=None, max_turns=None)
        policy = bot.rollout
        count = [0]
        original = policy.draw

        def counting(s, r=None, original=original, count=count):
            count[0] += 1
            return original(s, r)

        policy.draw = counting
        bot._deadline = time.perf_counter() - 1.0 if case == "late" else None
        world = sample_state(obs, random.Random(2), record)
        chance = bot.play_out(apply(world, Action.draw_stock(obs.seat)) if obs.phase == DRAW else world,
                              obs.seat, record)
        assert 0.0 <= chance <= 1.0
        draws[case] = count[0]
    assert draws["late"] <= 1 and draws["free"] >= 5


# --- never absurd ------------------------------------------------------------------------------

# T17.1 with a finish card (4C): a valid show by T7.2a, a loose value card or two on top
SHOWABLE = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH KS 4C"


def _in_discard_phase(text: str, rules: RuleSet, seed: int = 1, cut: str = "7H") -> State:
    state = dealt(rules, seed, cut)
    state = apply(state, Action.draw_stock(state.turn))
    return with_hand(state, state.turn, text)


@pytest.mark.parametrize("options", [{"name": "heuristic"}, {"name": "heuristic", "blunder": 1.0},
                                     {"name": "search"}])
@pytest.mark.parametrize("hand", [
    SHOWABLE,
    "4D 4D 4D 10S 10S 10S QH QH QH 2C 5H 9S JD KC 3D 8C AH 6S 10C 2D 5C 6D",  # T17.3 (b)
    "2C 2C 5H 5H 9S 9S JD JD KC KC 3D 3D AH AH JK JK 4S 7D 10C QS 6C 5D",  # T17.4 (c)
    "JK JK 7S 7D 7C 8H 6H 7H 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS 4H",  # T17.5 (d)
])
def test_t7_2_bots_show_when_valid(options, hand):
    options = dict(options)
    name = options.pop("name")
    state = _in_discard_phase(hand, RuleSet(players=2))
    action = quick_bot(name, 3, **options).choose(observe(state, state.turn))
    assert action.type == "declare"
    after = apply(state, action)
    assert after.result is not None and after.result.winner == state.turn and after.result.reason == "declared"


def test_t11_1_the_finish_card_is_not_a_value_card():
    """T17.5's show of eight jokers (a marriage among them) and another 8H: any card may be the
    finish card, and the finish card scores nothing (T11.1), so the bot finishes with a natural
    card and keeps V = 110 (a marriage and an 8H)."""
    hand = "JK JK 7S 7D 7C 8H 6H 7H 2C 4D 9S JD KC 3D 8C AH 6S 10C 2D 5C QS 8H"
    state = _in_discard_phase(hand, RuleSet(players=2))
    held = [KIND[c] for c in state.hands[state.turn]]

    def kept(finish: int) -> int:
        rest = list(held)
        rest.remove(finish)
        return value_points(rest, state.jokers.value_kinds, (10, 30, 50), (100, 300, 500))

    assert {kept(a.card) for a in declarations_of(state)} >= {110, 100}
    for name in ("heuristic", "search"):
        action = quick_bot(name, 3).choose(observe(state, state.turn))
        assert action.type == "declare" and kept(action.card) == 110
        assert apply(state, action).result.value[state.turn] == 110


@pytest.mark.parametrize("name", ["heuristic", "search"])
def test_t4_bots_take_the_discard_that_lets_them_show(name):
    state = dealt(RuleSet(players=2), 2, "7H")
    seat = state.turn
    state = with_hand(state, seat, "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH 4C", top="KS")
    action = quick_bot(name, 3).choose(observe(state, seat))
    assert action == Action.take_discard(seat)
    show = quick_bot(name, 3).choose(observe(apply(state, action), seat))
    assert show.type == "declare"


def test_t7_2_safe_action_shows_when_valid():
    state = _in_discard_phase(SHOWABLE, RuleSet(players=2))
    assert safe_action(observe(state, state.turn)).type == "declare"


def _no_wild_while_natural(state: State, action: Action) -> None:
    """T3: a wild card is thrown only when every other card is wild or may not be thrown."""
    no_wild_while_natural(state, action, banned_kind(state), KIND)


@pytest.mark.parametrize("name, options, rules", [
    ("heuristic", {}, RuleSet(players=2, joker_from_discard="allowed")),
    ("heuristic", {"blunder": 1.0}, RuleSet(players=2)),
    ("search", {}, RuleSet(players=2)),
    ("heuristic", {}, preset("27-card", 2)),
])
def test_never_absurd_over_whole_deals(name, options, rules):
    check = sensible(KIND, banned_kind, declarations_of, ("T3", "T7.2"))
    for seed in range(2):
        bots = [quick_bot(name, seed, **options), quick_bot("heuristic", seed + 1)]
        play_checked(rules, bots, seed=seed, max_actions=40 if name == "search" else 400, check=check)


def test_t9_bots_never_drop_a_hand_with_pure_sequences():
    state = new_deal(RuleSet(players=4), random.Random(1))
    seat = state.turn
    strong = "2S 3S 4S 9D 10D JD QC KC AC 5D 5S 5C 9C 9H 9S 2H 3H 7C KD KH 4C"
    never_drops(quick_bot, observe, with_hand(state, seat, strong), seat, NAMES)


# no two of these cards meld together or pair up, and none is wild under a JK cut but the aces:
# 21 cards two ranks apart in every suit and no rank in three suits
HOPELESS = "2S 5S 8S JS 3H 6H 9H QH 4D 7D 10D KD 2C 5C 8C JC 3S 6S 9D QD 4C"


@pytest.mark.parametrize("first_drop, drops", [(10, True), (60, False)])
def test_t9_a_hopeless_hand_drops_when_the_drop_is_cheap(first_drop, drops):
    rules = RuleSet(players=4, first_drop=first_drop)
    state = dealt(rules, 2, "JK")
    seat = state.turn
    drops_when_cheap(quick_bot, LEVELS, observe(with_hand(state, seat, HOPELESS), seat), drops)


def test_t11_value_points_make_a_hopeless_hand_worth_playing():
    """The same hopeless hand with a marriage in it (cut 7H: 7H 8H 6H): dropping would give up
    its value points (T11.1), so the bot plays on."""
    rules = RuleSet(players=4, first_drop=10)
    state = dealt(rules, 2, "7H")
    seat = state.turn
    hand = HOPELESS.replace("3H", "7H").replace("9H", "8H").replace("QH", "6H")
    obs = observe(with_hand(state, seat, hand), seat)
    assert quick_bot("heuristic", 1).choose(obs).type != "drop"


# --- the safe move ------------------------------------------------------------------------

def test_safe_action_is_legal_and_sensible_in_every_phase():
    rules = RuleSet(players=3, auto_arrange_losers=False)
    safe_in_every_phase(play_checked, quick_bot, observe, apply, safe_action, rules, _no_wild_while_natural)


def test_the_front_counts_the_highest_net_as_the_winner():
    rules = RuleSet(players=3)
    bots = [quick_bot("heuristic", s) for s in range(3)]
    end = play_checked(rules, bots, seed=12, max_actions=2000)
    out = FRONT.outcome(end)
    assert out.winners == [s for s in range(3) if end.result.net[s] == max(end.result.net)]
    assert sum(s["mean_net"] for s in out.stats) == 0
    assert [won(end, s) for s in range(3)] == [1 / len(out.winners) if s in out.winners else 0 for s in range(3)]


def test_the_fast_policy_plays_legal_moves():
    """The search's play-outs play every seat with the fast policy: every move it makes is legal."""
    policy = Policy(fast=True)
    state = new_deal(preset("27-card", 3), random.Random(5))
    for _ in range(600):
        if state.phase == OVER:
            break
        state = apply(state, policy.act(state))
    assert len(state.history) > 30
