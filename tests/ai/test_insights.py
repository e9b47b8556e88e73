"""The coach (issue 49, item 3; ``ai.insights``): a hand's profile by kind, phase and habit, the
aggregation over hands, the habits ranked against Medium on the same cards, and the synthetic
player check (Medium with one injected habit: the coach names it first)."""

from __future__ import annotations

import math

import pytest

from ai import insights
from ai.games import GAMES
from ai.habits import HabitPlayer, habit_hand
from ai.insights import clean_profile, coach, decision_kind, habit_of, hand_profile
from ai.rating import Decision, Option
from game.core.errors import IllegalAction
from game.replay import states


def move(*actions: dict) -> tuple[dict, ...]:
    return tuple({"player": 0, **a} for a in actions)


STOCK, TAKE = move({"type": "draw_stock"}), move({"type": "take_discard"})
LINE = move({"type": "take_line", "index": 2})
DROP, SEE = move({"type": "drop"}), move({"type": "see_maal", "groups": []})


def throw(card: str) -> tuple[dict, ...]:
    return move({"type": "discard", "card": card})


def declare(card: str) -> tuple[dict, ...]:
    return move({"type": "declare", "finish": card, "groups": []})


@pytest.mark.parametrize("kind, chosen, best, filed, habit", [
    ("draw", STOCK, TAKE, "draw", "take"),
    ("draw", STOCK, LINE, "draw", "take"),
    ("draw", TAKE, STOCK, "draw", "stock"),
    ("draw", DROP, STOCK, "drop", "stay"),
    ("draw", STOCK, DROP, "drop", "drop"),
    ("discard", throw("7H"), declare("KS"), "declare", "declare"),
    ("discard", declare("KS"), throw("7H"), "declare", "hold"),
    ("discard", throw("7H"), throw("KS"), "discard", "high"),
    ("discard", throw("KS"), throw("7H"), "discard", "discard"),
    ("discard", throw("JK"), throw("2S"), "discard", "discard"),  # a joker thrown: a card any meld needed
    ("discard", throw("7H"), SEE, "see", "see"),
    ("play", move({"type": "meld", "melds": [[1, 2, 3]]}, {"type": "discard", "card": "KS"}), throw("7H"), "play",
     "discard"),
    ("discard", throw("7H"), throw("7H"), "discard", None),
])
def test_a_decision_is_filed_by_kind_and_read_as_a_habit(kind, chosen, best, filed, habit):
    assert decision_kind(kind, chosen, best) == filed
    assert habit_of(chosen, best) == habit
    assert habit is None or insights.HABITS[habit].theme in ("take", "stock", "discard", "high", "declare", "hold",
                                                            "drop", "stay", "see")


def decision(step: int, kind: str, chosen: tuple, best: tuple, loss: float, verdict: str = "mistake") -> Decision:
    a, b = Option(chosen, "", 0.5 - loss, 0.0), Option(best, "", 0.5, 0.0)
    return Decision(step, 0, kind, a, b, (), loss, 0.01, verdict, "")


def test_a_hand_profile_sums_the_loss_by_kind_phase_and_habit_and_skips_the_unrated():
    decisions = [decision(0, "draw", STOCK, TAKE, 0.10), decision(1, "discard", throw("KS"), throw("7H"), 0.05),
                 decision(4, "draw", STOCK, STOCK, 0.0, "best"),
                 decision(9, "discard", throw("7H"), declare("2S"), 0.2),
                 decision(11, "draw", STOCK, STOCK, 0.0, "only")]
    profile = hand_profile(decisions, lambda step: "early" if step < 4 else "late")
    assert profile == {"n": {"draw": 2, "discard": 1, "declare": 1},
                       "k": {"draw": 0.1, "discard": 0.05, "declare": 0.2},
                       "pn": {"early": 2, "late": 2}, "p": {"early": 0.15, "late": 0.2},
                       "hn": {"take": 1, "discard": 1, "declare": 1},
                       "h": {"take": 0.1, "discard": 0.05, "declare": 0.2}}
    assert clean_profile({"v": 1, "you": profile, "medium": profile, "expert": None})["you"] == profile


def side(**habits: float) -> dict:
    return {"n": {"draw": 10}, "k": {"draw": sum(habits.values())}, "pn": {"middle": 10},
            "p": {"middle": sum(habits.values())}, "hn": {k: 1 for k in habits}, "h": dict(habits)}


