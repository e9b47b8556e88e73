"""The bots of Indian Marriage: every action legal (every table size, every preset and option, and
deals played to their end), the tiplu of a seat that has not seen never used (M13), the search's
pairing and clock, and the choices the heuristic must get right (M2.3, M6, M7, M10).  What every
game's bots keep (blind to hidden cards, reproducible, the levels) is tested for every game in
``tests/ai/test_every_bot.py``."""

from __future__ import annotations

import random

import pytest

from ai.marriage import FRONT, legal_moves_for, make_bot, safe_action
from ai.marriage.heuristic import Policy, live_counts
from ai.marriage.search import SearchBot
from ai.safety import SafeBot
from game.marriage import PRESETS, Action, RuleSet, State, apply, finish_options, legal_actions, observe, preset
from game.marriage import see_options as engine_see_options
from game.marriage.deck import KIND
from game.marriage.state import DISCARD, DRAW, EXPOSE
from tests import family
from tests.ai.marriage.helpers import play_checked, quick_bot, reshuffle_hidden
from tests.marriage.helpers import Ks, make_state

NAMES = ["random", "heuristic", "search"]


# --- every action legal ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("name", NAMES)
def test_m5_every_bot_action_is_legal_at_every_table_size(name, players):
    """The bot under test sits at the even seats, the heuristic at the others (so deals end);
    ``play_checked`` applies every action with the checked engine."""
    bots = [quick_bot(name if s % 2 == 0 else "heuristic", 10 * players + s) for s in range(players)]
    deals, budget = (1, 80) if name == "search" else (4, 3000)
    for seed in range(deals):
        state = play_checked(RuleSet(players=players), bots, seed=100 * players + seed, max_actions=budget)
        assert len(state.history) > 0
        if name != "search":
            assert state.result is not None


OPTION_SETS = [{"dublee_route": False}, {"finish_same_turn": False}, {"dublee_finish_without_show": True},
               {"max_wilds_per_combo": 1}, {"stock_out": "void"}, {"unseen_maal": "zero"}]


@pytest.mark.parametrize("rules", [preset(name, 2 + i % 4) for i, name in enumerate(PRESETS)]
                         + [RuleSet(players=2 + i % 4, **o) for i, o in enumerate(OPTION_SETS)],
                         ids=lambda r: ",".join(f"{k}={v}" for k, v in r.to_json().items()
                                                if v != RuleSet().to_json()[k]))
def test_m12_every_bot_is_legal_under_every_preset_and_option(rules):
    bots = [quick_bot(NAMES[(s + 1) % 3], s) for s in range(rules.players)]
    play_checked(rules, bots, seed=5, max_actions=90)
    bots = [quick_bot(NAMES[s % 2], s) for s in range(rules.players)]  # random and heuristic to the end
    for seed in range(3):
        assert play_checked(rules, bots, seed=seed, max_actions=3000).result is not None


# --- M13: a bot sees only its observation ------------------------------------------------------------

def _mid_deal(players: int, seed: int, actions: int, until=None) -> State:
    bots = [quick_bot("heuristic", s) for s in range(players)]
    return family.mid_deal(FRONT.deal, observe, apply, RuleSet(players=players), bots, seed, actions, until)


def _one_has_seen_and_the_mover_has_not(state: State) -> bool:
    return (state.phase in (DRAW, DISCARD) and state.tiplu is not None and state.seen[state.turn] is None)


@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_m13_a_bot_decides_the_same_whatever_tiplu_it_has_not_seen(name):
    """Other hands, the stock order and, for a seat that has not seen, the tiplu dealt again: the
    observation is the same, and so is the decision (the other hands alone, for every game:
    ``tests/ai/test_every_bot.py``)."""
    state = _mid_deal(3, seed=6, actions=400, until=_one_has_seen_and_the_mover_has_not)
    assert _one_has_seen_and_the_mover_has_not(state)
    seat = state.turn
    for trial in range(2):
        other = reshuffle_hidden(state, seat, random.Random(trial))
        assert other.hands != state.hands or other.stock != state.stock
        assert other.tiplu != state.tiplu
        obs, obs2 = observe(state, seat), observe(other, seat)
        assert obs.to_json() == obs2.to_json()
        first = quick_bot(name, 7).choose(obs)
        again = quick_bot(name, 7).choose(obs2)
        assert first == again


def test_m13_the_legal_moves_come_from_the_observation_alone():
    state = _mid_deal(2, seed=8, actions=5)
    other = reshuffle_hidden(state, state.turn, random.Random(1))
    family.legal_moves_from_the_observation(state, other, observe, legal_moves_for, legal_actions)


# --- reproducibility ---------------------------------------------------------------------------------

