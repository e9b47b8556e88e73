"""The arena plays Indian Marriage by name (``--game marriage``): the deal won by the highest net
(M11; ties shared), a void deal shared.  The report's shape, duplicate deals and results that do
not depend on --jobs are tested for every game in ``tests/ai/test_arena.py``."""

from __future__ import annotations

import pytest

from ai.arena import game_front, main, play_hands
from ai.marriage.front import outcome
from game.marriage import RuleSet
from tests.marriage.helpers import make_state


def test_m11_the_highest_net_wins_and_the_deal_is_zero_sum():
    outcome_ = play_hands(["heuristic", "random"], RuleSet(players=2), seed=4, hands=range(6), game="marriage")
    heuristic, random_bot = outcome_.tallies["heuristic"], outcome_.tallies["random"]
    assert heuristic.wins + random_bot.wins == 6
    nets = heuristic.stats["mean_net"] + random_bot.stats["mean_net"]
    assert sum(nets) == 0  # M11: the nets of a deal sum to 0
    assert all(0 <= v <= 1 for v in heuristic.stats["seen_share"] + heuristic.stats["finish_share"])


def test_m9_a_void_deal_is_shared_and_an_unfinished_one_won_by_nobody():
    void = make_state(2, phase="over", result={"winner": None, "reason": "void", "maal": [0, 0],
                                                 "game_points": [0, 0], "net": [0, 0], "groups": [None, None]})
    record = outcome(void)
    assert record.ending == "void" and record.winners == [0, 1]
    going = make_state(2)
    record = outcome(going)
    assert record.ending == "unfinished" and record.winners == [] and record.stats == [{}, {}]


def test_marriage_is_picked_by_name_with_its_presets():
    front = game_front("marriage")
    assert front.engine.default_preset == "Marriage standard" and front.hand_word == "deal"
    with pytest.raises(SystemExit):
        main(["--game", "marriage", "--preset", "Standard"])  # Vazhushal's preset name
    with pytest.raises(SystemExit):
        main(["--game", "marriage", "--bots", "nobody"])