def test_the_coach_ranks_habits_by_what_they_cost_beyond_medium_on_the_same_cards():
    you = [side(take=0.10, discard=0.05, high=0.03, stock=0.01), side(take=0.06, discard=0.05, high=0.01)]
    medium = [side(take=0.02, discard=0.06, high=0.0, stock=0.02), side(take=0.02, discard=0.04, high=0.0)]
    profiles = [{"v": 1, "you": y, "medium": m, "expert": None} for y, m in zip(you, medium)] + [None]
    c = coach(profiles, fewest=2)
    assert c.ready and c.hands == 2 and c.needed == 0
    assert [h.key for h in c.habits] == ["take", "high", "discard", "stock"]
    assert [h.key for h in c.advice] == ["take", "high"]  # only what costs more than Medium's does
    take = c.habits[0]
    assert take.excess.value == pytest.approx(100 * (0.08 + 0.04) / 2) and take.you == pytest.approx(8.0)
    assert take.excess.half == pytest.approx(100 * 1.96 * math.sqrt(((0.08 - 0.06) ** 2 * 2) / 1) / math.sqrt(2))
    assert take.theme == "take" and take.times == 2 and "Medium" in take.cost_words()
    [draw] = c.kinds
    assert draw.key == "draw" and draw.you.value == pytest.approx(100 * (0.19 + 0.12) / 2)
    assert draw.medium.value == pytest.approx(100 * (0.10 + 0.06) / 2) and draw.expert is None
    assert draw.per_decision == pytest.approx(100 * 0.31 / 20) and draw.decisions == 20
    assert [b.key for b in c.phases] == ["middle"]
    few = coach(profiles[:1], fewest=10)
    assert not few.ready and few.needed == 9


@pytest.mark.parametrize("bad", [
    None, [], {"v": 2, "you": side(), "medium": None, "expert": None},
    {"v": 1, "you": side(), "medium": None},  # a side missing
    {"v": 1, "you": {**side(), "k": {"dance": 0.1}}, "medium": None, "expert": None},  # no such kind
    {"v": 1, "you": {**side(), "h": {"take": -1}}, "medium": None, "expert": None},
    {"v": 1, "you": {**side(), "n": {"draw": 1.5}}, "medium": None, "expert": None},
    {"v": 1, "you": {**side(), "p": {"middle": "x"}}, "medium": None, "expert": None},
    {"v": 1, "you": None, "medium": None, "expert": None},
])
def test_a_profile_that_is_not_one_is_refused(bad):
    assert clean_profile(bad) is None


def test_a_profile_reuses_the_decisions_taken_before_the_hands_parted_and_rates_them_the_same():
    """Medium's hand played again is rated only where it went elsewhere: what it shares with the
    person's hand is rated exactly as it would be afresh (same moment, same move, same guesses)."""
    doc = habit_hand(next(iter(GAMES)), "take", 7003)
    mine = insights.rated_decisions(doc, 0, iterations=2)
    from ai.players import seat_seed
    from ai.same_cards import play_again

    medium = play_again(doc, 0, "Medium", seed=seat_seed(doc["seed"], 0)).again
    shared = insights._shared(doc, medium, mine)
    assert shared and len(shared) < len(mine)  # the hands parted, after some decisions in common
    afresh = insights.rated_decisions(medium, 0, iterations=2)
    reused = insights.rated_decisions(medium, 0, iterations=2, known=shared)
    assert reused == afresh
    assert insights.phases(doc, 0)(0) == "early"


def test_a_habit_player_plays_medium_except_where_its_habit_changes_a_move():
    game = next(iter(GAMES))
    changes: list[int] = []
    doc = habit_hand(game, "take", 7001, changes=changes)
    engine = GAMES[game].engine
    before = states(doc)
    takes = [before[i] for i, e in enumerate(doc["actions"])
             if e["seat"] == 0 and e["action"]["type"] in ("take_discard", "take_line")]
    assert changes[0] > 0
    for state in takes:  # a take only where the rules refuse the stock
        with pytest.raises(IllegalAction):
            engine.apply(state, engine.parse_action({"type": "draw_stock", "player": 0}, state))
    with pytest.raises(ValueError):
        HabitPlayer(game, "cheat", 1)


# --- the synthetic player: the coach names the injected habit first ---------------------------------

FAST = [("indian13", "stay", 3), ("vazhushal", "take", 5)]  # a small version of tools.coach_check (docs/skill.md)


@pytest.mark.parametrize("game, habit, hands", FAST)
def test_the_coach_names_the_injected_habit_first(game, habit, hands):
    """A few hands at a shallow review (4 guesses a decision, fixed seeds): the habit player's
    profiles against Medium's on the same cards put the injected habit first, above any other."""
    profiles = [insights.profile(habit_hand(game, habit, 7000 + k), 0, iterations=4, expert=False)
                for k in range(hands)]
    c = coach(profiles, fewest=hands)
    assert c.ready and c.advice and c.advice[0].key == habit, [(h.key, h.excess) for h in c.habits]


@pytest.mark.long
@pytest.mark.parametrize("habit", ["take", "declare", "stay", "discard"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_coach_names_every_injected_habit_first_in_every_game_where_it_exists(game, habit):
    from tools.coach_check import check

    got = check(game, habit, hands=12, iterations=8, seed=7000)
    assert not got["changed"] or got["named"], (got["first"], got["second"])