def test_search_compares_its_candidates_on_paired_determinizations():
    for seed in range(3, 20):
        state = _mid_deal(2, seed=seed, actions=6)
        bot = make_bot("search", random.Random(11), iterations=12, time_s=None)
        action = bot.choose(observe(state, state.turn))
        if bot.last_search[0] > 1:
            assert bot.last_search[1] >= 6 and action in legal_actions(state)
            return
    pytest.fail("no decision with two candidates")


def test_search_keeps_its_clock():
    """Without its clock this search would play out 100,000 determinizations a decision."""
    state = _mid_deal(2, seed=4, actions=6)
    bot = SearchBot(random.Random(1), iterations=100_000, time_s=0.2)
    safe = SafeBot(bot, FRONT, budget_s=None)
    for _ in range(4):
        state = safe.advance(state)[1]
    assert max(safe.times) < 1.0  # 0.2 s and what a loaded machine adds


# --- the heuristic's choices -----------------------------------------------------------------------

HEURISTICS = [{"name": "heuristic"}, {"name": "heuristic", "blunder": 1.0}, {"name": "search"}]


def _bot(options: dict, seed: int = 3):
    options = dict(options)
    return quick_bot(options.pop("name"), seed, **options)


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m2_3_a_dealt_tunnela_is_exposed(options):
    hand = "6H 6H 6H 2S 9S QS 3D 7D JD AC 5C 9C KC 4H 8H 10H KH 4S JS 2C 8D"
    state = make_state(2, hands=[None, hand], turn=1, dealer=0, phase=EXPOSE)
    action = _bot(options).choose(observe(state, 1))
    assert action.type == "expose" and action.groups == (tuple(Ks("6H 6H 6H")),)


def test_m2_3_a_dublee_rich_hand_keeps_a_tunnela_its_route_needs():
    """Six dublees and a tunnela: the tunnela held is the seventh dublee (laid, it is none)."""
    hand = "6H 6H 6H 2S 2S 9S 9S QD QD 3C 3C 7D 7D JH JH AC 5C KC 4H 8H 10H"
    state = make_state(2, hands=[None, hand], turn=1, dealer=0, phase=EXPOSE)
    action = quick_bot("heuristic", 1).choose(observe(state, 1))
    assert action.type == "expose" and action.groups == ()


def _seen_pure(hand: str, **kwargs) -> State:
    """Seat 0 exposed 6H 6H 6H and saw by AS 2S 3S | 9C 10C JC (tiplu 5D, M14.2), in phase discard."""
    return make_state(2, hands=[hand], exposed=["6H 6H 6H"], shown=["AS 2S 3S | 9C 10C JC"],
                      seen=["pure", None], tiplu="5D", phase="discard", **kwargs)


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m7_1_a_valid_finish_is_made_with_no_maal_on_the_finish_card(options):
    """M14.4: the four groups with finish QS (the 4D, a jhiplu, would also leave a valid finish,
    but it scores maal: M10 counts the 21 cards kept, not the finish card)."""
    state = _seen_pure("7S 8S 5S KS KC KH 9H 9S 6D 4D 5D 6D QS")
    action = _bot(options).choose(observe(state, 0))
    assert action.type == "declare"
    after = apply(state, action)
    assert after.result is not None and after.result.winner == 0 and after.result.reason == "declared"
    assert after.result.maal[0] == 17 and action.card not in Ks("4D 5D 6D")  # M14.4: M_A = 17


SEVEN = "2C 2C | 3H 3H | 8S 8S | JD JD | KC KC | QH QH | 10S 10S"  # M14.5: seven dublees shown


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m7_2_the_eighth_dublee_finishes(options):
    state = make_state(2, hands=["AH AH 7C 9D 4S JS 2D QC"], shown=[SEVEN],
                       seen=["dublee", None], tiplu="5D", phase="discard")
    action = _bot(options).choose(observe(state, 0))
    assert action.type == "declare" and action.groups == (tuple(Ks("AH AH")),)
    assert apply(state, action).result.reason == "dublees"


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m7_the_discard_that_lets_it_finish_is_taken(options):
    state = make_state(2, hands=["AH 7C 9D 4S JS 2D QC"], shown=[SEVEN],
                       seen=["dublee", None], tiplu="5D", discard="AH")
    bot = _bot(options)
    action = bot.choose(observe(state, 0))
    assert action == Action.take_discard(0)
    after = apply(state, action)
    assert bot.choose(observe(after, 0)).type == "declare"


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m6_it_sees_when_it_can(options):
    hand = "AS 2S 3S 9C 10C JC 6H 6H 6H 4D 9D QS KH 2H 7C 8D 5S JH 3C 10D KD 4C"
    state = make_state(2, hands=[hand], phase="discard")
    assert engine_see_options(state)
    action = _bot(options).choose(observe(state, 0))
    assert action.type == "see_maal"
    after = apply(state, action)
    assert after.seen[0] == "pure" and after.tiplu is not None


