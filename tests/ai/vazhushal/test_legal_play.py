"""Every bot plays only legal actions, for every number of players and rule option: a full hand
through :class:`ai.safety.SafeBot` records a fault for any illegal action, exception or overrun."""

from __future__ import annotations

import pytest

from game.vazhushal import OVER
from tests.ai.helpers import RULE_VARIANTS, play


@pytest.mark.parametrize("hands", [pytest.param(20, id="20"), pytest.param(70, marks=pytest.mark.long, id="70-long")])
@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.players}p-{r.first_wild}")
@pytest.mark.parametrize("names", [["heuristic"], ["random", "heuristic"], ["search", "heuristic", "random"]],
                         ids=lambda n: "+".join(n))
def test_bots_play_only_legal_actions(rules, names, hands):
    # 8 rule variants x (2 x 20 + 6) hands in the suite, every variant and every mix of bots; the long
    # check (dev.py test --long) plays 2 x 70 + 6 a variant, over a thousand hands
    hands = 6 if "search" in names else hands
    for seed in range(hands):
        state, bots = play(rules, names, seed)
        assert state.phase == OVER and state.result is not None
        faults = [f for bot in bots for f in bot.faults]
        assert not faults, faults[0]


@pytest.mark.soak
@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=lambda r: f"{r.players}p-{r.first_wild}")
def test_soak_bots_play_only_legal_actions(rules):
    for seed in range(60):
        for names in (["heuristic"], ["search", "heuristic"], ["random", "heuristic", "search"]):
            state, bots = play(rules, names, 1000 + seed)
            assert not [f for bot in bots for f in bot.faults]