def test_m6_1b_a_dublee_rich_hand_sees_by_dublees():
    """Seven dublees and three pure combinations: the dublee route finishes sooner (any of its
    eight other cards paired), so it sees by dublees."""
    hand = "2S 2S 9S 9S QD QD 3C 3C 7D 7D JH JH KC KC 5H 6H 7H 8C 9C 10C AD 4S"
    state = make_state(2, hands=[hand], phase="discard")
    action = quick_bot("heuristic", 1).choose(observe(state, 0))
    assert action.type == "see_maal" and len(action.groups) == 7


def test_a_dublee_rich_hand_goes_for_dublees():
    """Six dublees, no sequence: the dublee route prices lower; a discard that pairs a single (the
    seventh dublee) is taken, and the seven dublees are shown (M6.1b)."""
    hand = "2S 2S 9S 9S QD QD 3C 3C 7D 7D JH JH AC 5C KS 4H 8H 10H 6D 10S 5D"
    state = make_state(2, hands=[hand], discard="4H")
    pure, dublee = Policy().pricer(state).routes(Ks(hand))
    assert dublee < pure
    bot = quick_bot("heuristic", 1)
    assert bot.choose(observe(state, 0)) == Action.take_discard(0)
    after = apply(state, Action.take_discard(0))
    action = bot.choose(observe(after, 0))
    assert action.type == "see_maal" and len(action.groups) == 7


def test_a_dublee_rich_hand_keeps_its_pairs():
    hand = "2S 2S 9S 9S QD QD 3C 3C 7D 7D JH JH AC 5C KS 4H 8H 10H 6D 10S 5D 3H"
    state = make_state(2, hands=[hand], phase="discard")
    action = quick_bot("heuristic", 1).choose(observe(state, 0))
    assert action.type == "discard" and Ks(hand).count(action.card) == 1


@pytest.mark.parametrize("options", HEURISTICS, ids=str)
def test_m10_a_maal_card_it_has_seen_is_kept_while_another_card_may_go(options):
    """Seen by dublees (tiplu 5D): the 6D (poplu) and 5D (tiplu) score maal; any other single may go."""
    state = make_state(2, hands=["6D 5D 7C 9H 4S JS 2H QC"], shown=[SEVEN],
                       seen=["dublee", None], tiplu="5D", phase="discard")
    action = _bot(options).choose(observe(state, 0))
    assert action.type == "discard" and action.card not in Ks("6D 5D")


def _never_absurd(state: State, action: Action) -> None:
    """It finishes whenever it can; it sees whenever it can; it never throws a joker it knows while
    another card may go (M4, M10)."""
    if state.phase != DISCARD:
        return
    if finish_options(state):
        assert action.type == "declare", "a valid finish refused"
        assert apply(state, action).result is not None, "an invalid finish"
        return
    if engine_see_options(state):
        assert action.type == "see_maal", "a sight refused"
        return
    if action.type == "discard" and state.seen[state.turn] is not None:
        wild = state.jokers.wild
        others = {KIND[c] for c in state.hands[state.turn]} - {action.card}
        assert not wild[action.card] or all(wild[k] for k in others), "threw a joker holding other cards"


@pytest.mark.parametrize("name, options", [("heuristic", {}), ("heuristic", {"blunder": 1.0}), ("search", {})])
def test_never_absurd_over_whole_deals(name, options):
    for seed in range(3):
        bots = [quick_bot(name, seed, **options), quick_bot("heuristic", seed + 1)]
        play_checked(RuleSet(players=2), bots, seed=seed, max_actions=60 if name == "search" else 3000,
                     check=lambda s, a: _never_absurd(s, a) if s.turn == 0 else None)


def test_live_counts_are_what_the_seat_cannot_see():
    state = _mid_deal(2, seed=2, actions=10)
    seat = state.turn
    live = live_counts(state, seat)
    assert sum(live) == len(state.stock) + len(state.hands[1 - seat]) + (state.tiplu is not None
                                                                         and state.seen[seat] is None)


# --- the safe move --------------------------------------------------------------------------

def test_safe_action_is_legal_in_every_phase_and_reads_only_the_observation():
    bots = [quick_bot("heuristic", 1), quick_bot("random", 2), quick_bot("heuristic", 3)]

    def check(state: State, action: Action) -> None:
        obs = observe(state, state.turn)
        safe = safe_action(obs)
        apply(state, safe)  # legal
        other = reshuffle_hidden(state, state.turn, random.Random(1))
        assert safe_action(observe(other, state.turn)) == safe

    play_checked(RuleSet(players=3), bots, seed=3, max_actions=400, check=check)
